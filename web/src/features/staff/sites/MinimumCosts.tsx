import { CURRENCIES, SERVED_COUNTRIES } from '@amora/common';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { formatMoney } from '../../../i18n/format';
import { fieldControl } from '../shared/StaffField';
import { useStaffWords } from '../shared/words';
import type { SiteSettings } from './site-draft';
import { CURRENCY_OF } from './site-labels';
import { countryName } from './site-names';

/** The least a message or gift may cost in each country, in its currency (cents: 99 is 0.99). */
export function MinimumCosts({
  value,
  reason,
  onChange,
}: {
  value: SiteSettings['minimum_message_costs'];
  reason: (path: string) => string | undefined;
  onChange: (value: SiteSettings['minimum_message_costs']) => void;
}) {
  const { t, locale } = useStaffWords();
  const [adding, setAdding] = useState('');
  const countries = SERVED_COUNTRIES.filter((code) => code in value);
  const others = SERVED_COUNTRIES.filter((code) => !(code in value));
  const set = (code: string, cost: { costs: number; currency: string }) => onChange({ ...value, [code]: cost });
  const remove = (code: string) =>
    onChange(Object.fromEntries(Object.entries(value).filter(([each]) => each !== code)));
  // The whole list's reason, when no country's says it.
  const error = countries.some((code) => reason(`settings.minimum_message_costs.${code}`))
    ? undefined
    : reason('settings.minimum_message_costs');
  return (
    <fieldset
      className="staff-field staff-field-wide"
      aria-describedby={error ? 'site-minimum-help site-minimum-error' : 'site-minimum-help'}
    >
      <legend className="form-label">{t('sites.minimum.legend')}</legend>
      <p className="form-text mt-0" id="site-minimum-help">
        {t('sites.minimum.help')}
      </p>
      {countries.length > 0 && (
        <ul className="staff-minimum-costs">
          {countries.map((code) => {
            const cost = value[code] as { costs: number; currency: string };
            const rowError = reason(`settings.minimum_message_costs.${code}`);
            const rowId = `site-minimum-${code}`;
            return (
              <li key={code}>
                <span className="staff-minimum-country">{countryName(code, locale)}</span>
                <Form.Control
                  type="number"
                  inputMode="numeric"
                  min={0}
                  aria-label={t('sites.minimum.costIn', { country: countryName(code, locale) })}
                  {...fieldControl(rowId, { error: rowError })}
                  value={Number.isNaN(cost.costs) ? '' : cost.costs}
                  onChange={(event) =>
                    set(code, { ...cost, costs: event.target.value === '' ? Number.NaN : Number(event.target.value) })
                  }
                />
                <Form.Select
                  aria-label={t('sites.minimum.currencyIn', { country: countryName(code, locale) })}
                  value={cost.currency}
                  onChange={(event) => set(code, { ...cost, currency: event.target.value })}
                >
                  {CURRENCIES.map((currency) => (
                    <option key={currency}>{currency}</option>
                  ))}
                </Form.Select>
                <span className="staff-minimum-amount">
                  {Number.isNaN(cost.costs) ? '' : formatMoney(cost.costs, cost.currency, locale)}
                </span>
                <Button variant="link" onClick={() => remove(code)}>
                  {t('sites.minimum.remove')}
                  <span className="visually-hidden"> {countryName(code, locale)}</span>
                </Button>
                {rowError && (
                  <span className="staff-minimum-error text-danger small" id={`${rowId}-error`}>
                    {rowError}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {error && (
        <p className="small text-danger mb-1" id="site-minimum-error">
          {error}
        </p>
      )}
      {others.length > 0 && (
        <div className="staff-minimum-add">
          <Form.Select
            aria-label={t('sites.minimum.countryToAdd')}
            value={adding}
            onChange={(event) => setAdding(event.target.value)}
          >
            <option value="">{t('sites.minimum.anotherCountry')}</option>
            {others.map((code) => (
              <option key={code} value={code}>
                {countryName(code, locale)}
              </option>
            ))}
          </Form.Select>
          <Button
            variant="outline-primary"
            disabled={!adding}
            onClick={() => {
              set(adding, { costs: 0, currency: CURRENCY_OF[adding] ?? 'EUR' });
              setAdding('');
            }}
          >
            {t('sites.minimum.add')}
          </Button>
        </div>
      )}
    </fieldset>
  );
}
