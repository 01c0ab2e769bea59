/** The app's first answer, which the server puts in the web app's page (common/src/app-page.ts). */
import { z } from 'zod';
import { WEB_NAMESPACES } from '../constants.js';
import { localeField, user } from './accounts.js';
import { profileCard, searchResponse } from './members.js';
import { companyInfo, settings } from './sites.js';

const catalogue = z.record(z.string(), z.unknown());

/**
 * settings.php's, user.php's and companyinfo.php's answers for this visitor, the web catalogues
 * of each of `pageLocales(locale)`, on /members without filters members.php's answer to the search
 * without filters (`faces`; absent where this visitor may not search), and on the home page its
 * showcase (`showcase`: landers.php's faces, HOME_FACES of them).
 */
export const appFirstAnswer = z.object({
  locale: localeField,
  settings,
  user: user.nullable(),
  company: companyInfo,
  catalogues: z.partialRecord(localeField, z.record(z.enum(WEB_NAMESPACES), catalogue)),
  faces: searchResponse.optional(),
  showcase: z.array(profileCard).optional(),
});
export type AppFirstAnswer = z.infer<typeof appFirstAnswer>;

/** The HTML of `path`'s first screen (with its query) as the app draws it from `answer`; null for a redirect. */
export type RenderFirstScreen = (path: string, answer: AppFirstAnswer) => Promise<string | null>;
