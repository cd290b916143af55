// Bulk actions (issue 13; docs/decisions/024): preview, run (one transaction up to the sync limit,
// a job in batches above it), undo within 24 hours, and the Recent list and journal.
import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  BULK_PREVIEW_SAMPLE,
  BULK_TEXT,
  BULK_UNDO_HOURS,
  describeAction,
  displayValue,
  noun,
  type BulkActionInfo,
  type BulkEntity,
  type BulkJournalEntry,
  type BulkKind,
  type BulkPreview,
  type BulkRequest,
  type BulkState,
} from '#shared/bulk.ts';
import type { Page } from '#shared/policies.ts';
import { RENEWAL_TEXT } from '#shared/renewals.ts';
import type { Actor, Deps } from '#server/context.ts';
import { idOr404 } from '#server/db/helpers.ts';
import { agencies, bulkActions, bulkJournal, user } from '#server/db/schema.ts';
import { effectiveTier } from '#shared/tiers.ts';
import { AppError, badRequest, conflict, notFound } from '#server/errors.ts';
import { DEFAULT_LEASE_MS, defineJob, type JobContext } from '#server/jobs/queue.ts';
import { kickInBackground } from '#server/jobs/runner.ts';
import { crossAgency, tenant, type Connection, type Tenant } from '#server/tenant.ts';
import { emit, type EventSource } from '#server/platform/events.ts';
import { countRows, limitError, readLimit } from '#server/platform/limits.ts';
import { assertMember } from '#server/platform/team-membership.ts';
import { readMembers } from '#server/platform/team-membership.ts';
import { applyDelete, applyUpdate, changedSince, journalLabels, LABEL_COLUMN, lockBulk, restoreConflicts, undoDelete, undoUpdate, UPDATE_COLUMN, type BatchResult } from './apply.ts';
import { resolveTargets, uuidArray } from './targets.ts';

type Row = typeof bulkActions.$inferSelect;
const UNDO_MS = BULK_UNDO_HOURS * 3_600_000;
/** A job's lease: a crashed instance's job is taken over this long after its last batch. */
export const LEASE_MS = DEFAULT_LEASE_MS;

function valueOf(action: BulkRequest['action']): string {
  if (action.kind === 'set_status') return action.status;
  if (action.kind === 'assign') return action.assignee_id;
  if (action.kind === 'set_type') return action.customer_type;
  return 'deleted';
}

async function memberNames(t: Tenant): Promise<Record<string, string>> {
  return Object.fromEntries((await readMembers(t)).map((m) => [m.id, m.name]));
}

function toInfo(row: Row & { createdByName?: string | null }, now = Date.now()): BulkActionInfo {
  const undoUntil = new Date(row.createdAt.getTime() + UNDO_MS);
  return {
    id: row.id,
    entity: row.entity as BulkEntity,
    kind: row.kind as BulkKind,
    summary: row.summary,
    state: row.state as BulkState,
    total: row.total,
    processed: row.cursor,
    changed: row.changed,
    ignored_count: row.ignoredCount,
    unchanged_count: row.unchangedCount,
    created_at: row.createdAt.toISOString(),
    created_by_name: row.createdByName ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
    undone_at: row.undoneAt?.toISOString() ?? null,
    undo_until: undoUntil.toISOString(),
    can_undo: (row.state === 'done' || row.state === 'failed') && row.changed > 0 && !row.purgedAt && undoUntil.getTime() > now,
    message: row.message,
  };
}

