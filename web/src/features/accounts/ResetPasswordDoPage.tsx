import type { ResetDoRequest } from '@amora/common';
import { accountRoutes } from '@amora/common/routes/accounts';
import { resetDoRequest } from '@amora/common/schemas';
import { useQuery } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api } from '../../api/client';
import { useUserMutation } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { Loading } from '../../shared/components/Loading';
import { FormAlert, NewPasswordFields, SubmitButton, useSchemaForm } from '../../shared/forms/form';
import { AuthCard } from './AuthCard';

export default function ResetPasswordDoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token') ?? '';
  const check = useQuery({
    queryKey: ['reset-link', token],
    queryFn: () => api(accountRoutes.checkResetLink, { token }),
    enabled: token !== '',
    retry: false,
  });
  const { form, onSubmit, alert } = useSchemaForm(
    resetDoRequest,
    { token, password: '', password_repeat: '' },
    async (input) => {
      await reset.mutateAsync(input);
      navigate('/', { state: { flash: 'reset.done' } });
    },
  );
  const reset = useUserMutation((input: ResetDoRequest) => api(accountRoutes.resetPassword, input));

  const linkProblem = token === '' ? t('errors:link_invalid') : check.isError ? check.error.message : null;
  return (
    <AuthCard title={t('resetDo.title')}>
      {check.isLoading && <Loading />}
      {linkProblem && (
        <Alert variant="danger">
          {linkProblem} <Link to="/reset-password">{t('resetDo.requestNew')}</Link>
        </Alert>
      )}
      {check.isSuccess && (
        <Form noValidate onSubmit={onSubmit}>
          <FormAlert alert={alert} />
          <NewPasswordFields form={form} />
          <SubmitButton busy={form.formState.isSubmitting}>{t('resetDo.submit')}</SubmitButton>
        </Form>
      )}
    </AuthCard>
  );
}
