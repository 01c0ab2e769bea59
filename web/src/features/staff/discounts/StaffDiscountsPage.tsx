import { DISCOUNT_VALIDITIES, type StaffDiscountCode } from '@amora/common';
import { type FormEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { ApiError } from '../../../api/client';
import { formatDate, formatMoney } from '../../../i18n/format';
import { Loading } from '../../../shared/components/Loading';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { useStaffSites } from '../shared/api';
import { SiteSelect } from '../shared/SiteSelect';
import { StaffField } from '../shared/StaffField';
import { StaffPageHead } from '../shared/StaffPageHead';
import { StaffTable } from '../shared/StaffTable';
import { useStaffWords } from '../shared/words';
import { useAddDiscountCode, useChangeDiscountCode, useDiscountCodes } from './api';

/** Minor units typed as an amount: "10" or "9.95" → 1000 or 995. */
const toMinor = (typed: string) => Math.round(Number(typed.replace(',', '.')) * 100);
const lastDayOf = (expires: string | null) => expires?.slice(0, 10) ?? '';

/** How a code stands for a member typing it now: past its last day, switched off, or working. */
type CodeState = 'active' | 'expired' | 'off';
/** Working in green; switched off (which can be undone) in amber; expired (done with) in a quiet grey. */
const STATE_BADGES: Record<CodeState, { bg: string; text?: 'dark'; className?: string }> = {
  active: { bg: 'success' },
  off: { bg: 'warning', text: 'dark' },
  expired: { bg: 'light', text: 'dark', className: 'border' },
};

/** Past its last day a code is expired whatever its switch says; switching it on does not revive it. */
function codeState(code: StaffDiscountCode, now = new Date()): CodeState {
  if (code.expires !== null && new Date(code.expires) <= now) return 'expired';
  return code.status === 'active' ? 'active' : 'off';
}

/** A minimum order: in the code's currency where it has one, else as a plain amount. */
function minimumOf(code: StaffDiscountCode, locale: string): string {
  const amount = code.minimum_order_value;
  if (code.currency) return formatMoney(amount, code.currency, locale);
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 2 }).format(amount / 100);
}

const percentOff = (percentage: number, locale: string) =>
  new Intl.NumberFormat(locale, { style: 'percent' }).format(percentage / 100);

/** The columns of the codes' table, by their names in staff:discounts.columns. */
const COLUMNS = ['code', 'discount', 'used', 'status'] as const;

/** /staff/discounts (admins): the codes members type, per site, with how often each is used; new, change, expire. */
export default function StaffDiscountsPage() {
  const { t } = useStaffWords();
  useDocumentTitle(t('discounts.title'));
  const [site, setSite] = useState('');
  const codes = useDiscountCodes(site);

  return (
    <section>
      <StaffPageHead title={t('discounts.title')} help={t('discounts.intro')} />
      <NewCode />
      <fieldset className="staff-filters" aria-label={t('discounts.filter')}>
        <SiteSelect value={site} onChange={setSite} />
      </fieldset>
      {codes.isError && <Alert variant="danger">{codes.error.message}</Alert>}
      {codes.isPending ? (
        <Loading />
      ) : codes.data?.length === 0 ? (
        <p>{t('discounts.none')}</p>
      ) : (
        <div className="staff-card">
          <StaffTable
            aria-label={t('discounts.list')}
            columns={COLUMNS.map((column) => t(`discounts.columns.${column}`))}
          >
            {codes.data?.map((code) => (
              <CodeRow key={code.id} code={code} />
            ))}
          </StaffTable>
        </div>
      )}
    </section>
  );
}

