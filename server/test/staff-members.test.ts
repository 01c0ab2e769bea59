/**
 * The member desk: moderators find members by id or name (admins by address too), see what staff
 * may know of them, suspend or ban them on their own initiative (with a statement of reasons and
 * an appeal), lift it, and grant or take credits; every action is in the audit log.
 */

import { SESSION_ENDED_CLOSE_CODE } from '@amora/common';
import { describe, expect, it } from 'vitest';
import {
  buildMember,
  client,
  lastMail,
  linkFrom,
  loggedIn,
  loggedInMember,
  mailCount,
  signupBody,
  staffClient,
  type TestClient,
  useTestApp,
} from './helpers.js';
import { openSocket } from './sockets.js';

const t = useTestApp();

const find = (staff: TestClient, q: string) => staff.get(`/api/staff/members.php?q=${encodeURIComponent(q)}`);
const detail = (staff: TestClient, id: number) => staff.get(`/api/staff/member.php?id=${id}`);
const act = (staff: TestClient, body: object) => staff.post('/api/staff/member-action.php', body);

const auditOf = (userId: number) =>
  t.db
    .selectFrom('staff_log')
    .select(['action', 'changes', 'reason'])
    .where('record', '=', `user:${userId}`)
    .orderBy('id')
    .execute();

describe('finding a member', () => {
  it('finds by id and by the start of the name; by address for admins only', async () => {
    const member = await buildMember(t.services, { name: `Zoë${Date.now() % 100000}` });
    const moderator = await staffClient(t, 'moderator');
    const byId = await find(moderator, String(member.profileId));
    expect(byId.statusCode, byId.body).toBe(200);
    expect(byId.json().members).toEqual([
      expect.objectContaining({ id: member.profileId, name: member.name, email: null, status: 'active' }),
    ]);
    const byName = (await find(moderator, member.name.slice(0, 6).replace('ë', 'e').toUpperCase())).json().members;
    expect(byName.map((row: { id: number }) => row.id)).toContain(member.profileId);

    const refused = await find(moderator, member.email);
    expect(refused.statusCode).toBe(403);
    const admin = await staffClient(t, 'admin');
    expect((await find(admin, member.email.toUpperCase())).json().members).toEqual([
      expect.objectContaining({ id: member.profileId, email: member.email }),
    ]);
  });

  it('shows the account without a password or a card, and the address to admins only', async () => {
    const member = await loggedInMember(t);
    const moderator = await staffClient(t, 'moderator');
    const response = await detail(moderator, member.profileId);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.member).toMatchObject({ id: member.profileId, email: null, suspended_at: null });
    expect(body.sessions).toHaveLength(1);
    // The member's own list of where they are signed in, as the member's settings show it; none is the staff's.
    expect(body.sessions[0]).toMatchObject({ current: false, device: { kind: expect.any(String) } });
    expect(body.sessions[0].last_seen).toBe(body.sessions[0].first_seen);
    expect(response.body).not.toContain('password');
    expect((await detail(await staffClient(t, 'admin'), member.profileId)).json().member.email).toBe(member.email);
    expect((await detail(moderator, 999_999)).statusCode).toBe(404);
  });

  it('refuses operators and members', async () => {
    const member = await loggedInMember(t);
    const operator = await staffClient(t, 'operator');
    for (const caller of [operator, member.visitor]) {
      expect((await find(caller, 'a')).statusCode).toBe(403);
      expect((await detail(caller, member.profileId)).statusCode).toBe(403);
      expect((await act(caller, { member: member.profileId, action: 'lift' })).statusCode).toBe(403);
    }
  });
});

