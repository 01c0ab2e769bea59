/**
 * The staff team: admins add accounts, change roles and disable them (their sessions end at once),
 * never their own; every staff member sees and ends their own sessions; each change is in the
 * audit log with its values before and after.
 */
import { describe, expect, it } from 'vitest';
import { client, staffClient, type TestClient, useTestApp } from './helpers.js';

const t = useTestApp();

const auditOf = (record: string) =>
  t.db.selectFrom('staff_log').select(['action', 'changes']).where('record', '=', record).orderBy('id').execute();

async function addOperator(admin: TestClient, email = `new-${Math.random().toString(36).slice(2)}@amora.test`) {
  const response = await admin.post('/api/staff/team.php', { email, name: 'Nina', role: 'operator', language: 'en' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { staff: { id: number; email: string; role: string; name: string }; password: string };
}

async function signIn(email: string, password: string) {
  const visitor = client(t.app);
  const response = await visitor.post('/api/staff/login.php', { email, password });
  expect(response.statusCode, response.body).toBe(200);
  return visitor;
}

describe('the staff team', () => {
  it('lets an admin add an operator, who signs in with the first password shown once', async () => {
    const admin = await staffClient(t, 'admin');
    const { staff, password } = await addOperator(admin, 'Nina.Team@Amora.test');
    expect(staff).toMatchObject({ email: 'nina.team@amora.test', role: 'operator', disabled: false });
    expect(password.length).toBeGreaterThanOrEqual(16);
    const team = (await admin.get('/api/staff/team.php')).json().staff as { email: string }[];
    expect(team.map((each) => each.email)).toContain('nina.team@amora.test');
    expect(JSON.stringify(team)).not.toContain(password);

    const nina = await signIn('nina.team@amora.test', password);
    expect((await nina.get('/api/staff/inbox.php')).statusCode).toBe(200);
    expect(await auditOf(`staff:${staff.id}`)).toEqual([
      { action: 'staff.add', changes: JSON.stringify({ role: [null, 'operator'], language: [null, 'en'] }) },
    ]);
  });

  it('keeps the team to admins: an operator and a member get 403 and change nothing', async () => {
    const operator = await staffClient(t, 'operator');
    for (const call of [
      operator.get('/api/staff/team.php'),
      operator.post('/api/staff/team.php', { email: 'sneaky@amora.test', name: 'Sneaky', role: 'admin' }),
      operator.put('/api/staff/team.php', { id: 1, role: 'admin' }),
    ]) {
      const response = await call;
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: 'forbidden' });
    }
    expect(await t.services.staff.byEmail('sneaky@amora.test')).toBeNull();
    const member = client(t.app);
    expect((await member.get('/api/staff/team.php')).json()).toMatchObject({ error: 'staff_login_required' });
  });

  it('changes a role and disables an account, ending its sessions at once; logged before and after', async () => {
    const admin = await staffClient(t, 'admin');
    const { staff, password } = await addOperator(admin);
    const nina = await signIn(staff.email, password);

    const promoted = await admin.put('/api/staff/team.php', { id: staff.id, role: 'admin' });
    expect(promoted.json()).toMatchObject({ staff: { role: 'admin', disabled: false } });
    expect((await nina.get('/api/staff/team.php')).statusCode).toBe(200);

    const disabled = await admin.put('/api/staff/team.php', { id: staff.id, disabled: true });
    expect(disabled.json()).toMatchObject({ staff: { disabled: true } });
    expect((await nina.get('/api/staff/inbox.php')).json()).toMatchObject({ error: 'staff_login_required' });
    const again = await client(t.app).post('/api/staff/login.php', { email: staff.email, password });
    expect(again.statusCode).toBe(401);

    expect(await auditOf(`staff:${staff.id}`)).toEqual([
      { action: 'staff.add', changes: JSON.stringify({ role: [null, 'operator'], language: [null, 'en'] }) },
      { action: 'staff.change', changes: JSON.stringify({ role: ['operator', 'admin'] }) },
      { action: 'staff.change', changes: JSON.stringify({ disabled: [false, true] }) },
    ]);
  });

  it('refuses an admin’s change of their own account, a taken address and bad values, changing nothing', async () => {
    const admin = await staffClient(t, 'admin');
    const me = await t.services.staff.byEmail(admin.email);
    const self = await admin.put('/api/staff/team.php', { id: me?.id, disabled: true });
    expect(self.statusCode).toBe(409);
    expect(self.json()).toMatchObject({ error: 'staff_self_change' });

    const taken = await admin.post('/api/staff/team.php', {
      email: admin.email,
      name: 'Twin',
      role: 'operator',
      language: 'en',
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toMatchObject({ fields: { email: expect.anything() } });
    for (const body of [
      { email: 'not-an-address', name: 'X', role: 'operator', language: 'en' },
      { email: 'x@amora.test', name: '', role: 'operator', language: 'en' },
      { email: 'x@amora.test', name: 'Nul\u0000Byte', role: 'operator', language: 'en' },
      { email: 'x@amora.test', name: 'X', role: 'owner', language: 'en' },
      { email: 'x@amora.test', name: 'X', role: 'operator', language: 'xx' },
      { email: 'x@amora.test', name: 'X', role: 'operator' },
    ]) {
      expect((await admin.post('/api/staff/team.php', body)).statusCode, JSON.stringify(body)).toBe(422);
    }
    expect(await t.services.staff.byEmail('x@amora.test')).toBeNull();
    for (const body of [{ id: me?.id }, { id: 2 ** 31, role: 'admin' }, { id: me?.id, role: 'owner' }]) {
      expect((await admin.put('/api/staff/team.php', body)).statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await admin.put('/api/staff/team.php', { id: 2 ** 31 - 1, role: 'admin' })).statusCode).toBe(404);
    expect(await t.services.staff.byEmail(admin.email)).toMatchObject({ role: 'admin' });
  });
});

describe('staff sessions', () => {
  it('lists one’s own sessions, marks this one, and ends another, never someone else’s', async () => {
    const admin = await staffClient(t, 'admin');
    const { staff, password } = await addOperator(admin);
    const laptop = await signIn(staff.email, password);
    const tablet = await signIn(staff.email, password);

    const sessions = (await laptop.get('/api/staff/sessions.php')).json().sessions as {
      id: string;
      current: boolean;
    }[];
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((each) => each.current)).toHaveLength(1);
    const tabletSession = sessions.find((each) => !each.current);

    // Another staff member cannot end it, even knowing its id.
    const other = await admin.post('/api/staff/end-session.php', { session: tabletSession?.id });
    expect(other.statusCode).toBe(404);
    expect((await tablet.get('/api/staff/inbox.php')).statusCode).toBe(200);

    const ended = await laptop.post('/api/staff/end-session.php', { session: tabletSession?.id });
    expect(ended.statusCode, ended.body).toBe(200);
    expect((await tablet.get('/api/staff/inbox.php')).json()).toMatchObject({ error: 'staff_login_required' });
    expect((await laptop.get('/api/staff/inbox.php')).statusCode).toBe(200);
    expect((await laptop.post('/api/staff/end-session.php', { session: 'not hex' })).statusCode).toBe(422);
  });
});

describe('the audit log', () => {
  it('shows admins who did what to which record, before and after, filtered; nobody else', async () => {
    const admin = await staffClient(t, 'admin');
    const { staff } = await addOperator(admin);
    await admin.put('/api/staff/team.php', { id: staff.id, role: 'moderator' });
    await admin.put('/api/staff/team.php', { id: staff.id, capacity: 8 });

    const response = await admin.get(`/api/staff/log.php?record=staff:${staff.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const { entries } = response.json() as {
      entries: { action: string; changes: unknown; staff: string; subject: string | null }[];
    };
    // Who acted and whom it was about, by name: the log reads as sentences.
    expect(entries.map((entry) => [entry.staff, entry.subject])).toContainEqual([
      (await t.services.staff.byEmail(admin.email))?.name,
      staff.name,
    ]);
    expect(entries.map((entry) => [entry.action, entry.changes])).toEqual([
      ['staff.change', { capacity: [5, 8] }],
      ['staff.change', { role: ['operator', 'moderator'] }],
      ['staff.add', { role: [null, 'operator'], language: [null, 'en'] }],
    ]);
    const adminId = (await t.services.staff.byEmail(admin.email))?.id;
    const family = (await admin.get(`/api/staff/log.php?action=staff&staff=${adminId}`)).json().entries as {
      action: string;
    }[];
    expect(family.length).toBeGreaterThanOrEqual(3);
    expect(family.every((entry) => entry.action.startsWith('staff.'))).toBe(true);

    for (const query of ['?record=staff', '?record=<script>', '?action=DROP TABLE', '?staff=x', '?before=-3']) {
      expect((await admin.get(`/api/staff/log.php${query}`)).statusCode, query).toBe(422);
    }
    for (const role of ['operator', 'moderator'] as const) {
      const other = await staffClient(t, role);
      expect((await other.get('/api/staff/log.php')).json()).toMatchObject({ error: 'forbidden' });
    }
    expect((await client(t.app).get('/api/staff/log.php')).json()).toMatchObject({ error: 'staff_login_required' });
  });
});

describe('staff calls from another site', () => {
  it('refuses a staff change without the client header (a form or link elsewhere), changing nothing', async () => {
    const admin = await staffClient(t, 'admin');
    const email = 'forged@amora.test';
    const forged = [
      admin.post(
        '/api/staff/team.php',
        { email, name: 'Forged', role: 'admin', language: 'en' },
        { clientHeader: false },
      ),
      admin.put('/api/staff/team.php', { id: 1, disabled: true }, { clientHeader: false }),
      admin.post('/api/staff/refund.php', { payment: 1, reason: 'Forged' }, { clientHeader: false }),
      admin.post('/api/staff/status.php', { away: true }, { clientHeader: false }),
      admin.post('/api/staff/logout.php', undefined, { clientHeader: false }),
    ];
    for (const response of await Promise.all(forged)) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: 'request_type_missing' });
    }
    expect(await t.services.staff.byEmail(email)).toBeNull();
    expect(
      (await t.db.selectFrom('staff_users').select('disabled_at').where('id', '=', 1).executeTakeFirst())?.disabled_at,
    ).toBeNull();
    expect((await admin.get('/api/staff/me.php')).json().staff).toMatchObject({ away: false });
  });
});
