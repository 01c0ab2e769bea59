import './credits.scss';
import type { PaymentMethod } from '@amora/common';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n';

/** Simple marks in the names and colours "pay with" rows use for each method; drawn here, no logos copied. */
const MARKS: Record<PaymentMethod, ReactNode> = {
  ideal: (
    <>
      <rect x="0.5" y="0.5" width="39" height="25" rx="4" fill="#fff" stroke="#cc0066" />
      <text x="20" y="17.5" textAnchor="middle" fontSize="12" fontWeight="800" fontFamily="Arial, sans-serif">
        <tspan fill="#000">i</tspan>
        <tspan fill="#cc0066">DEAL</tspan>
      </text>
    </>
  ),
  creditcard: (
    <>
      <rect x="0.5" y="0.5" width="39" height="25" rx="4" fill="#1a3a6b" />
      <rect x="0.5" y="6" width="39" height="4.5" fill="#0d2347" />
      <rect x="5" y="14" width="7" height="5.5" rx="1" fill="#f2c94c" />
      <rect x="15" y="17" width="19" height="2" rx="1" fill="#9fb3d1" />
    </>
  ),
  paypal: (
    <>
      <rect x="0.5" y="0.5" width="39" height="25" rx="4" fill="#fff" stroke="#c8d3e6" />
      <text x="20" y="16.5" textAnchor="middle" fontSize="9.5" fontWeight="800" fontFamily="Arial, sans-serif">
        <tspan fill="#003087">Pay</tspan>
        <tspan fill="#009cde">Pal</tspan>
      </text>
    </>
  ),
  directdebit: (
    <>
      <rect x="0.5" y="0.5" width="39" height="25" rx="4" fill="#fff" stroke="#c8d3e6" />
      <text
        x="20"
        y="16"
        textAnchor="middle"
        fontSize="10"
        fontWeight="800"
        fontFamily="Arial, sans-serif"
        fill="#10298e"
      >
        SEPA
      </text>
      <path d="M9 19.5 q11 3.5 22 0" fill="none" stroke="#ffbe00" strokeWidth="1.6" strokeLinecap="round" />
    </>
  ),
};

/**
 * A payment method's mark. Named for assistive technology when shown alone (`named`); hidden from
 * it beside the method's written name.
 */
export function PaymentMark({ method, named = false }: { method: PaymentMethod; named?: boolean }) {
  const { t } = useTranslation('credits');
  const name = t(`methods.${method}`);
  return (
    <svg
      className="payment-mark"
      viewBox="0 0 40 26"
      width="40"
      height="26"
      focusable="false"
      role={named ? 'img' : undefined}
      aria-label={named ? name : undefined}
      aria-hidden={named ? undefined : true}
    >
      {named && <title>{name}</title>}
      {MARKS[method]}
    </svg>
  );
}

/** The methods the member may pay with, as a row of marks. */
export function PaymentMarks({ methods }: { methods: PaymentMethod[] }) {
  const { t } = useTranslation('credits');
  if (methods.length === 0) return null;
  return (
    <p className="payment-marks">
      <span>{t('payment.with')}</span>
      {methods.map((method) => (
        <PaymentMark key={method} method={method} named />
      ))}
    </p>
  );
}
