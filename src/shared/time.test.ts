// The timezone helpers the tasks, the digest and the job schedules rely on.
import { describe, expect, it } from 'vitest';
import { agencyToday, zonedInstant, zonedParts } from './time.ts';

describe('zonedInstant / zonedParts', () => {
  it('turns a wall-clock time into the instant of that zone, across DST', () => {
    expect(zonedInstant('2026-01-15', '09:00', 'Europe/Berlin').toISOString()).toBe('2026-01-15T08:00:00.000Z');
    expect(zonedInstant('2026-07-15', '09:00', 'Europe/Berlin').toISOString()).toBe('2026-07-15T07:00:00.000Z');
    expect(zonedInstant('2026-03-08', '12:00', 'America/New_York').toISOString()).toBe('2026-03-08T16:00:00.000Z');
    expect(zonedInstant('2026-03-07', '12:00', 'America/New_York').toISOString()).toBe('2026-03-07T17:00:00.000Z');
    expect(zonedInstant('2026-05-01', '00:00', 'UTC').toISOString()).toBe('2026-05-01T00:00:00.000Z');
    expect(zonedInstant('2026-05-01', '10:00', 'Not/AZone').toISOString()).toBe('2026-05-01T10:00:00.000Z');
  });
  it('reads an instant back as the date and time of the zone', () => {
    expect(zonedParts(new Date('2026-07-15T23:30:00Z'), 'Europe/Berlin')).toEqual({ date: '2026-07-16', time: '01:30' });
    expect(zonedParts(new Date('2026-07-15T23:30:00Z'), 'UTC')).toEqual({ date: '2026-07-15', time: '23:30' });
    expect(zonedParts(new Date('2026-07-15T23:30:00Z'), 'Not/AZone')).toEqual({ date: '2026-07-15', time: '23:30' });
  });
  it('agrees with Intl every 15 minutes across daylight saving days and half-hour zones (the offsets are kept per day)', () => {
    const zones = ['Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'Pacific/Chatham', 'America/St_Johns'];
    // each zone's spring and autumn switches of 2026 fall within these days
    const days = ['2026-03-08', '2026-03-29', '2026-04-05', '2026-09-27', '2026-10-04', '2026-10-25', '2026-11-01'];
    for (const timeZone of zones) {
      const date = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
      const time = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
      for (const day of days)
        for (let at = Date.parse(`${day}T00:00:00Z`) - 86_400_000; at < Date.parse(`${day}T00:00:00Z`) + 2 * 86_400_000; at += 900_000) {
          const instant = new Date(at + 7_000);
          expect(zonedParts(instant, timeZone), `${timeZone} ${instant.toISOString()}`).toEqual({ date: date.format(instant), time: time.format(instant) });
        }
    }
  });
});

describe('agencyToday', () => {
  it("answers each zone's day, also for calls within one second and across its midnight (the day is kept per zone and second)", () => {
    // Kolkata is UTC+05:30: its midnight is 18:30:00Z
    const before = new Date('2026-03-01T18:29:59.000Z');
    expect(agencyToday('Asia/Kolkata', before)).toBe('2026-03-01');
    expect(agencyToday('Asia/Kolkata', new Date('2026-03-01T18:29:59.999Z'))).toBe('2026-03-01');
    expect(agencyToday('UTC', new Date('2026-03-01T18:29:59.500Z'))).toBe('2026-03-01');
    expect(agencyToday('Asia/Kolkata', new Date('2026-03-01T18:30:00.000Z'))).toBe('2026-03-02');
    expect(agencyToday('America/Los_Angeles', new Date('2026-03-01T18:30:00.000Z'))).toBe('2026-03-01');
    // an earlier instant after a later one: no stale answer
    expect(agencyToday('Asia/Kolkata', before)).toBe('2026-03-01');
    expect(agencyToday(null, new Date('2026-03-01T23:59:59.999Z'))).toBe('2026-03-01');
    expect(agencyToday(null, new Date('2026-03-02T00:00:00.000Z'))).toBe('2026-03-02');
    expect(agencyToday('Not/AZone', new Date('2026-03-02T00:00:00.000Z'))).toBe('2026-03-02');
  });
});
