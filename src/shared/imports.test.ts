import { describe, expect, it } from 'vitest';
import { autoMap, IMPORT_TEXT, rowRecord, sheetCellText, sheetRowsAsText } from './imports.ts';
import { policyInputSchema } from './policies.ts';
import { termOf } from './terms.ts';

const n = (text: string) => ({ number: text });

describe('sheetCellText: an Excel cell as the CSV path’s text', () => {
  it('empty cells, text, true/false', () => {
    expect(sheetCellText(null)).toBe('');
    expect(sheetCellText(' kept as is ')).toBe(' kept as is ');
    expect(sheetCellText(true)).toBe('TRUE');
    expect(sheetCellText(false, 'money')).toBe('FALSE');
  });

  it('date cells as yyyy-mm-dd (the time of day dropped), in any column', () => {
    expect(sheetCellText(new Date('2024-02-29T00:00:00Z'))).toBe('2024-02-29');
    expect(sheetCellText(new Date('2024-02-29T18:30:00Z'), 'date')).toBe('2024-02-29');
  });

  it('serial day numbers in a date column, around Excel’s invented 29 February 1900', () => {
    expect(sheetCellText(n('45292'), 'date')).toBe('2024-01-01');
    expect(sheetCellText(n('45292.75'), 'date')).toBe('2024-01-01');
    expect(sheetCellText(n('25569'), 'date')).toBe('1970-01-01');
    expect(sheetCellText(n('1'), 'date')).toBe('1900-01-01');
    expect(sheetCellText(n('59'), 'date')).toBe('1900-02-28');
    expect(sheetCellText(n('61'), 'date')).toBe('1900-03-01');
    // day 60, zero, negatives and far futures are not dates: left as numbers for the schema to refuse
    expect(sheetCellText(n('60'), 'date')).toBe('60');
    expect(sheetCellText(n('0'), 'date')).toBe('0');
    expect(sheetCellText(n('-3'), 'date')).toBe('-3');
    expect(sheetCellText(n('99999999'), 'date')).toBe('99999999');
    // the same number in a column that is no date stays a number
    expect(sheetCellText(n('45292'))).toBe('45292');
  });

  it('money exact to the cent, rounded half away from zero as Excel shows it, without floats', () => {
    expect(sheetCellText(n('0.30000000000000004'), 'money')).toBe('0.30');
    expect(sheetCellText(n('1234.5'), 'money')).toBe('1234.50');
    expect(sheetCellText(n('1.005'), 'money')).toBe('1.01');
    expect(sheetCellText(n('99.995'), 'money')).toBe('100.00');
    expect(sheetCellText(n('88259496234518.57'), 'money')).toBe('88259496234518.57');
    expect(sheetCellText(n('1.2345E3'), 'money')).toBe('1234.50');
    expect(sheetCellText(n('5E-3'), 'money')).toBe('0.01');
    expect(sheetCellText(n('1E-3'), 'money')).toBe('0.00');
    expect(sheetCellText(n('-2.5'), 'money')).toBe('-2.50');
    expect(sheetCellText(n('-0.001'), 'money')).toBe('0.00');
    expect(sheetCellText(n('7'), 'money')).toBe('7.00');
    // a text cell in a money column is left to the money schema ("1,234.50", "$10")
    expect(sheetCellText('1,234.50', 'money')).toBe('1,234.50');
  });

  it('other numbers as a spreadsheet shows them: 15 significant digits, no float artifacts', () => {
    expect(sheetCellText(n('0.30000000000000004'))).toBe('0.3');
    expect(sheetCellText(n('5550100'))).toBe('5550100');
    expect(sheetCellText(n('2019'))).toBe('2019');
    expect(sheetCellText(n('1E+21'))).toBe('1000000000000000000000');
    expect(sheetCellText(n('not a number'))).toBe('not a number');
  });
});

describe('sheetRowsAsText', () => {
  it('reads each column as the field it is mapped to', () => {
    const rows = sheetRowsAsText('policies', { premium_amount: 0, start_date: 1, notes: null, vehicle_year: 2 }, [[n('10.1'), n('45292'), n('2019'), null]]);
    expect(rows).toEqual([['10.10', '2024-01-01', '2019', '']]);
  });
});

describe('IMPORT_TEXT.runButton: the run button counts what will be written (issue 30)', () => {
  it('leaves out skipped and failing rows', () => {
    expect(IMPORT_TEXT.runButton({ import: 2, update: 0 })).toBe('Import 2 rows');
    expect(IMPORT_TEXT.runButton({ import: 1, update: 0 })).toBe('Import 1 row');
    expect(IMPORT_TEXT.runButton({ import: 1200, update: 3 })).toBe('Import 1,200 rows and update 3');
    expect(IMPORT_TEXT.runButton({ import: 0, update: 1 })).toBe('Update 1 existing record');
    expect(IMPORT_TEXT.runButton({ import: 0, update: 0 })).toBe('Nothing to import');
  });
});

describe('rowRecord: a policy row', () => {
  const headers = ['Policy Number', 'Policy Type', 'Carrier', 'Customer Name', 'Customer Email', 'Premium', 'Coverage', 'Deductible', 'Start Date', 'Expiration Date', 'Vehicle Make', 'Vehicle Model', 'Vehicle Year', 'VIN Number', 'Driver License'];
  const mapping = autoMap('policies', headers);
  const car = ['Toyota', 'Corolla', '2020', 'VIN1', 'DL-1'];
  const row = ['P-1', 'car', 'Acme', 'Ann Lee', 'ann@example.com', '600', '50000', '500', '2026-01-01', '2026-07-01', ...car];

  it('reads an end date column as the term’s end (a 6-month book stays 6 months)', () => {
    expect(mapping.end_date).toBe(9);
    const parsed = policyInputSchema.safeParse(rowRecord('policies', mapping, row));
    expect(parsed.success && parsed.data).toMatchObject({ start_date: '2026-01-01', end_date: '2026-07-01', term: 'custom' });
    expect(termOf('2026-01-01', '2026-07-01')).toBe('6_months');
  });

  it('without an end date the term is 12 months; an end before the start is refused on end_date', () => {
    const twelve = policyInputSchema.safeParse(rowRecord('policies', { ...mapping, end_date: null }, row));
    expect(twelve.success && twelve.data.end_date).toBe('2027-01-01');
    const backwards = policyInputSchema.safeParse(rowRecord('policies', mapping, [...row.slice(0, 9), '2025-12-01', ...car]));
    expect(backwards.success).toBe(false);
    expect(backwards.error?.issues.map((i) => i.path.join('.'))).toContain('end_date');
  });
});
