import type { StaffSession } from '@amora/common';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { formatDate, formatTime } from '../../../i18n/format';
import { Loading } from '../../../shared/components/Loading';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { STAFF_LOCALE, useMailSetupLink, useStaffMe } from '../shared/api';
import { useEndStaffSession, useStaffSessions } from './api';

const when = (value: string) => `${formatDate(value, STAFF_LOCALE)}, ${formatTime(value, STAFF_LOCALE)}`;

/** This device's session first, then the newest. */
const byDevice = (a: StaffSession, b: StaffSession) =>
  Number(b.current) - Number(a.current) || b.created_at.localeCompare(a.created_at);

/**
 * /staff/sessions (every role): where one is signed in, and ending a session (ending this device's
 * signs out); whether sign-ins ask for an app's code, and setting that up where it is one's choice.
 */
export default function StaffSessionsPage() {
  useDocumentTitle('Sessions');
  const sessions = useStaffSessions();
  const end = useEndStaffSession();

  if (sessions.isPending) return <Loading />;
  return (
    <section>
      <div className="staff-page-head">
        <h1 className="h3">Sessions</h1>
        <p className="text-body-secondary mb-0">
          Where you are signed in. End a session you do not recognise, or one on a device you no longer use.
        </p>
      </div>
      {sessions.isError && <Alert variant="danger">{sessions.error.message}</Alert>}
      {end.isError && <Alert variant="danger">{end.error.message}</Alert>}
      <ul className="staff-sessions" aria-label="Your sessions">
        {[...(sessions.data ?? [])].sort(byDevice).map((session) => (
          <li key={session.id} className="staff-session">
            <dl>
              <dt>Started</dt>
              <dd>{when(session.created_at)}</dd>
              <dt>Expires</dt>
              <dd>{when(session.expires_at)}</dd>
            </dl>
            <div className="staff-session-actions">
              {session.current && <Badge bg="primary">This device</Badge>}
              <Button
                variant="outline-danger"
                size="sm"
                disabled={end.isPending && end.variables?.id === session.id}
                onClick={() => end.mutate(session)}
              >
                {session.current ? 'End and sign out' : 'End'}
                {!session.current && (
                  <span className="visually-hidden"> the session started {when(session.created_at)}</span>
                )}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <TwoStepCard />
    </section>
  );
}

function TwoStepCard() {
  const me = useStaffMe();
  const ask = useMailSetupLink();
  if (!me.data) return null;
  return (
    <section className="staff-card mt-4" aria-labelledby="staff-two-step">
      <h2 className="h5" id="staff-two-step">
        Two-step sign-in
      </h2>
      {me.data.two_step ? (
        <p className="mb-0">
          On: each sign-in asks for a code from your authenticator app, or one of your recovery codes. Lost your phone
          and your codes? Ask an admin to reset it.
        </p>
      ) : ask.data ? (
        <p className="mb-0" role="status">
          We mailed a set-up link to {ask.data.mailed_to}. Open it on this computer with your phone at hand: it works
          once, for 48 hours.
        </p>
      ) : (
        <>
          <p>
            Off. With a code from an authenticator app as well as your password, nobody who learns your password can
            sign in as you. We mail you a link to set it up.
          </p>
          {ask.isError && <Alert variant="danger">{ask.error.message}</Alert>}
          <Button variant="primary" disabled={ask.isPending} onClick={() => ask.mutate()}>
            Mail me a set-up link
          </Button>
        </>
      )}
    </section>
  );
}
