import {
  CURRENCIES,
  NICHE_PREFIXES,
  PROFILE_DETAIL_FIELDS,
  SEARCH_FIELDS,
  SERVED_COUNTRIES,
  type StaffSite,
} from '@amora/common';
import { type FormEvent, type ReactNode, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link, useBlocker, useParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { formatMoney } from '../../../i18n/format';
import { Loading } from '../../../shared/components/Loading';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { STAFF_LOCALE } from '../shared/api';
import { useAddSiteDomain, useChangeSite, useRemoveSiteDomain, useStaffSite } from './api';
import { SitePreview } from './SitePreview';
import { changeCount, changeOf, draftOf, type SiteDraft, type SiteSettings } from './site-draft';
import { Choices, Field, NumberField, Switch } from './site-fields';
import { countryName, languageName } from './site-names';

/** The sections of the page, in order, for the links at its top. */
const SECTIONS = [
  ['general', 'General'],
  ['hosts', 'Host names'],
  ['company', 'Company'],
  ['texts', 'Texts'],
  ['members', 'Members'],
  ['money', 'Credits and money'],
  ['place', 'Place'],
  ['support', 'Support'],
  ['staff', 'Staff'],
] as const;

const NICHES: Record<(typeof NICHE_PREFIXES)[number], string> = {
  '': 'Everyone',
  she: 'Women',
  bdsm: 'BDSM (everyone)',
  bbw: 'Curvy women (BBW)',
  gilf: 'Women over 60 (GILF)',
  milf: 'Women of 35 to 55 (MILF)',
  gay: 'Men (gay)',
};

const DETAIL_LABELS: Record<(typeof PROFILE_DETAIL_FIELDS)[number], string> = {
  gender: 'Gender',
  sexuality: 'Looking for',
  city: 'Town',
  hair_colour: 'Hair',
  eye_colour: 'Eyes',
  body_type: 'Body',
  relationship_status: 'Relationship',
  tattoos: 'Tattoos',
};

const SEARCH_LABELS: Record<(typeof SEARCH_FIELDS)[number], string> = {
  gender: 'Gender',
  country: 'Country',
  countryregion: 'Region',
  min_age: 'Youngest age',
  max_age: 'Oldest age',
};

/** The currency a country pays in, for a new row of minimum costs. */
const CURRENCY_OF: Partial<Record<string, (typeof CURRENCIES)[number]>> = {
  GB: 'GBP',
  PL: 'PLN',
  DK: 'DKK',
  SE: 'SEK',
  NO: 'NOK',
};

const TIME_ZONES = Intl.supportedValuesOf('timeZone');

/** The server's reason for a field, or for anything within it (`settings.countries` for `settings.countries.0`). */
function reasonsOf(error: Error | null) {
  const fields = error instanceof ApiError ? error.fields : {};
  return (path: string) =>
    Object.entries(fields).find(([field]) => field === path || field.startsWith(`${path}.`))?.[1].message;
}

/** /staff/sites/{id} (admins): everything about a site, with a preview of what members see. */
export default function StaffSitePage() {
  const id = Number(useParams().id);
  const view = useStaffSite(id);
  useDocumentTitle(view.data ? `${view.data.site.name} (site)` : 'Site');
  if (view.isPending) return <Loading />;
  if (!view.data) {
    return (
      <Alert variant="warning">
        {view.error?.message} <Link to="/staff/sites">Back to the sites</Link>
      </Alert>
    );
  }
  return <SiteEditor saved={view.data} />;
}

function SiteEditor({ saved }: { saved: StaffSite }) {
  const change = useChangeSite();
  const [draft, setDraft] = useState(() => draftOf(saved));
  const [done, setDone] = useState(false);
  const pending = changeOf(draft, saved);
  const count = changeCount(pending);
  const reason = reasonsOf(change.error);
  const hasReasons = change.error instanceof ApiError && Object.keys(change.error.fields).length > 0;
  // Leaving the page with changes not saved asks first.
  const leaving = useBlocker(
    ({ currentLocation, nextLocation }) => count > 0 && currentLocation.pathname !== nextLocation.pathname,
  );

  const edit = (next: (before: SiteDraft) => SiteDraft) => {
    setDone(false);
    setDraft(next);
  };
  const setSetting = <Key extends keyof SiteSettings>(key: Key, value: SiteSettings[Key]) =>
    edit((before) => ({ ...before, settings: { ...before.settings, [key]: value } }));
  const setCompany = <Key extends keyof SiteDraft['company']>(key: Key, value: SiteDraft['company'][Key]) =>
    edit((before) => ({ ...before, company: { ...before.company, [key]: value } }));
  const save = (event: FormEvent) => {
    event.preventDefault();
    change.mutate(pending, {
      onSuccess: (answer) => {
        setDraft(draftOf(answer));
        setDone(true);
      },
    });
  };

  const { settings, company } = draft;
  const text = (key: keyof SiteSettings & string, label: string, help: ReactNode, maxLength: number, wide = false) => (
    <Field id={`site-${key}`} label={label} help={help} error={reason(`settings.${key}`)} wide={wide}>
      {(control) => (
        <Form.Control
          {...control}
          value={settings[key] as string}
          maxLength={maxLength}
          onChange={(event) => setSetting(key, event.target.value)}
        />
      )}
    </Field>
  );
  const number = (key: keyof SiteSettings & string, label: string, help: ReactNode, suffix?: string) => (
    <NumberField
      id={`site-${key}`}
      label={label}
      help={help}
      suffix={suffix}
      error={reason(`settings.${key}`)}
      value={settings[key] as number}
      onChange={(value) => setSetting(key, value)}
    />
  );
  const toggle = (key: keyof SiteSettings & string, label: string, help: ReactNode) => (
    <Switch
      id={`site-${key}`}
      label={label}
      help={help}
      error={reason(`settings.${key}`)}
      checked={settings[key] as boolean}
      onChange={(checked) => setSetting(key, checked)}
    />
  );
  const companyText = (key: Exclude<keyof SiteDraft['company'], 'delete_discount'>, label: string, help: ReactNode) => (
    <Field id={`company-${key}`} label={label} help={help} error={reason(`company.${key}`)}>
      {(control) => (
        <Form.Control {...control} value={company[key]} onChange={(event) => setCompany(key, event.target.value)} />
      )}
    </Field>
  );
  const companyLines = (key: 'tradenames' | 'vat_numbers', label: string, help: ReactNode) => (
    <Field id={`company-${key}`} label={label} help={help} error={reason(`company.${key}`)}>
      {(control) => (
        <Form.Control
          {...control}
          as="textarea"
          rows={2}
          value={company[key]}
          onChange={(event) => setCompany(key, event.target.value)}
        />
      )}
    </Field>
  );

  return (
    <div className="staff-site">
      <div className="staff-site-main">
        <div className="staff-page-head">
          <Link to="/staff/sites" className="small">
            ← Sites
          </Link>
          <h1 className="h3">{saved.site.name}</h1>
          <p className="text-body-secondary mb-0">
            {saved.site.domain} · {languageName(saved.site.domain_language)}
          </p>
        </div>
        <nav className="staff-site-sections" aria-label="Sections">
          {SECTIONS.map(([id, label]) => (
            <a key={id} href={`#site-${id}`}>
              {label}
            </a>
          ))}
        </nav>
        {/* At the top, always in reach: the host names change at once, in their own form; the rest waits for this Save. */}
        <Form className="staff-site-save" onSubmit={save} aria-label="Save the site's changes">
          <span role="status" className="staff-site-save-status">
            {leaving.state === 'blocked'
              ? `Leave without saving ${count === 1 ? 'the change' : `${count} changes`}?`
              : done && !count
                ? 'Saved: members see it now.'
                : count === 1
                  ? '1 change not saved'
                  : count > 1
                    ? `${count} changes not saved`
                    : 'No changes'}
          </span>
          {leaving.state === 'blocked' ? (
            <>
              <Button variant="link" onClick={() => leaving.proceed()}>
                Leave
              </Button>
              <Button onClick={() => leaving.reset()}>Stay</Button>
            </>
          ) : (
            <>
              <Button
                variant="link"
                disabled={count === 0 || change.isPending}
                onClick={() => edit(() => draftOf(saved))}
              >
                Undo
              </Button>
              <Button type="submit" disabled={count === 0 || change.isPending}>
                Save changes
              </Button>
            </>
          )}
          {change.isError && (
            <p className="staff-site-save-error">
              {hasReasons ? 'Some values were refused: see the fields marked in red.' : change.error.message}
            </p>
          )}
        </Form>
        <div className="staff-site-form">
          <Section id="general" title="General" intro="What the site is called and where it lives.">
            <Field
              id="site-name"
              label="Name"
              help="In the top bar, the browser tab and every mail."
              error={reason('name')}
            >
              {(control) => (
                <Form.Control
                  {...control}
                  value={draft.name}
                  maxLength={100}
                  onChange={(event) => edit((before) => ({ ...before, name: event.target.value }))}
                />
              )}
            </Field>
            <ReadOnly id="site-domain" label="Domain" value={saved.site.domain} help="Set when the site was added." />
            <ReadOnly
              id="site-language"
              label="Language"
              value={languageName(saved.site.domain_language)}
              help="Visitors see the site in it first; members may choose another."
            />
          </Section>
          <HostNames site={saved} />
          <Section id="company" title="Company" intro="Who runs the site: on invoices, the terms and the contact page.">
            {companyText('name', 'Company name', 'The legal name, e.g. Example B.V.')}
            {companyText('kvk', 'KvK / registration number', 'The chamber of commerce number.')}
            {companyText('address', 'Address', 'Street and number.')}
            {companyText('city', 'City', 'With the postcode, as on letters.')}
            <Field
              id="company-country"
              label="Country"
              help="Where the company is registered."
              error={reason('company.country')}
            >
              {(control) => (
                <Form.Select
                  {...control}
                  value={company.country}
                  onChange={(event) => setCompany('country', event.target.value)}
                >
                  <option value="">Not said</option>
                  {SERVED_COUNTRIES.map((code) => (
                    <option key={code} value={code}>
                      {countryName(code)}
                    </option>
                  ))}
                </Form.Select>
              )}
            </Field>
            {companyText('support_phone', 'Support phone', "The company's number, on invoices and the contact page.")}
            {companyLines('tradenames', 'Trade names', 'One a line: the names the company trades under.')}
            {companyLines('vat_numbers', 'VAT numbers', 'One a line, e.g. NL123456789B01.')}
            <NumberField
              id="company-delete_discount"
              label="Discount to stay"
              help="Offered to a member about to delete their account; 0 offers none."
              suffix="%"
              error={reason('company.delete_discount')}
              value={company.delete_discount}
              onChange={(value) => setCompany('delete_discount', value)}
            />
          </Section>
          <Section id="texts" title="Texts" intro="The site's own words, in its language.">
            {text('index_title', 'Headline', 'How the site introduces itself, under its name.', 200, true)}
            <Field
              id="site-description"
              label="Description"
              help="A sentence or two about the site; also the installed app's description."
              error={reason('settings.description')}
              wide
            >
              {(control) => (
                <Form.Control
                  {...control}
                  as="textarea"
                  rows={2}
                  maxLength={500}
                  value={settings.description}
                  onChange={(event) => setSetting('description', event.target.value)}
                />
              )}
            </Field>
            {text('mail_name', 'Sender name of mails', 'Members see mails come from this name.', 100)}
            {text(
              'fictional_icon',
              'Hosted profile mark',
              "A character or emoji beside a hosted profile's name in chats.",
              8,
            )}
            {text(
              'fictional_singular',
              'A hosted profile is called',
              'On the label of each, e.g. "hosted profile".',
              60,
            )}
            {text(
              'fictional_plural',
              'Hosted profiles are called',
              'Where several are meant, e.g. "hosted profiles".',
              60,
            )}
            <Field
              id="site-fictional_warning"
              label="Hosted profile warning"
              help="Shown on every hosted profile: that the team runs it and no meeting is possible."
              error={reason('settings.fictional_warning')}
              wide
            >
              {(control) => (
                <Form.Control
                  {...control}
                  as="textarea"
                  rows={3}
                  maxLength={500}
                  value={settings.fictional_warning}
                  onChange={(event) => setSetting('fictional_warning', event.target.value)}
                />
              )}
            </Field>
          </Section>
          <Section id="members" title="Members" intro="Who may join, what visitors see, and what profiles show.">
            <Field
              id="site-signups"
              label="Who may sign up"
              help="A traffic source is an ad or partner link a visitor came by."
              error={reason('settings.signups')}
            >
              {(control) => (
                <Form.Select
                  {...control}
                  value={settings.signups}
                  onChange={(event) => setSetting('signups', event.target.value as SiteSettings['signups'])}
                >
                  <option value="all">Everyone</option>
                  <option value="with_trafficsource">Only visitors from a traffic source</option>
                  <option value="other">Nobody: sign-ups closed</option>
                </Form.Select>
              )}
            </Field>
            <Field
              id="site-niche"
              label="Niche"
              help="Whom the landing pages for ads show."
              error={reason('settings.niche')}
            >
              {(control) => (
                <Form.Select
                  {...control}
                  value={settings.niche}
                  onChange={(event) => setSetting('niche', Number(event.target.value))}
                >
                  {NICHE_PREFIXES.map((prefix, index) => (
                    <option key={prefix} value={index + 1}>
                      {NICHES[prefix]}
                    </option>
                  ))}
                </Form.Select>
              )}
            </Field>
            {toggle(
              'logged_out_search',
              'Visitors may browse profiles',
              'Before signing up, visitors search and see profiles and their photos.',
            )}
            {toggle(
              'logged_out_search_trafficsource',
              'Visitors from a traffic source may browse',
              'When visitors in general may not: those who came by an ad or partner link may.',
            )}
            {toggle(
              'enable_site_entry_popup',
              'Entry warning',
              'Visitors confirm they are adults before they see the site.',
            )}
            {toggle(
              'photo_moderation',
              'Check photos first',
              'New member photos wait for a moderator before others see them.',
            )}
            {toggle(
              'visible_profile_notes',
              'Notes on profile forms',
              'Tell members, where they edit their profile, that others see it.',
            )}
            <Choices
              id="site-visible_profile_fields"
              legend="Details a profile shows"
              help="Members fill in and see only these; gender and looking for are always asked."
              error={reason('settings.visible_profile_fields')}
              options={PROFILE_DETAIL_FIELDS}
              labelOf={(field) => DETAIL_LABELS[field]}
              value={settings.visible_profile_fields}
              onChange={(value) => setSetting('visible_profile_fields', value)}
            />
            <Choices
              id="site-search_fields"
              legend="Search filters"
              help="The filters the member search offers."
              error={reason('settings.search_fields')}
              options={SEARCH_FIELDS}
              labelOf={(field) => SEARCH_LABELS[field]}
              value={settings.search_fields}
              onChange={(value) => setSetting('search_fields', value)}
            />
          </Section>
          <Section id="money" title="Credits and money" intro="What members pay in credits, and what they get free.">
            {number('message_credits', 'A message costs', 'Credits for each message a member sends.', 'credits')}
            {number('photo_credits', 'A photo costs', 'Credits for each photo sent in a chat.', 'credits')}
            {number('gift_credits', 'A gift costs', 'Credits for each gift sent.', 'credits')}
            {number('signup_credits', 'Credits on signing up', 'Given to each new member.', 'credits')}
            {number(
              'free_messages',
              'Free messages',
              'A new member may send these before credits are needed.',
              'messages',
            )}
            {number('message_length', 'Longest message', 'Characters in one message.', 'characters')}
            {number(
              'refund_days',
              'Refunds within',
              'Days after a purchase during which admins may refund it.',
              'days',
            )}
            {toggle(
              'refund_debt',
              'Refunds leave a debt',
              'Credits already spent of a refunded purchase are owed, and paid off by the next purchase. Off: only what is left is taken back.',
            )}
            {toggle('member_resell', 'Member resell', 'Show members the resell variant of the promotion card.')}
            <MinimumCosts
              value={settings.minimum_message_costs}
              reason={reason}
              onChange={(value) => setSetting('minimum_message_costs', value)}
            />
          </Section>
          <Section id="place" title="Place" intro="Where the site's members live, and its clock.">
            <Choices
              id="site-countries"
              legend="Countries served"
              help="Members come from these. The first is where a visitor from anywhere else starts."
              error={reason('settings.countries')}
              options={SERVED_COUNTRIES}
              labelOf={countryName}
              value={settings.countries}
              onChange={(value) => setSetting('countries', value)}
            />
            <Field
              id="site-time_zone"
              label="Time zone"
              help="The site's days start at midnight here (daily likes of the swipe game)."
              error={reason('settings.time_zone')}
            >
              {(control) => (
                <Form.Select
                  {...control}
                  value={settings.time_zone}
                  onChange={(event) => setSetting('time_zone', event.target.value)}
                >
                  {(TIME_ZONES.includes(settings.time_zone) ? TIME_ZONES : [settings.time_zone, ...TIME_ZONES]).map(
                    (zone) => (
                      <option key={zone} value={zone}>
                        {zone.replaceAll('_', ' ')}
                      </option>
                    ),
                  )}
                </Form.Select>
              )}
            </Field>
          </Section>
          <Section id="support" title="Support" intro="How members reach you, and where photos are served from.">
            {text('support_email', 'Support address', 'Members write to it, and mails are sent from it.', 200)}
            {text('support_phone', 'Support phone', 'Shown to members on the contact page.', 40)}
            {text(
              'cdn_prefix',
              'Photo address',
              "Where main photos are served from: /media, or a CDN's https:// address whose origin is this app's /media. Other photos always come from the app, which checks who may see them.",
              200,
            )}
          </Section>
          <Section id="staff" title="Staff" intro="How the site's staff sign in.">
            <Field
              id="site-operator_two_step"
              label="Two-step sign-in for operators"
              help="Moderators and admins always sign in with a code from an authenticator app."
              error={reason('settings.operator_two_step')}
            >
              {(control) => (
                <Form.Select
                  {...control}
                  value={settings.operator_two_step}
                  onChange={(event) =>
                    setSetting('operator_two_step', event.target.value as SiteSettings['operator_two_step'])
                  }
                >
                  <option value="required">Required</option>
                  <option value="optional">Each operator chooses</option>
                </Form.Select>
              )}
            </Field>
          </Section>
        </div>
      </div>
      <aside className="staff-site-aside">
        <SitePreview name={draft.name} domain={saved.site.domain} settings={settings} />
      </aside>
    </div>
  );
}

function Section({ id, title, intro, children }: { id: string; title: string; intro: string; children: ReactNode }) {
  return (
    <section className="staff-card staff-site-section" id={`site-${id}`} aria-labelledby={`site-${id}-title`}>
      <h2 className="h5 mb-1" id={`site-${id}-title`}>
        {title}
      </h2>
      <p className="small text-body-secondary">{intro}</p>
      <div className="staff-site-fields">{children}</div>
    </section>
  );
}

function ReadOnly({ id, label, value, help }: { id: string; label: string; value: string; help: string }) {
  return (
    <Field id={id} label={label} help={help}>
      {(control) => <Form.Control {...control} value={value} readOnly plaintext className="fw-semibold" />}
    </Field>
  );
}

/** The least a message or gift may cost in each country, in its currency (cents: 99 is 0.99). */
function MinimumCosts({
  value,
  reason,
  onChange,
}: {
  value: SiteSettings['minimum_message_costs'];
  reason: (path: string) => string | undefined;
  onChange: (value: SiteSettings['minimum_message_costs']) => void;
}) {
  const [adding, setAdding] = useState('');
  const countries = SERVED_COUNTRIES.filter((code) => code in value);
  const others = SERVED_COUNTRIES.filter((code) => !(code in value));
  const set = (code: string, cost: { costs: number; currency: string }) => onChange({ ...value, [code]: cost });
  const remove = (code: string) =>
    onChange(Object.fromEntries(Object.entries(value).filter(([each]) => each !== code)));
  const error = reason('settings.minimum_message_costs');
  return (
    <fieldset className="staff-field staff-field-wide" aria-describedby="site-minimum-help">
      <legend className="form-label">Least a message or gift costs</legend>
      <p className="form-text mt-0" id="site-minimum-help">
        Per country, in cents of its currency: 99 is 0.99.
      </p>
      {countries.length > 0 && (
        <ul className="staff-minimum-costs">
          {countries.map((code) => {
            const cost = value[code] as { costs: number; currency: string };
            const rowError = reason(`settings.minimum_message_costs.${code}`);
            return (
              <li key={code}>
                <span className="staff-minimum-country">{countryName(code)}</span>
                <Form.Control
                  type="number"
                  inputMode="numeric"
                  min={0}
                  aria-label={`Least cost in ${countryName(code)}`}
                  isInvalid={Boolean(rowError)}
                  value={Number.isNaN(cost.costs) ? '' : cost.costs}
                  onChange={(event) =>
                    set(code, { ...cost, costs: event.target.value === '' ? Number.NaN : Number(event.target.value) })
                  }
                />
                <Form.Select
                  aria-label={`Currency in ${countryName(code)}`}
                  value={cost.currency}
                  onChange={(event) => set(code, { ...cost, currency: event.target.value })}
                >
                  {CURRENCIES.map((currency) => (
                    <option key={currency}>{currency}</option>
                  ))}
                </Form.Select>
                <span className="staff-minimum-amount">
                  {Number.isNaN(cost.costs) ? '' : formatMoney(cost.costs, cost.currency, STAFF_LOCALE)}
                </span>
                <Button variant="link" size="sm" onClick={() => remove(code)}>
                  Remove<span className="visually-hidden"> {countryName(code)}</span>
                </Button>
                {rowError && <span className="staff-minimum-error text-danger small">{rowError}</span>}
              </li>
            );
          })}
        </ul>
      )}
      {error && !countries.some((code) => reason(`settings.minimum_message_costs.${code}`)) && (
        <p className="small text-danger mb-1">{error}</p>
      )}
      {others.length > 0 && (
        <div className="staff-minimum-add">
          <Form.Select
            size="sm"
            aria-label="Country to add"
            value={adding}
            onChange={(event) => setAdding(event.target.value)}
          >
            <option value="">Another country…</option>
            {others.map((code) => (
              <option key={code} value={code}>
                {countryName(code)}
              </option>
            ))}
          </Form.Select>
          <Button
            size="sm"
            variant="outline-primary"
            disabled={!adding}
            onClick={() => {
              set(adding, { costs: 0, currency: CURRENCY_OF[adding] ?? 'EUR' });
              setAdding('');
            }}
          >
            Add
          </Button>
        </div>
      )}
    </fieldset>
  );
}

/** The host names that reach the site: added and removed at once, outside the settings' form. */
function HostNames({ site }: { site: StaffSite }) {
  const add = useAddSiteDomain();
  const remove = useRemoveSiteDomain();
  const [domain, setDomain] = useState('');
  const addError = add.error instanceof ApiError ? add.error.fields.domain?.message : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate({ site: site.site.id, domain }, { onSuccess: () => setDomain('') });
  };
  return (
    <Section
      id="hosts"
      title="Host names"
      intro="Every address that reaches this site, e.g. with www. Point each one's DNS at this server."
    >
      <ul className="staff-hosts staff-field-wide" aria-label="Host names">
        {site.site.domains.map((each) => (
          <li key={each}>
            <span className="staff-host">{each}</span>
            {each === site.site.domain ? (
              <Badge bg="light" text="dark">
                The site's own
              </Badge>
            ) : (
              <Button
                size="sm"
                variant="outline-danger"
                disabled={remove.isPending}
                onClick={() => remove.mutate({ site: site.site.id, domain: each })}
              >
                Remove<span className="visually-hidden"> {each}</span>
              </Button>
            )}
          </li>
        ))}
      </ul>
      {remove.isError && <Alert variant="danger">{remove.error.message}</Alert>}
      {add.isError && !addError && <Alert variant="danger">{add.error.message}</Alert>}
      <Form className="staff-host-add staff-field-wide" onSubmit={submit} aria-label="Add a host name">
        <Field
          id="site-new-host"
          label="Another host name"
          help="Members reach the site at it at once."
          error={addError}
        >
          {(control) => (
            <Form.Control
              {...control}
              value={domain}
              autoCapitalize="none"
              spellCheck={false}
              placeholder="www.example.com"
              onChange={(event) => setDomain(event.target.value)}
            />
          )}
        </Field>
        <Button type="submit" variant="outline-primary" disabled={add.isPending}>
          Add host name
        </Button>
      </Form>
    </Section>
  );
}
