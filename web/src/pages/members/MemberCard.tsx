import type { ProfileCard } from '@amora/common';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HostedMark } from '../../components/HostedMark';
import { ProfilePhoto } from '../../components/ProfilePhoto';

/** A member's card; `to` another address of the same page (/likes/m/{id}), `mark` a badge on the photo. */
export function MemberCard({ profile, to, mark }: { profile: ProfileCard; to?: string; mark?: ReactNode }) {
  const { t } = useTranslation('members');
  return (
    <Link
      to={to ?? `/members/${profile.id}`}
      className="member-card card h-100 border-0 shadow-sm text-decoration-none"
    >
      <ProfilePhoto
        image={profile.main_image}
        name={profile.name}
        alt=""
        thumb
        className="card-img-top member-card-photo"
      />
      {mark}
      <div className="card-body p-2">
        <h3 className="h6 mb-0 text-truncate">
          {profile.name}, {profile.age}
          {profile.hosted && <HostedMark className="ms-1" />}
        </h3>
        <p className="small text-body-secondary mb-0 text-truncate">{profile.city ?? t('card.noCity')}</p>
      </div>
    </Link>
  );
}

export function MemberGrid({ profiles, label }: { profiles: ProfileCard[]; label: string }) {
  return (
    <ul className="member-grid list-unstyled" aria-label={label}>
      {profiles.map((profile) => (
        <li key={profile.id}>
          <MemberCard profile={profile} />
        </li>
      ))}
    </ul>
  );
}
