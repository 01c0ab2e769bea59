/**
 * Passkeys (issue 36): a member adds a passkey in settings (Chromium's virtual authenticator plays
 * the phone's screen lock), names it, logs out, and logs in again from /login with it alone; then
 * drops the password and confirms a new address with the passkey.
 */
import { expect, type Page, test } from '@playwright/test';
import { catalogue } from './catalogue.js';
import { CLIENT, enterSite, expectAccessible, expectTapTargets, screenshot, uniqueEmail } from './support.js';

const t = catalogue('en');
const PASSWORD = 'a-good-password-1';

/** An authenticator built into the device, which verifies the member and answers at once. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

test('a member adds a passkey, names it, and logs in with it', async ({ page }, testInfo) => {
  await addVirtualAuthenticator(page);
  await enterSite(page, '/');
  const signup = await page.request.post('/api/signup.php', {
    headers: CLIENT,
    data: { email: uniqueEmail('passkey'), name: 'Pia', password: PASSWORD, date_of_birth: '1990-04-12' },
  });
  expect(signup.ok(), await signup.text()).toBe(true);

  await page.goto('/notifications#passkeys');
  const section = page.locator('#passkeys');
  await expect(section.getByText(t('settings.passkeys.none'))).toBeVisible();
  await section.getByRole('button', { name: t('settings.passkeys.add') }).click();

  // The new passkey opens for a name, with the device's filled in.
  const name = section.getByLabel(t('settings.passkeys.name'));
  await expect(name).toHaveValue(/ on /);
  await name.fill('My phone');
  await section.getByRole('button', { name: t('settings.passkeys.save') }).click();
  const passkeys = section.getByRole('listitem');
  await expect(passkeys).toHaveCount(1);
  await expect(passkeys.first()).toContainText('My phone');
  await expect(passkeys.first()).toContainText(t('settings.passkeys.neverUsed'));
  await expect(section.getByText(t('settings.passkeys.count', { count: '1' }))).toBeVisible();
  await expectAccessible(page);
  if (testInfo.project.name === 'phone') await expectTapTargets(page);
  await screenshot(page, testInfo, 'passkeys-01-settings');

  // At /login the browser offers the passkey in the email field's suggestions; the device's
  // authenticator picks it at once, so the member is in without a click.
  const logout = () => page.request.get('/api/logout.php', { headers: CLIENT });
  expect((await logout()).ok()).toBe(true);
  await page.goto('/login');
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByRole('navigation', { name: t('nav.label') })).toBeVisible();

  // A browser without those suggestions: the button asks for the passkey.
  await page.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = async () => false;
  });
  expect((await logout()).ok()).toBe(true);
  await page.goto('/login');
  const passkeyButton = page.getByRole('button', { name: t('login.passkey') });
  await expect(passkeyButton).toBeVisible();
  await expect(page.getByLabel(t('fields.email'), { exact: true })).toHaveAttribute(
    'autocomplete',
    'username webauthn',
  );
  await expectAccessible(page);
  await screenshot(page, testInfo, 'passkeys-02-login');
  await passkeyButton.click();
  await expect(page).not.toHaveURL(/\/login/);

  await page.goto('/notifications#passkeys');
  await expect(page.locator('#passkeys').getByRole('listitem').first()).toContainText(/Last used/);

  // With a passkey the password may go; a new address is then confirmed with the passkey.
  await page.goto('/notifications#password');
  const password = page.locator('#password');
  await password.getByLabel(t('fields.oldPassword')).last().fill(PASSWORD);
  await password.getByRole('button', { name: t('settings.password.remove') }).click();
  await expect(password.getByText(t('settings.password.noneValue'), { exact: true })).toBeVisible();
  await expect(password.getByRole('button', { name: t('settings.password.sendLink') })).toBeVisible();
  await screenshot(page, testInfo, 'passkeys-03-passwordless');

  const email = page.locator('#email');
  await email.getByText(t('settings.email.title'), { exact: true }).click();
  await expect(email.getByText(t('settings.confirmWithPasskey'))).toBeVisible();
  const newAddress = uniqueEmail('passkey-new');
  await email.getByLabel(t('fields.newEmail')).fill(newAddress);
  await email.getByRole('button', { name: t('settings.email.submit') }).click();
  await expect(email.getByText(t('settings.email.pending', { email: newAddress }))).toBeVisible();
});
