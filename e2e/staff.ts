/**
 * Staff steps of the journeys: a fresh staff account made by `npm run staff -- add` on the journeys'
 * server, its authenticator app set up through the invitation the command prints, and signing in
 * at /staff with the password and, where asked, the app's code.
 */
import { execFileSync } from 'node:child_process';
import type { StaffRole } from '@amora/common';
import { expect, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { catalogue } from './catalogue.js';
import { animationsEnded, uniqueEmail } from './support.js';

/** A language's texts, as catalogue() reads them. */
type Texts = ReturnType<typeof catalogue>;

export interface StaffAccount {
  email: string;
  password: string;
  name: string;
  /** The authenticator app's key, once set up in the browser. */
  secret?: string;
  /** The time step of the last code given: a code works once. */
  lastStep?: number;
  /** The path of the invitation to set up the app, until it is used. */
  invitation?: string;
  /** The recovery codes shown once at the set-up. */
  recoveryCodes?: string[];
}

/** The invitation's path in what `npm run staff` printed. */
export function invitationIn(output: string): string {
  const path = output.match(/\/staff\/invitation\?token=\S+/)?.[0];
  if (!path) throw new Error(`no invitation in: ${output}`);
  return path;
}

const STEP_SECONDS = 30;

/** A new staff account, as an operator of the site adds one from a shell. */
export function addStaffByCommand(role: StaffRole, name: string): StaffAccount {
  const account = { email: uniqueEmail(role), password: `staff-${Math.random().toString(36).slice(2)}-pass`, name };
  const output = execFileSync(
    process.execPath,
    ['--import', 'tsx', 'server/src/cli/staff.ts', 'add', account.email, '--role', role, '--name', name],
    {
      env: { ...process.env, DATA_DIR: process.env.AMORA_E2E_DATA_DIR, STAFF_PASSWORD: account.password },
      encoding: 'utf8',
    },
  );
  // Operators of the journeys' site may sign in with the password alone: they keep their invitation unused.
  return { ...account, invitation: role === 'operator' ? undefined : invitationIn(output) };
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

/** Sets up the app on the screen showing its QR code and key, and enters its first code (`t`: the page's texts). */
async function setUpApp(page: Page, account: StaffAccount, t: Texts) {
  account.secret = (await page.getByLabel(t('staff:twoStep.key')).inputValue()).replaceAll(' ', '');
  account.lastStep = undefined;
  await page.getByLabel(t('staff:twoStep.code')).fill(await nextCode(account));
  await page.getByRole('button', { name: t('staff:twoStep.turnOn') }).click();
}

/**
 * Sets up the app through the invitation's page: the password, the app's first code (`onSetup` runs
 * before it), then the recovery codes, kept, and on to the back office. The page speaks the
 * account's language from the start (`t`, its texts).
 */
export async function setUpThroughInvitation(
  page: Page,
  account: StaffAccount,
  onSetup?: () => Promise<void>,
  t = catalogue('en'),
) {
  if (!account.invitation) throw new Error(`${account.email} has no invitation`);
  await page.goto(account.invitation);
  await page.getByLabel(t('staff:signIn.password')).fill(account.password);
  await page.getByRole('button', { name: t('staff:invitation.continue') }).click();
  await expect(page.getByRole('img', { name: t('staff:twoStep.qr') })).toBeVisible();
  await onSetup?.();
  await setUpApp(page, account, t);
  const codes = page.getByRole('list', { name: t('staff:recovery.list') }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  account.recoveryCodes = await codes.allInnerTexts();
  account.invitation = undefined;
}

/** On from the recovery codes: once they are kept, the back office, in the account's language (`t`, its texts). */
export async function keepRecoveryCodes(page: Page, t = catalogue('en')) {
  await page.getByLabel(t('staff:recovery.kept')).check();
  await page.getByRole('button', { name: t('staff:recovery.continue') }).click();
  await expect(staffNav(page, t)).toBeVisible();
}

/** The back office's bar of pages (`t`: the staff member's texts). */
export const staffNav = (page: Page, t = catalogue('en')) =>
  page.getByRole('navigation', { name: t('staff:shell.brand') });

/** The sheet More opens on a phone: every page, who is signed in, the language and Log out. */
export const staffSheet = (page: Page) => page.getByRole('dialog');

/** Opens More's sheet where the bar has it (a phone), else leaves the page as it is. */
async function openSheetOnPhone(page: Page, t: Texts): Promise<boolean> {
  const more = staffNav(page, t).getByRole('button', { name: t('staff:shell2.more') });
  await expect(staffNav(page, t)).toBeVisible();
  if (await staffSheet(page).isVisible()) return true;
  if (!(await more.isVisible())) return false;
  await more.click();
  await expect(staffSheet(page)).toBeVisible();
  // Until it has slid in, taps and pictures would miss where it stays.
  await animationsEnded(page);
  return true;
}

/** Opens a page of the back office by its name (`t`: the staff member's texts): from the bar, or More's sheet on a phone. */
export async function openStaffPage(page: Page, name: string, t = catalogue('en')) {
  const inBar = staffNav(page, t).getByRole('link', { name, exact: true });
  await expect(staffNav(page, t)).toBeVisible();
  if (!(await staffSheet(page).isVisible()) && (await inBar.isVisible())) return inBar.click();
  await openSheetOnPhone(page, t);
  await staffSheet(page).getByRole('link', { name, exact: true }).click();
  await expect(staffSheet(page)).toBeHidden();
}

/** The links to every page the role may use: the bar's, or on a phone those of More's sheet, left open. */
export async function staffPageLinks(page: Page, t = catalogue('en')) {
  return (await openSheetOnPhone(page, t)) ? staffSheet(page).getByRole('link') : staffNav(page, t).getByRole('link');
}

/** Logs out, from the bar or More's sheet on a phone (`t`: the staff member's texts). */
export async function logOutStaff(page: Page, t = catalogue('en')) {
  const where = (await openSheetOnPhone(page, t)) ? staffSheet(page) : page;
  await where.getByRole('button', { name: t('staff:shell.logOut'), exact: true }).click();
}

/**
 * Signs in at /staff: the password, then the app's code. An account with an invitation still to use
 * sets its app up through it first, which signs it in.
 */
export async function signInStaff(page: Page, account: StaffAccount, onSetup?: () => Promise<void>) {
  if (account.invitation && !account.secret) {
    await setUpThroughInvitation(page, account, onSetup);
    await keepRecoveryCodes(page);
    return;
  }
  await page.goto('/staff');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const signedIn = staffNav(page);
  const code = page.getByLabel('Code from your authenticator app');
  await expect(signedIn.or(code).first()).toBeVisible();
  if (await code.isVisible()) {
    await code.fill(await nextCode(account));
    await page.getByRole('button', { name: 'Sign in' }).click();
  }
  await expect(signedIn).toBeVisible();
}
