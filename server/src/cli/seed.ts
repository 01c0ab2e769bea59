/**
 * `npm run seed -- --profiles 100000 [--seed 7]`: adds hosted profiles in bulk to the demo site of
 * the configured database (DATABASE_URL, or SQLite under DATA_DIR), for load tests and demos.
 * Migrates and creates the demo site first when the database is fresh.
 */
import { parseArgs } from 'node:util';
import { systemClock } from '../clock.js';
import { ConfigError, loadConfig } from '../config.js';
import { migrateToLatest, openDatabase } from '../db/index.js';
import { createDevMailbox } from '../mail/mailer.js';
import { mediaRoot } from '../members/photo-files.js';
import { DEMO_DOMAIN, DEMO_SEED, SHARED_AVATARS, seedDemo, seedHostedProfilesInBulk } from '../seed.js';
import { createServices } from '../services.js';

function fail(message: string): never {
  console.error(`amora seed: ${message}`);
  process.exit(1);
}

const { values } = parseArgs({
  options: { profiles: { type: 'string', default: '1000' }, seed: { type: 'string', default: String(DEMO_SEED) } },
});
const profiles = Number(values.profiles);
const seed = Number(values.seed);
if (!Number.isInteger(profiles) || profiles < 1) fail(`--profiles "${values.profiles}" is not a positive whole number`);
if (!Number.isInteger(seed)) fail(`--seed "${values.seed}" is not a whole number`);

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}

const started = performance.now();
const { db, engine } = openDatabase(config.database);
const where =
  config.database.engine === 'sqlite' ? config.database.file : new URL(config.database.url).pathname.slice(1);
try {
  await migrateToLatest(db, engine);
  const mailer = createDevMailbox(db, systemClock);
  const services = createServices({ db, clock: systemClock, mailer, mediaRoot: mediaRoot(config.dataDir) });
  const domains = ['localhost', '127.0.0.1', new URL(config.publicUrl).hostname];
  if (await seedDemo(db, services, systemClock, { domains, hostedProfiles: 0 })) {
    console.log(`Created the demo site (${DEMO_DOMAIN}) in ${engine} database ${where}.`);
  }
  const site = await services.sites.findByDomain(DEMO_DOMAIN);
  if (!site) fail(`the database has sites but no demo site (${DEMO_DOMAIN}); seed only adds to the demo site`);
  console.log(`Adding ${profiles.toLocaleString('en')} hosted profiles to ${site.name} (${engine}: ${where})…`);
  let lastReport = performance.now();
  const result = await seedHostedProfilesInBulk(db, site, systemClock, {
    count: profiles,
    mediaRoot: mediaRoot(config.dataDir),
    seed,
    onProgress(stored) {
      if (performance.now() - lastReport < 5000 && stored < profiles) return;
      lastReport = performance.now();
      console.log(`  ${stored.toLocaleString('en')} profiles stored`);
    },
  });
  mailer.close();
  const seconds = (ms: number) => (ms / 1000).toFixed(1);
  console.log(
    `Added ${result.profiles.toLocaleString('en')} hosted profiles and ${result.photos.toLocaleString('en')} photo rows ` +
      `(sharing ${SHARED_AVATARS} avatar images, rendered in ${seconds(result.avatarMs)} s; rows inserted in ` +
      `${seconds(result.insertMs)} s, ${Math.round(result.profiles / (result.insertMs / 1000)).toLocaleString('en')} profiles/s). ` +
      `Total ${seconds(performance.now() - started)} s.`,
  );
} finally {
  await db.destroy();
}
