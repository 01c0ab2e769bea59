/**
 * `npm run seed -- --profiles 100000 [--seed 7]`: adds hosted profiles in bulk to the demo site of
 * the configured database (DATABASE_URL, or SQLite under DATA_DIR), for load tests and demos.
 * Migrates and creates the demo site first when the database is fresh.
 */
import { parseArgs } from 'node:util';
import { SHARED_AVATARS, seedHostedProfilesInBulk } from '../demo/bulk-seed.js';
import { DEMO_DOMAIN, DEMO_SEED, seedDemo } from '../demo/seed.js';
import { systemClock } from '../platform/clock.js';
import { failWith, withDatabase } from './tool.js';

const fail: (message: string) => never = failWith('seed');

const { values } = parseArgs({
  options: { profiles: { type: 'string', default: '1000' }, seed: { type: 'string', default: String(DEMO_SEED) } },
});
const profiles = Number(values.profiles);
const seed = Number(values.seed);
if (!Number.isInteger(profiles) || profiles < 1) fail(`--profiles "${values.profiles}" is not a positive whole number`);
if (!Number.isInteger(seed)) fail(`--seed "${values.seed}" is not a whole number`);

const started = performance.now();
await withDatabase(fail, async ({ config, db, engine, services, where }) => {
  const domains = ['localhost', '127.0.0.1', new URL(config.publicUrl).hostname];
  if (await seedDemo(services, systemClock, { domains, hostedProfiles: 0 })) {
    console.log(`Created the demo site (${DEMO_DOMAIN}) in ${engine} database ${where}.`);
  }
  const site = await services.sites.findByDomain(DEMO_DOMAIN);
  if (!site) fail(`the database has sites but no demo site (${DEMO_DOMAIN}); seed only adds to the demo site`);
  console.log(`Adding ${profiles.toLocaleString('en')} hosted profiles to ${site.name} (${engine}: ${where})…`);
  let lastReport = performance.now();
  const result = await seedHostedProfilesInBulk(db, services, site, systemClock, {
    count: profiles,
    seed,
    onProgress(stored) {
      if (performance.now() - lastReport < 5000 && stored < profiles) return;
      lastReport = performance.now();
      console.log(`  ${stored.toLocaleString('en')} profiles stored`);
    },
  });
  const seconds = (ms: number) => (ms / 1000).toFixed(1);
  console.log(
    `Added ${result.profiles.toLocaleString('en')} hosted profiles and ${result.photos.toLocaleString('en')} photo rows ` +
      `(sharing ${SHARED_AVATARS} avatar images, rendered in ${seconds(result.avatarMs)} s; rows inserted in ` +
      `${seconds(result.insertMs)} s, ${Math.round(result.profiles / (result.insertMs / 1000)).toLocaleString('en')} profiles/s). ` +
      `Total ${seconds(performance.now() - started)} s.`,
  );
});
