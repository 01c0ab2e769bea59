/**
 * A staff action's audit row is written in the transaction of the change it tells of (issue 48), on
 * the desks over cases, photos and members and in the operators' inbox and hosted profiles: while
 * the audit log cannot be written each call fails and changes nothing; with the log back the same
 * call succeeds, and its row is there.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  buildMember,
  buildPhotos,
  changeAccount,
  client,
  lastMail,
  loggedIn,
  loggedInMember,
  mailCount,
  makePremium,
  multipartFile,
  type Response,
  staffClient,
  testPhoto,
  useTestApp,
} from './helpers.js';

const t = useTestApp();

const auditRows = async (action: string) =>
  Number(
    (
      await t.db
        .selectFrom('staff_log')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('action', '=', action)
        .executeTakeFirstOrThrow()
    ).n,
  );

/**
 * `call` with the audit log away answers 500 and leaves what `state` reads as it was; with the log
 * back the same call succeeds, changes it, and writes one `action` row. Returns the answer.
 */
async function atomic(action: string, call: () => Promise<Response>, state: () => Promise<unknown>) {
  const [before, rows] = [await state(), await auditRows(action)];
  await sql`alter table staff_log rename to staff_log_away`.execute(t.db);
  let refused: Response;
  try {
    refused = await call();
  } finally {
    await sql`alter table staff_log_away rename to staff_log`.execute(t.db);
  }
  expect(refused.statusCode, `${action}: ${refused.body}`).toBe(500);
  expect(await state(), action).toEqual(before);
  const done = await call();
  expect(done.statusCode, `${action}: ${done.body}`).toBe(200);
  expect(await state(), action).not.toEqual(before);
  expect(await auditRows(action), action).toBe(rows + 1);
  return done;
}

const accountOf = (userId: number) =>
  t.db.selectFrom('users').select(['suspension', 'suspended_at', 'status']).where('id', '=', userId).executeTakeFirst();

const personaOf = (profileId: number) =>
  t.db.selectFrom('staff_personas').selectAll().where('profile_id', '=', profileId).executeTakeFirst();

const FACTS = { job: 'Florist', town: 'Haarlem', family: '', pets: 'A cat, Miep', hobbies: '', story: '' };

describe('the case desk', () => {
  it('takes a case in review, decides it with a suspension and reverses it on appeal, each with its audit row', async () => {
    const moderator = await staffClient(t, 'moderator');
    const reporter = await loggedInMember(t);
    const subject = await loggedInMember(t);
    const filed = await reporter.visitor.post('/api/report.php', { profile_id: subject.profileId, reason: 'scam' });
    expect(filed.statusCode, filed.body).toBe(200);
    const { id } = await t.db
      .selectFrom('moderation_cases')
      .select('id')
      .where('subject_profile_id', '=', subject.profileId)
      .executeTakeFirstOrThrow();
    const theCase = () =>
      t.db
        .selectFrom('moderation_cases')
        .select(['status', 'reviewer_id', 'measure'])
        .where('id', '=', id)
        .executeTakeFirst();
    const caseAndAccount = async () => [await theCase(), await accountOf(subject.user.id)];

    await atomic('case.review', () => moderator.post('/api/staff/case-review.php', { case: id }), theCase);
    const decision = { case: id, decision: 'actioned', measure: 'suspension', explanation: 'Asked for money.' };
    await atomic('case.decide', () => moderator.post('/api/staff/case-decision.php', decision), caseAndAccount);

    const token = (await lastMail(t, subject.email))?.text.match(/\/appeal\/([A-Za-z0-9_-]+)/)?.[1];
    const appealed = await client(t.app).post('/api/appeal.php', { token, text: 'It was a misunderstanding.' });
    expect(appealed.statusCode, appealed.body).toBe(200);
    const appeal = await t.db
      .selectFrom('moderation_appeals')
      .select('id')
      .where('case_id', '=', id)
      .where('party', '=', 'subject')
      .executeTakeFirstOrThrow();
    const appealAndAccount = async () => [
      await t.db.selectFrom('moderation_appeals').select('outcome').where('id', '=', appeal.id).executeTakeFirst(),
      ...(await caseAndAccount()),
    ];
    const colleague = await staffClient(t, 'moderator');
    const review = { appeal: appeal.id, outcome: 'reversed' };
    await atomic('appeal.decide', () => colleague.post('/api/staff/appeal-decision.php', review), appealAndAccount);
    expect(await accountOf(subject.user.id)).toMatchObject({ suspension: null });
  });
});

