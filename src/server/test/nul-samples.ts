// Sample inputs built from a route's own schema, for the NUL walk (nul-walk.test.ts): every field
// present and, as far as a few likely values allow, valid, so that a NUL in one field is the only
// thing wrong with the body and would reach the database if the schema let it through.
import { z } from 'zod';

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  minItems?: number;
  minimum?: number;
  maximum?: number;
  additionalProperties?: JsonSchema | boolean;
  $ref?: string;
}

type Ids = Record<string, string>;

/** Likely valid values of a text field, best first: by its name, then anything. */
function textCandidates(key: string, ids: Ids): string[] {
  const k = key.toLowerCase();
  const first: string[] = [];
  if (k.includes('email')) first.push('walk@example.com');
  if (k.includes('date') || k === 'from' || k === 'to' || k.includes('since')) first.push('2025-01-05');
  if (k.includes('time')) first.push('09:00');
  if (k.includes('assignee') || k === 'user_id') first.push(ids.user);
  if (k.startsWith('customer')) first.push(ids.customer);
  if (k.startsWith('policy')) first.push(ids.policy);
  if (k.startsWith('opportunit')) first.push(ids.opportunity);
  if (k.includes('url') || k.includes('image')) first.push('https://example.com/walk');
  if (k.includes('slug')) first.push('walk-slug');
  if (k.includes('password')) first.push('password123');
  if (/amount|premium|value|deductible|price/.test(k)) first.push('100.00');
  if (k.includes('phone')) first.push('555-0100');
  if (k.includes('color') || k.includes('colour')) first.push('#123456');
  return [...first, 'Walk text', 'walk', '2025-01-05', '100.00', 'walk@example.com', ids.user, 'https://example.com/walk', '09:00', 'password123', '#123456', 'walk-slug'];
}

function fits(value: string, js: JsonSchema): boolean {
  if (js.minLength !== undefined && value.length < js.minLength) return false;
  if (js.pattern && !new RegExp(js.pattern).test(value)) return false;
  if (js.format === 'email' && !value.includes('@')) return false;
  if (js.format === 'uuid' && !/^[0-9a-f-]{36}$/i.test(value)) return false;
  return true;
}

function types(js: JsonSchema): string[] {
  return Array.isArray(js.type) ? js.type : js.type ? [js.type] : [];
}

/** The base value and the variants (each union option once) of a JSON Schema. */
function variants(js: JsonSchema, key: string, ids: Ids, depth = 0): unknown[] {
  if (depth > 8) return [null];
  if (js.const !== undefined) return [js.const];
  if (js.enum) return [js.enum.find((v) => v !== null) ?? js.enum[0]];
  const options = js.anyOf ?? js.oneOf;
  if (options) {
    const real = options.filter((o) => !types(o).includes('null') || types(o).length > 1);
    return (real.length ? real : options).flatMap((o) => variants(o, key, ids, depth + 1));
  }
  if (js.allOf) return variants(Object.assign({}, ...js.allOf), key, ids, depth + 1);
  const type = types(js).find((x) => x !== 'null') ?? (js.properties ? 'object' : undefined);
  switch (type) {
    case 'object': {
      const entries = Object.entries(js.properties ?? {});
      const base: Record<string, unknown> = {};
      const perField = entries.map(([k, v]) => [k, variants(v, k, ids, depth + 1)] as const);
      for (const [k, vs] of perField) base[k] = vs[0];
      const out: unknown[] = [base];
      for (const [k, vs] of perField) for (const v of vs.slice(1)) out.push({ ...base, [k]: v });
      return out;
    }
    case 'array': {
      const items = js.prefixItems ? [js.prefixItems.map((p) => variants(p, key, ids, depth + 1)[0])] : variants(js.items ?? {}, key, ids, depth + 1).map((v) => [v]);
      return items.map((arr) => {
        const list = arr as unknown[];
        while (list.length < (js.minItems ?? 1)) list.push(list[0]);
        return list;
      });
    }
    case 'string':
      return [textCandidates(key, ids).find((c) => fits(c, js)) ?? 'walk'];
    case 'integer':
    case 'number':
      return [Math.min(Math.max(js.minimum ?? 1, 1), js.maximum ?? 1)];
    case 'boolean':
      return [true];
    case 'null':
      return [null];
    default:
      return ['walk'];
  }
}

type Path = (string | number)[];

function issuePaths(schema: z.ZodType, value: unknown): Path[] {
  const parsed = schema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((i) => i.path as Path);
}

/** Tries the other likely values where the schema refuses the first one (refinements JSON Schema cannot say). */
function repaired(schema: z.ZodType, value: unknown, ids: Ids): unknown {
  let current = value;
  for (let round = 0; round < 12; round += 1) {
    const bad = issuePaths(schema, current).find((p) => p.length > 0 && typeof valueAt(current, p) === 'string');
    if (!bad) return current;
    const key = String(bad.at(-1));
    const before = issuePaths(schema, current).length;
    const better = textCandidates(key, ids)
      .map((c) => withValueAt(current, bad, c))
      .find((candidate) => !issuePaths(schema, candidate).some((p) => samePath(p, bad)) || issuePaths(schema, candidate).length < before);
    if (!better) return current;
    current = better;
  }
  return current;
}

/** Sample bodies for a route: from each schema it read (repaired against it), and from its documented body. */
export function sampleBodies(schemas: unknown[], documented: JsonSchema | undefined, ids: Ids): unknown[] {
  const out: unknown[] = [];
  for (const schema of schemas) {
    let js: JsonSchema;
    try {
      js = z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    } catch {
      continue;
    }
    for (const v of variants(js, '', ids)) if (v && typeof v === 'object') out.push(repaired(schema as z.ZodType, v, ids));
  }
  if (documented) for (const v of variants(documented, '', ids)) if (v && typeof v === 'object') out.push(v);
  return out;
}

export function stringLeaves(value: unknown, path: Path = []): Path[] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringLeaves(v, [...path, i]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => stringLeaves(v, [...path, k]));
  return [];
}

function valueAt(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string | number, unknown>)[k] : undefined), value);
}

function samePath(a: Path, b: Path): boolean {
  return a.length === b.length && a.every((k, i) => String(k) === String(b[i]));
}

export function withValueAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? withValueAt(v, rest, replacement) : v));
  const obj = (value ?? {}) as Record<string, unknown>;
  return { ...obj, [head]: withValueAt(obj[head], rest, replacement) };
}

/** True when the schema refuses the value or drops its NUL: it never hands a NUL on to the database. */
export function nulRefusals(schema: z.ZodType, value: unknown): boolean {
  const parsed = schema.safeParse(value);
  if (!parsed.success) return true;
  try {
    return !JSON.stringify(parsed.data ?? null).includes("\\u0000");
  } catch {
    return true;
  }
}
