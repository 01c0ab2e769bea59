/**
 * The landers (SPEC §2): a light page of their own for ad traffic on a phone, in plain DOM code so
 * it loads a fraction of the app. The server answers the page with what the design needs (its
 * settings, faces, company line and language) and the hero photos' preload; the page then loads its
 * design and the texts of that language side by side and renders the design, which ends in the
 * signup form. Served without that answer (Vite's dev server), it asks the API for the same.
 */
import './landers.scss';
import type { CompanyInfo, LandersResponse, MemberProfile, Settings } from '@amora/common';
import { NICHE_PREFIXES } from '../../../common/src/constants';
import {
  LANDER_ANSWER_ELEMENT_ID,
  type LanderFirstAnswer,
  type LanderRoute,
  landerFacesAsked,
  landerFacesShown,
  landerRoute,
} from '../../../common/src/lander-pages';
import { rememberTracking } from '../features/accounts/tracking';
import { getJson } from './api';
import type { Lander, RenderDesign } from './context';
import { h } from './dom';
import { activeLocale, loadTranslator, type Translate } from './i18n';
import { footer, navbar, stickyJoin } from './layout';
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

const prefixOf = (settings: Settings) => NICHE_PREFIXES[settings.niche - 1] ?? '';

/** The answer the server put in the page; null when it put none (or it cannot be read). */
function answerInPage(): LanderFirstAnswer | null {
  const block = document.getElementById(LANDER_ANSWER_ELEMENT_ID);
  try {
    return block?.textContent ? (JSON.parse(block.textContent) as LanderFirstAnswer) : null;
  } catch {
    return null;
  }
}

const pageNetwork = () => new URLSearchParams(location.search).get('network') ?? undefined;

/** The faces; a lander without them still stands, so a failed call shows none. */
async function facesFor(route: LanderRoute, settings: Settings): Promise<LandersResponse> {
  const query = { count: String(landerFacesAsked(route)), place: route.slug ?? undefined, network: pageNetwork() };
  const answer = await getJson<LandersResponse>('/api/landers.php', query).catch(() => null);
  if (!answer) return { prefix: prefixOf(settings), place: null, place_kind: null, profiles: [] };
  return landerFacesShown(route, answer);
}

/** A profile lander's profile; null where the visitor may not see it (a members-only site) or it is gone. */
async function memberFor(route: LanderRoute): Promise<MemberProfile | null> {
  if (route.kind !== 'profile') return null;
  const query = { id: String(route.id), network: pageNetwork() };
  const answer = await getJson<{ profile: MemberProfile }>('/api/member.php', query).catch(() => null);
  return answer?.profile ?? null;
}

/** The first answer from the API, as the server would have put it in the page; null without settings. */
async function askFirstAnswer(route: LanderRoute): Promise<LanderFirstAnswer | null> {
  const settings = await getJson<Settings>('/api/settings.php', {
    ...Object.fromEntries(new URLSearchParams(location.search)),
    domain: location.hostname,
  }).catch(() => null);
  if (!settings) return null;
  const [company, faces, member] = await Promise.all([
    getJson<CompanyInfo>('/api/companyinfo.php'),
    facesFor(route, settings),
    memberFor(route),
  ]).catch(() => [null, null, null] as const);
  if (!company || !faces) return null;
  return { locale: activeLocale(), settings, company, faces, member };
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
  const design = DESIGNS[route.design]();
  const inPage = answerInPage();
  const texts = inPage ? loadTranslator(inPage.locale) : undefined;
  const answer = inPage ?? (await askFirstAnswer(route));
  const locale = answer?.locale ?? activeLocale();
  document.documentElement.lang = locale;
  if (!answer) {
    renderFailure(await loadTranslator(locale));
    return;
  }

  const [t, { render }] = await Promise.all([texts ?? loadTranslator(locale), design]);
  const { settings, company, faces, member } = answer;
  // A new member first meets a few members to like (/signup-matches), then completes the profile.
  const next = route.kind === 'profile' ? `/signup-matches?next=/members/${route.id}` : '/signup-matches';
  const lander: Lander = {
    t,
    locale,
    settings,
    route,
    faces: faces.profiles,
    prefix: faces.prefix,
    place: faces.place === null ? null : { name: faces.place, kind: faces.place_kind ?? 'city' },
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
