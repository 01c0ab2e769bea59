/**
 * The web app's pages: web/dist/index.html with the app's first answer in it (common/src/app-page.ts),
 * what settings.php, user.php and companyinfo.php would answer this visitor and the texts of the
 * visitor's language, so the first screen renders after the page and its scripts. A visitor's
 * entry pages come with their first screen rendered (web/src/render.tsx), so it shows with the page.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  APP_ANSWER_ELEMENT_ID,
  type AppFirstAnswer,
  FACES_PRELOADED,
  FALLBACK_LOCALE,
  FIRST_SCREEN_RENDER_FILE,
  HOME_FACES,
  hasEveryText,
  isWebPath,
  LOCALES,
  type Locale,
  PAGE_SCRIPTS_FILE,
  type ProfileCard,
  pageLocales,
  photoUrl,
  type SearchResponse,
  type Settings,
  WEB_NAMESPACES,
  WEB_PATHS,
} from '@amora/common';
import {
  companyInfo,
  profileCard,
  type RenderFirstScreen,
  searchQuery,
  searchResponse,
  user,
} from '@amora/common/schemas';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { countryOfAddress } from '../geo/service.js';
import { BoundedCache } from '../platform/cache.js';
import { DomainError } from '../platform/errors.js';
import { readCatalogue } from '../platform/i18n.js';
import { settingsJson } from '../sites/routes.js';
import { pageWithAnswer, photoPreloads, scriptPreloads, scriptSafe } from './entry-page.js';

/** The services the app decorates itself with (app.ts). */
type Services = FastifyInstance['services'];

/** Each of the router's paths and the scripts its page loads beyond the app's (web/page-scripts.ts). */
export type PageScripts = Record<string, readonly string[]>;

/** The build's page scripts; none from a build without the list. */
export function readPageScripts(webDist: string): PageScripts {
  const file = path.join(webDist, PAGE_SCRIPTS_FILE);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as PageScripts) : {};
}

/** The build's render of the first screen; none from a build without it. */
export async function readFirstScreenRender(webDist: string): Promise<RenderFirstScreen | undefined> {
  const file = path.join(webDist, FIRST_SCREEN_RENDER_FILE);
  if (!fs.existsSync(file)) return undefined;
  const { renderFirstScreen } = (await import(pathToFileURL(file).href)) as { renderFirstScreen: RenderFirstScreen };
  return renderFirstScreen;
}

interface PageTexts {
  catalogues: NonNullable<AppFirstAnswer['catalogues'][Locale]>;
  /** The same as one script-safe JSON object text. */
  json: string;
  /** Whether it has every text of the fallback language, which the page then leaves out. */
  complete: boolean;
}

/** Each language's web catalogues, made once at start. */
function textsByLocale(): Map<Locale, PageTexts> {
  const cataloguesOf = (locale: Locale) =>
    Object.fromEntries(WEB_NAMESPACES.map((ns) => [ns, readCatalogue(locale, ns)])) as PageTexts['catalogues'];
  const fallback = cataloguesOf(FALLBACK_LOCALE);
  return new Map(
    LOCALES.map((locale) => {
      const catalogues = cataloguesOf(locale);
      const json = scriptSafe(JSON.stringify(catalogues));
      return [locale, { catalogues, json, complete: hasEveryText(catalogues, fallback) }];
    }),
  );
}

/** Whether the page opens with members.php's answer to the search without filters: /members before any filter or page is chosen. */
function opensWithFaces(request: FastifyRequest): boolean {
  return (
    request.routeOptions.url === '/members' && Object.keys(request.query as object).every((key) => key === 'network')
  );
}

