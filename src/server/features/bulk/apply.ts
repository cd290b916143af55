// Applying one batch of a bulk action, and undoing a whole action. Each is set-based SQL (one
// statement per step for the whole batch, never one per row), run inside the caller's transaction
// after lockBulk(): the journal rows are written in the same transaction as the change.
// This is the one place bulk writes happen: events (webhooks) for the changed records belong here.
import { inArray, sql, type SQL } from 'drizzle-orm';
import { policies } from '#server/db/schema.ts';
import { refreshStoredStatus, tenantToday } from '#server/platform/policy-status.ts';
import type { BulkEntity, BulkKind } from '#shared/bulk.ts';
import type { Tenant } from '#server/tenant.ts';
import type { EventSource } from '#server/platform/events.ts';
import { documentsRestored } from '#server/entities/documents.ts';
import { opportunitiesChanged } from '#server/entities/pipeline/opportunities.ts';
import { tasksChanged } from '#server/entities/tasks/tasks.ts';
import { paymentsRestored } from '#server/entities/premium-payments.ts';
import { overridesRestored } from '#server/entities/commissions/rate-changes.ts';
import { portalRequestsChanged } from '#server/entities/portal-requests.ts';
import { communicationsBack, recordsChanged } from './changes.ts';
import { uuidArray } from './targets.ts';

/** Any number that names "bulk actions of one agency" among the advisory locks (with hashtext(agency)). */
const BULK_LOCK = 71_013;

/**
 * Two bulk actions (or a bulk action and its undo) of one agency never run a batch at the same
 * time; each batch also locks its rows in id order, so a single-record edit waits for it too.
 */
export async function lockBulk(t: Tenant): Promise<void> {
  await t.execute(sql`select pg_advisory_xact_lock(${BULK_LOCK}, hashtext(${t.agencyId}))`);
}

/**
 * After a status was written as the agent's choice: the choice is kept as `bound`, and the stored
 * status becomes the rule's on the agency's today. updated_at stays the journal's version.
 */
async function statusFollowsDates(t: Tenant, ids: string[]): Promise<void> {
  if (!ids.length) return;
  await t.update(policies, { bound: sql`${policies.status} = 'active'` }, inArray(policies.id, ids), inArray(policies.status, ['pending', 'active']));
  await refreshStoredStatus(t, await tenantToday(t), inArray(policies.id, ids));
}

async function rows<T>(t: Tenant, query: SQL): Promise<T[]> {
  return (await t.execute(query)).rows as T[];
}

/**
 * The column an update action sets, as SQL identifiers (from this fixed table, never from input), and
 * what it compares and journals when that is not the column itself. A status is the agent's choice
 * (bound or not, #shared/policy-status.ts): what changes is the choice, and the dates then decide the
 * stored status (afterUpdate), so "Change status to Active" never makes an ended term Active.
 */
export const UPDATE_COLUMN: Record<Exclude<BulkKind, 'delete'>, { table: SQL; column: SQL; label: SQL; current?: SQL }> = {
  set_status: { table: sql.raw('policies'), column: sql.raw('status'), label: sql.raw('policy_number'), current: sql.raw(`(case when r.bound then 'active' else 'pending' end)`) },
  assign: { table: sql.raw('policies'), column: sql.raw('assignee_id'), label: sql.raw('policy_number') },
  set_type: { table: sql.raw('customers'), column: sql.raw('customer_type'), label: sql.raw('name') },
};

export const LABEL_COLUMN: Record<BulkEntity, SQL> = { policies: sql.raw('policy_number'), customers: sql.raw('name') };

const ENTITY_OF: Record<Exclude<BulkKind, 'delete'>, BulkEntity> = { set_status: 'policies', assign: 'policies', set_type: 'customers' };

export interface BatchResult {
  changed: number;
  unchanged: number;
}

