import './credits.scss';
import type { RepeatOrder } from '@amora/common';
import { moneyRoutes } from '@amora/common/routes/money';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import { Link, useNavigate } from 'react-router';
import { api } from '../../api/client';
import { useTranslation } from '../../i18n';
import { formatDate, formatMoney } from '../../i18n/format';
import { Loading } from '../../shared/components/Loading';
import { PageTitle } from '../../shared/components/PageTitle';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { carryOnWith } from './carry-on';
import { NoPurchases } from './NoPurchases';
import { PaymentMark } from './PaymentMark';

/** /credits/repeat-order: the member's past purchases, each to buy again in one step (on the saved card for a card purchase). */
export default function RepeatOrderPage() {
  const { t } = useTranslation('credits');
  const navigate = useNavigate();
  const past = useQuery({
    queryKey: ['repeat-order'],
    queryFn: () => api(moneyRoutes.repeatOrders),
  });
  const clientId = useRef(crypto.randomUUID());
  const buy = useMutation({
    mutationFn: (order: RepeatOrder) =>
      api(moneyRoutes.repeatOrder, { client_id: clientId.current, transaction_id: order.transaction_id }),
    onSuccess: ({ transaction, checkout_url }) => {
      carryOnWith(transaction.id);
      if (checkout_url) window.location.assign(checkout_url);
      else navigate(`/transactions/${transaction.id}?return=1`);
    },
    onError: () => {
      clientId.current = crypto.randomUUID();
    },
  });
  useDocumentTitle(t('repeat.title'));

  if (past.isLoading) return <Loading />;
  const orders = past.data?.orders ?? [];
  return (
    <Container className="page page-reading">
      <PageTitle title={t('repeat.title')} />
      {past.isError && <Alert variant="danger">{past.error.message}</Alert>}
      {past.data && orders.length === 0 && <NoPurchases />}
      {buy.isError && <Alert variant="danger">{buy.error.message}</Alert>}
      {orders.length > 0 && (
        <ul className="repeat-orders list-unstyled">
          {orders.map((order) => (
            <PastOrder
              key={order.transaction_id}
              order={order}
              onBuy={() => buy.mutate(order)}
              busy={buy.isPending || buy.isSuccess}
            />
          ))}
        </ul>
      )}
      <p className="mt-3 text-center">
        <Link to="/credits">{t('payment.otherBundle')}</Link>
      </p>
    </Container>
  );
}

function PastOrder({ order, onBuy, busy }: { order: RepeatOrder; onBuy: () => void; busy: boolean }) {
  const { t, i18n } = useTranslation('credits');
  const price = formatMoney(order.bundle.price, order.bundle.currency, i18n.language);
  const method = t(`methods.${order.method}`);
  return (
    <li className="repeat-order">
      <div className="repeat-order-what">
        <PaymentMark method={order.method} named />
        <span>
          <strong>{t('transactions.item', { count: order.bundle.credits })}</strong>
          <span className="d-block small text-body-secondary">
            {order.paid_at
              ? t('repeat.bought', { date: formatDate(new Date(order.paid_at), i18n.language), method })
              : method}
          </span>
        </span>
      </div>
      <p className="small text-body-secondary mb-2">
        {order.saved_card ? t('repeat.savedCard') : t('repeat.checkout', { method })}
      </p>
      {order.method === 'directdebit' ? (
        // A new direct debit is confirmed with a code texted to the phone.
        <Link to={`/directdebit?bundle=${order.bundle.id}`} className="btn btn-primary w-100">
          {t('repeat.buy', { price })}
        </Link>
      ) : (
        <Button className="w-100" onClick={onBuy} disabled={busy}>
          {t('repeat.buy', { price })}
        </Button>
      )}
    </li>
  );
}
