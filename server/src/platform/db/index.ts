import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  type Dialect,
  Kysely,
  type Migration,
  type MigrationProvider,
  Migrator,
  PostgresAdapter,
  PostgresDialect,
  type SqliteDatabase,
  SqliteDialect,
} from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config.js';
import type { Engine } from './columns.js';
import { counting, uses } from './counting.js';
import * as createSitesAndAccounts from './migrations/1763750000000-CreateSitesAndAccounts.js';
import * as addProfileDetailsPhotosBlocks from './migrations/1763900000000-AddProfileDetailsPhotosBlocks.js';
import * as fastMemberSearch from './migrations/1763950000000-FastMemberSearch.js';
import * as nameSearch from './migrations/1764000000000-NameSearch.js';
import * as createLikes from './migrations/1764050000000-CreateLikes.js';
import * as countLoginFailures from './migrations/1764100000000-CountLoginFailures.js';
import * as swipeLogAndPhotoFiles from './migrations/1764150000000-SwipeLogAndPhotoFiles.js';
import * as chatAndStaff from './migrations/1764200000000-ChatAndStaff.js';
import * as creditsAndPayments from './migrations/1764250000000-CreditsAndPayments.js';
import * as directDebit from './migrations/1764300000000-DirectDebit.js';
import * as pushSubscriptions from './migrations/1764350000000-PushSubscriptions.js';
import * as notificationsAndJobs from './migrations/1764400000000-NotificationsAndJobs.js';
import * as complaints from './migrations/1764450000000-Complaints.js';
import * as paymentRefusals from './migrations/1764500000000-PaymentRefusals.js';
import * as eventOutbox from './migrations/1764550000000-EventOutbox.js';
import * as staffAudit from './migrations/1764600000000-StaffAudit.js';
import * as staffTwoStep from './migrations/1764650000000-StaffTwoStep.js';
import * as photoModeration from './migrations/1764700000000-PhotoModeration.js';
import * as staffPayments from './migrations/1764750000000-StaffPayments.js';
import * as operatorCapacity from './migrations/1764800000000-OperatorCapacity.js';
import * as personas from './migrations/1764850000000-Personas.js';
import * as moderationCases from './migrations/1764900000000-ModerationCases.js';
import * as hostedProfileConversations from './migrations/1764910000000-HostedProfileConversations.js';
import * as dashboardFigures from './migrations/1764950000000-DashboardFigures.js';
import * as operatorClaims from './migrations/1765000000000-OperatorClaims.js';
import * as contacts from './migrations/1765050000000-Contacts.js';
import * as answerWaits from './migrations/1765100000000-AnswerWaits.js';
import * as marketingConsents from './migrations/1765150000000-MarketingConsents.js';
import * as officialRegions from './migrations/1765160000000-OfficialRegions.js';
import * as pohjoisSavo from './migrations/1765170000000-PohjoisSavo.js';
import * as sessionDevices from './migrations/1765180000000-SessionDevices.js';
import * as dataExports from './migrations/1765190000000-DataExports.js';
import * as passkeys from './migrations/1765200000000-Passkeys.js';
import * as privatePhotos from './migrations/1765210000000-PrivatePhotos.js';
import * as knownDevices from './migrations/1765220000000-KnownDevices.js';
import * as deploymentKeys from './migrations/1765230000000-DeploymentKeys.js';
import * as oneSessionStore from './migrations/1765240000000-OneSessionStore.js';
import * as staffInvitations from './migrations/1765250000000-StaffInvitations.js';
import * as staffLoginFailures from './migrations/1765260000000-StaffLoginFailures.js';
import * as likesPaged from './migrations/1765270000000-LikesPaged.js';
import * as searchTotalsBounded from './migrations/1765275000000-SearchTotalsBounded.js';
import * as honestShowcase from './migrations/1765280000000-HonestShowcase.js';
import * as facesInSearch from './migrations/1765290000000-FacesInSearch.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

/**
 * Work a caller adds to a change's own transaction, given what the change did: a staff action's
 * audit row is written with the change it tells of, or not at all. A service that takes one runs
 * it before its commit, also when the change turns out to be one already made.
 */
export type InTransaction<T> = (trx: Db, outcome: T) => Promise<void>;

