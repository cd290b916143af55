// The client portal on a phone (issue 32): one e-mail is a client of three agencies — after the code
// the client picks one, and "Switch agency" offers every one of them (it used to flip between the
// first two only); a term that has ended shows no ID card, in the portal or on the agent's policy page.
import type { Page } from '@playwright/test';
import { carPolicyPayload } from '#server/test/factories.ts';
import { createAccount, expect, shot, signInAs, test, uniqueEmail } from './support/fixtures.ts';
import { readMail } from './support/mail.ts';

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

async function created(page: Page, url: string, data: Record<string, unknown>) {
  const res = await page.request.post(url, { data });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

test('on a phone, a client of three agencies picks any of them, and an ended term has no ID card', async ({ page, browser }) => {
  test.slow(); // three agencies, two browsers and mail
  const viewport = { width: 390, height: 844 };
  await page.setViewportSize(viewport);
  const clientEmail = uniqueEmail('three');
  const names = ['Alder Insurance', 'Birch Insurance', 'Cedar Insurance'];
  const policies: Record<string, { current: string; ended?: { id: string; number: string } }> = {};
  for (const company of names) {
    const agent = await createAccount(page.request, { plan: 'business', company });
    await signInAs(page, agent.email, agent.password);
    const customer = await created(page, '/api/customers', { name: 'Tess Three', email: clientEmail });
    const current = await created(page, '/api/policies', carPolicyPayload({ customer_id: customer.id, customer_name: customer.name, customer_email: clientEmail, start_date: daysAgo(20) }));
    policies[company] = { current: current.policy_number };
    if (company === names[0]) {
      const ended = await created(page, '/api/policies', carPolicyPayload({ customer_id: customer.id, customer_name: customer.name, customer_email: clientEmail, start_date: daysAgo(400) }));
      policies[company].ended = { id: ended.id, number: ended.policy_number };
      // the agent's policy page: no ID card for the ended term
      await page.goto(`/dashboard/policies/${ended.id}`);
      await expect(page.getByRole('heading', { name: `Policy ${ended.policy_number}` })).toBeVisible();
      await expect(page.getByText('Expired').first()).toBeVisible();
      expect(await page.getByRole('link', { name: 'ID card' }).count()).toBe(0);
    }
    expect((await page.request.post(`/api/customers/${customer.id}/portal/invite`)).status()).toBe(200);
  }

  const context = await browser.newContext({ viewport });
  const client = await context.newPage();
  await client.goto('/portal');
  await client.getByLabel('Email').fill(clientEmail);
  await client.getByRole('button', { name: 'Send me a code' }).click();
  await expect(client.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  const code = /(\d{6})/.exec((await readMail(clientEmail, /sign-in code/)).subject)![1];
  await client.getByLabel('6-digit code').fill(code);
  await client.getByRole('button', { name: 'Sign in' }).click();

  await expect(client.getByRole('heading', { name: 'Choose your agency' })).toBeVisible();
  for (const name of names) await expect(client.getByRole('button', { name })).toBeVisible();
  await shot(client, 'portal-choose-agency');
  await client.getByRole('button', { name: names[0] }).click();
  await expect(client.getByRole('heading', { name: 'Hello Tess Three' })).toBeVisible();
  const { current, ended } = policies[names[0]];
  await expect(client.getByRole('listitem', { name: `Policy ${current}` }).getByRole('link', { name: `Download ID card for policy ${current}` })).toBeVisible();
  const endedItem = client.getByRole('listitem', { name: `Policy ${ended!.number}` });
  await expect(endedItem).toContainText('Expired');
  expect(await endedItem.getByRole('link').count()).toBe(0);
  // the agency's name is read whole in the header, beside "Switch agency" and "Sign out"
  const header = client.getByRole('banner');
  await expect(header.getByText(names[0], { exact: true })).toBeVisible();
  expect(await header.getByText(names[0], { exact: true }).evaluate((p) => p.scrollWidth <= p.clientWidth)).toBe(true);
  await shot(client, 'portal-three-agencies');

  // from the first agency, the third is one tap away (not only the second)
  await client.getByRole('button', { name: 'Switch agency' }).click();
  await expect(client.getByRole('heading', { name: 'Choose your agency' })).toBeVisible();
  await expect(client.getByRole('button', { name: `${names[0]} Current` })).toBeVisible();
  await client.getByRole('button', { name: names[2] }).click();
  await expect(client.getByRole('listitem', { name: `Policy ${policies[names[2]].current}` })).toBeVisible();
  await expect(client.getByText(names[2]).first()).toBeVisible();
  expect(await client.getByRole('listitem', { name: `Policy ${current}` }).count()).toBe(0);
  await context.close();
});
