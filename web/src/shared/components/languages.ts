import { LOCALES, type Locale } from '@amora/common';
import { accountRoutes } from '@amora/common/routes/accounts';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { replaceUser, useUser } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { rememberLocale } from '../../i18n/locale-cookie';

/** Each language in its own words, so everyone finds theirs. */
export const NATIVE_NAMES: Record<Locale, string> = {
  da: 'Dansk',
  de: 'Deutsch',
  en: 'English',
  es: 'Español',
  fi: 'Suomi',
  fr: 'Français',
  it: 'Italiano',
  nb: 'Norsk bokmål',
  nl: 'Nederlands',
  pl: 'Polski',
  sv: 'Svenska',
};

/** The languages spoken in a country that we speak, the most spoken first. */
const COUNTRY_LOCALES: Record<string, Locale[]> = {
  AT: ['de'],
  BE: ['nl', 'fr', 'de'],
  CH: ['de', 'fr', 'it'],
  DE: ['de'],
  DK: ['da'],
  ES: ['es'],
  FI: ['fi', 'sv'],
  FR: ['fr'],
  GB: ['en'],
  IE: ['en'],
  IT: ['it'],
  LU: ['fr', 'de'],
  NL: ['nl'],
  NO: ['nb'],
  PL: ['pl'],
  SE: ['sv'],
  US: ['en'],
};

/** The locales of the visitor's country (by address, SPEC §2); none for a country we do not know. */
export function suggestedLocales(country: string | null | undefined): Locale[] {
  return (country && COUNTRY_LOCALES[country]) || [];
}

/** The visitor's country's languages first, then the rest in their order. */
export function orderedLocales(country: string | null | undefined): Locale[] {
  const first = suggestedLocales(country);
  return [...first, ...LOCALES.filter((locale) => !first.includes(locale))];
}

/** Switches the app's language, remembered in the cookie and, for a member, with the account. */
export function useChooseLocale() {
  const { i18n } = useTranslation();
  const { user } = useUser();
  const queryClient = useQueryClient();
  return async (locale: Locale) => {
    rememberLocale(locale);
    await i18n.changeLanguage(locale);
    if (user) {
      const response = await api(accountRoutes.setLanguage, { language: locale });
      await replaceUser(queryClient, response.user);
    }
    await queryClient.invalidateQueries({ queryKey: ['interests'] });
  };
}
