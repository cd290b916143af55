import { describe, expect, it } from 'vitest';
import { format, parseISO } from 'date-fns';
import { formatDay } from './format-date.ts';

describe('formatDay', () => {
  it('writes a calendar day as the screens do, without a time-zone shift', () => {
    expect(formatDay('2026-01-05')).toBe('Jan 5, 2026');
    expect(formatDay('2026-12-31')).toBe(format(parseISO('2026-12-31'), 'MMM d, yyyy'));
  });
  it('writes a moment in the local calendar, like date-fns format(parseISO(x), "MMM d, yyyy")', () => {
    const iso = '2026-03-09T14:30:00.000Z';
    expect(formatDay(iso)).toBe(format(parseISO(iso), 'MMM d, yyyy'));
    expect(formatDay(new Date(iso))).toBe(format(new Date(iso), 'MMM d, yyyy'));
    expect(formatDay('not a date')).toBe('not a date');
  });
});
