// The building blocks of a line's details (decision 051): each field is a zod schema that also
// carries what the form, the policy page, the import and the export need to know about it, so a
// line file lists its fields once. The OpenAPI shape travels as zod metadata (toJSONSchema reads it).
import { z } from 'zod';
import { formatMoney, moneyField, optionalMoneyField, yearField } from '../money.ts';
import { optionalText, requiredText, safeText, UUID_PATTERN } from '../validation.ts';

export type FieldKind = 'text' | 'year' | 'whole' | 'money' | 'choice' | 'list' | 'policies';

export interface FieldMeta {
  kind: FieldKind;
  /** the form's label, the import column's label and the start of every message */
  label: string;
  /** a shorter label on the policy page and print view (car: "Make" for "Vehicle Make") */
  show?: string;
  required: boolean;
  placeholder?: string;
  /** spans the form's row (an address) */
  wide?: boolean;
  options?: readonly (readonly [value: string, label: string])[];
  /** a list's item fields (their own metadata) */
  item?: z.ZodObject;
  /** other import column names that mean this field (normalised: lower case, letters and digits) */
  aliases?: string[];
  /** a list's word for one of its items ("beneficiary") */
  one?: string;
  /** a list as one CSV cell, and back */
  cell?: { format: (items: never[]) => string; parse: (text: string) => unknown };
}

/**
 * Every field's metadata, kept apart from zod's global registry so it never leaks into JSON Schema (a
 * WeakMap, not z.registry: the registry's typing recurses into the zod schemas a list's meta holds).
 */
const fieldMeta = new WeakMap<z.ZodType, FieldMeta>();

function field<T extends z.ZodType>(schema: T, meta: FieldMeta, json: Record<string, unknown>): T {
  const documented = schema.meta(json) as T;
  fieldMeta.set(documented, meta);
  return documented;
}

type Common = { show?: string; placeholder?: string; wide?: boolean; aliases?: string[] };
const required = (label: string) => `${label} is required.`;

export function text(label: string, options: Common & { max?: number } = {}) {
  const max = options.max ?? 200;
  return field(requiredText(required(label), max), { kind: 'text', label, required: true, ...options }, { type: 'string', maxLength: max });
}

export function optionalTextField(label: string, options: Common & { max?: number } = {}) {
  const max = options.max ?? 200;
  return field(optionalText(max), { kind: 'text', label, required: false, ...options }, { type: ['string', 'null'], maxLength: max });
}

/** A year from `min` to `max()` (this year, or next year for a new car). */
export function year(label: string, min: number, max: () => number, options: Common = {}) {
  return field(yearField(required(label), min, max), { kind: 'year', label, required: true, ...options }, { type: 'integer', minimum: min });
}

/** A whole number within [min, max], "12" or 12. */
export function whole(label: string, min: number, max: number, options: Common & { optional?: boolean } = {}) {
  const message = `${label} must be a whole number from ${min} to ${max}.`;
  const schema = z.unknown().optional().transform((value, ctx): number | null => {
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
      if (options.optional) return null;
      ctx.addIssue({ code: 'custom', message: required(label) });
      return z.NEVER;
    }
    const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : NaN;
    if (!Number.isInteger(n) || n < min || n > max) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return n;
  });
  return field(schema, { kind: 'whole', label, required: !options.optional, ...options }, { type: options.optional ? ['integer', 'null'] : 'integer', minimum: min, maximum: max });
}

/** An amount as "1234.50"; optional ones may be empty (null). */
export function money<O extends boolean = false>(label: string, options: Common & { optional?: O } = {}) {
  const schema = options.optional ? optionalMoneyField() : moneyField(required(label));
  return field(schema as unknown as z.ZodType<O extends true ? string | null : string>, { kind: 'money', label, required: !options.optional, ...options }, {
    type: options.optional ? ['string', 'null'] : 'string',
    pattern: '^\\d{1,12}(\\.\\d{1,2})?$',
    description: 'decimal, 2 places',
  });
}

