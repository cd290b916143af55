// Issue 12's Excel import: reading a workbook of policies (the byte sniffing with its zip-bomb checks,
// read-excel-file, the cells turned into the CSV path's text) in process, its time and memory. The
// rows then go through the same job as a CSV's (scenario 4c), so only the reading is measured here.
import { autoMap, sheetRowsAsText } from '#shared/imports.ts';
import { readFirstSheet, sniffImport } from '#server/platform/xlsx.ts';
import { unzipSync } from 'fflate';
import { xlsx, type TestCell } from '#server/test/xlsx.ts';

const MB = 1024 * 1024;

export function policyWorkbook(n: number): Uint8Array {
  const header = ['policy_number', 'policy_type', 'insurance_company', 'customer_name', 'customer_email', 'premium_amount', 'coverage_amount', 'deductible', 'start_date', 'status', 'vehicle_make', 'vehicle_model', 'vehicle_year', 'vin_number', 'driver_license'];
  const rows: TestCell[][] = [header];
  for (let i = 0; i < n; i += 1) {
    rows.push([`XL-${i}`, 'car', 'Allianz', `Sheet Customer ${i >> 1}`, `sheet${i >> 1}@bench.example`, { raw: String(200 + (i % 900) + 0.1 + 0.2) }, 50000, 250, { date: `2026-02-${String(1 + (i % 28)).padStart(2, '0')}` }, 'active', 'Toyota', 'Corolla', 2020, `VIN${i}`, `DL${i}`]);
  }
  return xlsx(rows);
}

export interface XlsxRead {
  rows: number;
  fileMb: number;
  /** the XML the workbook unpacks to (what XLSX_LIMITS bounds) */
  xmlMb: number;
  seconds: number;
  heapGrowthMb: number;
  rssGrowthMb: number;
}

/** Reads a workbook of `n` policy rows as the upload route does; the memory is sampled every 20 ms. */
export async function xlsxReadScenario(n: number): Promise<XlsxRead> {
  const file = policyWorkbook(n);
  const xmlMb = Object.values(unzipSync(file)).reduce((sum, part) => sum + part.length, 0) / MB;
  global.gc?.();
  const heap0 = process.memoryUsage().heapUsed;
  const rss0 = process.memoryUsage().rss;
  let heapPeak = heap0;
  let rssPeak = rss0;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    heapPeak = Math.max(heapPeak, m.heapUsed);
    rssPeak = Math.max(rssPeak, m.rss);
  }, 20);
  const started = performance.now();
  await sniffImport(file);
  const cells = await readFirstSheet(file);
  const headers = cells[0].map(String);
  const text = sheetRowsAsText('policies', autoMap('policies', headers), cells.slice(1));
  const seconds = (performance.now() - started) / 1000;
  clearInterval(timer);
  const m = process.memoryUsage();
  heapPeak = Math.max(heapPeak, m.heapUsed);
  rssPeak = Math.max(rssPeak, m.rss);
  if (text.length !== n || text[0][5] !== '200.30') throw new Error(`xlsx bench read ${text.length} rows, first premium ${text[0]?.[5]}`);
  return { rows: n, fileMb: file.length / MB, xmlMb, seconds, heapGrowthMb: (heapPeak - heap0) / MB, rssGrowthMb: (rssPeak - rss0) / MB };
}
