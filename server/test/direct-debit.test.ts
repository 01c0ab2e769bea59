/**
 * Direct debit as a payer meets it: the form, the code texted to the phone (wrong, expired, reused,
 * tried too often, sent for another account), the collection pending then paid, limits, and an
 * account refused after its collection came back.
 */
import { randomUUID } from 'node:crypto';
import { DIRECT_DEBIT_CODE_ATTEMPTS, DIRECT_DEBIT_CODE_MINUTES } from '@amora/common';
import { describe, expect, it } from 'vitest';
import { SANDBOX_SETTLE_SECONDS } from '../src/money/payments/sandbox.js';
import { buildMember, loggedIn, type TestClient, useTestApp } from './helpers.js';

const t = useTestApp();

const IBAN = 'NL91 ABNA 0417 1643 00';
const OTHER_IBAN = 'DE89 3704 0044 0532 0130 00';

interface Payer {
  visitor: TestClient;
  userId: number;
  phone: string;
}

let phones = 0;

async function payer(country = 'NL'): Promise<Payer> {
  const member = await buildMember(t.services, { credits: 0 });
  await t.db.updateTable('profiles').set({ country }).where('id', '=', member.profileId).execute();
  phones += 1;
  return {
    visitor: await loggedIn(t.app, member),
    userId: member.user.id,
    phone: `+316${String(10_000_000 + phones * 7919).slice(-8)}`,
  };
}

async function bundleId(who: Payer, credits = 50): Promise<number> {
  const offer = (await who.visitor.get('/api/credits.php')).json() as { bundles: { id: number; credits: number }[] };
  return offer.bundles.find((bundle) => bundle.credits === credits)?.id as number;
}

async function form(who: Payer, overrides: Record<string, unknown> = {}) {
  return {
    bundle_id: await bundleId(who),
    account_holder: 'Sanne de Vries',
    iban: IBAN,
    street: 'Keizersgracht',
    house_number: '12a',
    zip: '1015 CS',
    city: 'Amsterdam',
    phone: who.phone,
    ...overrides,
  };
}

