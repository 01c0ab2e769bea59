import type { SignupRequest } from '@amora/common';
import { accountRoutes } from '@amora/common/routes/accounts';
import { signupRequest } from '@amora/common/schemas';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { api } from '../../api/client';
import { useSettings, useUserMutation } from '../../api/hooks';
import { Trans, useTranslation } from '../../i18n';
import { useDateLocale } from '../../i18n/date-locale';
import { formatDate } from '../../i18n/format';
import { SIGNUP_COMPLETE_KEY } from '../../shared/components/ActivationReminder';
import { DateOfBirthField } from '../../shared/forms/DateOfBirthField';
import { EmailField, FormAlert, PasswordField, SubmitButton, TextField, useSchemaForm } from '../../shared/forms/form';
import { storedTracking } from './tracking';

/** `onSignedUp`: what follows for the new member (the signup page goes on to the profile; the dialog closes). */
export function SignupForm({ onSignedUp }: { onSignedUp: () => void }) {
  const { t } = useTranslation();
  const dateLocale = useDateLocale();
  const { data: settings } = useSettings();
  const { form, onSubmit, alert } = useSchemaForm(
    signupRequest,
    {
      email: '',
      name: '',
      password: '',
      date_of_birth: '',
      signup_message: '',
    },
    async (input) => {
      await signup.mutateAsync(input);
      sessionStorage.setItem(SIGNUP_COMPLETE_KEY, '1');
      onSignedUp();
    },
  );
  const signup = useUserMutation((input: SignupRequest) =>
    api(accountRoutes.signup, { ...input, tracking: storedTracking() }),
  );

  const termsDate = settings ? formatDate(settings.terms_version_date, dateLocale) : '';
  return (
    <Form noValidate onSubmit={onSubmit}>
      <FormAlert alert={alert} />
      <EmailField form={form} name="email" label={t('fields.email')} />
      <TextField form={form} name="name" label={t('fields.name')} autoComplete="nickname" help={t('signup.nameHelp')} />
      <PasswordField form={form} name="password" label={t('fields.password')} purpose="new" />
      <DateOfBirthField form={form} name="date_of_birth" label={t('fields.dateOfBirth')} />
      <TextField
        form={form}
        name="signup_message"
        label={t('fields.signupMessage')}
        as="textarea"
        rows={2}
        help={t('signup.messageHelp')}
      />
      <p className="small text-body-secondary">
        <Trans
          i18nKey="signup.terms"
          values={{ date: termsDate }}
          components={{ terms: <Link to="/pages/terms" />, privacy: <Link to="/pages/privacy" /> }}
        />
      </p>
      <SubmitButton busy={form.formState.isSubmitting}>{t('nav.join')}</SubmitButton>
    </Form>
  );
}
