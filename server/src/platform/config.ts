/**
 * The one place that reads the environment. Every variable is validated at start-up;
 * a bad value stops the process with a single line naming the variable.
 */
import { isIP } from 'node:net';
import path from 'node:path';
import { type Env, fail } from './config-env.js';
import { type LinkKeys, readLinkKeys, readVapidKeys, type VapidKeys } from './config-keys.js';

export { ConfigError } from './config-env.js';
export { LINK_KEY_MIN_BYTES, type LinkKeys, type VapidKeys } from './config-keys.js';

export type DatabaseConfig = { engine: 'sqlite'; file: string } | { engine: 'postgres'; url: string };

export interface S3Config {
  bucket: string;
  /** Another store's address than AWS's (MinIO, Ceph, R2, s3rver…). */
  endpoint: string | null;
  region: string;
  /** Addresses as <endpoint>/<bucket>/<key>, as most S3-compatible stores want. */
  forcePathStyle: boolean;
  /** Unset: the AWS SDK's default chain (environment, profile, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
}

/** Where photos and data exports are kept: under DATA_DIR/media, or in an S3 bucket. */
type MediaConfig = { store: 'disk' } | { store: 's3'; s3: S3Config };

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  database: DatabaseConfig;
  redisUrl: string | null;
  /** Prefix of every Redis key, so deployments can share one Redis. */
  redisPrefix: string;
  smtpUrl: string | null;
  /** How long a notification mail waits to gather what else happens (a burst of messages: one mail). */
  mailBundleSeconds: number;
  /** The bearer token the mail provider's bounce and complaint webhook must send; unset, the webhook is off. */
  mailEventsToken: string | null;
  /** The text-message gateway; without it, texts go to the dev outbox (and production offers no direct debit). */
  smsUrl: string | null;
  paymentProvider: 'sandbox' | 'mollie';
  mollieApiKey: string | null;
  /** Mollie's API address; another only to test against a stand-in. */
  mollieApiUrl: string;
  nodeEnv: 'development' | 'production' | 'test';
  seedDemo: boolean;
  /** Multiplies every per-IP rate limit; raised for end-to-end tests and load tests. */
  rateLimitScale: number;
  /** Serves the built web app from web/dist when set. */
  webDist: string | null;
  /**
   * Which proxies' X-Forwarded-* headers to believe (Fastify's trustProxy): none, a hop count, or
   * their addresses. Believing any would let every request claim a new address past the rate limits.
   */
  trustProxy: false | number | string[];
  /**
   * How long a stopping instance keeps serving while its readiness check says it is going away,
   * so load balancers stop sending it traffic before it stops listening.
   */
  shutdownDrainSeconds: number;
  /** Serving processes of this instance (node:cluster); they share the port. */
  processes: number;
  /** The VAPID pair that signs pushes; null: kept in the database (never in production). */
  vapidKeys: VapidKeys | null;
  /** The key that signs unsubscribe links, and the one before it; null: kept in the database (never in production). */
  linkKeys: LinkKeys | null;
  media: MediaConfig;
  /** Where the addresses of removed public photos are POSTed, for the CDN to forget them; unset, nothing is. */
  cdnPurgeUrl: string | null;
  /** Who may read GET /metrics without the token: addresses and CIDR ranges, matched against request.ip. */
  metricsAllow: string[];
  /** The bearer token that opens GET /metrics from any address; unset, only METRICS_ALLOW's may read it. */
  metricsToken: string | null;
  overload: OverloadLimits;
}

/** Past any of these, API calls are refused with 503 at once rather than queued (http/overload.ts); 0: no limit. */
export interface OverloadLimits {
  /** The event loop's mean delay over its last sample, in ms. */
  eventLoopDelayMs: number;
  /** The share of its last sample the event loop was busy, 0 to 1. */
  eventLoopUtilization: number;
  /** Database calls waiting for a connection. */
  databaseWaiting: number;
}

function readPort(env: Env): number {
  const raw = env.PORT ?? '3000';
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port < 1 || port > 65535) fail('PORT', `"${raw}" is not a port number (1-65535)`);
  return port;
}

function readUrl(env: Env, name: string, protocols: string[]): string | null {
  const raw = env[name];
  if (raw === undefined || raw === '') return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    fail(name, `"${raw}" is not a URL`);
  }
  if (!protocols.includes(url.protocol)) {
    fail(name, `"${raw}" must start with ${protocols.map((p) => `${p}//`).join(' or ')}`);
  }
  return raw;
}

