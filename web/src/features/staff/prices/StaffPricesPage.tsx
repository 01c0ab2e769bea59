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
import { STAFF_LOCALE, useStaffSites } from '../shared/api';
import { SiteSelect } from '../shared/SiteSelect';
import { StaffField } from '../shared/StaffField';
import { StaffTable } from '../shared/StaffTable';
import { useAddBundle, useBundles, useChangeBundle } from './api';

/** An amount typed in major units ("19.95", "19,95", "20") as minor units; NaN when it is none, which the server refuses. */
function toMinor(typed: string): number {
  try {
    return decimalToMinor(typed.replace(',', '.'));
  } catch {
    return Number.NaN;
  }
}

const money = (minor: number, currency: string) => formatMoney(minor, currency, STAFF_LOCALE);
/** A credit's price to a tenth of a cent: bundles differ by less than a cent a credit. */
const perCredit = (minor: number, currency: string) =>
  new Intl.NumberFormat(STAFF_LOCALE, {
    style: 'currency',
    currency,
    minimumFractionDigits: 3,
    maximumFractionDigits: 3,
  }).format(minor / 100);
const percent = (basisPoints: number) => `${basisPoints / 100}%`;
const countryName = (code: string) => new Intl.DisplayNames([STAFF_LOCALE], { type: 'region' }).of(code) ?? code;

/** What a failed call says: the reasons of its fields where it has them. */
function reasons(error: Error): string {
  const fields = error instanceof ApiError ? Object.values(error.fields) : [];
  return fields.length > 0 ? fields.map((field) => field.message).join(' ') : error.message;
}

/** The VAT in a price being typed, and what is left without it. */
function VatHint({ typed, list }: { typed: string; list: StaffBundleCountry }) {
  const price = toMinor(typed);
  if (!(price > 0)) return <>VAT {percent(list.vat_rate)} included.</>;
  const vat = vatIncluded(price, list.vat_rate);
  return (
    <>
      {money(vat, list.currency)} VAT ({percent(list.vat_rate)}) included; {money(price - vat, list.currency)} net.
    </>
  );
}

