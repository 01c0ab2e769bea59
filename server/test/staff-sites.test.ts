/**
 * Sites in the back office: an admin adds a site (reached at once, its bundles stocked), changes its
 * settings through settings.php's own schema and its company details, and adds and removes host
 * names. Members see each change at once; bad values change nothing; nobody else may.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildSite, client, loggedInMember, staffClient, type TestClient, useTestApp } from './helpers.js';

const t = useTestApp({
  setup: async (t) => {
    await buildSite(t.db, { domain: 'taken.test', name: 'Taken' });
  },
});

const freshDomain = () => `site-${randomUUID().slice(0, 8)}.test`;

async function addSite(admin: TestClient, domain = freshDomain()) {
  const response = await admin.post('/api/staff/sites.php', { domain, name: 'Liefde', language: 'nl', country: 'NL' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { site: { id: number; domain: string; domains: string[] } };
}

const settingsAt = async (domain: string) => {
  const response = await client(t.app, { host: domain }).get('/api/settings.php');
  return { status: response.statusCode, settings: response.statusCode === 200 ? response.json() : null };
};

const logOf = (record: string) =>
  t.db.selectFrom('staff_log').select(['action', 'changes']).where('record', '=', record).orderBy('id').execute();

describe('adding a site', () => {
  it('makes a site members reach at its domain at once, with bundles to buy, and logs it', async () => {
    const admin = await staffClient(t, 'admin');
    const domain = freshDomain();
    const { site } = await addSite(admin, domain.toUpperCase());
    expect(site.domains).toEqual([domain]);
    const { status, settings } = await settingsAt(domain);
    expect(status).toBe(200);
    expect(settings).toMatchObject({ name: 'Liefde', countries: ['NL'], domain_language: 'nl-NL' });
    const bundles = await t.db.selectFrom('credit_bundles').select('id').where('site_id', '=', site.id).execute();
    expect(bundles.length).toBeGreaterThan(0);
    expect((await logOf(`site:${site.id}`)).map((row) => row.action)).toEqual(['site.add']);
    // The list of sites staff see names its language too.
    const listed = (await admin.get('/api/staff/sites.php')).json().sites;
    expect(listed).toContainEqual({ id: site.id, name: 'Liefde', domain, domain_language: 'nl-NL' });
  });

  it.each([
    [{ domain: 'taken.test' }, 'domain', 'domain_taken'],
    [{ domain: 'not a host!' }, 'domain', 'invalid'],
    [{ language: 'xx' }, 'language', 'invalid_choice'],
    [{ country: 'US' }, 'country', 'invalid_choice'],
    [{ name: '' }, 'name', 'required'],
  ])('refuses %j with the field reason', async (bad, field, code) => {
    const admin = await staffClient(t, 'admin');
    const before = (await t.db.selectFrom('sites').select('id').execute()).length;
    const response = await admin.post('/api/staff/sites.php', {
      domain: freshDomain(),
      name: 'Liefde',
      language: 'nl',
      ...bad,
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().fields[field]).toMatchObject({ code });
    expect((await t.db.selectFrom('sites').select('id').execute()).length).toBe(before);
  });
});

describe('changing a site', () => {
  it('changes settings and company details that members see at once, logging before and after', async () => {
    const admin = await staffClient(t, 'admin');
    const { site } = await addSite(admin);
    await settingsAt(site.domain);
    const changed = await admin.put('/api/staff/site.php', {
      id: site.id,
      name: 'Liefde & Zo',
      settings: { message_credits: 12, photo_moderation: true, refund_debt: true, countries: ['NL', 'BE'] },
      company: { name: 'Liefde B.V.', kvk: '12345678', tradenames: ['Liefde', 'Liefde & Zo'] },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().settings).toMatchObject({ message_credits: 12, photo_moderation: true });

    const { settings } = await settingsAt(site.domain);
    expect(settings).toMatchObject({ name: 'Liefde & Zo', message_credits: 12, countries: ['NL', 'BE'] });
    const company = await client(t.app, { host: site.domain }).get('/api/companyinfo.php');
    expect(company.json()).toMatchObject({ name: 'Liefde B.V.', kvk: '12345678' });

    const [, row] = await logOf(`site:${site.id}`);
    expect(row?.action).toBe('site.change');
    expect(JSON.parse(row?.changes ?? '{}')).toMatchObject({
      name: ['Liefde', 'Liefde & Zo'],
      message_credits: [10, 12],
      refund_debt: [false, true],
      'company.name': ['Liefde', 'Liefde B.V.'],
    });
  });

  it.each([
    [{ settings: { countries: [] } }, 'settings.countries', 'required'],
    [{ settings: { countries: ['US'] } }, 'settings.countries.0', 'invalid_choice'],
    [{ settings: { time_zone: 'Mars/Olympus_Mons' } }, 'settings.time_zone', 'invalid_choice'],
    [{ settings: { message_credits: -1 } }, 'settings.message_credits', 'invalid'],
    [{ settings: { message_credits: 2.5 } }, 'settings.message_credits', 'invalid'],
    [{ settings: { index_title: 'Hallo\u0000' } }, 'settings.index_title', 'control_characters'],
    [{ settings: { support_email: 'nobody' } }, 'settings.support_email', 'invalid_email'],
    [{ settings: { cdn_prefix: 'javascript:alert(1)' } }, 'settings.cdn_prefix', 'invalid'],
    [{ settings: { operator_two_step: 'never' } }, 'settings.operator_two_step', 'invalid_choice'],
    [{ company: { delete_discount: 101 } }, 'company.delete_discount', 'invalid'],
  ])('refuses %j with the field reason and changes nothing', async (bad, field, code) => {
    const admin = await staffClient(t, 'admin');
    const { site } = await addSite(admin);
    const before = await settingsAt(site.domain);
    const response = await admin.put('/api/staff/site.php', { id: site.id, ...bad });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().fields[field]?.code).toBe(code);
    expect(await settingsAt(site.domain)).toEqual(before);
  });

  it('refuses settings that are not the site’s own to set', async () => {
    const admin = await staffClient(t, 'admin');
    const { site } = await addSite(admin);
    for (const settings of [{ push_public_key: 'mine' }, { company_id: 1 }, { anything: true }]) {
      const response = await admin.put('/api/staff/site.php', { id: site.id, settings });
      expect(response.statusCode, response.body).toBe(422);
    }
    expect((await admin.put('/api/staff/site.php', { id: 999_999, name: 'Nope' })).statusCode).toBe(404);
  });
});

describe('host names', () => {
  it('adds another host name once however often sent, and removes it: the site is reached there, then not', async () => {
    const admin = await staffClient(t, 'admin');
    const { site } = await addSite(admin);
    const alias = freshDomain();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => admin.post('/api/staff/site-domain.php', { site: site.id, domain: alias })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    expect((await logOf(`site:${site.id}`)).filter((row) => row.action === 'site.domain.add')).toHaveLength(1);
    expect((await settingsAt(alias)).settings).toMatchObject({ name: 'Liefde' });

    const removed = await admin.delete('/api/staff/site-domain.php', { site: site.id, domain: alias });
    expect(removed.json().site.domains).toEqual([site.domain]);
    expect((await settingsAt(alias)).status).not.toBe(200);
  });

  it("refuses another site's host name, and removing the site's own domain", async () => {
    const admin = await staffClient(t, 'admin');
    const { site } = await addSite(admin);
    const taken = await admin.post('/api/staff/site-domain.php', { site: site.id, domain: 'taken.test' });
    expect(taken.json().fields.domain.code).toBe('domain_taken');
    const own = await admin.delete('/api/staff/site-domain.php', { site: site.id, domain: site.domain });
    expect(own.statusCode).toBe(422);
    expect((await settingsAt(site.domain)).status).toBe(200);
  });
});

describe('who may do what', () => {
  it('keeps sites to admins', async () => {
    const member = await loggedInMember(t);
    for (const who of [await staffClient(t, 'operator'), await staffClient(t, 'moderator'), member.visitor]) {
      expect((await who.get(`/api/staff/site.php?id=${t.site.id}`)).statusCode).toBe(403);
      expect((await who.put('/api/staff/site.php', { id: t.site.id, name: 'Mine' })).statusCode).toBe(403);
      expect(
        (await who.post('/api/staff/sites.php', { domain: freshDomain(), name: 'X', language: 'en' })).statusCode,
      ).toBe(403);
      expect(
        (await who.post('/api/staff/site-domain.php', { site: t.site.id, domain: freshDomain() })).statusCode,
      ).toBe(403);
    }
    expect((await settingsAt('localhost')).settings.name).not.toBe('Mine');
  });
});
