// The policies and customers lists read their URL query without zod (#shared/lists-text.ts, issue 33);
// the server reads it with the schema. Both readings, with the list's fallbacks (useListQuery), must
// give the same query for every URL: each parameter's usual and mangled values, alone and mixed.
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { CUSTOMER_LIST_QUERY, customerListQuerySchema } from '#shared/customers.ts';
import { readListQuery, type ListQueryDefinition, type ListQueryOf } from '#shared/lists-text.ts';
import { POLICY_LIST_QUERY, policyListQuerySchema } from '#shared/policies.ts';
import { readQuery } from './use-list-query.ts';

const NUMBERS = [undefined, '', '1', '2', '25', '100', '101', '0', '-1', '2.5', ' 3 ', '1e3', '0x10', 'abc', 'Infinity', 'NaN', '99999', '100000', '100001', '9007199254740993'];
const TEXTS = [undefined, '', 'ada', '  ada  ', 'a\u0000b', 'tab\there', 'line\nbreak', 'x'.repeat(200), ` ${'x'.repeat(200)} `, 'x'.repeat(201), 'me', 'unassigned', 'all', 'ünïcode ✓'];

function valuesOf(def: ListQueryDefinition): Record<string, (string | undefined)[]> {
  const sorts = def.sortColumns.flatMap((c) => [`${c}.asc`, `${c}.desc`, c, ` ${c}.asc`, `${c}.up`]);
  const filters = Object.fromEntries(
    Object.entries(def.filters).map(([key, f]) => [key, 'oneOf' in f ? [...f.oneOf, undefined, '', 'bogus', ` ${f.oneOf[1]}`, f.oneOf[1].toUpperCase()] : TEXTS]),
  );
  return { page: NUMBERS, pageSize: NUMBERS, search: TEXTS, sort: [undefined, '', 'bogus.asc', 'a\u0001.asc', ...sorts], ...filters };
}

/** Every value of each parameter alone, then 500 mixes (a fixed pseudo-random sequence). */
function urls(def: ListQueryDefinition): Record<string, string>[] {
  const values = valuesOf(def);
  const out: Record<string, string>[] = [{}];
  for (const [key, list] of Object.entries(values)) for (const v of list) if (v !== undefined) out.push({ [key]: v });
  let seed = 33;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31);
  for (let i = 0; i < 500; i++) {
    const raw: Record<string, string> = {};
    for (const [key, list] of Object.entries(values)) {
      const v = list[next() % list.length];
      if (v !== undefined) raw[key] = v;
    }
    out.push(raw);
  }
  return out;
}

describe('a list URL read without zod', () => {
  const lists: [string, ListQueryDefinition, z.ZodType][] = [
    ['policies', POLICY_LIST_QUERY, policyListQuerySchema],
    ['customers', CUSTOMER_LIST_QUERY, customerListQuerySchema],
  ];
  for (const [name, def, schema] of lists)
    it(`reads the ${name} list's query as its schema does`, () => {
      for (const raw of urls(def)) expect(readListQuery(def, raw), JSON.stringify(raw)).toEqual(readQuery(schema, raw));
    });

  it('gives the schemas’ types', () => {
    expectTypeOf<ListQueryOf<typeof POLICY_LIST_QUERY>>().toEqualTypeOf<z.output<typeof policyListQuerySchema>>();
    expectTypeOf<ListQueryOf<typeof CUSTOMER_LIST_QUERY>>().toEqualTypeOf<z.output<typeof customerListQuerySchema>>();
  });

  it('drops an unknown sort and keeps the rest, and reads defaults where the search is refused', () => {
    expect(readListQuery(POLICY_LIST_QUERY, { sort: 'customer_email.asc', status: 'active', page: '3' })).toEqual({
      page: 3,
      pageSize: 25,
      search: '',
      sort: 'created_at.desc',
      type: 'all',
      status: 'active',
      assignee: 'all',
      commission: 'all',
    });
    expect(readListQuery(CUSTOMER_LIST_QUERY, { search: 'a\u0000', type: 'business' })).toEqual({ page: 1, pageSize: 25, search: '', sort: 'created_at.desc', type: 'all' });
  });
});