describe('acting on a member', () => {
  it('suspends on the staff own initiative with a statement of reasons, and lifts it', async () => {
    const member = await loggedInMember(t);
    const moderator = await staffClient(t, 'moderator');
    const suspended = await act(moderator, {
      member: member.profileId,
      action: 'suspend',
      reason: 'fake',
      explanation: 'The photos belong to a model.',
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(suspended.json().member).toMatchObject({ status: 'suspended', suspension: 'suspension' });
    expect(suspended.json().sessions).toEqual([]);
    expect((await member.visitor.get('/api/user.php')).json().user).toBeNull();
    const mail = await lastMail(t, member.email);
    expect(mail?.text).toContain('The photos belong to a model.');
    expect(mail?.text).toMatch(/\/appeal\/[A-Za-z0-9_-]+/);
    const cases = (await moderator.get('/api/staff/cases.php?view=decided&kind=initiative')).json().cases;
    expect(cases.find((row: { subject: { id: number } }) => row.subject.id === member.profileId)).toMatchObject({
      kind: 'initiative',
      status: 'actioned',
      reason: 'fake',
      reporter: null,
      decision: { measure: 'suspension' },
    });

    const twice = await act(moderator, { member: member.profileId, action: 'suspend', reason: 'fake' });
    expect(twice.json().fields.action.code).toBe('invalid_choice');
    const lifted = await act(moderator, {
      member: member.profileId,
      action: 'lift',
      explanation: 'Proved it is them.',
    });
    expect(lifted.json().member).toMatchObject({ status: 'active', suspended_at: null });
    const back = await loggedIn(t.app, member);
    expect((await back.get('/api/user.php')).json().user.id).toBe(member.user.id);
    expect(await auditOf(member.user.id)).toEqual([
      {
        action: 'member.suspend',
        changes: JSON.stringify({ suspension: [null, 'suspension'] }),
        reason: 'The photos belong to a model.',
      },
      {
        action: 'member.lift',
        changes: JSON.stringify({ suspension: ['suspension', null] }),
        reason: 'Proved it is them.',
      },
    ]);
  });

  it('of 20 suspensions sent at once by two moderators, one is taken and mailed', async () => {
    const member = await loggedInMember(t);
    const [first, second] = [await staffClient(t, 'moderator'), await staffClient(t, 'moderator')];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        act(i % 2 ? first : second, { member: member.profileId, action: 'suspend', reason: 'scam' }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.json().fields?.action?.code === 'invalid_choice')).toHaveLength(19);
    expect(await mailCount(t, member.email)).toBe(1);
    expect((await auditOf(member.user.id)).map((row) => row.action)).toEqual(['member.suspend']);
    const lifts = await Promise.all(
      Array.from({ length: 10 }, () => act(first, { member: member.profileId, action: 'lift' })),
    );
    expect(lifts.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
  });

  it('grants and takes credits with an explanation, never below zero', async () => {
    const member = await buildMember(t.services, { credits: 30 });
    const moderator = await staffClient(t, 'moderator');
    const granted = await act(moderator, {
      member: member.profileId,
      action: 'credits',
      amount: 20,
      explanation: 'Lost a message to an outage.',
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json().credits.balance).toBe(50);
    expect(granted.json().credits.ledger[0]).toMatchObject({ delta: 20, balance_after: 50, reason: 'adjustment' });
    const taken = await act(moderator, {
      member: member.profileId,
      action: 'credits',
      amount: -45,
      explanation: 'Granted twice by mistake.',
    });
    expect(taken.json().credits.balance).toBe(5);
    const tooMany = await act(moderator, {
      member: member.profileId,
      action: 'credits',
      amount: -6,
      explanation: 'More than there is.',
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().fields.amount.code).toBe('too_many');
    expect((await detail(moderator, member.profileId)).json().credits.balance).toBe(5);
    expect((await auditOf(member.user.id)).map((row) => row.changes)).toEqual([
      JSON.stringify({ credits: [30, 50] }),
      JSON.stringify({ credits: [50, 5] }),
    ]);
  });

  it('takes credits once per balance when the same take is sent 20 times at once', async () => {
    const member = await buildMember(t.services, { credits: 50 });
    const moderator = await staffClient(t, 'moderator');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        act(moderator, { member: member.profileId, action: 'credits', amount: -20, explanation: 'Chargeback.' }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(2);
    expect((await detail(moderator, member.profileId)).json().credits.balance).toBe(10);
  });

  it('refuses bad actions with the field and changes nothing', async () => {
    const member = await buildMember(t.services, { credits: 10 });
    const moderator = await staffClient(t, 'moderator');
    const refusals: [object, string, string][] = [
      [{ action: 'suspend' }, 'reason', 'required'],
      [{ action: 'suspend', reason: 'ugly' }, 'reason', 'invalid_choice'],
      [{ action: 'lift' }, 'action', 'invalid_choice'],
      [{ action: 'credits', explanation: 'x' }, 'amount', 'required'],
      [{ action: 'credits', amount: 5 }, 'explanation', 'required'],
      [{ action: 'credits', amount: 1.5, explanation: 'x' }, 'amount', 'invalid'],
      [{ action: 'credits', amount: 100_001, explanation: 'x' }, 'amount', 'invalid'],
      [{ action: 'credits', amount: 5, explanation: 'a\u0000b' }, 'explanation', 'control_characters'],
      [{ action: 'delete' }, 'action', 'invalid_choice'],
    ];
    for (const [body, field, code] of refusals) {
      const response = await act(moderator, { member: member.profileId, ...body });
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().fields[field]?.code, JSON.stringify(body)).toBe(code);
    }
    expect((await act(moderator, { member: 999_999, action: 'lift' })).statusCode).toBe(404);
    const after = (await detail(moderator, member.profileId)).json();
    expect(after.credits.balance).toBe(10);
    expect(after.member.suspended_at).toBeNull();
    expect(await auditOf(member.user.id)).toEqual([]);
    expect((await client(t.app).get('/api/staff/members.php?q=a')).statusCode).toBe(403);
  });

  it('resends the activation mail with a working link, in the member’s language; not to an active member', async () => {
    const visitor = client(t.app);
    const body = signupBody({ language: 'nl' });
    expect((await visitor.post('/api/signup.php', body)).statusCode).toBe(200);
    const profileId = (await visitor.get('/api/user.php')).json().user.profile.id as number;
    const mailsBefore = await mailCount(t, body.email);
    const moderator = await staffClient(t, 'moderator');
    const resent = await act(moderator, { member: profileId, action: 'activation' });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(await mailCount(t, body.email)).toBe(mailsBefore + 1);
    const link = linkFrom(await lastMail(t, body.email));
    expect((await client(t.app).get(link.path)).headers.location).toBe('/activate/done');
    const again = await act(moderator, { member: profileId, action: 'activation' });
    expect(again.json().error).toBe('already_activated');
    const rows = await t.db.selectFrom('staff_log').select('action').where('profile_id', '=', profileId).execute();
    expect(rows.map((row) => row.action)).toEqual(['member.activation']);
  });
});

describe('erasing a member', () => {
  const erase = (staff: TestClient, body: object) => staff.post('/api/staff/member-erase.php', body);

  it('erases the account at once for admins: signed out, socket closed, gone from the desk, once of 10', async () => {
    const member = await loggedInMember(t);
    const socket = await openSocket(t.app, member.visitor);
    const admin = await staffClient(t, 'admin');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        erase(admin, { member: member.profileId, explanation: 'Asked us by mail to erase at once.' }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 404)).toHaveLength(9);
    expect((await socket.closed).code).toBe(SESSION_ENDED_CLOSE_CODE);
    expect((await member.visitor.get('/api/user.php')).json()).toEqual({ user: null });
    expect((await detail(admin, member.profileId)).statusCode).toBe(404);
    const user = await t.db.selectFrom('users').select('id').where('id', '=', member.user.id).executeTakeFirst();
    expect(user).toBeUndefined();
    expect(await auditOf(member.user.id)).toEqual([
      {
        action: 'member.erase',
        changes: JSON.stringify({ profile: [member.profileId, null] }),
        reason: 'Asked us by mail to erase at once.',
      },
    ]);
  });

  it('is for admins only, with a reason', async () => {
    const member = await loggedInMember(t);
    const moderator = await staffClient(t, 'moderator');
    for (const profileId of [member.profileId, 999_999]) {
      const refused = await erase(moderator, { member: profileId, explanation: 'x' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBe('forbidden');
    }
    const visitor = await erase(member.visitor, { member: member.profileId, explanation: 'x' });
    expect(visitor.statusCode).toBe(403);
    expect(visitor.json().error).toBe('staff_login_required');
    const admin = await staffClient(t, 'admin');
    const noReason = await erase(admin, { member: member.profileId, explanation: ' ' });
    expect(noReason.json().fields.explanation.code).toBe('required');
    expect((await member.visitor.get('/api/user.php')).json().user).not.toBeNull();
  });
});
