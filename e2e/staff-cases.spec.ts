/**
 * A report to its statement of reasons: a member reports another from their profile; a moderator
 * takes the case and suspends the account, which signs the member out at once; the member, mailed
 * the statement of reasons, appeals from its link; another staff member reverses the decision, and
 * the member can sign in again.
 */
import { expect, test } from '@playwright/test';
import { catalogue } from './catalogue.js';
import { addStaffByCommand, openStaffPage, signInStaff } from './staff.js';
import {
  CLIENT,
  enterSite,
  expectAccessible,
  latestMail,
  linkIn,
  otherPerson,
  screenshot,
  signUpMember,
} from './support.js';

const en = catalogue('en');

test('a moderator suspends a reported member, who appeals, and a colleague reverses it', async ({
  page,
  browser,
}, testInfo) => {
  test.slow();
  const window = testInfo.project.name;
  const [reportedName, reporterName] = window === 'phone' ? ['Rex', 'Rita'] : ['Rocco', 'Rosa'];

  // Two members: one reports the other from the profile page.
  const reported = await otherPerson(browser);
  const reportedId = await signUpMember(reported, reportedName, { activate: true });
  const { user } = (await (await reported.request.get('/api/user.php')).json()) as { user: { email: string } };
  const email = user.email;
  const reporter = await otherPerson(browser);
  await signUpMember(reporter, reporterName, { activate: true });
  await reporter.goto(`/members/${reportedId}`);
  await reporter.getByRole('button', { name: en('members:member.more') }).click();
  await reporter.getByRole('button', { name: en('members:report.open') }).click();
  const dialog = reporter.getByRole('dialog', { name: en('members:report.title', { name: reportedName }) });
  await dialog.getByLabel(en('members:report.reasons.scam')).check();
  await dialog.getByLabel(en('members:report.comment')).fill('Asked me to pay for a plane ticket.');
  await dialog.getByRole('button', { name: en('members:report.submit') }).click();
  await expect(dialog.getByText(en('members:report.done'))).toBeVisible();
  await reporter.context().close();

  // The moderator finds the case, takes it, and suspends the account with the facts.
  const moderator = addStaffByCommand('moderator', `Max ${window}`);
  await signInStaff(page, moderator);
  await openStaffPage(page, 'Reports');
  await expect(page.getByRole('heading', { name: 'Reports and complaints', level: 1 })).toBeVisible();
  const card = page.getByRole('article').filter({ hasText: `Report about ${reportedName}` });
  await expect(card).toContainText('Scam');
  await expect(card).toContainText('Asked me to pay for a plane ticket.');
  await card.getByRole('button', { name: 'Take in review' }).click();
  await expect(card).toContainText('You are reviewing this case.');
  // A report opens with no decision chosen: the moderator chooses one.
  await expect(card.getByLabel('Take action')).not.toBeChecked();
  await expect(card.getByLabel('Dismiss')).not.toBeChecked();
  await card.getByLabel('Take action').check();
  await card.getByLabel('Measure').selectOption({ label: 'Suspend the account' });
  await card.getByLabel('Facts and reasons (optional)').fill('Two members sent us the same request for money.');
  await expectAccessible(page);
  await screenshot(page, testInfo, 'staff-cases');
  await card.getByRole('button', { name: 'Decide and send the statement' }).click();
  await expect(page.getByRole('alert')).toContainText('decided; the statements of reasons are on their way');
  await expect(card).toHaveCount(0);

  // The member desk shows the suspension; the moderator grants credits for the trouble, with a reason.
  await openStaffPage(page, 'Members');
  await page.getByLabel('Profile id or name').fill(reportedName);
  await page.getByRole('button', { name: 'Find' }).click();
  const found = page.getByRole('table', { name: 'Members found' }).getByRole('link', { name: reportedName });
  await expect(found).toBeVisible();
  await screenshot(page, testInfo, 'staff-members');
  await found.click();
  await expect(page.getByRole('heading', { name: new RegExp(`^${reportedName} profile ${reportedId}`) })).toBeVisible();
  await expect(page.locator('.staff-page-head')).toContainText('Suspended');
  await page.getByLabel('Credits (+ grant, − take)').fill('15');
  await page.getByLabel('Why').fill('Goodwill while the report was looked at');
  await page.getByRole('button', { name: 'Adjust credits' }).click();
  await expect(page.getByRole('alert')).toContainText('Credits adjusted.');
  await expect(page.getByRole('table', { name: 'Credits ledger' }).getByRole('row').first()).toContainText(
    'Adjusted by staff',
  );
  await expectAccessible(page);
  await screenshot(page, testInfo, 'staff-member');

  // Who reported is not suspended: suspending or banning them waits in the danger zone, asked again first.
  await page.getByRole('link', { name: reporterName, exact: true }).click();
  const danger = page.getByRole('region', { name: 'Danger zone' });
  await danger.getByRole('button', { name: 'Ban' }).click();
  await expect(danger.getByText(`Ban ${reporterName}? They are signed out at once`)).toBeFocused();
  await expectAccessible(page);
  await screenshot(page, testInfo, 'staff-member-danger');
  await danger.getByRole('button', { name: 'Cancel' }).click();
  await expect(danger.getByRole('button', { name: 'Ban' })).toBeEnabled();

  // The member is signed out at once, and the statement of reasons says why and how to appeal.
  await reported.goto('/chats');
  await expect(reported).toHaveURL(/\/login/);
  const statement = await latestMail(page.request, email, en('mail:statement_subject.subject', { site: 'Amora' }));
  expect(statement.text).toContain(en('mail:statement_subject.outcomes.suspension'));
  expect(statement.text).toContain('Two members sent us the same request for money.');
  // Signed out, the member is a visitor again: the site asks them to confirm their age first.
  await enterSite(reported, linkIn(statement));
  await expect(reported.getByText(en('app:appeal.decisions.subject.suspension'))).toBeVisible();
  await reported.getByLabel(en('app:appeal.label')).fill('I never asked anyone for money. Please read our chat.');
  await screenshot(reported, testInfo, 'appeal');
  await reported.getByRole('button', { name: en('app:appeal.submit') }).click();
  await expect(reported.getByText(/We received your appeal on/)).toBeVisible();

  // The moderator may not review an appeal against their own decision; a colleague reverses it.
  await openStaffPage(page, 'Reports');
  await page.getByRole('button', { name: /^Appeals/ }).click();
  const appealed = page.getByRole('article').filter({ hasText: `Report about ${reportedName}` });
  await expect(appealed).toContainText('You took this decision: a colleague reviews the appeal.');
  await page.context().clearCookies();
  const colleague = addStaffByCommand('moderator', `Mia ${window}`);
  await signInStaff(page, colleague);
  await page.goto('/staff/cases');
  await page.getByRole('button', { name: /^Appeals/ }).click();
  await expect(appealed).toContainText('I never asked anyone for money. Please read our chat.');
  await appealed.getByLabel('Reverse: withdraw the decision').check();
  await appealed.getByLabel('Reasons (optional)').fill('The chat shows no request for money.');
  await screenshot(page, testInfo, 'staff-appeal');
  await appealed.getByRole('button', { name: 'Send the outcome' }).click();
  await expect(page.getByRole('alert')).toContainText('reviewed; its outcome is mailed');
  await expect(appealed).toHaveCount(0);
  await page.getByRole('button', { name: 'Decided' }).click();
  await expect(appealed.first()).toContainText(`Reversed by Mia ${window}`);

  // The member is told, and signs in again.
  const outcome = await latestMail(page.request, email, en('mail:appeal_decided.subject', { site: 'Amora' }));
  expect(outcome.text).toContain(en('mail:appeal_decided.outcomes.reversed_subject'));
  const login = await reported.request.post('/api/user.php', {
    headers: CLIENT,
    data: { email, password: 'a-good-password-1' },
  });
  expect(login.ok(), await login.text()).toBe(true);
  await reported.context().close();
});
