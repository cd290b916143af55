// The registry of lines of business (decision 051). Adding a line is one file next to this one and
// one entry below; everything that lists lines (the type filters, the form, reports, cross-sell, the
// pipeline, imports, the export and the API document) reads this list.
import type { z } from 'zod';
import { car } from './car.ts';
import { cgl } from './cgl.ts';
import { fire } from './fire.ts';
import { home } from './home.ts';
import { life } from './life.ts';
import { renters } from './renters.ts';
import { umbrella } from './umbrella.ts';
import { fieldsOf, type FieldMeta } from './fields.ts';
import type { LineDefinition } from './define.ts';
import { isPolicyType, POLICY_TYPE_LABEL, POLICY_TYPE_OPTIONS, POLICY_TYPES, type PolicyType } from '../policy-types.ts';

export { isPolicyType, POLICY_TYPE_LABEL, POLICY_TYPE_OPTIONS, POLICY_TYPES, type PolicyType };

/** In the order the pickers list them; car and fire (the spec's lines) first. */
export const LINES = [car, fire, home, renters, umbrella, cgl, life] as const;

type Line = (typeof LINES)[number];
// the catalog (policy-types.ts) names exactly the registry's lines; lines.test.ts checks labels and order
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const catalogMatches: Same<Line['id'], PolicyType> = true;
void catalogMatches;

/** The API's and the form's details field of a line. */
export type DetailsKey = `${PolicyType}_details`;
export const detailsKey = <Id extends PolicyType>(id: Id) => `${id}_details` as `${Id}_details`;
export const DETAILS_KEYS = LINES.map((l) => detailsKey(l.id)) as DetailsKey[];

/** Every line's details, by its details field: the chosen line's filled, the others null. */
export type LineDetails = { [L in Line as `${L['id']}_details`]: z.output<L['schema']> | null };

export function lineOf(id: string): LineDefinition {
  return (LINES.find((l) => l.id === id) ?? car) as unknown as LineDefinition;
}

export interface LineColumn {
  key: string;
  label: string;
  meta: FieldMeta;
  /** the lines that have this column */
  lines: PolicyType[];
}

/**
 * The details columns of imports and exports: every line's fields in registry order, one column per
 * field name (lines sharing a field, as fire and home share property_address, share its column).
 */
export const DETAIL_COLUMNS: LineColumn[] = (() => {
  const out = new Map<string, LineColumn>();
  for (const line of LINES)
    for (const { key, meta } of fieldsOf(line.fields)) {
      const known = out.get(key);
      if (known) known.lines.push(line.id);
      else out.set(key, { key, label: meta.label, meta, lines: [line.id] });
    }
  return [...out.values()];
})();

export { fieldsOf, displayValue, cellValue, type FieldMeta } from './fields.ts';
export type { LineDefinition } from './define.ts';
