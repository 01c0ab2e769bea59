import { LOCALES, type Locale, userResponse } from '@amora/common';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { api } from '../api/client';
import { replaceUser, useSettings, useUser } from '../api/hooks';
import { rememberLocale } from '../i18n';
import { Icon } from './Icon';
import * as icons from './icons';
import { Menu } from './Menu';

/** Each language in its own words, so everyone finds theirs. */
const NATIVE_NAMES: Record<Locale, string> = {
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

const COUNTRY_LOCALES: Record<string, Locale> = {
  DK: 'da',
  DE: 'de',
  AT: 'de',
  CH: 'de',
  GB: 'en',
  IE: 'en',
  ES: 'es',
  FI: 'fi',
  FR: 'fr',
  IT: 'it',
  NO: 'nb',
  NL: 'nl',
  BE: 'nl',
  PL: 'pl',
  SE: 'sv',
};

/** The visitor's country's language first, then the rest alphabetically (SPEC §2). */
function orderedLocales(country: string | null | undefined): Locale[] {
  const first = country ? COUNTRY_LOCALES[country] : undefined;
  return first ? [first, ...LOCALES.filter((locale) => locale !== first)] : [...LOCALES];
}

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const { user } = useUser();
  const { data: settings } = useSettings();
  const queryClient = useQueryClient();
  if (pathname === '/complete-signup') return null;

  const choose = async (locale: Locale) => {
    rememberLocale(locale);
    await i18n.changeLanguage(locale);
    if (user) {
      const response = await api.put('/api/user.php', userResponse, { language: locale });
      await replaceUser(queryClient, response.user);
    }
    await queryClient.invalidateQueries({ queryKey: ['interests'] });
  };

  return (
    <Menu
      id="language-menu"
      label={t('nav.language')}
      toggleClassName="btn btn-link bar-button"
      toggle={
        <>
          <Icon svg={icons.language} />
          <span className="language-code">{i18n.language.toUpperCase()}</span>
        </>
      }
    >
      {orderedLocales(settings?.geoip_country).map((locale) => (
        <button
          key={locale}
          type="button"
          lang={locale}
          className={`dropdown-item ${locale === i18n.language ? 'active' : ''}`}
          aria-current={locale === i18n.language || undefined}
          onClick={() => void choose(locale)}
        >
          {NATIVE_NAMES[locale]}
        </button>
      ))}
    </Menu>
  );
}
