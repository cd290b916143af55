// An import survives its instance (issue 27): it is a job of the one queue, and a run that stops
// half-way is resumed by another from the import's checkpoint — no row created twice, no count or
// failure repeated, and the file's rows dropped once it has finished.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { autoMap, IMPORT_TEXT, type ImportJob } from '#shared/imports.ts';
import { jobActor, loadActor, type Actor } from '#server/context.ts';
import { customers, importJobs, jobs } from '#server/db/schema.ts';
import { jobDefinition } from '#server/jobs/queue.ts';
import { workOnce } from '#server/jobs/runner.ts';
import { createCustomer } from '#server/test/factories.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from '#server/test/harness.ts';
import { IMPORT_JOB, importJob } from './service.ts';

let t: TestContext;
let agent: TestUser;
let actor: Actor;

beforeAll(async () => {
  t = await createTestContext();
  agent = await createUser(t, { tier: 'enterprise' });
  actor = (await loadActor(t.deps, new Headers({ cookie: agent.cookie })))!;
});
afterAll(async () => {
  await t.close();
});

/** An import and its job as startImport writes them, without this process starting it. */
async function queuedImport(rows: string[][]) {
  const headers = ['Name', 'Email'];
  return t.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(importJobs)
      .values({ agencyId: actor.agency.id, createdBy: actor.userId, kind: 'customers', fileName: 'big.csv', duplicates: 'skip', total: rows.length, source: { mapping: autoMap('customers', headers), rows, lines: rows.map((_, i) => i + 2) } })
      .returning();
    const jobId = await importJob.enqueue(tx, { importId: row.id, actor: jobActor(actor) }, { agencyId: actor.agency.id });
    return { importId: row.id, jobId: jobId! };
  });
}

describe('resuming an import', () => {
  it('a run stopped half-way through a chunk is finished by the next, each row once', async () => {
    await createCustomer(t.request, agent.cookie, { name: 'Already here', email: 'res600@example.com' });
    const rows = Array.from({ length: 1100 }, (_, i) => [`Resume ${i}`, i === 10 || i === 20 ? 'not-an-email' : `res${i}@example.com`]);
    const { importId, jobId } = await queuedImport(rows);
    // the first instance commits the first chunk and the fast part of the second, then loses the job
    // (killed, or its lease taken over) before the second chunk's end
    let calls = 0;
    const dying = async () => (calls += 1) < 4;
    const def = jobDefinition(IMPORT_JOB)!;
    await expect(
      def.run(t.deps, { id: jobId, payload: { importId, actor: jobActor(actor) }, attempt: 1, lastAttempt: false, now: new Date(), progress: async () => {}, holds: dying }),
    ).rejects.toThrow('another instance');
    const [cut] = await t.db.select().from(importJobs).where(eq(importJobs.id, importId));
    expect(cut).toMatchObject({ status: 'running', processed: 500, checkpoint: expect.objectContaining({ start: 500 }) });
    expect(cut.failures).toHaveLength(2);

    // another instance works the job from the checkpoint
    expect(await workOnce(t.deps, { name: IMPORT_JOB })).toBe(1);
    const job = await json<ImportJob>(await t.request(`/api/imports/${importId}`, { cookie: agent.cookie }));
    expect(job).toMatchObject({ status: 'done', total: 1100, processed: 1100, imported: 1097, skipped: 1, failed: 2 });
    const [done] = await t.db.select().from(importJobs).where(eq(importJobs.id, importId));
    // the skipped row is listed with its reason too, found after the resume as before it
    expect(done.failures.map((f) => [f.line, f.outcome])).toEqual([[12, 'failed'], [22, 'failed'], [602, 'skipped']]);
    expect(done.failures[2]).toMatchObject({ reason: IMPORT_TEXT.skipped(IMPORT_TEXT.existingCustomer), values: ['Resume 600', 'res600@example.com'] });
    expect(new Set(done.createdCustomerIds).size).toBe(1097);
    expect(done.createdCustomerIds).toHaveLength(1097);
    expect(done).toMatchObject({ source: null, checkpoint: null });
    const made = await t.db.select({ email: customers.email }).from(customers).where(and(eq(customers.agencyId, actor.agency.id), like(customers.email, 'res%@example.com')));
    expect(made).toHaveLength(1098);
    expect((await t.db.select().from(jobs).where(eq(jobs.id, jobId)))[0]).toMatchObject({ state: 'done' });
  });

  it('an import started through the API is a job of the queue and finishes in this process', async () => {
    const body = new FormData();
    body.set('kind', 'customers');
    body.set('file', new File(['name,email\nQueued One,queued1@example.com\n'], 'one.csv', { type: 'text/csv' }));
    const res = await t.request('/api/imports', { cookie: agent.cookie, method: 'POST', body });
    expect(res.status).toBe(202);
    const { id } = await json<ImportJob>(res);
    await expect.poll(async () => (await json<ImportJob>(await t.request(`/api/imports/${id}`, { cookie: agent.cookie }))).status).toBe('done');
    const queued = await t.db.select().from(jobs).where(eq(jobs.name, IMPORT_JOB));
    expect(queued.find((j) => j.payload.importId === id)).toMatchObject({ state: 'done', agencyId: actor.agency.id });
  });
});
