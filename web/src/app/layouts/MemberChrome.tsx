/**
 * What the layouts show a signed-in member only: the member's tabs, credits and account menu in the
 * top bar, the banners, the match popup and the count in the tab's title. Loaded as a chunk of its own (./member-chrome.ts), so a
 * visitor's first load does not carry it.
 */
import type { User } from '@amora/common';
import { Link, useNavigate } from 'react-router';
import { useLogout } from '../../features/accounts/api';
import { MessagesTab } from '../../features/chats/MessagesTab';
import { LikesTab } from '../../features/likes/LikesTab';
import { useTranslation } from '../../i18n';
import { Icon } from '../../shared/components/Icon';
import * as icons from '../../shared/components/icons';
import { Menu } from '../../shared/components/Menu';
import { ProfilePhoto } from '../../shared/components/ProfilePhoto';
import { Tab } from '../../shared/components/Tab';

export { CreditsButton } from '../../features/credits/CreditsButton';
export { MatchPopups } from '../../features/likes/MatchPopup';
export { Banners } from './Banners';
export { WaitingCount } from './WaitingCount';

export function MemberTabs() {
  const { t } = useTranslation();
  return (
    <>
      {/* A first message to a member (/members/{id}/chat) is written beside the messages. */}
      <Tab to="/members" icon={icons.members} label={t('nav.members')} current={['/members', '/members/:id']} />
      <Tab to="/swipe-game" icon={icons.swipe} label={t('nav.swipe')} />
      <MessagesTab />
      <LikesTab />
      <Tab to="/profile" icon={icons.profile} label={t('nav.profile')} />
    </>
  );
}

export function AccountMenu({ user }: { user: User }) {
  const { t } = useTranslation(['app', 'credits']);
  const logout = useLogout();
  const navigate = useNavigate();
  const onLogout = () => logout.mutate(undefined, { onSettled: () => navigate('/') });
  const premium = user.paid_user;

  return (
    <Menu
      id="account-menu"
      label={premium ? `${user.profile.name}, ${t('credits:premium.premium')}` : user.profile.name}
      toggleClassName="btn btn-link bar-button account-button"
      toggle={
        <>
          <ProfilePhoto image={user.profile.main_image} name={user.profile.name} alt="" thumb className="avatar" />
          {premium && <Icon svg={icons.premium} className="premium-mark" />}
        </>
      }
    >
      <p className="dropdown-header account-menu-name">{user.profile.name}</p>
      {premium && (
        <Link to="/premium" className="dropdown-item premium-item">
          <Icon svg={icons.premium} /> {t('credits:premium.youArePremium')}
        </Link>
      )}
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
