/**
 * The dashboard: an admin sees, per site and for all sites, the signups, activations, purchases,
 * revenue net of refunds and chargebacks, members' messages to hosted profiles, the conversations
 * waiting and operators' answer times of a period, each figure exact. Nobody else may look.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Site } from '../src/platform/site.js';
import { type Buyer, buyingKit } from './buying.js';
import {
  buildMember,
  buildSite,
  client,
  loggedIn,
  makePremium,
  STAFF_PASSWORD,
  signupBody,
  staffClient,
  type TestClient,
  useTestApp,
} from './helpers.js';

const t = useTestApp();
const { buyer, bundleOf, started, decide } = buyingKit(t);

const OTHER_DOMAIN = 'dashboard-other.test';
let other: Site;
/** The days of the known world, far from the demo seed's: the day before, and the day itself. */
let dayBefore: string;
let day: string;
let dayAfter: string;
/** What the payments of each day brought in, in euro cents. */
const paid = { before: 0, day: 0, refunded: 0, chargedBack: 0 };

const dayString = (date: Date) => date.toISOString().slice(0, 10);

/** Moves the test clock on to 06:00 UTC, `days` days on. */
function moveToMorning(days: number) {
  const now = t.clock.now();
  const target = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days, 6);
  t.clock.advance({ minutes: (target - now.getTime()) / 60_000 });
}

/** A member's paid purchase of 50 credits; returns its id and amount. */
async function purchase(member: Buyer) {
  const { transaction, checkoutId } = await started(member, { bundle_id: (await bundleOf(member, 50)).id });
  await decide(checkoutId, 'paid');
  return { id: transaction.id, amount: transaction.amount };
}

/** An operator signed in on a site's own domain (the demo settings let operators sign in without a code). */
async function operatorOn(domain: string) {
  const email = `operator-${randomUUID().slice(0, 8)}@amora.test`;
  await t.services.staff.addStaff({ email, name: 'Olga', password: STAFF_PASSWORD, role: 'operator' });
  const visitor = client(t.app, { host: domain });
  const response = await visitor.post('/api/staff/login.php', { email, password: STAFF_PASSWORD });
  expect(response.json()).toMatchObject({ staff: { role: 'operator' } });
  return visitor;
}

/** A member of the site writing to a new hosted profile of the site; `write` sends one message. */
async function memberAndHosted(site: Site) {
  const member = await buildMember(t.services, { credits: 1000, freeMessages: 0, site });
  await makePremium(t, member);
  const visitor = await loggedIn(t.app, member, { host: site.domain });
  const hosted = await t.services.members.createHostedProfile({
    site_id: site.id,
    name: `Hosted ${randomUUID().slice(0, 6)}`,
    date_of_birth: '1990-03-01',
  });
  let conversation = 0;
  const write = async (text: string) => {
    const response = await visitor.post('/api/chat.php', { client_id: randomUUID(), profile_id: hosted.id, text });
    expect(response.statusCode, response.body).toBe(200);
    conversation = response.json().conversation;
  };
  return { write, conversation: () => conversation };
}

async function answer(operator: TestClient, conversation: number) {
  expect((await operator.post('/api/staff/claim.php', { conversation })).statusCode).toBe(200);
  const response = await operator.post('/api/staff/answer.php', { conversation, text: 'Hello there' });
  expect(response.statusCode, response.body).toBe(200);
}

