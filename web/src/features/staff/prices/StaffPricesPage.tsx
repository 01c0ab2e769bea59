import { decimalToMinor, minorToDecimal, type StaffBundle, type StaffBundleCountry, vatIncluded } from '@amora/common';
import { type FormEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { ApiError } from '../../../api/client';
import { formatMoney } from '../../../i18n/format';
import { Loading } from '../../../shared/components/Loading';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { useStaffSites } from '../shared/api';
import { SiteSelect } from '../shared/SiteSelect';
import { StaffField } from '../shared/StaffField';
import { StaffPageHead } from '../shared/StaffPageHead';
import { StaffTable } from '../shared/StaffTable';
import { useStaffWords } from '../shared/words';
import { useAddBundle, useBundles, useChangeBundle } from './api';

/** An amount typed in major units ("19.95", "19,95", "20") as minor units; NaN when it is none, which the server refuses. */
function toMinor(typed: string): number {
  try {
    return decimalToMinor(typed.replace(',', '.'));
  } catch {
    return Number.NaN;
  }
}

/** A credit's price to a tenth of a cent: bundles differ by less than a cent a credit. */
const perCredit = (minor: number, currency: string, locale: string) =>
  new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: 3,
    maximumFractionDigits: 3,
  }).format(minor / 100);
const percent = (basisPoints: number, locale: string) =>
  new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(basisPoints / 10_000);
const countryName = (code: string, locale: string) =>
  new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
/** An example price as the staff member's language writes it ("19.95", "19,95"); toMinor reads both. */
const examplePrice = (locale: string) => new Intl.NumberFormat(locale, { minimumFractionDigits: 2 }).format(19.95);

/** What a failed call says: the reasons of its fields where it has them. */
function reasons(error: Error): string {
  const fields = error instanceof ApiError ? Object.values(error.fields) : [];
  return fields.length > 0 ? fields.map((field) => field.message).join(' ') : error.message;
}

/** The VAT in a price being typed, and what is left without it. */
function VatHint({ typed, list }: { typed: string; list: StaffBundleCountry }) {
  const { t, locale } = useStaffWords();
  const price = toMinor(typed);
  const rate = percent(list.vat_rate, locale);
  if (!(price > 0)) return <>{t('prices.vatRateIncluded', { rate })}</>;
  const vat = vatIncluded(price, list.vat_rate);
  const money = (minor: number) => formatMoney(minor, list.currency, locale);
  return <>{t('prices.vatIncluded', { vat: money(vat), rate, net: money(price - vat) })}</>;
}

/** /staff/bundles (admins): a site's credit bundles per country, VAT included; new, change, off sale and back. */
export default function StaffPricesPage() {
  const { t, locale } = useStaffWords();
  useDocumentTitle(t('prices.title'));
  const sites = useStaffSites();
  const [site, setSite] = useState('');
  const [country, setCountry] = useState('');
  const chosenSite = site || String(sites.data?.[0]?.id ?? '');
  const list = useBundles(chosenSite);
  const countries = list.data?.countries ?? [];
  const shown = countries.find((each) => each.country === country) ?? countries[0];

  return (
    <section>
      <StaffPageHead title={t('prices.title')} help={t('prices.intro')} />
      <fieldset className="staff-filters" aria-label={t('prices.priceList')}>
        <SiteSelect value={chosenSite} onChange={setSite} allSites={false} />
        <Form.Select
          aria-label={t('prices.country')}
          value={shown?.country ?? ''}
          onChange={(e) => setCountry(e.target.value)}
        >
          {countries.map((each) => (
            <option key={each.country} value={each.country}>
              {t('prices.countryOption', { country: countryName(each.country, locale), currency: each.currency })}
            </option>
          ))}
        </Form.Select>
      </fieldset>
      {list.isError && <Alert variant="danger">{list.error.message}</Alert>}
      {list.isPending ? (
        <Loading />
      ) : (
        shown && (
          <>
            <CountryBundles list={shown} />
            <NewBundle key={`${chosenSite}:${shown.country}`} site={Number(chosenSite)} list={shown} />
          </>
        )
      )}
    </section>
  );
}

