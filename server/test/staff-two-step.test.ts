/**
 * Two-step sign-in for staff: moderators and admins set up an authenticator app at their first
 * sign-in and give its code every time after; operators too, unless the site makes it their choice.
 * A code works once, a password gives five tries, and an admin can reset a lost app.
 */
import { describe, expect, it } from 'vitest';
import { addMinutes } from '../src/platform/clock.js';
import { buildSite, client, STAFF_PASSWORD, staffClient, type TestClient, totpCode, useTestApp } from './helpers.js';

const t = useTestApp();

let accounts = 0;
async function newStaff(role: 'operator' | 'admin') {
  const email = `two-step-${role}-${++accounts}-${Math.random().toString(36).slice(2, 8)}@amora.test`;
  const { id } = await t.services.staff.addStaff({ email, name: `Tess ${accounts}`, password: STAFF_PASSWORD, role });
  return { id, email };
}

async function passwordStep(email: string, visitor: TestClient = client(t.app)) {
  const response = await visitor.post('/api/staff/login.php', { email, password: STAFF_PASSWORD });
  expect(response.statusCode, response.body).toBe(200);
  return { visitor, answer: response.json() as { two_step?: string; secret?: string; uri?: string; qr?: string } };
}

const codeStep = (visitor: TestClient, code: string) => visitor.post('/api/staff/two-step.php', { code });

/** The answer of a refused code: 422 with the code field's reason. */
function expectWrongCode(response: { statusCode: number; json(): unknown }) {
  expect(response.statusCode).toBe(422);
  expect(response.json()).toMatchObject({
    error: 'validation_failed',
    fields: { code: { code: 'two_step_code_wrong' } },
  });
}

/** Signs in with a set-up account's password and the code of `at`. */
async function signInWithCode(email: string, secret: string, at = t.clock.now()) {
  const { visitor, answer } = await passwordStep(email);
  expect(answer).toEqual({ two_step: 'code' });
  const response = await codeStep(visitor, await totpCode(t, secret, at));
  expect(response.statusCode, response.body).toBe(200);
  return visitor;
}