/** Migrations in the order they run; add new ones at the end with a timestamped name. */
const MIGRATIONS = {
  '1763750000000-CreateSitesAndAccounts': createSitesAndAccounts,
  '1763900000000-AddProfileDetailsPhotosBlocks': addProfileDetailsPhotosBlocks,
  '1763950000000-FastMemberSearch': fastMemberSearch,
  '1764000000000-NameSearch': nameSearch,
  '1764050000000-CreateLikes': createLikes,
  '1764100000000-CountLoginFailures': countLoginFailures,
  '1764150000000-SwipeLogAndPhotoFiles': swipeLogAndPhotoFiles,
  '1764200000000-ChatAndStaff': chatAndStaff,
  '1764250000000-CreditsAndPayments': creditsAndPayments,
  '1764300000000-DirectDebit': directDebit,
  '1764350000000-PushSubscriptions': pushSubscriptions,
  '1764400000000-NotificationsAndJobs': notificationsAndJobs,
  '1764450000000-Complaints': complaints,
  '1764500000000-PaymentRefusals': paymentRefusals,
  '1764550000000-EventOutbox': eventOutbox,
  '1764600000000-StaffAudit': staffAudit,
  '1764650000000-StaffTwoStep': staffTwoStep,
  '1764700000000-PhotoModeration': photoModeration,
  '1764750000000-StaffPayments': staffPayments,
  '1764800000000-OperatorCapacity': operatorCapacity,
  '1764850000000-Personas': personas,
  '1764900000000-ModerationCases': moderationCases,
  '1764910000000-HostedProfileConversations': hostedProfileConversations,
  '1764950000000-DashboardFigures': dashboardFigures,
  '1765000000000-OperatorClaims': operatorClaims,
  '1765050000000-Contacts': contacts,
  '1765100000000-AnswerWaits': answerWaits,
  '1765150000000-MarketingConsents': marketingConsents,
  '1765160000000-OfficialRegions': officialRegions,
  '1765170000000-PohjoisSavo': pohjoisSavo,
  '1765180000000-SessionDevices': sessionDevices,
  '1765190000000-DataExports': dataExports,
  '1765200000000-Passkeys': passkeys,
  '1765210000000-PrivatePhotos': privatePhotos,
  '1765220000000-KnownDevices': knownDevices,
  '1765230000000-DeploymentKeys': deploymentKeys,
  '1765240000000-OneSessionStore': oneSessionStore,
  '1765250000000-StaffInvitations': staffInvitations,
  '1765260000000-StaffLoginFailures': staffLoginFailures,
  '1765270000000-LikesPaged': likesPaged,
  '1765275000000-SearchTotalsBounded': searchTotalsBounded,
  '1765280000000-HonestShowcase': honestShowcase,
  '1765290000000-FacesInSearch': facesInSearch,
};

/** Whether this version of Amora has a migration of that name: a backup made by a newer one is restored by that. */
export const isKnownMigration = (name: string): boolean => Object.hasOwn(MIGRATIONS, name);

/** Which engine a connection (or transaction) talks to, for the few statements that differ. */
export function engineOf(db: Db): Engine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

function openDialect(config: DatabaseConfig): { dialect: Dialect; engine: Engine } {
  if (config.engine === 'postgres') {
    // No JIT: it pays off for long analytic queries, and a request's statement whose estimate passes
    // jit_above_cost (a search page at a million profiles) spent 15 ms compiling for a 1 ms run.
    const pool = new pg.Pool({ connectionString: config.url, max: 10, keepAlive: true, options: '-c jit=off' });
    survivesLostConnections(pool);
    preparesStatements(pool);
    return { dialect: new PostgresDialect({ pool }), engine: 'postgres' };
  }
  fs.mkdirSync(path.dirname(config.file), { recursive: true });
  const sqlite = new SQLite(config.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  return { dialect: new SqliteDialect({ database: preparingOnce(sqlite) }), engine: 'sqlite' };
}

export function openDatabase(config: DatabaseConfig): { db: Db; engine: Engine } {
  const opened = openDialect(config);
  const { dialect, use } = counting(opened.dialect);
  const db = new Kysely<Database>({ dialect });
  uses.set(db, use);
  return { db, engine: opened.engine };
}

/** Distinct statements kept prepared: the app's queries, and room for the ones whose `in (…)` lists vary. */
const PREPARED_STATEMENTS = 2_000;

/**
 * The database as Kysely sees it, with each distinct statement prepared once: Kysely prepares
 * every query it runs, and preparing cost as much as running the app's small queries. better-sqlite3
 * runs one statement at a time on the one thread, so a statement is never in use twice at once.
 */
function preparingOnce(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text) {
      let statement = statements.get(text);
      if (!statement) {
        if (statements.size >= PREPARED_STATEMENTS) statements.delete(statements.keys().next().value as string);
        statement = sqlite.prepare(text);
        statements.set(text, statement);
      }
      return statement;
    },
  };
}

