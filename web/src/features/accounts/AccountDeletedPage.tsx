import { accountRoutes } from '@amora/common/routes/accounts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { api } from '../../api/client';
import { replaceUser, useUserMutation } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { useDateLocale } from '../../i18n/date-locale';
import { formatDate } from '../../i18n/format';
import { AuthCard } from './AuthCard';

/** After deletion it says what happens next; from the mailed link it brings the account back. */
export default function AccountDeletedPage() {
  const { t } = useTranslation();
  const dateLocale = useDateLocale();
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token');
  const finalDate = (useLocation().state as { finalDate?: string } | null)?.finalDate;
  const reactivate = useUserMutation(() => api(accountRoutes.reactivate, { token: token ?? '' }));
  const queryClient = useQueryClient();
  // The server ended the session when it deleted the account.
  useEffect(() => {
    if (!token) void replaceUser(queryClient, null);
  }, [token, queryClient]);

  if (token) {
    return (
      <AuthCard title={t('deleted.reactivateTitle')}>
        <p>{t('deleted.reactivateIntro')}</p>
        {reactivate.isError && <Alert variant="danger">{reactivate.error.message}</Alert>}
        <Button
          className="w-100"
          disabled={reactivate.isPending}
          onClick={() =>
            reactivate.mutate(undefined, {
              onSuccess: () => navigate('/', { state: { flash: 'deleted.welcomeBack' } }),
            })
          }
        >
          {t('deleted.reactivate')}
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('deleted.title')}>
      <p>{finalDate ? t('deleted.bodyWithDate', { date: formatDate(finalDate, dateLocale) }) : t('deleted.body')}</p>
      <p>{t('deleted.mailHint')}</p>
      <Link to="/" className="btn btn-outline-primary w-100">
        {t('common.home')}
      </Link>
    </AuthCard>
  );
}
