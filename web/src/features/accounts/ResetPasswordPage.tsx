import { accountRoutes } from '@amora/common/routes/accounts';
import { resetRequest } from '@amora/common/schemas';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { api } from '../../api/client';
import { useTranslation } from '../../i18n';
import { EmailField, FormAlert, SubmitButton, useSchemaForm } from '../../shared/forms/form';
import { AuthCard } from './AuthCard';

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { form, onSubmit, alert } = useSchemaForm(resetRequest, { email: '' }, async ({ email }) => {
    await api(accountRoutes.requestPasswordReset, { email });
    setSentTo(email);
  });

  return (
    <AuthCard title={t('reset.title')}>
      {sentTo ? (
        <Alert variant="success">{t('reset.sent', { email: sentTo })}</Alert>
      ) : (
        <Form noValidate onSubmit={onSubmit}>
          <p>{t('reset.intro')}</p>
          <FormAlert alert={alert} />
          <EmailField form={form} name="email" label={t('fields.email')} />
          <SubmitButton busy={form.formState.isSubmitting}>{t('reset.submit')}</SubmitButton>
        </Form>
      )}
      <p className="mt-3 mb-0">
        <Link to="/login">{t('reset.backToLogin')}</Link>
      </p>
    </AuthCard>
  );
}
