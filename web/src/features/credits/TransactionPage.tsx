import './credits.scss';
import type { Transaction } from '@amora/common';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import Alert from 'react-bootstrap/Alert';
import Container from 'react-bootstrap/Container';
import { Link, useParams, useSearchParams } from 'react-router';
import { refreshUser } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { useDateLocale } from '../../i18n/date-locale';
import { formatDate, formatMoney, formatTime } from '../../i18n/format';
import { Icon } from '../../shared/components/Icon';
import * as icons from '../../shared/components/icons';
import { Loading } from '../../shared/components/Loading';
import { PageTitle } from '../../shared/components/PageTitle';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { ErrorPage } from '../errors/ErrorPage';
import { useTransaction } from './api';
import { carryOnAfter } from './carry-on';

const FAILED: Transaction['status'][] = ['failed', 'cancelled', 'expired'];

/**
 * /transactions/{id}: one payment as an invoice. Coming back from the checkout (?return=1) it first
 * says how the payment ended: complete (credits added), pending (looked at again until decided) or failed.
 */
export default function TransactionPage() {
  const { t, i18n } = useTranslation('credits');
  const dateLocale = useDateLocale();
  const { id } = useParams();
  const [params] = useSearchParams();
  const query = useTransaction(Number(id));
  const queryClient = useQueryClient();
  const status = query.data?.transaction.status;
  useDocumentTitle(t('transaction.title', { id }));

  // Credits and premium arrive with the payment: the member's balance is fetched again then.
  useEffect(() => {
    if (status === 'paid') void refreshUser(queryClient);
  }, [status, queryClient]);

  if (query.isLoading) return <Loading />;
  if (query.isError || !query.data) return <ErrorPage status={404} />;
  const { transaction, company, history, site } = query.data;
  const money = (minor: number) => formatMoney(minor, transaction.currency, i18n.language);
  // The time stays on one line: a narrow screen wraps before it, never between "9:03" and "AM".
  const at = (value: string) => (
    <>
      {formatDate(value, dateLocale)} <span className="text-nowrap">{formatTime(value, dateLocale)}</span>
    </>
  );

  return (
    <Container className="page page-reading">
      <PageTitle
        id="invoice-title"
        title={
          <>
            <Icon svg={icons.receipt} /> {t('transaction.title', { id: transaction.id })}
          </>
        }
      />
      {transaction.refusal ? (
        <Refusal
          refusal={transaction.refusal}
          refunded={transaction.status === 'refunded'}
          amount={money(transaction.amount)}
        />
      ) : (
        params.get('return') === '1' && <Outcome transaction={transaction} />
      )}
      <article className="invoice" aria-labelledby="invoice-title">
        <dl className="invoice-lines">
          <dt>{t('transaction.date')}</dt>
          <dd>{at(transaction.created_at)}</dd>
          <dt>{t('transaction.status')}</dt>
          <dd>
            <span className={`status-pill status-${transaction.status}`}>{t(`status.${transaction.status}`)}</span>
          </dd>
          <dt>{t('transaction.method')}</dt>
          <dd>{t(`methods.${transaction.method}`)}</dd>
          <dt>{t('transaction.product')}</dt>
          <dd>{t('transaction.credits', { count: transaction.credits, site })}</dd>
          <dt>{t('transaction.price')}</dt>
          <dd>{money(transaction.list_price)}</dd>
          {transaction.discount_amount > 0 && (
            <>
              <dt>{t('transaction.discount', { code: transaction.discount_code ?? '' })}</dt>
              <dd>−{money(transaction.discount_amount)}</dd>
            </>
          )}
          <dt className="invoice-total">{t('transaction.total')}</dt>
          <dd className="invoice-total">{money(transaction.amount)}</dd>
          <dt>{t('transaction.vat', { rate: (transaction.vat_rate / 100).toLocaleString(i18n.language) })}</dt>
          <dd>{money(transaction.vat_amount)}</dd>
        </dl>
        <h2 className="h6 mt-4">{t('transaction.history')}</h2>
        <ol className="invoice-history">
          {history.map((step) => (
            <li key={`${step.status}-${step.at}`}>
              {t(`status.${step.status}`)} · {at(step.at)}
            </li>
          ))}
        </ol>
        <h2 className="h6 mt-4">{t('transaction.seller')}</h2>
        <address className="small mb-0">
          {company.name}
          <br />
          {company.address}, {company.city}, {company.country}
          {company.kvk && (
            <>
              <br />
              {t('transaction.kvk', { kvk: company.kvk })}
            </>
          )}
          {company.vat_numbers.length > 0 && (
            <>
              <br />
              {t('transaction.vatNumber', { numbers: company.vat_numbers.join(', ') })}
            </>
          )}
        </address>
      </article>
      <p className="mt-3 text-center">
        <Link to="/transactions">{t('transactions.link')}</Link>
      </p>
    </Container>
  );
}

