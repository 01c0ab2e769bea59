/** Which lander the address asks for (common/src/web-routes.ts lists the paths the server answers with this page). */
import { LANDER_DESIGNS, type LanderDesign } from '../../../common/src/web-routes';

export const PROFILE_LANDERS = ['landing', 'signup', 'landing2', 'landing3'] as const;
export type ProfileLander = (typeof PROFILE_LANDERS)[number];

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
