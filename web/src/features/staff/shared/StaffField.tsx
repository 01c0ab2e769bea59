/** The labelled controls of the staff forms: each tied to the server's reason when it refused the value, and to its help line. */
import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';

/** What a field gives its control: refused or not, and the ids of the lines that describe it. */
export interface FieldControl {
  isInvalid: boolean;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface Notes {
  /** The server's reason, shown below the control. */
  error?: string;
  /** What the field is for, below the reason. */
  help?: ReactNode;
}

/** Ties a control to its reason and help line (FieldNotes gives them these ids), and to `describedBy`'s lines. */
export function fieldControl(id: string, { error, help }: Notes, describedBy?: string): FieldControl {
  return {
    isInvalid: Boolean(error),
    'aria-invalid': error ? true : undefined,
    'aria-describedby':
      [error && `${id}-error`, help && `${id}-help`, describedBy].filter(Boolean).join(' ') || undefined,
  };
}

/** The reason a value was refused and the help line, below a control or a group of them. */
export function FieldNotes({ id, error, help }: Notes & { id: string }) {
  return (
    <>
      {error && (
        <Form.Control.Feedback type="invalid" className="d-block" id={`${id}-error`}>
          {error}
        </Form.Control.Feedback>
      )}
      {help && (
        <p className="form-text mb-0" id={`${id}-help`}>
          {help}
        </p>
      )}
    </>
  );
}

/**
 * A label, the control (given what ties it to its notes: spread it on the control), the reason the
 * server refused it and the help line.
 */
export function StaffField({
  id,
  label,
  error,
  help,
  describedBy,
  className,
  labelClassName = 'small fw-semibold',
  children,
}: Notes & {
  id: string;
  label: ReactNode;
  /** Ids of other lines that describe the control, beside its own help. */
  describedBy?: string;
  /** Classes of the group. */
  className?: string;
  /** Classes of the label beside `form-label`; '' for a label as large as the form's text. */
  labelClassName?: string;
  children: (control: FieldControl) => ReactNode;
}) {
  return (
    <Form.Group controlId={id} className={className}>
      <Form.Label className={labelClassName || undefined}>{label}</Form.Label>
      {children(fieldControl(id, { error, help }, describedBy))}
      <FieldNotes id={id} error={error} help={help} />
    </Form.Group>
  );
}
