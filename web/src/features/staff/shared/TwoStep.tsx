import type { TwoStepSetup } from '@amora/common';
import { twoStepRequest } from '@amora/common/schemas';
import { type FocusEvent, useId } from 'react';
import Form from 'react-bootstrap/Form';
import { ApiError } from '../../../api/client';
import { FormAlert, SubmitButton, TextField, useSchemaForm } from '../../../shared/forms/form';
import { useTwoStepCode } from './api';
import { StaffField } from './StaffField';
import { useStaffWords } from './words';

const selectAll = (event: FocusEvent<HTMLInputElement>) => event.currentTarget.select();

/** The secret in groups of four, as authenticator apps show a key typed in. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

interface CodeFormProps {
  submitLabel: string;
  /** The server no longer waits for a code (too many tries, or ten minutes passed): the password again. */
  onSessionGone?: () => void;
  /** Setting up an app: the invitation it is set up through, and where its recovery codes go. */
  invitation?: string;
  onRecoveryCodes?: (codes: string[]) => void;
}

/**
 * The code field of the second step: the 6 digits of the authenticator app, or, signing in, one of
 * the recovery codes.
 */
export function TwoStepCodeForm({ onSessionGone, submitLabel, invitation, onRecoveryCodes }: CodeFormProps) {
  const confirm = useTwoStepCode();
  const { t } = useStaffWords();
  const { form, onSubmit, alert } = useSchemaForm(twoStepRequest, { code: '', invitation }, async (input) => {
    try {
      const answer = await confirm.mutateAsync(input);
      if (answer.recovery_codes) onRecoveryCodes?.(answer.recovery_codes);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'staff_login_required' && onSessionGone) onSessionGone();
      else throw error;
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <FormAlert alert={alert} />
      <TextField
        form={form}
        name="code"
        label={t('twoStep.code')}
        help={invitation ? undefined : t('twoStep.recoveryHelp')}
        inputMode={invitation ? 'numeric' : 'text'}
        autoComplete="one-time-code"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={16}
        className="staff-code"
        autoFocus
      />
      <SubmitButton busy={form.formState.isSubmitting}>{submitLabel}</SubmitButton>
    </form>
  );
}

/** Setting up an authenticator app: the QR code, the key to type in instead, then the app's first code. */
export function TwoStepEnrolment({
  setup,
  invitation,
  onSessionGone,
  onRecoveryCodes,
}: {
  setup: TwoStepSetup;
  invitation: string;
  onSessionGone?: () => void;
  onRecoveryCodes: (codes: string[]) => void;
}) {
  const keyId = useId();
  const { t } = useStaffWords();
  return (
    <div className="staff-enrol">
      <ol className="staff-enrol-steps">
        <li>{t('twoStep.steps.open')}</li>
        <li>{t('twoStep.steps.scan')}</li>
        <li>{t('twoStep.steps.enter')}</li>
      </ol>
      <img className="staff-qr" src={setup.qr} alt={t('twoStep.qr')} width={176} height={176} />
      <StaffField id={keyId} label={t('twoStep.key')} className="mb-3" labelClassName="">
        {(control) => (
          <Form.Control
            {...control}
            readOnly
            className="staff-secret"
            value={grouped(setup.secret)}
            onFocus={selectAll}
          />
        )}
      </StaffField>
      <TwoStepCodeForm
        invitation={invitation}
        onSessionGone={onSessionGone}
        onRecoveryCodes={onRecoveryCodes}
        submitLabel={t('twoStep.turnOn')}
      />
    </div>
  );
}
