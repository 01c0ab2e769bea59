import { accountRoutes } from '@amora/common/routes/accounts';
import { useMutation } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { api } from '../../api/client';
import { useUser } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { AuthCard } from './AuthCard';

export default function ActivateErrorPage() {
  const { t } = useTranslation();
  const { user } = useUser();
  const resend = useMutation({ mutationFn: () => api(accountRoutes.resendActivation) });
  const canResend = user?.status === 'not_confirmed';

  return (
    <AuthCard title={t('errors:activation_failed')}>
      <Alert variant="danger">{t('activate.error')}</Alert>
      {resend.isSuccess && <Alert variant="success">{t('activation.resent')}</Alert>}
      {resend.isError && <Alert variant="danger">{resend.error.message}</Alert>}
      {canResend ? (
        <Button className="w-100" onClick={() => resend.mutate()} disabled={resend.isPending || resend.isSuccess}>
          {t('activation.resend')}
        </Button>
      ) : (
        <Link to={user ? '/' : '/login'} className="btn btn-primary w-100">
          {user ? t('activate.continue') : t('nav.login')}
        </Link>
      )}
    </AuthCard>
  );
}
