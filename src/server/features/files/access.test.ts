// Opening a signed file link asks again who may read the file: the signature alone decides nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { agencyMembers, session as sessionTable } from '#server/db/schema.ts';
import { signFileLink } from '#server/files.ts';
import { createTestContext, createUser, insertClientPolicy, json, type TestContext, type TestUser } from '#server/test/harness.ts';
import { fileOf, PDF, PNG } from '../payments/fixtures.ts';

let t: TestContext;
let owner: TestUser;
let admin: TestUser;
let agencyId: string;

async function joinAgency(member: TestUser) {
  await t.db.insert(agencyMembers).values({ agencyId, userId: member.id, role: 'team_member' });
  await t.db.update(sessionTable).set({ activeAgencyId: agencyId }).where(eq(sessionTable.userId, member.id));
}

/** A client premium receipt recorded by `by` in the agency; its file id. */
async function recordReceipt(by: TestUser): Promise<string> {
  const fd = new FormData();
  for (const [k, v] of Object.entries({ client_name: 'Carla Client', policy_number: 'POL-77', amount: '10.00', payment_date: '2026-03-01', payment_method: 'cash' }))
    fd.append(k, v);
  fd.append('files', fileOf(PNG, 'receipt.png', 'image/png'));
  const res = await t.request('/api/premium-payments', { method: 'POST', body: fd, cookie: by.cookie });
  expect(res.status).toBe(201);
  return (await json(res)).payment.files[0].id;
}

async function linkFor(u: TestUser, fileId: string): Promise<string> {
  const res = await t.request(`/api/files/${fileId}/link`, { cookie: u.cookie });
  expect(res.status).toBe(200);
  return (await json(res)).url;
}

beforeAll(async () => {
  t = await createTestContext();
  owner = await createUser(t, { tier: 'enterprise', permissions: ['manage_team'] });
  admin = await createUser(t, { role: 'admin' });
  agencyId = (await json(await t.request('/api/me', { cookie: owner.cookie }))).agency.id;
  await insertClientPolicy(t, agencyId, 'POL-77');
});
afterAll(async () => {
  await t.close();
});

describe('opening a signed file link', () => {
  it("refuses a removed member's link, even for a file they uploaded themselves; the owner still opens it", async () => {
    const member = await createUser(t);
    await joinAgency(member);
    const ownersFile = await recordReceipt(owner);
    const membersFile = await recordReceipt(member);
    const links = [await linkFor(member, ownersFile), await linkFor(member, membersFile)];
    for (const url of links) expect((await t.request(url, { cookie: member.cookie })).status).toBe(200);

    const removed = await t.request(`/api/team/members/${member.id}`, { method: 'DELETE', cookie: owner.cookie });
    expect(removed.status).toBe(200);
    for (const url of links) {
      const res = await t.request(url, { cookie: member.cookie });
      expect(res.status).toBe(404);
      expect((await json(res)).error.message).toBe('File not found');
    }
    expect((await t.request(`/api/files/${membersFile}/link`, { cookie: member.cookie })).status).toBe(404);

    for (const fileId of [ownersFile, membersFile]) {
      const res = await t.request(await linkFor(owner, fileId), { cookie: owner.cookie });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
    }
  });

  it("keeps an agency's client receipts to the agency: an admin opens payment receipts, not these", async () => {
    const fileId = await recordReceipt(owner);
    expect((await t.request(`/api/files/${fileId}/link`, { cookie: admin.cookie })).status).toBe(404);
    const signedForAdmin = signFileLink(t.config.authSecret, fileId, admin.id, Math.floor(Date.now() / 1000) + 60);
    expect((await t.request(signedForAdmin, { cookie: admin.cookie })).status).toBe(404);

    const fd = new FormData();
    for (const [k, v] of Object.entries({ selected_tier: 'professional', payment_method: 'PayPal', payment_date: '2026-01-15', agreed_to_terms: 'true' })) fd.append(k, v);
    fd.append('receipt', fileOf(PDF, 'proof.pdf'));
    const submitted = await t.request('/api/payment-submissions', { method: 'POST', body: fd, cookie: owner.cookie });
    expect(submitted.status).toBe(201);
    const receipt = (await json(submitted)).submission.receipt_file.id;
    expect((await t.request(await linkFor(admin, receipt), { cookie: admin.cookie })).status).toBe(200);
    expect((await t.request(await linkFor(owner, receipt), { cookie: owner.cookie })).status).toBe(200);
  });

  it('refuses a correctly signed link whose expiry lies beyond the 300 s a link may live', async () => {
    const fileId = await recordReceipt(owner);
    const now = Math.floor(Date.now() / 1000);
    const farFuture = signFileLink(t.config.authSecret, fileId, owner.id, now + 365 * 24 * 3600);
    let res = await t.request(farFuture, { cookie: owner.cookie });
    expect(res.status).toBe(403);
    expect((await json(res)).error.code).toBe('INVALID_LINK');
    res = await t.request(signFileLink(t.config.authSecret, fileId, owner.id, now + 301 + 5), { cookie: owner.cookie });
    expect(res.status).toBe(403);
    res = await t.request(signFileLink(t.config.authSecret, fileId, owner.id, now + 250), { cookie: owner.cookie });
    expect(res.status).toBe(200);
  });
});
