/**
 * The operator inbox: a member who writes to a hosted profile is answered by a person, who claims
 * the conversation (exclusively, for a few idle minutes), sees what staff may see, answers as the
 * profile, and leaves a trail in the staff log.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEMO_OPERATOR } from '../src/demo/seed.js';
import { CLAIM_MINUTES } from '../src/operators/inbox.js';
import {
  buildMember,
  buildPhotos,
  client,
  loggedIn,
  makePremium,
  multipartFile,
  staffClient,
  type TestClient,
  testPhoto,
  useTestApp,
  withFields,
} from './helpers.js';
import { openSocket } from './sockets.js';

const t = useTestApp();

const operator = () => staffClient(t, 'operator');

/** A member who wrote to a new hosted profile (with two gallery photos); the conversation waits. */
async function memberWritingToHosted(
  text = 'Hello, are you real?',
  { language, country }: { language?: 'nl'; country?: string } = {},
) {
  const built = await buildMember(t.services, { credits: 1000, freeMessages: 0, language });
  if (country) await t.db.updateTable('profiles').set({ country }).where('id', '=', built.profileId).execute();
  await makePremium(t, built);
  const visitor = await loggedIn(t.app, built);
  const hosted = await t.services.members.createHostedProfile({
    site_id: t.site.id,
    name: `Hosted ${randomUUID().slice(0, 6)}`,
    date_of_birth: '1992-05-01',
  });
  await buildPhotos(t.services, { ...built, profileId: hosted.id }, 2);
  const response = await visitor.post('/api/chat.php', { client_id: randomUUID(), profile_id: hosted.id, text });
  expect(response.statusCode, response.body).toBe(200);
  return { member: { ...built, visitor }, hostedId: hosted.id, conversation: response.json().conversation as number };
}

async function inboxOf(staff: TestClient) {
  const response = await staff.get('/api/staff/inbox.php');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().conversations as { conversation: number; claimed_by: string | null; member: { id: number } }[];
}

describe('staff sign-in', () => {
  it('keeps the staff API to signed-in staff, apart from member sessions', async () => {
    expect((await client(t.app).get('/api/staff/inbox.php')).json()).toMatchObject({ error: 'staff_login_required' });
    const member = await buildMember(t.services);
    const asMember = await loggedIn(t.app, member);
    expect((await asMember.get('/api/staff/inbox.php')).statusCode).toBe(403);
    const wrong = await client(t.app).post('/api/staff/login.php', { email: DEMO_OPERATOR.email, password: 'nope' });
    expect(wrong.statusCode).toBe(401);
    // A member's credentials are not staff credentials.
    const asStaff = await client(t.app).post('/api/staff/login.php', {
      email: member.email,
      password: member.password,
    });
    expect(asStaff.statusCode).toBe(401);

    const demo = client(t.app);
    expect((await demo.post('/api/staff/login.php', DEMO_OPERATOR)).statusCode).toBe(200);
    expect((await demo.get('/api/staff/me.php')).json().staff).toMatchObject({
      email: DEMO_OPERATOR.email,
      role: 'operator',
    });
    await demo.post('/api/staff/logout.php');
    expect((await demo.get('/api/staff/inbox.php')).statusCode).toBe(403);
  });
});