function readDatabase(env: Env, dataDir: string): DatabaseConfig {
  const raw = env.DATABASE_URL;
  if (raw === undefined || raw === '') return { engine: 'sqlite', file: path.join(dataDir, 'amora.sqlite') };
  if (raw.startsWith('postgres://') || raw.startsWith('postgresql://')) {
    return { engine: 'postgres', url: readUrl(env, 'DATABASE_URL', ['postgres:', 'postgresql:']) as string };
  }
  if (raw.startsWith('sqlite:')) {
    const file = raw.slice('sqlite:'.length).replace(/^\/\//, '');
    if (file === '') fail('DATABASE_URL', 'sqlite: needs a file path, e.g. sqlite:./data/amora.sqlite');
    return { engine: 'sqlite', file: path.resolve(file) };
  }
  return fail('DATABASE_URL', `"${raw}" must be postgres://… or sqlite:<file>`);
}

function readChoice<T extends string>(env: Env, name: string, choices: readonly T[], fallback: T): T {
  const raw = env[name] ?? fallback;
  if (!(choices as readonly string[]).includes(raw)) fail(name, `"${raw}" must be one of ${choices.join(', ')}`);
  return raw as T;
}

function readPositiveNumber(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) fail(name, `"${raw}" must be a positive number`);
  return value;
}

function readSeconds(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) fail(name, `"${raw}" must be a number of seconds (0 or more)`);
  return value;
}

/**
 * More than one serving process needs what joins instances: PostgreSQL (two processes writing one
 * SQLite file refuse each other's transactions) and Redis (a message sent through one process
 * reaches sockets on the others only through the event bus).
 */
function readProcesses(env: Env, database: DatabaseConfig, redisUrl: string | null): number {
  const raw = env.PROCESSES;
  if (raw === undefined || raw === '') return 1;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 64)
    fail('PROCESSES', `"${raw}" must be a whole number from 1 to 64`);
  if (value > 1 && database.engine !== 'postgres') fail('PROCESSES', 'more than 1 needs PostgreSQL (DATABASE_URL)');
  if (value > 1 && !redisUrl) fail('PROCESSES', 'more than 1 needs REDIS_URL, which joins the processes');
  return value;
}

/** A limit from 0 (none) to `most`. */
function readLimit(env: Env, name: string, fallback: number, most = Number.POSITIVE_INFINITY): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  const range = Number.isFinite(most) ? `from 0 to ${most}` : '0 or more';
  if (!(value >= 0 && value <= most)) fail(name, `"${raw}" must be a number ${range} (0: no limit)`);
  return value;
}

function readBoolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes'].includes(raw)) return true;
  if (['0', 'false', 'no'].includes(raw)) return false;
  return fail(name, `"${raw}" must be true or false`);
}

/** An address, or an address range in CIDR notation (10.0.0.0/8, fd00::/8). */
function isAddressOrRange(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const maxBits = version === 4 ? 32 : 128;
  return /^\d+$/.test(bits) && Number(bits) <= maxBits;
}

/** A comma list of addresses and CIDR ranges; `problem` says what else the variable may be. */
function readAddresses(name: string, raw: string, problem: (wrong: string) => string): string[] {
  const entries = raw.split(',').map((entry) => entry.trim());
  const wrong = entries.find((entry) => !isAddressOrRange(entry));
  if (wrong !== undefined) fail(name, problem(wrong));
  return entries;
}

function readTrustProxy(env: Env): false | number | string[] {
  const raw = (env.TRUST_PROXY ?? '').trim();
  if (raw === '') return false;
  if (/^\d+$/.test(raw)) return Number(raw) === 0 ? false : Number(raw);
  return readAddresses(
    'TRUST_PROXY',
    raw,
    (wrong) => `"${wrong}" is neither a hop count nor a proxy address or CIDR range (e.g. 1 or 10.0.0.1,10.1.0.0/16)`,
  );
}

/** Loopback and the private ranges: where a Prometheus beside the instances scrapes from. */
const METRICS_ALLOW_DEFAULT = ['127.0.0.0/8', '::1', '10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'];

function readMetricsAllow(env: Env): string[] {
  const raw = (env.METRICS_ALLOW ?? '').trim();
  if (raw === '') return METRICS_ALLOW_DEFAULT;
  if (raw === 'none') return [];
  return readAddresses(
    'METRICS_ALLOW',
    raw,
    (wrong) => `"${wrong}" is not an address or CIDR range (e.g. 10.0.0.5,192.168.0.0/16), nor none`,
  );
}

/** S3 bucket names: 3 to 63 lower-case letters, digits, dots and hyphens. */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

function readMedia(env: Env): MediaConfig {
  const store = readChoice(env, 'MEDIA_STORE', ['disk', 's3'] as const, 'disk');
  if (store === 'disk') return { store };
  const bucket = env.S3_BUCKET ?? '';
  if (bucket === '') fail('S3_BUCKET', 'is required when MEDIA_STORE=s3');
  if (!BUCKET.test(bucket)) fail('S3_BUCKET', `"${bucket}" is not a bucket name (3-63 of a-z, 0-9, . and -)`);
  const accessKeyId = env.S3_ACCESS_KEY_ID || null;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || null;
  if ((accessKeyId === null) !== (secretAccessKey === null)) {
    fail(
      accessKeyId ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID',
      'is required with the other S3 key (or set neither)',
    );
  }
  const endpoint = readUrl(env, 'S3_ENDPOINT', ['http:', 'https:']);
  return {
    store,
    s3: {
      bucket,
      endpoint,
      region: env.S3_REGION || 'us-east-1',
      // Stores other than AWS mostly know only path-style addresses.
      forcePathStyle: readBoolean(env, 'S3_FORCE_PATH_STYLE', endpoint !== null),
      credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : null,
    },
  };
}

