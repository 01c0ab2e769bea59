/**
 * `npm run backup` and `npm run restore`: a site with members, messages, a payment and photos is
 * backed up while two members keep chatting, then restored into a fresh database and a fresh store,
 * where an app finds the rows as of the backup, every message whole, and the same files byte for
 * byte. SQLite with media on disk (api-sqlite), PostgreSQL with media in S3 (api-postgres).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { backUp } from '../src/platform/backup/backup.js';
import { BackupRefused } from '../src/platform/backup/manifest.js';
import { restore } from '../src/platform/backup/restore.js';
import { systemClock } from '../src/platform/clock.js';
import { type Config, loadConfig } from '../src/platform/config.js';
import { type Db, migrateToLatest, openDatabase } from '../src/platform/db/index.js';
import { createDevMailbox } from '../src/platform/mail/mailer.js';
import { configuredMediaStore, type MediaStore, readObject } from '../src/platform/media/store.js';
import { buyingKit } from './buying.js';
import {
  buildMember,
  buildPhotos,
  type LoggedInMember,
  loggedIn,
  makePremium,
  sendChatPhoto,
  sendChatText,
  userCount,
  useTestApp,
} from './helpers.js';
import { createTestDatabase, dropTestDatabase } from './postgres.js';
import { s3TestEnv, testsOnS3 } from './s3.js';

// Two members chatting as fast as they can: more than the per-member limit of a minute.
const t = useTestApp({ env: { RATE_LIMIT_SCALE: '100' } });
const { buyer, bundleOf, started, decide } = buyingKit(t);

const folders: string[] = [];
const newFolder = (label: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `amora-${label}-`));
  folders.push(dir);
  return dir;
};
const cleanUps: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanUp of cleanUps) await cleanUp();
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

/** An empty database and an empty store of this project's kind, as a new machine has them. */
async function freshConfig(): Promise<Config> {
  const pgDatabase = t.database.engine === 'postgres' ? await createTestDatabase() : null;
  if (pgDatabase) cleanUps.push(() => dropTestDatabase(pgDatabase.name));
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: newFolder('restored'),
    WEB_DIST: '',
    DATABASE_URL: pgDatabase?.url ?? '',
    ...(testsOnS3() && (await s3TestEnv())),
  });
}

const placeOf = (config: Config) => ({ database: config.database, media: configuredMediaStore(config) });
const sourcePlace = () => ({ database: t.database, media: t.services.media });

/** An app on a restored database, migrated as at every start. */
async function openApp(config: Config) {
  const { db, engine } = openDatabase(config.database);
  await migrateToLatest(db, engine);
  const mailer = createDevMailbox(db, systemClock);
  const app = await buildApp({ config, db, clock: systemClock, mailer });
  cleanUps.unshift(async () => {
    await app.close();
    mailer.close();
    await db.destroy();
  });
  return { app, db, media: app.services.media };
}

async function chatter(): Promise<LoggedInMember> {
  const member = await buildMember(t.services, { credits: 100_000, freeMessages: 0 });
  await makePremium(t.db, member);
  return { ...member, visitor: await loggedIn(t.app, member) };
}

interface Site {
  anna: LoggedInMember;
  bram: LoggedInMember;
  conversation: number;
}
let site: Site;

beforeAll(async () => {
  const anna = await chatter();
  const bram = await chatter();
  await buildPhotos(t.services, anna, 2);
  await buildPhotos(t.services, bram, 1);
  const { conversation } = await sendChatText(anna.visitor, bram.profileId, 'Shall we walk by the lake?');
  await sendChatText(bram.visitor, anna.profileId, 'Saturday, at ten.');
  await sendChatPhoto(anna.visitor, conversation);
  const payer = await buyer();
  const { checkoutId } = await started(payer, { bundle_id: (await bundleOf(payer, 150)).id, issuer: 'ideal_INGBNL2A' });
  await decide(checkoutId, 'paid');
  site = { anna, bram, conversation };
});

/** Both members send texts, and now and then a photo, until stopped; each send's start and end. */
function keepChatting({ anna, bram, conversation }: Site) {
  let stopped = false;
  const sends: { start: number; end: number }[] = [];
  const talk = async (from: LoggedInMember, to: LoggedInMember) => {
    for (let n = 0; !stopped; n++) {
      const start = performance.now();
      if (n % 4 === 3) await sendChatPhoto(from.visitor, conversation);
      else await sendChatText(from.visitor, to.profileId, `Message ${n} from ${from.name}`);
      sends.push({ start, end: performance.now() });
    }
  };
  const both = Promise.all([talk(anna, bram), talk(bram, anna)]);
  return {
    sends,
    async stop() {
      stopped = true;
      await both;
    },
  };
}

