import type { StaffSite } from '@amora/common';
import { describe, expect, it } from 'vitest';
import { changeCount, changeOf, draftOf } from './site-draft';

const saved = {
  site: { id: 7, name: 'Liefde', domain: 'liefde.test', domain_language: 'nl-NL', domains: ['liefde.test'] },
  settings: { message_credits: 10, countries: ['NL', 'BE'], index_title: 'Liefde' },
  company: {
    name: 'Liefde B.V.',
    kvk: '1234',
    tradenames: ['Liefde'],
    vat_numbers: [],
    delete_discount: 0,
    added: '2024-01-01',
  },
} as unknown as StaffSite;

describe('a site change', () => {
  it('holds nothing but the id while nothing is changed', () => {
    const change = changeOf(draftOf(saved), saved);
    expect(change).toEqual({ id: 7 });
    expect(changeCount(change)).toBe(0);
  });

  it('holds only the values that differ, lists typed one a line as lists', () => {
    const draft = draftOf(saved);
    draft.name = 'Liefde & Zo';
    draft.settings = { ...draft.settings, message_credits: 12, countries: ['NL', 'BE'] };
    draft.company = { ...draft.company, tradenames: 'Liefde\n\n  Liefde & Zo \n', vat_numbers: '' };
    const change = changeOf(draft, saved);
    expect(change).toEqual({
      id: 7,
      name: 'Liefde & Zo',
      settings: { message_credits: 12 },
      company: { tradenames: ['Liefde', 'Liefde & Zo'] },
    });
    expect(changeCount(change)).toBe(3);
  });

  it('sends a number left empty, for the server to refuse at its field', () => {
    const draft = draftOf(saved);
    draft.settings = { ...draft.settings, message_credits: Number.NaN };
    expect(JSON.parse(JSON.stringify(changeOf(draft, saved)))).toEqual({ id: 7, settings: { message_credits: null } });
  });
});
