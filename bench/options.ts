/**
 * `npm run bench`'s options (documented in bench/run.ts), read once from the command line, and the
 * sizes and budgets every part of the bench shares.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { ChatSeedOptions } from './chat-seed.js';

export type Engine = 'sqlite' | 'postgres';

export const { values } = parseArgs({
  options: {
    engines: { type: 'string', default: 'sqlite,postgres' },
    scenarios: { type: 'string', default: 'settings,session,search,name,profile,likes,chats,chat' },
    profiles: { type: 'string', default: '100000' },
    rate: { type: 'string', default: '500' },
    seconds: { type: 'string', default: '15' },
    /** The throughput table: as many requests as this many connections keep in flight, for this long. */
    connections: { type: 'string', default: '50' },
    'throughput-seconds': { type: 'string', default: '8' },
    /** Server processes on PostgreSQL joined by Redis, for the throughput of more than one. */
    processes: { type: 'string', default: '1,2' },
    out: { type: 'string', default: path.join(import.meta.dirname, 'results.md') },
    /** The realtime part: messages a second, pairs of members, sockets for the memory figure; 0 pairs skips it. */
    'chat-rates': { type: 'string', default: '100,500,1000' },
    'chat-pairs': { type: 'string', default: '100' },
    sockets: { type: 'string', default: '10000' },
    /** The scale part on PostgreSQL: profiles (0 skips it) and messages. */
    'scale-profiles': { type: 'string', default: '1000000' },
    'scale-messages': { type: 'string', default: '10000000' },
    /** Runs of each dashboard figure, of which the median is shown; 0 for none. */
    'dashboard-runs': { type: 'string', default: '5' },
    /** Writes a CPU profile of each server process to this folder (open in Chrome DevTools); pick the calls with --scenarios. */
    profile: { type: 'string' },
    /** Pages for Lighthouse's mobile audit, comma-separated; empty for none. */
    lighthouse: {
      type: 'string',
      default: '/,/members,/pages/terms,/landers/gallery,/landers/tinderswipe,/landers/video,/members/1/landing',
    },
    /** Lighthouse runs per page; the table shows the median. */
    'lighthouse-runs': { type: 'string', default: '5' },
    /** Visits whose taps measure INP (bench/inp.ts); 0 for none. */
    'inp-runs': { type: 'string', default: '5' },
    /** Another build's web/dist folder, measured beside this one's (first load, Lighthouse, INP). */
    baseline: { type: 'string' },
  },
});
/** `--engines none` runs the realtime part only. */
export const engines = values.engines
  .split(',')
  .map((engine) => engine.trim())
  .filter((engine) => engine !== 'none') as Engine[];
export const scenarioNames = values.scenarios.split(',').map((name) => name.trim());
export const profiles = Number(values.profiles);
export const rate = Number(values.rate);
export const seconds = Number(values.seconds);
export const dashboardRuns = Number(values['dashboard-runs']);
export const WARM_UP_SECONDS = 5;
/** The calls the scale part measures. */
export const SCALE_SCENARIOS = ['search', 'name', 'profile', 'likes', 'chats', 'chat'];
/** The bound on seeding the scale part's database. */
export const SCALE_SEED_SECONDS = 300;
export const CONNECTIONS = 100;
export const BUDGET_P99_MS = 25;
export const LIKES = { received: 200, unseen: 20, given: 100, perProfile: 5 };
type ChatsSize = Omit<ChatSeedOptions, 'siteId' | 'memberProfileId' | 'profileIds'>;
/** 1,000,000 messages: the demo member's 100 conversations of 1,000, and 9,000 others of 100. */
export const CHATS: ChatsSize = {
  memberConversations: 100,
  memberMessages: 1000,
  otherConversations: 9000,
  otherMessages: 100,
  unread: 3,
};
/** The demo member's chats as in CHATS, and as many others of 100 as make `messages` in all. */
export const chatsOf = (messages: number): ChatsSize => ({
  ...CHATS,
  otherConversations: Math.max(
    0,
    Math.round((messages - CHATS.memberConversations * CHATS.memberMessages) / CHATS.otherMessages),
  ),
});

/** Node's options for a server process: a CPU profile of it with --profile. */
export const profilerOptions = (name: string) =>
  values.profile ? ['--cpu-prof', `--cpu-prof-dir=${values.profile}`, `--cpu-prof-name=${name}.cpuprofile`] : [];
