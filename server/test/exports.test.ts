/**
 * "Download my data" (issue 36): a member asks for a copy of their data once a day; a job writes
 * it as a ZIP (each part as JSON, the photos as files, a README in their language), mails them and
 * tells their open apps. Only they may download it, for 7 days; then it is gone. A deleted account's
 * data is exportable by nobody. Names inside the ZIP never come from what a member typed.
 */
import { EXPORT_DAYS } from '@amora/common';
import { describe, expect, it } from 'vitest';
import {
  type BuiltMember,
  buildMember,
  buildPhotos,
  client,
  lastMail,
  linkFrom,
  loggedIn,
  mailCount,
  makePremium,
  sendChatPhoto,
  sendChatText,
  settle,
  type TestClient,
  useTestApp,
} from './helpers.js';
import { unzip } from './zip.js';

const t = useTestApp();

interface Exporter extends BuiltMember {
  visitor: TestClient;
}

async function exporter(overrides: Parameters<typeof buildMember>[1] = {}): Promise<Exporter> {
  const member = await buildMember(t.services, { credits: 1000, freeMessages: 0, ...overrides });
  await makePremium(t, member);
  return { ...member, visitor: await loggedIn(t.app, member) };
}

async function requestExport(who: Exporter) {
  const response = await who.visitor.post('/api/exports.php');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().export as { id: string; status: string; expires_at: string | null };
}

/** Asks for the export and waits for its job: the ready export, as the member's settings show it. */
async function readyExport(who: Exporter) {
  await requestExport(who);
  await settle(t);
  const latest = (await who.visitor.get('/api/exports.php')).json().export;
  expect(latest).toMatchObject({ status: 'ready' });
  return latest as { id: string; status: 'ready'; requested_at: string; expires_at: string };
}

async function download(who: TestClient, id: string) {
  return who.get(`/api/export.php?id=${encodeURIComponent(id)}`);
}

async function downloaded(who: Exporter, id: string) {
  const response = await download(who.visitor, id);
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  expect(response.headers['content-type']).toBe('application/zip');
  expect(response.headers['content-disposition']).toMatch(/^attachment; filename="data-\d{4}-\d{2}-\d{2}\.zip"$/);
  return unzip(response.rawPayload);
}

const parsed = (entries: Map<string, Buffer>, name: string) =>
  JSON.parse(entries.get(name)?.toString('utf8') ?? 'null');

/** Whether an export's file is kept in the app's media store. */
async function exportFileExists(id: string): Promise<boolean> {
  return (await t.services.media.get(`exports/${id}.zip`)) !== null;
}

/** Fixed names, or names made of ids: nothing a member typed. */
const ENTRY_NAME = /^(README\.txt|[a-z]+\.json|photos\/\d+\.webp|conversations\/\d+\/\d+\.webp)$/;

