import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { useUser } from '../../api/hooks';
import { AuthCard } from './AuthCard';
import { SignupForm } from './SignupForm';

export default function SignupPage() {
  const { t } = useTranslation();
  const { user } = useUser();
  // Right after signup the new member continues with completing the profile.
  if (user) return <Navigate to="/complete-signup" replace />;
  return (
    <AuthCard title={t('signup.title')}>
      <SignupForm />
      <p className="text-center mt-3 mb-0">
        {t('signup.haveAccount')} <Link to="/login">{t('nav.login')}</Link>
      </p>
    </AuthCard>
  );
}
