import './staff.scss';
import { type StaffRight, type StaffRole, staffMay } from '@amora/common';
import { type FormEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link, Outlet, useLocation, useMatches } from 'react-router';
import { Loading } from '../../../shared/components/Loading';
import { LogoMark } from '../../../shared/components/Logo';
import {
  INVITATION_PATH,
  useInvitation,
  useSetAway,
  useSignOutWhenSessionEnds,
  useStaffLogin,
  useStaffLogout,
  useStaffMe,
} from './api';
import { StaffField } from './StaffField';
import { desksFor, StaffNav } from './StaffNav';
import { TwoStepCodeForm } from './TwoStep';
import { useStaffLanguage, useStaffWords, useStaffWordsReady } from './words';

/**
 * The staff area, in the staff member's language (signed out, the invited account's on an
 * invitation's page, else the site's): its own sign-in, then the screens the staff member's role may use.
 */
export function StaffLayout() {
  const me = useStaffMe();
  const invitation = useInvitation();
  const language = useStaffLanguage();
  const wordsReady = useStaffWordsReady(language);
  useSignOutWhenSessionEnds();
  if (me.isPending || invitation.isLoading || !wordsReady) return <Loading />;
  return <StaffShell />;
}

function StaffShell() {
  const me = useStaffMe();
  const logout = useStaffLogout();
  const { pathname } = useLocation();
  const { t, language } = useStaffWords();
  return (
    <div className="staff" lang={language}>
      <header className="staff-bar">
        <Link to="/staff" className="brand">
          <LogoMark />
          <span>{t('shell.brand')}</span>
        </Link>
        {me.data && <StaffNav role={me.data.role} who={`${me.data.name} (${t(`roles.${me.data.role}`)})`} />}
        {me.data && (
          <span className="staff-who">
            <span className="staff-who-name">
              {me.data.name} <span className="staff-role">({t(`roles.${me.data.role}`)})</span>
            </span>
            {staffMay(me.data.role, 'inbox') && <AvailableSwitch away={me.data.away} />}
            <Button variant="outline-light" size="sm" className="staff-who-out" onClick={() => logout.mutate()}>
              {t('shell.logOut')}
            </Button>
          </span>
        )}
      </header>
      <main id="content" className="staff-main">
        {/* The invitation's page stays put while its set-up signs in, to show the recovery codes. */}
        {pathname === INVITATION_PATH ? <Outlet /> : me.data ? <StaffPage role={me.data.role} /> : <StaffLogin />}
      </main>
    </div>
  );
}

/** Available or away, for those who answer in the inbox: away, they are given no conversations. */
function AvailableSwitch({ away }: { away: boolean }) {
  const setAway = useSetAway();
  const { t } = useStaffWords();
  return (
    <Form.Switch
      id="staff-available"
      role="switch"
      className="staff-available"
      label={t('shell.available')}
      checked={!away}
      disabled={setAway.isPending}
      onChange={(event) => setAway.mutate(!event.target.checked)}
    />
  );
}

/** The page asked for, if the role has its right (the route's handle.staffRight). */
function StaffPage({ role }: { role: StaffRole }) {
  const right = useMatches()
    .map((match) => (match.handle as { staffRight?: StaffRight } | undefined)?.staffRight)
    .findLast(Boolean);
  const { t } = useStaffWords();
  if (!right || staffMay(role, right)) return <Outlet />;
  const allowed = desksFor(role);
  return (
    <Alert variant="warning">
      <h1 className="h5">{t('shell.notYourRole')}</h1>
      <p className="mb-0">{t(`shell.roleMayUse.${role}`)}</p>
      <ul className="staff-role-pages">
        {allowed.map((page) => (
          <li key={page.to}>
            <Link to={page.to}>{t(`nav.${page.label}`)}</Link>
          </li>
        ))}
      </ul>
    </Alert>
  );
}

type LoginStep = { step: 'password'; notice?: string } | { step: 'code' };

/** Staff sign-in: the password, then (for most) the code of the authenticator app set up through an invitation. */
function StaffLogin() {
  const [current, setCurrent] = useState<LoginStep>({ step: 'password' });
  const { t } = useStaffWords();
  const again = () => setCurrent({ step: 'password', notice: t('signIn.again') });
  return (
    <div className="staff-login">
      <h1 className="h3 mb-3">{t('signIn.title')}</h1>
      {current.step === 'password' && (
        <PasswordStep notice={current.notice} onCodeNeeded={() => setCurrent({ step: 'code' })} />
      )}
      {current.step === 'code' && (
        <>
          <p>{t('signIn.openApp')}</p>
          <TwoStepCodeForm submitLabel={t('signIn.submit')} onSessionGone={again} />
        </>
      )}
    </div>
  );
}

function PasswordStep({ notice, onCodeNeeded }: { notice?: string; onCodeNeeded: () => void }) {
  const login = useStaffLogin();
  const { t } = useStaffWords();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate(
      { email, password },
      {
        onSuccess: (answer) => {
          if ('two_step' in answer) onCodeNeeded();
        },
      },
    );
  };
  return (
    <Form onSubmit={submit}>
      {notice && !login.isError && <Alert variant="warning">{notice}</Alert>}
      {login.isError && <Alert variant="danger">{login.error.message}</Alert>}
      <StaffField id="staff-email" label={t('signIn.email')} className="mb-3" labelClassName="">
        {(control) => (
          <Form.Control
            {...control}
            type="email"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        )}
      </StaffField>
      <StaffField id="staff-password" label={t('signIn.password')} className="mb-3" labelClassName="">
        {(control) => (
          <Form.Control
            {...control}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
      </StaffField>
      <Button type="submit" disabled={login.isPending}>
        {t('signIn.submit')}
      </Button>
    </Form>
  );
}
