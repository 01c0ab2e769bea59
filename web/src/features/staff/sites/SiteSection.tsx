import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import { SiteField } from './site-fields';

export function Section({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <section className="staff-card staff-site-section" id={`site-${id}`} aria-labelledby={`site-${id}-title`}>
      <h2 className="h5 mb-1" id={`site-${id}-title`}>
        {title}
      </h2>
      <p className="small text-body-secondary">{intro}</p>
      <div className="staff-site-fields">{children}</div>
    </section>
  );
}

export function ReadOnly({ id, label, value, help }: { id: string; label: string; value: string; help: string }) {
  return (
    <SiteField id={id} label={label} help={help}>
      {(control) => <Form.Control {...control} value={value} readOnly plaintext className="fw-semibold" />}
    </SiteField>
  );
}
