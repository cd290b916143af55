// What a statement preview allocates, step by step, in one process (issue 31: the preview's memory
// growth ≤ 50 MB): the bench's 10,000-line CSV read as the upload route reads it, parsed, checked and
// matched against a stand-in tenant (its one query answered with a match for every number), with
// process.memoryUsage() and V8's heap spaces after each step, then the same again to show what a second
// preview adds. Run: node --expose-gc --import tsx scripts/bench/statement-memory.ts [lines]
import v8 from 'node:v8';
import { checkLines, parseStatement } from '#server/entities/commissions/statement-lines.ts';
import type { Tenant } from '#server/tenant.ts';

const LINES = Number(process.argv[2] ?? 10_000);
const mb = (n: number) => (n / 1048576).toFixed(1);
const gc = (globalThis as { gc?: () => void }).gc;

function snapshot() {
  const m = process.memoryUsage();
  const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, s]));
  return { rss: m.rss, heapTotal: m.heapTotal, heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers, newSpace: spaces.new_space.space_size, oldSpace: spaces.old_space.space_size, lo: spaces.large_object_space.space_size };
}
type Snap = ReturnType<typeof snapshot>;
const show = (what: string, a: Snap, b: Snap) =>
  console.log(
    `${what.padEnd(34)} rss ${mb(b.rss - a.rss).padStart(6)}  heapTotal ${mb(b.heapTotal - a.heapTotal).padStart(6)}  heapUsed ${mb(b.heapUsed - a.heapUsed).padStart(6)}  new_space ${mb(b.newSpace - a.newSpace).padStart(5)}  old_space ${mb(b.oldSpace - a.oldSpace).padStart(5)}  large ${mb(b.lo - a.lo).padStart(5)}  arrayBuffers ${mb(b.arrayBuffers - a.arrayBuffers).padStart(5)}`,
  );

function statementCsv(n: number): string {
  const out = ['Policy No,Insured,Written Premium,Comm Amount,Stmt Date,Trans Type'];
  for (let i = 0; i < n; i += 1) out.push(`AB-${String(100000 + i)},Insured Person ${i},${1000 + (i % 900)}.00,${125 + (i % 90)}.00,2026-10-${String(1 + (i % 28)).padStart(2, '0')},${i % 9 ? 'New' : 'Renewal'}`);
  return `${out.join('\r\n')}\r\n`;
}

const fakeTenant = {
  agency: '00000000-0000-0000-0000-000000000001',
  execute: async () => ({ rows: Array.from({ length: Math.round(LINES * 0.94) }, (_, i) => ({ how: 'n', key: `AB${100000 + i}`, id: `0000${String(i).padStart(4, '0')}-0000-4000-8000-000000000000`, n: 1 })) }),
} as unknown as Tenant;

async function preview(label: string) {
  const bytes = new TextEncoder().encode(statementCsv(LINES));
  gc?.();
  const s0 = snapshot();
  // the upload as the route keeps it: chunks of 64 KB joined, then decoded
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += 65536) chunks.push(Buffer.from(bytes.subarray(i, i + 65536)));
  const joined = Buffer.concat(chunks);
  const text = new TextDecoder('utf-8').decode(joined);
  const s1 = snapshot();
  const parsed = parseStatement({ format: 'csv', text }, undefined, undefined);
  const s2 = snapshot();
  const checked = await checkLines(fakeTenant, parsed, '2026-10');
  const s3 = snapshot();
  const kept = { parsed, checked, text };
  gc?.();
  const s4 = snapshot();
  console.log(`— ${label}: ${LINES} lines, ${mb(bytes.length)} MB CSV`);
  show('upload joined and decoded', s0, s1);
  show('parsed (csv-parse, rows)', s1, s2);
  show('checked and matched', s2, s3);
  show('total before a GC (peak-ish)', s0, s3);
  show('live after a full GC (kept)', s0, s4);
  void kept;
  gc?.();
  show('after the request (dropped)', s0, snapshot());
}

await preview('first preview');
await preview('second preview');
await preview('third preview');
