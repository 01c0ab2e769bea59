/**
 * What a search costs the database (issue 50): a page in one statement, whichever parts of the
 * order it reaches, and its total in one, on both engines.
 */
import { SEARCH_PAGE_SIZE } from '@amora/common';
import { describe, expect, it } from 'vitest';
import { addMinutes } from '../src/platform/clock.js';
import { statementsOf } from '../src/platform/db/counting.js';
import type { Site } from '../src/platform/site.js';
import { birthDate, buildSite, client, useTestApp } from './helpers.js';

const t = useTestApp();

async function siteWithProfiles(count: number) {
  const domain = 'search-statements.test';
  await buildSite(t.db, { domain });
  const site = (await t.services.sites.findByDomain(domain)) as Site;
  for (let i = 0; i < count; i++) {
    await t.services.members.createHostedProfile({
      site_id: site.id,
      name: `P${i}`,
      gender: 'female',
      date_of_birth: birthDate(30),
      country: 'NL',
      region: 'NH',
      last_active_at: addMinutes(t.clock.now(), -i).toISOString(),
    });
  }
  return client(t.app, { host: domain });
}

describe('GET /api/members.php statements', () => {
  it('reads a page in one statement, whichever parts of the order it reaches, and its total in one', async () => {
    const visitor = await siteWithProfiles(SEARCH_PAGE_SIZE + 5);
    // Nobody has a photo: members with one and hosted profiles with one come up empty, and the
    // page is of the profiles without.
    const first = await statementsOf(() => visitor.get('/api/members.php?gender=female&country=NL'));
    expect(first.result.statusCode, first.result.body).toBe(200);
    const page = first.result.json();
    expect(page).toMatchObject({ total: SEARCH_PAGE_SIZE + 5, pages: 2 });
    expect(page.profiles.map((card: { name: string }) => card.name)).toEqual(
      Array.from({ length: SEARCH_PAGE_SIZE }, (_, i) => `P${i}`),
    );
    expect(first.statements, first.sent.join('\n')).toBe(2);

    const next = await statementsOf(() => visitor.get(`/api/members.php?gender=female&country=NL&after=${page.next}`));
    expect(next.result.statusCode, next.result.body).toBe(200);
    expect(next.result.json().profiles.map((card: { name: string }) => card.name)).toEqual(
      Array.from({ length: 5 }, (_, i) => `P${SEARCH_PAGE_SIZE + i}`),
    );
    // The total is counted again, as any under 1,000 is.
    expect(next.statements, next.sent.join('\n')).toBe(2);
  });
});
