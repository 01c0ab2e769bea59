/**
 * `npm run sites -- add --domain example.com --name "Example" --language nl [--country NL]` creates
 * a site with the default settings and a company of its own; `npm run sites -- list` shows them.
 * The first site of a production database is made this way (the demo seed is for development).
 */
import { parseArgs } from 'node:util';
import { SiteRefused } from '../sites/service.js';
import { failWith, withDatabase } from './tool.js';

const fail: (message: string) => never = failWith('sites');
const USAGE =
  'usage: npm run sites -- add --domain <host name> --name <site name> --language <da|de|en|…> [--country <NL|…>] | list';

function parse() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        domain: { type: 'string' },
        name: { type: 'string' },
        language: { type: 'string' },
        country: { type: 'string' },
      },
    });
  } catch (error) {
    return fail(`${(error as Error).message}\n${USAGE}`);
  }
}

const { values, positionals } = parse();
const [command] = positionals;
if (positionals.length !== 1 || (command !== 'add' && command !== 'list')) fail(USAGE);

await withDatabase(fail, async ({ services, engine, where }) => {
  if (command === 'list') {
    const sites = await services.sites.listSites();
    if (sites.length === 0) console.log(`There are no sites yet (${engine}: ${where}). Add one with: ${USAGE}`);
    for (const site of sites) {
      const aliases = site.domains.filter((domain) => domain !== site.domain);
      const also = aliases.length > 0 ? `\talso ${aliases.join(', ')}` : '';
      console.log(`${site.id}\t${site.domain}\t${site.name}\t${site.domainLanguage}${also}`);
    }
    return;
  }
  const { domain, name, language, country } = values;
  if (!domain || !name || !language) fail(USAGE);
  try {
    const site = await services.sites.createSite({ domain, name, language, country });
    await services.credits.stockSite(site, site.settings.countries);
    console.log(
      `Created site ${site.id}: ${site.name} at ${site.domain} (${site.domainLanguage}) in ${engine}: ${where}.`,
    );
    console.log(
      `Mails go out from ${site.settings.support_email}. Its company (id ${site.companyId}) has only a name so far.`,
    );
  } catch (error) {
    if (error instanceof SiteRefused) fail(error.message);
    throw error;
  }
});
