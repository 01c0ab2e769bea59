import { DISCOUNT_VALIDITIES, type StaffDiscountCode } from '@amora/common';
import { type FormEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { ApiError } from '../../../api/client';
import { formatDate } from '../../../i18n/format';
import { Loading } from '../../../shared/components/Loading';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { STAFF_LOCALE, useStaffSites } from '../shared/api';
import { SiteSelect } from '../shared/SiteSelect';
import { StaffField } from '../shared/StaffField';
import { StaffTable } from '../shared/StaffTable';
import { useAddDiscountCode, useChangeDiscountCode, useDiscountCodes } from './api';

const VALIDITY_LABELS: Record<StaffDiscountCode['validity'], string> = {
  once_per_user: 'Once per member',
  once: 'Once in all',
  unlimited: 'Without limit',
};

/** Minor units typed as an amount: "10" or "9.95" → 1000 or 995. */
const toMinor = (typed: string) => Math.round(Number(typed.replace(',', '.')) * 100);
const lastDayOf = (expires: string | null) => expires?.slice(0, 10) ?? '';

/** /staff/discounts (admins): the codes members type, per site, with how often each is used; new, change, expire. */
export default function StaffDiscountsPage() {
  useDocumentTitle('Discount codes');
  const [site, setSite] = useState('');
  const codes = useDiscountCodes(site);

  return (
    <section>
      <div className="staff-page-head">
        <h1 className="h3">Discount codes</h1>
        <p className="text-body-secondary mb-0">
          Codes members type at checkout. A change applies to payments started after it; a payment under way keeps its
          price.
        </p>
      </div>
      <NewCode />
      <fieldset className="staff-filters" aria-label="Filter codes">
        <SiteSelect value={site} onChange={setSite} />
      </fieldset>
      {codes.isError && <Alert variant="danger">{codes.error.message}</Alert>}
      {codes.isPending ? (
        <Loading />
      ) : codes.data?.length === 0 ? (
        <p>No codes yet.</p>
      ) : (
        <div className="staff-card">
          <StaffTable aria-label="Discount codes" columns={['Code', 'Discount', 'Used', 'Status']}>
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
          setAdded(`${answer.code.code} added: members can use it now.`);
          setCode('');
        },
      },
    );
  };

  return (
    <Form className="staff-card" onSubmit={submit} aria-label="New discount code">
      <h2 className="h6">New code</h2>
      {added && (
        <Alert variant="success" dismissible onClose={() => setAdded(null)}>
          {added}
        </Alert>
      )}
      {add.isError && Object.keys(add.error instanceof ApiError ? add.error.fields : {}).length === 0 && (
        <Alert variant="danger">{add.error.message}</Alert>
      )}
      <div className="staff-new-code">
        <StaffField id="new-code-site" label="Site" error={fieldError('site')}>
          {(control) => (
            <Form.Select {...control} size="sm" value={chosenSite} onChange={(e) => setSite(e.target.value)}>
              {sites.data?.map((each) => (
                <option key={each.id} value={each.id}>
                  {each.name}
                </option>
              ))}
            </Form.Select>
          )}
        </StaffField>
        <StaffField id="new-code-code" label="Code" error={fieldError('code')} className="flex-grow-1">
          {(control) => (
            <Form.Control {...control} size="sm" value={code} onChange={(e) => setCode(e.target.value.toUpperCase())} />
          )}
        </StaffField>
        <StaffField id="new-code-percentage" label="% off" error={fieldError('percentage')}>
          {(control) => (
            <Form.Control
              {...control}
              size="sm"
              inputMode="numeric"
              value={percentage}
              onChange={(e) => setPercentage(e.target.value)}
            />
          )}
        </StaffField>
        <StaffField id="new-code-validity" label="Use" error={fieldError('validity')}>
          {(control) => (
            <Form.Select
              {...control}
              size="sm"
              value={validity}
              onChange={(e) => setValidity(e.target.value as StaffDiscountCode['validity'])}
            >
              {DISCOUNT_VALIDITIES.map((each) => (
                <option key={each} value={each}>
                  {VALIDITY_LABELS[each]}
                </option>
              ))}
            </Form.Select>
          )}
        </StaffField>
        <StaffField id="new-code-country" label="Country (optional)" error={fieldError('country')}>
          {(control) => (
            <Form.Control
              {...control}
              size="sm"
              placeholder="e.g. NL"
              maxLength={2}
              value={country}
              onChange={(e) => setCountry(e.target.value.toUpperCase())}
            />
          )}
        </StaffField>
        <StaffField
          id="new-code-minimum_order_value"
          label="Minimum order (optional)"
          error={fieldError('minimum_order_value')}
        >
          {(control) => (
            <Form.Control
              {...control}
              size="sm"
              inputMode="decimal"
              value={minimum}
              onChange={(e) => setMinimum(e.target.value)}
            />
          )}
        </StaffField>
        <StaffField id="new-code-last_day" label="Last day (optional)" error={fieldError('last_day')}>
          {(control) => (
            <Form.Control
              {...control}
              size="sm"
              type="date"
              value={lastDay}
              onChange={(e) => setLastDay(e.target.value)}
            />
          )}
        </StaffField>
      </div>
      <Button type="submit" size="sm" className="mt-2" disabled={add.isPending || !chosenSite}>
        Add code
      </Button>
    </Form>
  );
}