describe('the export', () => {
  it('holds every part, the messages and the photos as files, with a README in English', async () => {
    const anna = await exporter();
    const bram = await exporter();
    const [photoId] = await buildPhotos(t.services, anna, 1);
    const { conversation, message } = await sendChatText(anna.visitor, bram.profileId, 'Shall we meet at the lake?');
    const chatPhoto = await sendChatPhoto(anna.visitor, conversation);
    await sendChatText(bram.visitor, anna.profileId, 'Gladly!');
    expect((await anna.visitor.post('/api/like.php', { profile_id: bram.profileId })).statusCode).toBe(200);
    expect((await bram.visitor.post('/api/like.php', { profile_id: anna.profileId })).statusCode).toBe(200);
    const carl = await buildMember(t.services);
    expect((await anna.visitor.post('/api/block.php', { profile_id: carl.profileId })).statusCode).toBe(200);
    const report = await anna.visitor.post('/api/report.php', { profile_id: carl.profileId, reason: 'scam' });
    expect(report.statusCode, report.body).toBe(200);
    const choice = await anna.visitor.put('/api/notifications.php', {
      preferences: [{ type: 'news', mail: true }],
    });
    expect(choice.statusCode, choice.body).toBe(200);

    const ready = await readyExport(anna);
    const entries = await downloaded(anna, ready.id);

    for (const name of entries.keys()) expect(name).toMatch(ENTRY_NAME);
    expect(entries.get('README.txt')?.toString()).toContain('Your data from');
    expect(parsed(entries, 'account.json')).toMatchObject({
      email: anna.email,
      premium: true,
      has_password: true,
      passkeys: [],
    });
    expect(parsed(entries, 'sessions.json')).toHaveLength(1);
    expect(parsed(entries, 'profile.json')).toMatchObject({ name: anna.name });
    expect(parsed(entries, 'photos.json')).toEqual([
      expect.objectContaining({ id: photoId, file: `photos/${photoId}.webp` }),
    ]);
    expect(entries.get(`photos/${photoId}.webp`)?.subarray(8, 12).toString()).toBe('WEBP');

    const [talk] = parsed(entries, 'conversations.json');
    expect(talk).toMatchObject({ id: conversation, with: { profile_id: bram.profileId, name: bram.name } });
    expect(talk.messages).toEqual([
      expect.objectContaining({ id: message.id, from_me: true, text: 'Shall we meet at the lake?', photo: null }),
      expect.objectContaining({
        id: chatPhoto.id,
        from_me: true,
        kind: 'photo',
        photo: `conversations/${conversation}/${chatPhoto.id}.webp`,
      }),
      expect.objectContaining({ from_me: false, text: 'Gladly!' }),
    ]);
    expect(entries.get(`conversations/${conversation}/${chatPhoto.id}.webp`)?.subarray(8, 12).toString()).toBe('WEBP');

    expect(parsed(entries, 'likes.json')).toMatchObject({
      given: [{ profile_id: bram.profileId }],
      received: [{ profile_id: bram.profileId }],
    });
    expect(parsed(entries, 'matches.json')).toEqual([{ profile_id: bram.profileId, name: bram.name }]);
    const ledger = parsed(entries, 'credits.json');
    expect(ledger.length).toBeGreaterThanOrEqual(2);
    expect(ledger.at(-1)).toMatchObject({ delta: expect.any(Number), balance_after: expect.any(Number) });
    expect(parsed(entries, 'payments.json')).toMatchObject({ payments: [], seller: { name: expect.any(String) } });
    expect(parsed(entries, 'notifications.json').marketing_consents).toEqual([
      expect.objectContaining({ channel: 'mail', topic: 'news', given: true, source: 'settings' }),
    ]);
    expect(parsed(entries, 'blocks.json')).toEqual([expect.objectContaining({ profile_id: carl.profileId })]);
    expect(parsed(entries, 'reports.json')).toEqual([
      expect.objectContaining({ profile_id: carl.profileId, reason: 'scam' }),
    ]);
  });

  it('is made in the member’s language, mailed to them with a link to their settings, and told to their open apps', async () => {
    const greta = await exporter({ language: 'de' });
    const told: number[] = [];
    const stop = t.services.events.subscribe('export.ready', (event) => {
      told.push(event.profileId);
    });
    try {
      const ready = await readyExport(greta);
      expect(told).toContain(greta.profileId);
      const mail = await lastMail(t, greta.email);
      expect(mail?.subject).toContain('Deine Daten von');
      expect(linkFrom(mail).path).toBe('/notifications');
      expect(mail?.text).toContain('/notifications#export');
      const entries = await downloaded(greta, ready.id);
      expect(entries.get('README.txt')?.toString()).toContain('Deine Daten von');
      expect(entries.get('README.txt')?.toString()).toContain('conversations.json');
    } finally {
      stop();
    }
  });

  it('keeps its entry names fixed whatever the member wrote (no path traversal)', async () => {
    const sly = await exporter({ name: '../../../etc/passwd' });
    const other = await exporter({ name: '..\\..\\boot.ini' });
    await t.db
      .updateTable('profiles')
      .set({ about: '../../x/\u202e/evil.json ~/.ssh' })
      .where('id', '=', sly.profileId)
      .execute();
    await sendChatText(sly.visitor, other.profileId, '../../../../tmp/owned.webp');
    await sendChatText(other.visitor, sly.profileId, 'C:\\Windows\\system32 ../..');
    const ready = await readyExport(sly);
    const entries = await downloaded(sly, ready.id);
    for (const name of entries.keys()) {
      expect(name).toMatch(ENTRY_NAME);
      expect(name).not.toContain('..');
    }
    expect(parsed(entries, 'profile.json').name).toBe('../../../etc/passwd');
    expect(parsed(entries, 'conversations.json')[0].messages[0].text).toBe('../../../../tmp/owned.webp');
  });
});

describe('POST /api/exports.php', () => {
  it('makes one export and one job of 20 requests at once, and refuses more that day', async () => {
    const many = await exporter();
    const answers = await Promise.all(Array.from({ length: 20 }, () => many.visitor.post('/api/exports.php')));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 429)).toHaveLength(19);
    expect(answers.find((answer) => answer.statusCode === 429)?.json()).toMatchObject({
      error: 'export_limit',
      message: 'You can ask for a copy of your data once a day. Please try again tomorrow.',
    });
    await settle(t);
    const rows = await t.db.selectFrom('data_exports').selectAll().where('user_id', '=', many.user.id).execute();
    expect(rows).toHaveLength(1);
    expect(await mailCount(t, many.email)).toBe(1);

    const again = await many.visitor.post('/api/exports.php');
    expect(again.statusCode).toBe(429);
    expect(again.json().error).toBe('export_limit');
    t.clock.advance({ days: 1 });
    expect((await many.visitor.post('/api/exports.php')).statusCode).toBe(200);
    await settle(t);
  });

  it('needs a session', async () => {
    const response = await client(t.app).post('/api/exports.php');
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('authentication_required');
  });
});

