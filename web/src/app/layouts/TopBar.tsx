import { visitorMayBrowse, visitorMaySignUp } from '@amora/common';
import { Link, useLocation } from 'react-router';
import { useSettings, useUser } from '../../api/hooks';
import { storedTracking } from '../../features/accounts/tracking';
import { useTranslation } from '../../i18n';
import { LanguageSwitcher } from '../../shared/components/LanguageSwitcher';
import { LogoMark } from '../../shared/components/Logo';
import { TopBarSearch } from '../../shared/components/TopBarSearch';
import { BackButton } from './BackButton';
import { useMemberChrome } from './member-chrome';

/**
 * The top bar: brand, name search, the member's places, language and account. The places are one
 * navigation: in the top bar on a desktop, a tab bar at the bottom of a phone's screen.
 */
export function TopBar() {
  const { t } = useTranslation();
  const { user } = useUser();
  const { data: settings } = useSettings();
  const { pathname } = useLocation();
  const member = useMemberChrome();

  return (
    <header className="top-bar">
      <div className="container top-bar-inner">
        <BackButton />
        <Link to="/" className="brand">
          <LogoMark />
          <span className="brand-name">{settings?.name ?? 'Amora'}</span>
        </Link>
        {pathname !== '/members' && (user || (settings && visitorMayBrowse(settings, storedTracking()?.network))) && (
          <TopBarSearch />
        )}
        <nav aria-label={t('nav.label')} className={user ? 'tab-bar' : 'visitor-nav'}>
          {user ? member && <member.MemberTabs /> : <VisitorActions />}
        </nav>
        {user && member && <member.CreditsButton user={user} />}
        <LanguageSwitcher />
        {user && member && <member.AccountMenu user={user} />}
      </div>
    </header>
  );
}

function VisitorActions() {
  const { t } = useTranslation();
  const { data: settings } = useSettings();
  return (
    <>
      <Link to="/login" className="btn btn-link visitor-login">
        {t('nav.login')}
      </Link>
      {(!settings || visitorMaySignUp(settings, storedTracking())) && (
        <Link to="/signup" className="btn btn-primary visitor-join">
          <span className="join-short" aria-hidden="true">
            {t('nav.joinShort')}
          </span>
          <span className="join-full">{t('nav.join')}</span>
        </Link>
      )}
    </>
  );
}
