/**
 * Reports and complaints as cases: moderators decide them (open → in review → actioned or
 * dismissed), each side gets a statement of reasons in their language with a link to appeal, a
 * suspension or a ban takes effect at once, and an appeal is reviewed by someone else than who
 * decided. Two moderators deciding one case, or one appeal: one decision stands.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  buildMember,
  buildSite,
  client,
  lastMail,
  loggedIn,
  loggedInMember,
  mailCount,
  signupBody,
  staffClient,
  type TestClient,
  uniqueEmail,
  useTestApp,
} from './helpers.js';

const t = useTestApp({ setup: (t) => buildSite(t.db, { domain: 'elsewhere.test', name: 'Elsewhere' }) });

interface Case {
  id: number;
  kind: 'report' | 'complaint';
  status: string;
  reason: string;
  text: string | null;
  reporter: { profile: { id: number; name: string } | null; name: string; email: string | null };
  subject: { id: number; name: string; hosted: boolean; suspended: boolean } | null;
  reviewer: string | null;
  reviewing_by_me: boolean;
  decision: { measure: string | null; explanation: string | null; by_me: boolean } | null;
  appeals: { id: number; party: string; text: string; outcome: string | null }[];
}

/** A member (in `reporterLanguage`) reports another (in English); answers both and the case. */
async function reportedCase(moderator: TestClient, reporterLanguage: 'en' | 'nl' = 'en') {
  const reporter = await loggedInMember(t);
  await t.services.accounts.setLanguage(reporter.user.id, reporterLanguage);
  const subject = await loggedInMember(t);
  const filed = await reporter.visitor.post('/api/report.php', {
    profile_id: subject.profileId,
    reason: 'scam',
    comment: 'Asked me for money for a plane ticket.',
  });
  expect(filed.statusCode, filed.body).toBe(200);
  const found = (await cases(moderator)).find((each) => each.subject?.id === subject.profileId);
  if (!found) throw new Error('the report is not in the queue');
  return { reporter, subject, found };
}

async function cases(staff: TestClient, query = '') {
  const response = await staff.get(`/api/staff/cases.php${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { cases: Case[] }).cases;
}

async function caseById(staff: TestClient, id: number, view = 'waiting') {
  return (await cases(staff, `?view=${view}`)).find((each) => each.id === id);
}

const decide = (staff: TestClient, body: object) => staff.post('/api/staff/case-decision.php', body);
const reviewAppeal = (staff: TestClient, body: object) => staff.post('/api/staff/appeal-decision.php', body);

/** The appeal link's secret in the last mail to `email`. */
async function appealToken(email: string): Promise<string> {
  const mail = await lastMail(t, email);
  const token = mail?.text.match(/\/appeal\/([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no appeal link mailed to ${email}: ${mail?.text}`);
  return token;
}

const auditOf = (caseId: number) =>
  t.db
    .selectFrom('staff_log')
    .select(['action', 'changes', 'reason'])
    .where('record', '=', `case:${caseId}`)
    .orderBy('id')
    .execute();

