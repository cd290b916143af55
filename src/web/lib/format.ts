// Written out rather than with date-fns (about 7 KB gzip), which would weigh on the lists' first
// load (issue 33); format.test.ts holds it to date-fns' output.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** "2025-01-05" → "Jan 05, 2025"; a timestamp in the local calendar; anything unreadable as is. */
export function formatDay(value: string | null | undefined): string {
  if (!value) return 'N/A';
  const day = CALENDAR_DAY.exec(value);
  const d = day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(value);
  // a calendar day that doesn't exist (2025-02-30) rolls over in Date: unreadable, like date-fns says
  if (Number.isNaN(d.getTime()) || (day && (d.getDate() !== Number(day[3]) || d.getMonth() !== Number(day[2]) - 1)) || (!day && !/^\d{4}-\d{2}-\d{2}T/.test(value))) return value;
  return `${MONTHS[d.getMonth()]} ${String(d.getDate()).padStart(2, '0')}, ${String(d.getFullYear()).padStart(4, '0')}`;
}