/** What the action would do, written nowhere. */
export async function previewBulk(db: Connection, actor: Actor, req: BulkRequest, syncLimit: number): Promise<BulkPreview> {
  const t = tenant(db, actor);
  if (req.action.kind === 'assign') await assertMember(t, req.action.assignee_id, RENEWAL_TEXT.notMember);
  const targets = await resolveTargets(t, actor, req);
  const names = req.action.kind === 'assign' ? await memberNames(t) : {};
  const kind = req.action.kind;
  const base: Omit<BulkPreview, 'changes' | 'sample' | 'unchanged' | 'unchanged_count'> = {
    entity: req.entity,
    summary: describeAction(req.entity, req.action, names[valueOf(req.action)]),
    selected: targets.ids.length,
    ignored: targets.ignored.slice(0, 20),
    ignored_count: targets.ignored.length,
    mode: targets.ids.length > syncLimit ? 'job' : 'now',
  };
  if (!targets.ids.length) return { ...base, changes: 0, sample: [], unchanged: [], unchanged_count: 0 };
  const ids = uuidArray(targets.ids);
  const table = sql.raw(req.entity);
  const label = LABEL_COLUMN[req.entity];
  if (kind === 'delete') {
    const sample = (await t.execute(sql`select r.id, r.${label} as label from ${table} r where r.agency_id = ${t.agencyId} and r.id = any(${ids}) order by r.id limit ${BULK_PREVIEW_SAMPLE}`))
      .rows as { id: string; label: string }[];
    return {
      ...base,
      changes: targets.ids.length,
      sample: sample.map((s) => ({ id: s.id, label: s.label, before: displayValue(kind, 'kept'), after: displayValue(kind, 'deleted') })),
      unchanged: [],
      unchanged_count: 0,
    };
  }
  const value = valueOf(req.action);
  const { column } = UPDATE_COLUMN[kind];
  // a status compares the agent's choice (apply.ts, UPDATE_COLUMN)
  const current = UPDATE_COLUMN[kind].current ?? sql`r.${column}`;
  const pick = (differs: boolean, limit: number) =>
    t.execute(sql`select r.id, r.${label} as label, ${current}::text as before, count(*) over () as n from ${table} r
      where r.agency_id = ${t.agencyId} and r.id = any(${ids}) and (${current}::text is distinct from ${value}) = ${differs}
      order by r.id limit ${limit}`);
  const [changing, same] = await Promise.all([pick(true, BULK_PREVIEW_SAMPLE), pick(false, 20)]);
  type Found = { id: string; label: string; before: string | null; n: string | number };
  const changes = Number((changing.rows[0] as Found | undefined)?.n ?? 0);
  const after = displayValue(kind, value, names);
  return {
    ...base,
    changes,
    sample: (changing.rows as Found[]).map((r) => ({ id: r.id, label: r.label, before: displayValue(kind, r.before, names), after })),
    unchanged: (same.rows as Found[]).map((r) => ({ id: r.id, label: r.label, reason: BULK_TEXT.unchanged(displayValue(kind, r.before, names)) })),
    unchanged_count: targets.ids.length - changes,
  };
}

async function applyBatch(t: Tenant, by: EventSource, row: Pick<Row, 'id' | 'entity' | 'kind' | 'action'>, ids: string[]): Promise<BatchResult> {
  const kind = row.kind as BulkKind;
  if (kind === 'delete') return applyDelete(t, by, row.id, row.entity as BulkEntity, ids);
  return applyUpdate(t, by, row.id, kind, valueOf(row.action as BulkRequest['action']), ids);
}

/**
 * Who a job's batch changes records as: the action's starter, with the agency's plan (the webhooks
 * send by it), as the status job does.
 */
async function jobSource(t: Tenant, userId: string | null): Promise<EventSource> {
  const [owner] = await crossAgency(t, "the agency's plan is its owner's: a user row, of no agency")
    .select({ subscriptionTier: user.subscriptionTier, subscriptionStatus: user.subscriptionStatus, trialEndsAt: user.trialEndsAt })
    .from(agencies)
    .innerJoin(user, eq(user.id, agencies.ownerId))
    .where(eq(agencies.id, t.agencyId));
  return { userId, agency: owner ? { tier: effectiveTier(owner) } : undefined };
}

