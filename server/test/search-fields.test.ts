/**
 * The filters a site offers (settings.search_fields, set in the back office): the others, sent
 * anyway (an old link, a remembered search, a forged query), narrow nothing, the similar results
 * included, and are no error.
 */
import { describe, expect, it } from 'vitest';
import { addMinutes } from '../src/platform/clock.js';
import type { Site } from '../src/platform/site.js';
import { birthDate, buildSite, client, staffClient, useTestApp } from './helpers.js';

const t = useTestApp();

let siteCount = 0;
/** A site of its own with Anna (NL, Noord-Holland, 25) and Dirk (DE, Bayern, 45), offering `fields`. */
async function siteOffering(fields: string[]) {
  const domain = `fields-${++siteCount}.test`;
  await buildSite(t.db, { domain, settings: { search_fields: fields } });
  const site = (await t.services.sites.findByDomain(domain)) as Site;
  const lastActive = addMinutes(t.clock.now(), -1).toISOString();
  for (const [name, gender, country, region, age] of [
    ['Anna', 'female', 'NL', 'NH', 25],
    ['Dirk', 'male', 'DE', 'BY', 45],
  ] as const) {
    await t.services.members.createHostedProfile({
      site_id: site.id,
      name,
      gender,
      country,
      region,
      date_of_birth: birthDate(age),
      last_active_at: lastActive,
    });
  }
  const visitor = client(t.app, { host: domain });
  const search = async (query: string) => {
    const response = await visitor.get(`/api/members.php?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    const { profiles, similar } = response.json() as { profiles: { name: string }[]; similar: { name: string }[] };
    return { found: profiles.map((card) => card.name).sort(), similar: similar.map((card) => card.name).sort() };
  };
  return { site, search };
}

describe('GET /api/members.php on a site offering some filters', () => {
  it('narrows by the filters offered and by no others', async () => {
    const { search } = await siteOffering(['gender', 'min_age', 'max_age']);
    expect((await search('gender=female')).found).toEqual(['Anna']);
    expect((await search('min_age=40')).found).toEqual(['Dirk']);
    expect((await search('country=DE')).found).toEqual(['Anna', 'Dirk']);
    expect((await search('country=NL&countryregion=NH&gender=male')).found).toEqual(['Dirk']);
  });

  it('widens no filter it does not offer into similar results', async () => {
    const { search } = await siteOffering(['country']);
    // Nobody of 60 or more: the age is ignored, so both are found, not offered as similar.
    expect(await search('min_age=60&max_age=70')).toEqual({ found: ['Anna', 'Dirk'], similar: [] });
    expect(await search('country=PL&min_age=60')).toEqual({ found: [], similar: ['Anna', 'Dirk'] });
  });

  it('takes a region only where the country is offered too', async () => {
    const withCountry = await siteOffering(['country', 'countryregion']);
    expect((await withCountry.search('country=NL&countryregion=NH')).found).toEqual(['Anna']);
    const regionAlone = await siteOffering(['countryregion']);
    expect((await regionAlone.search('country=NL&countryregion=ZH')).found).toEqual(['Anna', 'Dirk']);
  });

  it('follows the fields an admin chooses in the back office at once', async () => {
    const { site, search } = await siteOffering(['gender', 'country', 'countryregion', 'min_age', 'max_age']);
    expect((await search('country=DE')).found).toEqual(['Dirk']);
    const admin = await staffClient(t, 'admin');
    const changed = await admin.put('/api/staff/site.php', { id: site.id, settings: { search_fields: ['gender'] } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await search('country=DE')).found).toEqual(['Anna', 'Dirk']);
    expect((await search('country=DE&gender=male')).found).toEqual(['Dirk']);
  });
});
