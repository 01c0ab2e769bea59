import { type User, visitorMayBrowse, visitorMaySignUp } from '@amora/common';
import { Link, useLocation, useNavigate } from 'react-router';
import { useLogout, useSettings, useUser } from '../../api/hooks';
import { Icon } from '../../components/Icon';
import * as icons from '../../components/icons';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { LogoMark } from '../../components/Logo';
import { Menu } from '../../components/Menu';
import { ProfilePhoto } from '../../components/ProfilePhoto';
import { TopBarSearch } from '../../components/TopBarSearch';
import { useTranslation } from '../../i18n';
import { storedTracking } from '../../pages/accounts/tracking';
import { MessagesTab } from '../../pages/chats/MessagesTab';
import { CreditsButton } from '../../pages/credits/CreditsButton';
import { LikesTab } from '../../pages/likes/LikesTab';
import { BackButton } from './BackButton';
import { Tab } from './Tab';

/**
 * The top bar: brand, name search, the member's places, language and account. The places are one
 * navigation: in the top bar on a desktop, a tab bar at the bottom of a phone's screen.
 */
export function TopBar() {
  const { t } = useTranslation();
  const { user } = useUser();
  const { data: settings } = useSettings();
  const { pathname } = useLocation();

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
          {user ? <MemberTabs /> : <VisitorActions />}
        </nav>
        {user && <CreditsButton user={user} />}
        <LanguageSwitcher />
        {user && <AccountMenu user={user} />}
      </div>
    </header>
  );
}

function MemberTabs() {
  const { t } = useTranslation();
  return (
    <>
      <Tab to="/members" icon={icons.members} label={t('nav.members')} />
      <Tab to="/swipe-game" icon={icons.swipe} label={t('nav.swipe')} />
      <MessagesTab />
      <LikesTab />
      <Tab to="/profile" icon={icons.profile} label={t('nav.profile')} />
    </>
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
          {t('nav.join')}
        </Link>
      )}
    </>
  );
}

function AccountMenu({ user }: { user: User }) {
  const { t } = useTranslation();
  const logout = useLogout();
  const navigate = useNavigate();
  const onLogout = () => logout.mutate(undefined, { onSettled: () => navigate('/') });

  return (
    <Menu
      id="account-menu"
      label={user.profile.name}
      toggleClassName="btn btn-link bar-button"
      toggle={
        <>
          <ProfilePhoto image={user.profile.main_image} name={user.profile.name} alt="" thumb className="avatar" />
          <span className="account-name">{user.profile.name}</span>
        </>
      }
    >
      <Link to="/profile" className="dropdown-item">
        <Icon svg={icons.profile} /> {t('nav.profile')}
      </Link>
      <Link to="/match-finder" className="dropdown-item">
        <Icon svg={icons.matchFinder} /> {t('nav.matchFinder')}
      </Link>
      <Link to="/transactions" className="dropdown-item">
        <Icon svg={icons.receipt} /> {t('nav.transactions')}
      </Link>
      <Link to="/notifications" className="dropdown-item">
        <Icon svg={icons.settings} /> {t('nav.settings')}
      </Link>
      <hr className="dropdown-divider" />
      <button type="button" className="dropdown-item" onClick={onLogout}>
        <Icon svg={icons.logout} /> {t('nav.logout')}
      </button>
    </Menu>
  );
}