/** Sets one column on the batch's records that differ, journaling each one's previous value. */
export async function applyUpdate(t: Tenant, by: EventSource, bulkId: string, kind: Exclude<BulkKind, 'delete'>, value: string, ids: string[]): Promise<BatchResult> {
  if (!ids.length) return { changed: 0, unchanged: 0 };
  const { table, column, label } = UPDATE_COLUMN[kind];
  const current = UPDATE_COLUMN[kind].current ?? sql`r.${column}`;
  // lock in id order; a record this job already journaled (a resumed batch) is not touched again
  const locked = await rows<{ id: string; differs: boolean }>(
    t,
    sql`select r.id, (${current}::text is distinct from ${value}) as differs from ${table} r
        where r.agency_id = ${t.agencyId} and r.id = any(${uuidArray(ids)})
          and not exists (select 1 from bulk_journal j where j.agency_id = r.agency_id and j.bulk_id = ${bulkId} and j.record_id = r.id)
        order by r.id for update of r`,
  );
  const changing = locked.filter((r) => r.differs).map((r) => r.id);
  if (changing.length) {
    await t.execute(sql`
      with old as (
        select r.id, r.${label} as label, ${current}::text as before, r.updated_at as previous_at from ${table} r
        where r.agency_id = ${t.agencyId} and r.id = any(${uuidArray(changing)})
      ), changed as (
        update ${table} r set ${column} = ${value}, updated_at = now()
        from old where r.agency_id = ${t.agencyId} and r.id = old.id
        returning r.id, r.updated_at
      )
      insert into bulk_journal (bulk_id, agency_id, record_id, label, before, after, version_at, previous_at)
      select ${bulkId}, ${t.agencyId}, old.id, old.label, old.before, ${value}, changed.updated_at, old.previous_at
      from old join changed on changed.id = old.id`);
    if (kind === 'set_status') await statusFollowsDates(t, changing);
    await recordsChanged(t, by, ENTITY_OF[kind], 'updated', changing);
  }
  return { changed: changing.length, unchanged: locked.length - changing.length };
}

/**
 * What a deleted record takes with it, kept whole in its journal row so undo restores the same ids:
 * child rows (cascaded) and the ids of rows whose link to it is nulled (SET NULL).
 */
const SNAPSHOT: Record<BulkEntity, SQL> = {
  policies: sql`jsonb_build_object(
    'row', to_jsonb(r),
    'payments', (select coalesce(jsonb_agg(to_jsonb(p)), '[]'::jsonb) from premium_payments p where p.agency_id = r.agency_id and p.policy_id = r.id),
    'payment_files', (select coalesce(jsonb_agg(to_jsonb(pf)), '[]'::jsonb) from premium_payment_files pf
                        join premium_payments p on p.agency_id = pf.agency_id and p.id = pf.payment_id
                        where p.agency_id = r.agency_id and p.policy_id = r.id),
    'tasks', (select coalesce(jsonb_agg(k.id), '[]'::jsonb) from tasks k where k.agency_id = r.agency_id and k.policy_id = r.id),
    'portal_requests', (select coalesce(jsonb_agg(q.id), '[]'::jsonb) from portal_requests q where q.agency_id = r.agency_id and q.policy_id = r.id),
    'override', (select to_jsonb(o) from commission_overrides o where o.agency_id = r.agency_id and o.policy_id = r.id),
    'documents', (select coalesce(jsonb_agg(d.id), '[]'::jsonb) from documents d where d.agency_id = r.agency_id and d.policy_id = r.id and d.deleted_at is null),
    'successors', (select coalesce(jsonb_agg(s.id), '[]'::jsonb) from policies s where s.agency_id = r.agency_id and s.renewed_from_id = r.id),
    'reopened', (select jsonb_build_object('id', pr.id, 'remarket', pr.remarket) from policies pr
                   where pr.agency_id = r.agency_id and pr.id = r.renewed_from_id and pr.renewal_state = 'renewed')
  )`,
  customers: sql`jsonb_build_object(
    'row', to_jsonb(r),
    'communications', (select coalesce(jsonb_agg(to_jsonb(m)), '[]'::jsonb) from customer_communications m where m.agency_id = r.agency_id and m.customer_id = r.id),
    'policies', (select coalesce(jsonb_agg(p.id), '[]'::jsonb) from policies p where p.agency_id = r.agency_id and p.customer_id = r.id),
    'tasks', (select coalesce(jsonb_agg(k.id), '[]'::jsonb) from tasks k where k.agency_id = r.agency_id and k.customer_id = r.id),
    'opportunities', (select coalesce(jsonb_agg(o.id), '[]'::jsonb) from opportunities o where o.agency_id = r.agency_id and o.customer_id = r.id),
    'portal_requests', (select coalesce(jsonb_agg(to_jsonb(q)), '[]'::jsonb) from portal_requests q where q.agency_id = r.agency_id and q.customer_id = r.id),
    'portal_access', (select to_jsonb(a) from portal_access a where a.agency_id = r.agency_id and a.customer_id = r.id),
    'portal_messages', (select coalesce(jsonb_agg(to_jsonb(m)), '[]'::jsonb) from portal_messages m where m.agency_id = r.agency_id and m.customer_id = r.id),
    'signature_requests', (select coalesce(jsonb_agg(to_jsonb(s)), '[]'::jsonb) from signature_requests s where s.agency_id = r.agency_id and s.customer_id = r.id),
    'documents', (select coalesce(jsonb_agg(d.id), '[]'::jsonb) from documents d where d.agency_id = r.agency_id and d.customer_id = r.id and d.policy_id is null and d.deleted_at is null)
  )`,
};