function CodeRow({ code }: { code: StaffDiscountCode }) {
  const change = useChangeDiscountCode();
  const [editing, setEditing] = useState(false);
  const [percentage, setPercentage] = useState(String(code.percentage));
  const [lastDay, setLastDay] = useState(lastDayOf(code.expires));
  const limits = [
    code.country,
    code.currency,
    code.minimum_order_value > 0 && `from ${(code.minimum_order_value / 100).toFixed(2)}`,
    code.methods?.join(', '),
    code.expires && `until ${formatDate(code.expires, STAFF_LOCALE)}`,
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
          <Form className="d-flex flex-wrap gap-1" onSubmit={save} aria-label={`Change ${code.code}`}>
            <Form.Control
              size="sm"
              aria-label="% off"
              className="staff-amount"
              value={percentage}
              onChange={(e) => setPercentage(e.target.value)}
            />
            <Form.Control
              size="sm"
              type="date"
              aria-label="Last day"
              className="staff-amount"
              value={lastDay}
              onChange={(e) => setLastDay(e.target.value)}
            />
            <Button type="submit" size="sm" disabled={change.isPending}>
              Save
            </Button>
          </Form>
        ) : (
          <>
            {code.percentage}% · {VALIDITY_LABELS[code.validity]}
            {limits.length > 0 && <span className="d-block small text-body-secondary">{limits.join(' · ')}</span>}
          </>
        )}
        {change.isError && <span className="d-block small text-danger">{change.error.message}</span>}
      </td>
      <td>{code.used === 1 ? '1 use' : `${code.used} uses`}</td>
      <td>
        <Badge bg={code.status === 'active' ? 'success' : 'secondary'}>
          {code.status === 'active' ? 'Active' : 'Expired'}
        </Badge>
      </td>
      <td className="text-end text-nowrap">
        {!editing && (
          <Button size="sm" variant="link" onClick={() => setEditing(true)}>
            Edit
          </Button>
        )}
        <Button
          size="sm"
          variant={code.status === 'active' ? 'outline-danger' : 'outline-primary'}
          disabled={change.isPending}
          onClick={() => change.mutate({ id: code.id, status: code.status === 'active' ? 'inactive' : 'active' })}
        >
          {code.status === 'active' ? 'Expire' : 'Activate'}
          <span className="visually-hidden"> {code.code}</span>
        </Button>
      </td>
    </tr>
  );
}
