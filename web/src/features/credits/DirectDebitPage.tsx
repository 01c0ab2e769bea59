import { DIRECT_DEBIT_CODE_MINUTES } from '@amora/common';
import { moneyRoutes } from '@amora/common/routes/money';
import { directDebitForm } from '@amora/common/schemas';
import { type FormEvent, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { ApiError, api } from '../../api/client';
import { useTranslation } from '../../i18n';
import { formatMoney } from '../../i18n/format';
import { Loading } from '../../shared/components/Loading';
import { PageTitle } from '../../shared/components/PageTitle';
import { FormAlert, SubmitButton, TextField, useSchemaForm } from '../../shared/forms/form';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { ErrorPage } from '../errors/ErrorPage';
import { useDiscount, useOffer, useWelcomeDiscount } from './api';
import { carryOnWith } from './carry-on';
import { OrderSummary } from './OrderSummary';
import { discountApplies, priceWith } from './price';

const accountForm = directDebitForm.omit({ bundle_id: true, discount_code: true });
type AccountForm = ReturnType<typeof accountForm.parse>;

/**
 * /directdebit: SEPA direct debit (SPEC §3's form). The account and address first; a code goes to
 * the phone; the code confirms the mandate and the collection, which the bank pays in a few days.
 */
export default function DirectDebitPage() {
  const { t, i18n } = useTranslation('credits');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const offer = useOffer();
  const bundleId = Number(params.get('bundle'));
  const bundle = offer.data?.bundles.find((b) => b.id === bundleId);
  const code = params.get('code');
  const entered = useDiscount(code, bundleId, 'directdebit');
  const welcome = useWelcomeDiscount();
  const discount = code ? entered.data : welcome.data;
  const discountCode = bundle && discountApplies(discount, bundle) ? discount.code : undefined;
  const [sent, setSent] = useState<{ phone: string; account: AccountForm } | null>(null);
  useDocumentTitle(t('directDebit.title'));

  const { form, onSubmit, alert } = useSchemaForm(
    accountForm,
    { account_holder: '', iban: '', street: '', house_number: '', zip: '', city: '', phone: '' },
    async (account) => {
      const answer = await api(moneyRoutes.directDebitCode, {
        ...account,
        bundle_id: bundleId,
        discount_code: discountCode,
      });
      setSent({ phone: answer.phone, account });
    },
  );

  if (offer.isLoading) return <Loading />;
  // Direct debit is chosen for a bundle; without one the member picks it at /credits first.
  if (!bundle) return <Navigate to="/credits?reason=pick-bundle" replace />;
  if (!offer.data?.methods.includes('directdebit')) return <ErrorPage status={404} />;
  const price = formatMoney(priceWith(discount, bundle), bundle.currency, i18n.language);

  return (
    <Container className="page page-reading">
      <PageTitle title={t('directDebit.title')} />
      <OrderSummary bundle={bundle} discount={discount} />
      {sent ? (
        <ConfirmCode
          phone={sent.phone}
          price={price}
          onResend={() => setSent(null)}
          confirm={(otp, clientId) =>
            api(moneyRoutes.directDebit, {
              ...sent.account,
              bundle_id: bundleId,
              discount_code: discountCode,
              otp,
              client_id: clientId,
            })
          }
          onDone={(id) => {
            carryOnWith(id);
            navigate(`/transactions/${id}?return=1`);
          }}
        />
      ) : (
        <Form onSubmit={onSubmit} noValidate className="mt-4">
          <p>{t('directDebit.intro')}</p>
          <FormAlert alert={alert} />
          <TextField form={form} name="account_holder" label={t('directDebit.accountHolder')} autoComplete="name" />
          <TextField
            form={form}
            name="iban"
            label={t('directDebit.iban')}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
          />
          <div className="row g-2">
            <div className="col-8">
              <TextField form={form} name="street" label={t('directDebit.street')} autoComplete="address-line1" />
            </div>
            <div className="col-4">
              <TextField form={form} name="house_number" label={t('directDebit.houseNumber')} />
            </div>
            <div className="col-5">
              <TextField form={form} name="zip" label={t('directDebit.zip')} autoComplete="postal-code" />
            </div>
            <div className="col-7">
              <TextField form={form} name="city" label={t('directDebit.city')} autoComplete="address-level2" />
            </div>
          </div>
          <TextField
            form={form}
            name="phone"
            type="tel"
            label={t('directDebit.phone')}
            help={t('directDebit.phoneHelp')}
            autoComplete="tel"
          />
          <SubmitButton busy={form.formState.isSubmitting}>{t('directDebit.sendCode')}</SubmitButton>
          <p className="small text-body-secondary mt-3">{t('directDebit.mandate')}</p>
        </Form>
      )}
      <p className="mt-3 text-center">
        <Link to="/credits">{t('payment.otherBundle')}</Link>
      </p>
    </Container>
  );
}

function ConfirmCode({
  phone,
  price,
  confirm,
  onResend,
  onDone,
}: {
  phone: string;
  price: string;
  confirm: (otp: string, clientId: string) => Promise<{ transaction: { id: number } }>;
  onResend: () => void;
  onDone: (transactionId: number) => void;
}) {
  const { t } = useTranslation('credits');
  const [otp, setOtp] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const clientId = useRef(crypto.randomUUID());

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      onDone((await confirm(otp.trim(), clientId.current)).transaction.id);
    } catch (error) {
      clientId.current = crypto.randomUUID();
      setProblem(error instanceof ApiError ? error.message : String(error));
      setBusy(false);
    }
  }

  return (
    <Form onSubmit={submit} noValidate className="mt-4">
      <Alert variant="info">{t('directDebit.codeSent', { phone, minutes: DIRECT_DEBIT_CODE_MINUTES })}</Alert>
      <Form.Group controlId="direct-debit-otp" className="mb-3">
        <Form.Label>{t('directDebit.code')}</Form.Label>
        <Form.Control
          value={otp}
          onChange={(event) => setOtp(event.target.value)}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          isInvalid={problem !== null}
          aria-describedby={problem ? 'direct-debit-problem' : undefined}
          className="otp-input"
        />
        {problem && (
          <Form.Control.Feedback type="invalid" id="direct-debit-problem">
            {problem}
          </Form.Control.Feedback>
        )}
      </Form.Group>
      <Button type="submit" size="lg" className="w-100" disabled={busy || otp.trim().length !== 6}>
        {t('directDebit.confirm', { price })}
      </Button>
      <button type="button" className="btn btn-link w-100 mt-2" onClick={onResend}>
        {t('directDebit.newCode')}
      </button>
    </Form>
  );
}
