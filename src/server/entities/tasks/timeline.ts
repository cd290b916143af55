// The customer timeline (issue 14; docs/decisions/025): everything about one customer, newest first,
// keyset-paginated. Each source is one function returning one SELECT of the same columns; the page
// is their UNION ALL, ordered by (at, key) and cut at the cursor. Every source applies the cursor
// and the limit itself, so each reads at most one page from its own index. Adding a source (the
// documents of the documents issue) is one function here and one line in SOURCES.
import { POLICY_TYPE_LABEL, type PolicyType } from '#shared/lines/index.ts';
import { sql, type SQL } from 'drizzle-orm';
import { CUSTOMER_TEXT } from '#shared/customers.ts';
import { COMMUNICATION_TYPE_LABEL, type CommunicationType } from '#shared/communications.ts';
import { OPPORTUNITY_STAGE_LABEL, type OpportunityStage } from '#shared/pipeline.ts';
import { type TimelineEntry, type TimelineKind, type TimelinePage, type TimelineQuery } from '#shared/timeline.ts';
import type { Actor } from '#server/context.ts';
import { idOr404 } from '#server/db/helpers.ts';
import { customers } from '#server/db/schema.ts';
import { badRequest, notFound } from '#server/errors.ts';
import { type Connection, tenant } from '#server/tenant.ts';
import { eq } from 'drizzle-orm';

interface Scope {
  agencyId: string;
  customerId: string;
  /** `and (at, key) < (cursor)` or empty */
  after: (at: SQL, key: SQL) => SQL;
  limit: number;
}

/*
 * Every source selects: at, key, kind, event, ref_id, corrects_id, actor_id, tag, a, b
 * (a and b: the event's own texts, turned into a title and a detail by describe()).
 */
type Source = (s: Scope) => SQL;

// entries logged for the same minute keep the order they were written in: the key carries created_at
const communicationKey = sql`'communication:' || to_char(c.created_at at time zone 'UTC', 'YYYYMMDDHH24MISSUS') || ':' || c.id`;

const communications: Source = (s) => sql`
  (select c.communication_date as at, ${communicationKey} as key, 'communication' as kind,
          case when c.corrects_id is null then 'communication' else 'correction' end as event,
          c.id::text as ref_id, c.corrects_id::text as corrects_id, c.created_by as actor_id, c.type as tag,
          c.subject as a, c.content as b
     from customer_communications c
    where c.agency_id = ${s.agencyId} and c.customer_id = ${s.customerId} ${s.after(sql`c.communication_date`, communicationKey)}
    order by c.communication_date desc, ${communicationKey} desc limit ${s.limit})`;

// the client portal's messages (issue 32): the client's are inbound entries, the agency's outbound
const portalMessages: Source = (s) => sql`
  (select m.created_at as at, 'portal_message:' || m.id as key, 'communication' as kind,
          case when m.from_client then 'portal_in' else 'portal_out' end as event,
          m.id::text as ref_id, null as corrects_id, m.author_id as actor_id, 'portal' as tag, null as a, m.body as b
     from portal_messages m
    where m.agency_id = ${s.agencyId} and m.customer_id = ${s.customerId} ${s.after(sql`m.created_at`, sql`'portal_message:' || m.id`)}
    order by m.created_at desc, m.id desc limit ${s.limit})`;

// a task is about the customer when linked to them or to one of their policies
const taskScope = (s: Scope) => sql`t.agency_id = ${s.agencyId} and (t.customer_id = ${s.customerId}
  or t.policy_id in (select p.id from policies p where p.agency_id = ${s.agencyId} and p.customer_id = ${s.customerId}))`;

const tasksCreated: Source = (s) => sql`
  (select t.created_at as at, 'task_created:' || t.id as key, 'task' as kind, 'task_created' as event,
          t.id::text as ref_id, null as corrects_id, t.created_by as actor_id, t.priority as tag, t.title as a, t.description as b
     from tasks t where ${taskScope(s)} ${s.after(sql`t.created_at`, sql`'task_created:' || t.id`)}
    order by t.created_at desc, t.id desc limit ${s.limit})`;

const tasksDone: Source = (s) => sql`
  (select t.completed_at as at, 'task_done:' || t.id as key, 'task' as kind, 'task_done' as event,
          t.id::text as ref_id, null as corrects_id, t.completed_by as actor_id, t.priority as tag, t.title as a, null as b
     from tasks t where ${taskScope(s)} and t.completed_at is not null ${s.after(sql`t.completed_at`, sql`'task_done:' || t.id`)}
    order by t.completed_at desc, t.id desc limit ${s.limit})`;

