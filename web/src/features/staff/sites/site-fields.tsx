/** The labelled fields of a site's page: each with a short help line and the server's reason when refused. */
import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';

const describedBy = (id: string, error?: string, help?: ReactNode) =>
  [error && `${id}-error`, help && `${id}-help`].filter(Boolean).join(' ') || undefined;

function Notes({ id, error, help }: { id: string; error?: string; help?: ReactNode }) {
  return (
    <>
      {error && (
        <div className="invalid-feedback d-block" id={`${id}-error`}>
          {error}
        </div>
      )}
      {help && (
        <p className="form-text mb-0" id={`${id}-help`}>
          {help}
        </p>
      )}
    </>
  );
}

export interface ControlProps {
  'aria-describedby'?: string;
  isInvalid: boolean;
}

/** A label, the control (given what describes it), the reason it was refused, and the help line. */
export function Field({
  id,
  label,
  help,
  error,
  wide = false,
  children,
}: {
  id: string;
  label: string;
  help?: ReactNode;
  error?: string;
  /** Takes the whole row of the section's grid. */
  wide?: boolean;
  children: (control: ControlProps) => ReactNode;
}) {
  return (
    <Form.Group className={`staff-field${wide ? ' staff-field-wide' : ''}`} controlId={id}>
      <Form.Label>{label}</Form.Label>
      {children({ 'aria-describedby': describedBy(id, error, help), isInvalid: Boolean(error) })}
      <Notes id={id} error={error} help={help} />
    </Form.Group>
  );
}

/** A number field; left empty it holds NaN, which the server refuses at the field. */
export function NumberField({
  value,
  onChange,
  suffix,
  ...field
}: Omit<Parameters<typeof Field>[0], 'children'> & {
  value: number;
  onChange: (value: number) => void;
  suffix?: string;
}) {
  return (
    <Field {...field}>
      {(control) => (
        <div className="staff-number">
          <Form.Control
            {...control}
            type="number"
            inputMode="numeric"
            min={0}
            value={Number.isNaN(value) ? '' : value}
            onChange={(event) => onChange(event.target.value === '' ? Number.NaN : Number(event.target.value))}
          />
          {suffix && <span className="staff-number-suffix">{suffix}</span>}
        </div>
      )}
    </Field>
  );
}

/** On or off, with what it does. */
export function Switch({
  id,
  label,
  help,
  error,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  help: ReactNode;
  error?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="staff-field staff-field-wide">
      <Form.Check
        type="switch"
        id={id}
        label={label}
        checked={checked}
        isInvalid={Boolean(error)}
        aria-describedby={describedBy(id, error, help)}
        onChange={(event) => onChange(event.target.checked)}
      />
      <Notes id={id} error={error} help={help} />
    </div>
  );
}

/**
 * Some of a list's options, checked. One checked keeps its place and one added comes last, so the
 * first stays first (the first country is where a visitor from elsewhere starts).
 */
export function Choices<Option extends string>({
  id,
  legend,
  help,
  error,
  options,
  labelOf,
  value,
  onChange,
}: {
  id: string;
  legend: string;
  help: ReactNode;
  error?: string;
  options: readonly Option[];
  labelOf: (option: Option) => string;
  value: readonly string[];
  onChange: (value: Option[]) => void;
}) {
  const toggle = (option: Option) =>
    onChange((value.includes(option) ? value.filter((each) => each !== option) : [...value, option]) as Option[]);
  return (
    <fieldset className="staff-field staff-field-wide" aria-describedby={describedBy(id, error, help)}>
      <legend className="form-label">{legend}</legend>
      <div className="staff-choices">
        {options.map((option) => (
          <Form.Check
            key={option}
            id={`${id}-${option}`}
            label={labelOf(option)}
            checked={value.includes(option)}
            onChange={() => toggle(option)}
          />
        ))}
      </div>
      <Notes id={id} error={error} help={help} />
    </fieldset>
  );
}
