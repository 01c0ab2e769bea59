import './credits.scss';
import { PAYMENT_METHODS, type PaymentMethod } from '@amora/common';
import { useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n';
import { formatMoney } from '../../i18n/format';
import { Loading } from '../../shared/components/Loading';
import { PageTitle } from '../../shared/components/PageTitle';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { ErrorPage } from '../errors/ErrorPage';
import { useDiscount, useIdealBanks, useOffer, useStartPayment, useWelcomeDiscount } from './api';
import { carryOnWith } from './carry-on';
import { OrderSummary } from './OrderSummary';
import { PaymentMark } from './PaymentMark';
import { discountApplies, priceWith } from './price';

const isMethod = (value: string | undefined): value is PaymentMethod =>
  (PAYMENT_METHODS as readonly string[]).includes(value ?? '');

/** /credits/{id}/{paymentmethod?}: the chosen bundle, how to pay (the bank for iDEAL), then the provider's checkout. */
export default function PaymentPage() {
  const { t, i18n } = useTranslation('credits');
  const { id, paymentmethod } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const offer = useOffer();
  const bundle = offer.data?.bundles.find((b) => b.id === Number(id));
  const methods = offer.data?.methods ?? [];
  const [method, setMethod] = useState<PaymentMethod | null>(isMethod(paymentmethod) ? paymentmethod : null);
  const chosen = method && methods.includes(method) ? method : (methods[0] ?? null);
  const [bank, setBank] = useState('');
  const banks = useIdealBanks(chosen === 'ideal');
  const code = params.get('code');
  const entered = useDiscount(code, Number(id), chosen ?? undefined);
  const welcome = useWelcomeDiscount();
  const discount = code ? entered.data : welcome.data;
  const start = useStartPayment();
  const clientId = useRef(crypto.randomUUID());
  useDocumentTitle(t('payment.title'));

  if (offer.isLoading) return <Loading />;
  if (offer.isError) return <Alert variant="danger">{offer.error.message}</Alert>;
  if (!bundle || !chosen) return <ErrorPage status={404} />;

  const money = (minor: number) => formatMoney(minor, bundle.currency, i18n.language);
  const price = priceWith(discount, bundle);

  function choose(next: PaymentMethod) {
    setMethod(next);
    clientId.current = crypto.randomUUID();
    navigate(`/credits/${bundle?.id}/${next}${code ? `?code=${encodeURIComponent(code)}` : ''}`, { replace: true });
  }

  function pay() {
    if (!bundle || !chosen) return;
    if (chosen === 'directdebit') {
      const query = new URLSearchParams({ bundle: String(bundle.id) });
      if (discountApplies(discount, bundle)) query.set('code', discount.code);
      navigate(`/directdebit?${query}`);
      return;
    }
    start.mutate(
      {
        client_id: clientId.current,
        bundle_id: bundle.id,
        method: chosen,
        issuer: chosen === 'ideal' && bank ? bank : undefined,
        discount_code: discountApplies(discount, bundle) ? discount.code : undefined,
      },
      {
        onSuccess: ({ transaction, checkout_url }) => {
          carryOnWith(transaction.id);
          if (checkout_url) window.location.assign(checkout_url);
          else navigate(`/transactions/${transaction.id}?return=1`);
        },
        // A new attempt after a refusal is a new payment.
        onError: () => {
          clientId.current = crypto.randomUUID();
        },
      },
    );
  }

  return (
    <Container className="page page-reading">
      <PageTitle title={t('payment.title')} />
      <OrderSummary bundle={bundle} discount={discount} />
      {code && entered.isError && (
        <Alert variant="warning" className="mt-3">
          {entered.error.message}
        </Alert>
      )}

      <fieldset className="mt-4">
        <legend className="h5">{t('payment.method')}</legend>
        <div className="method-list">
          {methods.map((option) => (
            <label key={option} className={`method-option${option === chosen ? ' method-option-on' : ''}`}>
              <input
                type="radio"
                name="method"
                value={option}
                checked={option === chosen}
                onChange={() => choose(option)}
                className="form-check-input"
              />
              <PaymentMark method={option} />
              <span>{t(`methods.${option}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>

      {chosen === 'ideal' && (
        <Form.Group className="mt-3" controlId="ideal-bank">
          <Form.Label>{t('payment.bank')}</Form.Label>
          <Form.Select value={bank} onChange={(event) => setBank(event.target.value)}>
            <option value="">{t('payment.bankLater')}</option>
            {banks.data?.banks.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      )}

      {start.isError && (
        <Alert variant="danger" className="mt-3">
          {start.error.message}
        </Alert>
      )}
      <div className="pay-bar">
        <Button size="lg" className="w-100" onClick={pay} disabled={start.isPending || start.isSuccess}>
          {t('payment.pay', { price: money(price) })}
        </Button>
        <p className="small text-body-secondary text-center mt-2 mb-0">{t('payment.secure')}</p>
      </div>
      <p className="mt-3 text-center">
        <Link to="/credits">{t('payment.otherBundle')}</Link>
      </p>
    </Container>
  );
}
