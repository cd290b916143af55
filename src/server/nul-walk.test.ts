// Issue 26: NUL can never reach the database as a 500, by construction. This walks every route the
// app registers (and the /api/v1 OpenAPI document) and sends NUL in every string field of a body,
// every query parameter and every path parameter, as the right kind of user; nothing may answer 5xx.
// Each body's NUL must also be refused by the route's own schema (a 400 naming the field, or the
// value dropped), so the walk fails when one schema uses a bare string, even behind the middleware.
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { optionalText, safeText, searchField } from '#shared/validation.ts';
import { carPolicyPayload } from './test/factories.ts';
import { createTestContext, createUser, json, type TestContext, type TestUser } from './test/harness.ts';
import { nulRefusals, sampleBodies, stringLeaves, withValueAt, type JsonSchema } from './test/nul-samples.ts';

// readJson and validate (src/server/http.ts) are the only doors to a route's input: record the
// schemas each route reads with, to build bodies from them and to check them directly.
const recorder = vi.hoisted(() => ({ current: null as null | { body: unknown[]; other: unknown[] } }));
vi.mock('./http.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('./http.ts')>();
  return {
    ...real,
    readJson: (c: Parameters<typeof real.readJson>[0], schema: z.ZodType) => {
      recorder.current?.body.push(schema);
      return real.readJson(c, schema);
    },
    validate: (schema: z.ZodType, value: unknown) => {
      recorder.current?.other.push(schema);
      return real.validate(schema, value);
    },
  };
});

const NUL = 'a\u0000b';
const UNKNOWN_ID = '3f2a6b1c-0d4e-4f5a-8b9c-7d6e5f4a3b2c';
/** Query names tried on every GET besides the ones its schema (or the OpenAPI document) declares. */
const COMMON_QUERY = ['q', 'search', 'token'];
/** Signing out would end the walk's own session; those routes read no input. */
const SIGN_OUT = /sign-out$/;
const GENERIC_BODY_FIELDS = ['name', 'email', 'title', 'description', 'password', 'newPassword', 'currentPassword', 'token', 'code', 'callbackURL', 'company', 'full_name'];

interface Route {
  key: string;
  method: string;
  path: string;
}

let t: TestContext;
let owner: TestUser;
let superAdmin: TestUser;
let apiKey: string;
let routes: Route[];
const ids: Record<string, string> = {};
const failures: string[] = [];
const schemaFailures: string[] = [];
const bodySchemas = new Map<string, unknown[]>();
const otherSchemas = new Map<string, unknown[]>();
let openapi: { paths: Record<string, Record<string, any>>; components?: { schemas?: Record<string, JsonSchema> } };

beforeAll(async () => {
  t = await createTestContext();
  owner = await createUser(t, { tier: 'enterprise', permissions: ['manage_team'] });
  superAdmin = await createUser(t, { role: 'super_admin', tier: 'enterprise' });
  const make = async (path: string, body: unknown, who = owner) => {
    const res = await t.request(path, { cookie: who.cookie, json: body });
    expect(res.status, `${path}: ${await res.clone().text()}`).toBeLessThan(300);
    return json(res);
  };
  ids.user = owner.id;
  ids.customer = (await make('/api/customers', { name: 'Walk Customer', email: 'walk@example.com' })).id;
  ids.policy = (await make('/api/policies', carPolicyPayload())).id;
  ids.task = (await make('/api/tasks', { title: 'Walk', due_date: '2026-01-05', assignee_id: owner.id })).id;
  ids.opportunity = (await make('/api/opportunities', { prospect_name: 'Walk Prospect', line: 'car' })).id;
  ids.communication = (await make(`/api/customers/${ids.customer}/communications`, { type: 'phone', content: 'Walk call' })).id;
  ids.post = (await make('/api/admin/blog/posts', { title: 'Walk', slug: 'walk-post', body: 'Walk body', status: 'draft' }, superAdmin)).post.id;
  apiKey = (await make('/api/api-keys', { name: 'Walk', scopes: { customers: 'write', policies: 'write', communications: 'write' } })).key;
  openapi = await json(await t.request('/api/v1/openapi.json', { headers: { authorization: `Bearer ${apiKey}` } }));

  const seen = new Map<string, Route>();
  for (const r of t.app.routes) {
    if (r.method === 'ALL' || !r.path.startsWith('/api/')) continue;
    seen.set(`${r.method} ${r.path}`, { key: `${r.method} ${r.path}`, method: r.method, path: r.path });
  }
  routes = [...seen.values()];
}, 300_000);
afterAll(async () => {
  await t.close();
});