describe('the photo desk', () => {
  it('approves and rejects a photo with its audit row', async () => {
    const moderator = await staffClient(t, 'moderator');
    const member = await buildMember(t.services);
    const [approved, rejected] = (await buildPhotos(t.services, member, 2)) as [number, number];
    await t.db.updateTable('photos').set({ status: 'pending' }).where('profile_id', '=', member.profileId).execute();
    const photo = (id: number) => () =>
      t.db.selectFrom('photos').select(['status', 'rejection']).where('id', '=', id).executeTakeFirst();
    const decide = (body: object) => () => moderator.post('/api/staff/photos.php', body);

    await atomic('photo.approve', decide({ photos: [approved], decision: 'approve' }), photo(approved));
    await atomic(
      'photo.reject',
      decide({ photos: [rejected], decision: 'reject', rejection: 'no_face' }),
      photo(rejected),
    );
  });
});

describe('the member desk', () => {
  it('suspends, lifts, bans, adjusts credits and resends the activation mail, each with its audit row', async () => {
    const moderator = await staffClient(t, 'moderator');
    const member = await buildMember(t.services, { credits: 10 });
    const act = (body: object) => () =>
      moderator.post('/api/staff/member-action.php', { member: member.profileId, ...body });
    const standing = async () => [
      await accountOf(member.user.id),
      (
        await t.db
          .selectFrom('moderation_cases')
          .select('id')
          .where('subject_profile_id', '=', member.profileId)
          .execute()
      ).length,
    ];

    await atomic('member.suspend', act({ action: 'suspend', reason: 'fake', explanation: 'A model.' }), standing);
    await atomic('member.lift', act({ action: 'lift', explanation: 'Proved it is them.' }), standing);
    await atomic('member.ban', act({ action: 'ban', reason: 'scam' }), standing);
    await atomic('member.lift', act({ action: 'lift' }), standing);
    await atomic('member.credits', act({ action: 'credits', amount: 5, explanation: 'Goodwill.' }), () =>
      t.services.credits.balance(member.user.id),
    );

    await changeAccount(t, member.user, { status: 'not_confirmed' });
    const links = async () => [
      (await t.db.selectFrom('account_tokens').select('token_hash').where('user_id', '=', member.user.id).execute())
        .length,
      await mailCount(t, member.email),
    ];
    await atomic('member.activation', act({ action: 'activation' }), links);
  });

  it("erases a member's account with its audit row", async () => {
    const admin = await staffClient(t, 'admin');
    const member = await loggedInMember(t);
    const body = { member: member.profileId, explanation: 'Asked us by mail to erase at once.' };
    await atomic(
      'member.erase',
      () => admin.post('/api/staff/member-erase.php', body),
      () => accountOf(member.user.id),
    );
    expect(await accountOf(member.user.id)).toBeUndefined();
  });
});

/** A premium member who wrote to a new hosted profile; the conversation waits for an answer. */
async function memberWritingToHosted() {
  const member = await buildMember(t.services, { credits: 1000, freeMessages: 0 });
  await makePremium(t, member);
  const visitor = await loggedIn(t.app, member);
  const hosted = await t.services.members.createHostedProfile({
    site_id: t.site.id,
    name: `Hosted ${randomUUID().slice(0, 6)}`,
    date_of_birth: '1992-05-01',
  });
  const sent = await visitor.post('/api/chat.php', { client_id: randomUUID(), profile_id: hosted.id, text: 'Hoi!' });
  expect(sent.statusCode, sent.body).toBe(200);
  return { member, hostedId: hosted.id, conversation: sent.json().conversation as number };
}

