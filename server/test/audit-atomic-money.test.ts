/**
 * The money and sites desks write their audit rows in the change's own transaction (issue 48): with
 * the staff log away, a discount code, bundle or site change fails and nothing of it stays, not even
 * the site.changed event it would have told every instance; with the log back, the same call goes
 * through and its row is there.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildSite, type Response, staffClient, useTestApp } from './helpers.js';

const t = useTestApp();

/** Makes `call` with the staff log renamed away, so no audit row can be written; then puts it back. */
async function withoutStaffLog<T>(call: () => Promise<T>): Promise<T> {
  await sql`alter table staff_log rename to staff_log_away`.execute(t.db);
  try {
    return await call();
  } finally {
    await sql`alter table staff_log_away rename to staff_log`.execute(t.db);
  }
}

/**
 * The call fails (500) without the staff log and `state` reads as before; with the log back the same
 * call answers 200. That answer.
 */
async function auditedOrNothing(call: () => Promise<Response>, state: () => Promise<unknown>): Promise<Response> {
  const before = await state();
  const refused = await withoutStaffLog(call);
  expect(refused.statusCode, refused.body).toBe(500);
  expect(await state()).toEqual(before);
  const done = await call();
  expect(done.statusCode, done.body).toBe(200);
  return done;
}

const logOf = async (record: string) =>
  (
    await t.db
      .selectFrom('staff_log')
      .select(['action', 'changes'])
      .where('record', '=', record)
      .orderBy('id')
      .execute()
  ).map(({ action, changes }) => ({ action, changes: JSON.parse(changes ?? 'null') }));

const countOf = async (table: 'sites' | 'companies' | 'credit_bundles' | 'discount_codes') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** The site.changed events in the outbox, relayed or not. */
const siteChangedEvents = async () =>
  Number(
    (
      await t.db
        .selectFrom('event_outbox')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('type', '=', 'site.changed')
        .executeTakeFirstOrThrow()
    ).n,
  );

const freshDomain = () => `atomic-${randomUUID().slice(0, 8)}.test`;
let codeNumber = 0;
const codeName = () => `ATOMIC${Date.now() % 100000}${++codeNumber}`;

describe('the staff log away', () => {
  it('leaves reading untouched: the failures below are the writes’ own', async () => {
    const admin = await staffClient(t, 'admin');
    const listed = await withoutStaffLog(() => admin.get(`/api/staff/bundles.php?site=${t.site.id}`));
    expect(listed.statusCode, listed.body).toBe(200);
  });
});

describe('discount codes', () => {
  const codeRow = (code: string) =>
    t.db.selectFrom('discount_codes').select(['id', 'value_percentage']).where('code', '=', code).execute();

  it('discount.add: a code is added with its row or not at all', async () => {
    const admin = await staffClient(t, 'admin');
    const code = codeName();
    const body = { site: t.site.id, code, validity: 'once_per_user', percentage: 20 };
    const added = await auditedOrNothing(
      () => admin.post('/api/staff/discounts.php', body),
      () => codeRow(code),
    );
    expect(await logOf(`discount:${added.json().code.id}`)).toEqual([
      { action: 'discount.add', changes: { code: [null, code], percentage: [null, 20] } },
    ]);
  });

  it('discount.change: a code changes with its row or not at all', async () => {
    const admin = await staffClient(t, 'admin');
    const code = codeName();
    const body = { site: t.site.id, code, validity: 'once_per_user', percentage: 20 };
    const { id } = (await admin.post('/api/staff/discounts.php', body)).json().code;
    await auditedOrNothing(
      () => admin.put('/api/staff/discounts.php', { id, percentage: 30 }),
      () => codeRow(code),
    );
    expect((await codeRow(code))[0]?.value_percentage).toBe(30);
    expect((await logOf(`discount:${id}`)).map((row) => row.action)).toEqual(['discount.add', 'discount.change']);
    expect((await logOf(`discount:${id}`))[1]?.changes).toEqual({ percentage: [20, 30] });
  });
});

