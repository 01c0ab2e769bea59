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
import { StaffField } from '../shared/StaffField';
import { useDecideAppeal, useDecideCase } from './api';
import { humanise, when } from './case-words';

const MEASURE_LABELS: Record<CaseMeasure, string> = {
  warning: 'Warn the member',
  suspension: 'Suspend the account',
  ban: 'Ban (the address cannot sign up again)',
  resolved: 'Resolved',
};
const OUTCOME_LABELS: Record<AppealOutcome, string> = {
  upheld: 'Uphold: the decision stands',
  reversed: 'Reverse: withdraw the decision',
};

/** The decision on a waiting case, with the facts and reasons mailed to each side. */
export function DecisionForm({ row, onDone }: { row: ModerationCase; onDone: (message: string) => void }) {
  const decide = useDecideCase();
  const measures: readonly CaseMeasure[] =
    row.kind === 'complaint' ? ['resolved'] : row.subject?.hosted ? ['warning'] : REPORT_MEASURES;
  const [decision, setDecision] = useState<'actioned' | 'dismissed'>('actioned');
  const [measure, setMeasure] = useState<CaseMeasure>(measures[0] ?? 'warning');
  const [explanation, setExplanation] = useState('');
  const fieldError = (field: string) =>
    decide.error instanceof ApiError ? decide.error.fields[field]?.message : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    decide.mutate(
      {
        case: row.id,
        decision,
        ...(decision === 'actioned' && { measure }),
        ...(explanation.trim() && { explanation }),
      },
      { onSuccess: () => onDone(`Case #${row.id} decided; the statements of reasons are on their way.`) },
    );
  };
  return (
    <Form className="staff-case-form" onSubmit={submit} aria-label={`Decide case ${row.id}`}>
      <fieldset className="mb-2">
        <legend className="form-label small fw-semibold mb-1">Decision</legend>
        <Form.Check
          inline
          type="radio"
          id={`case-${row.id}-act`}
          label="Take action"
          checked={decision === 'actioned'}
          onChange={() => setDecision('actioned')}
        />
        <Form.Check
          inline
          type="radio"
          id={`case-${row.id}-dismiss`}
          label="Dismiss"
          checked={decision === 'dismissed'}
          onChange={() => setDecision('dismissed')}
        />
      </fieldset>
      {decision === 'actioned' && (
        <StaffField id={`case-${row.id}-measure`} label="Measure" error={fieldError('measure')} className="mb-2">
          {(control) => (
            <Form.Select
              {...control}
              size="sm"
              value={measure}
              onChange={(e) => setMeasure(e.target.value as CaseMeasure)}
            >
              {measures.map((each) => (
                <option key={each} value={each}>
                  {MEASURE_LABELS[each]}
                </option>
              ))}
            </Form.Select>
          )}
        </StaffField>
      )}
      <StaffField
        id={`case-${row.id}-explanation`}
        label="Facts and reasons (optional)"
        help="Mailed as you write it, after the standard text in each side's language."
        error={fieldError('explanation')}
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
      {decide.isError && !fieldError('measure') && !fieldError('explanation') && (
        <Alert variant="danger">{decide.error.message}</Alert>
      )}
      <Button type="submit" size="sm" disabled={decide.isPending}>
        Decide and send the statement
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
  const [outcome, setOutcome] = useState<AppealOutcome>('upheld');
  const [explanation, setExplanation] = useState('');
  const explanationError = decide.error instanceof ApiError ? decide.error.fields.explanation?.message : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    decide.mutate(
      { appeal: appeal.id, outcome, ...(explanation.trim() && { explanation }) },
      { onSuccess: () => onDone(`Appeal ${appeal.id} reviewed; its outcome is mailed.`) },
    );
  };
  return (
    <section className="staff-appeal" aria-label={`Appeal ${appeal.id}`}>
      <h3 className="h6 mb-1">
        Appeal by {appeal.party === 'reporter' ? 'who reported' : 'the member concerned'}{' '}
        <span className="small text-body-secondary fw-normal">{when(appeal.appealed_at)}</span>
      </h3>
      <blockquote className="staff-case-text">{appeal.text}</blockquote>
      {appeal.outcome ? (
        <p className="small mb-0">
          <strong>{humanise(appeal.outcome)}</strong> by {appeal.decided_by}
          {appeal.decided_at && `, ${when(appeal.decided_at)}`}
          {appeal.explanation && <span className="d-block">“{appeal.explanation}”</span>}
        </p>
      ) : ownDecision ? (
        <p className="small text-body-secondary mb-0">You took this decision: a colleague reviews the appeal.</p>
      ) : (
        <Form onSubmit={submit} aria-label={`Review appeal ${appeal.id}`}>
          <fieldset className="mb-2">
            <legend className="visually-hidden">Outcome</legend>
            {APPEAL_OUTCOMES.map((each) => (
              <Form.Check
                key={each}
                type="radio"
                id={`appeal-${appeal.id}-${each}`}
                label={OUTCOME_LABELS[each]}
                checked={outcome === each}
                onChange={() => setOutcome(each)}
              />
            ))}
          </fieldset>
          <StaffField
            id={`appeal-${appeal.id}-explanation`}
            label="Reasons (optional)"
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
          <Button type="submit" size="sm" disabled={decide.isPending}>
            Send the outcome
          </Button>
        </Form>
      )}
    </section>
  );
}
