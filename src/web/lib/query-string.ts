/** `?a=1&b=x` from the given values; '' and 'all' mean "no filter" and are left out. */
export function queryString(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '' && v !== 'all') search.set(k, String(v));
  const text = search.toString();
  return text ? `?${text}` : '';
}
