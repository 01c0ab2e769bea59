import './staff.scss';
import { type FormEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link, Outlet } from 'react-router';
import { Loading } from '../../components/Loading';
import { LogoMark } from '../../components/Logo';
import { useStaffLogin, useStaffLogout, useStaffMe } from './api';

/** The staff area (English only): its own sign-in, then the operator screens. */
export function StaffLayout() {
  const me = useStaffMe();
  const logout = useStaffLogout();
  if (me.isPending) return <Loading />;
  return (
    <div className="staff">
      <header className="staff-bar">
        <Link to="/staff" className="brand">
          <LogoMark />
          <span>Staff</span>
        </Link>
        {me.data && (
          <span className="staff-who">
            {me.data.name} ({me.data.role})
            <Button variant="outline-light" size="sm" onClick={() => logout.mutate()}>
              Log out
            </Button>
          </span>
        )}
      </header>
      <main id="content" className="staff-main">
        {me.data ? <Outlet /> : <StaffLogin />}
      </main>
    </div>
  );
}

function StaffLogin() {
  const login = useStaffLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate({ email, password });
  };
  return (
    <Form className="staff-login" onSubmit={submit}>
      <h1 className="h3 mb-3">Staff sign-in</h1>
      {login.isError && <Alert variant="danger">{login.error.message}</Alert>}
      <Form.Group className="mb-3" controlId="staff-email">
        <Form.Label>Email</Form.Label>
        <Form.Control type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} />
      </Form.Group>
      <Form.Group className="mb-3" controlId="staff-password">
        <Form.Label>Password</Form.Label>
        <Form.Control
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </Form.Group>
      <Button type="submit" disabled={login.isPending}>
        Sign in
      </Button>
    </Form>
  );
}