const opportunitiesCreated: Source = (s) => sql`
  (select o.created_at as at, 'opportunity:' || o.id as key, 'opportunity' as kind, 'opportunity_created' as event,
          o.id::text as ref_id, null as corrects_id, o.created_by as actor_id, o.line as tag, o.estimated_premium::text as a, o.source as b
     from opportunities o where o.agency_id = ${s.agencyId} and o.customer_id = ${s.customerId} ${s.after(sql`o.created_at`, sql`'opportunity:' || o.id`)}
    order by o.created_at desc, o.id desc limit ${s.limit})`;

const stageMoves: Source = (s) => sql`
  (select h.changed_at as at, 'stage:' || h.id as key, 'opportunity' as kind, 'stage_moved' as event,
          o.id::text as ref_id, null as corrects_id, h.changed_by as actor_id, h.to_stage as tag, h.from_stage as a, o.line as b
     from opportunity_stage_history h
     join opportunities o on o.agency_id = h.agency_id and o.id = h.opportunity_id
    where h.agency_id = ${s.agencyId} and o.customer_id = ${s.customerId} and h.from_stage is not null
      ${s.after(sql`h.changed_at`, sql`'stage:' || h.id`)}
    order by h.changed_at desc, h.id desc limit ${s.limit})`;

// a term with renewed_from_id is a renewal; otherwise a new policy
const policiesCreated: Source = (s) => sql`
  (select p.created_at as at, 'policy:' || p.id as key, 'policy' as kind,
          case when p.renewed_from_id is null then 'policy_created' else 'policy_renewed' end as event,
          p.id::text as ref_id, null as corrects_id, p.created_by as actor_id, p.policy_type as tag, p.policy_number as a, p.insurance_company as b
     from policies p where p.agency_id = ${s.agencyId} and p.customer_id = ${s.customerId} ${s.after(sql`p.created_at`, sql`'policy:' || p.id`)}
    order by p.created_at desc, p.id desc limit ${s.limit})`;

// policies keep no cancellation date: the last change of a cancelled policy stands for it (decision 025)
const policiesCancelled: Source = (s) => sql`
  (select p.updated_at as at, 'policy_cancelled:' || p.id as key, 'policy' as kind, 'policy_cancelled' as event,
          p.id::text as ref_id, null as corrects_id, null as actor_id, p.policy_type as tag, p.policy_number as a, p.insurance_company as b
     from policies p where p.agency_id = ${s.agencyId} and p.customer_id = ${s.customerId} and p.status = 'cancelled'
      ${s.after(sql`p.updated_at`, sql`'policy_cancelled:' || p.id`)}
    order by p.updated_at desc, p.id desc limit ${s.limit})`;

// the customer's documents, and those of their policies, once stored (not reservations, not in the Trash)
const documentsAdded: Source = (s) => sql`
  (select d.created_at as at, 'document:' || d.id as key, 'document' as kind, 'document_added' as event,
          d.id::text as ref_id, null as corrects_id, d.uploaded_by as actor_id, d.content_type as tag, d.name as a, null as b
     from documents d
    where d.agency_id = ${s.agencyId} and d.status = 'ready' and d.deleted_at is null
      and (d.customer_id = ${s.customerId}
        or d.policy_id in (select p.id from policies p where p.agency_id = ${s.agencyId} and p.customer_id = ${s.customerId}))
      ${s.after(sql`d.created_at`, sql`'document:' || d.id`)}
    order by d.created_at desc, d.id desc limit ${s.limit})`;

const SOURCES: Record<TimelineKind, (Source | null)[]> = {
  communication: [communications, portalMessages],
  task: [tasksCreated, tasksDone],
  opportunity: [opportunitiesCreated, stageMoves],
  policy: [policiesCreated, policiesCancelled],
  document: [documentsAdded],
};

interface Raw extends Record<string, unknown> {
  at_key: string;
  key: string;
  kind: TimelineKind;
  event: string;
  ref_id: string;
  corrects_id: string | null;
  actor_name: string | null;
  tag: string | null;
  a: string | null;
  b: string | null;
}

const stage = (v: string | null) => (v ? (OPPORTUNITY_STAGE_LABEL[v as OpportunityStage] ?? v) : '');
const lineLabel = (v: string | null) => (v ? (POLICY_TYPE_LABEL[v as PolicyType] ?? v) : '');