const DEFAULT_MAIL_BUNDLE_SECONDS = 300;
/** Measured with the bench's chat part (docs/measurements.md): accepted sends stay fast, the rest are refused. */
const DEFAULT_OVERLOAD: OverloadLimits = { eventLoopDelayMs: 100, eventLoopUtilization: 0.95, databaseWaiting: 20 };
/** Longer than a load balancer's health-check interval times its failure threshold (e.g. 2 × 2 s). */
const PRODUCTION_DRAIN_SECONDS = 5;

/** A shared secret: long enough that it cannot be guessed. */
function readToken(env: Env, name: string): string | null {
  const raw = env[name];
  if (raw === undefined || raw === '') return null;
  if (raw.length < 24 || !/^[\x21-\x7e]+$/.test(raw))
    fail(name, 'must be at least 24 printable characters without spaces');
  return raw;
}

export function loadConfig(env: Env = process.env): Config {
  const port = readPort(env);
  const nodeEnv = readChoice(env, 'NODE_ENV', ['development', 'production', 'test'] as const, 'development');
  const production = nodeEnv === 'production';
  // Outside production the development mailbox, which holds reset links, must not face a network.
  const host = env.HOST || (production ? '0.0.0.0' : '127.0.0.1');
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const paymentProvider = readChoice(env, 'PAYMENT_PROVIDER', ['sandbox', 'mollie'] as const, 'sandbox');
  // The sandbox's checkout lets the payer choose "paid": credits for nothing.
  if (production && paymentProvider === 'sandbox') {
    fail('PAYMENT_PROVIDER', 'must be mollie when NODE_ENV=production (the sandbox hands out credits for nothing)');
  }
  const mollieApiKey = env.MOLLIE_API_KEY || null;
  if (paymentProvider === 'mollie' && !mollieApiKey) fail('MOLLIE_API_KEY', 'is required when PAYMENT_PROVIDER=mollie');
  const mollieApiUrl = readUrl(env, 'MOLLIE_API_URL', ['http:', 'https:']) ?? 'https://api.mollie.com/v2/';
  const publicUrl = readUrl(env, 'PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`;
  const smtpUrl = readUrl(env, 'SMTP_URL', ['smtp:', 'smtps:']);
  if (production && !smtpUrl)
    fail('SMTP_URL', 'is required when NODE_ENV=production (there is no development mailbox there)');
  const database = readDatabase(env, dataDir);
  const redisUrl = readUrl(env, 'REDIS_URL', ['redis:', 'rediss:']);
  return {
    port,
    host,
    publicUrl: publicUrl.replace(/\/$/, ''),
    dataDir,
    database,
    redisUrl,
    redisPrefix: env.REDIS_PREFIX || 'amora:',
    smtpUrl,
    smsUrl: readUrl(env, 'SMS_URL', ['http:', 'https:']),
    mailEventsToken: readToken(env, 'MAIL_EVENTS_TOKEN'),
    mailBundleSeconds: readPositiveNumber(env, 'MAIL_BUNDLE_SECONDS', DEFAULT_MAIL_BUNDLE_SECONDS),
    paymentProvider,
    mollieApiKey,
    mollieApiUrl: mollieApiUrl.endsWith('/') ? mollieApiUrl : `${mollieApiUrl}/`,
    nodeEnv,
    seedDemo: readBoolean(env, 'SEED_DEMO', !production),
    rateLimitScale: readPositiveNumber(env, 'RATE_LIMIT_SCALE', 1),
    webDist: env.WEB_DIST === '' ? null : path.resolve(env.WEB_DIST ?? 'web/dist'),
    trustProxy: readTrustProxy(env),
    shutdownDrainSeconds: readSeconds(env, 'SHUTDOWN_DRAIN_SECONDS', production ? PRODUCTION_DRAIN_SECONDS : 0),
    processes: readProcesses(env, database, redisUrl),
    vapidKeys: readVapidKeys(env, production),
    linkKeys: readLinkKeys(env, production),
    media: readMedia(env),
    cdnPurgeUrl: readUrl(env, 'CDN_PURGE_URL', ['http:', 'https:']),
    metricsAllow: readMetricsAllow(env),
    metricsToken: readToken(env, 'METRICS_TOKEN'),
    overload: {
      eventLoopDelayMs: readLimit(env, 'OVERLOAD_EVENT_LOOP_DELAY_MS', DEFAULT_OVERLOAD.eventLoopDelayMs),
      eventLoopUtilization: readLimit(env, 'OVERLOAD_EVENT_LOOP_UTILIZATION', DEFAULT_OVERLOAD.eventLoopUtilization, 1),
      databaseWaiting: readLimit(env, 'OVERLOAD_DATABASE_WAITING', DEFAULT_OVERLOAD.databaseWaiting),
    },
  };
}
