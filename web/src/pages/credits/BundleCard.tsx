import type { DiscountCode } from '@amora/common';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { formatMoney } from '../../i18n/format';
import type { Bundle } from './api';
import { discountApplies, priceWith } from './price';

/** One bundle: its credits, what a message costs in it, its price (with the discount struck through). */
export function BundleCard({
  bundle,
  discount,
  messageCredits,
  to,
}: {
  bundle: Bundle;
  discount: DiscountCode | null | undefined;
  messageCredits: number;
  to: string;
}) {
  const { t, i18n } = useTranslation('credits');
  const money = (minor: number) => formatMoney(minor, bundle.currency, i18n.language);
  const price = priceWith(discount, bundle);
  const discounted = discountApplies(discount, bundle);
  const perMessage = Math.round((price * messageCredits) / bundle.credits);
  return (
    <Link to={to} className={`bundle-card${bundle.popular ? ' bundle-card-popular' : ''}`}>
      {bundle.popular && <span className="bundle-flag">{t('bundle.popular')}</span>}
      {bundle.trial && <span className="bundle-flag bundle-flag-trial">{t('bundle.trial')}</span>}
      <span className="bundle-credits">
        <strong>{bundle.credits}</strong> {t('bundle.credits', { count: bundle.credits })}
      </span>
      <span className="bundle-per-message">{t('bundle.perMessage', { price: money(perMessage) })}</span>
      <span className="bundle-price">
        {discounted && (
          <del className="bundle-list-price">
            <span className="visually-hidden">{t('bundle.was')} </span>
            {money(bundle.price)}
          </del>
        )}
        <strong>{money(price)}</strong>
      </span>
    </Link>
  );
}
