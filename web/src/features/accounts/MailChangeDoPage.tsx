import { accountRoutes } from '@amora/common/routes/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import Alert from 'react-bootstrap/Alert';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../api/client';
import { refreshUser } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { Loading } from '../../shared/components/Loading';
import { AuthCard } from './AuthCard';

export default function MailChangeDoPage() {
  const { t } = useTranslation();
  const token = useSearchParams()[0].get('token') ?? '';
  const queryClient = useQueryClient();
  const confirm = useMutation({
    mutationFn: () => api(accountRoutes.confirmMailChange, { token }),
    onSuccess: () => refreshUser(queryClient),
  });
  // The link is single-use: confirm once, even when React mounts the page twice.
  const started = useRef(false);
  useEffect(() => {
    if (started.current || token === '') return;
    started.current = true;
    confirm.mutate();
  }, [token, confirm]);

  const problem = token === '' ? t('errors:link_invalid') : confirm.isError ? confirm.error.message : null;
  return (
    <AuthCard title={t('mailChange.title')}>
      {confirm.isPending && <Loading />}
      {confirm.isSuccess && <Alert variant="success">{t('mailChange.done')}</Alert>}
      {problem && <Alert variant="danger">{problem}</Alert>}
      {(confirm.isSuccess || problem) && (
        <Link to="/notifications#email" className="btn btn-primary w-100">
          {t('mailChange.toSettings')}
        </Link>
      )}
    </AuthCard>
  );
}
