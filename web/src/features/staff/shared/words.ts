/**
 * The back office's words: the `staff` namespace of the app's catalogues (staff-catalogue.ts), in the
 * staff member's language (signed out, the invited account's or the page's: the site's). It loads with the back office's chunk,
 * never with the member app's first page (StaffLayout waits for it), and dates, numbers and money
 * follow it.
 */
import { DEFAULT_LOCALE, isLocale, type Locale } from '@amora/common';
import { staffSessionRoutes } from '@amora/common/routes/staff-session';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../../api/client';
import { i18n } from '../../../i18n';
import { staffKeys, useInvitation, useStaffMe } from './api';
import { loadStaffWords, STAFF_NAMESPACE, withStaffWords } from './staff-catalogue';

/** The page's language: the site's, where nobody is signed in, and the one a new account starts with. */
export const siteLanguage = (): Locale => (isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE);

/**
 * The language the back office is in: the signed-in staff member's; on an invitation's page, that of
 * the account it is for; else the page's.
 */
export function useStaffLanguage(): Locale {
  const invited = useInvitation().data?.language;
  return useStaffMe().data?.language ?? invited ?? siteLanguage();
}

/** Whether the back office's words in `language` are at hand (loading them if not). */
export function useStaffWordsReady(language: Locale): boolean {
  const loaded = useQuery({
    queryKey: ['staff-words', language],
    queryFn: async () => {
      await loadStaffWords(language);
      return true;
    },
    initialData: i18n.hasResourceBundle(language, STAFF_NAMESPACE) ? true : undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return loaded.isSuccess;
}

/**
 * Where dates, numbers and money are formatted: the staff member's language; English as a European
 * back office writes it (day before month, a 24-hour clock), as it did before it had languages.
 */
const formatLocaleOf = (language: Locale) => (language === 'en' ? 'en-GB' : language);

/** A language in its own words, as its speakers look for it in a list: "Nederlands", "Suomi". */
export const ownLanguageName = (locale: Locale) => {
  const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
};

/** The back office's words (`t`) and the locale its dates, numbers and money are written in. */
export function useStaffWords() {
  const language = useStaffLanguage();
  return useMemo(
    () => ({ t: i18n.getFixedT(language, STAFF_NAMESPACE), language, locale: formatLocaleOf(language) }),
    [language],
  );
}

/** The staff member's own language: its words load before the back office switches to them. */
export function useSetLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (language: Locale) =>
      withStaffWords((await api(staffSessionRoutes.setLanguage, { language })).staff),
    onSuccess: (staff) => queryClient.setQueryData(staffKeys.me, staff),
  });
}
