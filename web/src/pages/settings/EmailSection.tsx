import type { User } from '@amora/common';
import { text } from '@amora/common/schemas';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { z } from 'zod';
import { api } from '../../api/client';
import { useUserMutation } from '../../api/hooks';
import { EmailField, FormAlert, PasswordField, SubmitButton, useSchemaForm } from '../../components/form';
import * as icons from '../../components/icons';
import { useTranslation } from '../../i18n';
import { SettingsSection } from './SettingsSection';

// The server judges the address, so its own message ('invalid new address') is shown. The current
// password keeps whoever borrows an open session from taking the account.
const emailChange = z.object({ email: text().trim().min(1, 'required'), password: text().min(1, 'required') });
type EmailChange = z.infer<typeof emailChange>;
const empty: EmailChange = { email: '', password: '' };

export function EmailSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const { form, onSubmit, alert } = useSchemaForm(emailChange, empty, async (input) => {
    await change.mutateAsync(input);
    form.reset(empty);
  });
  const change = useUserMutation((input: EmailChange) => api.post('/api/mail-change.php', 'userResponse', input));

  return (
    <SettingsSection id="email" icon={icons.mail} title={t('settings.email.title')} value={user.email}>
      <p>{t('settings.email.current', { email: user.email })}</p>
      {user.pending_email && <Alert variant="info">{t('settings.email.pending', { email: user.pending_email })}</Alert>}
      <Form noValidate onSubmit={onSubmit}>
        <FormAlert alert={alert} />
        <EmailField form={form} name="email" label={t('fields.newEmail')} />
        <PasswordField form={form} name="password" label={t('fields.oldPassword')} purpose="current" />
        <SubmitButton busy={form.formState.isSubmitting}>{t('settings.email.submit')}</SubmitButton>
      </Form>
    </SettingsSection>
  );
}
