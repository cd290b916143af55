// Agencies and teams: an enterprise owner invites, the invitee registers through the link, accepts,
// works in the shared book, and loses access when removed. Two browsers, one per person.
import type { Browser, Page } from '@playwright/test';
import { BASE_URL, enterpriseOwner as ownerOf, expect, shot, test, uniqueEmail } from './support/fixtures.ts';
import { firstLink, readMail } from './support/mail.ts';
import { ACCESS_TEXT } from '#shared/access.ts';
import { TEAM_TEXT } from '#shared/team.ts';

const enterpriseOwner = (browser: Browser, page: Page, company = 'Harbor Insurance') =>
  ownerOf(browser, page, { company, firstName: 'Olivia', lastName: 'Owner' });

const INVALID = 'This invitation link is either expired or invalid. Please ask for a new invitation.';

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 1280, height: 800 } });
  return context.newPage();
}

test('owner invites, invitee registers through the link, accepts, shares the book, is removed and loses access', async ({ page, browser }) => {
  // two browsers, an invitee's sign-up and a whole journey: inherently long, beyond test.slow()'s three times
  test.setTimeout(240_000);
  await enterpriseOwner(browser, page);
  const inviteeEmail = uniqueEmail('invitee');

  // Owner: the team page, the required-field message, then a real invitation.
  await page.goto('/dashboard/team-management');
  await expect(page.getByRole('heading', { name: 'Team Management' })).toBeVisible();
  await page.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(page.getByText('Email is required', { exact: true })).toBeVisible();
  await page.getByLabel('Email').fill(inviteeEmail);
  await expect(page.getByText('Email is required', { exact: true })).toHaveCount(0);
  await expect(page.getByLabel('Role')).toHaveValue('team_member');
  await page.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(page.getByText('Invitation Sent')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(inviteeEmail) });
  await expect(row).toContainText('Pending');
  await expect(row).toContainText('Team Member');
  await expect(page.getByLabel('Email')).toHaveValue('');
  await shot(page, 'team-management');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'team-management');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Inviting the same address again is refused with a clear message.
  await page.getByLabel('Email').fill(inviteeEmail);
  await page.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(page.getByText('Failed to Send Invitation')).toBeVisible();
  await expect(page.getByText('An invitation to this e-mail address is already pending.', { exact: false }).first()).toBeVisible();
  await page.getByLabel('Email').fill('');

  // Invitee, in another browser: the link shows the invitation; they register with the address prefilled.
  const invitee = await newPage(browser);
  const invitation = await readMail(inviteeEmail, /invited to join Harbor Insurance/);
  const link = firstLink(invitation);
  const path = new URL(link).pathname;
  await invitee.goto(path);
  await expect(invitee.getByRole('heading', { name: "You're invited" })).toBeVisible();
  await expect(invitee.getByText('Harbor Insurance').first()).toBeVisible();
  await expect(invitee.getByText(inviteeEmail, { exact: true })).toBeVisible();
  await expect(invitee.getByText('Team Member', { exact: true })).toBeVisible();
  await shot(invitee, 'accept-invitation');
  await invitee.setViewportSize({ width: 390, height: 844 });
  await shot(invitee, 'accept-invitation');
  await invitee.setViewportSize({ width: 1280, height: 800 });
  // This invitee keeps an agency of their own: they sign up on the normal page (the invitation's own
  // sign-up, without a company, is in first-week.spec.ts).
  await invitee.goto(`/register?email=${encodeURIComponent(inviteeEmail)}&redirect=${encodeURIComponent(path)}`);
  await expect(invitee.getByLabel('Email')).toHaveValue(inviteeEmail);
  await invitee.getByLabel('Company').fill('Ivy Solo Agency');
  await invitee.getByLabel('Full name').fill('Ivy Invitee');
  await invitee.getByLabel('Password', { exact: true }).fill('password123');
  await invitee.getByLabel('Confirm password').fill('password123');
  await invitee.getByRole('checkbox').click();
  await invitee.getByRole('button', { name: 'Create Account' }).click();
  await expect(invitee).toHaveURL(/\/confirm-email$/);
  await invitee.goto(firstLink(await readMail(inviteeEmail, /Confirm/)));
  await expect(invitee).toHaveURL(/\/login\?verified=1/);

  // Back through the invitation link: sign in, come back, accept.
  await invitee.goto(path);
  await invitee.getByRole('link', { name: 'Sign in to accept' }).click();
  await expect(invitee).toHaveURL(/\/login\?redirect=%2Faccept-invitation%2F/);
  await invitee.getByLabel('Email').fill(inviteeEmail);
  await invitee.getByLabel('Password', { exact: true }).fill('password123');
  await invitee.getByRole('button', { name: 'Sign In' }).click();
  await expect(invitee).toHaveURL(new RegExp(`${path}$`));
  await invitee.getByRole('button', { name: 'Accept Invitation' }).click();
  await expect(invitee.getByRole('heading', { name: 'Invitation Accepted' })).toBeVisible();
  await expect(invitee.getByText('You are now a member of Harbor Insurance.').first()).toBeVisible();
  await shot(invitee, 'invitation-accepted');

  // The link is spent.
  await invitee.goto(path);
  await expect(invitee.getByRole('heading', { name: 'Invitation Invalid' })).toBeVisible();
  await expect(invitee.getByText('This invitation has already been used.')).toBeVisible();

  // The member works in the owner's book: a policy they create through the form is the owner's to see.
  const me = await (await invitee.request.get('/api/me')).json();
  expect(me.agency.name).toBe('Harbor Insurance');
  expect(me.agency.role).toBe('team_member');
  const policyNumber = `TEAM-${Date.now().toString(36).toUpperCase()}`;
  await invitee.goto('/dashboard/policies/new');
  await expect(invitee.getByRole('heading', { name: 'Add New Policy' })).toBeVisible();
  await invitee.getByLabel('Customer Name').fill('Jane Doe');
  await invitee.getByLabel('Customer Email').fill(`${policyNumber.toLowerCase()}@example.com`);
  await invitee.getByLabel('Policy Number').fill(policyNumber);
  await invitee.getByLabel('Insurance Company').fill('Acme Mutual');
  await invitee.getByLabel('Premium Amount').fill('1234.50');
  await invitee.getByLabel('Coverage Amount').fill('50000');
  await invitee.getByLabel('Deductible').fill('500');
  await invitee.getByLabel('Start Date').fill('2025-01-05');
  await invitee.getByLabel('Vehicle Make').fill('Toyota');
  await invitee.getByLabel('Vehicle Model').fill('Corolla');
  await invitee.getByLabel('Vehicle Year').fill('2020');
  await invitee.getByLabel('VIN Number').fill('1HGCM82633A004352');
  await invitee.getByLabel('Driver License').fill('D1234567');
  await invitee.getByRole('button', { name: 'Create Policy' }).click();
  await expect(invitee.getByRole('heading', { name: `Policy ${policyNumber}` })).toBeVisible();
  const policyId = new URL(invitee.url()).pathname.split('/').pop()!;
  expect(policyId).toMatch(/^[0-9a-f-]{36}$/);

  await page.goto('/dashboard/policies');
  await page.getByPlaceholder('Search by customer, policy #, or company').fill(policyNumber);
  await expect(page.getByRole('row', { name: new RegExp(policyNumber) })).toBeVisible();
  await shot(page, 'team-owner-sees-member-policy');
  const ownerList = await (await page.request.get(`/api/policies?search=${policyNumber}`)).json();
  expect(ownerList.rows.map((r: { id: string }) => r.id)).toEqual([policyId]);

  // A team member has no team page.
  await invitee.goto('/dashboard/team-management');
  await expect(invitee.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(invitee.getByText(ACCESS_TEXT.agencyRoleDenied(['owner', 'admin']))).toBeVisible();
  expect((await invitee.request.get('/api/team')).status()).toBe(403);

  // The member switches between their own agency and the team's from the avatar menu.
  await invitee.goto('/dashboard');
  const menu = invitee.getByRole('button', { name: 'Account menu' });
  if (await menu.count()) {
    await menu.click();
    await expect(invitee.getByText('Switch agency')).toBeVisible();
    await shot(invitee, 'agency-switcher');
    await invitee.getByRole('menuitem', { name: /Ivy Solo Agency/ }).click();
    await expect(invitee.getByText('You are now working in Ivy Solo Agency.')).toBeVisible();
    expect((await invitee.request.get(`/api/policies/${policyId}`)).status()).toBe(404);
    await menu.click();
    await invitee.getByRole('menuitem', { name: /Harbor Insurance/ }).click();
    await expect(invitee.getByText('You are now working in Harbor Insurance.')).toBeVisible();
  }
  expect((await invitee.request.get(`/api/policies/${policyId}`)).status()).toBe(200);

  // Owner makes the member an admin (confirmed); an admin may manage the team.
  await page.goto('/dashboard/team-management');
  const memberRow = page.getByRole('row', { name: new RegExp(inviteeEmail) });
  await expect(memberRow).toContainText('Active');
  await expect(memberRow).toContainText('Ivy Invitee');
  await memberRow.getByRole('button', { name: `Actions for ${inviteeEmail}` }).click();
  await page.getByRole('menuitem', { name: 'Make Admin' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Change role?');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Change Role' }).click();
  await expect(page.getByText('Role updated.')).toBeVisible();
  await expect(memberRow).toContainText('Admin');
  await invitee.goto('/dashboard/team-management');
  await expect(invitee.getByRole('heading', { name: 'Team Management' })).toBeVisible();
  await expect(invitee.getByRole('row', { name: /Olivia Owner/ })).toContainText('Owner');
  expect((await invitee.request.get('/api/team')).status()).toBe(200);

  // Owner removes the member, with a confirmation.
  await memberRow.getByRole('button', { name: `Actions for ${inviteeEmail}` }).click();
  await page.getByRole('menuitem', { name: 'Remove Member' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Remove member?');
  await shot(page, 'team-remove-confirm');
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Member removed.')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(inviteeEmail) })).toHaveCount(0);

  // The member's open session loses the agency on its next request.
  expect((await invitee.request.get(`/api/policies/${policyId}`)).status()).toBe(404);
  await invitee.goto(`/dashboard/policies/${policyId}`);
  await expect(invitee.getByText(/Error loading policy/)).toBeVisible();
  // …and is told why, naming the agency, instead of silently landing in their own book.
  const notice = invitee.getByRole('alert').filter({ hasText: TEAM_TEXT.removedFromAgency('Harbor Insurance') });
  await expect(notice).toBeVisible();
  await shot(invitee, 'team-removed-notice');
  await invitee.setViewportSize({ width: 390, height: 844 });
  await shot(invitee, 'team-removed-notice');
  await notice.getByRole('button', { name: 'Dismiss notice' }).click();
  await expect(notice).toHaveCount(0);
  const after = await (await invitee.request.get('/api/me')).json();
  expect(after.agency.name).toBe('Ivy Solo Agency');
  expect(after.agencies).toHaveLength(1);
  await invitee.context().close();
});

test('resend and cancel a pending invitation from the table', async ({ page, browser }) => {
  await enterpriseOwner(browser, page, 'Resend Brokers');
  const email = uniqueEmail('pending');
  await page.goto('/dashboard/team-management');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Role').selectOption('admin');
  await page.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(page.getByText('Invitation Sent')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(email) });
  await expect(row).toContainText('Admin');
  const firstPath = new URL(firstLink(await readMail(email, /invited/))).pathname;

  await row.getByRole('button', { name: `Actions for ${email}` }).click();
  await page.getByRole('menuitem', { name: 'Resend Invitation' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Resend' }).click();
  await expect(page.getByText(`A new invitation has been sent to ${email}.`)).toBeVisible();
  await expect.poll(async () => new URL(firstLink(await readMail(email, /invited/))).pathname).not.toBe(firstPath);
  const secondPath = new URL(firstLink(await readMail(email, /invited/))).pathname;

  // The old link is no longer valid.
  await page.goto(firstPath);
  await expect(page.getByRole('heading', { name: 'Invitation Invalid' })).toBeVisible();
  await expect(page.getByText(INVALID)).toBeVisible();

  await page.goto('/dashboard/team-management');
  await page.getByRole('row', { name: new RegExp(email) }).getByRole('button', { name: `Actions for ${email}` }).click();
  await page.getByRole('menuitem', { name: 'Cancel Invitation' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel Invitation' }).click();
  await expect(page.getByText('Invitation cancelled.')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(email) })).toHaveCount(0);
  await page.goto(secondPath);
  await expect(page.getByRole('heading', { name: 'Invitation Invalid' })).toBeVisible();
  await expect(page.getByText('This invitation was cancelled. Please ask for a new invitation.')).toBeVisible();
});

test('a made-up invitation link shows Invitation Invalid', async ({ page }) => {
  await page.goto(`/accept-invitation/${'x'.repeat(43)}`);
  await expect(page.getByRole('heading', { name: 'Invitation Invalid' })).toBeVisible();
  await expect(page.getByText(INVALID)).toBeVisible();
  await shot(page, 'invitation-invalid');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'invitation-invalid');
});

test('an invitation for another address cannot be accepted by the signed-in account', async ({ page, browser, account }) => {
  const ownerPage = await newPage(browser);
  await enterpriseOwner(browser, ownerPage, 'Other Address Agency');
  const email = uniqueEmail('someone-else');
  const res = await ownerPage.request.post('/api/team/invitations', { data: { email } });
  expect(res.status()).toBe(201);
  const path = new URL(firstLink(await readMail(email, /invited/))).pathname;
  await page.goto(path);
  await expect(page.getByText(`You are signed in as ${account.email}.`, { exact: false })).toBeVisible();
  await expect(page.getByText(`This invitation was sent to ${email}. Sign in with that e-mail address to accept it.`, { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accept Invitation' })).toHaveCount(0);
  const accept = await page.request.post(`/api/invitations/${path.split('/').pop()}/accept`);
  expect(accept.status()).toBe(403);
  await shot(page, 'invitation-wrong-account');
  await ownerPage.context().close();
});

test('a starter account sees Upgrade Required on the team page', async ({ page, account }) => {
  expect(account.email).toBeTruthy();
  await page.goto('/dashboard/team-management');
  await expect(page.getByRole('heading', { name: 'Upgrade Required' })).toBeVisible();
  await expect(page.getByText('This feature requires an enterprise subscription or higher. Your current plan: starter')).toBeVisible();
  expect((await page.request.post('/api/team/invitations', { data: { email: uniqueEmail('x') } })).status()).toBe(403);
});
