import { CASE_KINDS, type ModerationCase } from '@amora/common';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Nav from 'react-bootstrap/Nav';
import { formatTime } from '../../../i18n/format';
import { Loading } from '../../../shared/components/Loading';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { type CaseFilter, STAFF_LOCALE } from '../shared/api';
import { OlderButton } from '../shared/OlderButton';
import { SiteSelect } from '../shared/SiteSelect';
import { useReviewCase, useStaffCases } from './api';
import { AppealPanel, DecisionForm } from './CaseForms';
import { humanise, when } from './case-words';

const STATUS_VARIANTS: Record<ModerationCase['status'], string> = {
  open: 'warning',
  in_review: 'info',
  actioned: 'danger',
  dismissed: 'secondary',
};

/**
 * /staff/cases (moderators, admins): reports and complaints to a decision with a statement of
 * reasons mailed to each side, and the appeals against decisions, reviewed by someone else.
 */
export default function StaffCasesPage() {
  useDocumentTitle('Reports');
  const [filter, setFilter] = useState<CaseFilter>({ view: 'waiting' });
  const cases = useStaffCases(filter);
  const [done, setDone] = useState<string | null>(null);
  const first = cases.data?.pages[0];
  const rows = cases.data?.pages.flatMap((page) => page.cases) ?? [];
  const set = (change: Partial<CaseFilter>) => {
    setDone(null);
    setFilter({ ...filter, ...change });
  };

  return (
    <section>
      <div className="staff-page-head">
        <h1 className="h3">Reports and complaints</h1>
        <p className="text-body-secondary mb-0">
          Each decision mails a statement of reasons to who reported it and, when you take a measure, to the member it
          concerns, in their language, with a link to appeal. Appeals go to someone other than who decided.
        </p>
      </div>
      <Nav variant="pills" className="mb-3 gap-1" activeKey={filter.view} aria-label="Cases">
        <Nav.Item>
          <Nav.Link eventKey="waiting" onClick={() => set({ view: 'waiting' })}>
            Waiting{' '}
            {first && (
              <Badge bg="light" text="dark">
                {first.waiting}
              </Badge>
            )}
          </Nav.Link>
        </Nav.Item>
        <Nav.Item>
          <Nav.Link eventKey="appealed" onClick={() => set({ view: 'appealed' })}>
            Appeals{' '}
            {first && (
              <Badge bg="light" text="dark">
                {first.appeals_waiting}
              </Badge>
            )}
          </Nav.Link>
        </Nav.Item>
        <Nav.Item>
          <Nav.Link eventKey="decided" onClick={() => set({ view: 'decided' })}>
            Decided
          </Nav.Link>
        </Nav.Item>
      </Nav>
      <Filters filter={filter} onChange={set} />
      {first && (
        <p className="small text-body-secondary">Refreshed at {formatTime(first.refreshed_at, STAFF_LOCALE)}</p>
      )}
      {cases.isError && <Alert variant="danger">{cases.error.message}</Alert>}
      {done && (
        <Alert variant="success" dismissible onClose={() => setDone(null)}>
          {done}
        </Alert>
      )}
      {cases.isPending ? (
        <Loading />
      ) : rows.length === 0 ? (
        <p>{filter.view === 'decided' ? 'No decided cases match.' : 'Nothing waiting. Well done.'}</p>
      ) : (
        <div className="staff-cases">
          {rows.map((row) => (
            <CaseCard key={row.id} row={row} onDone={setDone} />
          ))}
          <OlderButton list={cases} label={filter.view === 'decided' ? 'Older cases' : 'More cases'} />
        </div>
      )}
    </section>
  );
}

function Filters({ filter, onChange }: { filter: CaseFilter; onChange: (change: Partial<CaseFilter>) => void }) {
  return (
    <fieldset className="staff-filters" aria-label="Filter cases">
      <SiteSelect value={filter.site ?? ''} onChange={(site) => onChange({ site })} />
      <Form.Select
        size="sm"
        aria-label="Kind"
        value={filter.kind ?? ''}
        onChange={(e) => onChange({ kind: e.target.value })}
      >
        <option value="">All kinds</option>
        {CASE_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {humanise(kind)}s
          </option>
        ))}
      </Form.Select>
    </fieldset>
  );
}

function CaseCard({ row, onDone }: { row: ModerationCase; onDone: (message: string) => void }) {
  const review = useReviewCase();
  const waiting = row.status === 'open' || row.status === 'in_review';
  const about = row.subject?.name ?? 'a deleted profile';
  const title = { report: `Report about ${about}`, complaint: 'Complaint', initiative: `Staff measure on ${about}` }[
    row.kind
  ];
  return (
    <article className="staff-card staff-case" aria-label={`Case ${row.id}`}>
      <header className="staff-case-head">
        <div>
          <h2 className="h6 mb-1">
            {title} <span className="text-body-secondary fw-normal">#{row.id}</span>
          </h2>
          <div className="small text-body-secondary">
            {row.site.name} · {when(row.created_at)}
          </div>
        </div>
        <Badge bg={STATUS_VARIANTS[row.status]} text={waiting ? 'dark' : undefined}>
          {humanise(row.status)}
        </Badge>
      </header>
      <dl className="staff-case-facts">
        <dt>{row.kind === 'complaint' ? 'Category' : 'Reason'}</dt>
        <dd>{humanise(row.reason)}</dd>
        {row.reporter && (
          <>
            <dt>From</dt>
            <dd>
              {row.reporter.profile ? `${row.reporter.name} (profile ${row.reporter.profile.id})` : row.reporter.name}
              {row.reporter.email && <span className="text-body-secondary"> · {row.reporter.email}</span>}
            </dd>
          </>
        )}
        {row.subject && (
          <>
            <dt>About</dt>
            <dd>
              {row.subject.name} (profile {row.subject.id}){row.subject.hosted && ' · hosted profile'}
              {row.subject.suspended && (
                <Badge bg="danger" className="ms-2">
                  Suspended
                </Badge>
              )}
            </dd>
          </>
        )}
        {row.reference && (
          <>
            <dt>Reference</dt>
            <dd>{row.reference}</dd>
          </>
        )}
      </dl>
      {row.text && <blockquote className="staff-case-text">{row.text}</blockquote>}
      {waiting ? (
        <>
          <p className="small mb-2">
            {row.reviewing_by_me
              ? 'You are reviewing this case.'
              : row.reviewer
                ? `${row.reviewer} is reviewing this case.`
                : 'Nobody is on this case yet.'}
            {!row.reviewing_by_me && (
              <Button
                size="sm"
                variant="outline-primary"
                className="ms-2"
                disabled={review.isPending}
                onClick={() => review.mutate(row.id)}
              >
                {row.reviewer ? 'Take over' : 'Take in review'}
              </Button>
            )}
          </p>
          {review.isError && <Alert variant="danger">{review.error.message}</Alert>}
          <DecisionForm row={row} onDone={onDone} />
        </>
      ) : (
        row.decision && (
          <p className="staff-case-decision">
            <strong>{row.decision.measure ? humanise(row.decision.measure) : 'Dismissed'}</strong> by{' '}
            {row.decision.by_me ? 'you' : row.decision.decided_by}, {when(row.decision.decided_at)}
            {row.decision.explanation && <span className="d-block">“{row.decision.explanation}”</span>}
          </p>
        )
      )}
      {row.appeals.map((appeal) => (
        <AppealPanel key={appeal.id} appeal={appeal} ownDecision={row.decision?.by_me ?? false} onDone={onDone} />
      ))}
    </article>
  );
}
