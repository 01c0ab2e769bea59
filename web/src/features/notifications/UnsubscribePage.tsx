import { unsubscribeQuery } from '@amora/common/schemas';
import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Link, useSearchParams } from 'react-router';
import { useSettings } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { Loading } from '../../shared/components/Loading';
import { LogoMark } from '../../shared/components/Logo';
import { AuthCard } from '../accounts/AuthCard';
import { useUnsubscribe, useUnsubscribeLink } from './api';

/** The page stands alone (no top bar): the site's mark says whose mails these are. */
function UnsubscribeCard({ children }: { children: ReactNode }) {
  const { t } = useTranslation('notifications');
  const { data: settings } = useSettings();
  return (
    <>
      <div className="text-center pt-4">
        <Link to="/" className="brand d-inline-flex align-items-center gap-2 text-decoration-none">
          <LogoMark size={40} />
          <span className="fw-bold fs-5 text-body">{settings?.name}</span>
        </Link>
      </div>
      <AuthCard title={t('unsubscribe.title')}>{children}</AuthCard>
    </>
  );
}

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
      <UnsubscribeCard>
        <Alert variant="danger" className="mb-0">
          {link.error?.message ?? t('errors:unsubscribe_link_invalid')}
        </Alert>
        {home}
      </UnsubscribeCard>
    );
  }
  if (!link.data) return <Loading />;
  const email = link.data.email;
  if (unsubscribe.isSuccess || link.data.mail_off) {
    return (
      <UnsubscribeCard>
        <Alert variant="success">
          {unsubscribe.isSuccess ? t('unsubscribe.done', { email }) : t('unsubscribe.already', { email })}
        </Alert>
        <p className="text-body-secondary small mb-0">{t('unsubscribe.explain')}</p>
        {home}
        <Link to="/" className="btn btn-link w-100 mt-1">
          {t('unsubscribe.home', { site: settings?.name })}
        </Link>
      </UnsubscribeCard>
    );
  }
  return (
    <UnsubscribeCard>
      <p className="fw-semibold">{t('unsubscribe.question', { email })}</p>
      <p className="text-body-secondary small">{t('unsubscribe.explain')}</p>
      {unsubscribe.isError && <Alert variant="danger">{unsubscribe.error.message}</Alert>}
      <Button className="w-100" onClick={() => unsubscribe.mutate()} disabled={unsubscribe.isPending}>
        {t('unsubscribe.submit')}
      </Button>
      {home}
    </UnsubscribeCard>
  );
}
