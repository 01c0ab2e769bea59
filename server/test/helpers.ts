/**
 * The API test kit: a real app on a fresh database (SQLite or PostgreSQL, chosen by
 * AMORA_TEST_DB), a clock the test moves, a cookie-keeping client and data factories.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Locale, REQUEST_TYPE_CLIENT, REQUEST_TYPE_HEADER, type StaffRole } from '@amora/common';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Selectable } from 'kysely';
import { generate } from 'otplib';
import sharp from 'sharp';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp } from '../src/app.js';
import { DEMO_SETTINGS, seedDemo } from '../src/demo/seed.js';
import type { LocalPushService } from '../src/notifications/push.js';
import { addMinutes, type Clock } from '../src/platform/clock.js';
import { type DatabaseConfig, loadConfig } from '../src/platform/config.js';
import { type Db, migrateToLatest, openDatabase } from '../src/platform/db/index.js';
import type { MailsTable, UserRow } from '../src/platform/db/schema.js';
import { createDevMailbox, type Mailer } from '../src/platform/mail/mailer.js';
import type { Site, StoredSettings } from '../src/platform/site.js';
import type { Services } from '../src/services.js';
import * as siteQueries from '../src/sites/queries.js';
import { createTestDatabase, dropTestDatabase } from './postgres.js';
import { s3TestEnv, testsOnS3 } from './s3.js';

export type Response = LightMyRequestResponse;
export type MailRow = Selectable<MailsTable>;

interface TestClock extends Clock {
  advance(by: { days?: number; hours?: number; minutes?: number }): void;
}

function createTestClock(start = new Date()): TestClock {
  let current = start;
  return {
    now: () => new Date(current.getTime()),
    advance({ days = 0, hours = 0, minutes = 0 }) {
      current = addMinutes(current, days * 24 * 60 + hours * 60 + minutes);
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  clock: TestClock;
  services: Services;
  /** The seeded demo site, reached as localhost. */
  site: Site;
  /** The PostgreSQL database's URL (null on SQLite), for a second instance to share. */
  databaseUrl: string | null;
  /** Where the database is, for another process to open. */
  database: DatabaseConfig;
  /** This instance's own DATA_DIR, as each machine has one. */
  dataDir: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Replaces the dev mailbox, e.g. with an SMTP mailer. */
  mailer?: Mailer;
  /** Extra environment, e.g. REDIS_URL. */
  env?: Record<string, string>;
  /** The database engine; AMORA_TEST_DB's unless given. */
  engine?: 'sqlite' | 'postgres';
  /** A second instance of an app: the first one's PostgreSQL database, migrated and seeded already. */
  sharedDatabaseUrl?: string;
  /** The push tests' own push service on this machine, and an agent that trusts its certificate. */
  localPushService?: LocalPushService;
  /** Where the app's log lines (JSON, from level info) go; the app logs nothing unless given. */
  logStream?: { write(line: string): void };
}

/**
 * One app for the whole test file: built before its first test (then `setup` runs, e.g. to add
 * sites), closed after its last. The handle reads the live app, so tests use it as a TestApp.
 */
export function useTestApp(options: TestAppOptions & { setup?: (t: TestApp) => Promise<unknown> } = {}): TestApp {
  let current: TestApp | null = null;
  beforeAll(async () => {
    current = await createTestApp(options);
    await options.setup?.(current);
  });
  afterAll(async () => {
    await current?.close();
  });
  const live = (): TestApp => {
    if (!current) throw new Error('the test app is used outside a test');
    return current;
  };
  return {
    get app() {
      return live().app;
    },
    get db() {
      return live().db;
    },
    get clock() {
      return live().clock;
    },
    get services() {
      return live().services;
    },
    get site() {
      return live().site;
    },
    get databaseUrl() {
      return live().databaseUrl;
    },
    get database() {
      return live().database;
    },
    get dataDir() {
      return live().dataDir;
    },
    close: () => live().close(),
  };
}

/**
 * Tests share the app's event loop and send calls back to back, on a machine running other tests:
 * nothing there is overload to refuse, unless a test sets a limit.
 */
