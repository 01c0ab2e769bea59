/**
 * The web app's pages: web/dist/index.html with the app's first answer in it (common/src/app-page.ts),
 * what settings.php, user.php and companyinfo.php would answer this visitor and the texts of the
 * visitor's language, so the first screen renders after the page and its scripts.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  APP_ANSWER_ELEMENT_ID,
  FACES_PRELOADED,
  FALLBACK_LOCALE,
  hasEveryText,
  isWebPath,
  LOCALES,
  type Locale,
  PAGE_SCRIPTS_FILE,
  pageLocales,
  photoUrl,
  type SearchResponse,
  type Settings,
  WEB_NAMESPACES,
  WEB_PATHS,
} from '@amora/common';
import { companyInfo, searchQuery, searchResponse, user } from '@amora/common/schemas';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { DomainError } from '../errors.js';
import { countryOfAddress } from '../geo/service.js';
import { readCatalogue } from '../i18n.js';
import type { Services } from '../services.js';
import { settingsJson } from '../sites/routes.js';
import { pageWithAnswer, photoPreloads, scriptPreloads, scriptSafe } from './entry-page.js';

/** Each of the router's paths and the scripts its page loads beyond the app's (web/page-scripts.ts). */
export type PageScripts = Record<string, readonly string[]>;

/** The build's page scripts; none from a build without the list. */
export function readPageScripts(webDist: string): PageScripts {
  const file = path.join(webDist, PAGE_SCRIPTS_FILE);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as PageScripts) : {};
}

interface PageTexts {
  /** The language's web catalogues as one script-safe JSON object text. */
  json: string;
  /** Whether it has every text of the fallback language, which the page then leaves out. */
  complete: boolean;
}

/** Each language's web catalogues, made once at start. */
function textsByLocale(): Map<Locale, PageTexts> {
  const cataloguesOf = (locale: Locale) =>
    Object.fromEntries(WEB_NAMESPACES.map((ns) => [ns, readCatalogue(locale, ns)]));
  const fallback = cataloguesOf(FALLBACK_LOCALE);
  return new Map(
    LOCALES.map((locale) => {
      const catalogues = cataloguesOf(locale);
      return [locale, { json: scriptSafe(JSON.stringify(catalogues)), complete: hasEveryText(catalogues, fallback) }];
    }),
  );
}

/**
 * Whether the page opens with members.php's answer to the search without filters: the home page's
 * faces (web/src/pages/home) and /members before any filter or page is chosen.
 */
function opensWithFaces(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  if (route === '/') return true;
  return route === '/members' && Object.keys(request.query as object).every((key) => key === 'network');
}

/** members.php's answer to the search without filters, or none where it is refused. */
async function faces(services: Services, request: FastifyRequest): Promise<SearchResponse | undefined> {
  const query = { ...searchQuery.parse({}), network: request.trafficSource };
  return services.search.search(request.site, request.viewer, query).catch((error: unknown) => {
    if (error instanceof DomainError) return undefined;
    throw error;
  });
}

/** The photos of the faces a phone shows first, so they load beside the scripts. */
function facePhotos(settings: Settings, faces: SearchResponse | undefined): string[] {
  return (faces?.profiles ?? [])
    .slice(0, FACES_PRELOADED)
    .flatMap((face) => (face.main_image ? [photoUrl(settings, face.main_image, 'thumb')] : []));
}

/** The page with its first answer as script-safe JSON; the catalogues are spliced in as made at start. */
async function pageFor(
  { template, services, pageScripts }: AppPageOptions,
  request: FastifyRequest,
  texts: Map<Locale, PageTexts>,
) {
  const { site, locale } = request;
  const [settings, company, member, firstFaces] = await Promise.all([
    services.sites.settingsFor(site, countryOfAddress(request.ip)),
    services.sites.companyInfo(site),
    services.accounts.presentActive(request.sessionUser, site),
    opensWithFaces(request) ? faces(services, request) : undefined,
  ]);
  const catalogues = pageLocales(locale, { complete: texts.get(locale)?.complete ?? false }).map(
    (each) => `${JSON.stringify(each)}:${texts.get(each)?.json}`,
  );
  const facesJson = firstFaces ? `,"faces":${scriptSafe(JSON.stringify(searchResponse.parse(firstFaces)))}` : '';
  const json =
    `{"locale":${JSON.stringify(locale)},"settings":${scriptSafe(settingsJson(settings))}` +
    `,"user":${scriptSafe(JSON.stringify(user.nullable().parse(member)))}` +
    `,"company":${scriptSafe(JSON.stringify(companyInfo.parse(company)))},"catalogues":{${catalogues.join(',')}}${facesJson}}`;
  return pageWithAnswer(template, {
    locale,
    id: APP_ANSWER_ELEMENT_ID,
    json,
    headEnd:
      scriptPreloads(pageScripts[request.routeOptions.url ?? ''] ?? []) +
      photoPreloads(facePhotos(settings, firstFaces)),
  });
}

interface AppPageOptions {
  services: Services;
  /** The built index.html. */
  template: string;
  pageScripts: PageScripts;
}

/** Answers the paths of common/src/web-routes.ts. */
export const appPageRoutes: FastifyPluginAsync<AppPageOptions> = async (app, options) => {
  const texts = textsByLocale();
  for (const pattern of WEB_PATHS) {
    app.get(pattern, { schema: { hide: true }, config: { entryPage: true } }, async (request, reply) => {
      // Parameters with a closed list of values (a static page's slug) are checked here.
      if (!isWebPath(request.url.split('?')[0] ?? '/')) return reply.callNotFound();
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      // A domain with no site still gets the page, which then shows its failure in the browser.
      if (!request.site) return options.template;
      return pageFor(options, request, texts);
    });
  }
};
