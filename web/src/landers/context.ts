/** What every design gets: the texts, the site, the faces and the signup form to place. */
import type { LanderPrefix, Locale, MemberProfile, ProfileCard, Settings } from '@amora/common';
import type { LanderRoute } from '../../../common/src/lander-pages';
import type { Translate } from './i18n';
import type { Signup } from './signup';

export interface Lander {
  t: Translate;
  locale: Locale;
  settings: Settings;
  route: LanderRoute;
  /** The niche's faces (none where the site does not let this visitor browse). */
  faces: ProfileCard[];
  prefix: LanderPrefix;
  /** The place the slug named, as the data set writes it, and whether it is a city or a region. */
  place: { name: string; kind: 'city' | 'region' } | null;
  /** A profile lander's profile, when the visitor may see it. */
  member: MemberProfile | null;
  signup: Signup;
}

/** A design makes the lander's main content and says what the page is called. */
export interface DesignView {
  title: string;
  main: HTMLElement;
  /** Dark designs get the dark navigation bar. */
  dark?: boolean;
}
export type RenderDesign = (lander: Lander) => DesignView;

/** Whom the site is for, as a heading says it: "Singles", "Women", "Gay men"… */
const audience = ({ t, prefix }: Lander) => t(`audience.${prefix || 'none'}`);

/**
 * "Singles near you", or "Singles in Amsterdam" when the slug named a place. A region has its own
 * wording where a language says it otherwise ("à Paris" but "dans la région Bretagne").
 */
export function headline(lander: Lander): string {
  const who = audience(lander);
  if (!lander.place) return lander.t('headline.near', { audience: who });
  const key = lander.place.kind === 'region' ? 'headline.inRegion' : 'headline.in';
  return lander.t(key, { audience: who, place: lander.place.name });
}