beforeAll(async () => {
  await buildSite(t.db, { domain: OTHER_DOMAIN, name: 'Other' });
  other = (await t.services.sites.findByDomain(OTHER_DOMAIN)) as Site;

  // The day before: a member's first purchase (they signed up two days earlier).
  moveToMorning(1000);
  dayBefore = dayString(t.clock.now());
  const returning = await buyer();
  paid.before += (await purchase(returning)).amount;

  moveToMorning(1);
  day = dayString(t.clock.now());
  dayAfter = dayString(new Date(t.clock.now().getTime() + 86_400_000));

  // Signups: two not activated on the demo site; the writers below are activated ones.
  for (let i = 0; i < 2; i++) {
    const response = await client(t.app).post('/api/signup.php', signupBody());
    expect(response.statusCode, response.body).toBe(200);
  }

  // Payments: a returning member's second, a first and a second one, one refunded, one charged back.
  paid.day += (await purchase(returning)).amount;
  const twice = await buyer();
  paid.day += (await purchase(twice)).amount;
  paid.day += (await purchase(twice)).amount;
  const refunded = await purchase(await buyer());
  const chargedBack = await purchase(await buyer());
  paid.day += refunded.amount + chargedBack.amount;
  paid.refunded = refunded.amount;
  paid.chargedBack = chargedBack.amount;
  const admin = await staffClient(t, 'admin');
  const refund = await admin.post('/api/staff/refund.php', { payment: refunded.id, reason: 'Asked by mail' });
  expect(refund.statusCode, refund.body).toBe(200);
  // The provider's word that the payment was charged back, as its webhook records it (the sandbox has none).
  await t.db.updateTable('payments').set({ status: 'charged_back' }).where('id', '=', chargedBack.id).execute();

  // Messages on the demo site: waits answered after 5, 20 and 60 minutes, and one waiting still.
  const operator = await operatorOn('localhost');
  const chat = await memberAndHosted(t.site);
  await chat.write('Hello');
  t.clock.advance({ minutes: 2 });
  await chat.write('Are you there?');
  t.clock.advance({ minutes: 3 });
  await answer(operator, chat.conversation());
  for (const minutes of [20, 60]) {
    t.clock.advance({ minutes: 10 });
    await chat.write('Tell me more');
    t.clock.advance({ minutes });
    await answer(operator, chat.conversation());
  }
  t.clock.advance({ minutes: 5 });
  await chat.write('Still there?');

  // The other site: one wait, answered after 10 minutes.
  const otherOperator = await operatorOn(OTHER_DOMAIN);
  const otherChat = await memberAndHosted(other);
  await otherChat.write('Hi');
  t.clock.advance({ minutes: 10 });
  await answer(otherOperator, otherChat.conversation());
});

const dashboard = (staff: TestClient, query: string) => staff.get(`/api/staff/dashboard.php?${query}`);

