/**
 * A server of its own on an empty database, as a company starts one in production: no demo seed,
 * one site made with `npm run sites -- add` and the first admin with `npm run staff -- add`; the
 * rest is done in the back office. The journeys' shared server is left alone.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext } from '@playwright/test';
import { NO_OVERLOAD_GUARD } from './server-env.js';
import { invitationIn, type StaffAccount } from './staff.js';
import { uniqueEmail } from './support.js';

interface FreshSite {
  url: string;
  admin: StaffAccount;
  /** A browser context of its own on this server (its cookies are not the shared server's). */
  newContext(browser: Browser, options?: Parameters<Browser['newContext']>[0]): Promise<BrowserContext>;
  stop(): Promise<void>;
}

const SERVER = path.resolve('server/dist/main.js');

function tool(args: string[], env: NodeJS.ProcessEnv): string {
  return execFileSync(process.execPath, ['--import', 'tsx', ...args], { env, encoding: 'utf8' });
}

async function answering(url: string, server: ChildProcess) {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (server.exitCode !== null) throw new Error(`the fresh server exited with ${server.exitCode}`);
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the fresh server did not answer at ${url}`);
}

/** Starts the compiled server (the journeys' web server built it) at `port` on a new data folder. */
export async function startFreshSite(port: number, site: { name: string; language: string; country: string }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'amora-fresh-'));
  const url = `http://localhost:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    SEED_DEMO: 'false',
    RATE_LIMIT_SCALE: '100',
    ...NO_OVERLOAD_GUARD,
    MAIL_BUNDLE_SECONDS: '2',
    WEB_DIST: process.env.E2E_WEB_DIST ?? 'web/dist',
  };
  tool(
    [
      'server/src/cli/sites.ts',
      'add',
      '--domain',
      'localhost',
      '--name',
      site.name,
      '--language',
      site.language,
      '--country',
      site.country,
    ],
    env,
  );
  const admin: StaffAccount = {
    email: uniqueEmail('first-admin'),
    password: `first-${Math.random().toString(36).slice(2)}-admin`,
    name: 'Frida',
  };
  const added = tool(['server/src/cli/staff.ts', 'add', admin.email, '--role', 'admin', '--name', admin.name], {
    ...env,
    STAFF_PASSWORD: admin.password,
  });
  admin.invitation = invitationIn(added);
  const server = spawn(process.execPath, ['--enable-source-maps', SERVER], { env, stdio: 'ignore' });
  await answering(`${url}/api/settings.php`, server);

  return {
    url,
    admin,
    newContext: (browser: Browser, options = {}) =>
      browser.newContext({
        ...options,
        baseURL: url,
        // As on the shared server: the push prompt was answered "not now" before.
        storageState: {
          cookies: [],
          origins: [{ origin: url, localStorage: [{ name: 'amora.push-prompt-dismissed', value: '1' }] }],
        },
      }),
    async stop() {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  } satisfies FreshSite;
}
