/** The first answer the server puts in the app's page (server/src/http/app-page.ts). */
import { APP_ANSWER_ELEMENT_ID, type AppFirstAnswer, HOME_FACES } from '@amora/common';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from './hooks';
import { memberKeys } from './member-keys';

/**
 * The page's first answer; null where the server put none (Vite's dev server, a domain without a
 * site). The server checked each of its parts against its schema as it wrote the page
 * (server/src/http/app-page.ts), so the first screen does not wait for zod to check it again.
 */
export function firstAnswerInPage(): AppFirstAnswer | null {
  const text = document.getElementById(APP_ANSWER_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as AppFirstAnswer;
  } catch {
    return null;
  }
}

/**
 * What settings.php, user.php, companyinfo.php and, on /members the search without filters (asked
 * as page 1), on the home page the showcase, would answer now, from the page's first answer.
 */
export function keepFirstAnswer(queryClient: QueryClient, answer: AppFirstAnswer) {
  queryClient.setQueryData(queryKeys.settings, answer.settings);
  queryClient.setQueryData(queryKeys.user, answer.user);
  queryClient.setQueryData(queryKeys.companyInfo, answer.company);
  if (answer.showcase) queryClient.setQueryData(memberKeys.showcase(HOME_FACES), answer.showcase);
  if (answer.faces) queryClient.setQueryData(memberKeys.search({ page: 1 }), answer.faces);
}
