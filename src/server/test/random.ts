// Property-style tests draw their books from a seeded generator, so a failing round can be replayed
// from its seed (the seed is in the test's name or an environment variable).

/** mulberry32: a small seeded generator of numbers in [0, 1), the same sequence for a seed. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** An amount as the API writes it ("-12.3", "1200.00", a number) in exact integer cents. */
export const cents = (s: string | number | null): bigint => {
  const text = String(s);
  const negative = text.startsWith('-');
  const [w, f = '00'] = text.replace('-', '').split('.');
  const v = BigInt(w) * 100n + BigInt(f.padEnd(2, '0'));
  return negative ? -v : v;
};

/** Integer cents back to the API's text with two decimals. */
export const money = (c: bigint): string => `${c < 0n ? '-' : ''}${(c < 0n ? -c : c) / 100n}.${String((c < 0n ? -c : c) % 100n).padStart(2, '0')}`;
