/** The app built in the bench's own process on a fresh database, migrated, with the demo site seeded. */
import { buildApp } from '../server/src/app.js';
import { DEMO_DOMAIN, seedDemo } from '../server/src/demo/seed.js';
import { systemClock } from '../server/src/platform/clock.js';
import { loadConfig } from '../server/src/platform/config.js';
import { migrateToLatest, openDatabase } from '../server/src/platform/db/index.js';
import { createDevMailbox } from '../server/src/platform/mail/mailer.js';

export async function openDemoApp(env: Record<string, string>) {
  const config = loadConfig(env);
  const { db, engine } = openDatabase(config.database);
  await migrateToLatest(db, engine);
  const mailer = createDevMailbox(db, systemClock);
  const app = await buildApp({ config, db, clock: systemClock, mailer });
  const close = async () => {
    await app.close();
    await db.destroy();
    mailer.close();
  };
  try {
    await seedDemo(app.services, systemClock, { domains: ['localhost', '127.0.0.1'], hostedProfiles: 0 });
    const site = await app.services.sites.findByDomain(DEMO_DOMAIN);
    if (!site) throw new Error('the demo site was not seeded');
    return { db, engine, app, site, close };
  } catch (error) {
    await close();
    throw error;
  }
}
