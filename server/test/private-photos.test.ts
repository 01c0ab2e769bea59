/**
 * Private photos: a member marks photos private; others see how many there are and ask; the owner
 * (or an operator, for a hosted profile) grants, declines or revokes in the two members' chat.
 * The one visibility policy decides the profile page and the photo files alike.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  buildMember,
  buildSite,
  changeAccount,
  client,
  loggedIn,
  STAFF_PASSWORD,
  staffClient,
  type TestClient,
  testPhoto,
  useTestApp,
} from './helpers.js';

const OTHER_HOST = 'private-other.test';
const t = useTestApp({
  setup: async (t) => {
    await buildSite(t.db, { domain: OTHER_HOST });
  },
});

interface Person {
  profileId: number;
  userId: number;
  visitor: TestClient;
}

async function person(options: { freeMessages?: number } = {}): Promise<Person> {
  const built = await buildMember(t.services, { credits: 100, freeMessages: options.freeMessages });
  return { profileId: built.profileId, userId: built.user.id, visitor: await loggedIn(t.app, built) };
}

/** A member with a public main photo and a second photo they made private. */
async function ownerWithPrivatePhoto() {
  const owner = await person();
  const [main, hidden] = (await photosOn(owner.profileId, 2)) as [number, number];
  const marked = await owner.visitor.put('/api/photos.php', { private_photo: { id: hidden, private: true } });
  expect(marked.statusCode, marked.body).toBe(200);
  const row = await t.db.selectFrom('photos').selectAll().where('id', '=', hidden).executeTakeFirstOrThrow();
  return { owner, main, hidden, file: `/media/${row.filename}`, thumb: `/media/${row.thumb_filename}` };
}

const act = (who: Person, profileId: number, action: string) =>
  who.visitor.post('/api/private-photos.php', { profile_id: profileId, action });

