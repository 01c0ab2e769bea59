/**
 * `npm run bench`'s options (`npm run bench -- --help` prints each in a line), read once from the
 * command line, and the sizes and budgets every part of the bench shares.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { ChatSeedOptions } from './chat-seed.js';

export type Engine = 'sqlite' | 'postgres';

/** Each option of `npm run bench`, with the one line `--help` prints for it. */
const OPTIONS = {
  engines: {
    type: 'string',
    default: 'sqlite,postgres',
    help: 'engines measured, comma-separated; none runs the realtime part only',
  },
  scenarios: {
    type: 'string',
    default: 'settings,session,search,name,profile,likes,chats,chat',
    help: 'API calls measured at the rate, comma-separated',
  },
  profiles: { type: 'string', default: '100000', help: 'profiles of the usual part; 0 leaves it out' },
  rate: { type: 'string', default: '500', help: 'requests a second each call is measured at' },
  seconds: { type: 'string', default: '15', help: 'seconds each call is measured for' },
  connections: {
    type: 'string',
    default: '50',
    help: 'the throughput table: connections each keeping one request in flight',
  },
  'throughput-seconds': { type: 'string', default: '8', help: 'the throughput table: seconds of each measurement' },
  processes: {
    type: 'string',
    default: '1,2',
    help: 'server processes on PostgreSQL joined by Redis, for the throughput of more than one',
  },
  out: { type: 'string', default: path.join(import.meta.dirname, 'results.md'), help: 'where the results are written' },
  'chat-rates': { type: 'string', default: '100,500,1000', help: 'the realtime part: messages a second' },
  'chat-pairs': { type: 'string', default: '100', help: 'the realtime part: pairs of members; 0 skips it' },
  sockets: { type: 'string', default: '10000', help: 'sockets for the memory figure; 0 leaves it out' },
  'scale-profiles': {
    type: 'string',
    default: '1000000',
    help: 'the scale part on PostgreSQL: profiles of its fresh database; 0 skips it',
  },
  'scale-messages': { type: 'string', default: '10000000', help: 'the scale part: messages of its database' },
  'dashboard-runs': {
    type: 'string',
    default: '5',
    help: 'runs of each back-office dashboard figure, the median shown; 0 leaves the dashboard out',
  },
  profile: {
    type: 'string',
    help: 'a folder for a CPU profile of each server process (Chrome DevTools); pick the calls with --scenarios',
  },
  lighthouse: {
    type: 'string',
    default: '/,/members,/pages/terms,/landers/gallery,/landers/tinderswipe,/landers/video,/members/1/landing',
    help: "pages of Lighthouse's mobile audit, comma-separated; '' for none",
  },
  'lighthouse-runs': { type: 'string', default: '5', help: 'Lighthouse runs a page, the median shown' },
  'inp-runs': { type: 'string', default: '5', help: 'visits whose taps measure INP (bench/inp.ts); 0 for none' },
  baseline: {
    type: 'string',
    help: "another build's web/dist folder, measured beside this one (first load, Lighthouse, INP)",
  },
  help: { type: 'boolean', short: 'h', help: 'prints these options and exits' },
} as const;

type Options = typeof OPTIONS;

const parseOptions = () =>
  parseArgs({
    options: Object.fromEntries(
      Object.entries(OPTIONS).map(([name, { help: _help, ...option }]) => [name, option]),
    ) as { [Name in keyof Options]: Omit<Options[Name], 'help'> },
  });

/** The options given; an unknown or malformed one is named, with where to read the others, and nothing runs. */
function given(): ReturnType<typeof parseOptions>['values'] {
  try {
    return parseOptions().values;
  } catch (error) {
    console.error(
      `${error instanceof Error ? error.message : String(error)}; npm run bench -- --help lists the options.`,
    );
    process.exit(2);
  }
}

export const values = given();

/** What `--help` prints: each option in one line, with its default. */
function usage(): string {
  const names = Object.keys(OPTIONS).map((name) => (name === 'help' ? '-h, --help' : `--${name}`));
  const width = Math.max(...names.map((name) => name.length)) + 2;
  const lines = Object.values(OPTIONS).map((option, index) => {
    const given = 'default' in option ? option.default : undefined;
    const shown = option === OPTIONS.out ? path.relative(process.cwd(), OPTIONS.out.default) : given;
    return `  ${names[index]?.padEnd(width)}${option.help}${shown === undefined ? '' : ` [${shown || "''"}]`}`;
  });
  return [
    'npm run bench -- [options]: the API, realtime, scale, dashboard and web measurements (bench/run.ts,',
    'docs/measurements.md "Running the bench"). PostgreSQL: BENCH_POSTGRES_URL; Redis: REDIS_URL.',
    '',
    ...lines,
  ].join('\n');
}

if (values.help) {
  console.log(usage());
  process.exit(0);
}

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
/** The issue's bound on seeding the scale part's database. */
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