/** Deletes the batch's records after journaling each whole, with its child rows and links. */
export async function applyDelete(t: Tenant, by: EventSource, bulkId: string, entity: BulkEntity, ids: string[]): Promise<BatchResult> {
  if (!ids.length) return { changed: 0, unchanged: 0 };
  const table = sql.raw(entity);
  const label = LABEL_COLUMN[entity];
  const locked = await rows<{ id: string }>(
    t,
    sql`select r.id from ${table} r
        where r.agency_id = ${t.agencyId} and r.id = any(${uuidArray(ids)})
          and not exists (select 1 from bulk_journal j where j.agency_id = r.agency_id and j.bulk_id = ${bulkId} and j.record_id = r.id)
        order by r.id for update of r`,
  );
  if (!locked.length) return { changed: 0, unchanged: 0 };
  const gone = uuidArray(locked.map((r) => r.id));
  await t.execute(sql`
    insert into bulk_journal (bulk_id, agency_id, record_id, label, before, after, snapshot)
    select ${bulkId}, ${t.agencyId}, r.id, r.${label}, 'kept', 'deleted', ${SNAPSHOT[entity]}
    from ${table} r where r.agency_id = ${t.agencyId} and r.id = any(${gone})`);
  await recordsChanged(t, by, entity, 'deleted', locked.map((r) => r.id));
  if (entity === 'policies') {
    // as deletePolicy: deleting a renewal reopens the term it renewed (unless that term goes too),
    // and a deleted term's next term loses its link: both are changes of those terms
    const touched = await rows<{ id: string }>(
      t,
      sql`update policies pr set renewal_state = 'not_started', remarket = false, updated_at = now()
      where pr.agency_id = ${t.agencyId} and pr.renewal_state = 'renewed' and not (pr.id = any(${gone}))
        and pr.id in (select r.renewed_from_id from policies r where r.agency_id = ${t.agencyId} and r.id = any(${gone}))
      returning pr.id`,
    );
    const detached = await rows<{ id: string }>(
      t,
      sql`update policies s set renewed_from_id = null, updated_at = now()
      where s.agency_id = ${t.agencyId} and s.renewed_from_id = any(${gone}) and not (s.id = any(${gone})) returning s.id`,
    );
    await recordsChanged(t, by, 'policies', 'updated', [...touched, ...detached].map((r) => r.id));
  }
  // as the single deletes: the record's documents go to the Trash (journaled above, restored and relinked by undo)
  const owner = entity === 'policies' ? sql`d.policy_id` : sql`d.customer_id`;
  await t.execute(sql`update documents d set deleted_at = now()
    where d.agency_id = ${t.agencyId} and ${owner} = any(${gone}) and d.deleted_at is null ${entity === 'customers' ? sql`and d.policy_id is null` : sql``}`);
  await t.execute(sql`delete from ${table} r where r.agency_id = ${t.agencyId} and r.id = any(${gone})`);
  return { changed: locked.length, unchanged: 0 };
}

