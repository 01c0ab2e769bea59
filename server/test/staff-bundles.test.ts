/**
 * Bundles and prices in the back office: admins list a site's bundles per country with the VAT in
 * each price, add one, change its credits, price or popular mark, take it off sale and back. Members
 * see the change on their next look; a payment under way keeps what it started with. Nobody else may.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type Buyer, buyingKit } from './buying.js';
import { buildSite, loggedInMember, staffClient, type TestClient, useTestApp } from './helpers.js';

const t = useTestApp();
const { buyer, offerOf, bundleOf, started, decide, transactionOf, userOf } = buyingKit(t);

interface Bundle {
  id: number;
  country: string;
  credits: number;
  currency: string;
  price: number;
  vat_rate: number;
  vat: number;
  net: number;
  price_per_credit: number;
  popular: boolean;
  trial: boolean;
  active: boolean;
}
interface Country {
  country: string;
  currency: string;
  vat_rate: number;
  bundles: Bundle[];
}

const listOf = async (staff: TestClient, site = t.site.id) => {
  const response = await staff.get(`/api/staff/bundles.php?site=${site}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { site: { id: number; name: string }; countries: Country[] };
};
const countryOf = async (staff: TestClient, country: string) => {
  const found = (await listOf(staff)).countries.find((each) => each.country === country);
  if (!found) throw new Error(`no ${country} in the list`);
  return found;
};
const bundleIn = async (staff: TestClient, country: string, credits: number) => {
  const found = (await countryOf(staff, country)).bundles.find((each) => each.credits === credits && each.active);
  if (!found) throw new Error(`no bundle of ${credits} credits on sale in ${country}`);
  return found;
};
const add = (staff: TestClient, body: object) =>
  staff.post('/api/staff/bundles.php', { site: t.site.id, country: 'NL', credits: 75, price: 1495, ...body });
const change = (staff: TestClient, body: object) => staff.put('/api/staff/bundles.php', body);

const auditOf = (bundleId: number) =>
  t.db
    .selectFrom('staff_log')
    .select(['action', 'site_id', 'changes'])
    .where('record', '=', `bundle:${bundleId}`)
    .orderBy('id')
    .execute();

const bundleLogRows = () => t.db.selectFrom('staff_log').select('id').where('action', 'like', 'bundle.%').execute();

const onOffer = async (member: Buyer) =>
  (await offerOf(member)).bundles.map(({ credits, price, popular }) => ({ credits, price, popular }));

describe('GET /api/staff/bundles.php', () => {
  it('lists a site’s bundles per country it sells in, with currency, VAT, net price and price per credit', async () => {
    const admin = await staffClient(t, 'admin');
    const { site, countries } = await listOf(admin);
    expect(site).toEqual({ id: t.site.id, name: t.site.name });
    expect(countries.map((each) => each.country)).toEqual(t.site.settings.countries);
    const nl = await countryOf(admin, 'NL');
    expect(nl).toMatchObject({ currency: 'EUR', vat_rate: 2100 });
    expect(nl.bundles.map((bundle) => bundle.credits)).toEqual([30, 50, 150, 400, 1000]);
    expect(nl.bundles[1]).toMatchObject({
      credits: 50,
      currency: 'EUR',
      price: 999,
      vat_rate: 2100,
      vat: 173,
      net: 826,
      price_per_credit: 19.98,
      popular: false,
      trial: false,
      active: true,
    });
    expect(nl.bundles[0]).toMatchObject({ credits: 30, trial: true });
    expect(nl.bundles[3]).toMatchObject({ credits: 400, popular: true });
    expect(await countryOf(admin, 'GB')).toMatchObject({ currency: 'GBP', vat_rate: 2000 });
    expect(await countryOf(admin, 'SE')).toMatchObject({ currency: 'SEK', vat_rate: 2500 });
  });
});

describe('POST /api/staff/bundles.php', () => {
  it('puts a bundle on sale in the country’s currency, moving the popular mark, and logs both', async () => {
    const admin = await staffClient(t, 'admin');
    const formerlyPopular = await bundleIn(admin, 'DE', 400);
    const added = await add(admin, { country: 'DE', credits: 75, price: 1495, popular: true });
    expect(added.statusCode, added.body).toBe(200);
    const bundle = added.json().bundle as Bundle;
    expect(bundle).toMatchObject({
      country: 'DE',
      credits: 75,
      currency: 'EUR',
      price: 1495,
      vat_rate: 1900,
      vat: 239,
      net: 1256,
      price_per_credit: 19.93,
      popular: true,
      trial: false,
      active: true,
    });

    const member = await buyer({ country: 'DE' });
    const offered = await onOffer(member);
    expect(offered).toContainEqual({ credits: 75, price: 1495, popular: true });
    expect(offered.filter((each) => each.popular)).toHaveLength(1);

    expect(await auditOf(bundle.id)).toEqual([
      {
        action: 'bundle.add',
        site_id: t.site.id,
        changes: JSON.stringify({
          country: [null, 'DE'],
          currency: [null, 'EUR'],
          credits: [null, 75],
          price: [null, 1495],
          popular: [null, true],
          trial: [null, false],
        }),
      },
    ]);
    expect(await auditOf(formerlyPopular.id)).toEqual([
      { action: 'bundle.change', site_id: t.site.id, changes: JSON.stringify({ popular: [true, false] }) },
    ]);
  });

  it('puts a size on sale once when it is sent 20 times at once', async () => {
    const admin = await staffClient(t, 'admin');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => add(admin, { country: 'ES', credits: 80, price: 1590 })),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.statusCode === 422);
    expect(refused.map((answer) => answer.json().fields.credits.code)).toEqual(Array(19).fill('bundle_taken'));
    const es = await countryOf(admin, 'ES');
    expect(es.bundles.filter((each) => each.credits === 80)).toHaveLength(1);
  });
});

describe('PUT /api/staff/bundles.php', () => {
  it('changes price, credits and the popular mark, takes a bundle off sale and back; members see each, the log has each', async () => {
    const admin = await staffClient(t, 'admin');
    const member = await buyer({ country: 'FR' });
    const { id } = await bundleIn(admin, 'FR', 150);
    const formerlyPopular = await bundleIn(admin, 'FR', 400);

    const priced = await change(admin, { id, price: 2750 });
    expect(priced.statusCode, priced.body).toBe(200);
    expect(priced.json().bundle).toMatchObject({ id, price: 2750, vat: 458, net: 2292, active: true });
    expect(await onOffer(member)).toContainEqual({ credits: 150, price: 2750, popular: false });

    expect((await change(admin, { id, credits: 160, popular: true })).json().bundle).toMatchObject({
      credits: 160,
      popular: true,
    });
    expect(await onOffer(member)).toContainEqual({ credits: 160, price: 2750, popular: true });
    expect((await onOffer(member)).filter((each) => each.popular)).toHaveLength(1);

    expect((await change(admin, { id, active: false })).json().bundle).toMatchObject({ active: false, popular: false });
    expect((await onOffer(member)).map((each) => each.credits)).not.toContain(160);
    expect((await change(admin, { id, active: true })).json().bundle).toMatchObject({ active: true, popular: false });
    expect((await onOffer(member)).map((each) => each.credits)).toContain(160);
    // Asking for what it is already changes and logs nothing.
    expect((await change(admin, { id, price: 2750, active: true })).statusCode).toBe(200);

    expect((await auditOf(id)).map((row) => [row.action, row.changes])).toEqual([
      ['bundle.change', JSON.stringify({ price: [2499, 2750] })],
      ['bundle.change', JSON.stringify({ credits: [150, 160], popular: [false, true] })],
      ['bundle.change', JSON.stringify({ popular: [true, false], active: [true, false] })],
      ['bundle.change', JSON.stringify({ active: [false, true] })],
    ]);
    expect((await auditOf(formerlyPopular.id)).map((row) => row.changes)).toEqual([
      JSON.stringify({ popular: [true, false] }),
    ]);
  });

  it('keeps the credits and price a payment started with when the bundle changes or goes off sale before it is paid', async () => {
    const admin = await staffClient(t, 'admin');
    const member = await buyer({ country: 'BE' });
    const bundle = await bundleOf(member, 50);
    expect(bundle.price).toBe(999);
    const first = await started(member, { bundle_id: bundle.id, method: 'paypal' });

    expect((await change(admin, { id: bundle.id, price: 1299, credits: 45 })).statusCode).toBe(200);
    await decide(first.checkoutId, 'paid');
    const paid = (await transactionOf(member, first.transaction.id)).transaction;
    expect(paid).toMatchObject({ status: 'paid', credits: 50, list_price: 999, amount: 999, vat_amount: 173 });
    expect((await userOf(member)).credits).toBe(50);

    // A payment started after the change pays the new price for the new credits.
    const second = await started(member, { bundle_id: bundle.id, method: 'paypal' });
    expect(second.transaction).toMatchObject({ credits: 45, amount: 1299, vat_amount: 225 });
    expect((await change(admin, { id: bundle.id, active: false })).statusCode).toBe(200);
    await decide(second.checkoutId, 'paid');
    expect((await transactionOf(member, second.transaction.id)).transaction).toMatchObject({
      status: 'paid',
      credits: 45,
      amount: 1299,
    });
    expect((await userOf(member)).credits).toBe(95);
    // Off sale, it cannot be started again.
    const again = { client_id: randomUUID(), method: 'paypal', bundle_id: bundle.id };
    expect((await member.visitor.post('/api/payment.php', again)).statusCode).toBe(404);
  });

  it('applies 20 changes sent at once, losing none and logging each change once', async () => {
    const admin = await staffClient(t, 'admin');
    const { id } = await bundleIn(admin, 'IT', 150);
    const formerlyPopular = await bundleIn(admin, 'IT', 400);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => change(admin, index % 2 ? { id, price: 2222 } : { id, popular: true })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    expect(await bundleIn(admin, 'IT', 150)).toMatchObject({ price: 2222, popular: true });
    const changes = (await auditOf(id)).map((row) => row.changes);
    expect(changes).toHaveLength(2);
    expect(changes).toContain(JSON.stringify({ price: [2499, 2222] }));
    expect(changes).toContain(JSON.stringify({ popular: [false, true] }));
    expect(await auditOf(formerlyPopular.id)).toHaveLength(1);
  });

  it('leaves one popular bundle in a country when several are marked at once', async () => {
    const admin = await staffClient(t, 'admin');
    const ids = (await countryOf(admin, 'PL')).bundles.map((bundle) => bundle.id);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => change(admin, { id: ids[index % ids.length], popular: true })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    const popular = (await countryOf(admin, 'PL')).bundles.filter((bundle) => bundle.popular);
    expect(popular).toHaveLength(1);
    const member = await buyer({ country: 'PL' });
    expect((await onOffer(member)).filter((each) => each.popular)).toHaveLength(1);
  });
});

describe('bad input', () => {
  it('refuses bad values with the field’s reason, changing and logging nothing', async () => {
    const admin = await staffClient(t, 'admin');
    const onlyDutch = await buildSite(t.db, { domain: 'prices-nl.test', settings: { countries: ['NL'] } });
    const before = await listOf(admin);
    const logged = await bundleLogRows();
    const refusals: [object, string, string][] = [
      [{ credits: 0 }, 'credits', 'invalid'],
      [{ credits: -5 }, 'credits', 'invalid'],
      [{ credits: 7.5 }, 'credits', 'invalid'],
      [{ credits: 100_001 }, 'credits', 'invalid'],
      [{ credits: '75' }, 'credits', 'invalid'],
      [{ price: 0 }, 'price', 'invalid'],
      [{ price: 14.95 }, 'price', 'invalid'],
      [{ price: 10_000_001 }, 'price', 'invalid'],
      [{ price: null }, 'price', 'invalid'],
      [{ country: 'ZZ' }, 'country', 'invalid_choice'],
      [{ country: 'US' }, 'country', 'invalid_choice'],
      [{ country: 'nl' }, 'country', 'invalid_choice'],
      [{ country: 'NLD' }, 'country', 'invalid_choice'],
      [{ country: 'N\u0000' }, 'country', 'control_characters'],
      [{ country: 'DE', site: onlyDutch }, 'country', 'invalid_choice'],
      [{ site: 999_999 }, 'site', 'invalid_choice'],
      [{ popular: 'yes' }, 'popular', 'invalid'],
      [{ trial: 1 }, 'trial', 'invalid'],
      [{ credits: 50 }, 'credits', 'bundle_taken'],
      [{ credits: 20, price: 199, trial: true }, 'trial', 'bundle_trial_taken'],
    ];
    for (const [body, field, code] of refusals) {
      const response = await add(admin, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().fields[field]?.code, JSON.stringify(body)).toBe(code);
    }

    const nl = await countryOf(admin, 'NL');
    const fifty = nl.bundles.find((bundle) => bundle.credits === 50) as Bundle;
    const hundredFifty = nl.bundles.find((bundle) => bundle.credits === 150) as Bundle;
    const changes: [object, string, string][] = [
      [{ id: fifty.id, credits: 150 }, 'credits', 'bundle_taken'],
      [{ id: fifty.id, price: -1 }, 'price', 'invalid'],
      [{ id: fifty.id, price: 'free' }, 'price', 'invalid'],
      [{ id: fifty.id, active: 'no' }, 'active', 'invalid'],
      [{ id: 'x', price: 100 }, 'id', 'invalid_choice'],
    ];
    for (const [body, field, code] of changes) {
      const response = await change(admin, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().fields[field]?.code, JSON.stringify(body)).toBe(code);
    }
    expect((await change(admin, { id: 2 ** 31 - 1, price: 100 })).statusCode).toBe(404);
    expect(await listOf(admin)).toEqual(before);

    // A retired bundle cannot be marked popular, nor come back beside one of its size.
    await change(admin, { id: hundredFifty.id, active: false });
    const retired = await add(admin, { country: 'NL', credits: 150, price: 2599 });
    expect(retired.statusCode, retired.body).toBe(200);
    const popular = await change(admin, { id: hundredFifty.id, popular: true });
    expect(popular.json().fields.popular.code).toBe('invalid');
    const back = await change(admin, { id: hundredFifty.id, active: true });
    expect(back.json().fields.active.code).toBe('bundle_taken');
    expect(await auditOf(hundredFifty.id)).toHaveLength(1);
    expect(await bundleLogRows()).toHaveLength(logged.length + 2);
  });
});

describe('who may', () => {
  it('is for admins only', async () => {
    const { id } = await bundleIn(await staffClient(t, 'admin'), 'NO', 150);
    const member = await loggedInMember(t);
    for (const caller of [await staffClient(t, 'moderator'), await staffClient(t, 'operator'), member.visitor]) {
      expect((await caller.get(`/api/staff/bundles.php?site=${t.site.id}`)).statusCode).toBe(403);
      expect((await add(caller, { country: 'NO', credits: 99 })).statusCode).toBe(403);
      expect((await change(caller, { id, price: 1 })).statusCode).toBe(403);
    }
    const admin = await staffClient(t, 'admin');
    expect(await bundleIn(admin, 'NO', 150)).toMatchObject({ id, price: 27900 });
    expect((await countryOf(admin, 'NO')).bundles.map((bundle) => bundle.credits)).not.toContain(99);
    expect(await auditOf(id)).toEqual([]);
  });
});