function CountryBundles({ list }: { list: StaffBundleCountry }) {
  const { t, locale } = useStaffWords();
  const name = countryName(list.country, locale);
  return (
    <div className="staff-card">
      <h2 className="h6">
        {name}{' '}
        <span className="fw-normal text-body-secondary">
          · {list.currency} · {t('prices.vatRate', { rate: percent(list.vat_rate, locale) })}
        </span>
      </h2>
      {list.bundles.length === 0 ? (
        <p className="mb-0">{t('prices.noneOnSale', { country: name })}</p>
      ) : (
        <StaffTable
          className="staff-prices"
          aria-label={t('prices.bundlesIn', { country: name })}
          columns={[t('prices.columns.bundle'), t('prices.columns.price'), t('prices.columns.status')]}
        >
          {list.bundles.map((bundle) => (
            <BundleRow key={bundle.id} bundle={bundle} list={list} />
          ))}
        </StaffTable>
      )}
    </div>
  );
}

function BundleRow({ bundle, list }: { bundle: StaffBundle; list: StaffBundleCountry }) {
  const { t, locale } = useStaffWords();
  const change = useChangeBundle();
  const [editing, setEditing] = useState(false);
  const [credits, setCredits] = useState(String(bundle.credits));
  const [price, setPrice] = useState(minorToDecimal(bundle.price));
  const [popular, setPopular] = useState(bundle.popular);
  const label = t('prices.credits', { count: bundle.credits });
  const edit = () => {
    setCredits(String(bundle.credits));
    setPrice(minorToDecimal(bundle.price));
    setPopular(bundle.popular);
    change.reset();
    setEditing(true);
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    change.mutate(
      { id: bundle.id, credits: Number(credits), price: toMinor(price), ...(bundle.active && { popular }) },
      { onSuccess: () => setEditing(false) },
    );
  };
  return (
    <tr className={bundle.active ? undefined : 'staff-off-sale'}>
      <td className="staff-cell-bundle">
        <strong>{label}</strong>
        {bundle.popular && (
          <Badge bg="primary" className="ms-2">
            {t('prices.popular')}
          </Badge>
        )}
        {bundle.trial && (
          <Badge bg="info" text="dark" className="ms-2">
            {t('prices.trial')}
          </Badge>
        )}
      </td>
      <td className="staff-cell-price">
        {editing ? (
          <Form className="staff-bundle-change" onSubmit={save} aria-label={t('prices.change', { bundle: label })}>
            <div className="d-flex flex-wrap align-items-center gap-2">
              <InputGroup size="sm" className="staff-amount">
                <Form.Control
                  inputMode="numeric"
                  aria-label={t('prices.creditsLabel')}
                  value={credits}
                  onChange={(e) => setCredits(e.target.value)}
                />
                <InputGroup.Text>{t('prices.creditsUnit')}</InputGroup.Text>
              </InputGroup>
              <InputGroup size="sm" className="staff-amount">
                <InputGroup.Text>{list.currency}</InputGroup.Text>
                <Form.Control
                  inputMode="decimal"
                  aria-label={t('prices.priceIn', { currency: list.currency })}
                  value={price}
                  onChange={(e) => setPrice(e.target.value)}
                />
              </InputGroup>
              {bundle.active && (
                <Form.Check
                  id={`bundle-${bundle.id}-popular`}
                  label={t('prices.popular')}
                  checked={popular}
                  onChange={(e) => setPopular(e.target.checked)}
                />
              )}
            </div>
            <span className="d-block small text-body-secondary">
              <VatHint typed={price} list={list} />
            </span>
            <div className="d-flex gap-1 mt-1">
              <Button type="submit" disabled={change.isPending}>
                {t('prices.save')}
              </Button>
              <Button variant="link" onClick={() => setEditing(false)}>
                {t('prices.cancel')}
              </Button>
            </div>
          </Form>
        ) : (
          <>
            <strong>{formatMoney(bundle.price, bundle.currency, locale)}</strong>
            <span className="d-block small text-body-secondary">
              {t('prices.breakdown', {
                vat: formatMoney(bundle.vat, bundle.currency, locale),
                net: formatMoney(bundle.net, bundle.currency, locale),
                perCredit: perCredit(bundle.price_per_credit, bundle.currency, locale),
              })}
            </span>
          </>
        )}
        {change.isError && (
          <span className="d-block small text-danger" role="alert">
            {reasons(change.error)}
          </span>
        )}
      </td>
      <td className="staff-cell-status">
        <Badge bg={bundle.active ? 'success' : 'secondary'}>
          {t(bundle.active ? 'prices.onSale' : 'prices.offSale')}
        </Badge>
      </td>
      <td className="staff-cell-action text-end text-nowrap">
        {!editing && (
          <Button variant="link" onClick={edit}>
            {t('prices.edit')}
            <span className="visually-hidden"> {label}</span>
          </Button>
        )}
        <Button
          variant={bundle.active ? 'outline-danger' : 'outline-primary'}
          disabled={change.isPending}
          onClick={() => change.mutate({ id: bundle.id, active: !bundle.active })}
        >
          {t(bundle.active ? 'prices.takeOffSale' : 'prices.putOnSale')}
          <span className="visually-hidden"> {label}</span>
        </Button>
      </td>
    </tr>
  );
}

