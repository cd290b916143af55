// Settings (issue 16): an agent sees their sessions and signs one out (the other browser is then
// signed out), saves the agency details, and the delete-account dialog refuses a wrong agency name
// and password before it deletes the account.
import { createAccount, expect, shot, signInAs, test } from './support/fixtures.ts';

test('an agent sees their sessions and signs one out; the other browser is signed out', async ({ page, browser }) => {
  const account = await createAccount(page.request, { company: 'Session Agency' });
  await signInAs(page, account.email, account.password);
  const phone = await browser.newContext({
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  });
  const phonePage = await phone.newPage();
  await signInAs(phonePage, account.email, account.password);
  await phonePage.goto('/dashboard');
  await expect(phonePage.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();

  await page.goto('/dashboard/settings?tab=security');
  await expect(page.getByRole('tab', { name: 'Security' })).toHaveAttribute('aria-selected', 'true');
  // the list kit: a table at this width (a card per session on phones), one row per session
  const sessions = page.getByRole('table', { name: 'Active sessions' });
  await expect(sessions.getByTestId('session-row')).toHaveCount(2);
  await expect(sessions.getByTestId('session-row').filter({ hasText: 'This device' })).toHaveCount(1);
  await expect(sessions).toContainText('Safari on iPhone');
  await expect(page.getByRole('table', { name: 'Sign-in attempts, newest first' })).toContainText('Success');
  await shot(page, 'settings-security');

  await sessions.getByRole('button', { name: /^Sign out Safari on iPhone/ }).click();
  await expect(page.getByText('Session signed out.')).toBeVisible();
  await expect(sessions.getByTestId('session-row')).toHaveCount(1);
  // this device has no Sign out of its own
  expect(await sessions.getByRole('button', { name: /^Sign out / }).count()).toBe(0);
  await expect(page.getByRole('button', { name: 'Sign out all other sessions' })).toBeDisabled();

  // the phone's next request finds its session gone
  await phonePage.goto('/dashboard');
  await expect(phonePage).toHaveURL(/\/login/);
  await phone.close();

  await page.setViewportSize({ width: 390, height: 844 });
  // on a phone the same session is a card of the kit's list
  await expect(page.getByRole('list', { name: 'Active sessions' }).getByTestId('session-row')).toHaveCount(1);
  await shot(page, 'settings-security');
});

test('the agency tab saves; the tab is in the URL', async ({ page, account }) => {
  await page.goto('/dashboard/settings');
  await expect(page.getByRole('tab', { name: 'Agency' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Agency name')).toHaveValue(account.company);
  await page.getByLabel('Agency name').fill('Harbor Insurance');
  await page.getByLabel('E-mail').fill('office@harbor.example');
  await page.getByLabel('Phone').fill('+1 555 0100');
  await page.getByLabel('Address').fill('1 Quay Street, Portland');
  await page.getByLabel('Time zone').selectOption('America/New_York');
  await expect(page.getByLabel('Remarket threshold (%)')).toHaveValue('10');
  await page.getByLabel('Remarket threshold (%)').fill('15');
  await page.getByRole('button', { name: 'Save agency settings' }).click();
  await expect(page.getByText('Agency settings saved.')).toBeVisible();
  await shot(page, 'settings-agency');

  await page.reload();
  await expect(page.getByLabel('Agency name')).toHaveValue('Harbor Insurance');
  await expect(page.getByLabel('Time zone')).toHaveValue('America/New_York');
  await expect(page.getByLabel('Remarket threshold (%)')).toHaveValue('15');

  await page.getByRole('tab', { name: 'Notifications' }).click();
  await expect(page).toHaveURL(/tab=notifications/);
  await expect(page.getByRole('switch', { name: 'Daily renewals digest' })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('tab', { name: 'Agency' }).click();
  await expect(page.getByLabel('Agency name')).toBeVisible();
  await shot(page, 'settings-agency');
});

test('the notifications tab switches the daily digest off, and it stays off after a reload', async ({ page, account: _signedIn }) => {
  await page.goto('/dashboard/settings?tab=notifications');
  const digest = page.getByRole('switch', { name: 'Daily renewals digest' });
  await expect(digest).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Policy assigned to me' })).toBeChecked();
  await expect(page.getByText('Apart from the daily digest, notifications are not sent by e-mail.', { exact: false })).toBeVisible();
  const save = page.getByRole('button', { name: 'Save notification preferences' });
  await expect(save).toBeDisabled();
  // keyboard: the switch takes focus and Space flips it
  await digest.focus();
  await page.keyboard.press('Space');
  await expect(digest).not.toBeChecked();
  await page.getByRole('switch', { name: 'Renewal lapsed' }).click();
  await save.click();
  await expect(page.getByText('Notification preferences saved.')).toBeVisible();
  await shot(page, 'settings-notifications');

  await page.reload();
  await expect(page.getByRole('switch', { name: 'Daily renewals digest' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Renewal lapsed' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Renewal due within 30 days' })).toBeChecked();
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'settings-notifications');
});

test('the delete-account dialog offers the export, refuses a wrong agency name and a wrong password, then deletes the account', async ({ page, account }) => {
  await page.goto('/dashboard/settings?tab=data');
  await expect(page.getByRole('link', { name: "Export my agency's data" })).toHaveAttribute('href', '/dashboard/export');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog.getByRole('link', { name: "Export your agency's data" })).toBeVisible();
  await dialog.getByLabel(/to confirm/).fill('Some Other Agency');
  await dialog.getByLabel('Your password').fill(account.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('The agency name does not match. Type it exactly as shown.')).toBeVisible();
  await shot(page, 'settings-delete-dialog');

  // the right name with a wrong password: the server refuses, the account stays
  await dialog.getByLabel(/to confirm/).fill(account.company);
  await dialog.getByLabel('Your password').fill('not-the-password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Your password is incorrect.')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'settings-delete-dialog');

  // the right password deletes the account and signs this browser out
  await dialog.getByLabel('Your password').fill(account.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/);
  const again = await page.request.post('/api/account/sign-in', { data: { email: account.email, password: account.password } });
  expect(again.status()).toBe(401);
});
