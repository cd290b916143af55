// Idempotency-Key on /api/v1 writes: the first answer is stored with the write, in its transaction,
// and replayed for 24 hours to a retry with the same request; the same key with another request is a 409.
import { createHash } from 'node:crypto';
import { and, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { API_TEXT } from '#shared/api-keys.ts';
import type { AppEnv } from '#server/context.ts';
import type { Db } from '#server/db/client.ts';
import { apiIdempotency } from '#server/db/schema.ts';
import { badRequest, conflict } from '#server/errors.ts';
import { defineJob } from '#server/jobs/queue.ts';

export const IDEMPOTENCY_TTL_HOURS = 24;

export interface WriteResult {
  status: 200 | 201 | 204;
  body: unknown;
}

function respond(c: Context<AppEnv>, result: { status: number; body: unknown }) {
  if (result.status === 204) return c.body(null, 204);
  return c.json(result.body as object, result.status as ContentfulStatusCode);
}

/**
 * The same request is the same JSON value: keys sorted at every level, no whitespace, so a retry that
 * serialises its object in another key order replays. Text that is not JSON is compared as sent.
 */
export function canonicalJson(text: string): string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return text;
  }
  const sorted = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(sorted) : v && typeof v === 'object' ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sorted((v as Record<string, unknown>)[k])])) : v;
  return JSON.stringify(sorted(value));
}