async function finish(t: Tenant, row: Row, result: { changed: number; unchanged: number }) {
  await t.update(bulkActions, { state: 'done', cursor: row.total, changed: result.changed, unchangedCount: result.unchanged, finishedAt: new Date() }, eq(bulkActions.id, row.id));
  const assignee = row.kind === 'assign' ? valueOf(row.action as BulkRequest['action']) : null;
  // the new assignee hears of it once for the whole action, as one assignment tells them of one policy
  if (assignee && assignee !== row.createdBy && result.changed > 0)
    await emit(t, { userId: row.createdBy }, { type: 'policy.bulk_assigned', entityId: row.id, assigneeId: assignee, bulkId: row.id, count: result.changed });
  // the action is its starter's, even when a job finishes it after a restart
  await emit(t, { userId: row.createdBy }, {
    type: 'bulk.applied',
    entityId: row.id,
    summary: `Bulk action: ${row.summary} (${result.changed.toLocaleString('en-US')} ${noun(row.entity as BulkEntity, result.changed)})`,
  });
}

/** Runs the action now (up to the sync limit, one transaction) or starts its job. */
export async function startBulk(deps: Deps, actor: Actor, req: BulkRequest): Promise<BulkActionInfo> {
  const t0 = tenant(deps.db, actor);
  if (req.action.kind === 'assign') await assertMember(t0, req.action.assignee_id, RENEWAL_TEXT.notMember);
  const names = req.action.kind === 'assign' ? await memberNames(t0) : {};
  const { row, jobId } = await t0.transaction(async (t) => {
    await lockBulk(t);
    const targets = await resolveTargets(t, actor, req);
    if (!targets.ids.length) throw badRequest(BULK_TEXT.nothingToChange, undefined, 'NOTHING_TO_CHANGE');
    const [created] = await t
      .insert(bulkActions, {
        createdBy: actor.userId,
        entity: req.entity,
        kind: req.action.kind,
        action: req.action as Record<string, string>,
        summary: describeAction(req.entity, req.action, names[valueOf(req.action)]),
        targets: targets.ids,
        total: targets.ids.length,
        ignoredCount: targets.ignored.length,
      })
      .returning();
    // the job is written with the action: it exists exactly when the action does
    if (targets.ids.length > deps.config.BULK_SYNC_LIMIT) return { row: created, jobId: await bulkJob.enqueue(t, { bulkId: created.id }, { agencyId: t.agencyId }) };
    const result = await applyBatch(t, actor, created, targets.ids);
    // nothing would change: refused, and the empty action is rolled back with everything else
    if (result.changed === 0) throw badRequest(BULK_TEXT.nothingToChange, undefined, 'NOTHING_TO_CHANGE');
    await finish(t, created, result);
    return { row: created, jobId: null };
  });
  // this instance starts it at once; if it stops, another takes the job over when its lease expires
  kickInBackground(deps, jobId);
  return getBulkAction(deps.db, actor, row.id);
}

/**
 * One batch of a job in one transaction: the next `batch` targets from the cursor, their changes,
 * their journal rows and the new cursor commit together; false when the job is finished or no
 * longer this holder's.
 */
export async function runBulkBatch(deps: Deps, id: string, holds: JobContext<unknown>['holds']): Promise<boolean> {
  return crossAgency(deps.db, 'a bulk job learns its agency from the action it runs').transaction(async (tx) => {
    // the batch commits only while this claim holds the job (a claim that outlived its lease stops here)
    if (!(await holds(tx))) return false;
    const [agency] = await tx.select({ agencyId: bulkActions.agencyId }).from(bulkActions).where(eq(bulkActions.id, id));
    if (!agency) return false;
    // the agency's context on a savepoint: the batch's change-feed rows are written at its end, in one statement
    return tenant(tx, { agency: { id: agency.agencyId } }).transaction((t) => runBatchOf(deps, t, id));
  });
}