function describe(r: Raw): { title: string; detail: string | null } {
  switch (r.event) {
    case 'communication':
    case 'correction': {
      const type = COMMUNICATION_TYPE_LABEL[r.tag as CommunicationType] ?? r.tag ?? '';
      const prefix = r.event === 'correction' ? 'Correction: ' : '';
      return { title: `${prefix}${type}${r.a ? `: ${r.a}` : ''}`, detail: r.b };
    }
    case 'portal_in':
      return { title: 'Client portal message (inbound)', detail: r.b };
    case 'portal_out':
      return { title: 'Client portal message (outbound)', detail: r.b };
    case 'task_created':
      return { title: `Task created: ${r.a}`, detail: r.b };
    case 'task_done':
      return { title: `Task done: ${r.a}`, detail: null };
    case 'opportunity_created':
      return { title: `Opportunity created (${lineLabel(r.tag)})`, detail: r.b ? `Source: ${r.b}` : null };
    case 'stage_moved':
      return { title: `Opportunity (${lineLabel(r.b)}) moved from ${stage(r.a)} to ${stage(r.tag)}`, detail: null };
    case 'policy_created':
      return { title: `Policy ${r.a} created`, detail: `${lineLabel(r.tag)} · ${r.b}` };
    case 'policy_renewed':
      return { title: `Policy ${r.a} renewed`, detail: `${lineLabel(r.tag)} · ${r.b}` };
    case 'policy_cancelled':
      return { title: `Policy ${r.a} cancelled`, detail: `${lineLabel(r.tag)} · ${r.b}` };
    case 'document_added':
      return { title: `Document added: ${r.a}`, detail: r.b };
    default:
      return { title: r.event, detail: null };
  }
}

function decodeCursor(cursor: string | undefined): { at: string; key: string } | null {
  if (!cursor) return null;
  try {
    const [at, key] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [unknown, unknown];
    if (typeof at !== 'string' || typeof key !== 'string' || Number.isNaN(Date.parse(at))) throw new Error('bad cursor');
    return { at, key };
  } catch {
    throw badRequest('Invalid cursor.', { cursor: 'Invalid cursor.' });
  }
}

const encodeCursor = (r: Raw) => Buffer.from(JSON.stringify([r.at_key, r.key]), 'utf8').toString('base64url');

/** `readable`: the kinds the caller may see (an API key's scopes, /api/v1); every kind otherwise. */
export async function readTimeline(db: Connection, actor: Actor, rawCustomerId: string, q: TimelineQuery, readable?: readonly TimelineKind[]): Promise<TimelinePage> {
  const t = tenant(db, actor);
  const customerId = idOr404(rawCustomerId, CUSTOMER_TEXT.notFound);
  const [own] = await t.select({ id: customers.id }).from(customers, eq(customers.id, customerId));
  if (!own) throw notFound(CUSTOMER_TEXT.notFound);
  const cursor = decodeCursor(q.cursor);
  const scope: Scope = {
    agencyId: t.agencyId,
    customerId,
    limit: q.limit + 1,
    after: (at, key) => (cursor ? sql`and (${at}, ${key}) < (${cursor.at}::timestamptz, ${cursor.key})` : sql``),
  };
  const kinds = (q.kind === 'all' ? (Object.keys(SOURCES) as TimelineKind[]) : [q.kind]).filter((k) => !readable || readable.includes(k));
  const parts = kinds.flatMap((k) => SOURCES[k]).filter((s): s is Source => s !== null);
  if (!parts.length) return { rows: [], next_cursor: null };
  const union = sql.join(
    parts.map((p) => p(scope)),
    sql` union all `,
  );
  const result = await t.execute<Raw>(sql`
    select to_char(s.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at_key, s.key, s.kind, s.event, s.ref_id,
           s.corrects_id, s.tag, s.a, s.b,
           nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as actor_name
      from (${union}) s
      left join "user" u on u.id = s.actor_id
     order by s.at desc, s.key desc
     limit ${q.limit + 1}`);
  const rows = result.rows as Raw[];
  const page = rows.slice(0, q.limit);
  return {
    rows: page.map(
      (r): TimelineEntry => ({
        key: r.key,
        kind: r.kind,
        event: r.event,
        at: r.at_key,
        ...describe(r),
        ref_id: r.ref_id,
        corrects_id: r.corrects_id,
        actor_name: r.actor_name,
        tag: r.tag,
        subject: r.kind === 'communication' ? r.a : null,
      }),
    ),
    next_cursor: rows.length > q.limit ? encodeCursor(page[page.length - 1]) : null,
  };
}
