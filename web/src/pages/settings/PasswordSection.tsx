import { passwordChangeRequest } from '@amora/common/schemas';
import Form from 'react-bootstrap/Form';
import { api } from '../../api/client';
import { FormAlert, NewPasswordFields, PasswordField, SubmitButton, useSchemaForm } from '../../components/form';
import * as icons from '../../components/icons';
import { useTranslation } from '../../i18n';
import { SettingsSection } from './SettingsSection';

export function PasswordSection() {
  const { t } = useTranslation();
  const empty = { old_password: '', password: '', password_repeat: '' };
  const { form, onSubmit, alert } = useSchemaForm(passwordChangeRequest, empty, async (input) => {
    await api.post('/api/password.php', 'okResponse', input);
    form.reset(empty);
    return t('settings.password.done');
  });

  return (
    <SettingsSection id="password" icon={icons.password} title={t('settings.password.title')}>
      <Form noValidate onSubmit={onSubmit}>
        <FormAlert alert={alert} />
        <PasswordField form={form} name="old_password" label={t('fields.oldPassword')} purpose="current" />
        <NewPasswordFields form={form} />
        <SubmitButton busy={form.formState.isSubmitting}>{t('settings.password.submit')}</SubmitButton>
      </Form>
    </SettingsSection>
  );
}