/** /staff/bundles (admins): a site's credit bundles per country, VAT included; new, change, off sale and back. */
export default function StaffPricesPage() {
  useDocumentTitle('Prices');
  const sites = useStaffSites();
  const [site, setSite] = useState('');
  const [country, setCountry] = useState('');
  const chosenSite = site || String(sites.data?.[0]?.id ?? '');
  const list = useBundles(chosenSite);
  const countries = list.data?.countries ?? [];
  const shown = countries.find((each) => each.country === country) ?? countries[0];

  return (
    <section>
      <div className="staff-page-head">
        <h1 className="h3">Prices</h1>
        <p className="text-body-secondary mb-0">
          The credit bundles members buy, per site and country, in the country's currency with VAT included. A change
          applies to payments started after it; a payment under way keeps its credits and price.
        </p>
      </div>
      <fieldset className="staff-filters" aria-label="Price list">
        <SiteSelect value={chosenSite} onChange={setSite} allSites={false} />
        <Form.Select
          size="sm"
          aria-label="Country"
          value={shown?.country ?? ''}
          onChange={(e) => setCountry(e.target.value)}
        >
          {countries.map((each) => (
            <option key={each.country} value={each.country}>
              {countryName(each.country)} ({each.currency})
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
  const name = countryName(list.country);
  return (
    <div className="staff-card">
      <h2 className="h6">
        {name}{' '}
        <span className="fw-normal text-body-secondary">
          · {list.currency} · VAT {percent(list.vat_rate)}
        </span>
      </h2>
      {list.bundles.length === 0 ? (
        <p className="mb-0">
          Nothing on sale here: members in {name} are offered the bundles of the site's first country that has them.
        </p>
      ) : (
        <StaffTable
          className="staff-prices"
          aria-label={`Bundles in ${name}`}
          columns={['Bundle', 'Price (VAT included)', 'Status']}
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
  const change = useChangeBundle();
  const [editing, setEditing] = useState(false);
  const [credits, setCredits] = useState(String(bundle.credits));
  const [price, setPrice] = useState(minorToDecimal(bundle.price));
  const [popular, setPopular] = useState(bundle.popular);
  const label = `${bundle.credits} credits`;
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
            Popular
          </Badge>
        )}
        {bundle.trial && (
          <Badge bg="info" text="dark" className="ms-2">
            Trial package
          </Badge>
        )}
      </td>
      <td className="staff-cell-price">
        {editing ? (
          <Form className="staff-bundle-change" onSubmit={save} aria-label={`Change ${label}`}>
            <div className="d-flex flex-wrap align-items-center gap-2">
              <InputGroup size="sm" className="staff-amount">
                <Form.Control
                  inputMode="numeric"
                  aria-label="Credits"
                  value={credits}
                  onChange={(e) => setCredits(e.target.value)}
                />
                <InputGroup.Text>credits</InputGroup.Text>
              </InputGroup>
              <InputGroup size="sm" className="staff-amount">
                <InputGroup.Text>{list.currency}</InputGroup.Text>
                <Form.Control
                  inputMode="decimal"
                  aria-label={`Price in ${list.currency}, VAT included`}
                  value={price}
                  onChange={(e) => setPrice(e.target.value)}
                />
              </InputGroup>
              {bundle.active && (
                <Form.Check
                  id={`bundle-${bundle.id}-popular`}
                  label="Popular"
                  checked={popular}
                  onChange={(e) => setPopular(e.target.checked)}
                />
              )}
            </div>
            <span className="d-block small text-body-secondary">
              <VatHint typed={price} list={list} />
            </span>
            <div className="d-flex gap-1 mt-1">
              <Button type="submit" size="sm" disabled={change.isPending}>
                Save
              </Button>
              <Button size="sm" variant="link" onClick={() => setEditing(false)}>
                Cancel
              </Button>
            </div>
          </Form>
        ) : (
          <>
            <strong>{money(bundle.price, bundle.currency)}</strong>
            <span className="d-block small text-body-secondary">
              {money(bundle.vat, bundle.currency)} VAT · {money(bundle.net, bundle.currency)} net ·{' '}
              {perCredit(bundle.price_per_credit, bundle.currency)} a credit
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
        <Badge bg={bundle.active ? 'success' : 'secondary'}>{bundle.active ? 'On sale' : 'Off sale'}</Badge>
      </td>
      <td className="staff-cell-action text-end text-nowrap">
        {!editing && (
          <Button size="sm" variant="link" onClick={edit}>
            Edit<span className="visually-hidden"> {label}</span>
          </Button>
        )}
        <Button
          size="sm"
          variant={bundle.active ? 'outline-danger' : 'outline-primary'}
          disabled={change.isPending}
          onClick={() => change.mutate({ id: bundle.id, active: !bundle.active })}
        >
          {bundle.active ? 'Take off sale' : 'Put on sale'}
          <span className="visually-hidden"> {label}</span>
        </Button>
      </td>
    </tr>
  );
}

function NewBundle({ site, list }: { site: number; list: StaffBundleCountry }) {
  const add = useAddBundle();
  const [credits, setCredits] = useState('');
  const [price, setPrice] = useState('');
  const [popular, setPopular] = useState(false);
  const [trial, setTrial] = useState(false);
  const [added, setAdded] = useState<string | null>(null);
  const name = countryName(list.country);
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
          setAdded(`${bundle.credits} credits for ${money(bundle.price, bundle.currency)} added: members see it now.`);
          setCredits('');
          setPrice('');
          setPopular(false);
          setTrial(false);
        },
      },
    );
  };

  return (
    <Form className="staff-card" onSubmit={submit} aria-label="New bundle">
      <h2 className="h6">New bundle in {name}</h2>
      {added && (
        <Alert variant="success" dismissible onClose={() => setAdded(null)}>
          {added}
        </Alert>
      )}
      {otherError && <Alert variant="danger">{reasons(add.error)}</Alert>}
      <div className="staff-new-code staff-new-bundle">
        <StaffField id="new-bundle-credits" label="Credits" error={fieldError('credits')}>
          {(control) => (
            <Form.Control
              {...control}
              size="sm"
              inputMode="numeric"
              value={credits}
              onChange={(e) => setCredits(e.target.value)}
            />
          )}
        </StaffField>
        <StaffField
          id="new-bundle-price"
          label={`Price (${list.currency})`}
          error={fieldError('price')}
          describedBy="new-bundle-vat"
        >
          {(control) => (
            <Form.Control
              {...control}
              size="sm"
              inputMode="decimal"
              placeholder="e.g. 19.95"
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
          label="Popular (moves the mark from the bundle that has it)"
          checked={popular}
          onChange={(e) => setPopular(e.target.checked)}
        />
        <Form.Check
          id="new-bundle-trial"
          label="Trial package (once, for members who never paid)"
          checked={trial}
          isInvalid={Boolean(fieldError('trial'))}
          feedback={fieldError('trial')}
          feedbackType="invalid"
          onChange={(e) => setTrial(e.target.checked)}
        />
      </div>
      <Button type="submit" size="sm" className="mt-2" disabled={add.isPending || !site}>
        Add bundle
      </Button>
    </Form>
  );
}
