import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import { HelpPopover } from '../shared/HelpPopover';
import { useStaffWords } from '../shared/words';
import { SiteField } from './site-fields';
import type { SECTIONS } from './site-labels';

/** A card of the site's page: its title, what it is for behind the info button, and its fields. */
export function Section({ id, children }: { id: (typeof SECTIONS)[number]; children: ReactNode }) {
  const { t } = useStaffWords();
  const title = t(`sites.sections.${id}`);
  return (
    <section className="staff-card staff-site-section" id={`site-${id}`} aria-labelledby={`site-${id}-title`}>
      <div className="staff-help-head mb-2">
        <h2 className="h5 mb-0" id={`site-${id}-title`}>
          {title}
        </h2>
        <HelpPopover topic={title}>{t(`sites.intros.${id}`)}</HelpPopover>
      </div>
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