/** Asks for a code and reads it from the dev outbox, as the payer reads their phone. */
async function textedCode(who: Payer, body: Record<string, unknown>): Promise<string> {
  const response = await who.visitor.post('/api/directdebit-code.php', body);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().phone).toMatch(/^\+31•+\d{3}$/);
  const text = await t.db
    .selectFrom('texts')
    .select('body')
    .where('recipient', '=', who.phone.replace(/\s/g, ''))
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const code = text.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in "${text.body}"`);
  return code;
}

function confirm(who: Payer, body: Record<string, unknown>, otp: string, clientId = randomUUID()) {
  return who.visitor.post('/api/directdebit.php', { ...body, otp, client_id: clientId });
}

async function creditsOf(who: Payer): Promise<number> {
  return (await who.visitor.get('/api/user.php')).json().user.credits;
}

describe('direct debit', () => {
  it('is offered where the site charges euros', async () => {
    expect(
      ((await (await payer('NL')).visitor.get('/api/credits.php')).json() as { methods: string[] }).methods,
    ).toContain('directdebit');
    expect(
      ((await (await payer('GB')).visitor.get('/api/credits.php')).json() as { methods: string[] }).methods,
    ).not.toContain('directdebit');
  });

  it('is made with the texted code, pending until the bank pays, and credits once paid', async () => {
    const who = await payer();
    const body = await form(who);
    const code = await textedCode(who, body);
    const wrong = code === '000000' ? '000001' : '000000';
    expect((await confirm(who, body, wrong)).json()).toMatchObject({ error: 'otp_invalid', message: 'Invalid code' });

    const made = await confirm(who, body, code);
    expect(made.statusCode, made.body).toBe(200);
    const { transaction, checkout_url } = made.json() as {
      transaction: { id: number; status: string; method: string };
      checkout_url: null;
    };
    expect(transaction).toMatchObject({ status: 'pending', method: 'directdebit' });
    expect(checkout_url).toBeNull();
    expect(await creditsOf(who)).toBe(0);
    // A second direct debit waits until this one is collected.
    expect((await confirm(who, body, code)).json()).toMatchObject({ error: 'directdebit_limit' });

    t.clock.advance({ minutes: SANDBOX_SETTLE_SECONDS / 60 + 1 });
    const paid = (await who.visitor.get(`/api/transaction.php?id=${transaction.id}`)).json();
    expect(paid.transaction.status).toBe('paid');
    expect(await creditsOf(who)).toBe(50);
    const kept = await t.db
      .selectFrom('direct_debits')
      .selectAll()
      .where('payment_id', '=', transaction.id)
      .executeTakeFirst();
    expect(kept).toMatchObject({ iban: 'NL91ABNA0417164300', account_holder: 'Sanne de Vries', zip: '1015 CS' });
  });

  it('refuses a code for another account, an expired one, and any after too many tries', async () => {
    const who = await payer();
    const body = await form(who);
    const code = await textedCode(who, body);
    expect((await confirm(who, { ...body, iban: OTHER_IBAN }, code)).json()).toMatchObject({ error: 'otp_invalid' });

    const fresh = await textedCode(who, body);
    t.clock.advance({ minutes: DIRECT_DEBIT_CODE_MINUTES + 1 });
    expect((await confirm(who, body, fresh)).json()).toMatchObject({ error: 'otp_invalid' });

    const last = await textedCode(who, body);
    const wrong = last === '999999' ? '999998' : '999999';
    for (let i = 0; i < DIRECT_DEBIT_CODE_ATTEMPTS; i++) await confirm(who, body, wrong);
    expect((await confirm(who, body, last)).json()).toMatchObject({ error: 'otp_invalid' });
    expect(await t.db.selectFrom('payments').select('id').where('user_id', '=', who.userId).execute()).toEqual([]);
  });

  it('makes one payment when the same code is sent many times at once', async () => {
    const who = await payer();
    const body = await form(who);
    const code = await textedCode(who, body);
    const responses = await Promise.all(Array.from({ length: 10 }, () => confirm(who, body, code)));
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await t.db.selectFrom('payments').select('id').where('user_id', '=', who.userId).execute()).toHaveLength(1);
  });

  it('checks the form: IBAN checksum, phone, control characters', async () => {
    const who = await payer();
    const ask = async (overrides: Record<string, unknown>) =>
      (await who.visitor.post('/api/directdebit-code.php', await form(who, overrides))).json();
    expect(await ask({ iban: 'NL91 ABNA 0417 1643 01' })).toMatchObject({ fields: { iban: { code: 'iban_invalid' } } });
    expect(await ask({ phone: '0612345678' })).toMatchObject({ fields: { phone: { code: 'phone_invalid' } } });
    expect(await ask({ account_holder: 'Sanne\u0000' })).toMatchObject({
      fields: { account_holder: { code: 'control_characters' } },
    });
    expect(await ask({ street: '' })).toMatchObject({ fields: { street: { code: 'required' } } });
    expect(await t.db.selectFrom('texts').select('id').where('recipient', '=', who.phone).execute()).toEqual([]);
  });

  it('allows one direct debit at a time, and refuses an account whose collection came back', async () => {
    const who = await payer();
    const body = await form(who);
    const made = (await confirm(who, body, await textedCode(who, body))).json() as { transaction: { id: number } };
    expect((await who.visitor.post('/api/directdebit-code.php', body)).json()).toMatchObject({
      error: 'directdebit_limit',
    });

    // The bank could not collect it: the account is refused from now on, for everyone.
    await t.db
      .updateTable('sandbox_payments')
      .set({ status: 'failed' })
      .where('reference', '=', made.transaction.id)
      .execute();
    expect((await who.visitor.get(`/api/transaction.php?id=${made.transaction.id}`)).json().transaction.status).toBe(
      'failed',
    );
    expect((await who.visitor.post('/api/directdebit-code.php', body)).json()).toMatchObject({
      error: 'directdebit_blocked',
    });
    const other = await payer();
    expect((await other.visitor.post('/api/directdebit-code.php', await form(other))).json()).toMatchObject({
      error: 'directdebit_blocked',
    });
    expect(
      (await other.visitor.post('/api/directdebit-code.php', await form(other, { iban: OTHER_IBAN }))).statusCode,
    ).toBe(200);
  });

  it('is not started through the checkout call', async () => {
    const who = await payer();
    const response = await who.visitor.post('/api/payment.php', {
      client_id: randomUUID(),
      bundle_id: await bundleId(who),
      method: 'directdebit',
    });
    expect(response.json()).toMatchObject({ fields: { method: { code: 'invalid_choice' } } });
  });
});