describe('the case queue', () => {
  it("shows a member's report to moderators as a waiting case, and to no one else", async () => {
    const moderator = await staffClient(t, 'moderator');
    const { reporter, subject, found } = await reportedCase(moderator);
    expect(found).toMatchObject({
      kind: 'report',
      status: 'open',
      reason: 'scam',
      text: 'Asked me for money for a plane ticket.',
      reporter: { profile: { id: reporter.profileId }, email: null },
      subject: { id: subject.profileId, hosted: false, suspended: false },
      reviewer: null,
      decision: null,
    });
    const operator = await staffClient(t, 'operator');
    expect((await operator.get('/api/staff/cases.php')).json()).toMatchObject({ error: 'forbidden' });
    expect((await reporter.visitor.get('/api/staff/cases.php')).statusCode).toBe(403);
    expect(
      (await operator.post('/api/staff/case-decision.php', { case: found.id, decision: 'dismissed' })).statusCode,
    ).toBe(403);
    expect((await caseById(moderator, found.id))?.status).toBe('open');
  });

  it("shows a complaint's address to admins only", async () => {
    const email = uniqueEmail('complainant');
    const filed = await client(t.app).post('/api/complaints.php', {
      name: 'Eva',
      email,
      category: 'member',
      message: 'Someone keeps writing to me after I said no.',
      client_id: randomUUID(),
    });
    expect(filed.statusCode).toBe(200);
    const admin = await staffClient(t, 'admin');
    const moderator = await staffClient(t, 'moderator');
    const byAdmin = (await cases(admin, '?kind=complaint')).find(
      (each) => each.reporter.name === 'Eva' && each.reporter.email === email,
    );
    expect(byAdmin).toMatchObject({ kind: 'complaint', reason: 'member', subject: null });
    expect((await caseById(moderator, byAdmin?.id ?? 0))?.reporter).toEqual({
      profile: null,
      name: 'Eva',
      email: null,
    });
  });

  it('takes a case in review, which colleagues see', async () => {
    const moderator = await staffClient(t, 'moderator');
    const colleague = await staffClient(t, 'moderator');
    const { found } = await reportedCase(moderator);
    expect((await moderator.post('/api/staff/case-review.php', { case: found.id })).statusCode).toBe(200);
    expect(await caseById(moderator, found.id)).toMatchObject({ status: 'in_review', reviewing_by_me: true });
    expect(await caseById(colleague, found.id)).toMatchObject({ status: 'in_review', reviewing_by_me: false });
    expect((await colleague.post('/api/staff/case-review.php', { case: 999_999 })).statusCode).toBe(404);
  });
});

