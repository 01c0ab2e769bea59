import type { Persona, PersonaFacts } from '@amora/common';
import { type FormEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { formatDate, formatTime } from '../../../i18n/format';
import { StaffField } from './StaffField';
import { useStaffWords } from './words';

const PERSONA_LINES: Exclude<keyof PersonaFacts, 'story'>[] = ['job', 'town', 'family', 'pets', 'hobbies'];

/**
 * The facts every operator answering as a hosted profile keeps consistent; saved for all its
 * conversations. Someone else's save meanwhile is told here and their version shown in the form.
 * Without `onSave` (operators on the profile's page) the facts are shown, not edited.
 */
export function PersonaSheet({
  hostedName,
  persona,
  saving = false,
  error = null,
  onSave,
}: {
  hostedName: string;
  persona: Persona;
  saving?: boolean;
  error?: Error | null;
  onSave?: (facts: PersonaFacts) => void;
}) {
  const { t, locale } = useStaffWords();
  const heading = t('persona.heading', { name: hostedName });
  return (
    <section className="staff-card staff-persona" aria-label={heading}>
      <h2 className="h5">{heading}</h2>
      {persona.updated_by && persona.updated_at && (
        <p className="small text-body-secondary">
          {t('persona.changed', {
            name: persona.updated_by,
            date: formatDate(persona.updated_at, locale),
            time: formatTime(persona.updated_at, locale),
          })}
        </p>
      )}
      {error && <Alert variant="warning">{error.message}</Alert>}
      {onSave ? (
        <PersonaForm key={persona.version} persona={persona} busy={saving} onSave={onSave} />
      ) : (
        <KeptFacts persona={persona} />
      )}
    </section>
  );
}

function KeptFacts({ persona }: { persona: Persona }) {
  const { t } = useStaffWords();
  const lines = PERSONA_LINES.filter((field) => persona[field]);
  if (lines.length === 0 && !persona.story) {
    return <p className="small text-body-secondary mb-0">{t('persona.none')}</p>;
  }
  return (
    <dl className="staff-persona-facts mb-0">
      {lines.map((field) => (
        <div key={field}>
          <dt>{t(`persona.lines.${field}`)}</dt>
          <dd>{persona[field]}</dd>
        </div>
      ))}
      {persona.story && (
        <div>
          <dt>{t('persona.lines.story')}</dt>
          <dd className="staff-persona-story">{persona.story}</dd>
        </div>
      )}
    </dl>
  );
}

function PersonaForm({
  persona,
  busy,
  onSave,
}: {
  persona: Persona;
  busy: boolean;
  onSave: (facts: PersonaFacts) => void;
}) {
  const { t } = useStaffWords();
  const [facts, setFacts] = useState<PersonaFacts>(() => ({
    job: persona.job,
    town: persona.town,
    family: persona.family,
    pets: persona.pets,
    hobbies: persona.hobbies,
    story: persona.story,
  }));
  const set = (field: keyof PersonaFacts) => (event: { target: { value: string } }) =>
    setFacts((before) => ({ ...before, [field]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(facts);
  };
  return (
    <Form onSubmit={submit}>
      {PERSONA_LINES.map((field) => (
        <StaffField
          key={field}
          id={`persona-${field}`}
          label={t(`persona.lines.${field}`)}
          className="staff-persona-line"
          labelClassName=""
        >
          {(control) => (
            <Form.Control {...control} size="sm" maxLength={200} value={facts[field]} onChange={set(field)} />
          )}
        </StaffField>
      ))}
      <StaffField id="persona-story" label={t('persona.lines.story')} className="mt-2" labelClassName="">
        {(control) => (
          <Form.Control
            {...control}
            as="textarea"
            rows={4}
            maxLength={4000}
            value={facts.story}
            onChange={set('story')}
          />
        )}
      </StaffField>
      <Button type="submit" size="sm" variant="outline-primary" className="mt-2" disabled={busy}>
        {t('persona.save')}
      </Button>
    </Form>
  );
}