/** The home page's faces (web/src/features/home): the site's showcase, as landers.php answers it. */
async function showcase(services: Services, request: FastifyRequest): Promise<ProfileCard[]> {
  const answer = await services.landers.profiles(
    request.site,
    request.trafficSource,
    { count: HOME_FACES },
    request.viewer,
  );
  return answer.profiles;
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
function facePhotos(settings: Settings, faces: ProfileCard[]): string[] {
  return faces
    .slice(0, FACES_PRELOADED)
    .flatMap((face) => (face.main_image ? [photoUrl(settings, face.main_image, 'thumb')] : []));
}

/**
 * Whether the server renders the page's first screen: a visitor's, on the pages a visitor enters by
 * whose first answer holds all they show. A member's first screen is drawn by the browser.
 */
function rendersFirstScreen(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  return request.sessionUser === null && (route === '/pages/:page' || route === '/' || opensWithFaces(request));
}

/** How long a rendered first screen is kept, as long as the site's settings are. */
const SCREEN_CACHE_MS = 30_000;
/** About 5 MB: a /members screen and its key are some 50 KB. */
const SCREEN_CACHE_ENTRIES = 100;

/** The first screen of a path (with its query) drawn from a first answer, `answers` its JSON text. */
type FirstScreens = (path: string, answers: string, answer: () => AppFirstAnswer) => Promise<string | null>;

/**
 * First screens kept by path and first answer, each rendered once while kept: visitors of one site
 * and language mostly get the same answer, and a /members screen costs milliseconds to render.
 */
function keptScreens(render: RenderFirstScreen): FirstScreens {
  const kept = new BoundedCache<string, Promise<string | null>>(SCREEN_CACHE_ENTRIES);
  return (path, answers, answer) => {
    const key = `${path}\n${answers}`;
    const cached = kept.get(key);
    if (cached) return cached;
    const screen = render(path, answer());
    kept.set(key, screen, SCREEN_CACHE_MS);
    screen.catch(() => kept.delete(key));
    return screen;
  };
}

/** The first screen's HTML; none where it fails to render, and the browser draws it as it would without. */
async function firstScreen(
  screens: FirstScreens,
  request: FastifyRequest,
  answers: string,
  answer: () => AppFirstAnswer,
) {
  try {
    return (await screens(request.url, answers, answer)) ?? '';
  } catch (error) {
    request.log.error({ err: error }, 'the first screen failed to render');
    return '';
  }
}

/**
 * The page with its first answer as script-safe JSON (the catalogues spliced in as made at start)
 * and, where the server renders it, its first screen.
 */
async function pageFor(
  services: Services,
  { pageScripts }: AppPageOptions,
  request: FastifyRequest,
  { texts, templates, screens }: { texts: Map<Locale, PageTexts>; templates: Templates; screens?: FirstScreens },
) {
  const { site, locale } = request;
  const [settings, company, member, firstFaces, homeFaces] = await Promise.all([
    services.sites.settingsFor(site, countryOfAddress(request.ip)),
    services.sites.companyInfo(site),
    services.accounts.presentActive(request.sessionUser, site),
    opensWithFaces(request) ? faces(services, request) : undefined,
    request.routeOptions.url === '/' ? showcase(services, request) : undefined,
  ]);
  const locales = pageLocales(locale, { complete: texts.get(locale)?.complete ?? false });
  const facesJson = firstFaces ? `,"faces":${scriptSafe(JSON.stringify(searchResponse.parse(firstFaces)))}` : '';
  const showcaseJson = homeFaces
    ? `,"showcase":${scriptSafe(JSON.stringify(z.array(profileCard).parse(homeFaces)))}`
    : '';
  const answers =
    `{"locale":${JSON.stringify(locale)},"settings":${scriptSafe(settingsJson(settings))}` +
    `,"user":${scriptSafe(JSON.stringify(user.nullable().parse(member)))}` +
    `,"company":${scriptSafe(JSON.stringify(companyInfo.parse(company)))}${facesJson}${showcaseJson}`;
  const cataloguesJson = locales.map((each) => `${JSON.stringify(each)}:${texts.get(each)?.json}`).join(',');
  const screen =
    screens && rendersFirstScreen(request)
      ? await firstScreen(screens, request, answers, () => ({
          ...(JSON.parse(`${answers}}`) as Omit<AppFirstAnswer, 'catalogues'>),
          catalogues: Object.fromEntries(locales.map((each) => [each, texts.get(each)?.catalogues])),
        }))
      : '';
  const pagePreloads = scriptPreloads(pageScripts[request.routeOptions.url ?? ''] ?? []);
  const photos = photoPreloads(facePhotos(settings, homeFaces ?? firstFaces?.profiles ?? []));
  return pageWithAnswer(screen ? templates.withoutScripts : templates.asBuilt, {
    locale,
    id: APP_ANSWER_ELEMENT_ID,
    json: `${answers},"catalogues":{${cataloguesJson}}}`,
    screen,
    headEnd: screen ? scriptsAfterLoad(templates.scripts + pagePreloads) + photos : pagePreloads + photos,
  });
}

interface AppPageOptions {
  /** The built index.html. */
  template: string;
  pageScripts: PageScripts;
  renderFirstScreen?: RenderFirstScreen;
}

interface Templates {
  asBuilt: string;
  /** The same without the app's scripts, which `scripts` holds. */
  withoutScripts: string;
  scripts: string;
}

const APP_SCRIPTS = /<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>/g;

function templatesOf(template: string): Templates {
  const scripts = template.match(APP_SCRIPTS)?.join('') ?? '';
  return { asBuilt: template, withoutScripts: template.replace(APP_SCRIPTS, ''), scripts };
}

/**
 * A rendered screen shows, and its links work, without the app's scripts: they wait in a template
 * until the page and its photos have loaded (web/src/load-app.ts), so that a phone spends its
 * bandwidth and processor on the screen first.
 */
const scriptsAfterLoad = (scripts: string) =>
  `<template id="app-scripts">${scripts}</template><script src="/load-app.js" defer></script>`;

/** Answers the paths of common/src/web-routes.ts. */
export const appPageRoutes: FastifyPluginAsync<AppPageOptions> = async (app, options) => {
  const texts = textsByLocale();
  const templates = templatesOf(options.template);
  const screens = options.renderFirstScreen && keptScreens(options.renderFirstScreen);
  for (const pattern of WEB_PATHS) {
    app.get(pattern, { schema: { hide: true }, config: { entryPage: true } }, async (request, reply) => {
      // Parameters with a closed list of values (a static page's slug) are checked here.
      if (!isWebPath(request.url.split('?')[0] ?? '/')) return reply.callNotFound();
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      // A domain with no site still gets the page, which then shows its failure in the browser.
      if (!request.site) return options.template;
      return pageFor(app.services, options, request, { texts, templates, screens });
    });
  }
};
