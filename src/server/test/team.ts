// Members joining an agency as the app does it: the owner (or an admin) invites an e-mail, the
// invitee accepts the link from the mail.
import { expect } from 'vitest';
import { createUser, linkIn, waitForMail, type TestContext, type TestUser } from './harness.ts';

/** `by` invites `email`; the token of the link in the mail that arrives. */
async function invite(t: TestContext, by: TestUser, email: string, role: string): Promise<string> {
  expect((await t.request('/api/team/invitations', { cookie: by.cookie, json: { email, role } })).status).toBe(201);
  return linkIn(await waitForMail(t, email)).split('/').pop()!;
}

async function accept(t: TestContext, token: string, who: TestUser): Promise<void> {
  expect((await t.request(`/api/invitations/${token}/accept`, { method: 'POST', cookie: who.cookie })).status).toBe(200);
}

/** A new member: invited by `by`, signs up, accepts. */
export async function joinAgency(t: TestContext, by: TestUser, role = 'team_member'): Promise<TestUser> {
  const email = `m-${Math.random().toString(36).slice(2, 10)}@example.com`;
  const token = await invite(t, by, email, role);
  const u = await createUser(t, { email });
  await accept(t, token, u);
  return u;
}

/** An existing user (`who`) invited by `by` and accepting: a member of `by`'s agency too. */
export async function inviteAndAccept(t: TestContext, by: TestUser, who: TestUser, role: string): Promise<void> {
  await accept(t, await invite(t, by, who.email, role), who);
}
