import './credits.scss';
import { SANDBOX_OUTCOMES, type SandboxOutcome } from '@amora/common';
import { sandboxCheckoutRoutes } from '@amora/common/routes/money';
import { useMutation, useQuery } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';
import { useParams } from 'react-router';
import { api } from '../../api/client';
import { useTranslation } from '../../i18n';
import { formatMoney } from '../../i18n/format';
import { Loading } from '../../shared/components/Loading';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';

/**
 * /sandbox/checkout/{id}: the sandbox provider's hosted checkout, for development and demos. The
 * payer picks how the payment ends; nothing is charged.
 */
export default function SandboxCheckoutPage() {
  const { t, i18n } = useTranslation('credits');
  const { id = '' } = useParams();
  const page = useQuery({
    queryKey: ['sandbox-checkout', id],
    queryFn: () => api(sandboxCheckoutRoutes.sandboxCheckout, { id }),
  });
  const decide = useMutation({
    mutationFn: (outcome: SandboxOutcome) => api(sandboxCheckoutRoutes.sandboxDecide, { id, outcome }),
    onSuccess: ({ redirect_url }) => window.location.assign(redirect_url),
  });
  useDocumentTitle(t('sandbox.title'));

  if (page.isLoading) return <Loading />;
  if (page.isError || !page.data) return <Alert variant="danger">{page.error?.message}</Alert>;
  const payment = page.data;
  return (
    <Container className="py-4 py-md-5">
      <Card className="shadow-sm border-0 sandbox-checkout">
        <Card.Body className="p-4">
          <p className="sandbox-tag">{t('sandbox.tag')}</p>
          <h1 className="h3">{formatMoney(payment.amount, payment.currency, i18n.language)}</h1>
          <p className="mb-1">{payment.description}</p>
          <p className="text-body-secondary small">
            {t(`methods.${payment.method}`)}
            {payment.issuer && ` · ${payment.issuer}`}
          </p>
          {payment.open ? (
            <>
              <p>{t('sandbox.choose')}</p>
              <div className="d-grid gap-2">
                {SANDBOX_OUTCOMES.filter((outcome) => outcome !== 'paid_card_declines' || payment.saves_card).map(
                  (outcome) => (
                    <Button
                      key={outcome}
                      variant={outcome === 'paid' ? 'primary' : 'outline-secondary'}
                      size={outcome === 'paid' ? 'lg' : undefined}
                      disabled={decide.isPending}
                      onClick={() => decide.mutate(outcome)}
                    >
                      {t(`sandbox.outcomes.${outcome}`)}
                    </Button>
                  ),
                )}
              </div>
            </>
          ) : (
            <>
              <p>{t('sandbox.decided')}</p>
              <a href={payment.redirect_url} className="btn btn-primary">
                {t('sandbox.back')}
              </a>
            </>
          )}
          {decide.isError && (
            <Alert variant="danger" className="mt-3">
              {decide.error.message}
            </Alert>
          )}
        </Card.Body>
      </Card>
    </Container>
  );
}
