import './profile.scss';
import type { ProfileUpdate } from '@amora/common';
import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { useProfileUpdate } from '../../api/members';
import { useTranslation } from '../../i18n';
import { Icon } from '../../shared/components/Icon';
import * as icons from '../../shared/components/icons';
import { PageTitle } from '../../shared/components/PageTitle';
import { SubmitButton } from '../../shared/forms/form';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { useMember } from '../accounts/member-context';
import { PremiumPill } from '../credits/PremiumPill';
import { SettingsCard } from '../settings/SettingsCard';
import { AboutForm } from './AboutForm';
import { DetailsForm } from './DetailsForm';
import { InvisibleSwitch } from './InvisibleSwitch';
import { LocationForm } from './LocationForm';
import { PhotosManager } from './PhotosManager';

/**
 * /profile: the member's own profile. Photos and visibility take effect at once; details, place and
 * about-me collect their changes, and one Save bar saves them together.
 */
export default function ProfilePage() {
  const { t } = useTranslation('members');
  const user = useMember();
  useDocumentTitle(t('profile.title'));
  const { profile } = user;
  const [draft, setDraft] = useState<ProfileUpdate>({});
  const [saved, setSaved] = useState(false);
  const update = useProfileUpdate();
  const changed = Object.keys(draft).length > 0;
  const addToDraft = (change: ProfileUpdate) => {
    setSaved(false);
    update.reset();
    setDraft((current) => ({ ...current, ...change }));
  };
  const save = () =>
    update.mutate(draft, {
      onSuccess: () => {
        setDraft({});
        setSaved(true);
      },
    });
  useLeaveWarning(changed);

  return (
    <Container className="page page-reading profile-page">
      <PageTitle
        title={t('profile.title')}
        actions={
          <>
            {user.paid_user && <PremiumPill />}
            <Link to={`/members/${profile.id}`} className="more-link">
              {t('profile.viewAsOthers')}
            </Link>
          </>
        }
      />
      <SettingsCard id="photos" title={t('profile.photos')}>
        <PhotosManager user={user} />
      </SettingsCard>
      <SettingsCard id="details" title={t('profile.details')}>
        <DetailsForm profile={profile} onDraft={addToDraft} />
      </SettingsCard>
      <SettingsCard id="location" title={t('profile.location')}>
        <LocationForm profile={profile} onDraft={addToDraft} />
      </SettingsCard>
      <SettingsCard id="about" title={t('profile.about')}>
        <AboutForm profile={profile} onDraft={addToDraft} />
      </SettingsCard>
      <SettingsCard id="visibility" title={t('profile.visibility')}>
        <InvisibleSwitch profile={profile} />
      </SettingsCard>
      {(changed || saved || update.isError) && (
        <section className="save-bar" aria-label={t('profile.saveBar')}>
          {update.isError && (
            <Alert variant="danger" className="mb-2" role="alert">
              {update.error.message}
            </Alert>
          )}
          <div className="save-bar-row">
            <p className="mb-0" aria-live="polite">
              {changed ? (
                t('profile.unsaved')
              ) : (
                <>
                  <Icon svg={icons.check} className="me-1 text-primary" />
                  {t('profile.saved')}
                </>
              )}
            </p>
            {changed && (
              <form
                onSubmit={(event) => {
                  event.preventDefault();
                  save();
                }}
              >
                <SubmitButton busy={update.isPending}>{t('profile.save')}</SubmitButton>
              </form>
            )}
          </div>
        </section>
      )}
    </Container>
  );
}

/** Asks before the tab closes or reloads while there are changes that are not saved yet. */
function useLeaveWarning(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}
