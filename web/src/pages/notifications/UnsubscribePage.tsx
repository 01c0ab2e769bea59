import { unsubscribeQuery } from '@amora/common';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useSettings } from '../../api/hooks';
import { Loading } from '../../components/Loading';
import { AuthCard } from '../accounts/AuthCard';
import { useUnsubscribe, useUnsubscribeLink } from './api';

/** From the link in a notification mail: stops notification mail for its member, no login needed. */
export default function UnsubscribePage() {
  const { t } = useTranslation('notifications');
  const { data: settings } = useSettings();
  const [params] = useSearchParams();
  const parsed = unsubscribeQuery.safeParse({ u: params.get('u'), s: params.get('s') });
  const query = parsed.success ? parsed.data : null;
  const link = useUnsubscribeLink(query);
  const unsubscribe = useUnsubscribe(query);
  const home = (
    <Link to="/notifications" className="btn btn-outline-primary w-100 mt-3">
      {t('unsubscribe.settings')}
    </Link>
  );

  if (!query || link.isError) {
    return (
      <AuthCard title={t('unsubscribe.title')}>
        <Alert variant="danger" className="mb-0">
          {link.error?.message ?? t('errors:unsubscribe_link_invalid')}
        </Alert>
        {home}
      </AuthCard>
    );
  }
  if (!link.data) return <Loading />;
  const email = link.data.email;
  if (unsubscribe.isSuccess || link.data.mail_off) {
    return (
      <AuthCard title={t('unsubscribe.title')}>
        <Alert variant="success">
          {unsubscribe.isSuccess ? t('unsubscribe.done', { email }) : t('unsubscribe.already', { email })}
        </Alert>
        <p className="text-body-secondary small mb-0">{t('unsubscribe.explain')}</p>
        {home}
        <Link to="/" className="btn btn-link w-100 mt-1">
          {t('unsubscribe.home', { site: settings?.name })}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('unsubscribe.title')}>
      <p className="fw-semibold">{t('unsubscribe.question', { email })}</p>
      <p className="text-body-secondary small">{t('unsubscribe.explain')}</p>
      {unsubscribe.isError && <Alert variant="danger">{unsubscribe.error.message}</Alert>}
      <Button className="w-100" onClick={() => unsubscribe.mutate()} disabled={unsubscribe.isPending}>
        {t('unsubscribe.submit')}
      </Button>
      {home}
    </AuthCard>
  );
}
