/**
 * Staff sign-ins are counted as members' are: five wrong passwords, from any addresses, lock the
 * account for 15 minutes; the right password is then refused exactly as a wrong one (and as an
 * unknown address), the owner is mailed in their language, and an admin lifts the lock (logged).
 */
import { LOGIN_BLOCK_MINUTES, LOGIN_MAX_FAILURES } from '@amora/common';
import { describe, expect, it } from 'vitest';
import { client, lastMail, mailCount, STAFF_PASSWORD, staffClient, useTestApp } from './helpers.js';

const t = useTestApp();

let accounts = 0;
async function newOperator(language: 'nl' | 'en' = 'en') {
  const email = `locked-${++accounts}-${Math.random().toString(36).slice(2, 8)}@amora.test`;
  const { id } = await t.services.staff.addStaff({
    email,
    name: `Lotte ${accounts}`,
    password: STAFF_PASSWORD,
    role: 'operator',
    language,
  });
  return { id, email };
}

/** A sign-in from an address of its own. */
const signIn = (email: string, password: string) =>
  client(t.app, { remoteAddress: `10.77.${accounts}.${Math.floor(Math.random() * 250)}` }).post(
    '/api/staff/login.php',
    { email, password },
  );

/** The refusal's status and body, without the request id that differs every time. */
const refusal = (response: { statusCode: number; json(): unknown }) => ({
  status: response.statusCode,
  body: response.json(),
});

const staffMetric = async (reason: 'wrong_secret' | 'locked') => {
  const text = (await client(t.app, { remoteAddress: '127.0.0.1' }).get('/metrics', { clientHeader: false })).body;
  const line = text
    .split('\n')
    .find(
      (each) =>
        each.startsWith('amora_login_failures_total{') &&
        each.includes('account="staff"') &&
        each.includes(`reason="${reason}"`),
    );
  return Number(line?.split(' ').at(-1) ?? 0);
};

describe('staff sign-ins, counted', () => {
  it('locks an account after five wrong passwords from five addresses; an admin lifts the lock, logged', async () => {
    const operator = await newOperator('nl');
    const unknown = refusal(await signIn('nobody-at-all@amora.test', 'wrong-password-1'));
    expect(unknown).toMatchObject({ status: 401, body: { error: 'login_failed' } });
    for (let attempt = 1; attempt <= LOGIN_MAX_FAILURES; attempt++) {
      expect(refusal(await signIn(operator.email, `wrong-password-${attempt}`))).toEqual(unknown);
    }
    // Locked: the right password gets the very answer of a wrong one, and of an address that is no account.
    const right = await signIn(operator.email, STAFF_PASSWORD);
    expect(refusal(right)).toEqual(unknown);
    expect(right.cookies.find((cookie) => cookie.name === 'amora_staff')).toBeUndefined();

    // The owner heard of it once, in Dutch, with the way to the sign-in.
    const mail = await lastMail(t, operator.email);
    expect(mail?.subject).toBe(`Je medewerkersaccount bij Amora is ${LOGIN_BLOCK_MINUTES} minuten geblokkeerd`);
    expect(mail?.text).toContain('/staff');
    expect(await mailCount(t, operator.email)).toBe(1);

    // An admin sees the lock, and lifts it; lifting it again changes nothing.
    const admin = await staffClient(t, 'admin');
    const listed = (await admin.get('/api/staff/team.php')).json().staff as { id: number; locked_until: string }[];
    expect(listed.find((each) => each.id === operator.id)?.locked_until).toBe(
      new Date(t.clock.now().getTime() + LOGIN_BLOCK_MINUTES * 60_000).toISOString(),
    );
    const operatorClient = await staffClient(t, 'operator');
    expect((await operatorClient.put('/api/staff/team.php', { id: operator.id, unlock: true })).statusCode).toBe(403);
    const unlocked = await admin.put('/api/staff/team.php', { id: operator.id, unlock: true });
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    expect(unlocked.json()).toMatchObject({ staff: { id: operator.id, locked_until: null } });
    expect((await admin.put('/api/staff/team.php', { id: operator.id, unlock: true })).statusCode).toBe(200);
    const log = await t.db
      .selectFrom('staff_log')
      .select(['action', 'changes'])
      .where('record', '=', `staff:${operator.id}`)
      .execute();
    expect(log).toEqual([{ action: 'staff.unlock', changes: JSON.stringify({ locked: [true, false] }) }]);

    // Unlocked, the right password signs in at once.
    const again = await signIn(operator.email, STAFF_PASSWORD);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ staff: { email: operator.email } });
  });

  it('lets the lock run out after 15 minutes, and starts the count again after a success', async () => {
    const operator = await newOperator();
    for (let attempt = 1; attempt < LOGIN_MAX_FAILURES; attempt++) await signIn(operator.email, 'wrong-password');
    // Four wrong, then the right one: signed in, and the count starts again.
    expect((await signIn(operator.email, STAFF_PASSWORD)).statusCode).toBe(200);
    for (let attempt = 1; attempt < LOGIN_MAX_FAILURES; attempt++) await signIn(operator.email, 'wrong-password');
    expect((await signIn(operator.email, STAFF_PASSWORD)).statusCode).toBe(200);
    expect(await mailCount(t, operator.email)).toBe(0);

    for (let attempt = 1; attempt <= LOGIN_MAX_FAILURES; attempt++) await signIn(operator.email, 'wrong-password');
    t.clock.advance({ minutes: LOGIN_BLOCK_MINUTES - 1 });
    expect((await signIn(operator.email, STAFF_PASSWORD)).statusCode).toBe(401);
    t.clock.advance({ minutes: 2 });
    expect((await signIn(operator.email, STAFF_PASSWORD)).statusCode).toBe(200);
  });

  it('checks no more than five of twenty wrong passwords sent at once, and mails the owner once', async () => {
    const operator = await newOperator();
    const checkedBefore = await staffMetric('wrong_secret');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => signIn(operator.email, `guess-${index}-password`)),
    );
    expect(answers.every((answer) => answer.statusCode === 401)).toBe(true);
    expect((await staffMetric('wrong_secret')) - checkedBefore).toBeLessThanOrEqual(LOGIN_MAX_FAILURES);
    expect((await signIn(operator.email, STAFF_PASSWORD)).statusCode).toBe(401);
    expect(await mailCount(t, operator.email)).toBe(1);
  });

  it("counts an invitation's wrong passwords against the account too", async () => {
    const operator = await newOperator();
    const invitation = await t.services.staff.inviteByCommand(operator.id);
    for (let attempt = 1; attempt <= LOGIN_MAX_FAILURES; attempt++) {
      const response = await client(t.app).post('/api/staff/invitation.php', {
        invitation,
        password: `wrong-password-${attempt}`,
      });
      expect(response.json()).toMatchObject({ error: 'login_failed' });
    }
    const right = await client(t.app).post('/api/staff/invitation.php', { invitation, password: STAFF_PASSWORD });
    expect(right.json()).toMatchObject({ error: 'login_failed' });
    expect((await signIn(operator.email, STAFF_PASSWORD)).statusCode).toBe(401);
  });
});
