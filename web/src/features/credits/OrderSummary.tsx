import './credits.scss';
import type { DiscountCode } from '@amora/common';
import { useTranslation } from '../../i18n';
import { formatMoney, formatNumber } from '../../i18n/format';
import type { Bundle } from './api';
import { discountApplies, priceWith } from './price';

/** The bundle being bought: its credits, the discount taken off and the price to pay. */
export function OrderSummary({ bundle, discount }: { bundle: Bundle; discount: DiscountCode | null | undefined }) {
  const { t, i18n } = useTranslation('credits');
  const money = (minor: number) => formatMoney(minor, bundle.currency, i18n.language);
  return (
    <div className="order-summary">
      <span className="order-summary-credits">
        <strong>{formatNumber(bundle.credits, i18n.language)}</strong> {t('bundle.credits', { count: bundle.credits })}
      </span>
      {discountApplies(discount, bundle) && (
        <span className="order-summary-discount">
          {t('payment.discount', { code: discount.code, percentage: discount.value_percentage })}{' '}
          <del>{money(bundle.price)}</del>
        </span>
      )}
      <strong className="order-summary-price">{money(priceWith(discount, bundle))}</strong>
      <span className="small text-body-secondary">{t('payment.vatIncluded')}</span>
    </div>
  );
}
