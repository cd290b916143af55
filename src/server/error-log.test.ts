// Unexpected errors are logged with the SQL error code and statement, never the parameter values.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createApp } from './app.ts';
import { createLogger } from './logger.ts';
import { createTestContext, type TestContext } from './test/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

const SECRET = 'jane.secret-customer@example.com';

describe('the unexpected-error log', () => {
  it('carries the SQL code and statement of a failed query, and none of its parameter values', async () => {
    const lines: Record<string, any>[] = [];
    const logger = createLogger('info', { write: (line: string) => void lines.push(JSON.parse(line)) });
    const app = createApp({ ...t.deps, logger });
    // A query whose parameter is customer data and which the database refuses (22P02).
    app.get('/boom', async () => {
      await t.db.execute(sql`select ${SECRET}::uuid as id`);
      return new Response('unreachable');
    });
    const res = await app.request('/boom');
    expect(res.status).toBe(500);
    expect(JSON.stringify(await res.json())).not.toContain(SECRET);

    const logged = lines.find((l) => l.msg === 'unexpected error');
    expect(logged).toBeDefined();
    expect(logged!.err.statement).toMatch(/select \$1::uuid as id/);
    expect(logged!.err.code).toBe('22P02');
    expect(JSON.stringify(lines)).not.toContain(SECRET);
    expect(JSON.stringify(lines)).not.toContain('jane.secret');
  });
});
