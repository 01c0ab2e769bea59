import type { LoginRequest } from '@amora/common';
import { loginRequest } from '@amora/common/schemas';
import Form from 'react-bootstrap/Form';
import { Link, Navigate, useNavigate } from 'react-router';
import { api } from '../../api/client';
import { useUser, useUserMutation } from '../../api/hooks';
import { useNextPath, withNext } from '../../app/next-path';
import { EmailField, FormAlert, PasswordField, SubmitButton, useSchemaForm } from '../../components/form';
import { useTranslation } from '../../i18n';
import { AuthCard } from './AuthCard';

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useUser();
  const next = useNextPath();
  const { form, onSubmit, alert } = useSchemaForm(loginRequest, { email: '', password: '' }, async (input) => {
    await login.mutateAsync(input);
    navigate(next);
  });
  const login = useUserMutation((input: LoginRequest) => api.post('/api/user.php', 'userResponse', input));

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
        <Link to={withNext('/signup', next)}>{t('login.noAccount')}</Link>
      </div>
    </AuthCard>
  );
}
