import type { TwoStepSetup } from '@amora/common';
import { type FormEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useNavigate, useSearchParams } from 'react-router';
import { Trans } from '../../../i18n';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { useInvitation, useStartInvitation } from '../shared/api';
import { StaffField } from '../shared/StaffField';
import { TwoStepEnrolment } from '../shared/TwoStep';
import { useStaffWords } from '../shared/words';
import { RecoveryCodes } from './RecoveryCodes';

type Step =
  | { step: 'password'; notice?: string }
  | ({ step: 'app' } & TwoStepSetup & { email: string })
  | { step: 'codes'; codes: string[]; email: string };

/**
 * /staff/invitation?token=… (signed out): an admin's invitation sets up the account's authenticator
 * app, in the account's language (StaffLayout waits for the link's answer). The password the admin
 * passed on, then the app's QR code and first code, then the recovery codes, shown once; then the
 * back office.
 */
export default function StaffInvitationPage() {
  const { t } = useStaffWords();
  useDocumentTitle(t('invitation.title'));
  const [params] = useSearchParams();
  const invitation = params.get('token') ?? '';
  const navigate = useNavigate();
  const [current, setCurrent] = useState<Step>({ step: 'password' });
  const again = () => setCurrent({ step: 'password', notice: t('invitation.again') });
  // A link used or expired says so at once, before its password is typed in vain.
  const refused = useInvitation().error;

  return (
    <div className="staff-login staff-invitation">
      <h1 className="h3 mb-3">{t('invitation.title')}</h1>
      {!invitation ? (
        <Alert variant="warning">{t('invitation.noLink')}</Alert>
      ) : refused ? (
        <Alert variant="warning">{refused.message}</Alert>
      ) : current.step === 'password' ? (
        <PasswordStep
          invitation={invitation}
          notice={current.notice}
          onStarted={(setup) => setCurrent({ step: 'app', ...setup })}
        />
      ) : current.step === 'app' ? (
        <>
          <p>
            <Trans
              t={t}
              i18nKey="invitation.forAccount"
              values={{ email: current.email }}
              components={{ b: <strong /> }}
            />
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
  const { t } = useStaffWords();
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    start.mutate({ invitation, password }, { onSuccess: onStarted });
  };
  return (
    <Form onSubmit={submit}>
      <p>{t('invitation.welcome')}</p>
      {notice && !start.isError && <Alert variant="warning">{notice}</Alert>}
      {start.isError && <Alert variant="danger">{start.error.message}</Alert>}
      <StaffField id="staff-invitation-password" label={t('signIn.password')} className="mb-3" labelClassName="">
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
        {t('invitation.continue')}
      </Button>
    </Form>
  );
}