function NewCode() {
  const { t } = useStaffWords();
  const sites = useStaffSites();
  const add = useAddDiscountCode();
  const [site, setSite] = useState('');
  const [code, setCode] = useState('');
  const [percentage, setPercentage] = useState('20');
  const [validity, setValidity] = useState<StaffDiscountCode['validity']>('once_per_user');
  const [country, setCountry] = useState('');
  const [minimum, setMinimum] = useState('');
  const [lastDay, setLastDay] = useState('');
  const [added, setAdded] = useState<string | null>(null);
  const chosenSite = site || String(sites.data?.[0]?.id ?? '');
  const fieldError = (field: string) => (add.error instanceof ApiError ? add.error.fields[field]?.message : undefined);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAdded(null);
    add.mutate(
      {
        site: Number(chosenSite),
        code,
        percentage: Number(percentage),
        validity,
        ...(country && { country }),
        ...(minimum && { minimum_order_value: toMinor(minimum) }),
        ...(lastDay && { last_day: lastDay }),
      },
      {
        onSuccess: (answer) => {
          setAdded(t('discounts.added', { code: answer.code.code }));
          setCode('');
        },
      },
    );
  };

  return (
    <Form className="staff-card" onSubmit={submit} aria-label={t('discounts.new')}>
      <h2 className="h6">{t('discounts.newTitle')}</h2>
      {added && (
        <Alert variant="success" dismissible onClose={() => setAdded(null)}>
          {added}
        </Alert>
      )}
      {add.isError && Object.keys(add.error instanceof ApiError ? add.error.fields : {}).length === 0 && (
        <Alert variant="danger">{add.error.message}</Alert>
      )}
      <div className="staff-new-code">
        <StaffField id="new-code-site" label={t('shared.site')} error={fieldError('site')}>
          {(control) => (
            <Form.Select {...control} value={chosenSite} onChange={(e) => setSite(e.target.value)}>
              {sites.data?.map((each) => (
                <option key={each.id} value={each.id}>
                  {each.name}
                </option>
              ))}
            </Form.Select>
          )}
        </StaffField>
        <StaffField id="new-code-code" label={t('discounts.code')} error={fieldError('code')} className="flex-grow-1">
          {(control) => (
            <Form.Control {...control} value={code} onChange={(e) => setCode(e.target.value.toUpperCase())} />
          )}
        </StaffField>
        <StaffField id="new-code-percentage" label={t('discounts.percentage')} error={fieldError('percentage')}>
          {(control) => (
            <Form.Control
              {...control}
              inputMode="numeric"
              value={percentage}
              onChange={(e) => setPercentage(e.target.value)}
            />
          )}
        </StaffField>
        <StaffField id="new-code-validity" label={t('discounts.use')} error={fieldError('validity')}>
          {(control) => (
            <Form.Select
              {...control}
              value={validity}
              onChange={(e) => setValidity(e.target.value as StaffDiscountCode['validity'])}
            >
              {DISCOUNT_VALIDITIES.map((each) => (
                <option key={each} value={each}>
                  {t(`discounts.validity.${each}`)}
                </option>
              ))}
            </Form.Select>
          )}
        </StaffField>
        <StaffField id="new-code-country" label={t('discounts.country')} error={fieldError('country')}>
          {(control) => (
            <Form.Control
              {...control}
              placeholder={t('discounts.countryExample')}
              maxLength={2}
              value={country}
              onChange={(e) => setCountry(e.target.value.toUpperCase())}
            />
          )}
        </StaffField>
        <StaffField
          id="new-code-minimum_order_value"
          label={t('discounts.minimum')}
          error={fieldError('minimum_order_value')}
        >
          {(control) => (
            <Form.Control
              {...control}
              inputMode="decimal"
              value={minimum}
              onChange={(e) => setMinimum(e.target.value)}
            />
          )}
        </StaffField>
        <StaffField id="new-code-last_day" label={t('discounts.lastDayOptional')} error={fieldError('last_day')}>
          {(control) => (
            <Form.Control {...control} type="date" value={lastDay} onChange={(e) => setLastDay(e.target.value)} />
          )}
        </StaffField>
      </div>
      <Button type="submit" className="mt-2" disabled={add.isPending || !chosenSite}>
        {t('discounts.add')}
      </Button>
    </Form>
  );
}

function CodeRow({ code }: { code: StaffDiscountCode }) {
  const { t, locale } = useStaffWords();
  const change = useChangeDiscountCode();
  const [editing, setEditing] = useState(false);
  const [percentage, setPercentage] = useState(String(code.percentage));
  const [lastDay, setLastDay] = useState(lastDayOf(code.expires));
  const state = codeState(code);
  const limits = [
    code.country,
    code.currency,
    code.minimum_order_value > 0 && t('discounts.from', { amount: minimumOf(code, locale) }),
    code.methods?.map((method) => t(`payments.methods.${method}`)).join(', '),
    code.expires && t('discounts.until', { date: formatDate(code.expires, locale) }),
  ].filter(Boolean);
  const save = (event: FormEvent) => {
    event.preventDefault();
    change.mutate(
      { id: code.id, percentage: Number(percentage), last_day: lastDay || null },
      { onSuccess: () => setEditing(false) },
    );
  };
  return (
    <tr>
      <td>
        <strong>{code.code}</strong>
        <span className="d-block small text-body-secondary">{code.site.name}</span>
      </td>
      <td>
        {editing ? (
          <Form
            className="d-flex flex-wrap gap-1"
            onSubmit={save}
            aria-label={t('discounts.change', { code: code.code })}
          >
            <Form.Control
              aria-label={t('discounts.percentage')}
              className="staff-amount"
              value={percentage}
              onChange={(e) => setPercentage(e.target.value)}
            />
            <Form.Control
              type="date"
              aria-label={t('discounts.lastDay')}
              className="staff-amount"
              value={lastDay}
              onChange={(e) => setLastDay(e.target.value)}
            />
            <Button type="submit" disabled={change.isPending}>
              {t('discounts.save')}
            </Button>
          </Form>
        ) : (
          <>
            {t('discounts.summary', {
              percentage: percentOff(code.percentage, locale),
              validity: t(`discounts.validity.${code.validity}`),
            })}
            {limits.length > 0 && <span className="d-block small text-body-secondary">{limits.join(' · ')}</span>}
          </>
        )}
        {change.isError && <span className="d-block small text-danger">{change.error.message}</span>}
      </td>
      <td>{t('discounts.uses', { count: code.used })}</td>
      <td>
        <Badge {...STATE_BADGES[state]}>{t(`discounts.states.${state}`)}</Badge>
      </td>
      <td className="text-end text-nowrap">
        {!editing && (
          <Button variant="link" onClick={() => setEditing(true)}>
            {t('discounts.edit')}
            <span className="visually-hidden"> {code.code}</span>
          </Button>
        )}
        <Button
          variant={code.status === 'active' ? 'outline-danger' : 'outline-primary'}
          disabled={change.isPending}
          onClick={() => change.mutate({ id: code.id, status: code.status === 'active' ? 'inactive' : 'active' })}
        >
          {t(code.status === 'active' ? 'discounts.switchOff' : 'discounts.switchOn')}
          <span className="visually-hidden"> {code.code}</span>
        </Button>
      </td>
    </tr>
  );
}
