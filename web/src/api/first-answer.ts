/** The first answer the server puts in the app's page (server/src/http/app-page.ts). */
import { APP_ANSWER_ELEMENT_ID, type AppFirstAnswer } from '@amora/common';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from './hooks';
import { memberKeys } from './members';

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
 * What settings.php, user.php, companyinfo.php and, on the home page and /members, the search
 * without filters would answer now, from the page's first answer. The home page asks for that
 * search as `{}`, /members as page 1.
 */
export function keepFirstAnswer(queryClient: QueryClient, answer: AppFirstAnswer) {
  queryClient.setQueryData(queryKeys.settings, answer.settings);
  queryClient.setQueryData(queryKeys.user, answer.user);
  queryClient.setQueryData(queryKeys.companyInfo, answer.company);
  if (!answer.faces) return;
  queryClient.setQueryData(memberKeys.search({}), answer.faces);
  queryClient.setQueryData(memberKeys.search({ page: 1 }), answer.faces);
}
