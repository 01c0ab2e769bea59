import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { newKeysEnvironment } from './keys/deployment-keys.js';

/** The one-line message loadConfig stops with, or null when it accepts the environment. */
function problem(env: Record<string, string | undefined>): string | null {
  try {
    loadConfig(env);
    return null;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return error.message;
  }
}

describe('loadConfig', () => {
  it('starts with defaults from an empty environment', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/amora-data' });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      database: { engine: 'sqlite', file: path.join('/tmp/amora-data', 'amora.sqlite') },
      redisUrl: null,
      smtpUrl: null,
      paymentProvider: 'sandbox',
      nodeEnv: 'development',
      seedDemo: true,
      trustProxy: false,
    });
  });

  it('keeps media on disk by default, in a bucket with MEDIA_STORE=s3', () => {
    expect(loadConfig({}).media).toEqual({ store: 'disk' });
    const s3 = { MEDIA_STORE: 's3', S3_BUCKET: 'amora-media' };
    expect(loadConfig(s3).media).toEqual({
      store: 's3',
      s3: { bucket: 'amora-media', endpoint: null, region: 'us-east-1', forcePathStyle: false, credentials: null },
    });
    const minio = { ...s3, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'key' };
    expect(loadConfig(minio).media).toMatchObject({
      s3: {
        endpoint: 'http://127.0.0.1:9000',
        forcePathStyle: true,
        credentials: { accessKeyId: 'id', secretAccessKey: 'key' },
      },
    });
    expect(loadConfig({ ...minio, S3_FORCE_PATH_STYLE: 'false' }).media).toMatchObject({
      s3: { forcePathStyle: false },
    });
  });

  it('names the media variable that is wrong', () => {
    expect(problem({ MEDIA_STORE: 'ftp' })).toBe('MEDIA_STORE: "ftp" must be one of disk, s3');
    expect(problem({ MEDIA_STORE: 's3' })).toBe('S3_BUCKET: is required when MEDIA_STORE=s3');
    expect(problem({ MEDIA_STORE: 's3', S3_BUCKET: 'ab' })).toMatch(/^S3_BUCKET: "ab" is not a bucket name/);
    expect(problem({ MEDIA_STORE: 's3', S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'id' })).toBe(
      'S3_SECRET_ACCESS_KEY: is required with the other S3 key (or set neither)',
    );
    expect(problem({ MEDIA_STORE: 's3', S3_BUCKET: 'media', S3_ENDPOINT: 'minio:9000' })).toMatch(/^S3_ENDPOINT: /);
    expect(problem({ CDN_PURGE_URL: 'ftp://cdn' })).toMatch(/^CDN_PURGE_URL: /);
  });

  it('listens on 127.0.0.1 outside production unless HOST says otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('is safe by default in production: no demo seed, all interfaces, SMTP, a real payment provider and the keys required', () => {
    const live: Record<string, string | undefined> = {
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail:25',
      PAYMENT_PROVIDER: 'mollie',
      MOLLIE_API_KEY: 'live_x',
      ...newKeysEnvironment(),
    };
    const production = loadConfig(live);
    expect(production).toMatchObject({ seedDemo: false, host: '0.0.0.0', trustProxy: false });
    expect(loadConfig({ ...live, SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(problem({ ...live, SMTP_URL: undefined })).toMatch(/^SMTP_URL: is required when NODE_ENV=production/);
    expect(problem({ ...live, PAYMENT_PROVIDER: undefined })).toMatch(/^PAYMENT_PROVIDER: must be mollie/);
    expect(problem({ ...live, MOLLIE_API_KEY: undefined })).toMatch(/^MOLLIE_API_KEY: is required/);
    expect(problem({ ...live, VAPID_PUBLIC_KEY: undefined, VAPID_PRIVATE_KEY: undefined })).toMatch(
      /^VAPID_PUBLIC_KEY: and VAPID_PRIVATE_KEY are required when NODE_ENV=production \(make a set with npm run keys -- generate\)/,
    );
    expect(problem({ ...live, LINK_SIGNING_KEY: undefined })).toMatch(
      /^LINK_SIGNING_KEY: is required when NODE_ENV=production/,
    );
  });

  it('takes the keys from the environment, and leaves them to the database outside production when unset', () => {
    const keys = newKeysEnvironment();
    const config = loadConfig({ NODE_ENV: 'test', ...keys });
    expect(config.vapidKeys).toEqual({ publicKey: keys.VAPID_PUBLIC_KEY, privateKey: keys.VAPID_PRIVATE_KEY });
    expect(config.linkKeys).toEqual({ current: Buffer.from(keys.LINK_SIGNING_KEY, 'base64url'), previous: null });
    expect(loadConfig({ NODE_ENV: 'test' })).toMatchObject({ vapidKeys: null, linkKeys: null });
  });

  it('refuses VAPID keys that are not a P-256 pair in base64url, with the variable at fault', () => {
    const keys = newKeysEnvironment();
    const other = newKeysEnvironment();
    expect(problem({ VAPID_PUBLIC_KEY: keys.VAPID_PUBLIC_KEY })).toMatch(/^VAPID_PRIVATE_KEY: is required with/);
    expect(problem({ VAPID_PRIVATE_KEY: keys.VAPID_PRIVATE_KEY })).toMatch(/^VAPID_PUBLIC_KEY: is required with/);
    const pair = (publicKey: string, privateKey: string) =>
      problem({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey });
    expect(pair(keys.VAPID_PUBLIC_KEY, other.VAPID_PRIVATE_KEY)).toMatch(
      /^VAPID_PRIVATE_KEY: is not the private key of VAPID_PUBLIC_KEY/,
    );
    expect(pair(keys.VAPID_PUBLIC_KEY.slice(1), keys.VAPID_PRIVATE_KEY)).toMatch(/^VAPID_PUBLIC_KEY: must be a P-256/);
    expect(pair(`${keys.VAPID_PUBLIC_KEY.slice(0, -2)}+/`, keys.VAPID_PRIVATE_KEY)).toMatch(/^VAPID_PUBLIC_KEY: /);
    expect(pair(keys.VAPID_PUBLIC_KEY, keys.VAPID_PRIVATE_KEY.slice(4))).toMatch(/^VAPID_PRIVATE_KEY: must be a P-256/);
    expect(pair(keys.VAPID_PUBLIC_KEY, 'A'.repeat(43))).toMatch(/^VAPID_PRIVATE_KEY: must be a P-256/);
    expect(pair(keys.VAPID_PUBLIC_KEY, `${keys.VAPID_PRIVATE_KEY}\u0000`)).toMatch(/^VAPID_PRIVATE_KEY: /);
  });

  it('refuses a link key shorter than 32 bytes, and a previous key without the end of its grace', () => {
    const { LINK_SIGNING_KEY: current } = newKeysEnvironment();
    const { LINK_SIGNING_KEY: previous } = newKeysEnvironment();
    expect(problem({ LINK_SIGNING_KEY: Buffer.alloc(31, 7).toString('base64url') })).toMatch(
      /^LINK_SIGNING_KEY: must be at least 32 random bytes in base64url/,
    );
    expect(problem({ LINK_SIGNING_KEY: 'a short password' })).toMatch(/^LINK_SIGNING_KEY: /);
    expect(problem({ LINK_SIGNING_KEY: current, LINK_SIGNING_KEY_PREVIOUS: previous })).toMatch(
      /^LINK_SIGNING_KEY_PREVIOUS_UNTIL: is required with LINK_SIGNING_KEY_PREVIOUS/,
    );
    expect(problem({ LINK_SIGNING_KEY: current, LINK_SIGNING_KEY_PREVIOUS_UNTIL: '2027-01-31' })).toMatch(
      /^LINK_SIGNING_KEY_PREVIOUS_UNTIL: needs LINK_SIGNING_KEY_PREVIOUS/,
    );
    expect(problem({ LINK_SIGNING_KEY_PREVIOUS: previous, LINK_SIGNING_KEY_PREVIOUS_UNTIL: '2027-01-31' })).toMatch(
      /^LINK_SIGNING_KEY: is required with LINK_SIGNING_KEY_PREVIOUS/,
    );
    for (const until of ['31-01-2027', '2027-01-31T12:00', 'next month'])
      expect(
        problem({
          LINK_SIGNING_KEY: current,
          LINK_SIGNING_KEY_PREVIOUS: previous,
          LINK_SIGNING_KEY_PREVIOUS_UNTIL: until,
        }),
      ).toMatch(/^LINK_SIGNING_KEY_PREVIOUS_UNTIL: .* is not an ISO 8601 date/);
    const rotated = loadConfig({
      LINK_SIGNING_KEY: current,
      LINK_SIGNING_KEY_PREVIOUS: previous,
      LINK_SIGNING_KEY_PREVIOUS_UNTIL: '2027-01-31T12:00+01:00',
    });
    expect(rotated.linkKeys?.previous).toEqual({
      key: Buffer.from(previous, 'base64url'),
      until: new Date('2027-01-31T11:00:00Z'),
    });
  });

  it('believes X-Forwarded-* only from the proxies TRUST_PROXY names', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      'fd00::/8',
    ]);
  });

  it.each(['true', 'all', '10.0.0.1/40', 'proxy.internal', '10.0.0.1/8/2'])(
    'rejects TRUST_PROXY=%s with a line naming it',
    (value) => {
      expect(problem({ TRUST_PROXY: value })).toMatch(/^TRUST_PROXY: /);
    },
  );

  it('opens /metrics to loopback and the private ranges unless METRICS_ALLOW names others', () => {
    expect(loadConfig({}).metricsAllow).toEqual([
      '127.0.0.0/8',
      '::1',
      '10.0.0.0/8',
      '172.16.0.0/12',
      '192.168.0.0/16',
      'fc00::/7',
    ]);
    expect(loadConfig({ METRICS_ALLOW: '10.0.0.5, 192.168.1.0/24' }).metricsAllow).toEqual([
      '10.0.0.5',
      '192.168.1.0/24',
    ]);
    expect(loadConfig({ METRICS_ALLOW: 'none' }).metricsAllow).toEqual([]);
    expect(problem({ METRICS_ALLOW: '10.0.0.0/33' })).toMatch(/^METRICS_ALLOW: "10.0.0.0\/33" is not an address/);
    expect(problem({ METRICS_ALLOW: 'prometheus.internal' })).toMatch(/^METRICS_ALLOW: /);
    expect(problem({ METRICS_TOKEN: 'short' })).toMatch(/^METRICS_TOKEN: must be at least 24/);
  });

  it('reads PostgreSQL, Redis, SMTP and the text gateway from their URLs', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://amora@db.internal:5432/amora',
      REDIS_URL: 'redis://cache:6379',
      SMTP_URL: 'smtp://mail:25',
      SMS_URL: 'https://user:key@sms.example/send',
      PUBLIC_URL: 'https://amora.example/',
    });
    expect(config.database).toEqual({ engine: 'postgres', url: 'postgres://amora@db.internal:5432/amora' });
    expect(config.redisUrl).toBe('redis://cache:6379');
    expect(config.smtpUrl).toBe('smtp://mail:25');
    expect(config.smsUrl).toBe('https://user:key@sms.example/send');
    expect(problem({ SMS_URL: 'ftp://sms.example' })).toMatch(/^SMS_URL: /);
    expect(config.publicUrl).toBe('https://amora.example');
  });

  it.each(['abc', '0', '70000', '80.5', '-1'])('rejects PORT=%s with a line naming PORT', (port) => {
    expect(problem({ PORT: port })).toMatch(/^PORT: .*not a port number/);
  });

  it.each(['mysql://db/amora', 'amora.sqlite', 'sqlite:'])('rejects DATABASE_URL=%s with a line naming it', (url) => {
    expect(problem({ DATABASE_URL: url })).toMatch(/^DATABASE_URL: /);
  });

  it.each(['localhost:6379', 'http://cache:6379'])('rejects REDIS_URL=%s with a line naming it', (url) => {
    expect(problem({ REDIS_URL: url })).toMatch(/^REDIS_URL: /);
  });

  it('rejects an SMTP_URL that is not smtp:// or smtps://', () => {
    expect(problem({ SMTP_URL: 'mail.example:25' })).toMatch(/^SMTP_URL: /);
  });

  it('needs MOLLIE_API_KEY when PAYMENT_PROVIDER is mollie', () => {
    expect(problem({ PAYMENT_PROVIDER: 'mollie' })).toMatch(/^MOLLIE_API_KEY: /);
    expect(problem({ PAYMENT_PROVIDER: 'mollie', MOLLIE_API_KEY: 'test_abc' })).toBeNull();
    expect(problem({ PAYMENT_PROVIDER: 'stripe' })).toMatch(/^PAYMENT_PROVIDER: /);
  });

  it('rejects an unknown NODE_ENV and a SEED_DEMO that is no boolean', () => {
    expect(problem({ NODE_ENV: 'staging' })).toMatch(/^NODE_ENV: /);
    expect(problem({ SEED_DEMO: 'maybe' })).toMatch(/^SEED_DEMO: /);
    expect(loadConfig({ SEED_DEMO: 'no' }).seedDemo).toBe(false);
  });

  it('drains a stopping instance for a few seconds in production only, unless SHUTDOWN_DRAIN_SECONDS says otherwise', () => {
    const live = {
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail:25',
      PAYMENT_PROVIDER: 'mollie',
      MOLLIE_API_KEY: 'x',
      ...newKeysEnvironment(),
    };
    expect(loadConfig(live).shutdownDrainSeconds).toBeGreaterThan(0);
    expect(loadConfig({ ...live, SHUTDOWN_DRAIN_SECONDS: '0' }).shutdownDrainSeconds).toBe(0);
    expect(loadConfig({ NODE_ENV: 'test' }).shutdownDrainSeconds).toBe(0);
    expect(loadConfig({ SHUTDOWN_DRAIN_SECONDS: '1.5' }).shutdownDrainSeconds).toBe(1.5);
    expect(problem({ SHUTDOWN_DRAIN_SECONDS: '-1' })).toMatch(/^SHUTDOWN_DRAIN_SECONDS: /);
    expect(problem({ SHUTDOWN_DRAIN_SECONDS: 'soon' })).toMatch(/^SHUTDOWN_DRAIN_SECONDS: /);
  });

  it('serves with one process unless PROCESSES asks for more, which need PostgreSQL and Redis', () => {
    const joined = { DATABASE_URL: 'postgres://u@db:5432/amora', REDIS_URL: 'redis://cache:6379' };
    expect(loadConfig({}).processes).toBe(1);
    expect(loadConfig({ ...joined, PROCESSES: '2' }).processes).toBe(2);
    expect(problem({ ...joined, PROCESSES: '0' })).toMatch(/^PROCESSES: /);
    expect(problem({ ...joined, PROCESSES: '1.5' })).toMatch(/^PROCESSES: /);
    expect(problem({ REDIS_URL: 'redis://cache:6379', PROCESSES: '2' })).toBe(
      'PROCESSES: more than 1 needs PostgreSQL (DATABASE_URL)',
    );
    expect(problem({ DATABASE_URL: joined.DATABASE_URL, PROCESSES: '2' })).toBe(
      'PROCESSES: more than 1 needs REDIS_URL, which joins the processes',
    );
  });

  it('refuses calls past the overload limits by default, each of which 0 turns off', () => {
    expect(loadConfig({}).overload).toEqual({ eventLoopDelayMs: 100, eventLoopUtilization: 0.95, databaseWaiting: 20 });
    const off = {
      OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
      OVERLOAD_EVENT_LOOP_UTILIZATION: '0',
      OVERLOAD_DATABASE_WAITING: '0',
    };
    expect(loadConfig(off).overload).toEqual({ eventLoopDelayMs: 0, eventLoopUtilization: 0, databaseWaiting: 0 });
    expect(problem({ OVERLOAD_EVENT_LOOP_UTILIZATION: '1.5' })).toBe(
      'OVERLOAD_EVENT_LOOP_UTILIZATION: "1.5" must be a number from 0 to 1 (0: no limit)',
    );
    expect(problem({ OVERLOAD_DATABASE_WAITING: 'many' })).toBe(
      'OVERLOAD_DATABASE_WAITING: "many" must be a number 0 or more (0: no limit)',
    );
  });

  it('keeps every message on one line', () => {
    const envs: Record<string, string>[] = [{ PORT: 'x' }, { DATABASE_URL: 'x' }, { REDIS_URL: 'x' }];
    for (const env of envs) {
      expect(problem(env)).not.toContain('\n');
    }
  });
});
