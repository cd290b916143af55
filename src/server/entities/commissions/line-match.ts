// Matching a statement line by hand (issue 31: the carrier prints another number, or the import
// matched the line to the wrong policy): the policies the match dialog offers for a line, and the
// lines that pay one term (where a wrongly matched line is found). Only the caller's agency is read.
import { desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { COMMISSION_TEXT, normalizePolicyNumber, type CommissionState, type MatchCandidate, type StatementLineDetail, type TermLine } from '#shared/commissions.ts';
import type { Actor } from '#server/context.ts';
import { commissionLines, commissionStatements, policies } from '#server/db/schema.ts';
import { containsPattern } from '#server/db/helpers.ts';
import { notFound } from '#server/errors.ts';
import { tenant, type Connection } from '#server/tenant.ts';
import { readSettings } from './settings.ts';
import { getLine } from './statements.ts';
import { CARRIER_KEY, storedTermsSql, type Raw } from './terms.ts';

export const CANDIDATES_LIMIT = 10;

/**
 * The normalised number as the matching and its indexes compute it (statement-lines.ts):
 * `policies_agency_number_key_idx` for equality, `policies_agency_match_trgm_idx` for `like`.
 */
const NUMBER_KEY = sql.raw(`regexp_replace(upper(c.policy_number), '[[:space:]–—-]', '', 'g')`);

/**
 * The ids of up to ten policies of the agency for a line (the match dialog's list), in its order:
 * with a search, those whose number (case, spaces and dashes aside) or insured name contains it;
 * without, suggestions — the line's insured name or its premium at the statement's carrier. The
 * policy the line already pays is left out. The line's own insured first (the likeliest policy),
 * then the newest terms.
 *
 * Read as the two halves of that order, each stopping at ten (decision 081): the policies of the
 * line's insured (`lower(customer_name) =`, on the trigram index) and the others, newest first. A
 * narrow search reads its matches from `policies_agency_match_trgm_idx` (the normalised number and
 * the name, with agency_id); a broad one (letters most names have, one or two characters) walks
 * `policies_agency_start_idx` newest first and stops at the tenth match. The planner picks from its
 * estimate of the matches (the index expressions' statistics, migration 0044).
 */
export function candidateIds(agency: SQL, line: Pick<StatementLineDetail, 'insured_name' | 'premium' | 'carrier' | 'policy_id'>, q: string): SQL {
  const search = q.trim();
  const insured = line.insured_name ? line.insured_name.toLowerCase() : null;
  // a search: the number or the name contains it; suggestions: the insured's policies (the first half) or the premium at the carrier
  let where: SQL;
  if (search) {
    const key = normalizePolicyNumber(search);
    const byNumber = key ? sql`${NUMBER_KEY} like ${containsPattern(key).toUpperCase()}` : sql`false`;
    where = sql`(${byNumber} or lower(c.customer_name) like ${containsPattern(search)})`;
  } else {
    where = line.premium
      ? sql`(c.premium_amount = ${line.premium}::numeric and ${CARRIER_KEY(sql`c.insurance_company`)} = ${CARRIER_KEY(sql`${line.carrier ?? ''}`)})`
      : sql`false`;
  }
  const notCurrent = line.policy_id ? sql` and c.id <> ${line.policy_id}::uuid` : sql``;
  const half = (condition: SQL) => sql`(select c.id, c.start_date, c.policy_number from policies c
      where c.agency_id = ${agency} and ${condition}${notCurrent}
      order by c.start_date desc, c.policy_number limit ${CANDIDATES_LIMIT})`;
  if (!insured) return sql`select id from ${half(where)} as newest`;
  const own = sql`lower(c.customer_name) = ${insured}`;
  return sql`select id from (select *, true as own from ${half(search ? sql`${where} and ${own}` : own)} as mine
      union all select *, false from ${half(sql`${where} and lower(c.customer_name) <> ${insured}`)} as others) as both_halves
    order by own desc, start_date desc, policy_number limit ${CANDIDATES_LIMIT}`;
}

/** The match dialog's list for a line (candidateIds), each with its commission as the reconciliation reads it. */
export async function matchCandidates(db: Connection, actor: Actor, lineId: string, q: string): Promise<{ line: StatementLineDetail; candidates: MatchCandidate[] }> {
  const line = await getLine(db, actor, lineId);
  const t = tenant(db, actor);
  const { tolerance } = await readSettings(t);
  const insured = line.insured_name ? line.insured_name.toLowerCase() : null;
  // the ten policies first (their own statement), then only their stored terms are read (`only`)
  const only = sql`p.id in (${candidateIds(t.agency, line, q)})`;
  const first = (alias: string) => (insured ? sql`lower(${sql.raw(alias)}.customer_name) = ${insured} desc, ` : sql``);
  const result = await t.execute(sql`with terms as (${storedTermsSql(t, tolerance, only)})
    select id::text as id, policy_number, customer_name, insurance_company, policy_type, start_date::text as start_date,
           premium_amount::text as premium_amount, expected::text as expected, received::text as received, state
      from terms order by ${first('terms')}start_date desc, policy_number`);
  return {
    line,
    candidates: (result.rows as Raw[]).map((r) => ({
      policy_id: String(r.id),
      policy_number: String(r.policy_number),
      customer_name: String(r.customer_name),
      carrier: String(r.insurance_company),
      line: String(r.policy_type),
      start_date: String(r.start_date),
      premium: String(r.premium_amount),
      expected: String(r.expected),
      received: String(r.received),
      state: r.state as CommissionState,
    })),
  };
}

/** The lines that pay one term of the agency (statement lines and receipts by hand), newest first; another agency's policy is a 404. */
export async function termLines(db: Connection, actor: Actor, policyId: string): Promise<TermLine[]> {
  const t = tenant(db, actor);
  const [policy] = await t.select({ id: policies.id }).from(policies, eq(policies.id, policyId));
  if (!policy) throw notFound(COMMISSION_TEXT.policyNotFound);
  const rows = await t
    .select({
      id: commissionLines.id,
      statementId: commissionLines.statementId,
      policyNumber: commissionLines.policyNumber,
      insuredName: commissionLines.insuredName,
      amount: commissionLines.amount,
      receivedOn: commissionLines.receivedOn,
      reason: commissionLines.reason,
      matchedBy: commissionLines.matchedBy,
    })
    .from(commissionLines, eq(commissionLines.policyId, policy.id))
    .orderBy(desc(commissionLines.receivedOn), desc(commissionLines.createdAt))
    .limit(200);
  const ids = [...new Set(rows.map((r) => r.statementId).filter((id): id is string => id !== null))];
  const statements = new Map<string, { carrier: string; period: string }>();
  if (ids.length)
    for (const s of await t
      .select({ id: commissionStatements.id, carrier: commissionStatements.carrier, period: commissionStatements.period })
      .from(commissionStatements, inArray(commissionStatements.id, ids)))
      statements.set(s.id, { carrier: s.carrier, period: s.period });
  return rows.map((r) => ({
    id: r.id,
    statement_id: r.statementId,
    statement: r.statementId ? (statements.get(r.statementId) ?? null) : null,
    policy_number: r.policyNumber,
    insured_name: r.insuredName,
    amount: r.amount,
    received_on: r.receivedOn,
    reason: r.reason,
    matched_by_hand: r.matchedBy !== null,
  }));
}
