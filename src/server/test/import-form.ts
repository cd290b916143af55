// The import's multipart body as the page sends it: the fields first, then the file (the server
// checks them before reading its bytes).
import { expect } from 'vitest';
import type { ImportJob } from '#shared/imports.ts';
import { json, type TestContext, type TestUser } from './harness.ts';

export function importForm(content: string | Uint8Array, fields: Record<string, string> = {}, name = 'book.csv'): FormData {
  const body = new FormData();
  body.set('kind', fields.kind ?? 'customers');
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  body.set('file', new File([content as BlobPart], name, { type: 'text/csv' }));
  return body;
}

/** Follows an import job (the 202 that started it) until it leaves "running", as the page polls it. */
export async function importFinished(t: TestContext, u: TestUser, res: Response): Promise<ImportJob> {
  expect(res.status, await res.clone().text()).toBe(202);
  const { id } = await json<ImportJob>(res);
  for (let i = 0; i < 2000; i += 1) {
    const job = await json<ImportJob>(await t.request(`/api/imports/${id}`, { cookie: u.cookie }));
    if (job.status !== 'running') return job;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('import did not finish');
}
