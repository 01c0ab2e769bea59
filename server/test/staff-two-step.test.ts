/**
 * Two-step sign-in for staff: moderators and admins set up an authenticator app through an admin's
 * invitation (never at a sign-in with the password alone) and give its code every time after;
 * operators too, unless the site makes it their choice. A code works once, a password gives five
 * tries, ten recovery codes each sign in once, and an admin can reset a lost app.
 */
import { describe, expect, it } from 'vitest';
import { addMinutes } from '../src/platform/clock.js';
import {
  buildSite,
  client,
  lastMail,
  linkFrom,
  STAFF_PASSWORD,
  setUpThroughInvitation,
  staffClient,
  type TestClient,
  totpCode,
  useTestApp,
} from './helpers.js';

const t = useTestApp();

let accounts = 0;
async function newStaff(role: 'operator' | 'admin') {
  const email = `two-step-${role}-${++accounts}-${Math.random().toString(36).slice(2, 8)}@amora.test`;
  const { id } = await t.services.staff.addStaff({ email, name: `Tess ${accounts}`, password: STAFF_PASSWORD, role });
  return { id, email };
}

async function passwordStep(email: string, visitor: TestClient = client(t.app), password = STAFF_PASSWORD) {
  const response = await visitor.post('/api/staff/login.php', { email, password });
  expect(response.statusCode, response.body).toBe(200);
  return { visitor, answer: response.json() as { two_step?: string } };
}

/** The password alone, for an account that must use an app and has none: refused, and no app is set up. */
async function expectSetupRequired(email: string, visitor: TestClient = client(t.app)) {
  const response = await visitor.post('/api/staff/login.php', { email, password: STAFF_PASSWORD });
  expect(response.statusCode, response.body).toBe(403);
  expect(response.json()).toMatchObject({ error: 'two_step_setup_required' });
  expect(response.cookies.find((cookie) => cookie.name === 'amora_staff')).toBeUndefined();
}

const codeStep = (visitor: TestClient, code: string, invitation?: string) =>
  visitor.post('/api/staff/two-step.php', { code, ...(invitation && { invitation }) });

const startInvitation = (visitor: TestClient, invitation: string, password = STAFF_PASSWORD) =>
  visitor.post('/api/staff/invitation.php', { invitation, password });

/** The answer of a refused code: 422 with the code field's reason. */
function expectWrongCode(response: { statusCode: number; json(): unknown }) {
  expect(response.statusCode).toBe(422);
  expect(response.json()).toMatchObject({
    error: 'validation_failed',
    fields: { code: { code: 'two_step_code_wrong' } },
  });
}

/** Signs in with a set-up account's password and the code of `at` (or a recovery code). */
async function signInWithCode(email: string, secret: string, at = t.clock.now(), password = STAFF_PASSWORD) {
  const { visitor, answer } = await passwordStep(email, client(t.app), password);
  expect(answer).toEqual({ two_step: 'code' });
  const response = await codeStep(visitor, await totpCode(t, secret, at));
  expect(response.statusCode, response.body).toBe(200);
  return visitor;
}

const actionsOf = async (staffId: number) =>
  (await t.db.selectFrom('staff_log').select('action').where('staff_id', '=', staffId).orderBy('id').execute()).map(
    (row) => row.action,
  );

