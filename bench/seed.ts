/**
 * The bench's database for one engine: a fresh one, seeded in bulk in this process like `npm run seed`
 * (profiles, likes, chats and, for the dashboard, members with payments), and the calls to measure on it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHATS_PAGE_SIZE, REQUEST_TYPE_CLIENT, REQUEST_TYPE_HEADER } from '@amora/common';
import { sql } from 'kysely';
import { seedHostedProfilesInBulk, seedLikesInBulk } from '../server/src/demo/bulk-seed.js';
import { DEMO_MEMBER } from '../server/src/demo/seed.js';
import * as accountQueries from '../server/src/identity/accounts/queries.js';
import * as profileQueries from '../server/src/members/profiles/queries.js';
import { systemClock } from '../server/src/platform/clock.js';
import type { Db } from '../server/src/platform/db/index.js';
import type { Site } from '../server/src/platform/site.js';
import { conversationsOf, seedChatsInBulk } from './chat-seed.js';
import { benchDashboard, seedAccountsInBulk } from './dashboard.js';
import { openDemoApp } from './demo-app.js';
import { CHATS, chatsOf, dashboardRuns, type Engine, LIKES, scenarioNames } from './options.js';
import { postgresAdminUrl, throwAwayDatabase } from './postgres.js';
import { productionEnv } from './server-process.js';

/** A rotating mix of searches: none, gender, gender+country, a narrow one with ages, page 3. */
async function searchPaths(db: Db, siteId: number): Promise<string[]> {
  const places = await db
    .selectFrom('profiles')
    .select(['country', 'region'])
    .where('site_id', '=', siteId)
    .where('hosted', '=', 1)
    .orderBy(sql`random()`)
    .limit(100)
    .execute();
  const paths: string[] = [];
  for (const [i, place] of places.entries()) {
    const gender = i % 3 === 0 ? 'male' : 'female';
    const minAge = 20 + (i % 20);
    paths.push(
      '/api/members.php',
      `/api/members.php?gender=${gender}`,
      `/api/members.php?gender=${gender}&country=${place.country}`,
      `/api/members.php?gender=${gender}&country=${place.country}&countryregion=${place.region}&min_age=${minAge}&max_age=${minAge + 15}`,
      '/api/members.php?page=3',
    );
  }
  return paths;
}

/** The top bar's search: the first three letters of random members' names. */
async function namePaths(db: Db, siteId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('profiles')
    .select('name')
    .where('site_id', '=', siteId)
    .orderBy(sql`random()`)
    .limit(500)
    .execute();
  return rows.map((row) => `/api/members.php?q=${encodeURIComponent(row.name.slice(0, 3))}`);
}

async function memberPaths(db: Db, siteId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('profiles')
    .select('id')
    .where('site_id', '=', siteId)
    .where('hosted', '=', 1)
    .orderBy(sql`random()`)
    .limit(1000)
    .execute();
  return rows.map((row) => `/api/member.php?id=${row.id}`);
}

async function demoProfileId(db: Db, site: Site): Promise<number> {
  const user = await accountQueries.findUserByEmail(db, site.id, DEMO_MEMBER.email);
  const profile = user && (await profileQueries.findProfileByUser(db, user.id));
  if (!profile) throw new Error('the demo member was not seeded');
  return profile.id;
}

export interface Scenario {
  name: string;
  title: string;
  paths: string[];
  headers?: Record<string, string>;
}

/** The calls to measure, on the seeded database. */
async function scenariosOf(db: Db, siteId: number, memberProfileId: number): Promise<Scenario[]> {
  const conversations = await conversationsOf(db, memberProfileId);
  const all: Record<string, () => Promise<Omit<Scenario, 'name'>>> = {
    settings: async () => ({ title: 'settings: GET /api/settings.php', paths: ['/api/settings.php'] }),
    session: async () => ({ title: 'session: GET /api/user.php (signed in)', paths: ['/api/user.php'] }),
    search: async () => ({
      title: 'search: GET /api/members.php (mixed filters)',
      paths: await searchPaths(db, siteId),
    }),
    name: async () => ({ title: 'name: GET /api/members.php?q=… (3 letters)', paths: await namePaths(db, siteId) }),
    profile: async () => ({ title: 'profile: GET /api/member.php?id=…', paths: await memberPaths(db, siteId) }),
    likes: async () => ({
      title: `likes: GET /api/likes.php (${LIKES.received} received, ${LIKES.given} given)`,
      paths: ['/api/likes.php'],
    }),
    chats: async () => ({
      title: `chats: GET /api/chats.php (the first ${CHATS_PAGE_SIZE} of ${CHATS.memberConversations} conversations)`,
      paths: ['/api/chats.php'],
    }),
    chat: async () => ({
      title: `chat: GET /api/chat.php?conversation=… (newest page of ${CHATS.memberMessages}, read by the app)`,
      paths: conversations.map((id) => `/api/chat.php?conversation=${id}`),
      headers: { [REQUEST_TYPE_HEADER]: REQUEST_TYPE_CLIENT },
    }),
  };
  const scenarios: Scenario[] = [];
  for (const name of scenarioNames) {
    const scenario = all[name];
    if (!scenario) throw new Error(`unknown scenario ${name}: choose from ${Object.keys(all).join(', ')}`);
    scenarios.push({ name, ...(await scenario()) });
  }
  return scenarios;
}