/** A real row for a parameter where the route names one (so a body reaches its write), else a well-formed unknown id. */
function paramValue(path: string, name: string): string {
  const before = path.split(`/:${name}`)[0].split('/').at(-1) ?? '';
  if (name === 'commId') return ids.communication;
  if (name === 'userId') return ids.user;
  if (name === 'slug') return before === 'pages' ? 'about' : 'walk-post';
  if (name === 'stage') return 'new_lead';
  if (name === 'kind') return 'book';
  if (name === 'permission') return 'manage_team';
  const byResource: Record<string, string> = {
    customers: ids.customer,
    policies: ids.policy,
    renewals: ids.policy,
    tasks: ids.task,
    opportunities: ids.opportunity,
    communications: ids.communication,
    posts: ids.post,
    'blog-covers': ids.post,
  };
  return byResource[before] ?? UNKNOWN_ID;
}

/** A URL for the route; real rows only where asked (a GET, or a body its schema will refuse), so no walk step changes them. */
function concrete(path: string, options: { nulParam?: string; real?: boolean } = {}): string {
  const { nulParam, real = false } = options;
  return path
    .replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, (_m, name: string) =>
      encodeURIComponent(name === nulParam ? NUL : real ? paramValue(path, name) : UNKNOWN_ID),
    )
    .replace(/\*$/, nulParam === '*' ? encodeURIComponent(NUL) : 'get-session');
}

function params(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]).concat(path.endsWith('*') ? ['*'] : []);
}

function headersFor(path: string): { cookie?: string; headers?: Record<string, string> } {
  if (path.startsWith('/api/v1/')) return { headers: { authorization: `Bearer ${apiKey}` } };
  return { cookie: (path.startsWith('/api/admin') ? superAdmin : owner).cookie };
}

async function send(route: Route, url: string, body: unknown, what: string): Promise<{ other: unknown[]; body: unknown[] }> {
  recorder.current = { body: [], other: [] };
  const hasBody = !['GET', 'HEAD'].includes(route.method);
  const res = await t.request(url, { method: route.method, ...headersFor(route.path), json: hasBody ? (body ?? {}) : undefined });
  const got = recorder.current;
  recorder.current = null;
  if (res.status >= 500) failures.push(`${route.key} ${what} → ${res.status} ${(await res.text()).slice(0, 120)}`);
  return got;
}

/** The request body the OpenAPI document gives a /api/v1 route, its $refs resolved. */
function documentedBody(route: Route): JsonSchema | undefined {
  const path = route.path.replace(/^\/api\/v1/, '').replace(/:([A-Za-z0-9_]+)/g, '{$1}');
  const op = openapi.paths[path]?.[route.method.toLowerCase()];
  const schema = op?.requestBody?.content?.['application/json']?.schema as JsonSchema | undefined;
  return schema && resolveRefs(schema);
}

function documentedQuery(route: Route): string[] {
  const path = route.path.replace(/^\/api\/v1/, '').replace(/:([A-Za-z0-9_]+)/g, '{$1}');
  const op = openapi.paths[path]?.[route.method.toLowerCase()];
  return (op?.parameters ?? []).filter((p: { in: string }) => p.in === 'query').map((p: { name: string }) => p.name);
}

function resolveRefs(schema: JsonSchema): JsonSchema {
  return JSON.parse(JSON.stringify(schema), (_k, v) =>
    v && typeof v === 'object' && typeof v.$ref === 'string' ? openapi.components?.schemas?.[v.$ref.split('/').at(-1)!] : v,
  );
}

/** Bodies whose schema cannot describe them (the policy form reads `unknown` and picks its line). */
function knownBodies(route: Route): Record<string, unknown>[] {
  if (/^(POST|PUT) \/api\/(v1\/)?policies/.test(route.key)) {
    const car = carPolicyPayload({ assignee_id: owner.id, customer_phone: '555-0100', notes: 'walk' });
    return [car, { ...car, customer_id: ids.customer }];
  }
  return [];
}

