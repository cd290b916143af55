// The client portal (issue 32): the agent invites a client from the customer page; the client signs
// in with the code from the e-mail, sees their two policies, downloads the ID card (a real PDF with
// the VIN and policy number) and asks for a change; the agent sees the task and answers. Desktop and 390 px.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { carPolicyPayload, firePolicyPayload } from '#server/test/factories.ts';
import { createAccount, expect, shot, signInAs, test, uniqueEmail } from './support/fixtures.ts';
import { firstLink, readMail } from './support/mail.ts';
import { pdfText } from '#server/test/pdf-text.ts';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]:not([data-removed="true"])').filter({ hasText: text });

async function post(page: Page, url: string, data: Record<string, unknown>) {
  const res = await page.request.post(url, { data });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

for (const width of [1280, 390]) {
  test(`an invited client signs in with an e-mailed code, downloads the ID card and asks for a change (${width} px)`, async ({ page, browser }) => {
    test.slow(); // two people, two browsers, mail and a PDF: a long journey by nature
    const viewport = { width, height: width > 500 ? 900 : 844 };
    await page.setViewportSize(viewport);
    const agent = await createAccount(page.request, { plan: 'business', company: 'Harbor Insurance', firstName: 'Hana', lastName: 'Harbor' });
    await signInAs(page, agent.email, agent.password);
    const clientEmail = uniqueEmail('client');
    const customer = await post(page, '/api/customers', { name: 'Chris Client', email: clientEmail });
    const car = carPolicyPayload({ customer_id: customer.id, customer_name: customer.name, customer_email: clientEmail, start_date: daysAgo(30) });
    await post(page, '/api/policies', { ...car, car_details: { ...car.car_details, vin_number: `1HGCM82633A${width}` } });
    const fire = await post(page, '/api/policies', firePolicyPayload({ customer_id: customer.id, customer_name: customer.name, customer_email: clientEmail, start_date: daysAgo(60) }));

    // the agent invites the client from the customer page
    await page.goto(`/dashboard/customers/${customer.id}`);
    const card = page.locator('#client-portal');
    await expect(card.getByText('Not invited yet.', { exact: false })).toBeVisible();
    await card.getByRole('button', { name: 'Invite to portal' }).click();
    await expect(toast(page, 'Portal invitation sent.')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Revoke access' })).toBeVisible();
    const invitation = await readMail(clientEmail, /client portal/);
    expect(invitation.from).toContain('Harbor Insurance');
    const link = firstLink(invitation);
    expect(new URL(link).pathname).toBe('/portal');

    // the client, in a browser of their own
    const clientContext = await browser.newContext({ viewport });
    const client = await clientContext.newPage();
    await client.goto(link);
    await expect(client.getByRole('heading', { name: 'Sign in to your client portal' })).toBeVisible();
    await client.getByRole('button', { name: 'Send me a code' }).click();
    await expect(client.getByText('Please enter your e-mail address.')).toBeVisible();
    await client.getByLabel('Email').fill(clientEmail);
    await shot(client, 'portal-sign-in');
    await client.getByRole('button', { name: 'Send me a code' }).click();
    await expect(client.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
    const codeMail = await readMail(clientEmail, /sign-in code/);
    const code = /(\d{6})/.exec(codeMail.subject)![1];
    await client.getByLabel('6-digit code').fill(code === '000000' ? '111111' : '000000');
    await client.getByRole('button', { name: 'Sign in' }).click();
    await expect(client.getByText('That code is not right, or it has expired.', { exact: false })).toBeVisible();
    await client.getByLabel('6-digit code').fill(code);
    await client.getByLabel('Remember this device for 30 days').check();
    await shot(client, 'portal-code');
    await client.getByRole('button', { name: 'Sign in' }).click();

    // my policies: both, with the line's details
    await expect(client.getByRole('heading', { name: 'Hello Chris Client' })).toBeVisible();
    await expect(client.getByText('Harbor Insurance').first()).toBeVisible();
    const policies = client.getByRole('listitem').filter({ has: client.getByRole('heading', { level: 3 }) });
    await expect(policies).toHaveCount(2);
    const carItem = client.getByRole('listitem', { name: `Policy ${car.policy_number}` });
    await expect(carItem).toContainText(`1HGCM82633A${width}`);
    await expect(carItem).toContainText('$1,234.50');
    await expect(carItem).toContainText('Active');
    await expect(client.getByRole('listitem', { name: `Policy ${fire.policy_number}` })).toContainText('1 Main St');
    await shot(client, 'portal-policies');

    // the ID card: a real PDF holding the VIN and the policy number
    const downloading = client.waitForEvent('download');
    await carItem.getByRole('link', { name: `Download ID card for policy ${car.policy_number}` }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`id-card-${car.policy_number}.pdf`);
    const text = await pdfText(new Uint8Array(readFileSync((await download.path())!)));
    expect(text).toContain(`1HGCM82633A${width}`);
    expect(text).toContain(car.policy_number);
    expect(text).toContain('Harbor Insurance');

    // request a change
    await carItem.getByRole('button', { name: `Request a change to policy ${car.policy_number}` }).click();
    const dialog = client.getByRole('dialog', { name: 'Request a change' });
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await expect(dialog.getByText('Please choose what you would like to change.')).toBeVisible();
    await expect(dialog.getByText('Please describe the change.')).toBeVisible();
    await dialog.getByLabel('What would you like to change?').selectOption('add_driver');
    await dialog.getByLabel('Details').fill('Please add my daughter Ana from next month.');
    await shot(client, 'portal-request');
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await expect(toast(client, 'Your request was sent to your agent.')).toBeVisible();
    const requests = client.getByRole('list', { name: 'My requests' });
    await expect(requests).toContainText('Add a driver');
    await expect(requests).toContainText('Received');

    // the agent sees the task on the policy and answers on the customer page
    await page.goto(`/dashboard/policies/${fire.id}`);
    await expect(page.getByRole('link', { name: 'Evidence of insurance' })).toBeVisible();
    const carId = (await (await page.request.get(`/api/customers/${customer.id}`)).json()).policies.find((p: { policy_number: string }) => p.policy_number === car.policy_number).id;
    await page.goto(`/dashboard/policies/${carId}`);
    await expect(page.locator('#tasks')).toContainText(`Client request: Add a driver (${car.policy_number})`);
    // …and shares the declarations page with the client (the Documents card's toggle)
    const uploaded = await page.request.post('/api/documents/upload', {
      multipart: { policy_id: carId, file: { name: 'Declarations.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n') } },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    await page.reload();
    await page.getByRole('switch', { name: 'Share Declarations.pdf with the client' }).click();
    await expect(toast(page, 'The document is shared with the client.')).toBeVisible();
    await page.goto(`/dashboard/customers/${customer.id}`);
    const answer = card.getByRole('list', { name: 'Change requests' }).getByRole('listitem').first();
    await expect(answer).toContainText('Please add my daughter Ana');
    await answer.getByLabel('State').selectOption('in_progress');
    await answer.getByLabel('Reply to the client').fill('On it: I need her licence number.');
    await shot(page, 'portal-agent-card');
    await answer.getByRole('button', { name: 'Save answer' }).click();
    await expect(toast(page, 'Request updated.')).toBeVisible();

    await client.reload();
    await expect(client.getByRole('list', { name: 'Documents for me' })).toContainText('Declarations.pdf');
    await expect(requests).toContainText('In progress');
    await expect(requests).toContainText('On it: I need her licence number.');
    await shot(client, 'portal-requests');

    // revoked: the client's next request finds no session
    await card.getByRole('button', { name: 'Revoke access' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke access' }).click();
    await expect(toast(page, 'Portal access revoked.')).toBeVisible();
    await client.reload();
    await expect(client.getByRole('heading', { name: 'Sign in to your client portal' })).toBeVisible();
    await clientContext.close();
  });
}
