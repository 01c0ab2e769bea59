/**
 * knip (`npm run lint`): files nothing reaches, exports nothing imports, and dependencies a
 * workspace lists but never uses or uses without listing. Its plugins find most entries on their
 * own (Vitest's and Playwright's configs and tests, Vite's config and pages, the package scripts);
 * the entries below are those they cannot see.
 */
import type { KnipConfig } from 'knip';

const config: KnipConfig = {
  workspaces: {
    '.': {
      // The bench's worker and the servers it spawns, the scripts `npm run` starts, the weight check `npm test` runs
      // and the length check `npm run lint` runs.
      entry: ['bench/*.mjs', 'scripts/*.mjs', 'scripts/first-page-weight.ts', 'scripts/file-lengths.ts'],
      project: ['bench/**/*.{ts,mjs}', 'scripts/**/*.{ts,mjs}', 'e2e/**/*.ts', '*.config.ts'],
      // Pinned for Node 20 (fastify's inject uses it), and the types of the smtp-server server/test uses.
      ignoreDependencies: ['light-my-request', '@types/smtp-server'],
      // The loader of `node --import tsx` in the package scripts, a dependency of the server's.
      ignoreUnresolved: ['tsx'],
    },
    common: {
      project: ['src/**/*.ts'],
    },
    server: {
      entry: [
        'src/main.ts',
        'src/cli/*.ts',
        // The migrator reads each migration module's `up`.
        'src/platform/db/migrations/*.ts',
        'test/*-global-setup.ts',
        // Started as a child process by server/test/jobs.ts.
        'test/job-worker.ts',
      ],
      project: ['src/**/*.ts', 'test/**/*.ts'],
      // Read from their files (require.resolve of a data path), the loader `node --import tsx` runs the server with,
      // and the development log's printer, which pino loads by its path in a worker (http/logging.ts).
      ignoreDependencies: ['@ip-location-db/geo-whois-asn-country-mmdb', 'country-state-city', 'tsx', 'pino-pretty'],
    },
    web: {
      entry: ['src/render.tsx', 'src/sw/*.ts'],
      project: ['src/**/*.{ts,tsx,scss}', 'test/**/*.{ts,tsx}', '*.ts'],
      // Imported by the Sass files (web/src/styles), which knip does not read.
      ignoreDependencies: ['bootstrap'],
    },
  },
  // The certificate server/test/push-service.ts makes.
  ignoreBinaries: ['openssl'],
};

export default config;
