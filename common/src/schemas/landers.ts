import { z } from 'zod';
import { LANDER_PROFILES_DEFAULT, LANDER_PROFILES_MAX, NICHE_PREFIXES } from '../constants.js';
import { wholeNumber } from './ids.js';
import { profileCard } from './members.js';
import { text } from './text.js';

/**
 * GET /api/landers.php: the faces a marketing lander shows. `place` is the lander's slug; when it
 * names a city or region of the site (`amsterdam`, `noord-holland`) profiles there come first.
 */
export const landersQuery = z.object({
  count: wholeNumber(1, LANDER_PROFILES_MAX).default(LANDER_PROFILES_DEFAULT),
  place: text().max(100, 'too_long').optional(),
  /**
   * The traffic source of the page's address, for sites that show visitors profiles only when they
   * came with one (the lander asks at once, beside settings.php, which keeps it in a cookie).
   */
  network: text().max(100, 'too_long').optional(),
});
export type LandersQuery = z.infer<typeof landersQuery>;

/** The site's niche as the lander prefix of SPEC §9 ('' for none). */
export const landerPrefix = z.enum(NICHE_PREFIXES);
export type LanderPrefix = z.infer<typeof landerPrefix>;

/**
 * The niche's prefix, the place the slug named (its name as the data set writes it, null when it
 * named none), whether that place is a city or a whole region (headlines say them differently), and
 * the profiles: none where the site does not let this visitor browse.
 */
export const landersResponse = z.object({
  prefix: landerPrefix,
  place: z.string().nullable(),
  place_kind: z.enum(['city', 'region']).nullable(),
  profiles: z.array(profileCard),
});
export type LandersResponse = z.infer<typeof landersResponse>;
