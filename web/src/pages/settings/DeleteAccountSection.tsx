import { DELETE_REASONS, deleteAccountRequest, deleteAccountResponse } from '@amora/common';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../api/client';
import { FormAlert, PasswordField, SubmitButton, TextField, useSchemaForm } from '../../components/form';
import { SettingsCard } from './SettingsCard';

export function DeleteAccountSection() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { form, onSubmit, alert } = useSchemaForm(
    deleteAccountRequest,
    { reason: undefined as never, comment: '', password: '' },
    async (input) => {
      const { final_date } = await api.post('/api/delete-account.php', deleteAccountResponse, input);
      navigate('/account-deleted', { state: { finalDate: final_date } });
    },
  );
  const reasonError = form.formState.errors.reason;

  return (
    <SettingsCard id="delete" title={t('settings.delete.title')}>
      <p>{t('settings.delete.intro')}</p>
      <ul>
        <li>
          <a href="#email">{t('settings.delete.alternativeEmail')}</a>
        </li>
        <li>
          <a href="#password">{t('settings.delete.alternativePassword')}</a>
        </li>
        <li>
          <a href="#privacy">{t('settings.delete.alternativePrivacy')}</a>
        </li>
      </ul>
      <Form noValidate onSubmit={onSubmit}>
        <FormAlert alert={alert} />
        <fieldset className="mb-3" aria-describedby={reasonError ? 'reason-error' : undefined}>
          <legend className="form-label fs-6">{t('settings.delete.reason')}</legend>
          {DELETE_REASONS.map((reason) => (
            <Form.Check
              key={reason}
              type="radio"
              id={`reason-${reason}`}
              value={reason}
              label={t(`settings.delete.reasons.${reason}`)}
              isInvalid={Boolean(reasonError)}
              {...form.register('reason')}
            />
          ))}
          {reasonError && (
            <div className="invalid-feedback d-block" id="reason-error">
              {t('errors:field.invalid_choice')}
            </div>
          )}
        </fieldset>
        <TextField form={form} name="comment" label={t('fields.deleteComment')} as="textarea" rows={2} />
        <PasswordField form={form} name="password" label={t('fields.password')} purpose="current" />
        <p className="small text-body-secondary">{t('settings.delete.grace')}</p>
        <SubmitButton busy={form.formState.isSubmitting} variant="danger">
          {t('settings.delete.submit')}
        </SubmitButton>
      </Form>
    </SettingsCard>
  );
}