/** A stored answer past its 24 hours. */
const expired = () => lt(apiIdempotency.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`);

interface IdempotencyKey {
  agencyId: string;
  keyId: string;
  key: string;
  /** the key's row: its agency leads every condition, the row's shard on Citus (decision 044) */
  where: SQL;
}

/** The request's Idempotency-Key (a 400 when out of bounds), undefined when it sends none. */
function idempotencyKeyOf(c: Context<AppEnv>): IdempotencyKey | undefined {
  const key = c.req.header('idempotency-key');
  if (key === undefined) return undefined;
  if (key.length < 1 || key.length > 255) throw badRequest(API_TEXT.idempotencyKeyInvalid, undefined, 'INVALID_IDEMPOTENCY_KEY');
  const agencyId = c.var.actor.agency.id;
  const keyId = c.var.apiKey.keyId;
  return { agencyId, keyId, key, where: and(eq(apiIdempotency.agencyId, agencyId), eq(apiIdempotency.keyId, keyId), eq(apiIdempotency.idempotencyKey, key))! };
}

/** Drops the key's answer if it expired, then reserves the key (status 0): false when a live row holds it. */
async function reserveKey(db: Db, k: IdempotencyKey, requestHash: string): Promise<boolean> {
  await db.delete(apiIdempotency).where(and(k.where, expired()));
  const [reserved] = await db
    .insert(apiIdempotency)
    .values({ agencyId: k.agencyId, keyId: k.keyId, idempotencyKey: k.key, requestHash, status: 0 })
    .onConflictDoNothing()
    .returning({ keyId: apiIdempotency.keyId });
  return reserved !== undefined;
}

/**
 * Runs the write once per Idempotency-Key. The key's row is inserted first in the write's transaction:
 * a concurrent duplicate waits on its primary key until the first commits, then replays its answer
 * (or, if the first failed and rolled back, does the write itself). The services open their own
 * transactions inside this one (savepoints), so they are the same functions the web app calls.
 */
export async function writeOnce(
  c: Context<AppEnv>,
  work: (db: Db) => Promise<WriteResult>,
  // what makes a retry "the same request" when the body is not JSON: an upload's fields and its file's
  // hash (a multipart body has a fresh boundary each time, and was read as a stream already)
  fingerprint?: string,
): Promise<Response> {
  const db = c.var.deps.db;
  const k = idempotencyKeyOf(c);
  if (k === undefined) return respond(c, await work(db));
  const body = fingerprint ?? (c.req.method === 'DELETE' ? '' : canonicalJson(await c.req.text()));
  const requestHash = createHash('sha256').update(`${c.req.method} ${c.req.path}\n${body}`).digest('hex');
  const outcome = await db.transaction(async (tx) => {
    if (!(await reserveKey(tx as unknown as Db, k, requestHash))) {
      const [stored] = await tx.select().from(apiIdempotency).where(k.where);
      if (stored.requestHash !== requestHash) throw conflict(API_TEXT.idempotencyMismatch, 'IDEMPOTENCY_KEY_REUSED');
      return { status: stored.status, body: stored.body, replayed: true };
    }
    const result = await work(tx as unknown as Db);
    await tx.update(apiIdempotency).set({ status: result.status, body: result.body ?? null }).where(k.where);
    return { ...result, replayed: false };
  });
  if (outcome.replayed) c.header('idempotent-replayed', 'true');
  return respond(c, outcome);
}

/** Drops stored answers older than 24 hours (also done lazily per key above). */
export async function purgeIdempotency(db: Db): Promise<number> {
  const gone = await db
    .delete(apiIdempotency)
    .where(expired())
    .returning({ keyId: apiIdempotency.keyId });
  return gone.length;
}

/** Stored API answers past their 24 hours: a plain delete (scheduled in jobs/all.ts). */
export const idempotencyPurgeJob = defineJob<Record<string, never>>({ name: 'api.idempotency-purge', run: async (deps) => void (await purgeIdempotency(deps.db)) });

/**
 * A multipart request as one value: its fields and files (name and SHA-256 of the bytes) in name
 * order, so a retry with another boundary or part order is the same request.
 */
async function formHash(c: Context<AppEnv>, request: Request): Promise<string> {
  const form = await request.formData();
  const parts: string[] = [];
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') parts.push(JSON.stringify([name, value]));
    else parts.push(JSON.stringify([name, value.name, createHash('sha256').update(new Uint8Array(await value.arrayBuffer())).digest('hex')]));
  }
  return createHash('sha256').update(`${c.req.method} ${c.req.path}\n${parts.sort().join('\n')}`).digest('hex');
}

/**
 * Idempotency-Key for an upload (documents, premium payments): the bytes stream to storage outside
 * any one transaction, so the key is reserved first in its own (a concurrent duplicate is a 409
 * while the first is under way), answered when the upload is stored, and freed if it fails. The
 * request is compared as fields and file digests, read from a copy of the body beside the upload.
 */
export async function uploadOnce(c: Context<AppEnv>, work: () => Promise<WriteResult>): Promise<Response> {
  const db = c.var.deps.db;
  const k = idempotencyKeyOf(c);
  if (k === undefined) return respond(c, await work());
  const thisKey = k.where;
  if (!(await reserveKey(db, k, ''))) {
    const [stored] = await db.select().from(apiIdempotency).where(thisKey);
    if (!stored || stored.status === 0) throw conflict(API_TEXT.idempotencyInProgress, 'IDEMPOTENCY_KEY_IN_USE');
    if (stored.requestHash !== (await formHash(c, c.req.raw))) throw conflict(API_TEXT.idempotencyMismatch, 'IDEMPOTENCY_KEY_REUSED');
    c.header('idempotent-replayed', 'true');
    return respond(c, { status: stored.status, body: stored.body });
  }
  // read beside the upload (a tee of the body); a body the upload refused may not parse: no answer is kept then
  const hashing = formHash(c, c.req.raw.clone()).catch(() => null);
  let result: WriteResult;
  try {
    result = await work();
  } catch (err) {
    await db.delete(apiIdempotency).where(thisKey);
    await hashing;
    throw err;
  }
  const requestHash = await hashing;
  if (requestHash === null) await db.delete(apiIdempotency).where(thisKey);
  else await db.update(apiIdempotency).set({ requestHash, status: result.status, body: result.body ?? null }).where(thisKey);
  return respond(c, result);
}
