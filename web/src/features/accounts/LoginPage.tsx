import type { LoginRequest } from '@amora/common';
import { sessionRoutes } from '@amora/common/routes/sessions';
import { loginRequest } from '@amora/common/schemas';
import { browserSupportsWebAuthn, browserSupportsWebAuthnAutofill } from '@simplewebauthn/browser';
import { useEffect } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link, Navigate, useNavigate } from 'react-router';
import { ApiError, api } from '../../api/client';
import { useUser, useUserMutation } from '../../api/hooks';
import { cancelPasskeyCeremony, PasskeyCancelled, passkeySignIn } from '../../api/passkeys';
import { useTranslation } from '../../i18n';
import { Icon } from '../../shared/components/Icon';
import * as icons from '../../shared/components/icons';
import { EmailField, FormAlert, PasswordField, SubmitButton, useSchemaForm } from '../../shared/forms/form';
import { useNextPath, withNext } from '../../shared/next-path';
import { AuthCard } from './AuthCard';

/**
 * /login: email and password, or a passkey. Where the browser offers it, the email field suggests
 * the site's passkeys too (conditional UI), from a sign-in that waits in the background.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useUser();
  const next = useNextPath();
  const { form, onSubmit, alert } = useSchemaForm(loginRequest, { email: '', password: '' }, async (input) => {
    await login.mutateAsync(input);
    navigate(next);
  });
  const login = useUserMutation((input: LoginRequest) => api(sessionRoutes.login, input));
  const passkeyLogin = useUserMutation(passkeySignIn);
  const signInWithPasskey = (autofill: boolean) => passkeyLogin.mutate(autofill, { onSuccess: () => navigate(next) });

  // The background sign-in starts once per visit, and ends with it.
  useEffect(() => {
    let waiting = true;
    browserSupportsWebAuthnAutofill().then((offered) => {
      if (offered && waiting) signInWithPasskey(true);
    });
    return () => {
      waiting = false;
      cancelPasskeyCeremony();
    };
  }, []);

  // The server's refusals are told; the browser's own end of a waiting sign-in (the button started
  // another, the page is left) is not.
  const passkeyFailure = passkeyLogin.error instanceof ApiError ? passkeyLogin.error : null;

  // A passkey sign-in lands here too once the user is known: on the same next page.
  if (user && !login.isPending) return <Navigate to={next} replace />;
  return (
    <AuthCard title={t('login.title')}>
      <Form noValidate onSubmit={onSubmit}>
        <FormAlert alert={alert} />
        <EmailField form={form} name="email" label={t('fields.email')} autoComplete="username webauthn" />
        <PasswordField form={form} name="password" label={t('fields.password')} purpose="current" />
        <SubmitButton busy={form.formState.isSubmitting}>{t('login.submit')}</SubmitButton>
      </Form>
      {browserSupportsWebAuthn() && (
        <>
          <div className="auth-divider" aria-hidden="true">
            {t('login.or')}
          </div>
          {passkeyFailure && (
            <Alert variant={passkeyFailure instanceof PasskeyCancelled ? 'secondary' : 'danger'} role="alert">
              {passkeyFailure.message}
            </Alert>
          )}
          <Button
            variant="outline-primary"
            className="w-100"
            disabled={passkeyLogin.isPending && passkeyLogin.variables === false}
            onClick={() => signInWithPasskey(false)}
          >
            <Icon svg={icons.passkey} className="me-2" />
            {t('login.passkey')}
          </Button>
        </>
      )}
      <div className="d-flex flex-column flex-sm-row justify-content-between gap-2 mt-3">
        <Link to="/reset-password">{t('login.forgot')}</Link>
        <Link to={withNext('/signup', next)}>{t('login.noAccount')}</Link>
      </div>
    </AuthCard>
  );
}
