import type { User } from '@amora/common';
import { accountRoutes } from '@amora/common/routes/accounts';
import { passwordChangeRequest, removePasswordRequest } from '@amora/common/schemas';
import { useMutation } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { api } from '../../api/client';
import { usePasskeys, useRemovePassword } from '../../api/passkeys';
import { useTranslation } from '../../i18n';
import * as icons from '../../shared/components/icons';
import { FormAlert, NewPasswordFields, PasswordField, SubmitButton, useSchemaForm } from '../../shared/forms/form';
import { SettingsSection } from './SettingsSection';

/**
 * The password: changed with the old one; removed by a member with a passkey; and, without one, set
 * again through the reset mail (a borrowed session alone must not give the account a password).
 */
export function PasswordSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const passkeys = usePasskeys();
  const passwordless = passkeys.data?.has_password === false;
  return (
    <SettingsSection
      id="password"
      icon={icons.password}
      title={t('settings.password.title')}
      value={passwordless ? t('settings.password.noneValue') : undefined}
    >
      {passwordless ? (
        <SetPasswordByMail email={user.email} />
      ) : (
        <>
          <ChangePassword />
          {(passkeys.data?.passkeys.length ?? 0) > 0 && <RemovePassword />}
        </>
      )}
    </SettingsSection>
  );
}

function ChangePassword() {
  const { t } = useTranslation();
  const empty = { old_password: '', password: '', password_repeat: '' };
  const { form, onSubmit, alert } = useSchemaForm(passwordChangeRequest, empty, async (input) => {
    await api(accountRoutes.changePassword, input);
    form.reset(empty);
    return t('settings.password.done');
  });
  return (
    <Form noValidate onSubmit={onSubmit}>
      <FormAlert alert={alert} />
      <PasswordField form={form} name="old_password" label={t('fields.oldPassword')} purpose="current" />
      <NewPasswordFields form={form} />
      <SubmitButton busy={form.formState.isSubmitting}>{t('settings.password.submit')}</SubmitButton>
    </Form>
  );
}

function RemovePassword() {
  const { t } = useTranslation();
  const remove = useRemovePassword();
  const { form, onSubmit, alert } = useSchemaForm(removePasswordRequest, { password: '' }, async (input) => {
    await remove.mutateAsync(input);
  });
  return (
    <Form noValidate onSubmit={onSubmit} className="mt-4 pt-3 border-top">
      <p>{t('settings.password.removeIntro')}</p>
      <FormAlert alert={alert} />
      <PasswordField form={form} name="password" label={t('fields.oldPassword')} purpose="current" />
      <SubmitButton busy={form.formState.isSubmitting} variant="outline-danger">
        {t('settings.password.remove')}
      </SubmitButton>
    </Form>
  );
}

function SetPasswordByMail({ email }: { email: string }) {
  const { t } = useTranslation();
  const send = useMutation({ mutationFn: () => api(accountRoutes.requestPasswordReset, { email }) });
  return (
    <>
      <p>{t('settings.password.none')}</p>
      {send.isSuccess && <Alert variant="success">{t('settings.password.linkSent')}</Alert>}
      {send.error && <Alert variant="danger">{send.error.message}</Alert>}
      <Button variant="outline-primary" disabled={send.isPending || send.isSuccess} onClick={() => send.mutate()}>
        {t('settings.password.sendLink')}
      </Button>
    </>
  );
}
