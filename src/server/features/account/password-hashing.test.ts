// The API tests hash passwords cheaply (src/server/test/password-hashing.ts); this file proves the
// server itself uses better-auth's scrypt at its full cost, end to end, so the shortcut hides nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { verifyPassword } from 'better-auth/crypto';
import { account, user } from '#server/db/schema.ts';
import { createTestContext, createUser, signIn, type TestContext } from '#server/test/harness.ts';

const hashOf = async (t: TestContext, email: string) => {
  const [row] = await t.db.select({ password: account.password }).from(account).innerJoin(user, eq(user.id, account.userId)).where(eq(user.email, email));
  return row.password!;
};

describe('passwords on the server are hashed by better-auth', () => {
  let real: TestContext;
  let fast: TestContext;
  beforeAll(async () => {
    real = await createTestContext({ realPasswordHashing: true });
    fast = await createTestContext();
  });
  afterAll(async () => {
    await real.close();
    await fast.close();
  });

  it('stores better-auth’s salted scrypt (not the password), signs in with it and refuses a wrong one', async () => {
    const u = await createUser(real, { password: 'correct horse 42' });
    const stored = await hashOf(real, u.email);
    expect(stored).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(stored).not.toContain('correct horse 42');
    expect(await verifyPassword({ hash: stored, password: 'correct horse 42' })).toBe(true);
    await expect(signIn(real, u.email, 'wrong horse 42')).rejects.toThrow(/sign-in failed: 401/);
    expect(await signIn(real, u.email, 'correct horse 42')).toContain('=');
  });

  it('the cheap test hashing is only what the harness passes in', async () => {
    const u = await createUser(fast, { password: 'correct horse 42' });
    expect(await hashOf(fast, u.email)).toMatch(/^test-scrypt:/);
    await expect(signIn(fast, u.email, 'wrong horse 42')).rejects.toThrow(/sign-in failed: 401/);
  });
});
