// The invitation tests' world: Harbor Insurance, whose owner may manage the team.
import { contextWith, json, type TestContext, type TestUser } from '#server/test/harness.ts';

export async function harborAgency(): Promise<{ t: TestContext; owner: TestUser; ownerAgencyId: string }> {
  const { t, owner } = await contextWith({ owner: { name: 'Olivia Owner', tier: 'enterprise', permissions: ['manage_team'], company: 'Harbor Insurance' } });
  return { t, owner, ownerAgencyId: (await json(await t.request('/api/me', { cookie: owner.cookie }))).agency.id };
}

/** An e-mail address nobody has used yet. */
export const unique = (p: string) => `${p}-${Math.random().toString(36).slice(2, 8)}@example.com`;
