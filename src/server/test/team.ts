// A second member of an agency, joined as the app does it: the owner (or an admin) invites an e-mail,
// the invitee signs up and accepts the link from the mail.
import { expect } from 'vitest';
import { createUser, linkIn, waitForMail, type TestContext, type TestUser } from './harness.ts';

export async function joinAgency(t: TestContext, by: TestUser, role = 'team_member'): Promise<TestUser> {
  const email = `m-${Math.random().toString(36).slice(2, 10)}@example.com`;
  expect((await t.request('/api/team/invitations', { cookie: by.cookie, json: { email, role } })).status).toBe(201);
  const token = linkIn(await waitForMail(t, email)).split('/').pop()!;
  const u = await createUser(t, { email });
  expect((await t.request(`/api/invitations/${token}/accept`, { method: 'POST', cookie: u.cookie })).status).toBe(200);
  return u;
}