async function runBatchOf(deps: Deps, t: Tenant, id: string): Promise<boolean> {
  await lockBulk(t);
  const [row] = await t.from(bulkActions, eq(bulkActions.id, id), eq(bulkActions.state, 'running')).for('update');
  if (!row) return false;
  const size = deps.config.BULK_BATCH_SIZE;
  const slice = (await t.execute(sql`select x.id from bulk_actions b, unnest(b.targets[${row.cursor + 1}:${row.cursor + size}]) as x(id) where b.agency_id = ${t.agency} and b.id = ${id}`)).rows as { id: string }[];
  const result = await applyBatch(t, await jobSource(t, row.createdBy), row, slice.map((s) => s.id));
  const totals = { changed: row.changed + result.changed, unchanged: row.unchangedCount + result.unchanged };
  const cursor = row.cursor + slice.length;
  if (cursor >= row.total) {
    await finish(t, row, totals);
    return false;
  }
  await t.update(bulkActions, { cursor, changed: totals.changed, unchangedCount: totals.unchanged }, eq(bulkActions.id, id));
  return true;
}

/**
 * The `bulk.run` job: batches to the end while this claim holds it. A batch that fails is retried
 * with backoff from the cursor (a journaled record is never applied twice); when the job dies the
 * action is marked failed (its journal still undoes what it changed).
 */
export const bulkJob = defineJob<{ bulkId: string }>({
  name: 'bulk.run',
  maxAttempts: 3,
  backoffMs: 10_000,
  leaseMs: LEASE_MS,
  run: async (deps, ctx) => {
    while (await runBulkBatch(deps, ctx.payload.bulkId, ctx.holds));
  },
  onDead: async (deps, { bulkId }) => {
    await deps.db
      .update(bulkActions)
      .set({ state: 'failed', message: 'The bulk action stopped on an error. What it changed can be undone.', finishedAt: new Date() })
      .where(and(eq(bulkActions.id, bulkId), eq(bulkActions.state, 'running')));
  },
});

function labelsError(make: (labels: string[], more: number) => string, found: { labels: string[]; count: number }, code: string) {
  return conflict(make(found.labels, found.count - found.labels.length), code);
}

/** Undoes the whole action in one transaction, or refuses and changes nothing. */
export async function undoBulk(db: Connection, actor: Actor, rawId: string): Promise<BulkActionInfo> {
  const id = idOr404(rawId, BULK_TEXT.notFound);
  await tenant(db, actor).transaction(async (t) => {
    await lockBulk(t);
    const [row] = await t.from(bulkActions, eq(bulkActions.id, id)).for('update');
    if (!row) throw notFound(BULK_TEXT.notFound);
    if (row.state === 'running') throw conflict(BULK_TEXT.undoRunning, 'BULK_RUNNING');
    if (row.state === 'undone') throw conflict(BULK_TEXT.undoAlready, 'BULK_UNDONE');
    if (!toInfo(row).can_undo) throw conflict(BULK_TEXT.undoExpired, 'BULK_UNDO_EXPIRED');
    const entity = row.entity as BulkEntity;
    const kind = row.kind as BulkKind;
    if (kind !== 'delete') {
      const changed = await journalLabels(t, changedSince(t, id, entity));
      if (changed.count) throw labelsError(BULK_TEXT.changedSince, changed, 'CHANGED_SINCE');
      await undoUpdate(t, actor, id, kind);
    } else {
      const taken = await journalLabels(t, restoreConflicts(t, id, entity));
      if (taken.count) throw labelsError(BULK_TEXT.restoreConflict, taken, 'RESTORE_CONFLICT');
      // plan limits still apply: the restored records count as new ones
      const limit = await readLimit(t, actor.agency.tier, entity);
      if (limit !== null) {
        await t.lockAgency();
        const counted = entity === 'policies' ? sql`and coalesce(j.snapshot->'row'->>'renewal_state', '') <> 'renewed'` : sql``;
        const [back] = (await t.execute(sql`select count(*) as n from bulk_journal j where j.bulk_id = ${id} and j.agency_id = ${t.agencyId} and j.snapshot is not null ${counted}`))
          .rows as { n: string | number }[];
        if ((await countRows(t, entity)) + Number(back?.n ?? 0) > limit) {
          const base = limitError(entity);
          throw new AppError(base.status, base.code, `Undo refused: restoring these records would pass your plan's limit. ${base.message}`);
        }
      }
      await undoDelete(t, actor, id, entity);
    }
    await t.update(bulkActions, { state: 'undone', undoneAt: new Date(), undoneBy: actor.userId }, eq(bulkActions.id, id));
    await emit(t, actor, { type: 'bulk.undone', entityId: id, summary: `Undid bulk action: ${row.summary} (${row.changed.toLocaleString('en-US')} ${noun(entity, row.changed)})` });
  });
  return getBulkAction(db, actor, id);
}

