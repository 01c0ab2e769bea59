/**
 * The scale part: `--scale-profiles` profiles and `--scale-messages` messages on a fresh PostgreSQL
 * database, seeded as for the usual part (timed), then the member's calls at the rate.
 */
import { atTheRate, table } from './at-rate.js';
import { runLoad, signedInBrowser, throughputLoad } from './load.js';
import {
  engines,
  LIKES,
  rate,
  SCALE_SCENARIOS,
  SCALE_SEED_SECONDS,
  seconds,
  values,
  WARM_UP_SECONDS,
} from './options.js';
import { seededDatabase } from './seed.js';
import { productionEnv, startApp } from './server-process.js';

export async function benchScale() {
  const size = { profiles: Number(values['scale-profiles']), messages: Number(values['scale-messages']) };
  if (size.profiles <= 0 || !engines.includes('postgres')) return null;
  const database = await seededDatabase('postgres', { ...size, dashboard: false });
  if (!database) return null;
  const { dataDir, databaseUrl, scenarios, seedSeconds, seedParts, remove } = database;
  try {
    const app = await startApp(productionEnv(dataDir, databaseUrl));
    try {
      const measured = scenarios.filter((scenario) => SCALE_SCENARIOS.includes(scenario.name));
      const headers = await signedInBrowser(app.base);
      const warmUp = measured.flatMap((scenario) => scenario.paths.slice(0, 50));
      await runLoad(app.base, { ...throughputLoad(warmUp, headers), seconds: WARM_UP_SECONDS });
      const setup = `postgres, ${size.profiles.toLocaleString('en')} profiles`;
      return { size, seedSeconds, seedParts, rows: await atTheRate(app, measured, headers, setup) };
    } finally {
      await app.stop();
    }
  } finally {
    await remove();
  }
}

/** The scale part's section of the report. */
export function scaleReport(scale: Awaited<ReturnType<typeof benchScale>>): string[] {
  return scale
    ? [
        `## At scale: ${scale.size.profiles.toLocaleString('en')} profiles, ${scale.size.messages.toLocaleString('en')} messages`,
        '',
        `A fresh PostgreSQL database seeded as above: the profiles and their photo rows in ` +
          `${scale.seedParts.profilesSeconds.toFixed(0)} s, ${LIKES.perProfile} likes a profile in ` +
          `${scale.seedParts.likesSeconds.toFixed(0)} s, the messages in ${scale.seedParts.messagesSeconds.toFixed(0)} s: ` +
          `${scale.seedSeconds.toFixed(0)} s in all ` +
          `(goal under ${SCALE_SEED_SECONDS} s: ${scale.seedSeconds < SCALE_SEED_SECONDS ? 'met' : 'missed'}); ` +
          `then each call at ${rate} requests/s for ${seconds} s, one process, as above.`,
        '',
        table(scale.rows),
      ]
    : ['## At scale', '', 'Not measured (no PostgreSQL, or --scale-profiles 0).'];
}
