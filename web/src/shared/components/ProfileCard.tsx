import type { ProfileCard as Profile } from '@amora/common';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { HostedMark } from './HostedMark';
import { ProfilePhoto } from './ProfilePhoto';

/**
 * The one profile card of search, match finder, likes and swipe: a portrait photo edge to edge with
 * name, age and city over it; `action` (a like) sits on the photo, `mark` (a "new" badge) in a corner.
 */
export function ProfileCard({
  profile,
  to = `/members/${profile.id}`,
  action,
  mark,
  eager = false,
  size = 'grid',
}: {
  profile: Profile;
  /** Another address of the same profile page, such as /likes/m/{id}. */
  to?: string;
  action?: ReactNode;
  mark?: ReactNode;
  eager?: boolean;
  /** `deck` is the swipe game's single large card. */
  size?: 'grid' | 'deck';
}) {
  const { t } = useTranslation('members');
  const Heading = size === 'deck' ? 'h2' : 'h3';
  return (
    <article className={`profile-card profile-card-${size}`}>
      <ProfilePhoto
        image={profile.main_image}
        name={profile.name}
        alt=""
        thumb={size === 'grid'}
        eager={eager}
        className="profile-card-photo"
      />
      <div className="profile-card-text">
        <Heading className="profile-card-name">
          {/* On the swipe deck a drag must not end as a tap on a card-wide link: only the name opens the profile. */}
          <Link to={to} className={size === 'grid' ? 'stretched-link' : undefined} draggable={false}>
            {profile.name}, {profile.age}
          </Link>
        </Heading>
        <p className="profile-card-city">{profile.city ?? t('card.noCity')}</p>
      </div>
      {(profile.hosted || mark) && (
        <div className="profile-card-marks">
          {mark}
          {profile.hosted && <HostedMark />}
        </div>
      )}
      {action && <div className="profile-card-action">{action}</div>}
    </article>
  );
}

/** Cards in a grid: two across on a phone, up to five on a wide screen. */
export function ProfileGrid<P extends Profile>({
  profiles,
  label,
  card = (profile, index) => <ProfileCard profile={profile} eager={inFirstRows(index)} />,
}: {
  profiles: P[];
  label: string;
  card?: (profile: P, index: number) => ReactNode;
}) {
  return (
    <ul className="profile-grid list-unstyled" aria-label={label}>
      {profiles.map((profile, index) => (
        <li key={profile.id}>{card(profile, index)}</li>
      ))}
    </ul>
  );
}

/** Whether a grid's card is in the two rows a phone shows before scrolling: its photo loads at once. */
export const inFirstRows = (index: number) => index < 4;

/**
 * The grid's place while its cards load: `count` empty cards of the cards' size, so what stands
 * below does not jump when they come.
 */
export function ProfileGridPending({ count }: { count: number }) {
  return (
    <ul className="profile-grid list-unstyled" aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        <li key={index}>
          <div className="profile-card profile-card-pending" />
        </li>
      ))}
    </ul>
  );
}