describe('the operator inbox', () => {
  it('lists waiting conversations oldest first, with the member’s language, country and time zone, never the email', async () => {
    const staff = await operator();
    const first = await memberWritingToHosted('Hoi!', { language: 'nl', country: 'BE' });
    t.clock.advance({ minutes: 1 });
    const second = await memberWritingToHosted();
    const ids = (await inboxOf(staff)).map((entry) => entry.conversation);
    expect(ids.indexOf(first.conversation)).toBeLessThan(ids.indexOf(second.conversation));
    const inbox = await staff.get('/api/staff/inbox.php');
    expect(inbox.body).not.toContain(first.member.email);
    expect(inbox.json().refreshed_at).toBe(t.clock.now().toISOString());
    const entry = inbox
      .json()
      .conversations.find((each: { conversation: number }) => each.conversation === first.conversation);
    expect(entry.member).toEqual({
      id: first.member.profileId,
      name: first.member.name,
      language: 'nl',
      country: 'BE',
      time_zone: 'Europe/Brussels',
    });
  });

  it('holds an operator to their capacity, even claiming ten at once; an admin sets it', async () => {
    const admin = await staffClient(t, 'admin');
    const staff = await operator();
    const id = (await t.services.staff.byEmail(staff.email))?.id;
    expect((await staff.put('/api/staff/team.php', { id, capacity: 10 })).statusCode).toBe(403);
    for (const capacity of [0, 51, 2.5, 'three']) {
      expect((await admin.put('/api/staff/team.php', { id, capacity })).statusCode, String(capacity)).toBe(422);
    }
    const set = await admin.put('/api/staff/team.php', { id, capacity: 3 });
    expect(set.json()).toMatchObject({ staff: { capacity: 3 } });

    const conversations = await Promise.all(Array.from({ length: 10 }, () => memberWritingToHosted()));
    const claims = await Promise.all(
      conversations.map(({ conversation }) => staff.post('/api/staff/claim.php', { conversation })),
    );
    expect(claims.filter((claim) => claim.statusCode === 200)).toHaveLength(3);
    const refused = claims.find((claim) => claim.statusCode === 409);
    expect(refused?.json()).toMatchObject({ error: 'claim_capacity' });
    expect(refused?.json().message).toContain('3');
    // Claiming one held already renews it; releasing one makes room.
    const held = conversations.filter((_, index) => claims[index]?.statusCode === 200);
    expect((await staff.post('/api/staff/claim.php', { conversation: held[0]?.conversation })).statusCode).toBe(200);
    const waiting = conversations.find((_, index) => claims[index]?.statusCode !== 200);
    expect((await staff.post('/api/staff/claim.php', { conversation: waiting?.conversation })).statusCode).toBe(409);
    await staff.post('/api/staff/release.php', { conversation: held[0]?.conversation });
    expect((await staff.post('/api/staff/claim.php', { conversation: waiting?.conversation })).statusCode).toBe(200);
  });

  it('claims nothing for an operator who is away, until they are available again; logged', async () => {
    const staff = await operator();
    const { conversation } = await memberWritingToHosted();
    const away = await staff.post('/api/staff/status.php', { away: true });
    expect(away.json()).toMatchObject({ staff: { away: true } });
    expect((await staff.get('/api/staff/me.php')).json().staff).toMatchObject({ away: true });
    const refused = await staff.post('/api/staff/claim.php', { conversation });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'staff_away' });
    expect((await staff.post('/api/staff/status.php', { away: 'yes' })).statusCode).toBe(422);
    await staff.post('/api/staff/status.php', { away: false });
    expect((await staff.post('/api/staff/claim.php', { conversation })).statusCode).toBe(200);
    const id = (await t.services.staff.byEmail(staff.email))?.id;
    const log = await t.db
      .selectFrom('staff_log')
      .select('action')
      .where('record', '=', `staff:${id}`)
      .orderBy('id')
      .execute();
    expect(log.map((row) => row.action)).toEqual(['status.away', 'status.available']);
  });

  it('gives a conversation to one of two operators claiming at once, until the claim idles out', async () => {
    const [olivia, otto] = [await operator(), await operator()];
    const { conversation } = await memberWritingToHosted();
    const [a, b] = await Promise.all([
      olivia.post('/api/staff/claim.php', { conversation }),
      otto.post('/api/staff/claim.php', { conversation }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const [winner, loser] = a.statusCode === 200 ? [olivia, otto] : [otto, olivia];
    expect((a.statusCode === 409 ? a : b).json()).toMatchObject({ error: 'claim_taken' });
    expect((await loser.get(`/api/staff/conversation.php?conversation=${conversation}`)).json()).toMatchObject({
      error: 'claim_required',
    });
    expect((await loser.post('/api/staff/answer.php', { conversation, text: 'Me too' })).statusCode).toBe(409);
    expect((await inboxOf(loser)).find((entry) => entry.conversation === conversation)?.claimed_by).toMatch(/Operator/);

    t.clock.advance({ minutes: CLAIM_MINUTES + 1 });
    expect((await loser.post('/api/staff/claim.php', { conversation })).statusCode).toBe(200);
    expect((await winner.post('/api/staff/answer.php', { conversation, text: 'Late' })).statusCode).toBe(409);
  });

  it('shows the claiming operator the history, the member’s public profile, the gallery and notes, never the email', async () => {
    const staff = await operator();
    const { conversation, member, hostedId } = await memberWritingToHosted('First words');
    await staff.post('/api/staff/claim.php', { conversation });
    const note = await staff.post('/api/staff/note.php', {
      conversation,
      text: 'Likes cycling; asked if we are real.',
    });
    expect(note.statusCode).toBe(200);
    const view = await staff.get(`/api/staff/conversation.php?conversation=${conversation}`);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({
      awaiting: true,
      messages: [{ text: 'First words', from_me: false }],
      member: { id: member.profileId, name: member.name },
      hosted: { id: hostedId, hosted: true },
      notes: [{ text: 'Likes cycling; asked if we are real.' }],
    });
    expect(view.json().hosted.photos).toHaveLength(2);
    expect(view.body).not.toContain(member.email);
    // Notes are for staff: the member's own view of the conversation has none of them.
    const own = await member.visitor.get(`/api/chat.php?conversation=${conversation}`);
    expect(own.body).not.toContain('cycling');
  });

  it("shows the operator holding a conversation the member's photo messages and both profiles' photos, nobody else", async () => {
    const [holder, colleague, moderator] = [await operator(), await operator(), await staffClient(t, 'moderator')];
    const { conversation, member, hostedId } = await memberWritingToHosted();
    const upload = multipartFile(await testPhoto());
    const sent = await member.visitor.post(
      '/api/chat.php',
      withFields(upload, { client_id: randomUUID(), conversation: String(conversation) }),
      { headers: upload.headers },
    );
    expect(sent.statusCode, sent.body).toBe(200);
    const memberPhotos = await buildPhotos(t.services, member, 2);
    await holder.post('/api/staff/claim.php', { conversation });
    const view = (await holder.get(`/api/staff/conversation.php?conversation=${conversation}`)).json();
    const photoMessage = view.messages.find((message: { kind: string }) => message.kind === 'photo');
    expect(photoMessage.photo.url).toMatch(/^\/api\/staff\/media\/c\/\d+\/[0-9a-f]{32}\.webp$/);
    const file = await holder.get(photoMessage.photo.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('private, no-store');
    // Every photo of both profiles, through the same path.
    expect(view.member.photos).toHaveLength(memberPhotos.length);
    for (const photo of [...view.member.photos, ...view.hosted.photos]) {
      expect((await holder.get(`/api/staff/media/${photo.thumb_filename}`)).statusCode).toBe(200);
    }
    expect(view.hosted.id).toBe(hostedId);

    // A colleague who does not hold it, a moderator (no inbox), a member: no chat photo.
    expect((await colleague.get(photoMessage.photo.url)).statusCode).toBe(404);
    expect((await moderator.get(photoMessage.photo.url)).statusCode).toBe(403);
    expect((await member.visitor.get(photoMessage.photo.url)).statusCode).toBe(403);
    // Idled out, the claim shows nothing more; claimed again, it does; released, it is the next holder's.
    t.clock.advance({ minutes: CLAIM_MINUTES + 1 });
    expect((await holder.get(photoMessage.photo.url)).statusCode).toBe(404);
    expect((await holder.post('/api/staff/claim.php', { conversation })).statusCode).toBe(200);
    expect((await holder.get(photoMessage.photo.url)).statusCode).toBe(200);
    await holder.post('/api/staff/release.php', { conversation });
    expect((await holder.get(photoMessage.photo.url)).statusCode).toBe(404);
  });

  it('keeps a persona sheet per hosted profile beside each conversation; of two edits from one version the second is told', async () => {
    const [olivia, otto] = [await operator(), await operator()];
    const first = await memberWritingToHosted();
    // A second member writes to the same hosted profile: another conversation, another operator.
    const other = await buildMember(t.services, { credits: 1000, freeMessages: 0 });
    await makePremium(t, other);
    const otherVisitor = await loggedIn(t.app, other);
    const second = (
      await otherVisitor.post('/api/chat.php', { client_id: randomUUID(), profile_id: first.hostedId, text: 'Hi' })
    ).json().conversation as number;
    await olivia.post('/api/staff/claim.php', { conversation: first.conversation });
    await otto.post('/api/staff/claim.php', { conversation: second });

    const blank = (await olivia.get(`/api/staff/conversation.php?conversation=${first.conversation}`)).json().persona;
    expect(blank).toEqual({
      job: '',
      town: '',
      family: '',
      pets: '',
      hobbies: '',
      story: '',
      version: 0,
      updated_at: null,
      updated_by: null,
    });
    const facts = { ...blank, job: 'Nurse', town: 'Utrecht', pets: 'A cat, Saar', story: 'Told Bram she runs.' };
    delete facts.version;
    delete facts.updated_at;
    delete facts.updated_by;
    const [a, b] = await Promise.all([
      olivia.put('/api/staff/persona.php', { conversation: first.conversation, version: 0, facts }),
      otto.put('/api/staff/persona.php', { conversation: second, version: 0, facts: { ...facts, job: 'Teacher' } }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect((a.statusCode === 409 ? a : b).json()).toMatchObject({ error: 'persona_changed' });
    const kept = (await otto.get(`/api/staff/conversation.php?conversation=${second}`)).json().persona;
    expect(kept.version).toBe(1);
    expect(['Nurse', 'Teacher']).toContain(kept.job);

    // From the version they see, the other edits; the sheet is the same beside both conversations.
    const edited = await otto.put('/api/staff/persona.php', {
      conversation: second,
      version: 1,
      facts: { ...facts, job: kept.job, hobbies: 'Running, jazz' },
    });
    expect(edited.json().persona).toMatchObject({
      version: 2,
      hobbies: 'Running, jazz',
      updated_by: expect.any(String),
    });
    expect(
      (await olivia.get(`/api/staff/conversation.php?conversation=${first.conversation}`)).json().persona,
    ).toMatchObject({ version: 2, hobbies: 'Running, jazz', town: 'Utrecht' });
    const log = await t.db
      .selectFrom('staff_log')
      .select(['action', 'changes'])
      .where('record', '=', `profile:${first.hostedId}`)
      .orderBy('id')
      .execute();
    expect(log.map((row) => row.action)).toEqual(['persona.edit', 'persona.edit']);
    expect(JSON.parse(log[1]?.changes ?? '{}')).toEqual({ hobbies: ['', 'Running, jazz'] });

    // Only for a conversation one holds; a field too long changes nothing.
    const notHeld = await olivia.put('/api/staff/persona.php', { conversation: second, version: 2, facts });
    expect(notHeld.json()).toMatchObject({ error: 'claim_required' });
    const tooLong = await olivia.put('/api/staff/persona.php', {
      conversation: first.conversation,
      version: 2,
      facts: { ...facts, job: 'x'.repeat(201) },
    });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().fields['facts.job']).toMatchObject({ code: 'too_long' });
    const moderator = await staffClient(t, 'moderator');
    expect(
      (await moderator.put('/api/staff/persona.php', { conversation: first.conversation, version: 2, facts })).json(),
    ).toMatchObject({ error: 'forbidden' });
  });

  it('answers as the hosted profile, live to the member, free of credits, once per client id, logged', async () => {
    const staff = await operator();
    const { conversation, member, hostedId } = await memberWritingToHosted();
    const socket = await openSocket(t.app, member.visitor);
    try {
      await staff.post('/api/staff/claim.php', { conversation });
      const body = { conversation, client_id: randomUUID(), text: 'Hi! Yes, a person answers here.' };
      const answer = await staff.post('/api/staff/answer.php', body);
      expect(answer.statusCode, answer.body).toBe(200);
      expect((await staff.post('/api/staff/answer.php', body)).json().message.id).toBe(answer.json().message.id);
      const push = await socket.next('message', (each) => each.message.id === answer.json().message.id);
      expect(push.message).toMatchObject({ text: body.text, from_me: false });

      const view = await staff.get(`/api/staff/conversation.php?conversation=${conversation}`);
      const photo = view.json().hosted.photos[0];
      const withPhoto = await staff.post('/api/staff/answer.php', { conversation, photo_id: photo.id });
      expect(withPhoto.json().message).toMatchObject({
        kind: 'photo',
        photo: { url: expect.stringContaining(photo.filename) },
      });
      const stranger = await staff.post('/api/staff/answer.php', { conversation, photo_id: 999_999 });
      expect(stranger.statusCode).toBe(404);
    } finally {
      await socket.close();
    }
    const page = await member.visitor.get(`/api/chat.php?conversation=${conversation}`);
    expect(page.json().messages.map((message: { from_me: boolean }) => message.from_me)).toEqual([true, false, false]);
    expect((await inboxOf(staff)).some((entry) => entry.conversation === conversation)).toBe(false);

    const log = await t.db
      .selectFrom('staff_log')
      .select(['action', 'profile_id', 'message_id'])
      .where('conversation_id', '=', conversation)
      .orderBy('id')
      .execute();
    expect(log.map((entry) => entry.action)).toEqual(['claim', 'answer', 'answer']);
    const stored = await t.db
      .selectFrom('messages')
      .select(['staff_id', 'credits'])
      .where('conversation_id', '=', conversation)
      .where('sender_profile_id', '=', hostedId)
      .execute();
    expect(stored).toHaveLength(2);
    expect(stored.every((row) => row.staff_id !== null && row.credits === 0)).toBe(true);

    // The member writing again puts the conversation back in the inbox.
    await member.visitor.post('/api/chat.php', { client_id: randomUUID(), conversation, text: 'Great!' });
    expect((await inboxOf(staff)).some((entry) => entry.conversation === conversation)).toBe(true);
  });
  it('refuses an answer with both a text and a photo, naming the photo, and sends neither', async () => {
    const staff = await operator();
    const { conversation } = await memberWritingToHosted();
    await staff.post('/api/staff/claim.php', { conversation });
    const photo = (await staff.get(`/api/staff/conversation.php?conversation=${conversation}`)).json().hosted.photos[0];

    const both = await staff.post('/api/staff/answer.php', { conversation, text: 'Look!', photo_id: photo.id });
    expect(both.statusCode).toBe(422);
    expect(both.json()).toMatchObject({ error: 'validation_failed', fields: { photo_id: { code: 'invalid' } } });
    const neither = await staff.post('/api/staff/answer.php', { conversation });
    expect(neither.statusCode).toBe(422);
    expect(neither.json()).toMatchObject({ error: 'validation_failed', fields: { text: { code: 'invalid' } } });
    const view = await staff.get(`/api/staff/conversation.php?conversation=${conversation}`);
    expect(view.json().messages).toHaveLength(1);
  });
});