describe('deciding a case', () => {
  it('suspends the reported member at once and mails both sides a statement of reasons in their language', async () => {
    const moderator = await staffClient(t, 'moderator');
    const { reporter, subject, found } = await reportedCase(moderator, 'nl');
    const bystander = await loggedInMember(t);
    expect((await bystander.visitor.get(`/api/member.php?id=${subject.profileId}`)).statusCode).toBe(200);

    const decided = await decide(moderator, {
      case: found.id,
      decision: 'actioned',
      measure: 'suspension',
      explanation: 'Three members told us the same story.',
    });
    expect(decided.statusCode, decided.body).toBe(200);

    // The session is gone, the password no longer signs in, and the profile is hidden.
    expect((await subject.visitor.get('/api/user.php')).json().user).toBeNull();
    const again = await client(t.app).post('/api/user.php', { email: subject.email, password: subject.password });
    expect(again.statusCode).toBe(403);
    expect(again.json().error).toBe('account_suspended');
    expect((await bystander.visitor.get(`/api/member.php?id=${subject.profileId}`)).statusCode).toBe(404);

    const toReporter = await lastMail(t, reporter.email);
    expect(toReporter?.subject).toContain('melding');
    expect(toReporter?.text).toContain(subject.name);
    expect(toReporter?.text).toContain('Three members told us the same story.');
    expect(toReporter?.text).toMatch(/\/appeal\/[A-Za-z0-9_-]+/);
    const toSubject = await lastMail(t, subject.email);
    expect(toSubject?.text).toContain('Your account is suspended');
    expect(toSubject?.text).toContain('not by an automated system');

    expect(await caseById(moderator, found.id, 'decided')).toMatchObject({
      status: 'actioned',
      subject: { suspended: true },
      decision: { measure: 'suspension', by_me: true },
    });
    expect(await auditOf(found.id)).toEqual([
      {
        action: 'case.decide',
        changes: JSON.stringify({ status: ['open', 'actioned'], measure: [null, 'suspension'] }),
        reason: 'Three members told us the same story.',
      },
    ]);
  });

  it('dismisses a report: only who reported is told, and nothing happens to the member', async () => {
    const moderator = await staffClient(t, 'moderator');
    const { reporter, subject, found } = await reportedCase(moderator);
    expect((await decide(moderator, { case: found.id, decision: 'dismissed' })).statusCode).toBe(200);
    expect((await lastMail(t, reporter.email))?.text).toContain('we are not taking action');
    expect(await mailCount(t, subject.email)).toBe(0);
    expect((await subject.visitor.get('/api/user.php')).json().user).not.toBeNull();
  });

  it('bans: the address cannot sign up on the site again', async () => {
    const moderator = await staffClient(t, 'moderator');
    const { subject, found } = await reportedCase(moderator);
    expect((await decide(moderator, { case: found.id, decision: 'actioned', measure: 'ban' })).statusCode).toBe(200);
    const signup = await client(t.app).post('/api/signup.php', signupBody({ email: subject.email.toUpperCase() }));
    expect(signup.statusCode).toBe(422);
    expect(signup.json().fields.email.code).toBe('email_banned');
  });

  it('refuses a bad decision with the field and changes nothing', async () => {
    const moderator = await staffClient(t, 'moderator');
    const { found } = await reportedCase(moderator);
    const refusals: [object, string, string][] = [
      [{ decision: 'actioned' }, 'measure', 'required'],
      [{ decision: 'actioned', measure: 'resolved' }, 'measure', 'invalid_choice'],
      [{ decision: 'dismissed', measure: 'warning' }, 'measure', 'invalid_choice'],
      [{ decision: 'maybe' }, 'decision', 'invalid_choice'],
      [{ decision: 'dismissed', explanation: 'x'.repeat(2001) }, 'explanation', 'too_long'],
      [{ decision: 'dismissed', explanation: 'null\u0000byte' }, 'explanation', 'control_characters'],
    ];
    for (const [body, field, code] of refusals) {
      const response = await decide(moderator, { case: found.id, ...body });
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().fields[field]?.code, JSON.stringify(body)).toBe(code);
    }
    expect((await decide(moderator, { case: 999_999, decision: 'dismissed' })).statusCode).toBe(404);
    expect(await caseById(moderator, found.id)).toMatchObject({ status: 'open', decision: null });
    expect(await auditOf(found.id)).toEqual([]);
  });

  it('of 20 decisions sent at once by two moderators, one stands and is mailed once', async () => {
    const [first, second] = [await staffClient(t, 'moderator'), await staffClient(t, 'moderator')];
    const { reporter, subject, found } = await reportedCase(first);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        decide(i % 2 ? first : second, {
          case: found.id,
          decision: 'actioned',
          measure: i % 3 ? 'warning' : 'suspension',
        }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.json().error === 'already_decided')).toHaveLength(19);
    expect(await mailCount(t, reporter.email)).toBe(1);
    expect(await mailCount(t, subject.email)).toBe(1);
    expect((await auditOf(found.id)).filter((row) => row.action === 'case.decide')).toHaveLength(1);
  });

  it("decides a complaint: resolved, mailed to the complaint's address in its language", async () => {
    const email = uniqueEmail('klager');
    await client(t.app, { cookies: { lang: 'nl' } }).post('/api/complaints.php', {
      name: 'Joost',
      email,
      category: 'payment',
      message: 'Ik heb twee keer betaald.',
      client_id: randomUUID(),
    });
    const moderator = await staffClient(t, 'moderator');
    const found = (await cases(moderator, '?kind=complaint')).find((each) => each.text === 'Ik heb twee keer betaald.');
    expect(found).toBeDefined();
    const suspend = await decide(moderator, { case: found?.id, decision: 'actioned', measure: 'suspension' });
    expect(suspend.json().fields.measure.code).toBe('invalid_choice');
    expect((await decide(moderator, { case: found?.id, decision: 'actioned', measure: 'resolved' })).statusCode).toBe(
      200,
    );
    const mail = await lastMail(t, email);
    expect(mail?.subject).toContain('klacht');
    expect(mail?.text).toMatch(/\/appeal\/[A-Za-z0-9_-]+/);
  });
});