async function whileChatting<T>(work: () => Promise<T>): Promise<T> {
  const chat = keepChatting(site);
  while (chat.sends.length < 4) await new Promise((resolve) => setTimeout(resolve, 5));
  const start = performance.now();
  try {
    return await work();
  } finally {
    const end = performance.now();
    await chat.stop();
    expect(chat.sends.filter((send) => send.start < end && send.end > start).length).toBeGreaterThan(0);
  }
}

const TABLES = {
  users: 'id',
  profiles: 'id',
  photos: 'id',
  payments: 'id',
  conversations: 'id',
  messages: 'id',
  credit_accounts: 'user_id',
  credit_ledger: 'id',
} as const;
type Table = keyof typeof TABLES;
type Row = Record<string, unknown>;
type Rows = Record<Table, Row[]>;

async function rowsOf(db: Db): Promise<Rows> {
  const rows: Partial<Rows> = {};
  for (const [table, key] of Object.entries(TABLES) as [Table, string][]) {
    rows[table] = (await sql<Row>`select * from ${sql.table(table)} order by ${sql.ref(key)}`.execute(db)).rows;
  }
  return rows as Rows;
}

const byId = (rows: Row[]) => new Map(rows.map((row) => [row.id, row]));
const lastBy = <K>(rows: Row[], keyOf: (row: Row) => K) => new Map(rows.map((row) => [keyOf(row), row]));

/**
 * The restored rows are the source's as of one moment between `before` and `after`: what chatting
 * does not change is the same, every message and ledger line is one the source had, whole, and
 * every message, balance and conversation agrees with the others.
 */
function expectAsOfBackup(restored: Rows, before: Rows, after: Rows) {
  for (const table of ['users', 'profiles', 'photos', 'payments'] as const) {
    expect(restored[table], table).toEqual(after[table]);
  }
  for (const table of ['messages', 'credit_ledger'] as const) {
    const sourceRows = byId(after[table]);
    for (const row of restored[table]) expect(row, `${table} ${row.id}`).toEqual(sourceRows.get(row.id));
    const restoredIds = new Set(restored[table].map((row) => row.id));
    expect(
      before[table].filter((row) => !restoredIds.has(row.id)),
      table,
    ).toEqual([]);
  }
  const ledgerByReference = lastBy(restored.credit_ledger, (line) => line.reference);
  for (const message of restored.messages) {
    if (Number(message.credits) === 0) continue;
    expect(Number(ledgerByReference.get(`message:${message.id}`)?.delta), `message ${message.id}`).toBe(
      -Number(message.credits),
    );
  }
  const messageIds = new Set(restored.messages.map((message) => message.id));
  for (const line of restored.credit_ledger) {
    const reference = String(line.reference);
    if (reference.startsWith('message:')) expect(messageIds.has(Number(reference.slice(8))), reference).toBe(true);
  }
  const lastLine = lastBy(restored.credit_ledger, (line) => line.user_id);
  for (const account of restored.credit_accounts) {
    const line = lastLine.get(account.user_id);
    if (line) expect(account.balance, `balance of user ${account.user_id}`).toEqual(line.balance_after);
  }
  const lastMessage = lastBy(restored.messages, (message) => message.conversation_id);
  for (const conversation of restored.conversations) {
    expect(conversation.last_message_id).toEqual(lastMessage.get(conversation.id)?.id ?? 0);
  }
}

async function keysOf(store: MediaStore): Promise<string[]> {
  const keys: string[] = [];
  for await (const { key } of store.list('')) keys.push(key);
  return keys.sort();
}

/** Every object there before the backup and every one a restored row names is restored, byte for byte. */
async function expectFiles(restoredStore: MediaStore, restored: Rows, keysBefore: string[]) {
  const named = [
    ...restored.photos.flatMap((photo) => [String(photo.filename), String(photo.thumb_filename)]),
    ...restored.messages.filter((message) => message.photo_file).map((message) => String(message.photo_file)),
  ];
  expect(restored.messages.filter((message) => message.kind === 'photo').length).toBeGreaterThan(0);
  const keys = await keysOf(restoredStore);
  expect(keys).toEqual(expect.arrayContaining([...keysBefore, ...named]));
  for (const key of keys) {
    expect(await readObject(restoredStore, key), key).toEqual(await readObject(t.services.media, key));
  }
}

