import { useMutation, useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import { Link, useNavigate } from 'react-router';
import { api } from '../../api/client';
import { Icon } from '../../components/Icon';
import * as icons from '../../components/icons';
import { Loading } from '../../components/Loading';
import { PageTitle } from '../../components/PageTitle';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useTranslation } from '../../i18n';
import { formatMoney } from '../../i18n/format';
import { NoPurchases } from './NoPurchases';

/** /credits/repeat-order: the last purchase again in one step, on the saved card when there is one. */
export default function RepeatOrderPage() {
  const { t, i18n } = useTranslation('credits');
  const navigate = useNavigate();
  const last = useQuery({
    queryKey: ['repeat-order'],
    queryFn: () => api.get('/api/repeat-order.php', 'repeatOrderResponse'),
  });
  const clientId = useRef(crypto.randomUUID());
  const buy = useMutation({
    mutationFn: () =>
      api.post('/api/repeat-order.php', 'startPaymentResponse', { client_id: clientId.current }, { retry: true }),
    onSuccess: ({ transaction, checkout_url }) => {
      if (checkout_url) window.location.assign(checkout_url);
      else navigate(`/transactions/${transaction.id}?return=1`);
    },
    onError: () => {
      clientId.current = crypto.randomUUID();
    },
  });
  useDocumentTitle(t('repeat.title'));

  if (last.isLoading) return <Loading />;
  const order = last.data?.order;
  return (
    <Container className="page page-narrow">
      <PageTitle title={t('repeat.title')} />
      {last.isError && <Alert variant="danger">{last.error.message}</Alert>}
      {last.data && !order && <NoPurchases />}
      {order && (
        <>
          <div className="order-summary">
            <span className="order-summary-credits">
              <strong>{order.bundle.credits}</strong> {t('bundle.credits', { count: order.bundle.credits })}
            </span>
            <strong className="order-summary-price">
              {formatMoney(order.bundle.price, order.bundle.currency, i18n.language)}
            </strong>
            <span className="small text-body-secondary">{t('payment.vatIncluded')}</span>
          </div>
          <p className="mt-3 d-flex align-items-center gap-2">
            <Icon svg={order.saved_card ? icons.card : icons.credits} />
            {order.saved_card ? t('repeat.savedCard') : t('repeat.checkout', { method: t(`methods.${order.method}`) })}
          </p>
          {buy.isError && <Alert variant="danger">{buy.error.message}</Alert>}
          {order.method === 'directdebit' ? (
            // A new direct debit is confirmed with a code texted to the phone.
            <Link to={`/directdebit?bundle=${order.bundle.id}`} className="btn btn-primary btn-lg w-100">
              {t('repeat.buy', { price: formatMoney(order.bundle.price, order.bundle.currency, i18n.language) })}
            </Link>
          ) : (
            <Button size="lg" className="w-100" onClick={() => buy.mutate()} disabled={buy.isPending || buy.isSuccess}>
              {t('repeat.buy', { price: formatMoney(order.bundle.price, order.bundle.currency, i18n.language) })}
            </Button>
          )}
          <p className="mt-3 text-center">
            <Link to="/credits">{t('payment.otherBundle')}</Link>
          </p>
        </>
      )}
    </Container>
  );
}
