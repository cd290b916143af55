// Dates and time zones both sides share: an agency's today, day arithmetic on yyyy-MM-dd dates, and
// the wall clock of a time zone (a task is due at a wall-clock moment in the agency's time zone).
// Pure Intl arithmetic: no I/O, so the server, the web app and the job scheduler agree.

const dayFormatters = new Map<string, Intl.DateTimeFormat>();
/**
 * The last day each zone's formatter gave, and the second it was for: formatting in a zone costs
 * tens of microseconds (every create and list asks), and a zone's day can only change on a whole
 * second (offsets are whole seconds), so within one second the answer is the same (decision 076).
 */
const lastDays = new Map<string, { second: number; day: string }>();

/** The agency's time zone as stored (Settings › Agency), UTC when none is set. */
export function agencyTimeZone(stored: string | null | undefined): string {
  return stored || 'UTC';
}

/**
 * Today in the agency's timezone (an IANA name from Settings › Agency), else in UTC: the day
 * boundary of "days left" is the agency's midnight, not the server's.
 */
export function agencyToday(timeZone: string | null | undefined, now: Date = new Date()): string {
  const zone = agencyTimeZone(timeZone);
  try {
    const second = Math.floor(now.getTime() / 1000);
    const last = lastDays.get(zone);
    if (last && last.second === second) return last.day;
    let day = dayFormatters.get(zone);
    if (!day) {
      // building an Intl.DateTimeFormat costs far more than using one: one per zone, kept
      day = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
      if (dayFormatters.size < 1000) dayFormatters.set(zone, day);
    }
    const today = day.format(now);
    if (dayFormatters.has(zone)) lastDays.set(zone, { second, day: today });
    return today;
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

/** Add (or subtract) whole days to a yyyy-MM-dd date. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

// Building an Intl.DateTimeFormat costs far more than using one: one of each kind per zone, kept.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(kind: 'parts' | 'date' | 'time', timeZone: string): Intl.DateTimeFormat {
  const key = `${kind}|${timeZone}`;
  let f = formatters.get(key);
  if (!f) {
    f =
      kind === 'parts'
        ? new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
        : kind === 'date'
          ? new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
          : new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formatters.set(key, f);
  }
  return f;
}

function zoneOffsetMs(timeZone: string, at: number): number {
  const parts = formatter('parts', timeZone).formatToParts(new Date(at));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second')) - Math.floor(at / 1000) * 1000;
}

/** The instant of a wall-clock date and time in a timezone (UTC for an unknown zone). */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const wall = Date.parse(`${date}T${time}:00Z`);
  try {
    const first = wall - zoneOffsetMs(timeZone, wall);
    // across a DST change the offset at the result can differ from the guess's: take the result's
    return new Date(wall - zoneOffsetMs(timeZone, first));
  } catch {
    return new Date(wall);
  }
}

/**
 * A zone's offset through one UTC day, or null when it changes within that day (a daylight saving
 * switch): learnt once per zone and day with two Intl calls, then kept (bounded). Two Intl formats
 * per row were the largest entry of My tasks' profile (200 rows a request).
 */
const dayOffsets = new Map<string, number | null>();
const DAY_MS = 86_400_000;
function dayOffset(timeZone: string, day: number): number | null {
  const key = `${timeZone}|${day}`;
  let offset = dayOffsets.get(key);
  if (offset === undefined) {
    const start = zoneOffsetMs(timeZone, day * DAY_MS);
    offset = start === zoneOffsetMs(timeZone, day * DAY_MS + DAY_MS - 1000) ? start : null;
    if (dayOffsets.size >= 20_000) dayOffsets.clear();
    dayOffsets.set(key, offset);
  }
  return offset;
}

/** An instant as the date and time (HH:MM) on the wall clock of a timezone. */
export function zonedParts(at: Date, timeZone: string): { date: string; time: string } {
  try {
    const offset = dayOffset(timeZone, Math.floor(at.getTime() / DAY_MS));
    if (offset === null) return { date: formatter('date', timeZone).format(at), time: formatter('time', timeZone).format(at) };
    const local = new Date(at.getTime() + offset).toISOString();
    return { date: local.slice(0, 10), time: local.slice(11, 16) };
  } catch {
    return { date: at.toISOString().slice(0, 10), time: at.toISOString().slice(11, 16) };
  }
}
