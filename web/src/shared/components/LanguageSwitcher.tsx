import { useLocation } from 'react-router';
import { useSettings } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { Icon } from './Icon';
import * as icons from './icons';
import { NATIVE_NAMES, orderedLocales, useChooseLocale } from './languages';
import { Menu } from './Menu';

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const { data: settings } = useSettings();
  const choose = useChooseLocale();
  if (pathname === '/complete-signup') return null;

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
