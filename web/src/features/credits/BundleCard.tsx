import './credits.scss';
import type { DiscountCode } from '@amora/common';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n';
import { formatMoney, formatNumber } from '../../i18n/format';
import type { Bundle } from './api';
import { bestValueOf, discountApplies, priceWith, savingOf } from './price';

/**
 * The bundles as cards, on /credits for members and on /pricing for visitors: the best value marked,
 * each with its own Buy button that goes to `linkTo(bundle)`.
 */
export function BundleGrid({
  bundles,
  discount,
  messageCredits,
  linkTo,
}: {
  bundles: Bundle[];
  discount: DiscountCode | null | undefined;
  messageCredits: number;
  linkTo: (bundle: Bundle) => string;
}) {
  const { t } = useTranslation('credits');
  const best = bestValueOf(bundles);
  return (
    <section aria-label={t('bundles')} className="bundle-grid mt-3">
      {bundles.map((bundle) => (
        <BundleCard
          key={bundle.id}
          bundle={bundle}
          discount={discount}
          messageCredits={messageCredits}
          bestValue={bundle.id === best?.id}
          saving={savingOf(bundle, bundles)}
          to={linkTo(bundle)}
        />
      ))}
    </section>
  );
}

/** One bundle: its credits, what a message costs in it, what it saves, and Buy with its price (the discount struck through). */
function BundleCard({
  bundle,
  discount,
  messageCredits,
  bestValue,
  saving,
  to,
}: {
  bundle: Bundle;
  discount: DiscountCode | null | undefined;
  messageCredits: number;
  bestValue: boolean;
  saving: number;
  to: string;
}) {
  const { t, i18n } = useTranslation('credits');
  const money = (minor: number) => formatMoney(minor, bundle.currency, i18n.language);
  const price = priceWith(discount, bundle);
  const discounted = discountApplies(discount, bundle);
  const perMessage = Math.round((price * messageCredits) / bundle.credits);
  const titleId = `bundle-${bundle.id}`;
  const flag = bundle.trial ? 'trial' : bundle.popular ? 'popular' : bestValue ? 'bestValue' : null;
  return (
    <article
      aria-labelledby={titleId}
      className={`bundle-card${bundle.popular || bestValue ? ' bundle-card-featured' : ''}`}
    >
      {flag && <span className={`bundle-flag bundle-flag-${flag}`}>{t(`bundle.${flag}`)}</span>}
      <h2 className="bundle-credits" id={titleId}>
        <strong>{formatNumber(bundle.credits, i18n.language)}</strong> {t('bundle.credits', { count: bundle.credits })}
      </h2>
      <span className="bundle-per-message">
        {t('bundle.perMessage', { price: money(perMessage) })}
        {saving > 0 && <span className="bundle-saving">{t('bundle.save', { percentage: saving })}</span>}
      </span>
      <span className="bundle-buy">
        {discounted && (
          <del className="bundle-list-price">
            <span className="visually-hidden">{t('bundle.was')} </span>
            {money(bundle.price)}
          </del>
        )}
        <Link to={to} className="btn btn-primary bundle-buy-button">
          {t('bundle.buy', { price: money(price) })}
        </Link>
      </span>
    </article>
  );
}
