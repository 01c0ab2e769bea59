import { type LoginRequest, loginRequest, userResponse } from '@amora/common';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { api } from '../../api/client';
import { useUser, useUserMutation } from '../../api/hooks';
import { EmailField, FormAlert, PasswordField, SubmitButton, useSchemaForm } from '../../components/form';
import { AuthCard } from './AuthCard';

/** Where to go after logging in: a path of this site only, never another origin. */
function safeNext(next: string | null): string {
  return next?.startsWith('/') && !next.startsWith('//') ? next : '/';
}

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useUser();
  const next = safeNext(useSearchParams()[0].get('next'));
  const { form, onSubmit, alert } = useSchemaForm(loginRequest, { email: '', password: '' }, async (input) => {
    await login.mutateAsync(input);
    navigate(next);
  });
  const login = useUserMutation((input: LoginRequest) => api.post('/api/user.php', userResponse, input));

  if (user && !login.isPending) return <Navigate to={next} replace />;
  return (
    <AuthCard title={t('login.title')}>
      <Form noValidate onSubmit={onSubmit}>
        <FormAlert alert={alert} />
        <EmailField form={form} name="email" label={t('fields.email')} autoComplete="username" />
        <PasswordField form={form} name="password" label={t('fields.password')} purpose="current" />
        <SubmitButton busy={form.formState.isSubmitting}>{t('login.submit')}</SubmitButton>
      </Form>
      <div className="d-flex flex-column flex-sm-row justify-content-between gap-2 mt-3">
        <Link to="/reset-password">{t('login.forgot')}</Link>
        <Link to="/signup">{t('login.noAccount')}</Link>
      </div>
    </AuthCard>
  );
}