interface DatabaseSize {
  profiles: number;
  /** Messages, or 0 for none. */
  messages: number;
  /** Members and payments for the dashboard's figures. */
  dashboard: boolean;
}

/** Seconds since it was made or last called. */
function lapTimer() {
  let last = performance.now();
  return () => {
    const now = performance.now();
    const seconds = (now - last) / 1000;
    last = now;
    return seconds;
  };
}

/** A fresh database of the engine, seeded in this process; the app then runs as its own server processes. */
export async function seededDatabase(engine: Engine, size: DatabaseSize) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-bench-'));
  let databaseUrl = '';
  let dropDatabase: (() => Promise<void>) | null = null;
  if (engine === 'postgres') {
    const adminUrl = await postgresAdminUrl();
    if (!adminUrl) {
      console.warn('Skipping PostgreSQL: not reachable at 127.0.0.1:5432 (set BENCH_POSTGRES_URL).');
      fs.rmSync(dataDir, { recursive: true, force: true });
      return null;
    }
    const database = await throwAwayDatabase(adminUrl);
    databaseUrl = database.url;
    dropDatabase = database.drop;
  }
  const remove = async () => {
    await dropDatabase?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const { db, engine: opened, app, site, close } = await openDemoApp(productionEnv(dataDir, databaseUrl));
  try {
    const seedStart = performance.now();
    const lap = lapTimer();
    const seeded = await seedHostedProfilesInBulk(db, app.services, site, systemClock, { count: size.profiles });
    const profilesSeconds = lap();
    const memberProfileId = await demoProfileId(db, site);
    const likes = await seedLikesInBulk(db, app.services, site, systemClock, { memberProfileId, ...LIKES });
    const likesSeconds = lap();
    const messages =
      size.messages > 0
        ? await seedChatsInBulk(db, opened, {
            siteId: site.id,
            memberProfileId,
            profileIds: await profileQueries.hostedProfileIds(db, site.id),
            ...chatsOf(size.messages),
          })
        : 0;
    const messagesSeconds = lap();
    const payments = size.dashboard ? await seedAccountsInBulk(db, opened, site.id, size.profiles) : 0;
    const seedSeconds = (performance.now() - seedStart) / 1000;
    const seconds = (value: number) => `${value.toFixed(1)} s`;
    console.log(
      `${engine}: seeded ${seeded.profiles.toLocaleString('en')} profiles and ${seeded.photos.toLocaleString('en')} ` +
        `photos (${seconds(profilesSeconds)}), ${likes.toLocaleString('en')} likes (${seconds(likesSeconds)}), ` +
        `${messages.toLocaleString('en')} messages (${seconds(messagesSeconds)}), ` +
        `${payments.toLocaleString('en')} payments: ${seconds(seedSeconds)} in all`,
    );
    // The planner's statistics are the seed's own (as an operator's database has them after
    // `npm run seed`); only the written pages are checkpointed, so their flushing is not measured.
    if (engine === 'postgres') {
      await sql`checkpoint`.execute(db);
    } else {
      await sql`pragma wal_checkpoint(truncate)`.execute(db);
    }
    const dashboard = size.dashboard ? await benchDashboard(app.services, engine, dashboardRuns) : [];
    const scenarios = await scenariosOf(db, site.id, memberProfileId);
    const seedParts = { profilesSeconds, likesSeconds, messagesSeconds };
    return { dataDir, databaseUrl, scenarios, seedSeconds, seedParts, dashboard, remove };
  } catch (error) {
    await remove();
    throw error;
  } finally {
    await close();
  }
}
