import Form from 'react-bootstrap/Form';
import type { FormCheckProps } from 'react-bootstrap/FormCheck';

/** A checkbox drawn as a switch, which screen readers announce as one: on or off, not checked. */
export function Switch(props: Omit<FormCheckProps, 'type' | 'role'>) {
  return <Form.Check {...props} type="switch" role="switch" />;
}
