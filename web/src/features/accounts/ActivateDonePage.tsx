import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import Alert from 'react-bootstrap/Alert';
import { Link } from 'react-router';
import { refreshUser, useUser } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { AuthCard } from './AuthCard';

export default function ActivateDonePage() {
  const { t } = useTranslation();
  const { user } = useUser();
  const queryClient = useQueryClient();
  useEffect(() => {
    void refreshUser(queryClient);
  }, [queryClient]);

  // A member who activated halfway through the signup steps carries on with them.
  const next = user?.profile.signup_step === 'done' ? '/' : '/complete-signup';
  return (
    <AuthCard title={t('activate.doneTitle')}>
      <Alert variant="success">{t('activate.done')}</Alert>
      <Link to={user ? next : '/login'} className="btn btn-primary w-100">
        {user ? t('activate.continue') : t('nav.login')}
      </Link>
    </AuthCard>
  );
}
