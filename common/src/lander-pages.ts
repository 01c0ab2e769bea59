/**
 * A lander page (SPEC §2): which design its path asks for, how many faces it shows and which
 * photos it shows first. The server answers the page with everything the design needs (the
 * lander's first answer), so a phone on a slow network waits for one round trip, not four.
 */

import { type Locale, MEDIA_PATH } from './constants.js';
import type { LandersResponse } from './schemas/landers.js';
import type { Image, MemberProfile } from './schemas/members.js';
import type { CompanyInfo, Settings } from './schemas/sites.js';
import { LANDER_DESIGNS, type LanderDesign } from './web-routes.js';

export const PROFILE_LANDERS = ['landing', 'signup', 'landing2', 'landing3'] as const;
export type ProfileLander = (typeof PROFILE_LANDERS)[number];
export type LanderPageDesign = LanderDesign | ProfileLander;

export type LanderRoute =
  | { kind: 'design'; design: LanderDesign; slug: string | null }
  | { kind: 'profile'; design: ProfileLander; id: number; slug: string | null };

function segments(pathname: string): string[] {
  try {
    return pathname.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return [];
  }
}

const isDesign = (value: string | undefined): value is LanderDesign =>
  value === 'tinderswipe' || (LANDER_DESIGNS as readonly string[]).includes(value ?? '');
const isProfileLander = (value: string | undefined): value is ProfileLander =>
  (PROFILE_LANDERS as readonly string[]).includes(value ?? '');

/** The lander of a path; an unknown one shows the gallery, the plainest design. */
export function landerRoute(pathname: string): LanderRoute {
  const [first, second, third, fourth] = segments(pathname);
  if (first === 'members' && isProfileLander(third) && /^\d{1,9}$/.test(second ?? '')) {
    return { kind: 'profile', design: third, id: Number(second), slug: fourth ?? null };
  }
  if (first === 'landers' && isDesign(second)) {
    return { kind: 'design', design: second, slug: second === 'tinderswipe' ? null : (third ?? null) };
  }
  return { kind: 'design', design: 'gallery', slug: null };
}

/**
 * What each design shows: how many faces (a profile lander's own profile not counted) and the
 * photos at its top, which the page asks for before anything else.
 */
export const LANDER_SHOWS: Record<
  LanderPageDesign,
  { faces: number; hero: { size: 'thumb' | 'full'; count: number } }
> = {
  tinderswipe: { faces: 12, hero: { size: 'full', count: 2 } },
  alonetonight: { faces: 12, hero: { size: 'thumb', count: 3 } },
  collagelanding: { faces: 24, hero: { size: 'thumb', count: 8 } },
  gallery: { faces: 24, hero: { size: 'thumb', count: 4 } },
  iconslanding: { faces: 12, hero: { size: 'thumb', count: 6 } },
  maplanding: { faces: 10, hero: { size: 'thumb', count: 4 } },
  socialnetwork: { faces: 8, hero: { size: 'full', count: 1 } },
  transitionsvideolanding: { faces: 8, hero: { size: 'full', count: 1 } },
  video: { faces: 8, hero: { size: 'full', count: 1 } },
  landing: { faces: 6, hero: { size: 'thumb', count: 0 } },
  signup: { faces: 6, hero: { size: 'thumb', count: 0 } },
  landing2: { faces: 6, hero: { size: 'thumb', count: 0 } },
  landing3: { faces: 6, hero: { size: 'thumb', count: 0 } },
};

/** How many faces to ask landers.php for: a profile lander one more, as its own profile may be among them. */
export function landerFacesAsked(route: LanderRoute): number {
  const shown = LANDER_SHOWS[route.design].faces;
  return route.kind === 'profile' ? shown + 1 : shown;
}

/** The faces a design shows of landers.php's answer: without a profile lander's own profile, as many as it shows. */
export function landerFacesShown(route: LanderRoute, answer: LandersResponse): LandersResponse {
  const others = route.kind === 'profile' ? answer.profiles.filter((face) => face.id !== route.id) : answer.profiles;
  return { ...answer, profiles: others.slice(0, LANDER_SHOWS[route.design].faces) };
}

/** A photo's address, square thumbnail or whole: on the site's photo host when public, else the app's /media. */
export function photoUrl(settings: Pick<Settings, 'cdn_prefix'>, image: Image, size: 'thumb' | 'full'): string {
  const prefix = image.public ? settings.cdn_prefix.replace(/\/$/, '') : MEDIA_PATH;
  return `${prefix}/${size === 'thumb' ? image.thumb_filename : image.filename}`;
}

/**
 * What a lander renders from: settings.php's, companyinfo.php's and landers.php's answers, and on a
 * profile lander member.php's (null where the visitor may not see the profile), in `locale`.
 */
export interface LanderFirstAnswer {
  locale: Locale;
  settings: Settings;
  company: CompanyInfo;
  faces: LandersResponse;
  member: MemberProfile | null;
}

/** The id of the page's JSON block that carries the first answer. */
export const LANDER_ANSWER_ELEMENT_ID = 'lander-answer';