const withName = { row: bulkActions, first: user.firstName, last: user.lastName, email: user.email };
type Named = { row: Row; first: string | null; last: string | null; email: string | null };
const named = (r: Named) => toInfo({ ...r.row, createdByName: `${r.first ?? ''} ${r.last ?? ''}`.trim() || r.email });

export async function getBulkAction(db: Connection, actor: Actor, rawId: string): Promise<BulkActionInfo> {
  const id = idOr404(rawId, BULK_TEXT.notFound);
  const [found] = await tenant(db, actor).select(withName).from(bulkActions, eq(bulkActions.id, id)).leftJoin(user, eq(user.id, bulkActions.createdBy));
  if (!found) throw notFound(BULK_TEXT.notFound);
  return named(found);
}

export async function listBulkActions(db: Connection, actor: Actor, q: { page: number; pageSize: number }): Promise<Page<BulkActionInfo>> {
  const t = tenant(db, actor);
  const [rows, [total]] = await Promise.all([
    t
      .select(withName)
      .from(bulkActions)
      .leftJoin(user, eq(user.id, bulkActions.createdBy))
      .orderBy(desc(bulkActions.createdAt), desc(bulkActions.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    t.select({ n: count() }).from(bulkActions),
  ]);
  return { rows: rows.map(named), total: Number(total?.n ?? 0), page: q.page, pageSize: q.pageSize };
}

export async function listJournal(db: Connection, actor: Actor, rawId: string, q: { page: number; pageSize: number }): Promise<Page<BulkJournalEntry>> {
  const info = await getBulkAction(db, actor, rawId);
  const t = tenant(db, actor);
  const ofAction = eq(bulkJournal.bulkId, info.id);
  const [rows, [total], names] = await Promise.all([
    t.select({ recordId: bulkJournal.recordId, label: bulkJournal.label, before: bulkJournal.before, after: bulkJournal.after }).from(bulkJournal, ofAction).orderBy(bulkJournal.recordId).limit(q.pageSize).offset((q.page - 1) * q.pageSize),
    t.select({ n: count() }).from(bulkJournal, ofAction),
    info.kind === 'assign' ? memberNames(t) : Promise.resolve({}),
  ]);
  return {
    rows: rows.map((r) => ({ record_id: r.recordId, label: r.label, before: displayValue(info.kind, r.before, names), after: displayValue(info.kind, r.after, names) })),
    total: Number(total?.n ?? 0),
    page: q.page,
    pageSize: q.pageSize,
  };
}

/**
 * The scheduled purge (`bulk.purge-journals`, every five minutes): 24 hours after an action, the whole rows its deletes kept are removed for
 * good (the journal keeps only labels and values). A system job across agencies, like the digest.
 */
export async function purgeBulkJournals(db: Connection, now = new Date()): Promise<number> {
  return crossAgency(db, 'the purge clears every agency’s journals older than 24 hours').transaction(async (tx) => {
    const expired = await tx
      .update(bulkActions)
      .set({ purgedAt: now })
      .where(and(sql`${bulkActions.purgedAt} is null`, sql`${bulkActions.createdAt} < ${new Date(now.getTime() - UNDO_MS)}`, sql`${bulkActions.state} <> 'running'`))
      .returning({ id: bulkActions.id });
    if (expired.length) await tx.execute(sql`update bulk_journal set snapshot = null where bulk_id = any(${uuidArray(expired.map((e) => e.id))}) and snapshot is not null`);
    return expired.length;
  });
}

export const bulkPurgeJob = defineJob<Record<string, never>>({ name: 'bulk.purge-journals', run: async (deps, ctx) => void (await purgeBulkJournals(deps.db, ctx.now)) });
