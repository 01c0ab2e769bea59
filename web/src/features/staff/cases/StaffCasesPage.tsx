import { CASE_KINDS, type ModerationCase } from '@amora/common';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Nav from 'react-bootstrap/Nav';
import { Trans } from '../../../i18n';
import { formatTime } from '../../../i18n/format';
import { Loading } from '../../../shared/components/Loading';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import type { CaseFilter } from '../shared/api';
import { OlderButton } from '../shared/OlderButton';
import { SiteSelect } from '../shared/SiteSelect';
import { StaffPageHead } from '../shared/StaffPageHead';
import { useStaffWords } from '../shared/words';
import { useReviewCase, useStaffCases } from './api';
import { AppealPanel, DecisionForm } from './CaseForms';
import { when } from './case-words';

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
  const { t, locale } = useStaffWords();
  useDocumentTitle(t('nav.reports'));
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
      <StaffPageHead title={t('cases.title')} help={t('cases.intro')} />
      <Nav variant="pills" className="mb-3 gap-1" activeKey={filter.view} aria-label={t('cases.views.label')}>
        <Nav.Item>
          <Nav.Link eventKey="waiting" onClick={() => set({ view: 'waiting' })}>
            {t('cases.views.waiting')}{' '}
            {first && (
              <Badge bg="light" text="dark">
                {first.waiting}
              </Badge>
            )}
          </Nav.Link>
        </Nav.Item>
        <Nav.Item>
          <Nav.Link eventKey="appealed" onClick={() => set({ view: 'appealed' })}>
            {t('cases.views.appealed')}{' '}
            {first && (
              <Badge bg="light" text="dark">
                {first.appeals_waiting}
              </Badge>
            )}
          </Nav.Link>
        </Nav.Item>
        <Nav.Item>
          <Nav.Link eventKey="decided" onClick={() => set({ view: 'decided' })}>
            {t('cases.views.decided')}
          </Nav.Link>
        </Nav.Item>
      </Nav>
      <Filters filter={filter} onChange={set} />
      {first && (
        <p className="small text-body-secondary">
          {t('cases.refreshed', { time: formatTime(first.refreshed_at, locale) })}
        </p>
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
        <p>{filter.view === 'decided' ? t('cases.noneDecided') : t('cases.noneWaiting')}</p>
      ) : (
        <div className="staff-cases">
          {rows.map((row) => (
            <CaseCard key={row.id} row={row} onDone={setDone} />
          ))}
          <OlderButton list={cases} label={filter.view === 'decided' ? t('cases.older') : t('cases.more')} />
        </div>
      )}
    </section>
  );
}

function Filters({ filter, onChange }: { filter: CaseFilter; onChange: (change: Partial<CaseFilter>) => void }) {
  const { t } = useStaffWords();
  return (
    <fieldset className="staff-filters" aria-label={t('cases.filters')}>
      <SiteSelect value={filter.site ?? ''} onChange={(site) => onChange({ site })} />
      <Form.Select
        aria-label={t('cases.kind')}
        value={filter.kind ?? ''}
        onChange={(e) => onChange({ kind: e.target.value })}
      >
        <option value="">{t('cases.allKinds')}</option>
        {CASE_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {t(`cases.kinds.${kind}`)}
          </option>
        ))}
      </Form.Select>
    </fieldset>
  );
}

function CaseCard({ row, onDone }: { row: ModerationCase; onDone: (message: string) => void }) {
  const review = useReviewCase();
  const { t, locale } = useStaffWords();
  const waiting = row.status === 'open' || row.status === 'in_review';
  return (
    <article className="staff-card staff-case" aria-label={t('cases.card', { id: row.id })}>
      <header className="staff-case-head">
        <div>
          <h2 className="h6 mb-1">
            {caseTitle(row, t)} <span className="text-body-secondary fw-normal">#{row.id}</span>
          </h2>
          <div className="small text-body-secondary">
            {row.site.name} · {when(row.created_at, locale)}
          </div>
        </div>
        <Badge bg={STATUS_VARIANTS[row.status]} text={waiting ? 'dark' : undefined}>
          {t(`cases.statuses.${row.status}`)}
        </Badge>
      </header>
      <dl className="staff-case-facts">
        <dt>{row.kind === 'complaint' ? t('cases.category') : t('cases.reason')}</dt>
        <dd>{reasonName(row, t)}</dd>
        {row.reporter && (
          <>
            <dt>{t('cases.from')}</dt>
            <dd>
              {row.reporter.profile
                ? t('cases.profileOf', { name: row.reporter.name, id: row.reporter.profile.id })
                : row.reporter.name}
              {row.reporter.email && <span className="text-body-secondary"> · {row.reporter.email}</span>}
            </dd>
          </>
        )}
        {row.subject && (
          <>
            <dt>{t('cases.about')}</dt>
            <dd>
              {t('cases.profileOf', { name: row.subject.name, id: row.subject.id })}
              {row.subject.hosted && <> · {t('cases.hosted')}</>}
              {row.subject.suspended && (
                <Badge bg="danger" className="ms-2">
                  {t('cases.suspended')}
                </Badge>
              )}
            </dd>
          </>
        )}
        {row.reference && (
          <>
            <dt>{t('cases.reference')}</dt>
            <dd>{row.reference}</dd>
          </>
        )}
      </dl>
      {row.text && <blockquote className="staff-case-text">{row.text}</blockquote>}
      {waiting ? (
        <>
          <p className="small mb-2">
            {row.reviewing_by_me
              ? t('cases.reviewingMe')
              : row.reviewer
                ? t('cases.reviewing', { name: row.reviewer })
                : t('cases.nobody')}
            {!row.reviewing_by_me && (
              <Button
                variant="outline-primary"
                className="ms-2"
                disabled={review.isPending}
                onClick={() => review.mutate(row.id)}
              >
                {row.reviewer ? t('cases.takeOver') : t('cases.takeInReview')}
              </Button>
            )}
          </p>
          {review.isError && <Alert variant="danger">{review.error.message}</Alert>}
          <DecisionForm row={row} onDone={onDone} />
        </>
      ) : (
        row.decision && (
          <p className="staff-case-decision">
            <Trans
              t={t}
              i18nKey={row.decision.by_me ? 'cases.decidedByMe' : 'cases.decidedBy'}
              values={{
                decision: t(`cases.decisions.${row.decision.measure ?? 'dismissed'}`),
                name: row.decision.decided_by,
                when: when(row.decision.decided_at, locale),
              }}
              components={{ b: <strong /> }}
            />
            {row.decision.explanation && (
              <span className="d-block">{t('cases.quoted', { text: row.decision.explanation })}</span>
            )}
          </p>
        )
      )}
      {row.appeals.map((appeal) => (
        <AppealPanel key={appeal.id} appeal={appeal} ownDecision={row.decision?.by_me ?? false} onDone={onDone} />
      ))}
    </article>
  );
}

type Words = ReturnType<typeof useStaffWords>['t'];

/** What a case is: a report or a staff measure about a profile (perhaps deleted since), or a complaint. */
function caseTitle(row: ModerationCase, t: Words): string {
  if (row.kind === 'complaint') return t('cases.titles.complaint');
  return row.subject ? t(`cases.titles.${row.kind}`, { name: row.subject.name }) : t(`cases.titles.${row.kind}Deleted`);
}

/** A report's reason or a complaint's category in words; a code the desk does not know as it is. */
function reasonName(row: ModerationCase, t: Words): string {
  const words = row.kind === 'complaint' ? 'cases.categories' : 'cases.reasons';
  return t(`${words}.${row.reason}`, { defaultValue: row.reason });
}
