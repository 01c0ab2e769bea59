/**
 * The landers (SPEC §2): a light page of their own for ad traffic on a phone, in plain DOM code so
 * it loads a fraction of the app. At once it asks settings.php (which sets the language cookie on a
 * first visit), the faces, the company line and its design; then the texts of the language the
 * cookie names; then it renders the design, which ends in the signup form.
 */
import './landers.scss';
import type { CompanyInfo, LandersResponse, MemberProfile, Settings } from '@amora/common';
import { NICHE_PREFIXES } from '../../../common/src/constants';
import { rememberTracking } from '../pages/accounts/tracking';
import { getJson } from './api';
import type { Lander, RenderDesign } from './context';
import { h } from './dom';
import { preloadPhoto } from './faces';
import { activeLocale, cookieLocale, loadTranslator, preload, type Translate } from './i18n';
import { footer, navbar, stickyJoin } from './layout';
import { type LanderRoute, landerRoute } from './route';
import { createSignup } from './signup';

type DesignName = LanderRoute['design'];

const DESIGNS: Record<DesignName, () => Promise<{ render: RenderDesign }>> = {
  tinderswipe: () => import('./designs/tinderswipe'),
  alonetonight: () => import('./designs/alonetonight'),
  collagelanding: () => import('./designs/collage'),
  gallery: () => import('./designs/gallery'),
  iconslanding: () => import('./designs/icons'),
  maplanding: () => import('./designs/map'),
  socialnetwork: () => import('./designs/social'),
  transitionsvideolanding: () => import('./designs/slideshow'),
  video: () => import('./designs/video'),
  landing: () => import('./designs/profile-landing'),
  signup: () => import('./designs/profile-signup'),
  landing2: () => import('./designs/profile-duo'),
  landing3: () => import('./designs/profile-chat'),
};

/** How many faces each design shows. */
const FACES: Record<DesignName, number> = {
  tinderswipe: 12,
  alonetonight: 12,
  collagelanding: 24,
  gallery: 24,
  iconslanding: 12,
  maplanding: 10,
  socialnetwork: 8,
  transitionsvideolanding: 8,
  video: 8,
  landing: 6,
  signup: 6,
  landing2: 6,
  landing3: 6,
};

const prefixOf = (settings: Settings) => NICHE_PREFIXES[settings.niche - 1] ?? '';

/** The photos at the top of each design: fetched as soon as the faces are known, before the texts. */
const HERO: Record<DesignName, { size: 'thumb' | 'full'; count: number }> = {
  tinderswipe: { size: 'full', count: 2 },
  alonetonight: { size: 'thumb', count: 3 },
  collagelanding: { size: 'thumb', count: 8 },
  gallery: { size: 'thumb', count: 4 },
  iconslanding: { size: 'thumb', count: 6 },
  maplanding: { size: 'thumb', count: 4 },
  socialnetwork: { size: 'full', count: 1 },
  transitionsvideolanding: { size: 'full', count: 1 },
  video: { size: 'full', count: 1 },
  landing: { size: 'thumb', count: 0 },
  signup: { size: 'thumb', count: 0 },
  landing2: { size: 'thumb', count: 0 },
  landing3: { size: 'thumb', count: 0 },
};

/**
 * The faces; a lander without them still stands, so a failed call shows none. It is asked at once,
 * beside settings.php, with the page's traffic source (which settings.php is about to keep).
 */
async function facesFor(route: LanderRoute): Promise<LandersResponse | null> {
  const wanted = FACES[route.design];
  // A profile lander asks one more, as the profile itself may be among them and is left out.
  const count = route.kind === 'profile' ? wanted + 1 : wanted;
  const network = new URLSearchParams(location.search).get('network') ?? undefined;
  const query = { count: String(count), place: route.slug ?? undefined, network };
  const answer = await getJson<LandersResponse>('/api/landers.php', query).catch(() => null);
  if (!answer) return null;
  const others = route.kind === 'profile' ? answer.profiles.filter((face) => face.id !== route.id) : answer.profiles;
  return { ...answer, profiles: others.slice(0, wanted) };
}

/** A profile lander's profile; null where the visitor may not see it (a members-only site) or it is gone. */
async function memberFor(route: LanderRoute): Promise<MemberProfile | null> {
  if (route.kind !== 'profile') return null;
  const network = new URLSearchParams(location.search).get('network') ?? undefined;
  const answer = await getJson<{ profile: MemberProfile }>('/api/member.php', { id: String(route.id), network }).catch(
    () => null,
  );
  return answer?.profile ?? null;
}

/** Starts loading the photos the design shows first, while its texts are still on their way. */
async function preloadHero(
  route: LanderRoute,
  settings: Promise<Settings | null>,
  faces: Promise<LandersResponse | null>,
  member: Promise<MemberProfile | null>,
) {
  const [site, answer, profile] = await Promise.all([settings, faces, member]);
  if (!site) return;
  const { size, count } = HERO[route.design];
  if (profile?.main_image) preloadPhoto(site, profile.main_image, 'full');
  for (const face of answer?.profiles.slice(0, count) ?? []) {
    if (face.main_image) preloadPhoto(site, face.main_image, size);
  }
}

function renderFailure(t: Translate) {
  const root = document.getElementById('lander') as HTMLElement;
  root.replaceChildren(
    h(
      'main',
      { class: 'lander-failure', id: 'main' },
      h('h1', {}, t('failure.title')),
      h('p', {}, t('errors:server_error')),
      h('a', { class: 'button button-primary', href: location.href }, t('failure.retry')),
    ),
  );
}

async function start() {
  rememberTracking(location.search);
  const route = landerRoute(location.pathname);
  // A returning visitor's language is known already: its texts and the design load meanwhile.
  const known = cookieLocale();
  const earlyTexts = known ? preload(known) : undefined;
  const design = DESIGNS[route.design]();

  const settingsCall = getJson<Settings>('/api/settings.php', {
    ...Object.fromEntries(new URLSearchParams(location.search)),
    domain: location.hostname,
  }).catch(() => null);
  const facesCall = facesFor(route);
  const memberCall = memberFor(route);
  const companyCall = getJson<CompanyInfo>('/api/companyinfo.php').catch(() => null);
  void preloadHero(route, settingsCall, facesCall, memberCall);

  const settings = await settingsCall;
  const locale = activeLocale();
  document.documentElement.lang = locale;
  const texts = loadTranslator(locale, locale === known ? earlyTexts : undefined);
  if (!settings) {
    renderFailure(await texts);
    return;
  }

  const [t, company, answer, member, { render }] = await Promise.all([
    texts,
    companyCall,
    facesCall,
    memberCall,
    design,
  ]);
  const faces = answer ?? { prefix: prefixOf(settings), place: null, profiles: [] };
  const next = route.kind === 'profile' ? `/complete-signup?next=/members/${route.id}` : '/complete-signup';
  const lander: Lander = {
    t,
    locale,
    settings,
    route,
    faces: faces.profiles,
    prefix: faces.prefix,
    place: faces.place,
    member,
    signup: createSignup({ t, locale, settings, next }),
  };

  const view = render(lander);
  document.title = `${view.title} · ${settings.name}`;
  view.main.id = 'main';
  view.main.classList.add('lander-main');
  const root = document.getElementById('lander') as HTMLElement;
  root.classList.toggle('lander-dark', Boolean(view.dark));
  root.replaceChildren(navbar(lander, view.dark), view.main, footer(lander, company));
  const join = stickyJoin(lander, view.main);
  if (join) root.append(join);
}

void start();
