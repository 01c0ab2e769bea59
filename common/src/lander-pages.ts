/**
 * A lander page (SPEC §2): which design its path asks for, how many faces it shows and which
 * photos it shows first. The server answers the page with everything the design needs (the
 * lander's first answer), so a phone on a slow network waits for one round trip, not four.
 */

import type { Locale } from './constants.js';
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

/** How many faces each design shows (a profile lander's own profile not counted). */
export const LANDER_FACES: Record<LanderPageDesign, number> = {
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

/** The photos at the top of each design, which the page asks for before anything else. */
export const LANDER_HERO: Record<LanderPageDesign, { size: 'thumb' | 'full'; count: number }> = {
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

/** A photo's address on the site's photo host, square thumbnail or whole. */
export function photoUrl(settings: Pick<Settings, 'cdn_prefix'>, image: Image, size: 'thumb' | 'full'): string {
  const prefix = settings.cdn_prefix.replace(/\/$/, '');
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
