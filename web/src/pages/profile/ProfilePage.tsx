import Container from 'react-bootstrap/Container';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMember } from '../../app/RequireMember';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { SettingsCard } from '../settings/SettingsCard';
import { AboutForm } from './AboutForm';
import { DetailsForm } from './DetailsForm';
import { InvisibleSwitch } from './InvisibleSwitch';
import { LocationForm } from './LocationForm';
import { PhotosManager } from './PhotosManager';

/** /profile: every part of the member's own profile, each saved on its own. */
export default function ProfilePage() {
  const { t } = useTranslation('members');
  const user = useMember();
  useDocumentTitle(t('profile.title'));
  const { profile } = user;
  return (
    <Container className="py-4 narrow-page">
      <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2 mb-4">
        <h1 className="h2 mb-0">{t('profile.title')}</h1>
        <Link to={`/members/${profile.id}`}>{t('profile.viewAsOthers')}</Link>
      </div>
      <SettingsCard id="photos" title={t('profile.photos')}>
        <PhotosManager user={user} />
      </SettingsCard>
      <SettingsCard id="details" title={t('profile.details')}>
        <DetailsForm profile={profile} />
      </SettingsCard>
      <SettingsCard id="location" title={t('profile.location')}>
        <LocationForm profile={profile} />
      </SettingsCard>
      <SettingsCard id="about" title={t('profile.about')}>
        <AboutForm profile={profile} />
      </SettingsCard>
      <SettingsCard id="visibility" title={t('profile.visibility')}>
        <InvisibleSwitch profile={profile} />
      </SettingsCard>
    </Container>
  );
}