export const NO_OVERLOAD_LIMITS = {
  OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
  OVERLOAD_EVENT_LOOP_UTILIZATION: '0',
  OVERLOAD_DATABASE_WAITING: '0',
};

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const shared = options.sharedDatabaseUrl;
  const engine = shared
    ? 'postgres'
    : (options.engine ?? (process.env.AMORA_TEST_DB === 'postgres' ? 'postgres' : 'sqlite'));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-test-'));
  const pgDatabase = engine === 'postgres' && !shared ? await createTestDatabase() : null;
  const databaseUrl = shared ?? pgDatabase?.url ?? null;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    WEB_DIST: '',
    DATABASE_URL: databaseUrl ?? '',
    ...NO_OVERLOAD_LIMITS,
    ...(testsOnS3() && !options.env?.MEDIA_STORE && (await s3TestEnv())),
    ...options.env,
  });
  const { db, engine: opened } = openDatabase(config.database);
  const clock = createTestClock();
  const mailer = options.mailer ?? createDevMailbox(db, clock);
  let app: FastifyInstance | null = null;

  async function closeAll() {
    await app?.close();
    await db.destroy();
    mailer.close();
    if (pgDatabase) await dropTestDatabase(pgDatabase.name);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  // Once: a test may stop an instance (a machine leaving) before the file's end closes them all.
  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= closeAll();
    return closing;
  };

  try {
    if (!shared) await migrateToLatest(db, opened);
    const logger = options.logStream ? { level: 'info', stream: options.logStream } : false;
    app = await buildApp({ config, db, clock, mailer, logger, localPushService: options.localPushService });
    if (!shared) await seedDemo(app.services, clock, { domains: ['localhost'], hostedProfiles: 0 });
    const site = await app.services.sites.findByDomain('localhost');
    if (!site) throw new Error('the demo site was not seeded');
    return { app, db, clock, services: app.services, site, databaseUrl, database: config.database, dataDir, close };
  } catch (error) {
    // Leave no database behind when the set-up itself fails.
    await close();
    throw error;
  }
}

interface CallOptions {
  headers?: Record<string, string>;
  /** Sends the x-request-type: client header, as the web app does on every call; on by default. */
  clientHeader?: boolean;
}

export interface ClientOptions {
  /** The Host header, i.e. which site is asked. */
  host?: string;
  cookies?: Record<string, string>;
  /** The visitor's address; random unless given, so rate limits count per client. */
  remoteAddress?: string;
}

export interface TestClient {
  get(url: string, options?: CallOptions): Promise<Response>;
  /** `body` is JSON, or a raw payload (e.g. from multipartFile) with its content-type in `options.headers`. */
  post(url: string, body?: object | Buffer, options?: CallOptions): Promise<Response>;
  put(url: string, body?: object, options?: CallOptions): Promise<Response>;
  patch(url: string, body?: object, options?: CallOptions): Promise<Response>;
  delete(url: string, body?: object, options?: CallOptions): Promise<Response>;
  cookie(name: string): string | undefined;
  setCookie(name: string, value: string | null): void;
}

type TestMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A browser-like client: keeps cookies between calls and comes from its own address. */
export function client(app: FastifyInstance, options: ClientOptions = {}): TestClient {
  const jar = new Map(Object.entries(options.cookies ?? {}));
  // Rate limits count per address, so every client is a different visitor.
  const remoteAddress = options.remoteAddress ?? `10.${[...randomBytes(3)].join('.')}`;

  async function call(method: TestMethod, url: string, body: object | Buffer | undefined, call: CallOptions = {}) {
    const headers: Record<string, string> = { ...call.headers };
    if (options.host) headers.host = options.host;
    if (call.clientHeader ?? true) headers[REQUEST_TYPE_HEADER] = REQUEST_TYPE_CLIENT;
    const response = await app.inject({
      method,
      url,
      headers,
      remoteAddress,
      cookies: Object.fromEntries(jar),
      ...(body !== undefined && { payload: body }),
    });
    for (const cookie of response.cookies) {
      const expired =
        cookie.value === '' || cookie.maxAge === 0 || (cookie.expires && cookie.expires.getTime() <= Date.now());
      if (expired) jar.delete(cookie.name);
      else jar.set(cookie.name, cookie.value);
    }
    return response;
  }

  return {
    get: (url, callOptions) => call('GET', url, undefined, callOptions),
    post: (url, body, callOptions) => call('POST', url, body, callOptions),
    put: (url, body, callOptions) => call('PUT', url, body, callOptions),
    patch: (url, body, callOptions) => call('PATCH', url, body, callOptions),
    delete: (url, body, callOptions) => call('DELETE', url, body, callOptions),
    cookie: (name) => jar.get(name),
    setCookie(name, value) {
      if (value === null) jar.delete(name);
      else jar.set(name, value);
    },
  };
}

/** A multipart/form-data body with one file, as a browser's FormData upload sends it. */
/** A multipart body with extra text fields before its file, as a browser's FormData sends them. */
export function withFields(
  upload: { payload: Buffer; headers: Record<string, string> },
  fields: Record<string, string>,
) {
  const boundary = upload.headers['content-type']?.split('boundary=')[1] ?? '';
  const head = Object.entries(fields)
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('');
  return Buffer.concat([Buffer.from(head), upload.payload]);
}

