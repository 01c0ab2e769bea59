import type { TwoStepSetup } from '@amora/common';
import { twoStepRequest } from '@amora/common/schemas';
import { type FocusEvent, useId } from 'react';
import Form from 'react-bootstrap/Form';
import { ApiError } from '../../../api/client';
import { FormAlert, SubmitButton, TextField, useSchemaForm } from '../../../shared/forms/form';
import { useTwoStepCode } from './api';
import { StaffField } from './StaffField';

const selectAll = (event: FocusEvent<HTMLInputElement>) => event.currentTarget.select();

/** The secret in groups of four, as authenticator apps show a key typed in. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * The code field of the second step: the 6 digits of the authenticator app. `onSessionGone` runs when
 * the server no longer waits for a code (too many tries, or ten minutes passed): the password again.
 */
export function TwoStepCodeForm({ onSessionGone, submitLabel }: { onSessionGone?: () => void; submitLabel: string }) {
  const confirm = useTwoStepCode();
  const { form, onSubmit, alert } = useSchemaForm(twoStepRequest, { code: '' }, async (input) => {
    try {
      await confirm.mutateAsync(input);
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
        label="Code from your authenticator app"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        className="staff-code"
        autoFocus
      />
      <SubmitButton busy={form.formState.isSubmitting}>{submitLabel}</SubmitButton>
    </form>
  );
}

/** Setting up an authenticator app: the QR code, the key to type in instead, then the app's first code. */
export function TwoStepEnrolment({ setup, onSessionGone }: { setup: TwoStepSetup; onSessionGone?: () => void }) {
  const keyId = useId();
  return (
    <div className="staff-enrol">
      <ol className="staff-enrol-steps">
        <li>Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password…).</li>
        <li>Scan this code with it, or add the key below by hand.</li>
        <li>Enter the 6 digits the app shows for this account.</li>
      </ol>
      <img
        className="staff-qr"
        src={setup.qr}
        alt="QR code to scan with your authenticator app"
        width={176}
        height={176}
      />
      <StaffField id={keyId} label="Key, to type in instead" className="mb-3" labelClassName="">
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
      <TwoStepCodeForm onSessionGone={onSessionGone} submitLabel="Turn on and continue" />
    </div>
  );
}
