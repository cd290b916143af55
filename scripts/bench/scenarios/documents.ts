// Scenario 9: a 20 MB document upload to local storage, the server's memory growth; `--only documents`.
import { log, notes, rows } from '../context.ts';
import { uploadMemory } from '../documents.ts';
import { confirmOn, pgServer, registerAndSignIn } from '../harness.ts';
import { type Postgres } from '../postgres.ts';

/** 9. a 20 MB document upload to local storage: the server's memory growth (issue 13). */
export async function documentScenario(url: string, pid: number, cookie: string) {
  log('scenario 9: a 20 MB document upload to local storage');
  // a 5 MB upload first, for comparison: growth that does not scale with the size is not the file
  const small = await uploadMemory(url, pid, cookie, 5);
  const r = await uploadMemory(url, pid, cookie);
  notes.push(`Document upload memory growth: 5 MB → ${small.growthMb.toFixed(1)} MB, 20 MB → ${r.growthMb.toFixed(1)} MB (RSS includes garbage not yet collected).`);
  log(`  5 MB upload: HTTP ${small.status}, memory growth ${small.growthMb.toFixed(1)} MB`);
  rows.push({
    scenario: '9. 20 MB document upload, local storage: server memory growth',
    rssMb: r.peakMb,
    note: `${r.growthMb.toFixed(1)} MB growth (RSS ${r.startMb.toFixed(0)} → ${r.peakMb.toFixed(0)} MB), ${r.seconds.toFixed(2)} s, HTTP ${r.status}`,
    target: '≤ 30 MB growth',
    ok: r.status === 201 && r.growthMb <= 30,
  });
  log(`  20 MB upload: HTTP ${r.status}, memory growth ${r.growthMb.toFixed(1)} MB (RSS ${r.startMb.toFixed(0)} → ${r.peakMb.toFixed(0)} MB) in ${r.seconds.toFixed(2)} s`);
}

export async function documentsOnly(pgInfo: Postgres) {
  const server = await pgServer(pgInfo);
  try {
    const confirm = confirmOn(pgInfo, 'business');
    const user = await registerAndSignIn(server.url, 'bench-docs@bench.example', confirm);
    await documentScenario(server.url, server.pid, user.cookie);
  } finally {
    await server.stop();
  }
}
