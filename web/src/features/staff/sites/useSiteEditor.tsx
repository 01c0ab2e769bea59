import type { StaffSite } from '@amora/common';
import { type FormEvent, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useBlocker } from 'react-router';
import { ApiError } from '../../../api/client';
import { useStaffWords } from '../shared/words';
import { useChangeSite } from './api';
import { changeCount, changeOf, draftOf, type SiteDraft, type SiteSettings } from './site-draft';
import { NumberField, SiteField, SwitchField } from './site-fields';

/** The server's reason for a field, or for anything within it (`settings.countries` for `settings.countries.0`). */
function reasonsOf(error: Error | null) {
  const fields = error instanceof ApiError ? error.fields : {};
  return (path: string) =>
    Object.entries(fields).find(([field]) => field === path || field.startsWith(`${path}.`))?.[1].message;
}

/** A number field's unit after it, in staff:sites.units. */
type Unit = 'credits' | 'messages' | 'characters' | 'days';

/** The site's form: the draft, what differs from the saved site, and the fields' builders. */
export function useSiteEditor(saved: StaffSite) {
  const { t } = useStaffWords();
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
  /** A setting's label and help line, in staff:sites.fields. */
  const words = (key: keyof SiteSettings & string) => ({
    label: t(`sites.fields.${key}`),
    help: t(`sites.fields.${key}Help`),
  });
  /** A company detail's label and help line, in staff:sites.company. */
  const companyWords = (key: keyof SiteDraft['company']) => ({
    label: t(`sites.company.${key}`),
    help: t(`sites.company.${key}Help`),
  });
  const text = (key: keyof SiteSettings & string, maxLength: number, wide = false) => (
    <SiteField id={`site-${key}`} {...words(key)} error={reason(`settings.${key}`)} wide={wide}>
      {(control) => (
        <Form.Control
          {...control}
          value={settings[key] as string}
          maxLength={maxLength}
          onChange={(event) => setSetting(key, event.target.value)}
        />
      )}
    </SiteField>
  );
  const number = (key: keyof SiteSettings & string, unit: Unit) => (
    <NumberField
      id={`site-${key}`}
      {...words(key)}
      suffix={t(`sites.units.${unit}`, { count: settings[key] as number })}
      error={reason(`settings.${key}`)}
      value={settings[key] as number}
      onChange={(value) => setSetting(key, value)}
    />
  );
  const toggle = (key: keyof SiteSettings & string) => (
    <SwitchField
      id={`site-${key}`}
      {...words(key)}
      error={reason(`settings.${key}`)}
      checked={settings[key] as boolean}
      onChange={(checked) => setSetting(key, checked)}
    />
  );
  const companyText = (key: Exclude<keyof SiteDraft['company'], 'delete_discount'>) => (
    <SiteField id={`company-${key}`} {...companyWords(key)} error={reason(`company.${key}`)}>
      {(control) => (
        <Form.Control {...control} value={company[key]} onChange={(event) => setCompany(key, event.target.value)} />
      )}
    </SiteField>
  );
  const companyLines = (key: 'tradenames' | 'vat_numbers') => (
    <SiteField id={`company-${key}`} {...companyWords(key)} error={reason(`company.${key}`)}>
      {(control) => (
        <Form.Control
          {...control}
          as="textarea"
          rows={2}
          value={company[key]}
          onChange={(event) => setCompany(key, event.target.value)}
        />
      )}
    </SiteField>
  );
  return {
    change,
    draft,
    done,
    count,
    reason,
    hasReasons,
    leaving,
    edit,
    setSetting,
    setCompany,
    save,
    settings,
    company,
    words,
    companyWords,
    text,
    number,
    toggle,
    companyText,
    companyLines,
  };
}
