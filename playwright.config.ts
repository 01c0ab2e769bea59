import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { NO_OVERLOAD_GUARD } from './e2e/server-env.js';

// E2E_PORT lets two runs share a machine.
const PORT = Number(process.env.E2E_PORT ?? 3100);
// Set once in the runner and inherited by its workers, so e2e/global-teardown.ts removes the same folder.
process.env.AMORA_E2E_DATA_DIR ??= path.join(os.tmpdir(), `amora-e2e-${process.pid}`);
const dataDir = process.env.AMORA_E2E_DATA_DIR;

// Debian's Chromium; Playwright never downloads a browser here.
const chromium = {
  browserName: 'chromium' as const,
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  },
};

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  workers: 2,
  // One retry in CI so a loaded machine does not sink a landing; the report still names a flaky test.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  globalTeardown: './e2e/global-teardown.ts',
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'off',
    // Every journey's browser said "not now" to the push prompt; the push journey starts from a fresh one.
    storageState: {
      cookies: [],
      origins: [
        { origin: `http://localhost:${PORT}`, localStorage: [{ name: 'amora.push-prompt-dismissed', value: '1' }] },
      ],
    },
    ...chromium,
  },
  projects: [
    // Measures of a desktop's layout (@wide) are taken once, on the desktop.
    {
      name: 'phone',
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
      grepInvert: /@wide/,
    },
    // Texts in every locale (@texts) are the same words in any window: checked once, on the phone,
    // as is what only a phone shows (@phone).
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } }, grepInvert: /@texts|@phone/ },
  ],
  webServer: {
    // The compiled server, as production runs it; building it takes a second.
    command: 'node scripts/build-server.mjs && node --enable-source-maps server/dist/main.js',
    url: `http://localhost:${PORT}/api/settings.php`,
    reuseExistingServer: false,
    // Seeding the demo site takes over a minute on a loaded 2-core machine.
    timeout: 180_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://localhost:${PORT}`,
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      RATE_LIMIT_SCALE: '100',
      ...NO_OVERLOAD_GUARD,
      // Notification mails gather two seconds, not five minutes: journeys wait for them.
      MAIL_BUNDLE_SECONDS: '2',
      // E2E_WEB_DIST: a build of its own, so one run's rebuild does not pull files from under another.
      WEB_DIST: process.env.E2E_WEB_DIST ?? 'web/dist',
    },
  },
});
