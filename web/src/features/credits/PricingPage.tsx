import { moneyRoutes } from '@amora/common/routes/money';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { api } from '../../api/client';
import { useSettings, useUser } from '../../api/hooks';
import { useTranslation } from '../../i18n';
import { Loading } from '../../shared/components/Loading';
import { PageTitle } from '../../shared/components/PageTitle';
import { useCountryName } from '../../shared/hooks/useCountryName';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { withNext } from '../../shared/next-path';
import { BundleGrid } from './BundleCard';
import { FreeAllowance } from './FreeAllowance';

/**
 * /pricing: what everything costs, per country the site sells in, for visitors and members alike: the
 * bundle cards of /credits, whose Buy leads a visitor to sign up and then to that bundle.
 */
export default function PricingPage() {
  const { t } = useTranslation('credits');
  const { data: settings } = useSettings();
  const { user } = useUser();
  const countryName = useCountryName();
  const [asked, setAsked] = useState<string | null>(null);
  const country = asked ?? settings?.geoip_selected_country ?? undefined;
  const pricing = useQuery({
    queryKey: ['pricing', country],
    queryFn: () => api(moneyRoutes.pricing, { country: country || undefined }),
    enabled: settings !== undefined,
  });
  useDocumentTitle(t('pricing.title'));

  return (
    <Container className="page page-reading">
      <PageTitle title={t('pricing.title')} lead={t('pricing.intro')} />
      {pricing.isLoading && <Loading />}
      {pricing.isError && <Alert variant="danger">{pricing.error.message}</Alert>}
      {pricing.data && (
        <>
          {pricing.data.countries.length > 1 && (
            <Form.Group controlId="pricing-country" className="mb-3">
              <Form.Label>{t('pricing.country')}</Form.Label>
              <Form.Select value={pricing.data.country} onChange={(event) => setAsked(event.target.value)}>
                {pricing.data.countries.map((code) => (
                  <option key={code} value={code}>
                    {countryName(code)}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          )}
          <BundleGrid
            bundles={pricing.data.bundles}
            discount={null}
            messageCredits={pricing.data.message_credits}
            linkTo={(bundle) => (user ? `/credits/${bundle.id}` : withNext('/signup', `/credits/${bundle.id}`))}
          />
          <FreeAllowance offer={pricing.data} />
          <h2 className="h5 mt-4">{t('uses.title')}</h2>
          <ul>
            <li>{t('uses.message', { count: pricing.data.message_credits })}</li>
            <li>{t('uses.photo', { count: pricing.data.photo_credits })}</li>
            <li>{t('uses.gift', { count: pricing.data.gift_credits })}</li>
          </ul>
          <p className="small text-body-secondary">
            {t('pricing.vat')} {t('premium.notes.noSubscription')}{' '}
            <Link to="/pages/return-policy">{t('pricing.withdrawal')}</Link>
          </p>
        </>
      )}
    </Container>
  );
}