function NewBundle({ site, list }: { site: number; list: StaffBundleCountry }) {
  const { t, locale } = useStaffWords();
  const add = useAddBundle();
  const [credits, setCredits] = useState('');
  const [price, setPrice] = useState('');
  const [popular, setPopular] = useState(false);
  const [trial, setTrial] = useState(false);
  const [added, setAdded] = useState<string | null>(null);
  const name = countryName(list.country, locale);
  const fields = add.error instanceof ApiError ? add.error.fields : {};
  const fieldError = (field: string) => fields[field]?.message;
  const shownFields = ['credits', 'price', 'popular', 'trial'];
  const otherError = add.isError && !Object.keys(fields).some((field) => shownFields.includes(field));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAdded(null);
    add.mutate(
      { site, country: list.country, credits: Number(credits), price: toMinor(price), popular, trial },
      {
        onSuccess: ({ bundle }) => {
          setAdded(
            t('prices.added', {
              bundle: t('prices.credits', { count: bundle.credits }),
              price: formatMoney(bundle.price, bundle.currency, locale),
            }),
          );
          setCredits('');
          setPrice('');
          setPopular(false);
          setTrial(false);
        },
      },
    );
  };

  return (
    <Form className="staff-card" onSubmit={submit} aria-label={t('prices.newBundle')}>
      <h2 className="h6">{t('prices.newBundleIn', { country: name })}</h2>
      {added && (
        <Alert variant="success" dismissible onClose={() => setAdded(null)}>
          {added}
        </Alert>
      )}
      {otherError && <Alert variant="danger">{reasons(add.error)}</Alert>}
      <div className="staff-new-code staff-new-bundle">
        <StaffField id="new-bundle-credits" label={t('prices.creditsLabel')} error={fieldError('credits')}>
          {(control) => (
            <Form.Control
              {...control}
              inputMode="numeric"
              value={credits}
              onChange={(e) => setCredits(e.target.value)}
            />
          )}
        </StaffField>
        <StaffField
          id="new-bundle-price"
          label={t('prices.price', { currency: list.currency })}
          error={fieldError('price')}
          describedBy="new-bundle-vat"
        >
          {(control) => (
            <Form.Control
              {...control}
              inputMode="decimal"
              placeholder={t('prices.pricePlaceholder', { example: examplePrice(locale) })}
              value={price}
              onChange={(e) => setPrice(e.target.value)}
            />
          )}
        </StaffField>
      </div>
      <p id="new-bundle-vat" className="small text-body-secondary mt-1 mb-2">
        <VatHint typed={price} list={list} />
      </p>
      <div className="d-flex flex-wrap gap-3">
        <Form.Check
          id="new-bundle-popular"
          label={t('prices.popularNew')}
          checked={popular}
          onChange={(e) => setPopular(e.target.checked)}
        />
        <Form.Check
          id="new-bundle-trial"
          label={t('prices.trialNew')}
          checked={trial}
          isInvalid={Boolean(fieldError('trial'))}
          feedback={fieldError('trial')}
          feedbackType="invalid"
          onChange={(e) => setTrial(e.target.checked)}
        />
      </div>
      <Button type="submit" className="mt-2" disabled={add.isPending || !site}>
        {t('prices.add')}
      </Button>
    </Form>
  );
}
