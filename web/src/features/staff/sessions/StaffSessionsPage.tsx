import type { StaffSession } from '@amora/common';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { formatDate, formatTime } from '../../../i18n/format';
import { Loading } from '../../../shared/components/Loading';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { useMailSetupLink, useStaffMe } from '../shared/api';
import { LanguageChoice } from '../shared/LanguageChoice';
import { StaffPageHead } from '../shared/StaffPageHead';
import { useStaffWords } from '../shared/words';
import { useEndStaffSession, useStaffSessions } from './api';

const when = (value: string, locale: string) => `${formatDate(value, locale)}, ${formatTime(value, locale)}`;

/** This device's session first, then the newest. */
const byDevice = (a: StaffSession, b: StaffSession) =>
  Number(b.current) - Number(a.current) || b.created_at.localeCompare(a.created_at);

/**
 * /staff/sessions (every role): where one is signed in, and ending a session (ending this device's
 * signs out); whether sign-ins ask for an app's code, and setting that up where it is one's choice;
 * the language of one's back office.
 */
export default function StaffSessionsPage() {
  const { t, locale } = useStaffWords();
  useDocumentTitle(t('sessions.title'));
  const sessions = useStaffSessions();
  const end = useEndStaffSession();

  if (sessions.isPending) return <Loading />;
  return (
    <section>
      <StaffPageHead title={t('sessions.title')} help={t('sessions.intro')} />
      {sessions.isError && <Alert variant="danger">{sessions.error.message}</Alert>}
      {end.isError && <Alert variant="danger">{end.error.message}</Alert>}
      <ul className="staff-sessions" aria-label={t('sessions.list')}>
        {[...(sessions.data ?? [])].sort(byDevice).map((session) => (
          <li key={session.id} className="staff-session">
            <dl>
              <dt>{t('sessions.started')}</dt>
              <dd>{when(session.created_at, locale)}</dd>
              <dt>{t('sessions.expires')}</dt>
              <dd>{when(session.expires_at, locale)}</dd>
            </dl>
            <div className="staff-session-actions">
              {session.current && <Badge bg="primary">{t('sessions.thisDevice')}</Badge>}
              <Button
                variant="outline-danger"
                disabled={end.isPending && end.variables?.id === session.id}
                onClick={() => end.mutate(session)}
              >
                {session.current ? t('sessions.endAndSignOut') : t('sessions.end')}
                {!session.current && (
                  <span className="visually-hidden">
                    {' '}
                    {t('sessions.endWhich', { when: when(session.created_at, locale) })}
                  </span>
                )}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <TwoStepCard />
      <LanguageCard />
    </section>
  );
}

/** The language of one's back office: its words, dates, numbers and money, and one's mails. */
function LanguageCard() {
  const { t } = useStaffWords();
  return (
    <section className="staff-card mt-4" aria-labelledby="staff-language">
      <h2 className="h5" id="staff-language">
        {t('language.title')}
      </h2>
      <LanguageChoice id="staff-language-choice" help={t('language.help')} />
    </section>
  );
}

function TwoStepCard() {
  const { t } = useStaffWords();
  const me = useStaffMe();
  const ask = useMailSetupLink();
  if (!me.data) return null;
  return (
    <section className="staff-card mt-4" aria-labelledby="staff-two-step">
      <h2 className="h5" id="staff-two-step">
        {t('twoStep.title')}
      </h2>
      {me.data.two_step ? (
        <p className="mb-0">{t('twoStep.on')}</p>
      ) : ask.data ? (
        <p className="mb-0" role="status">
          {t('twoStep.mailed', { email: ask.data.mailed_to })}
        </p>
      ) : (
        <>
          <p>{t('twoStep.off')}</p>
          {ask.isError && <Alert variant="danger">{ask.error.message}</Alert>}
          <Button variant="primary" disabled={ask.isPending} onClick={() => ask.mutate()}>
            {t('twoStep.mailMe')}
          </Button>
        </>
      )}
    </section>
  );
}
