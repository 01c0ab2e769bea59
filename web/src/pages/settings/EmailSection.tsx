import { type User, userResponse } from '@amora/common';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { api } from '../../api/client';
import { useUserMutation } from '../../api/hooks';
import { EmailField, FormAlert, SubmitButton, useSchemaForm } from '../../components/form';
import { SettingsCard } from './SettingsCard';

// The server judges the address, so its own message ('invalid new address') is shown.
const emailChange = z.object({ email: z.string().trim().min(1, 'required') });

export function EmailSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const { form, onSubmit, alert } = useSchemaForm(emailChange, { email: '' }, async (input) => {
    await change.mutateAsync(input);
    form.reset({ email: '' });
  });
  const change = useUserMutation((input: { email: string }) => api.post('/api/mail-change.php', userResponse, input));

  return (
    <SettingsCard id="email" title={t('settings.email.title')}>
      <p>{t('settings.email.current', { email: user.email })}</p>
      {user.pending_email && <Alert variant="info">{t('settings.email.pending', { email: user.pending_email })}</Alert>}
      <Form noValidate onSubmit={onSubmit}>
        <FormAlert alert={alert} />
        <EmailField form={form} name="email" label={t('fields.newEmail')} />
        <SubmitButton busy={form.formState.isSubmitting}>{t('settings.email.submit')}</SubmitButton>
      </Form>
    </SettingsCard>
  );
}
