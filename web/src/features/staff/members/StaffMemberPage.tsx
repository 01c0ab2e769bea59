import { REPORT_REASONS, type ReportReason, type StaffMemberDetail } from '@amora/common';
import { type FormEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { formatDate, formatMoney, formatTime } from '../../../i18n/format';
import { Loading } from '../../../shared/components/Loading';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { STAFF_LOCALE } from '../shared/api';
import { StaffField } from '../shared/StaffField';
import { type MemberAction, useActOnMember, useStaffMember } from './api';
import { Erase } from './MemberErase';
import { MemberStatus } from './MemberStatus';

const REASON_LABELS: Record<ReportReason, string> = {
  fake: 'Fake profile',
  inappropriate_photos: 'Inappropriate photos',
  harassment: 'Harassment',
  scam: 'Scam or asking for money',
  underage: 'Under 18',
  other: 'Other breach of the terms',
};
const when = (value: string) => `${formatDate(value, STAFF_LOCALE)}, ${formatTime(value, STAFF_LOCALE)}`;

/** A session's browser and system as staff read them ("Chrome on Android"). */
function deviceName({ browser, system }: StaffMemberDetail['sessions'][number]['device']): string {
  return browser && system ? `${browser} on ${system}` : (browser ?? system ?? 'Unknown device');
}

/** /staff/members/:id (moderators, admins): what staff may know of a member, and what they may do. */
export default function StaffMemberPage() {
  const id = Number(useParams().id);
  const member = useStaffMember(id);
  useDocumentTitle(member.data ? `${member.data.member.name} · Members` : 'Member');

  if (member.isError) return <Alert variant="danger">{member.error.message}</Alert>;
  if (!member.data) return <Loading />;
  const { member: profile, photos, credits, payments, reports, sessions } = member.data;
  return (
    <section className="staff-member">
      <p className="mb-2">
        <Link to="/staff/members">← Members</Link>
      </p>
      <div className="staff-page-head">
        <h1 className="h3 mb-1">
          {profile.name} <span className="text-body-secondary fw-normal fs-5">profile {profile.id}</span>
        </h1>
        <div className="d-flex flex-wrap gap-1 align-items-center">
          <MemberStatus status={profile.status} />
          {profile.suspension === 'ban' && <Badge bg="danger">Banned</Badge>}
          {profile.paid && (
            <Badge bg="light" text="dark">
              Paid
            </Badge>
          )}
          <span className="small text-body-secondary">
            {profile.site.name} · since {formatDate(profile.signup_date, STAFF_LOCALE)}
          </span>
        </div>
      </div>
      <div className="staff-member-grid">
        <div>
          <div className="staff-card">
            <h2 className="h6">Account</h2>
            <dl className="staff-case-facts mb-0">
              {profile.email && (
                <>
                  <dt>Email</dt>
                  <dd>{profile.email}</dd>
                </>
              )}
              <dt>Language</dt>
              <dd>{profile.language.toUpperCase()}</dd>
              <dt>Address</dt>
              <dd>{profile.confirmed ? 'Confirmed' : 'Not confirmed'}</dd>
              <dt>Born</dt>
              <dd>{formatDate(profile.date_of_birth, STAFF_LOCALE)}</dd>
              <dt>Lives in</dt>
              <dd>{[profile.city, profile.country].filter(Boolean).join(', ') || '—'}</dd>
              {profile.suspended_at && (
                <>
                  <dt>{profile.suspension === 'ban' ? 'Banned' : 'Suspended'}</dt>
                  <dd>{when(profile.suspended_at)}</dd>
                </>
              )}
              {profile.deleted_at && (
                <>
                  <dt>Deleted</dt>
                  <dd>{when(profile.deleted_at)}</dd>
                </>
              )}
            </dl>
            {profile.about && <blockquote className="staff-case-text mt-2 mb-0">{profile.about}</blockquote>}
          </div>
          <Actions member={member.data} />
        </div>
        <div>
          <div className="staff-card">
            <h2 className="h6">Photos</h2>
            {photos.length === 0 ? (
              <p className="mb-0 text-body-secondary">No photos.</p>
            ) : (
              <ul className="staff-member-photos" aria-label="Photos">
                {photos.map((photo) => (
                  <li key={photo.id}>
                    <a href={photo.url} target="_blank" rel="noreferrer">
                      <img src={photo.thumb_url} alt={`${profile.name}, number ${photo.id}`} loading="lazy" />
                    </a>
                    <span className="small">
                      {photo.status}
                      {photo.rejection && `: ${photo.rejection.replaceAll('_', ' ')}`}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div className="staff-card">
            <h2 className="h6">Credits: {credits.balance}</h2>
            <table className="staff-table" aria-label="Credits ledger">
              <tbody>
                {credits.ledger.map((line) => (
                  <tr key={line.id}>
                    <td>{when(line.created_at)}</td>
                    <td>{line.reason}</td>
                    <td className="text-end">{line.delta > 0 ? `+${line.delta}` : line.delta}</td>
                    <td className="text-end text-body-secondary">{line.balance_after}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="staff-card">
            <h2 className="h6">Payments</h2>
            {payments.length === 0 ? (
              <p className="mb-0 text-body-secondary">No payments.</p>
            ) : (
              <table className="staff-table" aria-label="Payments">
                <tbody>
                  {payments.map((payment) => (
                    <tr key={payment.id}>
                      <td>
                        <Link to={`/staff/payments?member=${profile.id}`}>#{payment.id}</Link>
                      </td>
                      <td>{when(payment.created_at)}</td>
                      <td className="text-end">{formatMoney(payment.amount, payment.currency, STAFF_LOCALE)}</td>
                      <td>{payment.status.replace('_', ' ')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </div>
          <div className="staff-card">
            <h2 className="h6">Reports</h2>
            {reports.length === 0 ? (
              <p className="mb-0 text-body-secondary">None made or received.</p>
            ) : (
              <ul className="list-unstyled mb-0">
                {reports.map((report) => (
                  <li key={report.id} className="mb-2">
                    {report.direction === 'made' ? 'Reported ' : 'Reported by '}
                    <Link to={`/staff/members/${report.other.id}`}>{report.other.name}</Link>:{' '}
                    {REASON_LABELS[report.reason as ReportReason] ?? report.reason}
                    <span className="d-block small text-body-secondary">{when(report.created_at)}</span>
                    {report.comment && <span className="d-block small">“{report.comment}”</span>}
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div className="staff-card">
            <h2 className="h6">Signed in</h2>
            {sessions.length === 0 ? (
              <p className="mb-0 text-body-secondary">Nowhere now.</p>
            ) : (
              <ul className="list-unstyled mb-0">
                {sessions.map((session) => (
                  <li key={session.id}>
                    {deviceName(session.device)} · {session.country ?? 'place unknown'} · since{' '}
                    {when(session.first_seen)}, last seen {when(session.last_seen)}
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}

/** Suspend or ban (a statement of reasons is mailed), lift, or grant or take credits. */
function Actions({ member }: { member: StaffMemberDetail }) {
  const act = useActOnMember(member.member.id);
  const [done, setDone] = useState<string | null>(null);
  const [reason, setReason] = useState<ReportReason>('fake');
  const [explanation, setExplanation] = useState('');
  const [amount, setAmount] = useState('');
  const [creditsWhy, setCreditsWhy] = useState('');
  // Both forms send an explanation: its reason goes to the form that sent it.
  const fieldError = (field: string, ...of: MemberAction['action'][]) =>
    act.error instanceof ApiError && act.variables && of.includes(act.variables.action)
      ? act.error.fields[field]?.message
      : undefined;
  const measureWhy = fieldError('explanation', 'suspend', 'ban');
  const amountError = fieldError('amount', 'credits');
  const creditsWhyError = fieldError('explanation', 'credits');
  const run = (input: MemberAction, message: string, reset: () => void) => {
    setDone(null);
    act.mutate(input, {
      onSuccess: () => {
        setDone(message);
        reset();
      },
    });
  };
  const measure = (event: FormEvent, action: 'suspend' | 'ban') => {
    event.preventDefault();
    run(
      { action, reason, ...(explanation.trim() && { explanation }) },
      action === 'ban' ? 'Banned; the member is mailed why.' : 'Suspended; the member is mailed why.',
      () => setExplanation(''),
    );
  };
  const suspended = member.member.suspended_at !== null;

  return (
    <div className="staff-card">
      <h2 className="h6">Actions</h2>
      {done && (
        <Alert variant="success" dismissible onClose={() => setDone(null)}>
          {done}
        </Alert>
      )}
      {act.isError && !measureWhy && !amountError && !creditsWhyError && (
        <Alert variant="danger">{act.error.message}</Alert>
      )}
      {suspended ? (
        <div className="mb-3">
          <Button
            variant="outline-primary"
            disabled={act.isPending}
            onClick={() => run({ action: 'lift' }, 'Lifted: the member can sign in again.', () => {})}
          >
            Lift the {member.member.suspension === 'ban' ? 'ban' : 'suspension'}
          </Button>
        </div>
      ) : (
        <Form onSubmit={(event) => measure(event, 'suspend')} aria-label="Suspend or ban" className="mb-3">
          <StaffField id="member-reason" label="Reason" className="mb-2">
            {(control) => (
              <Form.Select
                {...control}
                size="sm"
                value={reason}
                onChange={(e) => setReason(e.target.value as ReportReason)}
              >
                {REPORT_REASONS.map((each) => (
                  <option key={each} value={each}>
                    {REASON_LABELS[each]}
                  </option>
                ))}
              </Form.Select>
            )}
          </StaffField>
          <StaffField
            id="member-explanation"
            label="Facts and reasons (optional)"
            help="Mailed to the member with the statement of reasons and a link to appeal."
            error={measureWhy}
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
          <div className="d-flex flex-wrap gap-2">
            <Button type="submit" variant="danger" size="sm" disabled={act.isPending}>
              Suspend
            </Button>
            <Button
              variant="outline-danger"
              size="sm"
              disabled={act.isPending}
              onClick={(event) => measure(event, 'ban')}
            >
              Ban
            </Button>
          </div>
        </Form>
      )}
      <Form
        aria-label="Grant or take credits"
        onSubmit={(event) => {
          event.preventDefault();
          run({ action: 'credits', amount: Number(amount), explanation: creditsWhy }, 'Credits adjusted.', () => {
            setAmount('');
            setCreditsWhy('');
          });
        }}
      >
        <div className="d-flex flex-wrap gap-2 align-items-start">
          <StaffField id="member-amount" label="Credits (+ grant, − take)" error={amountError} className="staff-amount">
            {(control) => (
              <Form.Control
                {...control}
                size="sm"
                inputMode="numeric"
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
              />
            )}
          </StaffField>
          <StaffField id="member-credits-why" label="Why" error={creditsWhyError} className="flex-grow-1">
            {(control) => (
              <Form.Control {...control} size="sm" value={creditsWhy} onChange={(e) => setCreditsWhy(e.target.value)} />
            )}
          </StaffField>
        </div>
        <Button type="submit" size="sm" variant="outline-primary" className="mt-2" disabled={act.isPending}>
          Adjust credits
        </Button>
      </Form>
      {!member.member.confirmed && !member.member.deleted_at && (
        <div className="mt-3">
          <Button
            size="sm"
            variant="outline-secondary"
            disabled={act.isPending}
            onClick={() => run({ action: 'activation' }, 'Activation mail sent again.', () => {})}
          >
            Resend the activation mail
          </Button>
        </div>
      )}
      <Erase member={member} />
    </div>
  );
}
