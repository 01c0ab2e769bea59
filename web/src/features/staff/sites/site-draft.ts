/**
 * A site as its page edits it, and the change the API takes from it: only what differs from the
 * site as saved, since the API replaces whatever is sent.
 */
import type { CompanyInfo, SiteChange, StaffSite } from '@amora/common';

export type SiteSettings = StaffSite['settings'];
type Company = Omit<CompanyInfo, 'added'>;

/** Lists typed one a line (trade names, VAT numbers) stay text while typed: an empty line may be the next one. */
type CompanyDraft = Omit<Company, 'tradenames' | 'vat_numbers'> & { tradenames: string; vat_numbers: string };

export interface SiteDraft {
  name: string;
  settings: SiteSettings;
  company: CompanyDraft;
}

const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

export function draftOf({ site, settings, company }: StaffSite): SiteDraft {
  const { added: _added, ...details } = company;
  return {
    name: site.name,
    settings,
    company: { ...details, tradenames: company.tradenames.join('\n'), vat_numbers: company.vat_numbers.join('\n') },
  };
}

const companyOf = (draft: CompanyDraft): Company => ({
  ...draft,
  tradenames: linesOf(draft.tradenames),
  vat_numbers: linesOf(draft.vat_numbers),
});

/** The entries of `now` that differ from `before`. A number left empty is NaN: sent as null, which the server refuses at its field. */
function changed<T extends object>(now: T, before: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(now).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(before[key as keyof T])),
  ) as Partial<T>;
}

/** The change to send: the name, settings and company details that differ from the site as saved. */
export function changeOf(draft: SiteDraft, saved: StaffSite): SiteChange {
  const { added: _added, ...company } = saved.company;
  const settings = changed(draft.settings, saved.settings);
  const details = changed(companyOf(draft.company), company);
  return {
    id: saved.site.id,
    ...(draft.name !== saved.site.name && { name: draft.name }),
    // The stored settings type their lists loosely (string[]); the server checks each value against its choices.
    ...(Object.keys(settings).length > 0 && { settings: settings as SiteChange['settings'] }),
    ...(Object.keys(details).length > 0 && { company: details }),
  };
}

/** How many values a change holds. */
export const changeCount = (change: SiteChange) =>
  ('name' in change ? 1 : 0) + Object.keys(change.settings ?? {}).length + Object.keys(change.company ?? {}).length;
