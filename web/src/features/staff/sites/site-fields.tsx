/** The labelled fields of a site's page: each with a short help line and the server's reason when refused. */
import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import { Switch } from '../../../shared/components/Switch';
import { FieldNotes, fieldControl, StaffField } from '../shared/StaffField';

/** A staff field as a cell of the section's grid, its label as large as its text. */
export function SiteField({
  wide = false,
  ...field
}: Omit<Parameters<typeof StaffField>[0], 'className' | 'labelClassName'> & {
  /** Takes the whole row of the section's grid. */
  wide?: boolean;
}) {
  return <StaffField {...field} className={`staff-field${wide ? ' staff-field-wide' : ''}`} labelClassName="" />;
}

/** A number field; left empty it holds NaN, which the server refuses at the field. */
export function NumberField({
  value,
  onChange,
  suffix,
  ...field
}: Omit<Parameters<typeof SiteField>[0], 'children'> & {
  value: number;
  onChange: (value: number) => void;
  suffix?: string;
}) {
  return (
    <SiteField {...field}>
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
    </SiteField>
  );
}

/** On or off, with what it does. */
export function SwitchField({
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
      <Switch
        {...fieldControl(id, { error, help })}
        id={id}
        label={label}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <FieldNotes id={id} error={error} help={help} />
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
  const control = fieldControl(id, { error, help });
  return (
    <fieldset className="staff-field staff-field-wide" aria-describedby={control['aria-describedby']}>
      <legend className="form-label">{legend}</legend>
      <div className="staff-choices">
        {options.map((option) => (
          <Form.Check
            key={option}
            id={`${id}-${option}`}
            label={labelOf(option)}
            checked={value.includes(option)}
            aria-invalid={control['aria-invalid']}
            onChange={() => toggle(option)}
          />
        ))}
      </div>
      <FieldNotes id={id} error={error} help={help} />
    </fieldset>
  );
}
