/** The first answer the server puts in the app's page (server/src/http/app-page.ts). */
import { APP_ANSWER_ELEMENT_ID, type AppFirstAnswer, appFirstAnswer } from '@amora/common';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from './hooks';
import { memberKeys } from './members';

/**
 * The page's first answer; null where the server put none (Vite's dev server, a domain without a
 * site) or it does not hold to its schema.
 */
export function firstAnswerInPage(): AppFirstAnswer | null {
  const text = document.getElementById(APP_ANSWER_ELEMENT_ID)?.textContent;
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = appFirstAnswer.safeParse(value);
  if (parsed.success) return parsed.data;
  console.error("the page's first answer is outside its schema", parsed.error.issues);
  return null;
}

/**
 * What settings.php, user.php, companyinfo.php and, on the home page, its search would answer now,
 * from the page's first answer.
 */
export function keepFirstAnswer(queryClient: QueryClient, answer: AppFirstAnswer) {
  queryClient.setQueryData(queryKeys.settings, answer.settings);
  queryClient.setQueryData(queryKeys.user, answer.user);
  queryClient.setQueryData(queryKeys.companyInfo, answer.company);
  if (answer.faces) queryClient.setQueryData(memberKeys.search({}), answer.faces);
}
