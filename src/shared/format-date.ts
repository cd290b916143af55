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