/** One of a few values; with a fallback, anything else becomes the fallback (car's coverage type). */
export function choice<const V extends readonly [string, ...string[]]>(
  label: string,
  options: { readonly [K in keyof V]: readonly [V[K], string] },
  extra: Common & { fallback?: V[number] } = {},
) {
  const values = options.map(([v]) => v) as unknown as V;
  const base = z.enum(values, `Please choose a ${label.toLowerCase()}.`);
  const schema = extra.fallback ? base.catch(extra.fallback).default(extra.fallback) : base;
  return field(schema as unknown as z.ZodType<V[number], unknown>, { kind: 'choice', label, required: !extra.fallback, options, ...extra }, { type: 'string', enum: [...values] });
}

/** A list of records (a life policy's beneficiaries), one CSV cell in imports and exports. */
export function list<I extends z.ZodObject>(
  label: string,
  item: I,
  options: Common & { min: number; max: number; one: string; cell: FieldMeta['cell'] },
) {
  const schema = z
    .array(item, `Please add the ${label.toLowerCase()}.`)
    .min(options.min, options.min === 1 ? `Please add at least one ${options.one}.` : `Please add at least ${options.min} ${label.toLowerCase()}.`)
    .max(options.max, `At most ${options.max} ${label.toLowerCase()}.`);
  return field(schema, { kind: 'list', label, required: options.min > 0, item: item as unknown as z.ZodObject, ...options }, {});
}

const splitIds = (text: string) =>
  text
    .split(/[;,\s]+/)
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * Ids of other policies of the same customer (an umbrella's underlying policies). The schema checks
 * the ids' form; the server checks they are this customer's policies in this agency.
 */
export function policyLinks(label: string, options: Common & { min: number; max: number }) {
  const schema = z
    // a string (an import cell, a form's single checkbox) holds ids; nothing (or an unticked checkbox) none
    .preprocess((v) => (typeof v === 'string' ? splitIds(v) : v === false || v == null ? [] : v), z.array(safeText().regex(UUID_PATTERN, `${label}: please choose policies from the list.`), `${label}: please choose policies from the list.`))
    .pipe(
      z
        .array(safeText())
        .min(options.min, options.min === 1 ? `Please link at least one of the customer’s policies as ${label.toLowerCase()}.` : `Please link at least ${options.min} policies.`)
        .max(options.max, `At most ${options.max} ${label.toLowerCase()}.`)
        .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
    );
  return field(schema, {
    kind: 'policies',
    label,
    required: options.min > 0,
    cell: { format: (ids: never[]) => (ids as string[]).join('; '), parse: (t) => splitIds(t) },
    ...options,
  }, { type: 'array', items: { type: 'string', format: 'uuid' }, description: 'ids of the same customer’s policies' });
}

/** A field's metadata (every field of a line is made by the builders above). */
export function metaOf(schema: z.ZodType): FieldMeta {
  const meta = fieldMeta.get(schema);
  if (!meta) throw new Error('A line field without metadata: build it with the helpers of src/shared/lines/fields.ts.');
  return meta;
}

/** A details object's fields in their order: key and metadata. */
export function fieldsOf(schema: z.ZodObject): { key: string; meta: FieldMeta }[] {
  return Object.entries(schema.shape).map(([key, s]) => ({ key, meta: metaOf(s as z.ZodType) }));
}

/** A stored value as the policy page shows it (money with its sign, a choice's label, a list joined). */
export function displayValue(meta: FieldMeta, value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  switch (meta.kind) {
    case 'money':
      return formatMoney(String(value));
    case 'choice':
      return meta.options?.find(([v]) => v === value)?.[1] ?? String(value);
    case 'list':
    case 'policies':
      return Array.isArray(value) && value.length ? meta.cell!.format(value as never[]) : null;
    default:
      return String(value);
  }
}

/** A stored value as its CSV cell (money as the plain decimal, a list as its cell text). */
export function cellValue(meta: FieldMeta, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (meta.kind === 'list' || meta.kind === 'policies') return Array.isArray(value) ? meta.cell!.format(value as never[]) : null;
  return String(value);
}
