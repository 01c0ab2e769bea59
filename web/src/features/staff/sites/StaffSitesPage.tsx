import { LOCALES, type Locale, SERVED_COUNTRIES } from '@amora/common';
import { type FormEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../api/client';
import { Loading } from '../../../shared/components/Loading';
import { useDocumentTitle } from '../../../shared/hooks/useDocumentTitle';
import { useStaffSites } from '../shared/api';
import { StaffField } from '../shared/StaffField';
import { useAddSite } from './api';
import { countryName, languageName } from './site-names';

/** /staff/sites (admins): the sites of this deployment, and a new one. */
export default function StaffSitesPage() {
  useDocumentTitle('Sites');
  const sites = useStaffSites();
  return (
    <section>
      <div className="staff-page-head">
        <h1 className="h3">Sites</h1>
        <p className="text-body-secondary mb-0">
          Each site has its own domain, language, texts and prices; members of one never see another.
        </p>
      </div>
      {sites.isError && <Alert variant="danger">{sites.error.message}</Alert>}
      {sites.isPending ? (
        <Loading />
      ) : (
        <ul className="staff-sites" aria-label="Sites">
          {sites.data?.map((site) => (
            <li key={site.id}>
              <Link to={`/staff/sites/${site.id}`} className="staff-site-row">
                <strong>{site.name}</strong>
                <span className="staff-site-domain">{site.domain}</span>
                <span className="small text-body-secondary">{languageName(site.domain_language)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <NewSite />
    </section>
  );
}

/** A new site with the default settings; its page opens to make it the company's own. */
function NewSite() {
  const add = useAddSite();
  const navigate = useNavigate();
  const [domain, setDomain] = useState('');
  const [name, setName] = useState('');
  const [language, setLanguage] = useState<Locale>('en');
  const [country, setCountry] = useState<(typeof SERVED_COUNTRIES)[number] | ''>('');
  const fields = add.error instanceof ApiError ? add.error.fields : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(
      { domain, name, language, ...(country && { country }) },
      { onSuccess: (answer) => navigate(`/staff/sites/${answer.site.id}`) },
    );
  };
  return (
    <Form className="staff-card" onSubmit={submit} aria-label="New site" noValidate>
      <h2 className="h6">New site</h2>
      <p className="small text-body-secondary">
        Point the domain's DNS at this server first. The site starts with standard texts and prices, which you change on
        its page.
      </p>
      {add.isError && Object.keys(fields).length === 0 && <Alert variant="danger">{add.error.message}</Alert>}
      <div className="staff-new-site">
        <StaffField
          id="new-site-domain"
          label="Domain"
          help="Without https://, e.g. dates.example.com"
          error={fields.domain?.message}
        >
          {(control) => (
            <Form.Control
              {...control}
              size="sm"
              value={domain}
              autoCapitalize="none"
              spellCheck={false}
              onChange={(e) => setDomain(e.target.value)}
            />
          )}
        </StaffField>
        <StaffField
          id="new-site-name"
          label="Name"
          help="As members see it in the top bar and in mails."
          error={fields.name?.message}
        >
          {(control) => <Form.Control {...control} size="sm" value={name} onChange={(e) => setName(e.target.value)} />}
        </StaffField>
        <StaffField
          id="new-site-language"
          label="Language"
          help="Visitors see the site in it first."
          error={fields.language?.message}
        >
          {(control) => (
            <Form.Select
              {...control}
              size="sm"
              value={language}
              onChange={(e) => setLanguage(e.target.value as Locale)}
            >
              {LOCALES.map((locale) => (
                <option key={locale} value={locale}>
                  {languageName(locale)}
                </option>
              ))}
            </Form.Select>
          )}
        </StaffField>
        <StaffField
          id="new-site-country"
          label="Country (optional)"
          help="Serve one country only; empty serves them all."
          error={fields.country?.message}
        >
          {(control) => (
            <Form.Select
              {...control}
              size="sm"
              value={country}
              onChange={(e) => setCountry(e.target.value as typeof country)}
            >
              <option value="">Every country</option>
              {SERVED_COUNTRIES.map((code) => (
                <option key={code} value={code}>
                  {countryName(code)}
                </option>
              ))}
            </Form.Select>
          )}
        </StaffField>
      </div>
      <Button type="submit" size="sm" className="mt-3" disabled={add.isPending}>
        Add site
      </Button>
    </Form>
  );
}
