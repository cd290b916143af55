import { format, parseISO } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { formatDay } from './format.ts';

const byDateFns = (value: string) => {
  const d = parseISO(value);
  return Number.isNaN(d.getTime()) ? value : format(d, 'MMM dd, yyyy');
};

describe('formatDay', () => {
  it('writes a day as date-fns did (MMM dd, yyyy)', () => {
    for (const value of ['2025-01-05', '2026-11-26', '2024-02-29', '2026-12-31', '2026-11-26T09:58:00.000Z', '2026-01-01T00:30:00', '2026-06-15T23:59:59.999+02:00'])
      expect(formatDay(value), value).toBe(byDateFns(value));
  });

  it('returns what it cannot read as is, and N/A for nothing', () => {
    for (const value of ['2025-02-30', '2025-13-01', 'soon', '05/01/2025']) expect(formatDay(value), value).toBe(byDateFns(value));
    expect(formatDay(null)).toBe('N/A');
    expect(formatDay('')).toBe('N/A');
  });
});
