import './credits.scss';
import type { DiscountCode } from '@amora/common';
import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Container from 'react-bootstrap/Container';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n';
import { useDateLocale } from '../../i18n/date-locale';
import { formatDate, formatTime } from '../../i18n/format';
import { Icon } from '../../shared/components/Icon';
import * as icons from '../../shared/components/icons';
import { Loading } from '../../shared/components/Loading';
import { PageTitle } from '../../shared/components/PageTitle';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { useMember } from '../accounts/member-context';
import { type Offer, useDiscount, useOffer, useWelcomeDiscount } from './api';
import { BundleGrid } from './BundleCard';
import { rememberCarryOn } from './carry-on';
import { DiscountCodeForm } from './DiscountCodeForm';
import { FreeAllowance } from './FreeAllowance';
import { PaymentMarks } from './PaymentMark';

/** /credits: the member's balance, the bundles with the discount that applies, and what credits buy. */
export default function CreditsPage() {
  const { t } = useTranslation('credits');
  const user = useMember();
  const offer = useOffer();
  const welcome = useWelcomeDiscount();
  const [params] = useSearchParams();
  const [entered, setEntered] = useState<DiscountCode | null>(null);
  // A code brought along in the address (the offer to stay) applies as if typed.
  const brought = useDiscount(params.get('code'));
  const discount = entered ?? brought.data ?? welcome.data ?? null;
  useDocumentTitle(t('title'));
  const next = params.get('next');
  useEffect(() => rememberCarryOn(next), [next]);

  return (
    <Container className="page page-reading">
      <PageTitle
        title={user.paid_user ? t('title') : t('becomePremium')}
        lead={user.paid_user ? t('balance', { count: user.credits }) : t('premiumIntro')}
      />
      {params.get('reason') === 'insufficient' && (
        <Alert variant="warning" className="mt-3">
          {t('insufficient')}
        </Alert>
      )}
      {params.get('reason') === 'pick-bundle' && (
        <Alert variant="info" className="mt-3">
          {t('directDebit.pickBundle')}
        </Alert>
      )}
      {offer.data && offer.data.debt > 0 && (
        <Alert variant="warning" className="mt-3">
          {t('debt', { count: offer.data.debt })}
        </Alert>
      )}
      {discount && <DiscountBanner discount={discount} />}
      {offer.isLoading && <Loading />}
      {offer.isError && <Alert variant="danger">{offer.error.message}</Alert>}
      {offer.data && <Bundles offer={offer.data} discount={discount} />}
      {offer.data && <PaymentMarks methods={offer.data.methods} />}
      <div className="mt-3">
        <DiscountCodeForm onApply={setEntered} />
      </div>
      {offer.data && !user.paid_user && <FreeAllowance offer={offer.data} />}
      {offer.data && <WhatCreditsBuy offer={offer.data} />}
      <p className="mt-4 credits-links">
        <Link to="/premium">{t('premium.what')}</Link>
        {user.paid_user && <Link to="/credits/repeat-order">{t('repeat.link')}</Link>}
        <Link to="/transactions">{t('transactions.link')}</Link>
        <Link to="/pricing">{t('pricing.title')}</Link>
      </p>
    </Container>
  );
}

function DiscountBanner({ discount }: { discount: DiscountCode }) {
  const { t } = useTranslation('credits');
  const dateLocale = useDateLocale();
  const until = discount.expires ? new Date(discount.expires) : null;
  const sameDay = until && until.toDateString() === new Date().toDateString();
  const when = until && (sameDay ? formatTime(until, dateLocale) : formatDate(until, dateLocale));
  return (
    <div className="discount-banner mt-3" role="status">
      <Icon svg={icons.gift} />
      <span>
        <strong>{t('discount.off', { percentage: discount.value_percentage })}</strong>{' '}
        {when ? t('discount.until', { code: discount.code, when }) : t('discount.applied', { code: discount.code })}
      </span>
    </div>
  );
}

function Bundles({ offer, discount }: { offer: Offer; discount: DiscountCode | null }) {
  const query = discount ? `?code=${encodeURIComponent(discount.code)}` : '';
  return (
    <BundleGrid
      bundles={offer.bundles}
      discount={discount}
      messageCredits={offer.message_credits}
      linkTo={(bundle) => `/credits/${bundle.id}${query}`}
    />
  );
}

function WhatCreditsBuy({ offer }: { offer: Offer }) {
  const { t } = useTranslation('credits');
  return (
    <section className="credits-uses mt-4">
      <h2 className="h5">{t('uses.title')}</h2>
      <ul className="list-unstyled mb-0">
        <li>
          <Icon svg={icons.chat} /> {t('uses.message', { count: offer.message_credits })}
        </li>
        <li>
          <Icon svg={icons.photo} /> {t('uses.photo', { count: offer.photo_credits })}
        </li>
        <li>
          <Icon svg={icons.gift} /> {t('uses.gift', { count: offer.gift_credits })}
        </li>
        <li>
          <Icon svg={icons.check} /> {t('uses.premium')}
        </li>
      </ul>
    </section>
  );
}
