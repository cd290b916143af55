// CRM tasks and the customer timeline (issue 14): create a task from a customer, see it under My
// tasks, mark it done; the timeline shows the communication, the task created and done, and a
// correction linked to the entry it corrects. Desktop and 390 px; the CRM's upgrade gate.
import type { Page } from '@playwright/test';
import { firePolicyPayload } from '#server/test/factories.ts';
import { createAccount, expect, shot, signInAs, test } from './support/fixtures.ts';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]:not([data-removed="true"])').filter({ hasText: text });

async function post(page: Page, url: string, data: Record<string, unknown>) {
  const res = await page.request.post(url, { data });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

for (const width of [1280, 390]) {
  test(`a business agent creates a task from a customer, completes it under My tasks, and reads the timeline (${width} px)`, async ({ page }) => {
    test.slow(); // a whole journey across pages: inherently long, so three times the budget (issue 30)
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    const account = await createAccount(page.request, { plan: 'business', firstName: 'Tess', lastName: 'Tasker' });
    await signInAs(page, account.email, account.password);
    const customer = await post(page, '/api/customers', { name: 'Carla Client', email: `carla-${width}@example.com` });
    await post(page, `/api/customers/${customer.id}/communications`, { type: 'phone', subject: 'Intro call', content: 'Asked about fire cover.' });
    const today = (await (await page.request.get('/api/tasks/mine')).json()).today as string;

    // create the task from the customer's Tasks card
    await page.goto(`/dashboard/customers/${customer.id}`);
    const card = page.locator('#tasks');
    await expect(card.getByText('No tasks yet.')).toBeVisible();
    await card.getByRole('button', { name: 'Add task' }).click();
    const dialog = page.getByRole('dialog', { name: 'New task' });
    await dialog.getByRole('button', { name: 'Create task' }).click();
    await expect(dialog.getByText('Title is required.')).toBeVisible();
    await dialog.getByLabel('Title').fill('Send the fire quote');
    await dialog.getByLabel('Description').fill('Two options, with and without flood.');
    await dialog.getByLabel('Due date').fill(today);
    await dialog.getByLabel('Due time').fill('16:00');
    await dialog.getByLabel('Priority').selectOption('high');
    await shot(page, 'crm-task-dialog');
    await dialog.getByRole('button', { name: 'Create task' }).click();
    await expect(toast(page, 'Success')).toContainText('Task created.');
    await expect(dialog).toBeHidden();
    await expect(card.getByTestId('task')).toHaveCount(1);
    await expect(card.getByTestId('task')).toContainText('Send the fire quote');
    await expect(card.getByTestId('task')).toContainText('High');

    // My tasks: the CRM's default tab, the task due today
    await page.goto('/dashboard/crm');
    await expect(page).toHaveURL(/\/dashboard\/crm\/tasks$/);
    await expect(page.getByRole('heading', { level: 1, name: 'CRM' })).toBeVisible();
    const tabs = page.getByRole('navigation', { name: 'CRM' });
    await expect(tabs.getByRole('link', { name: 'My tasks' })).toHaveAttribute('aria-current', 'page');
    await expect(tabs.getByRole('link', { name: 'Pipeline' })).toBeVisible();
    await expect(page.getByLabel('Show tasks of')).toHaveValue(/.+/);
    const todayGroup = page.getByTestId('group-today');
    await expect(todayGroup.getByTestId('task')).toContainText('Send the fire quote');
    await expect(todayGroup.getByRole('link', { name: 'Carla Client' })).toBeVisible();
    await expect(page.getByTestId('group-overdue')).toContainText('Nothing overdue.');
    await shot(page, 'crm-my-tasks');
    await todayGroup.getByRole('button', { name: 'Mark Send the fire quote as done' }).click();
    await expect(toast(page, 'Success')).toContainText('Task marked as done.');
    await expect(page.getByTestId('group-today')).toContainText('Nothing due today.');
    await expect(page.getByTestId('group-done').getByTestId('task')).toContainText('Send the fire quote');
    await shot(page, 'crm-my-tasks-done');

    // the customer's timeline: the communication, the task created and done, newest first
    await page.goto(`/dashboard/customers/${customer.id}`);
    const timeline = page.getByRole('list', { name: 'Timeline entries' });
    await expect(timeline.getByRole('listitem')).toHaveCount(3);
    await expect(timeline.getByRole('listitem').nth(0)).toContainText('Task done: Send the fire quote');
    await expect(timeline.getByRole('listitem').nth(1)).toContainText('Task created: Send the fire quote');
    await expect(timeline.getByRole('listitem').nth(2)).toContainText('Phone: Intro call');
    await expect(timeline.getByRole('listitem').nth(2)).toContainText('Tess Tasker');
    await page.getByLabel('Show', { exact: true }).selectOption('task');
    await expect(timeline.getByRole('listitem')).toHaveCount(2);
    await page.getByLabel('Show', { exact: true }).selectOption('communication');
    await expect(timeline.getByRole('listitem')).toHaveCount(1);

    // append-only: a correction is a new entry linked to the one it corrects
    await timeline.getByRole('button', { name: 'Correct: Phone: Intro call' }).click();
    const fix = page.getByRole('dialog', { name: 'Correct a communication' });
    await expect(fix.getByLabel('Content')).toHaveValue('Asked about fire cover.');
    await fix.getByLabel('Content').fill('Asked about fire and flood cover.');
    await fix.getByRole('button', { name: 'Log Correction' }).click();
    await expect(toast(page, 'Success')).toContainText('Correction logged.');
    await expect(timeline.getByRole('listitem')).toHaveCount(2);
    await expect(timeline.getByRole('listitem').nth(0)).toContainText('Correction: Phone: Intro call');
    await expect(timeline.getByRole('listitem').nth(0)).toContainText('Corrects the entry of');
    await expect(timeline.getByRole('listitem').nth(1)).toContainText('Asked about fire cover.');
    await expect(timeline.getByRole('listitem').nth(1)).toContainText('(corrected)');
    await page.getByLabel('Show', { exact: true }).selectOption('all');
    await expect(timeline.getByRole('listitem')).toHaveCount(4);
    await shot(page, 'crm-customer-timeline');
    // a task on the timeline opens on My tasks, in its dialog (the notification's link does the same)
    await timeline.getByRole('link', { name: 'Task created: Send the fire quote' }).click();
    await expect(page).toHaveURL(/\/dashboard\/crm\/tasks\?task=/);
    await expect(page.getByRole('dialog', { name: 'Edit task' }).getByLabel('Title')).toHaveValue('Send the fire quote');
    await page.getByRole('dialog', { name: 'Edit task' }).getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/dashboard\/crm\/tasks$/);

    // the policy page has its own Tasks card; a task added there is on the customer's timeline too
    const policyRes = await page.request.post('/api/policies', {
      data: firePolicyPayload({ customer_id: customer.id, customer_name: 'Carla Client', customer_email: customer.email }),
    });
    expect(policyRes.status(), await policyRes.text()).toBe(201);
    const policy = await policyRes.json();
    await page.goto(`/dashboard/policies/${policy.id}`);
    const policyCard = page.locator('#tasks');
    await expect(policyCard.getByText('No tasks yet.')).toBeVisible();
    await policyCard.getByRole('button', { name: 'Add task' }).click();
    const policyDialog = page.getByRole('dialog', { name: 'New task' });
    await policyDialog.getByLabel('Title').fill('Check the smoke alarms');
    await policyDialog.getByLabel('Due date').fill('');
    await policyDialog.getByRole('button', { name: 'Create task' }).click();
    await expect(policyDialog.getByText('Please enter a valid due date.')).toBeVisible();
    await policyDialog.getByLabel('Due date').fill(today);
    await policyDialog.getByRole('button', { name: 'Create task' }).click();
    await expect(toast(page, 'Success')).toContainText('Task created.');
    await expect(policyCard.getByTestId('task')).toContainText('Check the smoke alarms');
    await shot(page, 'crm-policy-tasks');
  });
}

test('a starter or professional agent meets Upgrade Required on the CRM and an upsell on the Tasks card', async ({ page }) => {
  for (const plan of ['starter', 'professional']) {
    const account = await createAccount(page.request, { plan });
    await signInAs(page, account.email, account.password);
    await page.goto('/dashboard/crm/tasks');
    await expect(page.getByText(`This feature requires a business subscription or higher. Your current plan: ${plan}`)).toBeVisible();
    await page.goto('/dashboard/crm');
    await expect(page.getByText(`This feature requires a business subscription or higher. Your current plan: ${plan}`)).toBeVisible();
    await shot(page, `crm-upgrade-required-${plan}`);
  }
  const res = await page.request.post('/api/customers', { data: { name: 'Pat Pro', email: 'pat-pro@example.com' } });
  const customer = await res.json();
  await page.goto(`/dashboard/customers/${customer.id}`);
  await expect(page.locator('#tasks')).toContainText('Upgrade to use tasks');
  await shot(page, 'crm-upgrade-card');
});
