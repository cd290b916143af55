// CRM tasks for the bench (issue 14): one agency's owner gets N tasks, due from 60 days back to
// 120 days ahead, every third one done, a quarter linked to a customer; then My tasks is measured.
import { sql } from './postgres.ts';

/** My tasks as the page opens it (the caller's own, its default tab). */
export const MY_TASKS_PATHS = ['/api/tasks/mine'];

export async function seedTasks(url: string, agencyId: string, ownerId: string, count: number): Promise<void> {
  await sql(
    url,
    `insert into tasks (agency_id, title, due_at, priority, assignee_id, customer_id, completed_at, completed_by, created_by)
     select $1, 'Bench task ' || g,
            now() - interval '60 days' + (g % 180) * interval '1 day' + (g % 24) * interval '1 hour',
            (array['low', 'normal', 'high'])[1 + g % 3], $2,
            case when g % 4 = 0 then (select id from customers where agency_id = $1 order by id offset (g % 1000) limit 1) end,
            case when g % 3 = 0 then now() - (g % 90) * interval '1 hour' end,
            case when g % 3 = 0 then $2 end,
            $2
       from generate_series(1, $3::int) g`,
    [agencyId, ownerId, count],
  );
  await sql(url, 'analyze tasks');
}

/** The plans of My tasks' group queries in the shape the tasks service sends (one index range each). */
export async function explainMyTasks(url: string, agencyId: string, ownerId: string): Promise<string[]> {
  const mine = `agency_id = '${agencyId}' and assignee_id = '${ownerId}'`;
  const queries = {
    overdue: `select id from tasks where ${mine} and completed_at is null and due_at < date_trunc('day', now()) order by due_at, id limit 51`,
    upcoming: `select id from tasks where ${mine} and completed_at is null and due_at >= date_trunc('day', now()) + interval '1 day' order by due_at, id limit 51`,
    done: `select id from tasks where ${mine} and completed_at is not null order by completed_at desc, id limit 51`,
  };
  const out: string[] = [];
  for (const [name, q] of Object.entries(queries)) {
    const plan = (await sql(url, `explain (analyze, costs off, timing on) ${q}`)).rows.map((r: Record<string, string>) => r['QUERY PLAN']);
    out.push(`plan of My tasks, ${name}:`, ...plan.map((l) => `  ${l}`));
  }
  return out;
}
