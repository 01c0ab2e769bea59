import { DELETE_REASONS } from '@amora/common';
import { accountRoutes } from '@amora/common/routes/accounts';
import { deleteAccountRequest } from '@amora/common/schemas';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import { Link, useNavigate } from 'react-router';
import { api } from '../../api/client';
import { endingSession } from '../../api/live';
import { passkeyConfirmation, usePasskeys } from '../../api/passkeys';
import { useTranslation } from '../../i18n';
import { Icon } from '../../shared/components/Icon';
import * as icons from '../../shared/components/icons';
import { PageTitle } from '../../shared/components/PageTitle';
import { FormAlert, PasswordField, SubmitButton, TextField, useSchemaForm } from '../../shared/forms/form';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { StayOffers } from '../credits/StayOffers';

/**
 * /notifications/delete-account: the alternatives first, then why and the password; the account can
 * still come back for 14 days.
 */
export default function DeleteAccountPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const passwordless = usePasskeys().data?.has_password === false;
  const { form, onSubmit, alert } = useSchemaForm(
    deleteAccountRequest,
    { reason: undefined as never, comment: '', password: '' },
    async ({ password, ...input }): Promise<void> => {
      if (!passwordless && !password) {
        form.setError('password', { message: 'required' });
        return;
      }
      const proof = passwordless ? { passkey: await passkeyConfirmation() } : { password };
      const { final_date } = await endingSession(() => api(accountRoutes.deleteAccount, { ...input, ...proof }));
      navigate('/account-deleted', { state: { finalDate: final_date } });
    },
  );
  const reasonError = form.formState.errors.reason;
  useDocumentTitle(t('settings.delete.title'));

  return (
    <Container className="page page-reading" id="delete">
      <Link to="/notifications" className="more-link mb-2">
        <Icon svg={icons.back} className="me-1" />
        {t('settings.title')}
      </Link>
      <PageTitle title={t('settings.delete.title')} />
      <p>{t('settings.delete.intro')}</p>
      <ul>
        <li>
          <Link to="/notifications#email">{t('settings.delete.alternativeEmail')}</Link>
        </li>
        <li>
          <Link to="/notifications#password">{t('settings.delete.alternativePassword')}</Link>
        </li>
        <li>
          <Link to="/notifications#privacy">{t('settings.delete.alternativePrivacy')}</Link>
        </li>
        <StayOffers />
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
        {passwordless ? (
          <p className="small text-body-secondary">{t('settings.confirmWithPasskey')}</p>
        ) : (
          <PasswordField form={form} name="password" label={t('fields.password')} purpose="current" />
        )}
        <p className="small text-body-secondary">{t('settings.delete.grace')}</p>
        <SubmitButton busy={form.formState.isSubmitting} variant="danger">
          {t('settings.delete.submit')}
        </SubmitButton>
      </Form>
    </Container>
  );
}
