import type { MailChangeRequest, User } from '@amora/common';
import { accountRoutes } from '@amora/common/routes/accounts';
import { text } from '@amora/common/schemas';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { z } from 'zod';
import { api } from '../../api/client';
import { useUserMutation } from '../../api/hooks';
import { passkeyConfirmation, usePasskeys } from '../../api/passkeys';
import { useTranslation } from '../../i18n';
import * as icons from '../../shared/components/icons';
import { EmailField, FormAlert, PasswordField, SubmitButton, useSchemaForm } from '../../shared/forms/form';
import { SettingsSection } from './SettingsSection';

// The server judges the address, so its own message ('invalid new address') is shown. The current
// password (a passkey for a member without one) keeps whoever borrows an open session from taking the account.
const emailChange = z.object({ email: text().trim().min(1, 'required'), password: text() });
type EmailChange = z.infer<typeof emailChange>;
const empty: EmailChange = { email: '', password: '' };

export function EmailSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const passwordless = usePasskeys().data?.has_password === false;
  const { form, onSubmit, alert } = useSchemaForm(emailChange, empty, async ({ email, password }): Promise<void> => {
    if (!passwordless && !password) {
      form.setError('password', { message: 'required' });
      return;
    }
    const proof = passwordless ? { passkey: await passkeyConfirmation() } : { password };
    await change.mutateAsync({ email, ...proof });
    form.reset(empty);
  });
  const change = useUserMutation((input: MailChangeRequest) => api(accountRoutes.requestMailChange, input));

  return (
    <SettingsSection id="email" icon={icons.mail} title={t('settings.email.title')} value={user.email}>
      <p>{t('settings.email.current', { email: user.email })}</p>
      {user.pending_email && <Alert variant="info">{t('settings.email.pending', { email: user.pending_email })}</Alert>}
      <Form noValidate onSubmit={onSubmit}>
        <FormAlert alert={alert} />
        <EmailField form={form} name="email" label={t('fields.newEmail')} />
        {passwordless ? (
          <p className="small text-body-secondary">{t('settings.confirmWithPasskey')}</p>
        ) : (
          <PasswordField form={form} name="password" label={t('fields.oldPassword')} purpose="current" />
        )}
        <SubmitButton busy={form.formState.isSubmitting}>{t('settings.email.submit')}</SubmitButton>
      </Form>
    </SettingsSection>
  );
}
