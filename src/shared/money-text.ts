// Money's texts and exact string arithmetic, apart from the field schemas (money.ts) so that the
// lists, which only show amounts, don't load the validation library (issue 33).
/** Up to 12 integer digits and 2 decimals: fits numeric(14,2) and is shown as $1,234.50. */
export const MONEY_PATTERN = /^\d{1,12}(\.\d{1,2})?$/;

/** "1,234.5" / 1234.5 / " 1234.50 " → "1234.50"; null when it is not a non-negative amount. */
export function parseMoney(value: unknown): string | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    text = String(value);
  } else if (typeof value === 'string') text = value.trim().replace(/,/g, '').replace(/^\$/, '');
  else return null;
  if (!MONEY_PATTERN.test(text)) return null;
  const [whole, fraction = ''] = text.split('.');
  return `${BigInt(whole).toString()}.${fraction.padEnd(2, '0')}`;
}

/** "1234.5" → "$1,234.50" (string arithmetic: exact for any size). */
export function formatMoney(value: string | number | null | undefined): string {
  const parsed = parseMoney(typeof value === 'string' ? value : value == null ? '' : value);
  if (parsed === null) return '$0.00';
  const [whole, fraction] = parsed.split('.');
  return `$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}