describe('two-step sign-in for staff', () => {
  it('has an admin set up an authenticator app at the first sign-in, and signs in only with its code', async () => {
    const admin = await newStaff('admin');
    const { visitor, answer } = await passwordStep(admin.email);
    expect(answer.two_step).toBe('enrol');
    expect(answer.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(answer.uri).toContain(`secret=${answer.secret}`);
    expect(answer.uri).toContain('issuer=Amora%20staff');
    expect(answer.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(answer.qr?.split(',')[1] ?? '', 'base64').toString()).toContain('<svg');

    // The password alone signs nobody in.
    expect((await visitor.get('/api/staff/me.php')).json()).toEqual({ staff: null });
    expect((await visitor.get('/api/staff/team.php')).json()).toMatchObject({ error: 'staff_login_required' });
    expect((await visitor.get('/api/staff/sessions.php')).statusCode).toBe(403);

    const secret = answer.secret ?? '';
    expectWrongCode(await codeStep(visitor, '000000'));
    expectWrongCode(await codeStep(visitor, 'abcdef'));
    expectWrongCode(await codeStep(visitor, '123\u00004'));
    const confirmed = await codeStep(visitor, await totpCode(t, secret));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ staff: { email: admin.email, role: 'admin', two_step: true } });
    // The cookie now lasts the working day, not the ten minutes of the password step.
    const cookie = confirmed.cookies.find((each) => each.name === 'amora_staff');
    expect(cookie?.expires && cookie.expires.getTime() - t.clock.now().getTime()).toBeGreaterThan(11 * 3600_000);
    expect((await visitor.get('/api/staff/team.php')).statusCode).toBe(200);
    expect((await visitor.get('/api/staff/sessions.php')).json().sessions).toHaveLength(1);

    // From now on: the password, then the app's code; a code of the last step or the next still counts.
    t.clock.advance({ minutes: 1 });
    await signInWithCode(admin.email, secret, new Date(t.clock.now().getTime() - 30_000));
    t.clock.advance({ minutes: 1 });
    const later = await signInWithCode(admin.email, secret, new Date(t.clock.now().getTime() + 30_000));
    expect((await later.get('/api/staff/me.php')).json()).toMatchObject({ staff: { two_step: true } });
    // A code from five minutes ago is no code.
    t.clock.advance({ minutes: 5 });
    const { visitor: late } = await passwordStep(admin.email);
    expectWrongCode(await codeStep(late, await totpCode(t, secret, addMinutes(t.clock.now(), -5))));

    const log = await t.db
      .selectFrom('staff_log')
      .select('action')
      .where('staff_id', '=', admin.id)
      .orderBy('id')
      .execute();
    expect(log.map((row) => row.action)).toEqual(['two_step.enrol', 'login', 'login', 'login']);
  });

  it('takes a code once: replayed, or sent 20 times at once, it signs in one session', async () => {
    const admin = await staffClient(t, 'admin');
    const secret = admin.secret ?? '';
    t.clock.advance({ minutes: 1 });
    const code = await totpCode(t, secret);
    const first = await passwordStep(admin.email);
    expect((await codeStep(first.visitor, code)).statusCode).toBe(200);
    const second = await passwordStep(admin.email);
    expectWrongCode(await codeStep(second.visitor, code));

    t.clock.advance({ minutes: 1 });
    const next = await totpCode(t, secret);
    const visitors = await Promise.all(Array.from({ length: 20 }, () => passwordStep(admin.email)));
    const answers = await Promise.all(visitors.map(({ visitor }) => codeStep(visitor, next)));
    expect(answers.filter((response) => response.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((response) => response.statusCode === 422)).toHaveLength(19);
  });

  it('gives a password five codes: then the password is asked again', async () => {
    const admin = await staffClient(t, 'admin');
    t.clock.advance({ minutes: 1 });
    const { visitor } = await passwordStep(admin.email);
    for (let attempt = 0; attempt < 5; attempt++) expectWrongCode(await codeStep(visitor, '000000'));
    const right = await codeStep(visitor, await totpCode(t, admin.secret ?? ''));
    expect(right.statusCode).toBe(403);
    expect(right.json()).toMatchObject({ error: 'staff_login_required' });
    // Fifty guesses at once get no further than five.
    const guesser = await passwordStep(admin.email);
    const guesses = await Promise.all(
      Array.from({ length: 50 }, (_, index) => codeStep(guesser.visitor, String(index).padStart(6, '0'))),
    );
    expect(guesses.filter((response) => response.statusCode === 422).length).toBeLessThanOrEqual(5);
    // The password again: five more tries, and the right code signs in.
    await signInWithCode(admin.email, admin.secret ?? '');
  });

  it('lets the password step lapse after ten minutes, and refuses a disabled account', async () => {
    const admin = await staffClient(t, 'admin');
    t.clock.advance({ minutes: 1 });
    const { visitor } = await passwordStep(admin.email);
    t.clock.advance({ minutes: 11 });
    const lapsed = await codeStep(visitor, await totpCode(t, admin.secret ?? ''));
    expect(lapsed.json()).toMatchObject({ error: 'staff_login_required' });

    const other = await newStaff('admin');
    const pending = await passwordStep(other.email);
    await admin.put('/api/staff/team.php', { id: other.id, disabled: true });
    const refused = await codeStep(pending.visitor, await totpCode(t, pending.answer.secret ?? ''));
    expect(refused.json()).toMatchObject({ error: 'staff_login_required' });
    expect(
      await t.db.selectFrom('staff_users').select('totp_secret').where('id', '=', other.id).executeTakeFirst(),
    ).toEqual({ totp_secret: null });
    // A code without a password step before it is no sign-in either.
    expect((await codeStep(client(t.app), '123456')).json()).toMatchObject({ error: 'staff_login_required' });
  });

  it("lets operators choose where the site allows it, and requires it where the site's setting says so", async () => {
    // The demo site lets operators choose: the password signs in, and they may set up an app.
    const operator = await newStaff('operator');
    const { visitor, answer } = await passwordStep(operator.email);
    expect(answer).toMatchObject({ staff: { email: operator.email, two_step: false } });
    const setup = await visitor.post('/api/staff/two-step-setup.php');
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = setup.json() as { secret: string };
    expectWrongCode(await codeStep(visitor, '000000'));
    const confirmed = await codeStep(visitor, await totpCode(t, secret));
    expect(confirmed.json()).toMatchObject({ staff: { two_step: true } });
    // Still signed in, and asked for a code from now on.
    expect((await visitor.get('/api/staff/inbox.php')).statusCode).toBe(200);
    expect((await visitor.post('/api/staff/two-step-setup.php')).json()).toMatchObject({
      error: 'two_step_on_already',
    });
    t.clock.advance({ minutes: 1 });
    await signInWithCode(operator.email, secret);

    // A site whose setting requires it: the operator sets up an app at the first sign-in there.
    await buildSite(t.db, { domain: 'strict.test', name: 'Strict', settings: { operator_two_step: 'required' } });
    const another = await newStaff('operator');
    const strict = await passwordStep(another.email, client(t.app, { host: 'strict.test' }));
    expect(strict.answer).toMatchObject({ two_step: 'enrol' });
    expect(strict.answer.uri).toContain('issuer=Strict%20staff');
    expect((await strict.visitor.get('/api/staff/inbox.php')).statusCode).toBe(403);
  });

  it('lets an admin reset a lost app: its sessions end, the next sign-in sets up a new one; logged', async () => {
    const admin = await staffClient(t, 'admin');
    const colleague = await staffClient(t, 'admin');
    const colleagueId = (await t.services.staff.byEmail(colleague.email))?.id;
    const operator = await staffClient(t, 'operator');
    expect((await operator.put('/api/staff/team.php', { id: colleagueId, reset_two_step: true })).statusCode).toBe(403);
    expect((await colleague.get('/api/staff/me.php')).json().staff).toMatchObject({ two_step: true });

    const reset = await admin.put('/api/staff/team.php', { id: colleagueId, reset_two_step: true });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toMatchObject({ staff: { two_step: false } });
    expect((await colleague.get('/api/staff/me.php')).json()).toEqual({ staff: null });
    const { answer } = await passwordStep(colleague.email);
    expect(answer.two_step).toBe('enrol');
    expect(answer.secret).not.toBe(colleague.secret);
    const audit = await t.db
      .selectFrom('staff_log')
      .select(['action', 'changes', 'staff_id'])
      .where('record', '=', `staff:${colleagueId}`)
      .where('action', '=', 'staff.change')
      .execute();
    expect(audit).toEqual([
      { action: 'staff.change', changes: JSON.stringify({ two_step: [true, false] }), staff_id: expect.any(Number) },
    ]);
    // A reset of an account without an app changes nothing and logs nothing.
    await admin.put('/api/staff/team.php', { id: colleagueId, reset_two_step: true });
    expect(
      await t.db.selectFrom('staff_log').select('id').where('record', '=', `staff:${colleagueId}`).execute(),
    ).toHaveLength(2);
  });

  it('lets the only admin who lost the app reset it from a shell (npm run staff -- reset-two-step)', async () => {
    const admin = await staffClient(t, 'admin');
    expect(await t.services.staff.resetTwoStepByCommand('nobody@amora.test')).toBe(false);
    expect(await t.services.staff.resetTwoStepByCommand(admin.email.toUpperCase())).toBe(true);
    expect((await admin.get('/api/staff/me.php')).json()).toEqual({ staff: null });
    expect((await passwordStep(admin.email)).answer.two_step).toBe('enrol');
  });
});
