/**
 * Three projects: pure unit tests, and the same API tests once on SQLite and once on
 * PostgreSQL. PostgreSQL is skipped with a notice when it is not reachable, except with
 * CI=true, where server/test/postgres-global-setup.ts makes the run fail instead.
 */
import { defineConfig } from 'vitest/config';
import { postgresProblem, TEST_POSTGRES_URL } from './server/test/postgres.js';

const ci = process.env.CI === 'true';
// Projects with `extends: true` load this file again; probe and warn only the first time.
const probe = globalThis as { amoraPostgresProblem?: Promise<string | null> };
const firstLoad = probe.amoraPostgresProblem === undefined;
probe.amoraPostgresProblem ??= postgresProblem();
const problem = await probe.amoraPostgresProblem;
const withPostgres = problem === null || ci;
if (!withPostgres && firstLoad) {
  console.warn(`Skipping the api-postgres tests: ${problem} (${TEST_POSTGRES_URL}). Set CI=true to fail instead.`);
}

const apiTests = ['server/test/**/*.test.ts'];

export default defineConfig({
  test: {
    // Two cores: two test files at a time, each with its own database.
    fileParallelism: true,
    maxWorkers: 2,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['common/src/**/*.test.ts', 'server/src/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'api-sqlite',
          include: apiTests,
          env: { AMORA_TEST_DB: 'sqlite' },
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
                env: { AMORA_TEST_DB: 'postgres', TEST_POSTGRES_URL },
                globalSetup: ['server/test/postgres-global-setup.ts'],
                testTimeout: 20_000,
                hookTimeout: 30_000,
              },
            },
          ]
        : []),
    ],
  },
});
