/**
 * The API test kit: a real app on a fresh database (SQLite or PostgreSQL, chosen by AMORA_TEST_DB),
 * a clock the test moves, and the mails the app sent. Tests import the cookie-keeping client
 * (test-client.ts) and the data factories (builders.ts) from here as well.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app.js';
import { seedDemo } from '../src/demo/seed.js';
import type { LocalPushService } from '../src/notifications/push.js';
import { addMinutes, type Clock } from '../src/platform/clock.js';
import { type DatabaseConfig, loadConfig } from '../src/platform/config.js';
import { type Db, migrateToLatest, openDatabase } from '../src/platform/db/index.js';
import type { MailsTable } from '../src/platform/db/schema.js';
import { createDevMailbox, type Mailer } from '../src/platform/mail/mailer.js';
import type { Site } from '../src/platform/site.js';
import type { Services } from '../src/services.js';
import { createTestDatabase, dropTestDatabase } from './postgres.js';
import { s3TestEnv, testsOnS3 } from './s3.js';

export * from './builders.js';
export * from './test-client.js';

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
  /**
   * A second instance of an app on the first one's database, on either engine: PostgreSQL through
   * its URL, SQLite through its connection (one process writes a SQLite file).
   */
  databaseOf?: TestApp;
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
  const shared = options.sharedDatabaseUrl ?? options.databaseOf?.databaseUrl ?? undefined;
  /** The first instance's SQLite connection, used as it is. */
  const sqliteOf = shared ? undefined : options.databaseOf;
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
    DATABASE_URL: databaseUrl ?? (sqliteOf?.database.engine === 'sqlite' ? `sqlite:${sqliteOf.database.file}` : ''),
    ...NO_OVERLOAD_LIMITS,
    ...(testsOnS3() && !options.env?.MEDIA_STORE && (await s3TestEnv())),
    ...options.env,
  });
  const { db, engine: opened } = sqliteOf
    ? { db: sqliteOf.db, engine: 'sqlite' as const }
    : openDatabase(config.database);
  const clock = createTestClock();
  const mailer = options.mailer ?? createDevMailbox(db, clock);
  let app: FastifyInstance | null = null;

  async function closeAll() {
    await app?.close();
    if (!sqliteOf) await db.destroy();
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
    const first = !shared && !sqliteOf;
    if (first) await migrateToLatest(db, opened);
    const logger = options.logStream ? { level: 'info', stream: options.logStream } : false;
    app = await buildApp({ config, db, clock, mailer, logger, localPushService: options.localPushService });
    if (first) await seedDemo(app.services, clock, { domains: ['localhost'], hostedProfiles: 0 });
    const site = await app.services.sites.findByDomain('localhost');
    if (!site) throw new Error('the demo site was not seeded');
    return { app, db, clock, services: app.services, site, databaseUrl, database: config.database, dataDir, close };
  } catch (error) {
    // Leave no database behind when the set-up itself fails.
    await close();
    throw error;
  }
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