/** Journal labels matching a condition (first `limit`), and how many match. */
export async function journalLabels(t: Tenant, from: SQL, limit = 10): Promise<{ labels: string[]; count: number }> {
  const found = await rows<{ label: string; n: string | number }>(t, sql`select j.label, count(*) over () as n ${from} order by j.label limit ${limit}`);
  return { labels: found.map((f) => f.label), count: Number(found[0]?.n ?? 0) };
}

/** Records changed since the bulk action (or gone): undo must not overwrite them. */
export function changedSince(t: Tenant, bulkId: string, entity: BulkEntity): SQL {
  const table = sql.raw(entity);
  return sql`from bulk_journal j left join ${table} r on r.agency_id = j.agency_id and r.id = j.record_id
             where j.bulk_id = ${bulkId} and j.agency_id = ${t.agencyId} and (r.id is null or r.updated_at is distinct from j.version_at)`;
}

/** Puts every journaled previous value back (the caller checked nothing changed since). */
export async function undoUpdate(t: Tenant, by: EventSource, bulkId: string, kind: Exclude<BulkKind, 'delete'>): Promise<number> {
  const { table, column } = UPDATE_COLUMN[kind];
  // an assignee who has left the agency since cannot be given the policy back: it stays unassigned
  const value =
    kind === 'assign'
      ? sql`(select m.user_id from agency_members m where m.agency_id = ${t.agencyId} and m.user_id = j.before)`
      : sql`j.before`;
  const res = await rows<{ id: string }>(
    t,
    sql`update ${table} r set ${column} = ${value}, updated_at = now() from bulk_journal j
        where j.bulk_id = ${bulkId} and j.agency_id = ${t.agencyId} and r.agency_id = j.agency_id and r.id = j.record_id
        returning r.id`,
  );
  // An undo is a change (updated_at moves on, so pollers see it); an earlier action on the same
  // records, whose version this undo put back, may still be undone: its journal follows the new version.
  await t.execute(sql`update bulk_journal o set version_at = r.updated_at
    from bulk_journal j join ${table} r on r.agency_id = j.agency_id and r.id = j.record_id
    where j.bulk_id = ${bulkId} and j.agency_id = ${t.agencyId} and o.agency_id = j.agency_id and o.record_id = j.record_id
      and o.bulk_id <> j.bulk_id and o.version_at = j.previous_at`);
  if (kind === 'set_status') await statusFollowsDates(t, res.map((r) => r.id));
  await recordsChanged(t, by, ENTITY_OF[kind], 'updated', res.map((r) => r.id));
  return res.length;
}

/** Records of a delete that cannot come back: their unique number or e-mail is taken now. */
export function restoreConflicts(t: Tenant, bulkId: string, entity: BulkEntity): SQL {
  const on =
    entity === 'policies'
      ? sql`x.agency_id = j.agency_id and x.policy_number = j.snapshot->'row'->>'policy_number'`
      : sql`x.agency_id = j.agency_id and x.email = j.snapshot->'row'->>'email'`;
  return sql`from bulk_journal j join ${sql.raw(entity)} x on ${on}
             where j.bulk_id = ${bulkId} and j.agency_id = ${t.agencyId} and j.snapshot is not null`;
}

