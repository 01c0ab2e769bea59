import { visitorMaySignUp } from '@amora/common';
import Alert from 'react-bootstrap/Alert';
import { Link, Navigate, useNavigate } from 'react-router';
import { useSettings, useUser } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { useNextPath, withNext } from '../../shared/next-path';
import { AuthCard } from './AuthCard';
import { SignupForm } from './SignupForm';
import { storedTracking } from './tracking';

export default function SignupPage() {
  const { t } = useTranslation();
  const { user } = useUser();
  const navigate = useNavigate();
  const { data: settings } = useSettings();
  // The new member completes the profile first, then carries on where a prompt sent them from.
  const next = useNextPath();
  const continueTo = withNext('/complete-signup', next);
  if (user) return <Navigate to={continueTo} replace />;
  const open = !settings || visitorMaySignUp(settings, storedTracking());
  return (
    <AuthCard title={t('signup.title')}>
      {open ? (
        <SignupForm onSignedUp={() => navigate(continueTo)} />
      ) : (
        <Alert variant="info">{t('errors:signup_closed')}</Alert>
      )}
      <p className="text-center mt-3 mb-0">
        {t('signup.haveAccount')} <Link to={withNext('/login', next)}>{t('nav.login')}</Link>
      </p>
    </AuthCard>
  );
}
