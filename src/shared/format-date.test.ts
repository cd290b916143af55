import { describe, expect, it } from 'vitest';
import { format, formatDistance, parseISO } from 'date-fns';
import { formatDay, formatDayTime, formatLongDateTime, timeAgo } from './format-date.ts';

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

describe('formatLongDateTime', () => {
  it('writes the dashboard greeting as date-fns "EEEE, MMMM d, yyyy \'at\' h:mm a" did', () => {
    for (const d of [new Date(2026, 10, 26, 9, 5), new Date(2026, 0, 1, 0, 0), new Date(2026, 6, 4, 12, 30), new Date(2026, 11, 31, 23, 59)])
      expect(formatLongDateTime(d)).toBe(format(d, "EEEE, MMMM d, yyyy 'at' h:mm a"));
  });
});

describe('timeAgo', () => {
  it('says what date-fns formatDistanceToNow(addSuffix) says up to 30 days', () => {
    const now = new Date(2026, 10, 26, 10, 0, 0);
    const offsets = [0, 20, 29, 31, 89, 91, 60 * 44, 60 * 45, 60 * 89, 60 * 91, 3600 * 5, 3600 * 23.9, 3600 * 24, 3600 * 41, 3600 * 43, 86400 * 3, 86400 * 29.4];
    for (const s of offsets) {
      const when = new Date(now.getTime() - s * 1000);
      expect(timeAgo(when, now), `${s} s`).toBe(formatDistance(when, now, { addSuffix: true }));
    }
  });
  it('gives the day from 30 days on, and for a moment in the future', () => {
    const now = new Date(2026, 10, 26, 10, 0, 0);
    expect(timeAgo(new Date(2026, 9, 2, 8, 0), now)).toBe('Oct 2, 2026');
    expect(timeAgo(new Date(2026, 10, 27), now)).toBe('Nov 27, 2026');
  });
  it('writes the exact moment as date-fns "MMM dd, yyyy h:mm a"', () => {
    for (const d of [new Date(2026, 10, 6, 9, 5), new Date(2026, 0, 21, 0, 0), new Date(2026, 6, 4, 12, 30)])
      expect(formatDayTime(d)).toBe(format(d, 'MMM dd, yyyy h:mm a'));
  });
});