describe('appeals', () => {
  it('a suspended member appeals once; a colleague reverses the decision and the member is back', async () => {
    const moderator = await staffClient(t, 'moderator');
    const { subject, found } = await reportedCase(moderator);
    await decide(moderator, { case: found.id, decision: 'actioned', measure: 'suspension' });
    const token = await appealToken(subject.email);
    const visitor = client(t.app);

    const view = await visitor.get(`/api/appeal.php?token=${token}`);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().appeal).toMatchObject({
      kind: 'report',
      party: 'subject',
      decision: 'suspension',
      may_appeal: true,
    });
    expect((await visitor.get(`/api/appeal.php?token=${'x'.repeat(43)}`)).statusCode).toBe(404);
    expect((await visitor.post('/api/appeal.php', { token, text: '' })).json().fields.text.code).toBe('required');

    // Sent 20 times at once (from 20 addresses, past the rate limit): filed once, one text kept.
    const sends = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        client(t.app).post('/api/appeal.php', { token, text: i === 0 ? 'It was a misunderstanding.' : `Copy ${i}` }),
      ),
    );
    const filed = sends.find((send) => send.statusCode === 200);
    expect(sends.filter((send) => send.statusCode === 200)).toHaveLength(1);
    expect(sends.filter((send) => send.json().error === 'appeal_closed')).toHaveLength(19);
    const text = filed?.json().appeal.text as string;
    const twice = await visitor.post('/api/appeal.php', { token, text: 'Again.' });
    expect(twice.statusCode).toBe(410);
    expect(twice.json().error).toBe('appeal_closed');

    const appealed = await caseById(moderator, found.id, 'appealed');
    const appealId = appealed?.appeals[0]?.id;
    expect(appealed?.appeals).toEqual([expect.objectContaining({ party: 'subject', text, outcome: null })]);
    const own = await reviewAppeal(moderator, { appeal: appealId, outcome: 'reversed' });
    expect(own.statusCode).toBe(403);
    expect(own.json().error).toBe('appeal_own_decision');

    const colleagues = [await staffClient(t, 'moderator'), await staffClient(t, 'admin')];
    const reviews = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        reviewAppeal(colleagues[i % 2] as TestClient, {
          appeal: appealId,
          outcome: 'reversed',
          explanation: 'The messages show no request for money.',
        }),
      ),
    );
    expect(reviews.filter((review) => review.statusCode === 200)).toHaveLength(1);
    expect(reviews.filter((review) => review.json().error === 'already_decided')).toHaveLength(9);

    expect((await lastMail(t, subject.email))?.text).toContain('The messages show no request for money.');
    const back = await loggedIn(t.app, subject);
    expect((await back.get('/api/user.php')).json().user.id).toBe(subject.user.id);
    expect(await caseById(moderator, found.id, 'decided')).toMatchObject({
      status: 'dismissed',
      subject: { suspended: false },
      appeals: [expect.objectContaining({ outcome: 'reversed' })],
    });
    expect((await visitor.get(`/api/appeal.php?token=${token}`)).json().appeal).toMatchObject({ outcome: 'reversed' });
  });

  it("a reporter's appeal against a dismissal, reversed, puts the case back in the queue", async () => {
    const moderator = await staffClient(t, 'moderator');
    const { reporter, found } = await reportedCase(moderator);
    await decide(moderator, { case: found.id, decision: 'dismissed' });
    const token = await appealToken(reporter.email);
    await client(t.app).post('/api/appeal.php', { token, text: 'Look at the messages again, please.' });
    const appeal = (await caseById(moderator, found.id, 'appealed'))?.appeals[0];
    const admin = await staffClient(t, 'admin');
    expect((await reviewAppeal(admin, { appeal: appeal?.id, outcome: 'reversed' })).statusCode).toBe(200);
    expect(await caseById(moderator, found.id)).toMatchObject({ status: 'open', decision: null });
  });

  it('an appeal link works only on its own site', async () => {
    const moderator = await staffClient(t, 'moderator');
    const { reporter, found } = await reportedCase(moderator);
    await decide(moderator, { case: found.id, decision: 'dismissed' });
    const token = await appealToken(reporter.email);
    const elsewhere = client(t.app, { host: 'elsewhere.test' });
    expect((await elsewhere.get(`/api/appeal.php?token=${token}`)).statusCode).toBe(404);
    expect((await elsewhere.post('/api/appeal.php', { token, text: 'Hello' })).statusCode).toBe(404);
    expect((await client(t.app).get(`/api/appeal.php?token=${token}`)).json().appeal.may_appeal).toBe(true);
  });
});

describe('who may decide', () => {
  it('refuses a member cookie and operators on every case call', async () => {
    const member = await buildMember(t.services);
    const visitor = await loggedIn(t.app, member);
    const operator = await staffClient(t, 'operator');
    for (const caller of [visitor, operator]) {
      expect((await caller.post('/api/staff/case-review.php', { case: 1 })).statusCode).toBe(403);
      expect((await caller.post('/api/staff/appeal-decision.php', { appeal: 1, outcome: 'upheld' })).statusCode).toBe(
        403,
      );
    }
  });
});
