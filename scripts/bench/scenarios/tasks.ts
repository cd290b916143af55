// Scenario 2: My tasks with 50,000 tasks in the agency (issue 14); `--only tasks`.
import { log, SIZE } from '../context.ts';
import { confirmOn, pgServer, registerAndSignIn, run, warmUp } from '../harness.ts';
import { type Postgres, sql } from '../postgres.ts';
import { loadRow } from '../report.ts';
import { type Server } from '../server.ts';
import { explainMyTasks, MY_TASKS_PATHS, seedTasks } from '../tasks.ts';

/** 2. My tasks of one member with 50,000 tasks in the agency (issue 14): p99 ≤ 100 ms. */
export async function tasksScenario(server: Server, pgInfo: Postgres, who: { cookie: string; agencyId: string; ownerId: string }) {
  // CRM (issue 14): My tasks with 50,000 tasks in the agency (enterprise includes the CRM)
  log(`scenario 2: My tasks with ${SIZE.tasks.toLocaleString('en')} tasks`);
  await seedTasks(pgInfo.url, who.agencyId, who.ownerId, SIZE.tasks);
  await warmUp(server, who.cookie, MY_TASKS_PATHS);
  const s2t = await run(server, who.cookie, MY_TASKS_PATHS);
  loadRow(`2. My tasks (${SIZE.tasks.toLocaleString('en')} tasks)`, s2t, { text: 'p99 ≤ 100 ms', ok: s2t.p99 <= 100 && s2t.non2xx === 0 });
  // one request at a time as well: on a busy machine this shows the request's own cost
  const s2t1 = await run(server, who.cookie, MY_TASKS_PATHS, 1);
  loadRow(`2. My tasks, 1 connection`, s2t1, undefined, 'no target; shows the per-request latency without queueing');
  for (const line of await explainMyTasks(pgInfo.url, who.agencyId, who.ownerId)) log(line);
}

/** --only tasks: a fresh PostgreSQL, one enterprise agency with 1,000 customers, My tasks alone. */
export async function tasksOnly(pgInfo: Postgres) {
  const server = await pgServer(pgInfo);
  try {
    const confirm = confirmOn(pgInfo, 'enterprise');
    const who = await registerAndSignIn(server.url, 'bench-tasks@bench.example', confirm);
    // customers for a quarter of the tasks to link to (the list joins their names)
    await sql(
      pgInfo.url,
      `insert into customers (agency_id, name, email) select $1, 'Bench Customer ' || g, 'customer' || g || '@bench.example' from generate_series(1, 1000) g`,
      [who.agencyId],
    );
    await run(server, who.cookie, ['/api/tasks/mine'], 5).catch(() => undefined);
    await tasksScenario(server, pgInfo, who);
  } finally {
    await server.stop();
  }
}