/** A payment paid for an offer the member had had already: no credits, and the money goes back. */
function Refusal({
  refusal,
  refunded,
  amount,
}: {
  refusal: NonNullable<Transaction['refusal']>;
  refunded: boolean;
  amount: string;
}) {
  const { t } = useTranslation('credits');
  return (
    <section className="payment-outcome payment-outcome-refund" role="status">
      <Icon svg={icons.refund} className="payment-outcome-icon" />
      <h2 className="h3">{t(refunded ? 'refusal.title_refunded' : 'refusal.title')}</h2>
      <p>{t(`refusal.${refusal}`)}</p>
      <p>{t(refunded ? 'refusal.refunded' : 'refusal.refunding', { amount })}</p>
      <Link to="/credits" className="btn btn-outline-primary">
        {t('bundles')}
      </Link>
    </section>
  );
}

function Outcome({ transaction }: { transaction: Transaction }) {
  const { t } = useTranslation('credits');
  if (transaction.status === 'paid') {
    const carryOn = carryOnAfter(transaction.id);
    return (
      <section className="payment-outcome payment-outcome-paid" role="status">
        <Icon svg={icons.paid} className="payment-outcome-icon" />
        <h2 className="h3">{t('outcome.paid.title')}</h2>
        <p>{t('outcome.paid.body', { count: transaction.credits })}</p>
        <Link to={carryOn ?? '/members'} className="btn btn-primary btn-lg">
          {t(carryOn ? 'outcome.paid.carryOn' : 'outcome.paid.action')}
        </Link>
      </section>
    );
  }
  if (FAILED.includes(transaction.status)) {
    return (
      <section className="payment-outcome payment-outcome-failed" role="alert">
        <Icon svg={icons.failed} className="payment-outcome-icon" />
        <h2 className="h3">{t('outcome.failed.title')}</h2>
        <p>{t('outcome.failed.body')}</p>
        <div className="button-row button-row-center">
          <Link to={`/credits/${transaction.bundle_id}/${transaction.method}`} className="btn btn-primary btn-lg">
            {t('outcome.failed.retry')}
          </Link>
          {transaction.method !== 'paypal' && (
            <Link to={`/credits/${transaction.bundle_id}/paypal`} className="btn btn-link">
              {t('outcome.failed.paypal')}
            </Link>
          )}
        </div>
      </section>
    );
  }
  if (transaction.status === 'created' || transaction.status === 'pending') {
    return (
      <section className="payment-outcome payment-outcome-pending" role="status">
        <Icon svg={icons.pending} className="payment-outcome-icon" />
        <h2 className="h3">{t('outcome.pending.title')}</h2>
        <p>{t('outcome.pending.body')}</p>
      </section>
    );
  }
  return (
    <Alert variant="info" className="mb-4">
      {t(`status.${transaction.status}`)}
    </Alert>
  );
}