async function profileAs(viewer: Person, profileId: number) {
  const response = await viewer.visitor.get(`/api/member.php?id=${profileId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().profile;
}

/** The lines of the pair's chat as `viewer` sees them (kinds, oldest first). */
async function linesSeenBy(viewer: Person, otherProfileId: number) {
  const chats = (await viewer.visitor.get('/api/chats.php')).json().chats as {
    conversation: number;
    profile: { id: number };
  }[];
  const chat = chats.find((entry) => entry.profile.id === otherProfileId);
  if (!chat) return [];
  const page = await viewer.visitor.get(`/api/chat.php?conversation=${chat.conversation}`);
  return (page.json().messages as { kind: string; from_me: boolean }[]).map(
    (m) => `${m.from_me ? 'me' : 'them'}:${m.kind}`,
  );
}

/** Active photos on a profile, the first one main; their ids. */
async function photosOn(profileId: number, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    ids.push((await t.services.photos.addPhoto(profileId, await testPhoto(), { main: i === 0 })).id);
  }
  return ids;
}

const accessRows = () => t.db.selectFrom('private_photo_access').selectAll().execute();

describe('marking photos private', () => {
  it('hides a private photo and its files from others, shows a count, and keeps it for the owner', async () => {
    const { owner, hidden, file, thumb } = await ownerWithPrivatePhoto();
    const other = await person();
    const seen = await profileAs(other, owner.profileId);
    expect(seen.photos.map((photo: { id: number }) => photo.id)).not.toContain(hidden);
    expect(seen).toMatchObject({ private_photos: [], private_photos_hidden: 1, private_access: 'none' });
    expect(JSON.stringify(seen)).not.toContain(String(file.split('/').at(-1)));
    for (const path of [file, thumb]) {
      expect((await other.visitor.get(path)).statusCode).toBe(404);
      expect((await client(t.app).get(path)).statusCode).toBe(404);
      expect((await owner.visitor.get(path)).statusCode).toBe(200);
    }
    const own = (await owner.visitor.get('/api/photos.php')).json().photos as { id: number; private: boolean }[];
    expect(own.find((photo) => photo.id === hidden)?.private).toBe(true);
  });

  it('keeps the main photo public: neither marked private nor a private photo made main', async () => {
    const { owner, main, hidden } = await ownerWithPrivatePhoto();
    for (const body of [{ private_photo: { id: main, private: true } }, { main_image: hidden }]) {
      const response = await owner.visitor.put('/api/photos.php', body);
      expect(response.statusCode).toBe(422);
      expect(response.json().error).toBe('photo_main_private');
    }
    const rows = await t.db
      .selectFrom('photos')
      .select(['id', 'private'])
      .where('profile_id', '=', owner.profileId)
      .execute();
    expect(rows.find((row) => row.id === main)?.private).toBe(0);
    const profile = await t.db
      .selectFrom('profiles')
      .select('main_photo_id')
      .where('id', '=', owner.profileId)
      .executeTakeFirst();
    expect(profile?.main_photo_id).toBe(main);
    // Public again, it may be main.
    expect(
      (await owner.visitor.put('/api/photos.php', { private_photo: { id: hidden, private: false } })).statusCode,
    ).toBe(200);
    expect((await owner.visitor.put('/api/photos.php', { main_image: hidden })).statusCode).toBe(200);
  });

  it("answers another member's photo id as missing, and refuses bad input", async () => {
    const { hidden } = await ownerWithPrivatePhoto();
    const other = await person();
    await photosOn(other.profileId, 1);
    const response = await other.visitor.put('/api/photos.php', { private_photo: { id: hidden, private: true } });
    expect(response.statusCode).toBe(404);
    for (const privatePhoto of [
      { id: hidden },
      { id: 'x', private: true },
      { id: hidden, private: 'yes' },
      { id: hidden, private: true, extra: 1 },
    ]) {
      const bad = await other.visitor.put('/api/photos.php', { private_photo: privatePhoto });
      expect(bad.statusCode, JSON.stringify(privatePhoto)).toBe(422);
    }
    expect(
      (await t.db.selectFrom('photos').select('private').where('id', '=', hidden).executeTakeFirst())?.private,
    ).toBe(1);
  });
});

describe('asking, granting and revoking', () => {
  it('asks in the chat, grants there, shows the photo and its file, and hides them again at once on revoke', async () => {
    const { owner, hidden, file } = await ownerWithPrivatePhoto();
    const asker = await person({ freeMessages: 0 });
    const balance = await t.services.credits.balance(asker.userId);

    expect((await act(asker, owner.profileId, 'ask')).statusCode).toBe(200);
    expect((await owner.visitor.get('/api/chats.php')).json().num_unread_messages).toBe(1);
    expect(await linesSeenBy(owner, asker.profileId)).toEqual(['them:photos_asked']);
    expect((await profileAs(asker, owner.profileId)).private_access).toBe('asked');
    expect((await profileAs(owner, asker.profileId)).my_private_photos).toBe('asked');

    expect((await act(owner, asker.profileId, 'grant')).statusCode).toBe(200);
    const granted = await profileAs(asker, owner.profileId);
    expect(granted).toMatchObject({ private_photos_hidden: 0, private_access: 'granted' });
    expect(granted.private_photos.map((photo: { id: number }) => photo.id)).toEqual([hidden]);
    expect((await asker.visitor.get(file)).statusCode).toBe(200);
    // Anyone else still gets nothing.
    expect((await (await person()).visitor.get(file)).statusCode).toBe(404);

    expect((await act(owner, asker.profileId, 'revoke')).statusCode).toBe(200);
    expect((await asker.visitor.get(file)).statusCode).toBe(404);
    expect(await profileAs(asker, owner.profileId)).toMatchObject({
      private_photos: [],
      private_photos_hidden: 1,
      private_access: 'none',
    });
    expect(await linesSeenBy(asker, owner.profileId)).toEqual([
      'me:photos_asked',
      'them:photos_shared',
      'them:photos_unshared',
    ]);

    // The lines were free and count as no message: nothing spent, no conversation written in.
    expect(await t.services.credits.balance(asker.userId)).toBe(balance);
    const ledger = await t.db
      .selectFrom('credit_ledger')
      .select('id')
      .where('user_id', '=', asker.userId)
      .where('reason', 'like', 'photos%')
      .execute();
    expect(ledger).toEqual([]);
    const wrote = await t.db
      .selectFrom('conversation_members')
      .select('wrote')
      .where('profile_id', 'in', [asker.profileId, owner.profileId])
      .execute();
    expect(wrote.map((row) => row.wrote)).toEqual([0, 0]);
  });

  it('declines a request: a line, and the member may ask again', async () => {
    const { owner } = await ownerWithPrivatePhoto();
    const asker = await person();
    await act(asker, owner.profileId, 'ask');
    expect((await act(owner, asker.profileId, 'decline')).statusCode).toBe(200);
    expect((await profileAs(asker, owner.profileId)).private_access).toBe('none');
    expect((await act(asker, owner.profileId, 'ask')).statusCode).toBe(200);
    expect(await linesSeenBy(asker, owner.profileId)).toEqual([
      'me:photos_asked',
      'them:photos_declined',
      'me:photos_asked',
    ]);
  });

  it('keeps one request and one line when asked 20 times at once', async () => {
    const { owner } = await ownerWithPrivatePhoto();
    const asker = await person();
    const answers = await Promise.all(Array.from({ length: 20 }, () => act(asker, owner.profileId, 'ask')));
    expect(answers.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    const rows = (await accessRows()).filter((row) => row.viewer_profile_id === asker.profileId);
    expect(rows).toMatchObject([{ owner_profile_id: owner.profileId, status: 'asked' }]);
    expect(await linesSeenBy(owner, asker.profileId)).toEqual(['them:photos_asked']);
  });

  it('keeps one grant and one line when granted twice (or at once), unasked', async () => {
    const { owner } = await ownerWithPrivatePhoto();
    const viewer = await person();
    const answers = await Promise.all([1, 2, 3].map(() => act(owner, viewer.profileId, 'grant')));
    expect(answers.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    expect((await act(owner, viewer.profileId, 'grant')).statusCode).toBe(200);
    expect((await accessRows()).filter((row) => row.viewer_profile_id === viewer.profileId)).toHaveLength(1);
    expect(await linesSeenBy(viewer, owner.profileId)).toEqual(['them:photos_shared']);
    // Asking once granted changes nothing.
    await act(viewer, owner.profileId, 'ask');
    expect(await linesSeenBy(viewer, owner.profileId)).toEqual(['them:photos_shared']);
  });
});

describe('blocks', () => {
  it('refuses to grant to a member who blocked the owner or whom the owner blocked', async () => {
    const { owner } = await ownerWithPrivatePhoto();
    const [blocker, blocked] = [await person(), await person()];
    await blocker.visitor.post('/api/block.php', { profile_id: owner.profileId });
    await owner.visitor.post('/api/block.php', { profile_id: blocked.profileId });
    for (const other of [blocker, blocked]) {
      expect((await act(owner, other.profileId, 'grant')).statusCode).toBe(404);
      expect((await act(other, owner.profileId, 'ask')).statusCode).toBe(404);
    }
    expect((await accessRows()).filter((row) => row.owner_profile_id === owner.profileId)).toEqual([]);
  });

  it('ends a grant with a block either way: the file answers 404, also after unblocking', async () => {
    for (const blockedBy of ['owner', 'viewer'] as const) {
      const { owner, file } = await ownerWithPrivatePhoto();
      const viewer = await person();
      await act(owner, viewer.profileId, 'grant');
      expect((await viewer.visitor.get(file)).statusCode).toBe(200);
      const [blocker, other] = blockedBy === 'owner' ? [owner, viewer] : [viewer, owner];
      await blocker.visitor.post('/api/block.php', { profile_id: other.profileId });
      expect((await viewer.visitor.get(file)).statusCode, blockedBy).toBe(404);
      await blocker.visitor.delete('/api/block.php', { profile_id: other.profileId });
      expect((await viewer.visitor.get(file)).statusCode, blockedBy).toBe(404);
    }
  });
});

describe('bad input', () => {
  it('refuses missing or bad ids, unknown actions and NUL bytes, changing nothing', async () => {
    const { owner } = await ownerWithPrivatePhoto();
    const asker = await person();
    const bodies = [
      {},
      { action: 'ask' },
      { profile_id: owner.profileId },
      { profile_id: 'abc', action: 'ask' },
      { profile_id: -1, action: 'ask' },
      { profile_id: owner.profileId, action: 'ask\u0000' },
      { profile_id: owner.profileId, action: 'steal' },
      { profile_id: owner.profileId, action: 'x'.repeat(100_000) },
      { profile_id: owner.profileId, action: 'ask', extra: true },
    ];
    for (const body of bodies) {
      const response = await asker.visitor.post('/api/private-photos.php', body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(response.json().error).toBe('validation_failed');
    }
    const missing = await act(asker, owner.profileId, 'steal');
    expect(Object.keys(missing.json().fields)).toEqual(['action']);
    const empty = await asker.visitor.post('/api/private-photos.php', {});
    expect(Object.keys(empty.json().fields).sort()).toEqual(['action', 'profile_id']);
    expect((await act(asker, 999_999, 'ask')).statusCode).toBe(404);
    expect((await act(asker, asker.profileId, 'ask')).statusCode).toBe(422);
    expect(await accessRows().then((rows) => rows.filter((row) => row.viewer_profile_id === asker.profileId))).toEqual(
      [],
    );
  });

  it('needs a session, and the client header', async () => {
    const { owner } = await ownerWithPrivatePhoto();
    const response = await client(t.app).post('/api/private-photos.php', {
      profile_id: owner.profileId,
      action: 'ask',
    });
    expect(response.statusCode).toBe(403);
    const asker = await person();
    const forged = await asker.visitor.post(
      '/api/private-photos.php',
      { profile_id: owner.profileId, action: 'ask' },
      { clientHeader: false },
    );
    expect(forged.statusCode).toBe(403);
    expect(await linesSeenBy(owner, asker.profileId)).toEqual([]);
  });
});

describe('hosted profiles', () => {
  /** A hosted profile with a private photo (marked by staff), and a premium member who asked for it. */
  async function askedHosted() {
    const admin = await staffClient(t, 'admin');
    const hosted = await t.services.members.createHostedProfile({
      site_id: t.site.id,
      name: `Hosted ${randomUUID().slice(0, 6)}`,
      date_of_birth: '1992-05-01',
    });
    const [main, hidden] = (await photosOn(hosted.id, 2)) as [number, number];
    const refused = await admin.put('/api/staff/hosted-photo.php', { profile: hosted.id, photo: main, private: true });
    expect(refused.json().error).toBe('photo_main_private');
    const marked = await admin.put('/api/staff/hosted-photo.php', { profile: hosted.id, photo: hidden, private: true });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().photos.find((photo: { id: number }) => photo.id === hidden)).toMatchObject({ private: true });
    const row = await t.db.selectFrom('photos').select('filename').where('id', '=', hidden).executeTakeFirstOrThrow();
    const member = await person();
    await changeAccount(t, { id: member.userId, site_id: t.site.id }, { paid_user: 1 });
    expect((await act(member, hosted.id, 'ask')).statusCode).toBe(200);
    return { hostedId: hosted.id, member, file: `/media/${row.filename}` };
  }

  it("shows a member's request in the inbox; the operator holding it grants and revokes there", async () => {
    const { hostedId, member, file } = await askedHosted();
    expect((await member.visitor.get(file)).statusCode).toBe(404);
    const operator = await staffClient(t, 'operator');
    const entry = (
      (await operator.get('/api/staff/inbox.php')).json().conversations as {
        conversation: number;
        hosted: { id: number };
        last_message: { kind: string };
      }[]
    ).find((each) => each.hosted.id === hostedId);
    expect(entry?.last_message.kind).toBe('photos_asked');
    const conversation = entry?.conversation as number;
    // Not held yet: refused.
    expect((await operator.post('/api/staff/private-photos.php', { conversation, action: 'grant' })).json().error).toBe(
      'claim_required',
    );
    expect((await operator.post('/api/staff/claim.php', { conversation })).statusCode).toBe(200);
    const granted = await operator.post('/api/staff/private-photos.php', { conversation, action: 'grant' });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json().member.my_private_photos).toBe('granted');
    expect(granted.json().messages.map((m: { kind: string }) => m.kind)).toEqual(['photos_asked', 'photos_shared']);
    expect((await member.visitor.get(file)).statusCode).toBe(200);
    const revoked = await operator.post('/api/staff/private-photos.php', { conversation, action: 'revoke' });
    expect(revoked.json().member.my_private_photos).toBe('none');
    expect((await member.visitor.get(file)).statusCode).toBe(404);
    const bad = await operator.post('/api/staff/private-photos.php', { conversation, action: 'ask' });
    expect(bad.statusCode).toBe(422);
  });

  it('keeps a gallery photo an operator sent in a chat for that member, when it is made private later', async () => {
    const admin = await staffClient(t, 'admin');
    const hosted = await t.services.members.createHostedProfile({
      site_id: t.site.id,
      name: `Hosted ${randomUUID().slice(0, 6)}`,
      date_of_birth: '1990-02-01',
    });
    const [, sent] = (await photosOn(hosted.id, 2)) as [number, number];
    const row = await t.db.selectFrom('photos').select('filename').where('id', '=', sent).executeTakeFirstOrThrow();
    const member = await person();
    expect((await act(member, hosted.id, 'ask')).statusCode).toBe(200);
    const conversation = (await member.visitor.get('/api/chats.php')).json().chats[0].conversation as number;
    const operator = await staffClient(t, 'operator');
    expect((await operator.post('/api/staff/claim.php', { conversation })).statusCode).toBe(200);
    const answered = await operator.post('/api/staff/answer.php', { conversation, photo_id: sent });
    expect(answered.statusCode, answered.body).toBe(200);

    const marked = await admin.put('/api/staff/hosted-photo.php', { profile: hosted.id, photo: sent, private: true });
    expect(marked.statusCode, marked.body).toBe(200);
    expect((await member.visitor.get(`/media/${row.filename}`)).statusCode).toBe(200);
    expect((await (await person()).visitor.get(`/media/${row.filename}`)).statusCode).toBe(404);
  });

  it("answers an operator on another site's host as if the conversation did not exist", async () => {
    const { member, file } = await askedHosted();
    const conversation = (await member.visitor.get('/api/chats.php')).json().chats[0].conversation as number;
    const email = `operator-${randomUUID().slice(0, 6)}@amora.test`;
    await t.services.staff.addStaff({ email, name: 'Elsewhere', password: STAFF_PASSWORD, role: 'operator' });
    const elsewhere = client(t.app, { host: OTHER_HOST });
    expect((await elsewhere.post('/api/staff/login.php', { email, password: STAFF_PASSWORD })).statusCode).toBe(200);
    expect((await elsewhere.post('/api/staff/claim.php', { conversation })).statusCode).toBe(404);
    const response = await elsewhere.post('/api/staff/private-photos.php', { conversation, action: 'grant' });
    expect(response.statusCode).toBe(404);
    expect((await member.visitor.get(file)).statusCode).toBe(404);
  });
});
