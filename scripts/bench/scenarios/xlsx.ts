// Scenario 4d: reading an .xlsx of policy rows in process; `--only xlsx`.
import { log, rows, SIZE } from '../context.ts';
import { xlsxReadScenario } from '../xlsx.ts';

/** --only xlsx: reading an Excel workbook of 10,000 policy rows in process (no build, no database). */
export async function xlsxOnly() {
  const n = SIZE.importRows;
  const r = await xlsxReadScenario(n);
  const note = `${n.toLocaleString('en')} rows, ${r.fileMb.toFixed(1)} MB file, ${r.xmlMb.toFixed(1)} MB of XML: read and converted in ${r.seconds.toFixed(1)} s; heap +${r.heapGrowthMb.toFixed(0)} MB, RSS +${r.rssGrowthMb.toFixed(0)} MB`;
  rows.push({ scenario: '4d. import, reading an .xlsx', note, target: 'no target of its own (the rows then cost what 4c measures)', ok: true });
  log(`  xlsx: ${note}`);
}