function queryNames(route: Route, schemas: unknown[]): string[] {
  const names = new Set<string>(route.path.startsWith('/api/v1/') ? documentedQuery(route) : []);
  for (const s of schemas) {
    try {
      const js = z.toJSONSchema(s as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
      for (const k of Object.keys(js.properties ?? {})) names.add(k);
    } catch {}
  }
  if (route.method === 'GET') for (const k of COMMON_QUERY) names.add(k);
  return [...names];
}

describe('NUL in every string field, query parameter and path parameter (issue 26)', () => {
  it('knows the routes and the OpenAPI document', () => {
    expect(routes.length).toBeGreaterThan(100);
    expect(Object.keys(openapi.paths).length).toBeGreaterThan(3);
  });

  it('answers no 5xx to a NUL in a path parameter', async () => {
    for (const route of routes)
      for (const p of params(route.path)) await send(route, concrete(route.path, { nulParam: p, real: route.method === 'GET' }), {}, `path :${p}`);
    expect(failures.splice(0)).toEqual([]);
  }, 900_000);

  it('answers no 5xx to a NUL in a query parameter', async () => {
    for (const route of routes.filter((r) => !SIGN_OUT.test(r.path))) {
      const url = concrete(route.path, { real: route.method === 'GET' });
      const got = await send(route, url, {}, 'baseline');
      bodySchemas.set(route.key, got.body);
      otherSchemas.set(route.key, got.other);
      for (const name of queryNames(route, got.other)) await send(route, `${url}?${name}=${encodeURIComponent(NUL)}`, {}, `query ${name}`);
    }
    expect(failures.splice(0)).toEqual([]);
  }, 900_000);

  it('answers no 5xx to a NUL in any string field of a body, and each schema refuses it', async () => {
    for (const route of routes.filter((r) => !['GET', 'HEAD'].includes(r.method) && !SIGN_OUT.test(r.path))) {
      const schemas = bodySchemas.get(route.key) ?? [];
      const documented = route.path.startsWith('/api/v1/') ? documentedBody(route) : undefined;
      const bases = [...knownBodies(route), ...sampleBodies(schemas, documented, ids)];
      // a route that reads no body gets a generic one, on unknown rows (it would act on real ones)
      const real = bases.length > 0;
      if (!real) bases.push(Object.fromEntries(GENERIC_BODY_FIELDS.map((f) => [f, 'walk'])));
      const tried = new Set<string>();
      for (const base of bases)
        for (const leaf of stringLeaves(base)) {
          const body = withValueAt(base, leaf, NUL);
          const sig = JSON.stringify(body);
          if (tried.has(sig)) continue;
          tried.add(sig);
          await send(route, concrete(route.path, { real }), body, `body ${leaf.join('.')}`);
          for (const schema of schemas)
            if (!nulRefusals(schema as z.ZodType, body)) schemaFailures.push(`${route.key}: the schema lets NUL through in ${leaf.join('.')}`);
        }
    }
    expect(failures.splice(0)).toEqual([]);
    expect([...new Set(schemaFailures)]).toEqual([]);
  }, 900_000);

  it('checks every query schema a route reads refuses (or drops) NUL in each of its fields', () => {
    const found: string[] = [];
    for (const [key, schemas] of otherSchemas)
      for (const schema of schemas)
        for (const base of sampleBodies([schema], undefined, ids))
          for (const leaf of stringLeaves(base))
            if (!nulRefusals(schema as z.ZodType, withValueAt(base, leaf, NUL))) found.push(`${key}: ${leaf.join('.')}`);
    expect([...new Set(found)]).toEqual([]);
  });
});

describe('a bare string cannot come back unnoticed', () => {
  it("the walk's check flags a schema with a bare z.string() (a fixture), and passes the text type", () => {
    const bare = z.object({ name: safeText(), assignee_id: z.string().trim().max(200) });
    const good = z.object({ name: safeText(), note: optionalText(1000), search: searchField(), filter: safeText().catch('all') });
    const flagged = (schema: z.ZodType) =>
      sampleBodies([schema], undefined, { user: UNKNOWN_ID }).flatMap((base) =>
        stringLeaves(base)
          .filter((leaf) => !nulRefusals(schema, withValueAt(base, leaf, NUL)))
          .map((leaf) => leaf.join('.')),
      );
    expect(flagged(bare)).toEqual(['assignee_id']);
    expect(flagged(good)).toEqual([]);
  });

  it('the lint rule refuses a bare z.string() in src/shared and in a server route (fixtures)', async () => {
    const eslint = new ESLint();
    const fixture = "import { z } from 'zod';\nexport const s = z.object({ a: z.string(), b: z.coerce.string() });\n";
    for (const filePath of ['src/shared/fixture-bare-string.ts', 'src/server/features/fixture/routes.ts']) {
      const [result] = await eslint.lintText(fixture, { filePath });
      expect(result.messages.filter((m) => m.ruleId === 'no-restricted-syntax'), filePath).toHaveLength(2);
    }
    const [allowed] = await eslint.lintText("import { safeText } from './validation.ts';\nexport const s = safeText();\n", { filePath: 'src/shared/fixture-ok.ts' });
    expect(allowed.messages.filter((m) => m.ruleId === 'no-restricted-syntax')).toEqual([]);
  }, 60_000);

  it('the lint rule refuses a text row read by a position typed by hand (fixtures)', async () => {
    const eslint = new ESLint();
    const filePath = 'src/server/features/fixture/service.ts';
    const [byPosition] = await eslint.lintText('export const f = (r: string[], row: string[]) => [r[0], row[12]!];\n', { filePath });
    expect(byPosition.messages.filter((m) => m.ruleId === 'no-restricted-syntax')).toHaveLength(2);
    const [byName] = await eslint.lintText('const at = { id: 0 };\nexport const f = (r: string[]) => r[at.id];\n', { filePath });
    expect(byName.messages.filter((m) => m.ruleId === 'no-restricted-syntax')).toEqual([]);
  }, 60_000);
});
