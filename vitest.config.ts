/**
 * Five projects: pure unit tests, the web app's screens and hooks in happy-dom (web/test), the same
 * API tests once on SQLite with media on disk and once on PostgreSQL with media in S3 (s3rver,
 * started by server/test/s3-global-setup.ts), and the tests of what runs on Redis (media in S3 too). PostgreSQL and Redis are each skipped with a notice when they
 * are not reachable, except with CI=true, where server/test/postgres-global-setup.ts and
 * server/test/redis-global-setup.ts make the run fail instead.
 */
import { configDefaults, defineConfig } from 'vitest/config';
import { postgresProblem, TEST_POSTGRES_URL } from './server/test/postgres.js';
import { redisProblem, TEST_REDIS_URL } from './server/test/redis.js';

const ci = process.env.CI === 'true';
// Projects with `extends: true` load this file again; probe and warn only the first time.
const probe = globalThis as {
  amoraPostgresProblem?: Promise<string | null>;
  amoraRedisProblem?: Promise<string | null>;
};
const firstLoad = probe.amoraPostgresProblem === undefined;
probe.amoraPostgresProblem ??= postgresProblem();
probe.amoraRedisProblem ??= redisProblem();
const [problem, redisMissing] = await Promise.all([probe.amoraPostgresProblem, probe.amoraRedisProblem]);
const withPostgres = problem === null || ci;
if (!withPostgres && firstLoad) {
  console.warn(`Skipping the api-postgres tests: ${problem} (${TEST_POSTGRES_URL}). Set CI=true to fail instead.`);
}
const withRedis = redisMissing === null || ci;
if (!withRedis && firstLoad) {
  console.warn(`Skipping the redis tests: ${redisMissing} (${TEST_REDIS_URL}). Set CI=true to fail instead.`);
}

/** The Redis project's tests; they need Redis, not a database engine, so the API projects leave them out. */
const redisTests = ['server/test/redis-*.test.ts'];
/** Instances joined by Redis share a PostgreSQL database as well. */
const redisWithPostgresTests = ['server/test/redis-instances.test.ts', 'server/test/redis-machines.test.ts'];
if (withRedis && !withPostgres && firstLoad) {
  console.warn('Skipping the redis tests of instances joined by Redis: they need PostgreSQL too.');
}
const apiTests = ['server/test/**/*.test.ts'];
/** Media on s3rver; the AWS SDK's notice that its 2027 releases need Node 22 said once in docs/operations.md, not by every test file. */
const onS3 = { AMORA_TEST_MEDIA: 's3', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' };
/** Tests of PostgreSQL's own faults (terminated backends, a closed database) and of instances sharing it (a rolling restart); api-sqlite leaves them out. */
const postgresOnlyTests = ['server/test/postgres-*.test.ts'];

export default defineConfig({
  test: {
    // Two cores: two test files at a time, each with its own database.
    fileParallelism: true,
    maxWorkers: 2,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'common/src/**/*.test.ts',
            'server/src/**/*.test.ts',
            'web/src/**/*.test.ts',
            'web/*.test.ts',
            'scripts/*.test.ts',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['web/test/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['web/test/setup.ts'],
          // Screens typed into by userEvent, on two cores shared with other work.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api-sqlite',
          include: apiTests,
          exclude: [...configDefaults.exclude, ...redisTests, ...postgresOnlyTests],
          env: { AMORA_TEST_DB: 'sqlite' },
          // Its apps keep media on disk; s3rver is there for the tests of copying a disk store into a bucket.
          globalSetup: ['server/test/s3-global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      ...(withPostgres
        ? [
            {
              extends: true as const,
              test: {
                name: 'api-postgres',
                include: apiTests,
                exclude: [...configDefaults.exclude, ...redisTests],
                env: { AMORA_TEST_DB: 'postgres', ...onS3, TEST_POSTGRES_URL },
                globalSetup: ['server/test/postgres-global-setup.ts', 'server/test/s3-global-setup.ts'],
                testTimeout: 20_000,
                hookTimeout: 30_000,
              },
            },
          ]
        : []),
      ...(withRedis
        ? [
            {
              extends: true as const,
              test: {
                name: 'redis',
                include: redisTests,
                exclude: [...configDefaults.exclude, ...(withPostgres ? [] : redisWithPostgresTests)],
                env: { ...onS3, TEST_REDIS_URL, TEST_POSTGRES_URL },
                globalSetup: [
                  'server/test/redis-global-setup.ts',
                  'server/test/s3-global-setup.ts',
                  ...(withPostgres ? ['server/test/postgres-global-setup.ts'] : []),
                ],
                testTimeout: 20_000,
                hookTimeout: 30_000,
              },
            },
          ]
        : []),
    ],
  },
});
