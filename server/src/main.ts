/**
 * Starts Amora: validates the environment, migrates, seeds a fresh demo site and serves until a
 * signal stops it. With PROCESSES above 1 this first process does the preparing and then keeps that
 * many serving processes running (node:cluster), which share the port (see http/processes.ts).
 */
import cluster from 'node:cluster';
import { buildApp } from './app.js';
import { DEMO_HOSTED_PROFILES, DEMO_MEMBER, seedDemo } from './demo/seed.js';
import { systemClock } from './platform/clock.js';
import { type Config, ConfigError, loadConfig } from './platform/config.js';
import { migrateToLatest, openDatabase } from './platform/db/index.js';
import { loggerFor } from './platform/http/logging.js';
import { runServingProcesses } from './platform/http/processes.js';
import { shutDownOnSignals } from './platform/http/shutdown.js';
import { createDevMailbox, createSmtpMailer, type Mailer } from './platform/mail/mailer.js';

const PURGE_INTERVAL_MS = 60 * 60 * 1000;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Amora cannot start: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

/** The migrated database and the app on it; `release` closes what the app leaves open. */
async function openApp(config: Config) {
  const { db, engine } = openDatabase(config.database);
  await migrateToLatest(db, engine);
  const mailer: Mailer = config.smtpUrl ? createSmtpMailer(config.smtpUrl) : createDevMailbox(db, systemClock);
  const app = await buildApp({ config, db, clock: systemClock, mailer, logger: loggerFor(config.nodeEnv) });
  const release = async () => {
    await db.destroy();
    mailer.close();
  };
  return { app, release };
}

type App = Awaited<ReturnType<typeof openApp>>['app'];

async function seedDemoSite(app: App, config: Config) {
  const domains = ['localhost', '127.0.0.1', new URL(config.publicUrl).hostname];
  const started = performance.now();
  const seeded = await seedDemo(app.services, systemClock, {
    domains,
    hostedProfiles: DEMO_HOSTED_PROFILES,
    membersOnlySite: true,
    origin: config.publicUrl,
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (seeded) console.log(`Seeded the demo site with ${DEMO_HOSTED_PROFILES} hosted profiles in ${seconds} s.`);
}

/** Serves until SIGTERM or SIGINT, with the hourly purge, the reminders, the payments' settling and the exports' sweep running beside. */
async function serve(app: App, release: () => Promise<void>, config: Config) {
  const purge = async () => {
    const purged = await app.services.lifecycle.purgeDeletedAccounts();
    if (purged > 0) app.log.info({ purged }, 'purged accounts past their deletion grace period');
  };
  await purge();
  const purgeTimer = setInterval(() => void purge().catch((err) => app.log.error(err)), PURGE_INTERVAL_MS);
  const stopReminders = app.services.notifications.scheduleReminders();
  const stopSettling = app.services.payments.scheduleSettling();
  const stopExportSweep = app.services.exports.scheduleSweep();
  shutDownOnSignals(app, {
    drainSeconds: config.shutdownDrainSeconds,
    stopTimers() {
      clearInterval(purgeTimer);
      stopReminders();
      stopSettling();
      stopExportSweep();
    },
    release,
  });
  await app.listen({ port: config.port, host: config.host });
}

function greet(config: Config) {
  const processes = config.processes > 1 ? ` (${config.processes} processes)` : '';
  console.log(`Amora is running at ${config.publicUrl}${processes}`);
  if (config.seedDemo) console.log(`Demo member: ${DEMO_MEMBER.email} / password ${DEMO_MEMBER.password}`);
  if (!config.smtpUrl && config.nodeEnv !== 'production') console.log(`Dev mailbox: ${config.publicUrl}/dev/mailbox`);
}

const config = readConfig();
const { app, release } = await openApp(config);
if (cluster.isPrimary && config.seedDemo) await seedDemoSite(app, config);
if (cluster.isPrimary && config.processes > 1) {
  await app.close();
  await release();
  await runServingProcesses(config.processes);
  greet(config);
} else {
  await serve(app, release, config);
  if (cluster.isPrimary) greet(config);
}
