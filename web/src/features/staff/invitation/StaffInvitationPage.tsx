import type { TwoStepSetup } from '@amora/common';
import { type FormEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useNavigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { useStartInvitation } from '../shared/api';
import { StaffField } from '../shared/StaffField';
import { TwoStepEnrolment } from '../shared/TwoStep';
import { RecoveryCodes } from './RecoveryCodes';

type Step =
  | { step: 'password'; notice?: string }
  | ({ step: 'app' } & TwoStepSetup & { email: string })
  | { step: 'codes'; codes: string[]; email: string };

/**
 * /staff/invitation?token=… (signed out): an admin's invitation sets up the account's authenticator
 * app. The password the admin passed on, then the app's QR code and first code, then the recovery
 * codes, shown once; then the back office.
 */
export default function StaffInvitationPage() {
  useDocumentTitle('Set up two-step sign-in');
  const [params] = useSearchParams();
  const invitation = params.get('token') ?? '';
  const navigate = useNavigate();
  const [current, setCurrent] = useState<Step>({ step: 'password' });
  const again = () =>
    setCurrent({ step: 'password', notice: 'Too many codes tried, or ten minutes passed: give your password again.' });

  return (
    <div className="staff-login staff-invitation">
      <h1 className="h3 mb-3">Set up two-step sign-in</h1>
      {!invitation ? (
        <Alert variant="warning">Open this page with the link in your invitation mail.</Alert>
      ) : current.step === 'password' ? (
        <PasswordStep
          invitation={invitation}
          notice={current.notice}
          onStarted={(setup) => setCurrent({ step: 'app', ...setup })}
        />
      ) : current.step === 'app' ? (
        <>
          <p>
            For <strong>{current.email}</strong>: from now on you sign in with your password and a code from an
            authenticator app.
          </p>
          <TwoStepEnrolment
            setup={current}
            invitation={invitation}
            onSessionGone={again}
            onRecoveryCodes={(codes) => setCurrent({ step: 'codes', codes, email: current.email })}
          />
        </>
      ) : (
        <RecoveryCodes codes={current.codes} email={current.email} onDone={() => navigate('/staff')} />
      )}
    </div>
  );
}

function PasswordStep({
  invitation,
  notice,
  onStarted,
}: {
  invitation: string;
  notice?: string;
  onStarted: (setup: TwoStepSetup & { email: string }) => void;
}) {
  const start = useStartInvitation();
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    start.mutate({ invitation, password }, { onSuccess: onStarted });
  };
  return (
    <Form onSubmit={submit}>
      <p>Welcome to the back office. Give the password an admin passed on to you, with your phone at hand.</p>
      {notice && !start.isError && <Alert variant="warning">{notice}</Alert>}
      {start.isError && <Alert variant="danger">{start.error.message}</Alert>}
      <StaffField id="staff-invitation-password" label="Password" className="mb-3" labelClassName="">
        {(control) => (
          <Form.Control
            {...control}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        )}
      </StaffField>
      <Button type="submit" disabled={start.isPending || !password}>
        Continue
      </Button>
    </Form>
  );
}
