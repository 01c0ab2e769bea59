/** Starts Amora: validates the environment, migrates, seeds a fresh demo site and serves. */
import { buildApp } from './app.js';
import { systemClock } from './clock.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { migrateToLatest, openDatabase } from './db/index.js';
import { DEMO_HOSTED_PROFILES, DEMO_MEMBER, seedDemo } from './demo/seed.js';
import { createDevMailbox, createSmtpMailer, type Mailer } from './mail/mailer.js';

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

const config = readConfig();
const { db, engine } = openDatabase(config.database);
await migrateToLatest(db, engine);
const mailer: Mailer = config.smtpUrl ? createSmtpMailer(config.smtpUrl) : createDevMailbox(db, systemClock);
const app = await buildApp({ config, db, clock: systemClock, mailer, logger: config.nodeEnv !== 'test' });

if (config.seedDemo) {
  const domains = ['localhost', '127.0.0.1', new URL(config.publicUrl).hostname];
  const started = performance.now();
  const seeded = await seedDemo(app.services, systemClock, {
    domains,
    hostedProfiles: DEMO_HOSTED_PROFILES,
    membersOnlySite: true,
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (seeded) console.log(`Seeded the demo site with ${DEMO_HOSTED_PROFILES} hosted profiles in ${seconds} s.`);
}

const purge = async () => {
  const purged = await app.services.accounts.purgeDeletedAccounts();
  if (purged > 0) app.log.info({ purged }, 'purged accounts past their deletion grace period');
};
await purge();
const purgeTimer = setInterval(() => void purge().catch((err) => app.log.error(err)), PURGE_INTERVAL_MS);
const stopReminders = app.services.notifications.scheduleReminders();

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    clearInterval(purgeTimer);
    stopReminders();
    await app.close();
    await db.destroy();
    mailer.close();
    process.exit(0);
  });
}

await app.listen({ port: config.port, host: config.host });
console.log(`Amora is running at ${config.publicUrl}`);
if (config.seedDemo) console.log(`Demo member: ${DEMO_MEMBER.email} / password ${DEMO_MEMBER.password}`);
if (!config.smtpUrl && config.nodeEnv !== 'production') console.log(`Dev mailbox: ${config.publicUrl}/dev/mailbox`);
