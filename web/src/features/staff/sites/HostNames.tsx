import type { StaffSite } from '@amora/common';
import { type FormEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { ApiError } from '../../../api/client';
import { useStaffWords } from '../shared/words';
import { useAddSiteDomain, useRemoveSiteDomain } from './api';
import { Section } from './SiteSection';
import { SiteField } from './site-fields';

/** The host names that reach the site: added and removed at once, outside the settings' form. */
export function HostNames({ site }: { site: StaffSite }) {
  const { t } = useStaffWords();
  const add = useAddSiteDomain();
  const remove = useRemoveSiteDomain();
  const [domain, setDomain] = useState('');
  const addError = add.error instanceof ApiError ? add.error.fields.domain?.message : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate({ site: site.site.id, domain }, { onSuccess: () => setDomain('') });
  };
  return (
    <Section id="hosts">
      <ul className="staff-hosts staff-field-wide" aria-label={t('sites.sections.hosts')}>
        {site.site.domains.map((each) => (
          <li key={each}>
            <span className="staff-host">{each}</span>
            {each === site.site.domain ? (
              <Badge bg="light" text="dark">
                {t('sites.hosts.own')}
              </Badge>
            ) : (
              <Button
                variant="outline-danger"
                disabled={remove.isPending}
                onClick={() => remove.mutate({ site: site.site.id, domain: each })}
              >
                {t('sites.hosts.remove')}
                <span className="visually-hidden"> {each}</span>
              </Button>
            )}
          </li>
        ))}
      </ul>
      {remove.isError && <Alert variant="danger">{remove.error.message}</Alert>}
      {add.isError && !addError && <Alert variant="danger">{add.error.message}</Alert>}
      <Form className="staff-host-add staff-field-wide" onSubmit={submit} aria-label={t('sites.hosts.addForm')}>
        <SiteField
          id="site-new-host"
          label={t('sites.hosts.another')}
          help={t('sites.hosts.anotherHelp')}
          error={addError}
        >
          {(control) => (
            <Form.Control
              {...control}
              value={domain}
              autoCapitalize="none"
              spellCheck={false}
              placeholder={t('sites.hosts.placeholder')}
              onChange={(event) => setDomain(event.target.value)}
            />
          )}
        </SiteField>
        <Button type="submit" variant="outline-primary" disabled={add.isPending}>
          {t('sites.hosts.submit')}
        </Button>
      </Form>
    </Section>
  );
}
