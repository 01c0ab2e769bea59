import type { StaffSite } from '@amora/common';
import { type FormEvent, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { ApiError } from '../../../api/client';
import { useAddSiteDomain, useRemoveSiteDomain } from './api';
import { Section } from './SiteSection';
import { SiteField } from './site-fields';

/** The host names that reach the site: added and removed at once, outside the settings' form. */
export function HostNames({ site }: { site: StaffSite }) {
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
        <SiteField
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
        </SiteField>
        <Button type="submit" variant="outline-primary" disabled={add.isPending}>
          Add host name
        </Button>
      </Form>
    </Section>
  );
}
