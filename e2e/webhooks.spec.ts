// Webhooks (issue 15): an Enterprise owner adds an endpoint pointing at a local receiver, creates a
// policy, sees the signed delivery in the log, sends a test event and redelivers. The e2e server
// runs with WEBHOOKS_ALLOW_PRIVATE=1 so 127.0.0.1 is accepted (e2e/support/server.ts).
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { WEBHOOK_TEXT } from '#shared/webhooks.ts';
import { createAccount, enterpriseOwner, expect, shot, signInAs, test } from './support/fixtures.ts';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]:not([data-removed="true"])').filter({ hasText: text });

interface Hit {
  headers: http.IncomingHttpHeaders;
  body: string;
}

async function startReceiver() {
  const hits: Hit[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      hits.push({ headers: req.headers, body });
      res.end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/policydesk`, hits, close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))) };
}

test('an Enterprise owner adds a webhook, creates a policy, sees the signed delivery, and sends a test event', async ({ page, browser }) => {
  test.slow(); // a whole journey across pages: inherently long, so three times the budget (issue 30)
  const receiver = await startReceiver();
  try {
    await enterpriseOwner(browser, page, { firstName: 'Wendy', lastName: 'Hook', manageTeam: false });

    await page.goto('/dashboard/api-settings/webhooks');
    await expect(page.getByRole('heading', { level: 2, name: 'Webhooks' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Webhooks' }).and(page.locator('[aria-current="page"]'))).toBeVisible();
    await expect(page.getByText('No webhook endpoints yet. Add one to receive events.')).toBeVisible();
    await expect(page.getByText('PolicyDesk-Signature', { exact: true }).first()).toBeVisible();
    await shot(page, 'webhooks-empty');

    await page.getByRole('button', { name: 'Add endpoint' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add endpoint' });
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(dialog.getByText('Enter the URL that should receive the events.')).toBeVisible();
    await expect(dialog.getByText('Choose at least one event.')).toBeVisible();
    await dialog.getByLabel('Endpoint URL').fill('ftp://example.com');
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(dialog.getByText('Enter a full URL starting with http:// or https://.')).toBeVisible();
    await dialog.getByLabel('Endpoint URL').fill(receiver.url);
    await dialog.getByLabel('Description').fill('Local receiver');
    await dialog.getByRole('checkbox', { name: /policy\.created/ }).click();
    await dialog.getByRole('checkbox', { name: /customer\.created/ }).click();
    await shot(page, 'webhooks-dialog');
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(toast(page, 'Webhook endpoint added.')).toBeVisible();
    await expect(dialog).toBeHidden();

    const card = page.getByTestId('webhook-endpoint');
    await expect(card).toContainText(receiver.url);
    await expect(card).toContainText('Enabled');
    await expect(card).toContainText('policy.created');
    await card.getByRole('button', { name: 'Reveal signing secret' }).click();
    const secret = (await card.getByTestId('webhook-secret').textContent())!.trim();
    expect(secret).toMatch(/^whsec_[0-9a-f]{48}$/);
    await expect(page.getByText('No deliveries yet. Events appear here when they are sent.')).toBeVisible();

    const created = await page.request.post('/api/policies', {
      data: {
        customer_name: 'Hook Client',
        customer_email: `hook-${Date.now()}@example.com`,
        policy_number: 'HOOK-1',
        insurance_company: 'Acme Mutual',
        policy_type: 'car',
        premium_amount: '1200.00',
        coverage_amount: '50000',
        deductible: '500',
        start_date: new Date().toISOString().slice(0, 10),
        status: 'active',
        car_details: { vehicle_make: 'Toyota', vehicle_model: 'Corolla', vehicle_year: 2020, vin_number: 'VIN1', driver_license: 'DL-1' },
      },
    });
    expect(created.status(), await created.text()).toBe(201);

    const rows = page.getByTestId('delivery-row');
    const policyRow = rows.filter({ hasText: 'policy.created' });
    await expect(policyRow).toContainText('Delivered');
    await expect(policyRow).toContainText('200');
    await expect(rows.filter({ hasText: 'customer.created' })).toContainText('Delivered');

    // the receiver got it, signed with the secret the page shows
    const hit = receiver.hits.find((h) => JSON.parse(h.body).type === 'policy.created')!;
    expect(JSON.parse(hit.body).data.policy_number).toBe('HOOK-1');
    const [t, v1] = String(hit.headers['policydesk-signature']).split(',').map((p) => p.split('=')[1]);
    expect(crypto.createHmac('sha256', secret).update(`${t}.${hit.body}`).digest('hex')).toBe(v1);

    await card.getByRole('button', { name: 'Send test event' }).click();
    await expect(toast(page, 'Test event queued. It appears in the delivery log.')).toBeVisible();
    await expect(rows.filter({ hasText: 'webhook.test' })).toContainText('Delivered');
    await shot(page, 'webhooks-log');

    await policyRow.getByRole('button', { name: 'Redeliver' }).click();
    await expect(toast(page, 'Delivery queued again.')).toBeVisible();
    await expect(rows.filter({ hasText: 'policy.created' })).toHaveCount(2);
    await expect.poll(() => receiver.hits.filter((h) => JSON.parse(h.body).type === 'policy.created').length).toBe(2);

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('delivery-row').first()).toBeVisible();
    await shot(page, 'webhooks-log');
  } finally {
    await receiver.close();
  }
});

test('a Business agent is told webhooks come with Enterprise, not shown the webhooks form', async ({ page }) => {
  const account = await createAccount(page.request, { plan: 'business' });
  await signInAs(page, account.email, account.password);
  await page.goto('/dashboard/api-settings/webhooks');
  await expect(page.getByText(WEBHOOK_TEXT.planRequired('Enterprise'))).toBeVisible();
  expect(await page.getByRole('button', { name: WEBHOOK_TEXT.add }).count()).toBe(0);
  expect((await page.request.get('/api/webhooks')).status()).toBe(403);
});
