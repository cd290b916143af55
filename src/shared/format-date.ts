// One way to write a day for people, on the screens and in e-mails: "Nov 23, 2026".
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A calendar day (yyyy-MM-dd, taken as written, never shifted by a time zone) or a moment (ISO
 * timestamp or Date, shown in the local calendar), as "MMM d, yyyy". Anything unreadable is returned as is.
 */
export function formatDay(value: string | Date): string {
  if (typeof value === 'string') {
    const m = CALENDAR_DAY.exec(value);
    if (m) return `${MONTHS[Number(m[2]) - 1]} ${Number(m[3])}, ${m[1]}`;
  }
  const d = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(d.getTime())) return String(value);
  return `${MONTHS[d.getMonth()]} ${d.getDate()}, ${d.getFullYear()}`;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const LONG_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * A moment in the local calendar as the dashboard's greeting writes it: "Thursday, November 26, 2026
 * at 9:58 AM" (written out here rather than with date-fns, which would weigh on the dashboard's first load).
 */
export function formatLongDateTime(d: Date): string {
  const hour = d.getHours() % 12 || 12;
  const minutes = String(d.getMinutes()).padStart(2, '0');
  return `${WEEKDAYS[d.getDay()]}, ${LONG_MONTHS[d.getMonth()]} ${d.getDate()}, ${d.getFullYear()} at ${hour}:${minutes} ${d.getHours() < 12 ? 'AM' : 'PM'}`;
}

/**
 * How long ago a moment was, in date-fns formatDistanceToNow's words ("less than a minute ago",
 * "5 minutes ago", "about 2 hours ago", "3 days ago"); from 30 days on, the day itself ("Oct 2, 2026").
 * Written out so that the activity feed doesn't carry date-fns into the dashboard's first load.
 */
export function timeAgo(when: Date, now: Date = new Date()): string {
  const seconds = (now.getTime() - when.getTime()) / 1000;
  if (seconds < 0) return formatDay(when);
  const minutes = Math.round(seconds / 60);
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (minutes < 1) return 'less than a minute ago';
  if (minutes < 45) return `${plural(minutes, 'minute')} ago`;
  if (minutes < 90) return 'about 1 hour ago';
  if (minutes < 1440) return `about ${plural(Math.round(minutes / 60), 'hour')} ago`;
  if (minutes < 2520) return '1 day ago';
  if (minutes < 43200) return `${plural(Math.round(minutes / 1440), 'day')} ago`;
  return formatDay(when);
}

/** "Nov 26, 2026 9:58 AM": the exact moment, for a tooltip beside timeAgo. */
export function formatDayTime(when: Date): string {
  const hour = when.getHours() % 12 || 12;
  return `${formatDay(when).replace(/ (\d),/, ' 0$1,')} ${hour}:${String(when.getMinutes()).padStart(2, '0')} ${when.getHours() < 12 ? 'AM' : 'PM'}`;
}
