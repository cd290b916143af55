import { describe, expect, it } from 'vitest';
import { listQuerySchema, parseSort, sortSchema } from './lists.ts';

describe('list sort', () => {
  const sort = sortSchema(['end_date', 'premium_amount'], 'end_date.asc');

  it('accepts a whitelisted column with a direction and defaults when absent or empty', () => {
    expect(sort.parse('premium_amount.desc')).toBe('premium_amount.desc');
    expect(sort.parse(undefined)).toBe('end_date.asc');
    expect(sort.parse('')).toBe('end_date.asc');
  });

  it('refuses another column, a missing or unknown direction, with a message naming the choices', () => {
    for (const bad of ['customer_email.asc', 'premium_amount', 'premium_amount.up', '.asc', 'end_date.asc.desc']) {
      const parsed = sort.safeParse(bad);
      expect(parsed.success, bad).toBe(false);
      expect(parsed.error?.issues[0].message).toBe(`Unknown sort "${bad}". Sort by one of: end_date, premium_amount (add .asc or .desc).`);
    }
  });

  it('splits a sort into column and direction', () => {
    expect(parseSort('premium_amount.desc')).toEqual({ column: 'premium_amount', direction: 'desc' });
  });

  it('is part of the list query, whose other mangled values still fall back to defaults', () => {
    const schema = listQuerySchema({ sortColumns: ['name'], defaultSort: 'name.asc', pageSize: 25 });
    expect(schema.parse({ page: 'x', pageSize: '1000', search: '  ada ' })).toEqual({ page: 1, pageSize: 25, search: 'ada', sort: 'name.asc' });
    expect(schema.safeParse({ sort: 'email.asc' }).success).toBe(false);
  });
});