/** Distinct statements PostgreSQL keeps parsed per connection; more (long `in (…)` lists) are parsed per run. */
const NAMED_STATEMENTS = 500;
/** A table changed under a prepared statement that reads all its columns. */
const isStalePlan = (error: unknown) =>
  (error as { code?: string } | null)?.code === '0A000' &&
  /cached plan must not change result type/.test(String(error));

/**
 * Each distinct statement the app runs is parsed, and for most also planned, once per connection
 * instead of on every run (a named prepared statement): for the app's small queries, parsing and
 * planning cost PostgreSQL about as much as running them (docs/measurements.md).
 *
 * When another instance's migration changes a table that a kept statement reads with `*`,
 * PostgreSQL refuses it before running it; the statement then gets a new name, so it is prepared
 * afresh on every connection, and outside a transaction it is tried again at once.
 */
function preparesStatements(pool: pg.Pool) {
  const names = new Map<string, string>();
  let named = 0;
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (name === undefined && names.size < NAMED_STATEMENTS && /^(select|insert|update|delete|with)\b/i.test(text)) {
      name = `amora_${named++}`;
      names.set(text, name);
    }
    return name;
  };
  pool.on('connect', (client) => {
    const original = client.query;
    // A query made here, not from a config object: pg copies a config's property descriptors on
    // every run, a cost as large as the naming saves in the app.
    const query = (text: string, values: unknown[], name: string | undefined) =>
      new Promise<pg.QueryResult>((resolve, reject) => {
        const submitted = new pg.Query(text, values, (error, result) =>
          error ? reject(error) : resolve(result as unknown as pg.QueryResult),
        );
        (submitted as { name?: string }).name = name;
        (original as (submittable: pg.Query) => unknown).call(client, submitted);
      });
    const prepared = async (text: string, values: unknown[]) => {
      const name = nameOf(text);
      try {
        return await query(text, values, name);
      } catch (error) {
        if (name === undefined || !isStalePlan(error)) throw error;
        names.delete(text);
        if (client.getTransactionStatus() !== 'I') throw error;
        return query(text, values, nameOf(text));
      }
    };
    // Kysely runs every statement as query(text, values); other calls (pg's own) pass through.
    client.query = ((...args: unknown[]) =>
      typeof args[0] === 'string' && Array.isArray(args[1]) && args.length === 2
        ? prepared(args[0], args[1])
        : (original as (...all: unknown[]) => unknown).apply(client, args)) as typeof client.query;
  });
}

/**
 * A connection PostgreSQL ends (restart, failover, pg_terminate_backend) emits 'error' on its
 * client, idle or checked out, and then on the pool; unheard, either would end the process. The
 * pool drops such a connection by itself and opens a new one for the next query.
 */
function survivesLostConnections(pool: pg.Pool) {
  const reportLost = (error: Error) => console.warn(`database: a connection was lost (${error.message})`);
  pool.on('error', reportLost);
  pool.on('connect', (client) => client.on('error', () => {}));
}

/**
 * What node-postgres and its pool say when a connection is gone or could not be had in time; the
 * next try gets a new one. A query on a client whose connection broke is refused with "not
 * queryable", e.g. the rollback of a transaction whose connection died, and that refusal is what
 * reaches the caller. Left out: "Cannot use a pool after calling end on the pool", which comes only
 * after this instance has let its database go, and no try on it will ever succeed.
 */
const LOST_CONNECTION_MESSAGES = new Set([
  'Connection terminated',
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
]);

/**
 * PostgreSQL's codes for a connection it lost or would not give: 08 connection exceptions, 53300
 * too many connections, 57P01-57P03 an admin, crash or start-up shutdown, 57P05 an idle session
 * ended.
 */
const isLostConnectionCode = (code: string) =>
  code.startsWith('08') || ['53300', '57P01', '57P02', '57P03', '57P05'].includes(code);
const NETWORK_ERRORS = ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH'];

/**
 * True when the database could not answer for a while rather than refused the query: a lost or
 * refused connection, a server shutting down or starting up, or a table changed under a prepared
 * statement in a transaction (the next try prepares it anew). Such requests answer 503.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && (isLostConnectionCode(code) || NETWORK_ERRORS.includes(code))) return true;
  if (isStalePlan(error)) return true;
  return error instanceof Error && LOST_CONNECTION_MESSAGES.has(error.message);
}

export async function migrateToLatest(db: Db, engine: Engine): Promise<void> {
  const provider: MigrationProvider = {
    async getMigrations() {
      const migrations: Record<string, Migration> = {};
      for (const [name, migration] of Object.entries(MIGRATIONS)) {
        migrations[name] = { up: (kysely) => migration.up(kysely, engine) };
      }
      return migrations;
    },
  };
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error) throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
}

/** True for a unique-constraint violation on either engine, e.g. two signups racing for one email. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
