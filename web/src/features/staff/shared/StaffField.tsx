import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';

/** A labelled control of a staff form, with the server's reason below it when it refused the value. */
export function StaffField({
  id,
  label,
  error,
  grow = false,
  className,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  /** Takes the row's room left over. */
  grow?: boolean;
  /** Classes of the group beside `flex-grow-1`. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <Form.Group controlId={id} className={[grow && 'flex-grow-1', className].filter(Boolean).join(' ') || undefined}>
      <Form.Label className="small fw-semibold">{label}</Form.Label>
      {children}
      <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
    </Form.Group>
  );
}
