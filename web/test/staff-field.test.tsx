/**
 * The one labelled control of the staff forms (StaffField) and the shared switch: a control is named
 * by its label, marked invalid when the server refused its value, and described by that reason and
 * its help line.
 */
import { render, screen } from '@testing-library/react';
import Form from 'react-bootstrap/Form';
import { describe, expect, it } from 'vitest';
import { StaffField } from '../src/features/staff/shared/StaffField';
import { Switch } from '../src/shared/components/Switch';
import { descriptionOf } from './render';

function CodeField({ error, describedBy }: { error?: string; describedBy?: string }) {
  return (
    <>
      <StaffField id="code" label="Code" help="Letters and digits." error={error} describedBy={describedBy}>
        {(control) => <Form.Control {...control} defaultValue="SUMMER" />}
      </StaffField>
      <p id="code-hint">Members type it at the checkout.</p>
    </>
  );
}

describe('StaffField', () => {
  it('ties a refused control to the server’s reason, then its help', () => {
    render(<CodeField error="This code exists already." />);
    const control = screen.getByLabelText('Code');
    expect(control.getAttribute('aria-invalid')).toBe('true');
    expect(control.className).toContain('is-invalid');
    expect(control.getAttribute('aria-describedby')).toBe('code-error code-help');
    expect(descriptionOf(control)).toBe('This code exists already. Letters and digits.');
    expect([...(document.getElementById('code-error')?.classList ?? [])].sort()).toEqual([
      'd-block',
      'invalid-feedback',
    ]);
  });

  it('leaves a control the server took unmarked, described by its help alone', () => {
    render(<CodeField />);
    const control = screen.getByLabelText('Code');
    expect(control.hasAttribute('aria-invalid')).toBe(false);
    expect(control.className).not.toContain('is-invalid');
    expect(descriptionOf(control)).toBe('Letters and digits.');
    expect(document.getElementById('code-error')).toBeNull();
  });

  it('adds the lines the form gives it elsewhere, after its own', () => {
    render(<CodeField error="Too long." describedBy="code-hint" />);
    expect(descriptionOf(screen.getByLabelText('Code'))).toBe(
      'Too long. Letters and digits. Members type it at the checkout.',
    );
  });

  it('keeps the small semibold label of the desks unless told otherwise', () => {
    render(
      <>
        <CodeField />
        <StaffField id="note" label="Note" labelClassName="">
          {(control) => <Form.Control {...control} />}
        </StaffField>
      </>,
    );
    expect([...screen.getByText('Code').classList].sort()).toEqual(['form-label', 'fw-semibold', 'small']);
    expect([...screen.getByText('Note').classList]).toEqual(['form-label']);
  });
});

describe('Switch', () => {
  it('is announced as a switch, on or off', () => {
    render(<Switch id="premium" label="Premium only" checked onChange={() => {}} />);
    const control = screen.getByRole('switch', { name: 'Premium only' }) as HTMLInputElement;
    expect(control.checked).toBe(true);
    expect(control.className).toBe('form-check-input');
  });
});