describe('backUp and restore', () => {
  it('restores what the site had as of a backup taken while members chat, into a fresh database and store', async () => {
    const before = await rowsOf(t.db);
    const keysBefore = await keysOf(t.services.media);
    const dir = path.join(newFolder('backup'), 'nightly');
    const manifest = await whileChatting(() => backUp(sourcePlace(), dir));
    const after = await rowsOf(t.db);
    expect(manifest).toMatchObject({ engine: t.database.engine, format: 1 });
    expect(manifest.migration).toMatch(/^\d+-\w+$/);
    expect(manifest.media.objects).toBeGreaterThanOrEqual(keysBefore.length);

    const config = await freshConfig();
    await restore(placeOf(config), dir);
    const restoredApp = await openApp(config);
    const restored = await rowsOf(restoredApp.db);
    expectAsOfBackup(restored, before, after);
    expect(restored.messages.length).toBeGreaterThan(before.messages.length);
    expect(restored.payments.filter((payment) => payment.status === 'paid')).toHaveLength(1);
    await expectFiles(restoredApp.media, restored, keysBefore);

    // The restored app serves it: Anna signs in, her main photo and her chat photo load.
    const { anna } = site;
    const visitor = await loggedIn(restoredApp.app, anna);
    const main = restored.photos.find((photo) => photo.profile_id === anna.profileId && photo.position === 0);
    const chatPhoto = restored.messages.find((message) => message.kind === 'photo');
    for (const key of [main?.filename, chatPhoto?.photo_file].map(String)) {
      const response = await visitor.get(`/media/${key}`);
      expect(response.statusCode, key).toBe(200);
      expect(response.rawPayload).toEqual(await readObject(t.services.media, key));
    }
  });

  it('refuses a folder that is not empty, and a restore into a database or store that is not', async () => {
    const dir = newFolder('backup');
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'mine');
    await expect(backUp(sourcePlace(), dir)).rejects.toThrow(/is not empty/);

    const backup = path.join(newFolder('backup'), 'b');
    await backUp(sourcePlace(), backup);
    // Into the serving database itself.
    const refusal = await restore(sourcePlace(), backup).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(BackupRefused);
    expect((refusal as Error).message).toMatch(/already holds/);
    const otherEngine: Config['database'] =
      t.database.engine === 'sqlite'
        ? { engine: 'postgres', url: 'postgres://nobody@127.0.0.1:9/none' }
        : { engine: 'sqlite', file: path.join(newFolder('other'), 'amora.sqlite') };
    await expect(restore({ database: otherEngine, media: t.services.media }, backup)).rejects.toThrow(
      /restore it into the same engine/,
    );

    // An empty database but a store with an object in it: refused before the database is touched.
    const config = await freshConfig();
    const place = placeOf(config);
    const key = 'p/1/ffffffffffffffffffffffffffffffff.webp';
    await place.media.put(key, Buffer.from('left over'), { contentType: 'image/webp', cacheControl: 'no-store' });
    await expect(restore(place, backup)).rejects.toThrow(/the media store is not empty/);
    await place.media.remove(key);
    await expect(restore(place, newFolder('not-a-backup'))).rejects.toThrow(/manifest.json is missing/);
    // Nothing was written: the same database takes the restore now.
    await restore(place, backup);
    const { db } = await openApp(config);
    expect(await userCount(db)).toBe(await userCount(t.db));
  });
});

/** Runs `npm run <tool> -- <dir>` as npm does (node with tsx), with the configuration in `env`. */
function runTool(tool: 'backup' | 'restore', dir: string, env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', `server/src/cli/${tool}.ts`, dir], {
    env: { ...process.env, ...env },
  });
  let out = '';
  child.stdout.on('data', (chunk) => {
    out += chunk;
  });
  child.stderr.on('data', (chunk) => {
    out += chunk;
  });
  return new Promise<{ status: number | null; out: string }>((resolve) =>
    child.on('close', (status) => resolve({ status, out })),
  );
}

// The commands themselves are run once, on SQLite; PostgreSQL's copy is the same code, tested above.
if (process.env.AMORA_TEST_DB !== 'postgres') {
  describe('npm run backup and npm run restore (SQLite)', () => {
    it('backs up the serving app from another process and restores it into a new DATA_DIR', {
      timeout: 120_000,
    }, async () => {
      const before = await rowsOf(t.db);
      const keysBefore = await keysOf(t.services.media);
      const dir = path.join(newFolder('backup'), 'cli');
      const backup = await whileChatting(() => runTool('backup', dir, { DATA_DIR: t.dataDir }));
      expect(backup.out).toMatch(/Backed up the database as of .* and \d+ media objects/);
      expect(backup.status).toBe(0);
      const after = await rowsOf(t.db);

      const config = await freshConfig();
      const restored = await runTool('restore', dir, { DATA_DIR: config.dataDir });
      expect(restored.out).toContain('Start Amora: it migrates the database as usual.');
      expect(restored.status).toBe(0);
      const again = await runTool('restore', dir, { DATA_DIR: config.dataDir });
      expect(again.status).toBe(1);
      expect(again.out).toContain('amora restore: ');
      expect(again.out).toContain('already holds a database');

      const restoredApp = await openApp(config);
      const rows = await rowsOf(restoredApp.db);
      expectAsOfBackup(rows, before, after);
      await expectFiles(restoredApp.media, rows, keysBefore);
    });
  });
}
