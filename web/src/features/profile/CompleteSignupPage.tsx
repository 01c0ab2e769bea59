import { SIGNUP_STEPS, type SignupStep } from '@amora/common';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';
import { Navigate } from 'react-router';
import { useProfileUpdate } from '../../api/members';
import { useTranslation } from '../../i18n';
import { PageTitle } from '../../shared/components/PageTitle';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { useNextPath } from '../../shared/next-path';
import { useMember } from '../accounts/member-context';
import { dismissPushPrompt } from '../notifications/PushPrompt';
import { PushStep } from '../notifications/PushStep';
import { AboutForm } from './AboutForm';
import { DetailsForm } from './DetailsForm';
import { LocationForm } from './LocationForm';
import { PhotosManager } from './PhotosManager';

/**
 * After signup: photo, location, personal info, about me, push. Each step can be skipped; the step
 * reached is saved with the profile, so a reload or a later visit carries on there.
 */
export default function CompleteSignupPage() {
  const { t } = useTranslation('members');
  const user = useMember();
  const advance = useProfileUpdate();
  useDocumentTitle(t('complete.title'));
  const step = user.profile.signup_step;
  const whenDone = useNextPath('/members');
  if (step === 'done') return <Navigate to={whenDone} replace />;

  const index = SIGNUP_STEPS.indexOf(step);
  const next = async () => {
    const following: SignupStep | 'done' = SIGNUP_STEPS[index + 1] ?? 'done';
    await advance.mutateAsync({ signup_step: following });
    window.scrollTo({ top: 0 });
  };
  const onSaved = () => void next();
  const skip = () => {
    // Skipping push is a "not now": the push prompt does not ask again right after.
    if (step === 'push') dismissPushPrompt();
    void next();
  };
  const { profile } = user;
  const nextLabel = t('complete.next');

  return (
    <Container className="page page-reading">
      <PageTitle title={t('complete.title')} lead={t('complete.intro')} />
      <div
        className="progress mb-1"
        role="progressbar"
        aria-label={t('complete.progress', { step: index + 1, total: SIGNUP_STEPS.length })}
        aria-valuemin={0}
        aria-valuemax={SIGNUP_STEPS.length}
        aria-valuenow={index + 1}
      >
        <div className="progress-bar" style={{ width: `${((index + 1) / SIGNUP_STEPS.length) * 100}%` }} />
      </div>
      <p className="small text-body-secondary mb-3">
        {t('complete.progress', { step: index + 1, total: SIGNUP_STEPS.length })}
      </p>
      <Card className="border-0 shadow-sm">
        <Card.Body className="p-4">
          <h2 className="h5 mb-3">{t(`complete.steps.${step}.title`)}</h2>
          <p className="text-body-secondary">{t(`complete.steps.${step}.intro`)}</p>
          {step === 'photo' && (
            <>
              <PhotosManager user={user} />
              {profile.photos.length > 0 && (
                <Button className="w-100 mt-3" onClick={() => void next()} disabled={advance.isPending}>
                  {nextLabel}
                </Button>
              )}
            </>
          )}
          {step === 'location' && <LocationForm profile={profile} submitLabel={nextLabel} onSaved={onSaved} />}
          {step === 'personal' && <DetailsForm profile={profile} submitLabel={nextLabel} onSaved={onSaved} />}
          {step === 'about' && <AboutForm profile={profile} submitLabel={nextLabel} onSaved={onSaved} />}
          {step === 'push' && <PushStep onDone={onSaved} busy={advance.isPending} />}
          <Button variant="link" className="w-100 mt-2" onClick={skip} disabled={advance.isPending}>
            {t('complete.skip')}
          </Button>
        </Card.Body>
      </Card>
    </Container>
  );
}
