/**
 * The web app's pages: web/dist/index.html with the app's first answer in it (common/src/app-page.ts),
 * what settings.php, user.php and companyinfo.php would answer this visitor and the texts of the
 * visitor's language, so the first screen renders after the page and its scripts.
 */
import {
  APP_ANSWER_ELEMENT_ID,
  companyInfo,
  HOME_FACES_PRELOADED,
  isWebPath,
  LOCALES,
  type Locale,
  pageLocales,
  photoUrl,
  type SearchResponse,
  type Settings,
  searchQuery,
  searchResponse,
  user,
  WEB_NAMESPACES,
  WEB_PATHS,
} from '@amora/common';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { DomainError } from '../errors.js';
import { countryOfAddress } from '../geo/service.js';
import { readCatalogue } from '../i18n.js';
import type { Services } from '../services.js';
import { settingsJson } from '../sites/routes.js';
import { pageWithAnswer, photoPreloads, scriptSafe } from './entry-page.js';

/** Each language's web catalogues as one script-safe JSON object text, made once at start. */
function cataloguesByLocale(): Map<Locale, string> {
  return new Map(
    LOCALES.map((locale) => {
      const texts = Object.fromEntries(WEB_NAMESPACES.map((ns) => [ns, readCatalogue(locale, ns)]));
      return [locale, scriptSafe(JSON.stringify(texts))];
    }),
  );
}

/** The home page's faces: members.php's answer to its search (web/src/pages/home), or none where it is refused. */
async function homeFaces(services: Services, request: FastifyRequest): Promise<SearchResponse | undefined> {
  const query = { ...searchQuery.parse({}), network: request.trafficSource };
  return services.search.search(request.site, request.viewer, query).catch((error: unknown) => {
    if (error instanceof DomainError) return undefined;
    throw error;
  });
}

/** The photos of the faces a phone shows first, so they load beside the scripts. */
function facePhotos(settings: Settings, faces: SearchResponse | undefined): string[] {
  return (faces?.profiles ?? [])
    .slice(0, HOME_FACES_PRELOADED)
    .flatMap((face) => (face.main_image ? [photoUrl(settings, face.main_image, 'thumb')] : []));
}

/** The page with its first answer as script-safe JSON; the catalogues are spliced in as made at start. */
async function pageFor(template: string, services: Services, request: FastifyRequest, catalogues: Map<Locale, string>) {
  const { site, locale } = request;
  const home = request.routeOptions.url === '/';
  const [settings, company, member, faces] = await Promise.all([
    services.sites.settingsFor(site, countryOfAddress(request.ip)),
    services.sites.companyInfo(site),
    services.accounts.presentActive(request.sessionUser, site),
    home ? homeFaces(services, request) : undefined,
  ]);
  const texts = pageLocales(locale).map((each) => `${JSON.stringify(each)}:${catalogues.get(each)}`);
  const facesJson = faces ? `,"faces":${scriptSafe(JSON.stringify(searchResponse.parse(faces)))}` : '';
  const json =
    `{"locale":${JSON.stringify(locale)},"settings":${scriptSafe(settingsJson(settings))}` +
    `,"user":${scriptSafe(JSON.stringify(user.nullable().parse(member)))}` +
    `,"company":${scriptSafe(JSON.stringify(companyInfo.parse(company)))},"catalogues":{${texts.join(',')}}${facesJson}}`;
  return pageWithAnswer(template, {
    locale,
    id: APP_ANSWER_ELEMENT_ID,
    json,
    headEnd: photoPreloads(facePhotos(settings, faces)),
  });
}

/** Answers the paths of common/src/web-routes.ts; `template` is the built index.html. */
export const appPageRoutes: FastifyPluginAsync<{ services: Services; template: string }> = async (
  app,
  { services, template },
) => {
  const catalogues = cataloguesByLocale();
  for (const pattern of WEB_PATHS) {
    app.get(pattern, { schema: { hide: true }, config: { entryPage: true } }, async (request, reply) => {
      // Parameters with a closed list of values (a static page's slug) are checked here.
      if (!isWebPath(request.url.split('?')[0] ?? '/')) return reply.callNotFound();
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      // A domain with no site still gets the page, which then shows its failure in the browser.
      if (!request.site) return template;
      return pageFor(template, services, request, catalogues);
    });
  }
};
