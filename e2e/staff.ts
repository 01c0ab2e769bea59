/**
 * Staff steps of the journeys: a fresh staff account made by `npm run staff -- add` on the journeys'
 * server, and signing in at /staff with the password and, where asked, an authenticator app's code
 * (the app set up in the browser at the first sign-in).
 */
import { execFileSync } from 'node:child_process';
import type { StaffRole } from '@amora/common';
import { expect, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { uniqueEmail } from './support.js';

export interface StaffAccount {
  email: string;
  password: string;
  name: string;
  /** The authenticator app's key, once set up in the browser. */
  secret?: string;
  /** The time step of the last code given: a code works once. */
  lastStep?: number;
}

const STEP_SECONDS = 30;

/** A new staff account, as an operator of the site adds one from a shell. */
export function addStaffByCommand(role: StaffRole, name: string): StaffAccount {
  const account = { email: uniqueEmail(role), password: `staff-${Math.random().toString(36).slice(2)}-pass`, name };
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'server/src/cli/staff.ts', 'add', account.email, '--role', role, '--name', name],
    { env: { ...process.env, DATA_DIR: process.env.AMORA_E2E_DATA_DIR, STAFF_PASSWORD: account.password } },
  );
  return account;
}

/**
 * The app's code as it shows now, or the next step's where this one's was given already (servers
 * take a step either side, so nobody waits for the clock).
 */
async function nextCode(account: StaffAccount): Promise<string> {
  const now = Math.floor(Date.now() / 1000 / STEP_SECONDS);
  const step = account.lastStep !== undefined && account.lastStep >= now ? account.lastStep + 1 : now;
  account.lastStep = step;
  return generate({ secret: account.secret ?? '', epoch: step * STEP_SECONDS });
}

const readKey = async (page: Page) =>
  (await page.getByLabel('Key, to type in instead').inputValue()).replaceAll(' ', '');

/** Sets up the app on the screen showing its QR code and key, and enters its first code. */
export async function setUpApp(page: Page, account: StaffAccount, submit: string) {
  account.secret = await readKey(page);
  account.lastStep = undefined;
  await page.getByLabel('Code from your authenticator app').fill(await nextCode(account));
  await page.getByRole('button', { name: submit }).click();
}

/** Signs in at /staff: the password, then the app's code, setting the app up at the first sign-in. */
export async function signInStaff(page: Page, account: StaffAccount, onSetup?: () => Promise<void>) {
  await page.goto('/staff');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const signedIn = page.getByRole('button', { name: 'Log out' });
  const setup = page.getByRole('heading', { name: 'Set up two-step sign-in' });
  const code = page.getByLabel('Code from your authenticator app');
  await expect(signedIn.or(setup).or(code).first()).toBeVisible();
  if (await setup.isVisible()) {
    await onSetup?.();
    await setUpApp(page, account, 'Turn on and continue');
  } else if (await code.isVisible()) {
    await code.fill(await nextCode(account));
    await page.getByRole('button', { name: 'Sign in' }).click();
  }
  await expect(signedIn).toBeVisible();
}