export function multipartFile(
  content: Buffer,
  { field = 'file', filename = 'photo.jpg', contentType = 'image/jpeg' } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----amora-${randomBytes(8).toString('hex')}`;
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
    `Content-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A plain photo made by sharp, as a camera would send it: JPEG unless asked otherwise. */
export function testPhoto({
  width = 800,
  height = 600,
  format = 'jpeg',
}: {
  width?: number;
  height?: number;
  format?: 'jpeg' | 'png' | 'webp';
} = {}): Promise<Buffer> {
  // A colour of its own: photos are stored by their content's hash, and tests mean different photos.
  const background = `#${randomBytes(3).toString('hex')}`;
  return sharp({ create: { width, height, channels: 3, background } })
    .toFormat(format)
    .toBuffer();
}

/** Waits until the events so far are handled and the jobs due now have run (mails sent, pushes pushed). */
export async function settle(t: Pick<TestApp, 'services'>): Promise<void> {
  await t.services.events.settled();
  await t.services.notifications.settled();
  await t.services.jobs.idle();
}

/** The newest mail to an address, as the dev mailbox stored it once the mail jobs have run. */
export async function lastMail(t: Pick<TestApp, 'db' | 'services'>, to: string): Promise<MailRow | undefined> {
  await settle(t);
  return t.db
    .selectFrom('mails')
    .selectAll()
    .where('recipient', '=', to.toLowerCase())
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function mailCount(t: Pick<TestApp, 'db' | 'services'>, to?: string): Promise<number> {
  await settle(t);
  let query = t.db.selectFrom('mails').select((eb) => eb.fn.countAll().as('n'));
  if (to) query = query.where('recipient', '=', to.toLowerCase());
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** The link a mail asks the member to follow: its path (with query) and token. */
export function linkFrom(mail: Pick<MailRow, 'text'> | undefined): { url: string; path: string; token: string } {
  const url = mail?.text.match(/https?:\/\/\S+/)?.[0];
  if (!url) throw new Error(`no link in mail: ${mail?.text ?? '(no mail)'}`);
  const parsed = new URL(url);
  return { url, path: `${parsed.pathname}${parsed.search}`, token: parsed.searchParams.get('token') ?? '' };
}

export async function userCount(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

let sequence = 0;
export const uniqueEmail = (label = 'member') =>
  `${label}-${++sequence}-${randomBytes(3).toString('hex')}@example.test`;

/** YYYY-MM-DD of the UTC day `years` before today, shifted by `days`. */
export function birthDate(years: number, days = 0, today = new Date()): string {
  const date = new Date(Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate() + days));
  return date.toISOString().slice(0, 10);
}

export interface BuiltMember {
  user: UserRow;
  profileId: number;
  email: string;
  password: string;
  name: string;
}

/** An activated member of the demo site (or of `site`), ready to log in. */
export async function buildMember(
  services: Services,
  overrides: Partial<{
    email: string;
    password: string;
    name: string;
    dateOfBirth: string;
    credits: number;
    /** Messages free of credits; the site's free_messages unless given. */
    freeMessages: number;
    language: Locale;
    site: Site;
  }> = {},
): Promise<BuiltMember> {
  const site = overrides.site ?? (await services.sites.findByDomain('localhost'));
  if (!site) throw new Error('no site for localhost');
  const member = {
    email: overrides.email ?? uniqueEmail(),
    password: overrides.password ?? 'correct horse battery',
    name: overrides.name ?? `Member ${sequence}`,
    dateOfBirth: overrides.dateOfBirth ?? birthDate(30),
    credits: overrides.credits,
    freeMessages: overrides.freeMessages,
    language: overrides.language,
  };
  const user = await services.lifecycle.createReadyMember(site, member);
  return {
    user,
    profileId: await services.members.profileIdOf(user.id),
    email: member.email,
    password: member.password,
    name: member.name,
  };
}

export interface LoggedInMember extends BuiltMember {
  visitor: TestClient;
}

/** A member of `site` (the demo site unless given) and a client logged in as them there. */
export async function loggedInMember(t: TestApp, site?: Site): Promise<LoggedInMember> {
  const member = await buildMember(t.services, { site });
  return { ...member, visitor: await loggedIn(t.app, member, { host: site?.domain }) };
}

/** Adds `count` active photos to a member's profile, the first one main; returns their ids. */
export async function buildPhotos(services: Services, member: BuiltMember, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    ids.push((await services.photos.addPhoto(member.profileId, await testPhoto(), { main: i === 0 })).id);
  }
  return ids;
}

/** Makes a member premium, as their first credit purchase will. */
export async function makePremium(db: Db, member: BuiltMember): Promise<void> {
  await db.updateTable('users').set({ paid_user: 1 }).where('id', '=', member.user.id).execute();
}

/** A second site with its own company, reached through `domain`. */
export async function buildSite(
  db: Db,
  overrides: { domain: string; domainLanguage?: string; name?: string; settings?: Partial<StoredSettings> },
): Promise<number> {
  const companyId = await siteQueries.insertCompany(db, {
    name: `${overrides.name ?? 'Other'} B.V.`,
    address: 'Stationsplein 1',
    kvk: '87654321',
    city: 'Utrecht',
    country: 'NL',
    tradenames: JSON.stringify([overrides.name ?? 'Other']),
    vat_numbers: JSON.stringify([]),
    support_phone: '+31 30 000 00 00',
    delete_discount: 30,
    added: '2025-01-01T00:00:00Z',
  });
  const site = {
    name: overrides.name ?? 'Other',
    domain: overrides.domain,
    domain_language: overrides.domainLanguage ?? 'en-GB',
    company_id: companyId,
    settings: JSON.stringify({ ...DEMO_SETTINGS, ...overrides.settings }),
    created_at: new Date().toISOString(),
  };
  return db.transaction().execute((trx) => siteQueries.insertSite(trx, site, []));
}

let staffCount = 0;
export const STAFF_PASSWORD = 'a-long-staff-password';

/** The current code of a TOTP secret at the test clock's time, as the staff member's authenticator app shows it. */
export const totpCode = (t: TestApp, secret: string, at: Date = t.clock.now()) =>
  generate({ secret, epoch: Math.floor(at.getTime() / 1000) });

/**
 * Sets up an authenticator app through a new invitation of the account, as its link's page does:
 * the password, then the app's first code. Answers the app's secret and the recovery codes shown once.
 */
export async function setUpThroughInvitation(t: TestApp, visitor: TestClient, staffId: number) {
  const invitation = await t.services.staff.inviteByCommand(staffId);
  const started = await visitor.post('/api/staff/invitation.php', { invitation, password: STAFF_PASSWORD });
  expect(started.statusCode, started.body).toBe(200);
  const { secret } = started.json() as { secret: string };
  const confirmed = await visitor.post('/api/staff/two-step.php', { code: await totpCode(t, secret), invitation });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { secret, recoveryCodes: (confirmed.json() as { recovery_codes: string[] }).recovery_codes };
}

/**
 * A new staff account of `role`, signed in at /staff: with the password alone where the site lets
 * the role, else through an invitation that sets up an authenticator app (`secret`, null without).
 */
export async function staffClient(
  t: TestApp,
  role: StaffRole,
): Promise<TestClient & { email: string; secret: string | null }> {
  const email = `${role}-${++staffCount}-${randomUUID().slice(0, 6)}@amora.test`;
  const name = `${role[0]?.toUpperCase()}${role.slice(1)} ${staffCount}`;
  const { id } = await t.services.staff.addStaff({ email, name, password: STAFF_PASSWORD, role });
  const visitor = client(t.app);
  const response = await visitor.post('/api/staff/login.php', { email, password: STAFF_PASSWORD });
  if (response.statusCode === 200) return Object.assign(visitor, { email, secret: null });
  expect(response.json(), response.body).toMatchObject({ error: 'two_step_setup_required' });
  const { secret } = await setUpThroughInvitation(t, visitor, id);
  return Object.assign(visitor, { email, secret });
}

/** A client logged in as `member`. */
export async function loggedIn(
  app: FastifyInstance,
  member: BuiltMember,
  options: ClientOptions = {},
): Promise<TestClient> {
  const visitor = client(app, options);
  const response = await visitor.post('/api/user.php', { email: member.email, password: member.password });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return visitor;
}

export const signupBody = (overrides: Record<string, unknown> = {}) => ({
  email: uniqueEmail('signup'),
  name: 'Sanne',
  password: 'a-good-password',
  date_of_birth: birthDate(25),
  ...overrides,
});

/** Sends a text from a signed-in member to a profile; the conversation and the message as answered. */
export async function sendChatText(from: TestClient, toProfileId: number, text: string) {
  const response = await from.post('/api/chat.php', { client_id: randomUUID(), profile_id: toProfileId, text });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { conversation: number; message: { id: number } };
}

/** Sends a photo from a signed-in member into a conversation; the message as answered. */
export async function sendChatPhoto(from: TestClient, conversation: number) {
  const upload = multipartFile(await testPhoto());
  const fields = { client_id: randomUUID(), conversation: String(conversation) };
  const response = await from.post('/api/chat.php', withFields(upload, fields), { headers: upload.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().message as { id: number };
}