/** Restores the deleted records with their ids, child rows and links (links only where still empty). */
export async function undoDelete(t: Tenant, by: EventSource, bulkId: string, entity: BulkEntity): Promise<number> {
  const j = sql`bulk_journal j`;
  const mine = sql`j.bulk_id = ${bulkId} and j.agency_id = ${t.agencyId} and j.snapshot is not null`;
  // restored rows are changes: their updated_at moves on (pollers see them), their events follow
  const child = (table: string, key: string, extra: SQL = sql``, touch = sql``) =>
    rows<{ id: string }>(
      t,
      sql`insert into ${sql.raw(table)}
      select (jsonb_populate_record(null::${sql.raw(table)}, e ${touch})).* from ${j}, jsonb_array_elements(j.snapshot->${key}) e where ${mine} ${extra} returning *`,
    );
  const now = sql`|| jsonb_build_object('updated_at', now())`;
  // documents the delete put in the Trash come back out of it, linked again
  const relinkDocuments = async (column: 'customer_id' | 'policy_id') => {
    const back = await rows<{ id: string }>(
      t,
      sql`update documents x set ${sql.raw(column)} = j.record_id, deleted_at = null, deleted_by = null, updated_at = now() from ${j}, jsonb_array_elements_text(j.snapshot->'documents') linked
      where ${mine} and x.agency_id = j.agency_id and x.id = linked::uuid and x.${sql.raw(column)} is null returning x.id`,
    );
    await documentsRestored(t, by, back.map((d) => d.id));
  };
  const relink = (table: string, column: string, key: string) =>
    rows<{ id: string }>(
      t,
      sql`update ${sql.raw(table)} x set ${sql.raw(column)} = j.record_id, updated_at = now() from ${j}, jsonb_array_elements_text(j.snapshot->${key}) linked
      where ${mine} and x.agency_id = j.agency_id and x.id = linked::uuid and x.${sql.raw(column)} is null returning x.id`,
    );
  if (entity === 'customers') {
    const restored = await rows<{ id: string }>(
      t,
      sql`insert into customers select (jsonb_populate_record(null::customers, j.snapshot->'row' ${now})).* from ${j} where ${mine} returning id`,
    );
    const entries = await child('customer_communications', 'communications', sql``, now);
    // the customer's portal requests come back whole; a policy or task deleted since is no longer linked
    // (a journal written before they were kept has none: jsonb_array_elements(null) is no row)
    const requests = await child(
      'portal_requests',
      'portal_requests',
      sql``,
      sql`|| jsonb_build_object('updated_at', now(),
            'policy_id', (select p.id from policies p where p.agency_id = j.agency_id and p.id = (e->>'policy_id')::uuid),
            'task_id', (select k.id from tasks k where k.agency_id = j.agency_id and k.id = (e->>'task_id')::uuid))`,
    );
    // the client's portal comes back as it was: the access (its sessions ended with it: the client signs in
    // again), the message thread and the signature requests; an author, inviter or requester who left the
    // platform since reads as no one, a request whose document was purged from the Trash since stays gone
    // (a journal written before these were kept has none)
    const userOrNull = (key: string) => sql`(select u.id from "user" u where u.id = e->>${key})`;
    await rows(
      t,
      sql`insert into portal_access select (jsonb_populate_record(null::portal_access, e || jsonb_build_object('invited_by', ${userOrNull('invited_by')}))).*
        from ${j}, jsonb_array_elements(case jsonb_typeof(j.snapshot->'portal_access') when 'object' then jsonb_build_array(j.snapshot->'portal_access') else '[]'::jsonb end) e
        where ${mine} returning id`,
    );
    await child('portal_messages', 'portal_messages', sql``, sql`|| jsonb_build_object('author_id', ${userOrNull('author_id')})`);
    await child(
      'signature_requests',
      'signature_requests',
      sql`and exists (select 1 from documents d where d.agency_id = j.agency_id and d.id = (e->>'document_id')::uuid)`,
      sql`|| jsonb_build_object('requested_by', ${userOrNull('requested_by')},
            'signed_document_id', (select d.id from documents d where d.agency_id = j.agency_id and d.id = (e->>'signed_document_id')::uuid))`,
    );
    const relinked = await relink('policies', 'customer_id', 'policies');
    await recordsChanged(t, by, 'customers', 'created', restored.map((r) => r.id));
    await communicationsBack(t, by, entries.map((r) => r.id));
    await recordsChanged(t, by, 'policies', 'updated', relinked.map((r) => r.id));
    await tasksChanged(t, by, (await relink('tasks', 'customer_id', 'tasks')).map((r) => r.id));
    await opportunitiesChanged(t, by, (await relink('opportunities', 'customer_id', 'opportunities')).map((r) => r.id));
    await relinkDocuments('customer_id');
    await portalRequestsChanged(t, by, 'created', requests.map((r) => r.id));
    return restored.length;
  }
  // A link to a customer, an assignee or a renewed term that is gone since comes back empty.
  const restored = await rows<{ id: string }>(
    t,
    sql`insert into policies
      select (jsonb_populate_record(null::policies, j.snapshot->'row' || jsonb_build_object('updated_at', now()) || jsonb_build_object(
        -- the line's details are in the row (decision 051); a delete journaled before migration 0030
        -- kept car and fire details as child rows, read back into the row here
        'details', coalesce(j.snapshot->'row'->'details',
          (select e - 'policy_id' - 'agency_id' from jsonb_array_elements(j.snapshot->'car') e limit 1),
          (select e - 'policy_id' - 'agency_id' || jsonb_build_object('property_value', e->>'property_value', 'contents_coverage', e->>'contents_coverage')
             from jsonb_array_elements(j.snapshot->'fire') e limit 1)),
        'customer_id', (select c.id from customers c where c.agency_id = j.agency_id and c.id = (j.snapshot->'row'->>'customer_id')::uuid),
        'assignee_id', (select m.user_id from agency_members m where m.agency_id = j.agency_id and m.user_id = j.snapshot->'row'->>'assignee_id'),
        'renewed_from_id', (select coalesce(
            (select p.id from policies p where p.agency_id = j.agency_id and p.id = (j.snapshot->'row'->>'renewed_from_id')::uuid
               and not exists (select 1 from policies s where s.agency_id = j.agency_id and s.renewed_from_id = p.id)),
            (select j2.record_id from bulk_journal j2 where j2.agency_id = j.agency_id and j2.bulk_id = j.bulk_id and j2.record_id = (j.snapshot->'row'->>'renewed_from_id')::uuid))))
      )).* from ${j} where ${mine} returning id`,
  );
  // a journal written before payments had updated_at (migration 0046) has none: the restore's time either way
  const paymentsBack = await child('premium_payments', 'payments', sql``, sql`|| jsonb_build_object('updated_at', now())`);
  // the policy's own commission rate comes back too (a journal written before it was kept has none)
  const overridesBack = await rows<{ policy_id: string }>(
    t,
    sql`insert into commission_overrides select (jsonb_populate_record(null::commission_overrides, j.snapshot->'override' || jsonb_build_object('updated_at', now()))).*
      from ${j} where ${mine} and jsonb_typeof(j.snapshot->'override') = 'object' returning policy_id`,
  );
  // a receipt file removed since stays removed
  await child('premium_payment_files', 'payment_files', sql`and exists (select 1 from stored_files sf where sf.agency_id = j.agency_id and sf.id = (e->>'file_id')::uuid)`);
  const tasksBack = await relink('tasks', 'policy_id', 'tasks');
  // a journal written before portal requests were kept has none: jsonb_array_elements_text(null) is no row
  const requestsBack = await relink('portal_requests', 'policy_id', 'portal_requests');
  await relinkDocuments('policy_id');
  const successors = await rows<{ id: string }>(
    t,
    sql`update policies s set renewed_from_id = j.record_id, updated_at = now() from ${j}, jsonb_array_elements_text(j.snapshot->'successors') linked
      where ${mine} and s.agency_id = j.agency_id and s.id = linked::uuid and s.renewed_from_id is null
        and not exists (select 1 from policies o where o.agency_id = j.agency_id and o.renewed_from_id = j.record_id) returning s.id`,
  );
  // the term a deleted renewal had reopened is renewed again, if nothing moved it on since
  const renewedAgain = await rows<{ id: string }>(
    t,
    sql`update policies pr set renewal_state = 'renewed', remarket = (j.snapshot->'reopened'->>'remarket')::boolean, updated_at = now() from ${j}
      where ${mine} and j.snapshot->'reopened' is not null and j.snapshot->'reopened' <> 'null'::jsonb
        and pr.agency_id = j.agency_id and pr.id = (j.snapshot->'reopened'->>'id')::uuid and pr.renewal_state = 'not_started' returning pr.id`,
  );
  await recordsChanged(t, by, 'policies', 'created', restored.map((r) => r.id));
  // the payments the delete took come back with their receipts: a change each, as a recorded payment
  await paymentsRestored(t, by, paymentsBack.map((r) => r.id));
  await overridesRestored(t, by, overridesBack.map((r) => r.policy_id));
  await tasksChanged(t, by, tasksBack.map((r) => r.id));
  await portalRequestsChanged(t, by, 'updated', requestsBack.map((r) => r.id));
  await recordsChanged(t, by, 'policies', 'updated', [...successors, ...renewedAgain].map((r) => r.id).filter((id) => !restored.some((r) => r.id === id)));
  return restored.length;
}