describe('bundles', () => {
  /** A country's bundles as stored, and the site.changed events told so far. */
  const bundlesIn = async (country: string) => ({
    bundles: await t.db
      .selectFrom('credit_bundles')
      .select(['id', 'credits', 'price', 'popular', 'active'])
      .where('site_id', '=', t.site.id)
      .where('country', '=', country)
      .orderBy('id')
      .execute(),
    told: await siteChangedEvents(),
  });

  it('bundle.add: a popular bundle is added, and the one it took the mark from unmarked, with their rows or not at all', async () => {
    const admin = await staffClient(t, 'admin');
    const before = await bundlesIn('NL');
    const popular = before.bundles.find((bundle) => bundle.popular === 1);
    if (!popular) throw new Error('the demo site has a popular bundle in NL');
    const body = { site: t.site.id, country: 'NL', credits: 75, price: 1495, popular: true };
    const added = await auditedOrNothing(
      () => admin.post('/api/staff/bundles.php', body),
      () => bundlesIn('NL'),
    );
    const { bundle } = added.json();
    expect(bundle).toMatchObject({ credits: 75, popular: true });
    expect((await logOf(`bundle:${bundle.id}`)).map((row) => row.action)).toEqual(['bundle.add']);
    expect(await logOf(`bundle:${popular.id}`)).toEqual([
      { action: 'bundle.change', changes: { popular: [true, false] } },
    ]);
    expect((await bundlesIn('NL')).told).toBe(before.told + 1);
  });

  it('bundle.change: a bundle changes, and the one it took the mark from is unmarked, with their rows or not at all', async () => {
    const admin = await staffClient(t, 'admin');
    const before = await bundlesIn('GB');
    const popular = before.bundles.find((bundle) => bundle.popular === 1);
    const plain = before.bundles.find((bundle) => bundle.popular === 0 && bundle.active === 1);
    if (!popular || !plain) throw new Error('the demo site has a popular bundle and a plain one in GB');
    const body = { id: plain.id, price: plain.price + 100, popular: true };
    await auditedOrNothing(
      () => admin.put('/api/staff/bundles.php', body),
      () => bundlesIn('GB'),
    );
    expect(await logOf(`bundle:${plain.id}`)).toEqual([
      { action: 'bundle.change', changes: { price: [plain.price, plain.price + 100], popular: [false, true] } },
    ]);
    expect(await logOf(`bundle:${popular.id}`)).toEqual([
      { action: 'bundle.change', changes: { popular: [true, false] } },
    ]);
    expect((await bundlesIn('GB')).told).toBe(before.told + 1);
  });
});

describe('sites', () => {
  /** A site's name, host names and the site.changed events told so far. */
  const siteState = async (id: number) => ({
    name: (await t.db.selectFrom('sites').select('name').where('id', '=', id).executeTakeFirst())?.name,
    domains: (
      await t.db.selectFrom('site_domains').select('domain').where('site_id', '=', id).orderBy('domain').execute()
    ).map((row) => row.domain),
    told: await siteChangedEvents(),
  });
  const everything = async () => ({
    sites: await countOf('sites'),
    companies: await countOf('companies'),
    bundles: await countOf('credit_bundles'),
    codes: await countOf('discount_codes'),
  });

  it('site.add: a site, its company and its price list are made with its row or not at all', async () => {
    const admin = await staffClient(t, 'admin');
    const domain = freshDomain();
    const body = { domain, name: 'Liefde', language: 'nl', country: 'NL' };
    const added = await auditedOrNothing(() => admin.post('/api/staff/sites.php', body), everything);
    const { id } = added.json().site;
    expect(await logOf(`site:${id}`)).toEqual([
      { action: 'site.add', changes: { domain: [null, domain], name: [null, 'Liefde'], language: [null, 'nl-NL'] } },
    ]);
    const stocked = await t.db.selectFrom('credit_bundles').select('id').where('site_id', '=', id).execute();
    expect(stocked.length).toBeGreaterThan(0);
  });

  it('site.change: a site changes with its row or not at all', async () => {
    const admin = await staffClient(t, 'admin');
    const id = await buildSite(t.db, { domain: freshDomain(), name: 'Liefde' });
    await auditedOrNothing(
      () => admin.put('/api/staff/site.php', { id, name: 'Liefde & Zo' }),
      () => siteState(id),
    );
    expect(await logOf(`site:${id}`)).toEqual([
      { action: 'site.change', changes: { name: ['Liefde', 'Liefde & Zo'] } },
    ]);
  });

  it('site.domain.add and site.domain.remove: a host name comes and goes with its row or not at all', async () => {
    const admin = await staffClient(t, 'admin');
    const id = await buildSite(t.db, { domain: freshDomain(), name: 'Liefde' });
    const alias = freshDomain();
    const body = { site: id, domain: alias };
    await auditedOrNothing(
      () => admin.post('/api/staff/site-domain.php', body),
      () => siteState(id),
    );
    expect((await siteState(id)).domains).toContain(alias);
    await auditedOrNothing(
      () => admin.delete('/api/staff/site-domain.php', body),
      () => siteState(id),
    );
    expect((await siteState(id)).domains).not.toContain(alias);
    expect(await logOf(`site:${id}`)).toEqual([
      { action: 'site.domain.add', changes: { domain: [null, alias] } },
      { action: 'site.domain.remove', changes: { domain: [alias, null] } },
    ]);
  });
});