describe('two-step sign-in for staff', () => {
  it("sets up an admin's app only through the invitation mailed to them, and signs in only with its code", async () => {
    const boss = await staffClient(t, 'admin');
    const added = await boss.post('/api/staff/team.php', {
      email: `nieuw-${accounts++}@amora.test`,
      name: 'Noor',
      role: 'admin',
      language: 'nl',
    });
    expect(added.statusCode, added.body).toBe(200);
    const { staff, password } = added.json() as { staff: { id: number; email: string }; password: string };
    expect(added.json()).toMatchObject({ staff: { two_step: false, invitation_until: expect.any(String) } });

    // The password alone sets nothing up and signs nobody in.
    const visitor = client(t.app);
    const alone = await visitor.post('/api/staff/login.php', { email: staff.email, password });
    expect(alone.statusCode).toBe(403);
    expect(alone.json()).toMatchObject({ error: 'two_step_setup_required' });
    expect((await visitor.get('/api/staff/me.php')).json()).toEqual({ staff: null });

    // The invitation went to the address, in the account's language, with a link to /staff/invitation.
    const mail = await lastMail(t, staff.email);
    expect(mail?.subject).toBe('Stel je inlog voor de backoffice van Amora in');
    const { path, token: invitation } = linkFrom(mail);
    expect(path).toMatch(/^\/staff\/invitation\?token=/);
    expect(await t.db.selectFrom('staff_invitations').select('token_hash').execute()).not.toContainEqual({
      token_hash: invitation,
    });

    // The link with a wrong password starts nothing; with the right one, an app to set up.
    expect((await startInvitation(visitor, invitation, 'not-the-password')).json()).toMatchObject({
      error: 'login_failed',
    });
    const started = await startInvitation(visitor, invitation, password);
    expect(started.statusCode, started.body).toBe(200);
    const setup = started.json() as { secret: string; uri: string; qr: string; email: string };
    expect(setup.email).toBe(staff.email);
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.uri).toContain('issuer=Amora%20staff');
    expect(Buffer.from(setup.qr.split(',')[1] ?? '', 'base64').toString()).toContain('<svg');
    expect((await visitor.get('/api/staff/team.php')).json()).toMatchObject({ error: 'staff_login_required' });

    // The first code needs the invitation beside it; a wrong code keeps the invitation.
    expect((await codeStep(visitor, await totpCode(t, setup.secret))).json()).toMatchObject({
      error: 'invitation_invalid',
    });
    expectWrongCode(await codeStep(visitor, '000000', invitation));
    expectWrongCode(await codeStep(visitor, '123\u00004', invitation));
    const confirmed = await codeStep(visitor, await totpCode(t, setup.secret), invitation);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { recovery_codes: codes } = confirmed.json() as { recovery_codes: string[] };
    expect(confirmed.json()).toMatchObject({ staff: { email: staff.email, role: 'admin', two_step: true } });
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    // Kept only as hashes.
    const kept = await t.db
      .selectFrom('staff_recovery_codes')
      .select('code_hash')
      .where('staff_id', '=', staff.id)
      .execute();
    expect(kept).toHaveLength(10);
    for (const row of kept) expect(codes.join()).not.toContain(row.code_hash);
    // The cookie now lasts the working day, not the ten minutes of the set-up.
    const cookie = confirmed.cookies.find((each) => each.name === 'amora_staff');
    expect(cookie?.expires && cookie.expires.getTime() - t.clock.now().getTime()).toBeGreaterThan(11 * 3600_000);
    expect((await visitor.get('/api/staff/team.php')).statusCode).toBe(200);

    // The invitation worked once: the team list shows none left, and the link is dead.
    expect((await visitor.get('/api/staff/team.php')).json().staff).toContainEqual(
      expect.objectContaining({ id: staff.id, two_step: true, invitation_until: null }),
    );
    expect((await startInvitation(client(t.app), invitation, password)).json()).toMatchObject({
      error: 'invitation_invalid',
    });

    // From now on: the password, then the app's code; a code of the last step or the next still counts.
    t.clock.advance({ minutes: 1 });
    await signInWithCode(staff.email, setup.secret, new Date(t.clock.now().getTime() - 30_000), password);
    t.clock.advance({ minutes: 1 });
    await signInWithCode(staff.email, setup.secret, new Date(t.clock.now().getTime() + 30_000), password);
    // A code from five minutes ago is no code.
    t.clock.advance({ minutes: 5 });
    const { visitor: late } = await passwordStep(staff.email, client(t.app), password);
    expectWrongCode(await codeStep(late, await totpCode(t, setup.secret, addMinutes(t.clock.now(), -5))));
    // Each step left its row with its change.
    expect(await actionsOf(staff.id)).toEqual(['two_step.enrol', 'login', 'login', 'login']);
  });

  it('signs in once with each recovery code, also when one is sent 20 times at once', async () => {
    const admin = await newStaff('admin');
    const visitor = client(t.app);
    const { secret, recoveryCodes } = await setUpThroughInvitation(t, visitor, admin.id);
    const [first, second, third] = recoveryCodes as [string, string, string];

    const { visitor: lost } = await passwordStep(admin.email);
    const signedIn = await codeStep(lost, first.toUpperCase().replaceAll('-', ' '));
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((await lost.get('/api/staff/me.php')).json()).toMatchObject({ staff: { email: admin.email } });
    // Used once, it is no code any more.
    const { visitor: again } = await passwordStep(admin.email);
    expectWrongCode(await codeStep(again, first));

    // Sent from 20 sign-ins at once, one code signs in one of them. (The password steps go one by one:
    // more than five at once would be a burst the counted sign-in refuses unchecked.)
    const sessions = [];
    for (let index = 0; index < 20; index++) sessions.push(await passwordStep(admin.email));
    const answers = await Promise.all(sessions.map(({ visitor: each }) => codeStep(each, second)));
    expect(answers.filter((response) => response.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((response) => response.statusCode === 422)).toHaveLength(19);

    // A made-up code of the right shape, or another account's code, is wrong.
    const other = await newStaff('admin');
    const { recoveryCodes: othersCodes } = await setUpThroughInvitation(t, client(t.app), other.id);
    const { visitor: guesser } = await passwordStep(admin.email);
    expectWrongCode(await codeStep(guesser, 'abcd-efgh-jkmn'));
    expectWrongCode(await codeStep(guesser, othersCodes[0] ?? ''));
    expect((await codeStep(guesser, third)).statusCode).toBe(200);
    // The app still works beside them, and every use is in the log.
    t.clock.advance({ minutes: 1 });
    await signInWithCode(admin.email, secret);
    const logins = await t.db
      .selectFrom('staff_log')
      .select('changes')
      .where('staff_id', '=', admin.id)
      .where('action', '=', 'login')
      .execute();
    expect(logins.filter((row) => row.changes?.includes('recovery_code'))).toHaveLength(3);
  });

  it('takes an invitation once: used, expired, sent 20 times at once, or for an account with an app', async () => {
    const admin = await newStaff('admin');
    const invitation = await t.services.staff.inviteByCommand(admin.id);
    const visitors = [];
    for (let index = 0; index < 20; index++) {
      const visitor = client(t.app);
      const started = await startInvitation(visitor, invitation);
      expect(started.statusCode, started.body).toBe(200);
      visitors.push({ visitor, secret: (started.json() as { secret: string }).secret });
    }
    // Twenty set-ups started; their first codes at once: one app is kept, the rest are refused.
    const answers = await Promise.all(
      visitors.map(async ({ visitor, secret }) => codeStep(visitor, await totpCode(t, secret), invitation)),
    );
    const kept = answers.filter((response) => response.statusCode === 200);
    expect(kept).toHaveLength(1);
    for (const refused of answers.filter((response) => response.statusCode !== 200)) {
      expect(refused.json()).toMatchObject({ error: 'invitation_invalid' });
    }
    expect(await actionsOf(admin.id)).toEqual(['staff.invite', 'two_step.enrol', 'login']);
    // The account has its app now: a new invitation made before a reset cannot replace it.
    const another = await t.services.staff.inviteByCommand(admin.id);
    expect((await startInvitation(client(t.app), another)).json()).toMatchObject({ error: 'invitation_invalid' });

    // 48 hours, then the link is dead; an invitation's token is no other account's.
    const late = await newStaff('admin');
    const expiring = await t.services.staff.inviteByCommand(late.id);
    t.clock.advance({ hours: 47, minutes: 59 });
    const justInTime = client(t.app);
    expect((await startInvitation(justInTime, expiring)).statusCode).toBe(200);
    t.clock.advance({ minutes: 2 });
    expect((await startInvitation(client(t.app), expiring)).json()).toMatchObject({ error: 'invitation_invalid' });
    // Forged or malformed tokens: the same answer, or a 422 for what is no token at all.
    expect((await startInvitation(client(t.app), 'x'.repeat(43))).json()).toMatchObject({
      error: 'invitation_invalid',
    });
    expect((await startInvitation(client(t.app), 'abc\u0000def')).statusCode).toBe(422);
    expect((await client(t.app).post('/api/staff/invitation.php', { invitation: expiring })).statusCode).toBe(422);
  });

  it("takes an app's code once: replayed, or sent from 20 sign-ins at once, it signs in one session", async () => {
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
    const visitors = [];
    for (let index = 0; index < 20; index++) visitors.push(await passwordStep(admin.email));
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

    // Disabled half-way through setting up: the first code is refused and no app is kept.
    const other = await newStaff('admin');
    const invitation = await t.services.staff.inviteByCommand(other.id);
    const pending = client(t.app);
    const { secret } = (await startInvitation(pending, invitation)).json() as { secret: string };
    await admin.put('/api/staff/team.php', { id: other.id, disabled: true });
    const refused = await codeStep(pending, await totpCode(t, secret), invitation);
    expect(refused.json()).toMatchObject({ error: 'staff_login_required' });
    expect(
      await t.db.selectFrom('staff_users').select('totp_secret').where('id', '=', other.id).executeTakeFirst(),
    ).toEqual({ totp_secret: null });
    expect((await startInvitation(client(t.app), invitation)).json()).toMatchObject({ error: 'invitation_invalid' });
    // A code without a password step before it is no sign-in either.
    expect((await codeStep(client(t.app), '123456')).json()).toMatchObject({ error: 'staff_login_required' });
  });

  it("lets operators choose where the site allows it, and requires it where the site's setting says so", async () => {
    // The demo site lets operators choose: the password signs in, and they may ask for a set-up link.
    const operator = await newStaff('operator');
    const { visitor, answer } = await passwordStep(operator.email);
    expect(answer).toMatchObject({ staff: { email: operator.email, two_step: false } });
    const asked = await visitor.post('/api/staff/two-step-setup.php');
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toEqual({ mailed_to: operator.email });
    const { token: invitation } = linkFrom(await lastMail(t, operator.email));
    const phone = client(t.app);
    const { secret } = (await startInvitation(phone, invitation)).json() as { secret: string };
    const confirmed = await codeStep(phone, await totpCode(t, secret), invitation);
    expect(confirmed.json()).toMatchObject({ staff: { two_step: true } });
    // The first browser is still signed in; from now on a code is asked.
    expect((await visitor.get('/api/staff/inbox.php')).statusCode).toBe(200);
    expect((await visitor.post('/api/staff/two-step-setup.php')).json()).toMatchObject({
      error: 'two_step_on_already',
    });
    expect((await client(t.app).post('/api/staff/two-step-setup.php')).statusCode).toBe(403);
    t.clock.advance({ minutes: 1 });
    await signInWithCode(operator.email, secret);

    // A site whose setting requires it: the password alone is not enough there, and sets nothing up.
    await buildSite(t.db, { domain: 'strict.test', name: 'Strict', settings: { operator_two_step: 'required' } });
    const another = await newStaff('operator');
    const strict = client(t.app, { host: 'strict.test' });
    await expectSetupRequired(another.email, strict);
    expect((await strict.get('/api/staff/inbox.php')).statusCode).toBe(403);
  });

  it('lets an admin reset a lost app: its sessions and codes end, a new invitation sets up a new one; logged', async () => {
    const admin = await staffClient(t, 'admin');
    const colleagueId = (await newStaff('admin')).id;
    const colleague = client(t.app);
    const { secret: oldSecret, recoveryCodes } = await setUpThroughInvitation(t, colleague, colleagueId);
    const colleagueEmail = (await colleague.get('/api/staff/me.php')).json().staff.email as string;
    const operator = await staffClient(t, 'operator');
    expect((await operator.put('/api/staff/team.php', { id: colleagueId, reset_two_step: true })).statusCode).toBe(403);

    const reset = await admin.put('/api/staff/team.php', { id: colleagueId, reset_two_step: true });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toMatchObject({ staff: { two_step: false, invitation_until: expect.any(String) } });
    expect((await colleague.get('/api/staff/me.php')).json()).toEqual({ staff: null });
    await expectSetupRequired(colleagueEmail);
    // The old recovery codes went with the app.
    expect(
      await t.db.selectFrom('staff_recovery_codes').select('code_hash').where('staff_id', '=', colleagueId).execute(),
    ).toEqual([]);
    const { token: invitation } = linkFrom(await lastMail(t, colleagueEmail));
    const phone = client(t.app);
    const { secret } = (await startInvitation(phone, invitation)).json() as { secret: string };
    expect(secret).not.toBe(oldSecret);
    expect((await codeStep(phone, await totpCode(t, secret), invitation)).statusCode).toBe(200);
    const { visitor: lost } = await passwordStep(colleagueEmail);
    expectWrongCode(await codeStep(lost, recoveryCodes[0] ?? ''));

    const audit = await t.db
      .selectFrom('staff_log')
      .select(['action', 'changes', 'staff_id'])
      .where('record', '=', `staff:${colleagueId}`)
      .where('action', '=', 'staff.change')
      .execute();
    expect(audit).toEqual([
      { action: 'staff.change', changes: JSON.stringify({ two_step: [true, false] }), staff_id: expect.any(Number) },
    ]);
  });

  it('lets the only admin who lost the app reset it from a shell (npm run staff -- reset-two-step)', async () => {
    const admin = await staffClient(t, 'admin');
    expect(await t.services.staff.resetTwoStepByCommand('nobody@amora.test')).toBeNull();
    const invitation = await t.services.staff.resetTwoStepByCommand(admin.email.toUpperCase());
    expect((await admin.get('/api/staff/me.php')).json()).toEqual({ staff: null });
    await expectSetupRequired(admin.email);
    expect((await startInvitation(client(t.app), invitation ?? '')).statusCode).toBe(200);
  });
});