describe('GET /api/export.php', () => {
  it('answers 404 for another member’s export, and for an unknown one', async () => {
    const owner = await exporter();
    const nosy = await exporter();
    const ready = await readyExport(owner);
    for (const id of [ready.id, 'f'.repeat(32), '../../etc/passwd']) {
      const response = await download(nosy.visitor, id);
      expect(response.statusCode, id).toBe(404);
      expect(response.json().error).toBe('not_found');
    }
    expect((await nosy.visitor.get('/api/exports.php')).json().export).toBeNull();
  });

  it('refuses missing, overlong and NUL-byte ids with the field’s reason', async () => {
    const member = await exporter();
    const cases: [string, string][] = [
      ['/api/export.php', 'invalid'],
      ['/api/export.php?id=', 'required'],
      [`/api/export.php?id=${'a'.repeat(65)}`, 'too_long'],
      ['/api/export.php?id=ab%00cd', 'control_characters'],
    ];
    for (const [url, code] of cases) {
      const response = await member.visitor.get(url);
      expect(response.statusCode, url).toBe(422);
      expect(response.json().fields.id.code, url).toBe(code);
    }
  });

  it(`works for ${EXPORT_DAYS} days; then the file is deleted and the link answers 404`, async () => {
    const member = await exporter();
    const ready = await readyExport(member);
    expect(await exportFileExists(ready.id)).toBe(true);
    t.clock.advance({ days: EXPORT_DAYS - 1 });
    await settle(t);
    expect((await download(member.visitor, ready.id)).statusCode).toBe(200);

    t.clock.advance({ days: 1, minutes: 1 });
    await settle(t);
    expect((await download(member.visitor, ready.id)).statusCode).toBe(404);
    expect(await exportFileExists(ready.id)).toBe(false);
    expect((await member.visitor.get('/api/exports.php')).json().export).toBeNull();
  });

  it('the sweep deletes an expired export whose job was lost', async () => {
    const member = await exporter();
    const ready = await readyExport(member);
    await t.db.deleteFrom('jobs').where('name', '=', 'export.expire').execute();
    t.clock.advance({ days: EXPORT_DAYS, minutes: 1 });
    await t.services.exports.sweep();
    expect(await exportFileExists(ready.id)).toBe(false);
    expect(await t.db.selectFrom('data_exports').select('id').where('id', '=', ready.id).execute()).toEqual([]);
  });
});

describe('the sweep', () => {
  it('makes an export whose job was lost, and drops one that failed for good so it may be asked for again', async () => {
    const lost = await exporter();
    const failed = await exporter();
    const minutesAgo = (minutes: number) => new Date(t.clock.now().getTime() - minutes * 60_000).toISOString();
    const preparing = (who: Exporter, id: string, createdAt: string) => ({
      id,
      user_id: who.user.id,
      day: createdAt.slice(0, 10),
      status: 'preparing' as const,
      created_at: createdAt,
      ready_at: null,
      expires_at: null,
    });
    await t.db
      .insertInto('data_exports')
      .values([preparing(lost, 'a'.repeat(32), minutesAgo(31)), preparing(failed, 'b'.repeat(32), minutesAgo(25 * 60))])
      .execute();

    await t.services.exports.sweep();
    await settle(t);
    expect((await lost.visitor.get('/api/exports.php')).json().export).toMatchObject({
      id: 'a'.repeat(32),
      status: 'ready',
    });
    expect(await mailCount(t, lost.email)).toBe(1);
    expect((await failed.visitor.get('/api/exports.php')).json().export).toBeNull();
    await requestExport(failed);
    await settle(t);
  });
});

describe('a deleted account', () => {
  it('loses its exports at deletion; its old session may neither download nor ask again', async () => {
    const leaving = await exporter();
    const ready = await readyExport(leaving);
    const cookie = leaving.visitor.cookie('amora_session') ?? '';
    const deleted = await leaving.visitor.post('/api/delete-account.php', {
      reason: 'found_partner',
      password: leaving.password,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await settle(t);
    expect(await exportFileExists(ready.id)).toBe(false);
    expect(await t.db.selectFrom('data_exports').select('id').where('user_id', '=', leaving.user.id).execute()).toEqual(
      [],
    );

    leaving.visitor.setCookie('amora_session', cookie);
    expect((await download(leaving.visitor, ready.id)).statusCode).toBe(403);
    expect((await leaving.visitor.post('/api/exports.php')).statusCode).toBe(403);
    await expect(t.services.exports.request(leaving.user.id)).rejects.toMatchObject({
      code: 'authentication_required',
    });
  });

  it('an erased account’s export file goes with it', async () => {
    const erased = await exporter();
    const ready = await readyExport(erased);
    expect(await t.services.lifecycle.erase(erased.user.id)).toBe(true);
    await settle(t);
    expect(await exportFileExists(ready.id)).toBe(false);
  });
});
