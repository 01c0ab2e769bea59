import '../settings/settings.scss';
import { deviceName } from '@amora/common';
import { sessionRoutes } from '@amora/common/routes/sessions';
import { useMutation, useQuery } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../api/client';
import { useTranslation } from '../../i18n';
import { useDateLocale } from '../../i18n/date-locale';
import { formatDate, formatTime } from '../../i18n/format';
import { DeviceIcon } from '../../shared/components/DeviceIcon';
import { Loading } from '../../shared/components/Loading';
import { useCountryName } from '../../shared/hooks/useCountryName';
import { AuthCard } from './AuthCard';

/** "This wasn't me": the page a new-device mail links to, which logs that one sign-in out. */
export default function SessionEndPage() {
  const { t } = useTranslation();
  const dateLocale = useDateLocale();
  const countryName = useCountryName();
  const token = useSearchParams()[0].get('token') ?? '';
  const signIn = useQuery({
    queryKey: ['session-end', token],
    queryFn: () => api(sessionRoutes.signInByLink, { token }),
    enabled: token !== '',
    retry: false,
  });
  const end = useMutation({ mutationFn: () => api(sessionRoutes.endSessionByLink, { token }) });

  if (end.isSuccess) {
    return (
      <AuthCard title={t('sessionEnd.done')}>
        <p>{t('sessionEnd.doneText')}</p>
        <Link className="btn btn-primary" to="/reset-password">
          {t('sessionEnd.newPassword')}
        </Link>
      </AuthCard>
    );
  }
  const linkProblem = token === '' ? t('errors:link_invalid') : signIn.isError ? signIn.error.message : null;
  const seen = signIn.data;
  return (
    <AuthCard title={t('sessionEnd.title')}>
      {signIn.isLoading && <Loading />}
      {linkProblem && <Alert variant="danger">{linkProblem}</Alert>}
      {seen && (
        <>
          <p>{t('sessionEnd.intro')}</p>
          <div className="session mb-3">
            <DeviceIcon kind={seen.device.kind} />
            <span className="session-text">
              <span className="session-name">{deviceName(t, seen.device)}</span>
              <span className="session-detail">
                {seen.country ? countryName(seen.country) : t('settings.sessions.placeUnknown')}
              </span>
              <span className="session-detail">
                {t('sessionEnd.when', {
                  date: `${formatDate(seen.first_seen, dateLocale)}, ${formatTime(seen.first_seen, dateLocale)}`,
                })}
              </span>
            </span>
          </div>
          <p>{t('sessionEnd.question')}</p>
          {end.isError && <Alert variant="danger">{end.error.message}</Alert>}
          <Button className="w-100" disabled={end.isPending} onClick={() => end.mutate()}>
            {t('sessionEnd.button')}
          </Button>
        </>
      )}
    </AuthCard>
  );
}
