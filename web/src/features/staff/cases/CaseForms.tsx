/** The forms of a case: its decision, and the review of an appeal against it. */
import {
  APPEAL_OUTCOMES,
  type AppealOutcome,
  type CaseMeasure,
  type ModerationCase,
  REPORT_MEASURES,
} from '@amora/common';
import { type FormEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { ApiError } from '../../../api/client';
import { Trans } from '../../../i18n';
import { FactsField } from '../shared/FactsField';
import { FieldNotes, StaffField } from '../shared/StaffField';
import { useStaffWords } from '../shared/words';
import { useDecideAppeal, useDecideCase } from './api';
import { when } from './case-words';

type Decision = 'actioned' | 'dismissed';

/** The decision on a waiting case, with the facts and reasons mailed to each side. */
export function DecisionForm({ row, onDone }: { row: ModerationCase; onDone: (message: string) => void }) {
  const decide = useDecideCase();
  const { t } = useStaffWords();
  const measures: readonly CaseMeasure[] =
    row.kind === 'complaint' ? ['resolved'] : row.subject?.hosted ? ['warning'] : REPORT_MEASURES;
  // Nothing is chosen for the moderator: a case is acted on or dismissed on purpose.
  const [decision, setDecision] = useState<Decision | null>(null);
  const [unchosen, setUnchosen] = useState(false);
  const [measure, setMeasure] = useState<CaseMeasure>(measures[0] ?? 'warning');
  const [explanation, setExplanation] = useState('');
  const fieldError = (field: string) =>
    decide.error instanceof ApiError ? decide.error.fields[field]?.message : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (decision === null) {
      setUnchosen(true);
      return;
    }
    decide.mutate(
      {
        case: row.id,
        decision,
        ...(decision === 'actioned' && { measure }),
        ...(explanation.trim() && { explanation }),
      },
      { onSuccess: () => onDone(t('cases.decide.done', { id: row.id })) },
    );
  };
  return (
    <Form className="staff-case-form" onSubmit={submit} aria-label={t('cases.decide.form', { id: row.id })} noValidate>
      <fieldset
        className="mb-2"
        aria-invalid={unchosen && decision === null ? true : undefined}
        aria-describedby={unchosen && decision === null ? `case-${row.id}-decision-error` : undefined}
      >
        <legend className="form-label small fw-semibold mb-1">{t('cases.decide.decision')}</legend>
        {(['actioned', 'dismissed'] as const).map((each) => (
          <Form.Check
            key={each}
            inline
            type="radio"
            id={`case-${row.id}-${each}`}
            name={`case-${row.id}-decision`}
            label={t(`cases.decide.decisions.${each}`)}
            checked={decision === each}
            isInvalid={unchosen && decision === null}
            onChange={() => setDecision(each)}
          />
        ))}
        <FieldNotes
          id={`case-${row.id}-decision`}
          error={unchosen && decision === null ? t('cases.decide.choose') : undefined}
        />
      </fieldset>
      {decision === 'actioned' && (
        <StaffField
          id={`case-${row.id}-measure`}
          label={t('cases.decide.measure')}
          error={fieldError('measure')}
          className="mb-2"
        >
          {(control) => (
            <Form.Select {...control} value={measure} onChange={(e) => setMeasure(e.target.value as CaseMeasure)}>
              {measures.map((each) => (
                <option key={each} value={each}>
                  {t(`cases.decide.measures.${each}`)}
                </option>
              ))}
            </Form.Select>
          )}
        </StaffField>
      )}
      <FactsField
        id={`case-${row.id}-explanation`}
        value={explanation}
        onChange={setExplanation}
        help={t('cases.decide.factsHelp')}
        error={fieldError('explanation')}
      />
      {decide.isError && !fieldError('measure') && !fieldError('explanation') && (
        <Alert variant="danger">{decide.error.message}</Alert>
      )}
      <Button type="submit" disabled={decide.isPending}>
        {t('cases.decide.submit')}
      </Button>
    </Form>
  );
}

/** An appeal against a decision, and its review by someone other than who decided. */
export function AppealPanel({
  appeal,
  ownDecision,
  onDone,
}: {
  appeal: ModerationCase['appeals'][number];
  ownDecision: boolean;
  onDone: (message: string) => void;
}) {
  const decide = useDecideAppeal();
  const { t, locale } = useStaffWords();
  const [outcome, setOutcome] = useState<AppealOutcome>('upheld');
  const [explanation, setExplanation] = useState('');
  const explanationError = decide.error instanceof ApiError ? decide.error.fields.explanation?.message : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    decide.mutate(
      { appeal: appeal.id, outcome, ...(explanation.trim() && { explanation }) },
      { onSuccess: () => onDone(t('cases.appeal.done', { id: appeal.id })) },
    );
  };
  return (
    <section className="staff-appeal" aria-label={t('cases.appeal.label', { id: appeal.id })}>
      <h3 className="h6 mb-1">
        {t(`cases.appeal.by.${appeal.party}`)}{' '}
        <span className="small text-body-secondary fw-normal">{when(appeal.appealed_at, locale)}</span>
      </h3>
      <blockquote className="staff-case-text">{appeal.text}</blockquote>
      {appeal.outcome ? (
        <p className="small mb-0">
          <Trans
            t={t}
            i18nKey={appeal.decided_at ? 'cases.appeal.decided' : 'cases.appeal.decidedUndated'}
            values={{
              outcome: t(`cases.appeal.outcomeNames.${appeal.outcome}`),
              name: appeal.decided_by,
              when: appeal.decided_at && when(appeal.decided_at, locale),
            }}
            components={{ b: <strong /> }}
          />
          {appeal.explanation && <span className="d-block">{t('cases.quoted', { text: appeal.explanation })}</span>}
        </p>
      ) : ownDecision ? (
        <p className="small text-body-secondary mb-0">{t('cases.appeal.ownDecision')}</p>
      ) : (
        <Form onSubmit={submit} aria-label={t('cases.appeal.review', { id: appeal.id })}>
          <fieldset className="mb-2">
            <legend className="visually-hidden">{t('cases.appeal.outcome')}</legend>
            {APPEAL_OUTCOMES.map((each) => (
              <Form.Check
                key={each}
                type="radio"
                id={`appeal-${appeal.id}-${each}`}
                label={t(`cases.appeal.outcomes.${each}`)}
                checked={outcome === each}
                onChange={() => setOutcome(each)}
              />
            ))}
          </fieldset>
          <StaffField
            id={`appeal-${appeal.id}-explanation`}
            label={t('cases.appeal.reasons')}
            error={explanationError}
            className="mb-2"
          >
            {(control) => (
              <Form.Control
                {...control}
                as="textarea"
                rows={2}
                value={explanation}
                onChange={(e) => setExplanation(e.target.value)}
              />
            )}
          </StaffField>
          {decide.isError && !explanationError && <Alert variant="danger">{decide.error.message}</Alert>}
          <Button type="submit" disabled={decide.isPending}>
            {t('cases.appeal.submit')}
          </Button>
        </Form>
      )}
    </section>
  );
}
