import type { MemberProfile } from '@amora/common';
import type { ReactElement } from 'react';
import Alert from 'react-bootstrap/Alert';
import { Link } from 'react-router';
import { useUser } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { UpgradeLink } from '../credits/UpgradeLink';
import { PrivatePhotoPlaceholders } from './PrivatePhotos';
import { DetailChips, InterestList, useDetailRows } from './ProfileDetails';
import { ProfileGallery } from './ProfileGallery';

/**
 * A profile's photos with about me, the details and the interests as cards between them (a section
 * the profile left empty is not shown); then the photos the viewer may not see yet.
 */
export function MemberGallery({ profile, canAct }: { profile: MemberProfile; canAct: boolean }) {
  const { t } = useTranslation('members');
  const { user } = useUser();
  const rows = useDetailRows(profile).filter((row) => row.field !== 'city');
  const words = [
    profile.about && <MemberSection key="about" name="about" text={<p className="about-text">{profile.about}</p>} />,
    rows.length > 0 && <MemberSection key="details" name="details" text={<DetailChips rows={rows} />} />,
    profile.interests.length > 0 && (
      <MemberSection key="interests" name="interests" text={<InterestList ids={profile.interests} />} />
    ),
  ].filter((word) => typeof word === 'object');
  return (
    <ProfileGallery photos={[...profile.photos, ...profile.private_photos]} name={profile.name} words={words}>
      {canAct && <PrivatePhotoPlaceholders profile={profile} />}
      {profile.photos_for_members > 0 && (
        <p className="member-more-photos">
          {t('member.morePhotosLogin', { count: profile.photos_for_members })}{' '}
          <Link to={`/login?next=/members/${profile.id}`}>{t('prompt.login')}</Link>
        </p>
      )}
      {profile.photos_for_premium > 0 && (
        <Alert variant="info" className="mb-0">
          <p className="mb-2">{t('member.premiumPhotos', { count: profile.photos_for_premium })}</p>
          {user && <UpgradeLink />}
        </Alert>
      )}
    </ProfileGallery>
  );
}

function MemberSection({ name, text }: { name: 'about' | 'details' | 'interests'; text: ReactElement }) {
  const { t } = useTranslation('members');
  return (
    <section className="member-section" aria-labelledby={`${name}-title`}>
      <h2 className="member-section-title" id={`${name}-title`}>
        {t(`member.${name}`)}
      </h2>
      {text}
    </section>
  );
}
