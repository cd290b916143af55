import { format, parseISO } from 'date-fns';

/** "2025-01-05" → "Jan 05, 2025" */
export function formatDay(value: string | null | undefined): string {
  if (!value) return 'N/A';
  const d = parseISO(value);
  return Number.isNaN(d.getTime()) ? value : format(d, 'MMM dd, yyyy');
}
