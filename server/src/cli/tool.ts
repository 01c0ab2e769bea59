/** What the command-line tools share: failing with a message, and the configured database. */

import path from 'node:path';
import { configuredProvider } from '../money/payments/providers.js';
import { BackupRefused } from '../platform/backup/manifest.js';
import { systemClock } from '../platform/clock.js';
import { type Config, ConfigError, loadConfig } from '../platform/config.js';
import { type Db, migrateToLatest, openDatabase } from '../platform/db/index.js';
import { createDevMailbox } from '../platform/mail/mailer.js';
import { configuredMediaStore } from '../platform/media/store.js';
import { createServices, notificationsSetup, type Services } from '../services.js';

export function failWith(tool: string) {
  return (message: string): never => {
    console.error(`amora ${tool}: ${message}`);
    process.exit(1);
  };
}

/** The configuration from the environment; a bad value ends the tool with its one line. */
export function loadToolConfig(fail: (message: string) => never): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

export interface ToolContext {
  config: Config;
  db: Db;
  engine: 'sqlite' | 'postgres';
  services: Services;
  /** The database's file or name, for messages. */
  where: string;
}

/** Runs `work` against the configured database, migrated first, and closes everything after. */
export async function withDatabase(fail: (message: string) => never, work: (context: ToolContext) => Promise<void>) {
  const config = loadToolConfig(fail);
  const { db, engine } = openDatabase(config.database);
  const where =
    config.database.engine === 'sqlite' ? config.database.file : new URL(config.database.url).pathname.slice(1);
  const mailer = createDevMailbox(db, systemClock);
  let services: Services | undefined;
  try {
    await migrateToLatest(db, engine);
    const { provider: paymentProvider } = configuredProvider(config, db, systemClock);
    services = createServices({
      db,
      clock: systemClock,
      mailer,
      media: configuredMediaStore(config),
      cdnPurgeUrl: config.cdnPurgeUrl,
      paymentProvider,
      notifications: await notificationsSetup(config, db, systemClock),
    });
    await work({ config, db, engine, services, where });
  } finally {
    // The event relay's timer goes first: it must not look for events in a closed database.
    await services?.events.close();
    mailer.close();
    await db.destroy();
  }
}

/**
 * The one folder argument of `npm run backup` and `restore`, absolute. npm runs a script in the
 * repository's root; a relative folder is taken from where the command was typed (INIT_CWD).
 */
export function backupFolder(fail: (message: string) => never, usage: string): string {
  const args = process.argv.slice(2);
  if (args.length !== 1 || !args[0] || args[0].startsWith('-')) fail(usage);
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), args[0] as string);
}

/** Runs a backup or a restore; a refusal (nothing was changed) ends the tool with its one line. */
export async function refusalsFail<T>(fail: (message: string) => never, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof BackupRefused) fail(error.message);
    throw error;
  }
}
