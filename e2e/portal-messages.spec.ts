// The client portal's messages and client files (issue 32): the client writes to the agency and sends
// a photo; the agent reads the message on the customer page (the Documents card marks the file "From
// client") and replies; the client gets an e-mail that a reply is waiting, without its content, and
// reads the reply in the portal. Desktop and 390 px.
import type { Browser, Page } from '@playwright/test';
import { createAccount, expect, shot, signInAs, test, uniqueEmail } from './support/fixtures.ts';
import { readMail } from './support/mail.ts';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]:not([data-removed="true"])').filter({ hasText: text });
// a 1×1 PNG: the platform's detector reads the bytes, not the name
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** The client signs in with the e-mailed code, in a browser of their own. */
async function clientSignsIn(browser: Browser, email: string, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  const client = await context.newPage();
  await client.goto('/portal');
  await client.getByLabel('Email').fill(email);
  await client.getByRole('button', { name: 'Send me a code' }).click();
  await expect(client.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  const code = /(\d{6})/.exec((await readMail(email, /sign-in code/)).subject)![1];
  await client.getByLabel('6-digit code').fill(code);
  await client.getByRole('button', { name: 'Sign in' }).click();
  return { client, context };
}

for (const width of [1280, 390]) {
  test(`a client writes to the agency and sends a photo; the agent replies from the customer page (${width} px)`, async ({ page, browser }) => {
    test.slow(); // two people, two browsers and mail
    const viewport = { width, height: width > 500 ? 900 : 844 };
    await page.setViewportSize(viewport);
    const agent = await createAccount(page.request, { plan: 'business', company: 'Quay Insurance', firstName: 'Quinn', lastName: 'Quay' });
    await signInAs(page, agent.email, agent.password);
    const clientEmail = uniqueEmail('writer');
    const created = await page.request.post('/api/customers', { data: { name: 'Wendy Writer', email: clientEmail } });
    expect(created.status()).toBe(201);
    const customer = await created.json();
    expect((await page.request.post(`/api/customers/${customer.id}/portal/invite`)).status()).toBe(200);

    const { client, context } = await clientSignsIn(browser, clientEmail, viewport);
    await expect(client.getByRole('heading', { name: 'Hello Wendy Writer' })).toBeVisible();
    const messages = client.getByRole('region', { name: 'Messages' });
    await expect(messages.getByText('No messages yet. Write to your agency here.')).toBeVisible();
    await messages.getByRole('button', { name: 'Send message' }).click();
    await expect(messages.getByText('Please write a message.')).toBeVisible();
    await messages.getByLabel('Your message').fill('A branch fell on my car last night. Photo attached.');
    await messages.getByRole('button', { name: 'Send message' }).click();
    await expect(toast(client, 'Message sent.')).toBeVisible();
    await expect(messages.getByRole('list', { name: 'Messages with your agency' })).toContainText('A branch fell on my car last night.');

    // the photo: no file first, then a PNG
    const documents = client.getByRole('region', { name: 'Documents for me' });
    await documents.getByRole('button', { name: 'Send file' }).click();
    await expect(documents.getByText('Please choose a file to upload.')).toBeVisible();
    await documents.getByLabel('Send a file to your agency').setInputFiles({ name: 'branch.png', mimeType: 'image/png', buffer: PNG });
    await documents.getByRole('button', { name: 'Send file' }).click();
    await expect(toast(client, 'Your file was sent to your agency.')).toBeVisible();
    await expect(documents.getByRole('list', { name: 'Documents for me' })).toContainText('branch.png');
    // the name and "Sent by you" are read whole, on a phone too (the row's buttons go under them)
    const sent = documents.getByRole('listitem').filter({ hasText: 'branch.png' });
    await expect(sent.getByText('Sent by you')).toBeVisible();
    expect(await sent.locator('p').first().evaluate((p) => p.scrollWidth <= p.clientWidth)).toBe(true);
    await shot(client, 'portal-messages-client');

    // the agent: the bell, the file marked "From client", the message on the customer page
    await page.goto('/dashboard');
    await page.getByRole('button', { name: /Notifications \(1 unread\)/ }).click();
    await expect(page.getByText('Wendy Writer sent you a message in the client portal')).toBeVisible();
    await page.goto(`/dashboard/customers/${customer.id}`);
    const row = page.getByTestId('document-row').filter({ hasText: 'branch.png' });
    await expect(row.getByText('From client')).toBeVisible();
    // the agent reads the name and the badge whole, on a phone too (the row's buttons go under them)
    expect(await row.locator('p').first().evaluate((p) => p.scrollWidth <= p.clientWidth)).toBe(true);
    const thread = page.locator('#portal-messages');
    await expect(thread.getByRole('list', { name: 'Messages with the client' })).toContainText('A branch fell on my car last night.');
    await thread.getByLabel('Your message').fill('Sorry to hear it. I opened a claim: number QC-2211.');
    await shot(page, 'portal-messages-agent');
    await thread.getByRole('button', { name: 'Send message' }).click();
    await expect(toast(page, 'Message sent.')).toBeVisible();
    await expect(thread.getByRole('list', { name: 'Messages with the client' })).toContainText('QC-2211');

    // the client's e-mail says a reply is waiting, never what it says
    const notice = await readMail(clientEmail, /sent you a message/);
    expect(notice.text).not.toContain('QC-2211');
    expect(notice.html).not.toContain('QC-2211');
    await client.reload();
    await expect(messages.getByRole('list', { name: 'Messages with your agency' })).toContainText('I opened a claim: number QC-2211.');
    await context.close();
  });
}
