import { PAYMENT_METHODS, PAYMENT_STATUSES, type StaffPayment } from '@amora/common';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { formatDate, formatMoney, formatTime } from '../../../i18n/format';
import { Loading } from '../../../shared/components/Loading';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { type PaymentFilter, STAFF_LOCALE } from '../shared/api';
import { OlderButton } from '../shared/OlderButton';
import { SiteSelect } from '../shared/SiteSelect';
import { StaffField } from '../shared/StaffField';
import { StaffTable } from '../shared/StaffTable';
import { useRefund, useStaffPayments } from './api';

const METHOD_LABELS: Record<StaffPayment['method'], string> = {
  ideal: 'iDEAL',
  creditcard: 'Card',
  paypal: 'PayPal',
  directdebit: 'Direct debit',
};

const STATUS_VARIANTS: Partial<Record<StaffPayment['status'], string>> = {
  paid: 'success',
  refunded: 'secondary',
  charged_back: 'danger',
  failed: 'danger',
};

const statusLabel = (status: string) => status.replace('_', ' ');
const when = (value: string) => `${formatDate(value, STAFF_LOCALE)}, ${formatTime(value, STAFF_LOCALE)}`;

/** /staff/payments (admins): payments on every site, newest first, filtered; a refund within the site's refund_days. */
export default function StaffPaymentsPage() {
  useDocumentTitle('Payments');
  const [filter, setFilter] = useState<PaymentFilter>({});
  const payments = useStaffPayments(filter);
  const [done, setDone] = useState<string | null>(null);
  const rows = payments.data?.pages.flatMap((page) => page.payments) ?? [];

  return (
    <section>
      <div className="staff-page-head">
        <h1 className="h3">Payments</h1>
        <p className="text-body-secondary mb-0">
          Every site, newest first. A paid purchase can be refunded within its site's refund period; the credits it
          brought that are left are taken back.
        </p>
      </div>
      <Filters filter={filter} onChange={setFilter} />
      {payments.isError && <Alert variant="danger">{payments.error.message}</Alert>}
      {done && (
        <Alert variant="success" dismissible onClose={() => setDone(null)}>
          {done}
        </Alert>
      )}
      {payments.isPending ? (
        <Loading />
      ) : rows.length === 0 ? (
        <p>No payments match.</p>
      ) : (
        <div className="staff-card">
          <StaffTable
            className="staff-payments"
            aria-label="Payments"
            columns={['Payment', 'Member', 'Amount', 'Status']}
          >
            {rows.map((payment) => (
              <PaymentRow key={payment.id} payment={payment} onRefunded={setDone} />
            ))}
          </StaffTable>
          <OlderButton list={payments} label="Older payments" />
        </div>
      )}
    </section>
  );
}

function Filters({ filter, onChange }: { filter: PaymentFilter; onChange: (filter: PaymentFilter) => void }) {
  const [member, setMember] = useState(filter.member ?? '');
  const set = (change: PaymentFilter) => onChange({ ...filter, ...change });
  const submitMember = (event: FormEvent) => {
    event.preventDefault();
    set({ member: member.trim() });
  };
  return (
    <form className="staff-filters" onSubmit={submitMember} aria-label="Filter payments">
      <SiteSelect value={filter.site ?? ''} onChange={(site) => set({ site })} />
      <Form.Select
        size="sm"
        aria-label="Status"
        value={filter.status ?? ''}
        onChange={(e) => set({ status: e.target.value })}
      >
        <option value="">Any status</option>
        {PAYMENT_STATUSES.map((status) => (
          <option key={status} value={status}>
            {statusLabel(status)}
          </option>
        ))}
      </Form.Select>
      <Form.Select
        size="sm"
        aria-label="Method"
        value={filter.method ?? ''}
        onChange={(e) => set({ method: e.target.value })}
      >
        <option value="">Any method</option>
        {PAYMENT_METHODS.map((method) => (
          <option key={method} value={method}>
            {METHOD_LABELS[method]}
          </option>
        ))}
      </Form.Select>
      <Form.Control
        size="sm"
        inputMode="numeric"
        aria-label="Member (profile id)"
        placeholder="Member id"
        value={member}
        onChange={(e) => setMember(e.target.value.replace(/\D/g, ''))}
      />
      <Button type="submit" size="sm" variant="outline-primary">
        Filter
      </Button>
    </form>
  );
}

function PaymentRow({ payment, onRefunded }: { payment: StaffPayment; onRefunded: (message: string) => void }) {
  const [asking, setAsking] = useState(false);
  return (
    <tr className={asking ? 'staff-confirming' : undefined}>
      <th scope="row" className="staff-cell-name">
        #{payment.id}
        <span className="d-block fw-normal small text-body-secondary">
          {when(payment.created_at)} · {payment.site.name} · {METHOD_LABELS[payment.method]}
        </span>
      </th>
      <td className="staff-cell-email">
        {payment.member ? `${payment.member.name} (#${payment.member.id})` : 'Deleted member'}
      </td>
      <td className="staff-cell-since">
        {formatMoney(payment.amount, payment.currency, STAFF_LOCALE)}
        <span className="d-block small text-body-secondary">
          {payment.credits} credits
          {payment.refunded_credits > 0 && `, ${payment.refunded_credits} taken back`}
        </span>
      </td>
      <td className="staff-cell-status">
        <Badge
          bg={STATUS_VARIANTS[payment.status] ?? 'light'}
          text={STATUS_VARIANTS[payment.status] ? undefined : 'dark'}
        >
          {statusLabel(payment.status)}
        </Badge>
        {payment.refusal && <span className="d-block small text-body-secondary">refused: {payment.refusal}</span>}
      </td>
      <td className="staff-cell-action text-md-end">
        {asking ? (
          <RefundForm payment={payment} onDone={onRefunded} onCancel={() => setAsking(false)} />
        ) : payment.refund_refusal === null ? (
          <Button variant="outline-danger" size="sm" onClick={() => setAsking(true)}>
            Refund<span className="visually-hidden"> payment #{payment.id}</span>
          </Button>
        ) : null}
      </td>
    </tr>
  );
}

/** The reason goes into the audit log; the refund itself is at the provider, in full. */
function RefundForm({
  payment,
  onDone,
  onCancel,
}: {
  payment: StaffPayment;
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const refund = useRefund();
  const [reason, setReason] = useState('');
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => field.current?.focus(), []);
  const amount = formatMoney(payment.amount, payment.currency, STAFF_LOCALE);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    refund.mutate(
      { payment: payment.id, reason },
      {
        onSuccess: ({ credits_taken }) =>
          onDone(`Payment #${payment.id} refunded: ${amount} back to the member, ${credits_taken} credits taken back.`),
      },
    );
  };
  return (
    <form className="staff-confirm" onSubmit={submit} aria-label={`Refund payment #${payment.id}`}>
      <StaffField
        id={`refund-reason-${payment.id}`}
        label={`Refund ${amount} in full? Why (for the audit log):`}
        className="w-100"
        labelClassName="staff-confirm-question mb-1"
      >
        {(control) => (
          <Form.Control
            {...control}
            ref={field}
            as="textarea"
            rows={2}
            maxLength={500}
            required
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        )}
      </StaffField>
      {refund.isError && (
        <Alert variant="danger" className="w-100 mb-0 py-2">
          {refund.error.message}
        </Alert>
      )}
      <Button type="submit" variant="danger" size="sm" disabled={refund.isPending || reason.trim() === ''}>
        Yes, refund
      </Button>
      <Button variant="link" size="sm" onClick={onCancel}>
        Cancel
      </Button>
    </form>
  );
}
