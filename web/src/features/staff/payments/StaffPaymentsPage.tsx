import { PAYMENT_METHODS, PAYMENT_STATUSES, type StaffPayment } from '@amora/common';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { formatDate, formatMoney, formatTime } from '../../../i18n/format';
import { Loading } from '../../../shared/components/Loading';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import type { PaymentFilter } from '../shared/api';
import { OlderButton } from '../shared/OlderButton';
import { SiteSelect } from '../shared/SiteSelect';
import { StaffField } from '../shared/StaffField';
import { StaffPageHead } from '../shared/StaffPageHead';
import { StaffTable } from '../shared/StaffTable';
import { useStaffWords } from '../shared/words';
import { useRefund, useStaffPayments } from './api';

const STATUS_VARIANTS: Partial<Record<StaffPayment['status'], string>> = {
  paid: 'success',
  refunded: 'secondary',
  charged_back: 'danger',
  failed: 'danger',
};

/** The columns of the payments' table, by their names in staff:payments.columns. */
const COLUMNS = ['payment', 'member', 'amount', 'status'] as const;

const when = (value: string, locale: string) => `${formatDate(value, locale)}, ${formatTime(value, locale)}`;

/** /staff/payments (admins): payments on every site, newest first, filtered; a refund within the site's refund_days. */
export default function StaffPaymentsPage() {
  const { t } = useStaffWords();
  useDocumentTitle(t('payments.title'));
  const [filter, setFilter] = useState<PaymentFilter>({});
  const payments = useStaffPayments(filter);
  const [done, setDone] = useState<string | null>(null);
  const rows = payments.data?.pages.flatMap((page) => page.payments) ?? [];

  return (
    <section>
      <StaffPageHead title={t('payments.title')} help={t('payments.intro')} />
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
        <p>{t('payments.none')}</p>
      ) : (
        <div className="staff-card">
          <StaffTable
            className="staff-payments"
            aria-label={t('payments.list')}
            columns={COLUMNS.map((column) => t(`payments.columns.${column}`))}
          >
            {rows.map((payment) => (
              <PaymentRow key={payment.id} payment={payment} onRefunded={setDone} />
            ))}
          </StaffTable>
          <OlderButton list={payments} label={t('payments.older')} />
        </div>
      )}
    </section>
  );
}

function Filters({ filter, onChange }: { filter: PaymentFilter; onChange: (filter: PaymentFilter) => void }) {
  const { t } = useStaffWords();
  const [member, setMember] = useState(filter.member ?? '');
  const set = (change: PaymentFilter) => onChange({ ...filter, ...change });
  const submitMember = (event: FormEvent) => {
    event.preventDefault();
    set({ member: member.trim() });
  };
  return (
    <form className="staff-filters" onSubmit={submitMember} aria-label={t('payments.filter')}>
      <SiteSelect value={filter.site ?? ''} onChange={(site) => set({ site })} />
      <Form.Select
        aria-label={t('payments.status')}
        value={filter.status ?? ''}
        onChange={(e) => set({ status: e.target.value })}
      >
        <option value="">{t('payments.anyStatus')}</option>
        {PAYMENT_STATUSES.map((status) => (
          <option key={status} value={status}>
            {t(`payments.statuses.${status}`)}
          </option>
        ))}
      </Form.Select>
      <Form.Select
        aria-label={t('payments.method')}
        value={filter.method ?? ''}
        onChange={(e) => set({ method: e.target.value })}
      >
        <option value="">{t('payments.anyMethod')}</option>
        {PAYMENT_METHODS.map((method) => (
          <option key={method} value={method}>
            {t(`payments.methods.${method}`)}
          </option>
        ))}
      </Form.Select>
      <Form.Control
        inputMode="numeric"
        aria-label={t('payments.member')}
        placeholder={t('payments.memberPlaceholder')}
        value={member}
        onChange={(e) => setMember(e.target.value.replace(/\D/g, ''))}
      />
      <Button type="submit" variant="outline-primary">
        {t('payments.filterSubmit')}
      </Button>
    </form>
  );
}

function PaymentRow({ payment, onRefunded }: { payment: StaffPayment; onRefunded: (message: string) => void }) {
  const { t, locale } = useStaffWords();
  const [asking, setAsking] = useState(false);
  const takenBack = payment.refunded_credits > 0 && t('payments.takenBack', { count: payment.refunded_credits });
  return (
    <tr className={asking ? 'staff-confirming' : undefined}>
      <th scope="row" className="staff-cell-name">
        #{payment.id}
        <span className="d-block fw-normal small text-body-secondary">
          {when(payment.created_at, locale)} · {payment.site.name} · {t(`payments.methods.${payment.method}`)}
        </span>
      </th>
      <td className="staff-cell-email">
        {payment.member ? (
          <Link to={`/staff/members/${payment.member.id}`}>
            {payment.member.name} (#{payment.member.id})
          </Link>
        ) : (
          t('payments.deletedMember')
        )}
      </td>
      <td className="staff-cell-since">
        {formatMoney(payment.amount, payment.currency, locale)}
        <span className="d-block small text-body-secondary">
          {[t('payments.credits', { count: payment.credits }), takenBack].filter(Boolean).join(', ')}
        </span>
      </td>
      <td className="staff-cell-status">
        <Badge
          bg={STATUS_VARIANTS[payment.status] ?? 'light'}
          text={STATUS_VARIANTS[payment.status] ? undefined : 'dark'}
        >
          {t(`payments.statuses.${payment.status}`)}
        </Badge>
        {payment.refusal && (
          <span className="d-block small text-body-secondary">{t(`payments.refusals.${payment.refusal}`)}</span>
        )}
      </td>
      <td className="staff-cell-action text-md-end">
        {asking ? (
          <RefundForm payment={payment} onDone={onRefunded} onCancel={() => setAsking(false)} />
        ) : payment.refund_refusal === null ? (
          <Button variant="outline-danger" onClick={() => setAsking(true)}>
            {t('payments.refund')}
            <span className="visually-hidden"> {t('payments.refundWhich', { id: payment.id })}</span>
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
  const { t, locale } = useStaffWords();
  const refund = useRefund();
  const [reason, setReason] = useState('');
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => field.current?.focus(), []);
  const amount = formatMoney(payment.amount, payment.currency, locale);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    refund.mutate(
      { payment: payment.id, reason },
      {
        onSuccess: ({ credits_taken }) =>
          onDone(t('payments.refunded', { id: payment.id, amount, count: credits_taken })),
      },
    );
  };
  return (
    <form className="staff-confirm" onSubmit={submit} aria-label={t('payments.refundForm', { id: payment.id })}>
      <StaffField
        id={`refund-reason-${payment.id}`}
        label={t('payments.refundQuestion', { amount })}
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
      <Button type="submit" variant="danger" disabled={refund.isPending || reason.trim() === ''}>
        {t('payments.yesRefund')}
      </Button>
      <Button variant="link" onClick={onCancel}>
        {t('payments.cancel')}
      </Button>
    </form>
  );
}