async function figures(query: string) {
  const response = await dashboard(await staffClient(t, 'admin'), query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const revenue = (gross: number, refunded = 0, chargedBack = 0) => [
  { currency: 'EUR', gross, refunded, charged_back: chargedBack, net: gross - refunded - chargedBack },
];

describe('the dashboard', () => {
  it('sums the demo site’s day exactly', async () => {
    const shown = await figures(`site=${t.site.id}&from=${day}&to=${day}`);
    expect(shown).toEqual({
      site: { id: t.site.id, name: t.site.name },
      from: day,
      to: day,
      signups: 3,
      activations: 1,
      first_purchases: 3,
      paying_members: 4,
      revenue: revenue(paid.day, paid.refunded, paid.chargedBack),
      messages_to_hosted: 5,
      conversations_waiting: 1,
      first_answer: { answered: 3, median_seconds: 1200, p90_seconds: 3600 },
      days: [
        {
          day,
          signups: 3,
          messages_to_hosted: 5,
          revenue: { EUR: paid.day - paid.refunded - paid.chargedBack },
        },
      ],
    });
  });

  it('sums the other site alone, and all sites together', async () => {
    const alone = await figures(`site=${other.id}&from=${day}&to=${day}`);
    expect(alone).toMatchObject({
      site: { id: other.id, name: 'Other' },
      signups: 1,
      activations: 1,
      first_purchases: 0,
      paying_members: 0,
      revenue: [],
      messages_to_hosted: 1,
      conversations_waiting: 0,
      first_answer: { answered: 1, median_seconds: 600, p90_seconds: 600 },
    });

    const all = await figures(`from=${dayBefore}&to=${day}`);
    expect(all).toMatchObject({
      site: null,
      signups: 4,
      activations: 2,
      first_purchases: 4,
      paying_members: 4,
      revenue: revenue(paid.before + paid.day, paid.refunded, paid.chargedBack),
      messages_to_hosted: 6,
      conversations_waiting: 1,
      first_answer: { answered: 4, median_seconds: 600, p90_seconds: 3600 },
    });
    expect(all.days).toEqual([
      { day: dayBefore, signups: 0, messages_to_hosted: 0, revenue: { EUR: paid.before } },
      {
        day,
        signups: 4,
        messages_to_hosted: 6,
        revenue: { EUR: paid.day - paid.refunded - paid.chargedBack },
      },
    ]);
  });

  it('counts nothing in a period without any of it, but the conversations waiting now', async () => {
    const later = await figures(`from=${dayAfter}&to=${dayAfter}`);
    expect(later).toMatchObject({
      signups: 0,
      activations: 0,
      first_purchases: 0,
      paying_members: 0,
      revenue: [],
      messages_to_hosted: 0,
      conversations_waiting: 1,
      first_answer: { answered: 0, median_seconds: null, p90_seconds: null },
      days: [{ day: dayAfter, signups: 0, messages_to_hosted: 0, revenue: {} }],
    });
    const before = await figures(`from=${dayBefore}&to=${dayBefore}`);
    expect(before).toMatchObject({ first_purchases: 1, paying_members: 1, revenue: revenue(paid.before) });
  });

  it('shows the last 30 days, today included, when no period is chosen', async () => {
    const shown = await figures('');
    expect(shown.to).toBe(dayString(t.clock.now()));
    expect(shown.days).toHaveLength(30);
    expect(shown.days[0].day).toBe(dayString(new Date(t.clock.now().getTime() - 29 * 86_400_000)));
    // The buyers signed up two days before their purchases, within the 30 days.
    expect(shown).toMatchObject({ signups: 8, activations: 6, messages_to_hosted: 6 });
  });

  it('times a wait answered after the period ends, and one begun after an answer before it began', async () => {
    moveToMorning(3);
    const lateDay = dayString(t.clock.now());
    t.clock.advance({ hours: 17, minutes: 50 });
    const chat = await memberAndHosted(t.site);
    await chat.write('Late at night');
    t.clock.advance({ minutes: 20 });
    const nextDay = dayString(t.clock.now());
    const operator = await operatorOn('localhost');
    await answer(operator, chat.conversation());
    t.clock.advance({ minutes: 5 });
    await chat.write('Good morning');
    t.clock.advance({ minutes: 7 });
    await answer(operator, chat.conversation());

    expect(await figures(`from=${lateDay}&to=${lateDay}`)).toMatchObject({
      messages_to_hosted: 1,
      first_answer: { answered: 1, median_seconds: 1200, p90_seconds: 1200 },
    });
    expect(await figures(`from=${nextDay}&to=${nextDay}`)).toMatchObject({
      messages_to_hosted: 1,
      first_answer: { answered: 1, median_seconds: 420, p90_seconds: 420 },
    });
  });

  it('is for admins only', async () => {
    for (const role of ['operator', 'moderator'] as const) {
      const response = await dashboard(await staffClient(t, role), '');
      expect(response.statusCode, role).toBe(403);
      expect(response.json()).toMatchObject({ error: 'forbidden' });
    }
    const member = await loggedIn(t.app, await buildMember(t.services));
    const response = await dashboard(member, '');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: 'staff_login_required' });
  });

  it('refuses a bad period or site with the field’s reason', async () => {
    const admin = await staffClient(t, 'admin');
    const refusals: [string, string, string][] = [
      ['from=2026-02-30', 'from', 'invalid'],
      ['from=26-01-01', 'from', 'invalid'],
      ['to=2026-13-01', 'to', 'invalid'],
      ['from=2026-03-02&to=2026-03-01', 'to', 'invalid'],
      ['from=2025-01-01&to=2026-03-01', 'to', 'too_long'],
      [`from=${'2026-01-01'.padEnd(500, '1')}`, 'from', 'invalid'],
      ['from=2026-01-01%00', 'from', 'control_characters'],
      ['site=abc', 'site', 'invalid_choice'],
      ['site=999999', 'site', 'invalid_choice'],
      [`from=${dayString(new Date(t.clock.now().getTime() + 86_400_000))}`, 'from', 'invalid'],
    ];
    for (const [query, field, code] of refusals) {
      const response = await dashboard(admin, query);
      expect(response.statusCode, query).toBe(422);
      expect(response.json().fields[field]?.code, query).toBe(code);
    }
  });
});
