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
import { HelpPopover } from '../shared/HelpPopover';
import { StaffField } from '../shared/StaffField';
import { StaffPageHead } from '../shared/StaffPageHead';
import { useStaffWords } from '../shared/words';
import { useAddSite } from './api';
import { countryName, languageName } from './site-names';

/** /staff/sites (admins): the sites of this deployment, and a new one. */
export default function StaffSitesPage() {
  const { t, locale } = useStaffWords();
  useDocumentTitle(t('sites.title'));
  const sites = useStaffSites();
  return (
    <section>
      <StaffPageHead title={t('sites.title')} help={t('sites.intro')} />
      {sites.isError && <Alert variant="danger">{sites.error.message}</Alert>}
      {sites.isPending ? (
        <Loading />
      ) : (
        <ul className="staff-sites" aria-label={t('sites.title')}>
          {sites.data?.map((site) => (
            <li key={site.id}>
              <Link to={`/staff/sites/${site.id}`} className="staff-site-row">
                <strong>{site.name}</strong>
                <span className="staff-site-domain">{site.domain}</span>
                <span className="small text-body-secondary">{languageName(site.domain_language, locale)}</span>
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
  const { t, locale } = useStaffWords();
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
    <Form className="staff-card" onSubmit={submit} aria-label={t('sites.new.title')} noValidate>
      <div className="staff-help-head mb-2">
        <h2 className="h6 mb-0">{t('sites.new.title')}</h2>
        <HelpPopover topic={t('sites.new.title')}>{t('sites.new.intro')}</HelpPopover>
      </div>
      {add.isError && Object.keys(fields).length === 0 && <Alert variant="danger">{add.error.message}</Alert>}
      <div className="staff-new-site">
        <StaffField
          id="new-site-domain"
          label={t('sites.new.domain')}
          help={t('sites.new.domainHelp')}
          error={fields.domain?.message}
        >
          {(control) => (
            <Form.Control
              {...control}
              value={domain}
              autoCapitalize="none"
              spellCheck={false}
              onChange={(e) => setDomain(e.target.value)}
            />
          )}
        </StaffField>
        <StaffField
          id="new-site-name"
          label={t('sites.new.name')}
          help={t('sites.new.nameHelp')}
          error={fields.name?.message}
        >
          {(control) => <Form.Control {...control} value={name} onChange={(e) => setName(e.target.value)} />}
        </StaffField>
        <StaffField
          id="new-site-language"
          label={t('sites.new.language')}
          help={t('sites.new.languageHelp')}
          error={fields.language?.message}
        >
          {(control) => (
            <Form.Select {...control} value={language} onChange={(e) => setLanguage(e.target.value as Locale)}>
              {LOCALES.map((each) => (
                <option key={each} value={each}>
                  {languageName(each, locale)}
                </option>
              ))}
            </Form.Select>
          )}
        </StaffField>
        <StaffField
          id="new-site-country"
          label={t('sites.new.country')}
          help={t('sites.new.countryHelp')}
          error={fields.country?.message}
        >
          {(control) => (
            <Form.Select {...control} value={country} onChange={(e) => setCountry(e.target.value as typeof country)}>
              <option value="">{t('sites.new.everyCountry')}</option>
              {SERVED_COUNTRIES.map((code) => (
                <option key={code} value={code}>
                  {countryName(code, locale)}
                </option>
              ))}
            </Form.Select>
          )}
        </StaffField>
      </div>
      <Button type="submit" className="mt-3" disabled={add.isPending}>
        {t('sites.new.submit')}
      </Button>
    </Form>
  );
}
