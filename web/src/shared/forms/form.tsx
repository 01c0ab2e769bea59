/** Form pieces shared by every form: labelled fields with localised errors, and API error mapping. */
import { FIELD_MESSAGE_VALUES } from '@amora/common';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ComponentProps, type ReactNode, useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { type FieldValues, type Path, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../../api/client';
import { useTranslation } from '../../i18n';

export interface FormAlertState {
  message: string;
  variant: 'danger' | 'success';
}

/**
 * react-hook-form with a shared zod schema (its messages are field error codes) and a submit
 * that shows a failed call's messages at their fields, or in the form's alert. A submit may
 * return a success message for that alert.
 */
export function useSchemaForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  defaultValues: z.input<Schema>,
  // biome-ignore lint/suspicious/noConfusingVoidType: most submits return nothing; some return a success message
  submit: (input: z.output<Schema>) => Promise<string | void>,
) {
  const form = useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver: zodResolver(schema as never) as never,
    defaultValues: defaultValues as never,
    mode: 'onTouched',
  });
  const [alert, setAlert] = useState<FormAlertState | null>(null);
  const onSubmit = form.handleSubmit(async (input) => {
    setAlert(null);
    try {
      const success = await submit(input);
      if (success) setAlert({ message: success, variant: 'success' });
    } catch (error) {
      const message = applyApiError(error, form);
      if (message) setAlert({ message, variant: 'danger' });
    }
  });
  return { form, onSubmit, alert };
}

/** Shows a failed call's per-field messages at their fields; returns the message for the form alert. */
function applyApiError<T extends FieldValues>(error: unknown, form: UseFormReturn<T, unknown, FieldValues>): string {
  if (!(error instanceof ApiError)) return String(error);
  const fieldNames = Object.keys(form.getValues());
  let shownAtField = false;
  for (const [field, detail] of Object.entries(error.fields)) {
    if (fieldNames.includes(field)) {
      form.setError(field as Path<T>, { type: 'server', message: detail.message });
      shownAtField = true;
    }
  }
  return shownAtField && error.code === 'validation_failed' ? '' : error.message;
}

export function useFieldMessage() {
  const { t } = useTranslation('errors');
  return (message: string | undefined) => {
    if (!message) return undefined;
    return /^[a-z_]+$/.test(message)
      ? t(`field.${message}`, { ...FIELD_MESSAGE_VALUES, defaultValue: t('field.invalid') })
      : message;
  };
}

type FieldProps<T extends FieldValues> = Omit<ComponentProps<typeof Form.Control>, 'name' | 'form'> & {
  form: UseFormReturn<T, unknown, FieldValues>;
  name: Path<T>;
  label: ReactNode;
  help?: ReactNode;
};

export function TextField<T extends FieldValues>({ form, name, label, help, ...inputProps }: FieldProps<T>) {
  const message = useFieldMessage()(form.getFieldState(name, form.formState).error?.message);
  const id = `${useId()}-${name}`;
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        {...form.register(name)}
        {...inputProps}
        isInvalid={Boolean(message)}
        aria-describedby={message ? `${id}-error` : help ? `${id}-help` : undefined}
      />
      {help && !message && (
        <Form.Text id={`${id}-help`} muted>
          {help}
        </Form.Text>
      )}
      <Form.Control.Feedback type="invalid" id={`${id}-error`}>
        {message}
      </Form.Control.Feedback>
    </Form.Group>
  );
}

export function FormAlert({ alert }: { alert: FormAlertState | null }) {
  if (!alert) return null;
  return (
    <Alert variant={alert.variant} role="alert">
      {alert.message}
    </Alert>
  );
}

/** An email address field with the mobile keyboard and autofill hints. */
export function EmailField<T extends FieldValues>({
  form,
  name,
  label,
  autoComplete = 'email',
}: {
  form: UseFormReturn<T, unknown, FieldValues>;
  name: Path<T>;
  label: ReactNode;
  autoComplete?: string;
}) {
  return <TextField form={form} name={name} label={label} type="email" autoComplete={autoComplete} inputMode="email" />;
}

/**
 * A password field: `current` asks for the password the member has; `new` for one they choose, with
 * the rules below it; `repeat` for the new one again. The autocomplete hint lets password managers
 * fill in or suggest the right one.
 */
export function PasswordField<T extends FieldValues>({
  form,
  name,
  label,
  purpose,
}: {
  form: UseFormReturn<T, unknown, FieldValues>;
  name: Path<T>;
  label: ReactNode;
  purpose: 'current' | 'new' | 'repeat';
}) {
  const { t } = useTranslation();
  return (
    <TextField
      form={form}
      name={name}
      label={label}
      type="password"
      autoComplete={purpose === 'current' ? 'current-password' : 'new-password'}
      help={purpose === 'new' ? t('signup.passwordHelp') : undefined}
    />
  );
}

/** A new password and its repetition, as reset and the settings ask for them. */
export function NewPasswordFields<T extends FieldValues>({ form }: { form: UseFormReturn<T, unknown, FieldValues> }) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField form={form} name={'password' as Path<T>} label={t('fields.newPassword')} purpose="new" />
      <PasswordField
        form={form}
        name={'password_repeat' as Path<T>}
        label={t('fields.repeatPassword')}
        purpose="repeat"
      />
    </>
  );
}

/** A labelled select for forms that keep their own state (filters, profile parts); '' is the empty choice. */
export function SelectField({
  id,
  label,
  value,
  onChange,
  disabled,
  hint,
  children,
}: {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  /** Said under the field, such as why it is disabled. */
  hint?: string;
  children: ReactNode;
}) {
  return (
    <Form.Group controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Select
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={hint ? `${id}-hint` : undefined}
      >
        {children}
      </Form.Select>
      {hint && (
        <Form.Text id={`${id}-hint`} className="field-hint">
          {hint}
        </Form.Text>
      )}
    </Form.Group>
  );
}

export function SubmitButton({
  busy,
  children,
  variant = 'primary',
}: {
  busy: boolean;
  children: ReactNode;
  variant?: string;
}) {
  return (
    <Button type="submit" variant={variant} disabled={busy} className="w-100">
      {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
      {children}
    </Button>
  );
}