describe('the operators', () => {
  it('claim, answer, grant private photos, note, edit the persona and release, each with its audit row', async () => {
    const operator = await staffClient(t, 'operator');
    const { member, hostedId, conversation } = await memberWritingToHosted();
    const claims = () =>
      t.db.selectFrom('operator_claims').select('staff_id').where('conversation_id', '=', conversation).execute();
    const messages = () =>
      t.db.selectFrom('messages').select(['id', 'kind']).where('conversation_id', '=', conversation).execute();
    const grants = async () => [
      await messages(),
      await t.db
        .selectFrom('private_photo_access')
        .selectAll()
        .where('owner_profile_id', '=', hostedId)
        .where('viewer_profile_id', '=', member.profileId)
        .execute(),
    ];
    const notes = () =>
      t.db.selectFrom('staff_notes').select('text').where('profile_id', '=', member.profileId).execute();

    await atomic('claim', () => operator.post('/api/staff/claim.php', { conversation }), claims);
    const answer = { conversation, client_id: randomUUID(), text: 'Hi! Yes, a person answers here.' };
    await atomic('answer', () => operator.post('/api/staff/answer.php', answer), messages);
    const grant = { conversation, action: 'grant' };
    await atomic('private_photos.grant', () => operator.post('/api/staff/private-photos.php', grant), grants);
    const note = { conversation, text: 'Likes cycling.' };
    await atomic('note', () => operator.post('/api/staff/note.php', note), notes);
    const persona = { conversation, version: 0, facts: FACTS };
    await atomic(
      'persona.edit',
      () => operator.put('/api/staff/persona.php', persona),
      () => personaOf(hostedId),
    );
    await atomic('release', () => operator.post('/api/staff/release.php', { conversation }), claims);
  });

  it('add, change, retire and restore a hosted profile and its photos and persona, each with its audit row', async () => {
    const admin = await staffClient(t, 'admin');
    const hostedCount = async () =>
      (await t.db.selectFrom('profiles').select('id').where('hosted', '=', 1).execute()).length;
    const newProfile = { site: t.site.id, name: 'Lotte', date_of_birth: '1994-03-12', gender: 'female' };
    const added = await atomic('hosted.add', () => admin.post('/api/staff/hosted.php', newProfile), hostedCount);
    const id = added.json().profile.id as number;
    const profile = () =>
      t.db.selectFrom('profiles').select(['about', 'status']).where('id', '=', id).executeTakeFirst();

    const change = { id, about: 'Loves long walks on the beach at Zandvoort.' };
    await atomic('hosted.change', () => admin.put('/api/staff/hosted.php', change), profile);
    const status = (value: string) => () => admin.post('/api/staff/hosted-status.php', { id, status: value });
    await atomic('hosted.retire', status('retired'), profile);
    await atomic('hosted.restore', status('active'), profile);

    const photos = () =>
      t.db.selectFrom('photos').select(['id', 'premium_only']).where('profile_id', '=', id).execute();
    const { payload, headers } = multipartFile(await testPhoto());
    const upload = () => admin.post(`/api/staff/hosted-photo.php?profile=${id}`, payload, { headers });
    await atomic('hosted.photo.add', upload, photos);
    const [photo] = await photos();
    const premium = { profile: id, photo: photo?.id, premium_only: true };
    await atomic('hosted.photo.change', () => admin.put('/api/staff/hosted-photo.php', premium), photos);
    const removal = { profile: id, photo: photo?.id };
    await atomic('hosted.photo.remove', () => admin.delete('/api/staff/hosted-photo.php', removal), photos);

    const persona = { profile: id, version: 0, facts: FACTS };
    await atomic(
      'persona.edit',
      () => admin.put('/api/staff/hosted-persona.php', persona),
      () => personaOf(id),
    );
  });
});
