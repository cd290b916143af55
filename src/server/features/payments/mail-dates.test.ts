// Dates in e-mails are written as on the screens (the shared formatDay), not as yyyy-MM-dd.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDay } from '#shared/format-date.ts';
import { createTestContext, createUser, json, waitForMail, type TestContext } from '#server/test/harness.ts';
import { fileOf, PDF } from './fixtures.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

describe('dates in e-mails', () => {
  it('the approval and rejection mails write the payment date as the screens do', async () => {
    const admin = await createUser(t, { role: 'admin' });
    for (const [decision, subject] of [['approve', /plan is active/], ['reject', /not approved/]] as const) {
      const u = await createUser(t);
      const fd = new FormData();
      for (const [k, v] of Object.entries({ selected_tier: 'business', payment_method: 'PayPal', payment_date: '2026-01-05', agreed_to_terms: 'true' })) fd.append(k, v);
      fd.append('receipt', fileOf(PDF, 'r.pdf'));
      const s = (await json(await t.request('/api/payment-submissions', { method: 'POST', body: fd, cookie: u.cookie }))).submission;
      const res = await t.request(`/api/admin/payment-submissions/${s.id}/${decision}`, { cookie: admin.cookie, json: { notes: 'Checked.' } });
      expect(res.status).toBe(200);
      const mail = await waitForMail(t, u.email, subject);
      expect(mail.text).toContain(formatDay('2026-01-05'));
      expect(mail.text).toContain('Jan 5, 2026');
      expect(mail.text).not.toContain('2026-01-05');
    }
  });
});
