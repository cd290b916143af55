// /dashboard/api-settings/reference: the API reference, rendered from /api/v1/openapi.json, with a
// "Try it" that sends requests with a key the user pastes (kept in memory only, never stored).
import { useState } from 'react';
import { API_TEXT } from '#shared/api-keys.ts';
import { ApiSettingsTabs } from '#web/components/api-settings-tabs.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { Badge, type BadgeTone } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input, Textarea } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useOpenApiDocument, type JsonSchema, type OpenApiOperation } from './api.ts';

const METHOD_TONE: Record<string, BadgeTone> = { get: 'blue', post: 'green', put: 'yellow', delete: 'red' };
const ORDER = ['get', 'post', 'put', 'delete'];

/** A named type's name ($ref '#/components/schemas/CarDetails' → CarDetails). */
const refName = (ref: string) => ref.slice(ref.lastIndexOf('/') + 1);

function typeOf(s: JsonSchema | undefined): string {
  if (!s) return 'any';
  if (s.$ref) return refName(s.$ref);
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (s.enum) return s.enum.map(String).join(' | ');
  if (s.anyOf) return s.anyOf.map(typeOf).join(' or ');
  if (s.oneOf) return s.oneOf.map(typeOf).join(' or ');
  if (Array.isArray(s.type)) return s.type.join(' or ');
  if (s.type === 'array') return `array of ${typeOf(s.items)}`;
  return s.type ?? 'any';
}

interface Entry {
  method: string;
  path: string;
  op: OpenApiOperation;
}

type Resolve = (s: JsonSchema | undefined) => JsonSchema | undefined;
type BodyRow = { name: string; where: string; type: string; required: boolean; note?: string };

/**
 * A body's fields: an object's properties, or for a choice of variants (a policy per line) every
 * variant's, required when every variant requires it, else said for which variants.
 */
function bodyRows(schema: JsonSchema | undefined, resolve: Resolve): BodyRow[] {
  const root = resolve(schema);
  const variants = (root?.oneOf ?? (root ? [root] : [])).map(resolve).filter((v): v is JsonSchema => Boolean(v?.properties));
  const rows = new Map<string, BodyRow & { in: string[] }>();
  variants.forEach((v) => {
    const label = Object.values(v.properties ?? {}).find((p) => p.const !== undefined)?.const;
    for (const [name, s] of Object.entries(v.properties ?? {})) {
      const row = rows.get(name) ?? { name, where: 'body', type: typeOf(s), required: false, note: s.description, in: [] };
      if (v.required?.includes(name)) row.in.push(String(label ?? ''));
      if (!rows.has(name)) rows.set(name, row);
      else if (row.type !== typeOf(s) && s.const !== undefined) row.type = `${row.type} | ${typeOf(s)}`;
    }
  });
  return [...rows.values()].map(({ in: requiredIn, ...row }) => {
    const all = requiredIn.length === variants.length;
    const some = !all && requiredIn.length > 0 && requiredIn.every(Boolean);
    return { ...row, required: all, note: some ? `Required for ${requiredIn.join(', ')}.${row.note ? ` ${row.note}` : ''}` : row.note };
  });
}

export function ApiReferencePage() {
  const doc = useOpenApiDocument();
  const [key, setKey] = useState('');
  const entries: Entry[] = Object.entries(doc.data?.paths ?? {}).flatMap(([path, ops]) =>
    Object.entries(ops)
      .sort(([a], [b]) => ORDER.indexOf(a) - ORDER.indexOf(b))
      .map(([method, op]) => ({ method, path, op })),
  );
  const tags = [...new Set(entries.map((e) => e.op.tags?.[0] ?? 'Other'))];
  const schemas = doc.data?.components?.schemas ?? {};
  const resolve: Resolve = (s) => (s?.$ref ? resolve(schemas[refName(s.$ref)]) : s);
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title={API_TEXT.title} description="Every endpoint of /api/v1, from its OpenAPI document." />
      <ApiSettingsTabs />
      <Card className="mb-6">
        <CardHeader>
          <CardTitle>Authentication</CardTitle>
          <CardDescription>
            Send <code className="rounded bg-slate-100 px-1">Authorization: Bearer &lt;key&gt;</code>. The raw document is at{' '}
            <a className="text-blue-700 underline" href="/api/v1/openapi.json">
              /api/v1/openapi.json
            </a>
            . A typed TypeScript client generated from it, with a sync example, is the SDK <code className="rounded bg-slate-100 px-1">@policydesk/sdk</code>{' '}
            (<code className="rounded bg-slate-100 px-1">packages/sdk</code> in the PolicyDesk repository):{' '}
            <a className="text-blue-700 underline" href="/api/v1/sdk/README.md">
              read the SDK's README
            </a>
            .
          </CardDescription>
        </CardHeader>
        <CardContent>
          <FormField label="API key for Try it" hint="Kept in this page's memory only; it is gone when you leave.">
            <Input type="password" autoComplete="off" placeholder="pd_live_…" value={key} onChange={(e) => setKey(e.target.value.trim())} />
          </FormField>
          {doc.data?.info.description ? <p className="mt-3 text-sm text-slate-600">{doc.data.info.description}</p> : null}
        </CardContent>
      </Card>
      {doc.isPending ? (
        <Spinner />
      ) : doc.isError ? (
        <p role="alert" className="text-sm text-red-600">
          {doc.error.message}{' '}
          <Button variant="outline" size="sm" onClick={() => doc.refetch()}>
            Retry
          </Button>
        </p>
      ) : (
        tags.map((tag) => (
          <section key={tag} className="mb-8" aria-labelledby={`tag-${tag}`}>
            <h2 id={`tag-${tag}`} className="mb-3 text-xl font-semibold text-slate-900">
              {tag}
            </h2>
            <div className="grid gap-3 [&>*]:min-w-0">
              {entries
                .filter((e) => (e.op.tags?.[0] ?? 'Other') === tag)
                .map((e) => (
                  <Operation key={`${e.method} ${e.path}`} entry={e} apiKey={key} resolve={resolve} />
                ))}
            </div>
          </section>
        ))
      )}
    </div>
  );
}

function Operation({ entry, apiKey, resolve }: { entry: Entry; apiKey: string; resolve: Resolve }) {
  const { method, path, op } = entry;
  const params = (op.parameters ?? []).filter((p) => p.in !== 'header');
  const body = op.requestBody?.content['application/json']?.schema;
  const fields = bodyRows(body, resolve);
  return (
    <details className="min-w-0 overflow-hidden rounded-lg border border-slate-200 bg-white">
      <summary className="flex cursor-pointer flex-wrap items-center gap-2 p-3">
        <Badge tone={METHOD_TONE[method] ?? 'gray'} className="w-16 justify-center uppercase">
          {method}
        </Badge>
        <code className="break-all text-sm">/api/v1{path}</code>
        <span className="text-sm text-slate-600">{op.summary}</span>
        {op.deprecated ? <Badge tone="gray">deprecated</Badge> : null}
      </summary>
      <div className="grid min-w-0 gap-4 border-t border-slate-200 p-3 text-sm [&>*]:min-w-0">
        {op.description ? <p className="text-slate-600">{op.description}</p> : null}
        {params.length ? (
          <FieldTable
            title="Parameters"
            rows={params.map((p) => ({ name: p.name, where: p.in, type: typeOf(p.schema), required: Boolean(p.required), note: p.description ?? p.schema?.description }))}
          />
        ) : null}
        {fields.length ? <FieldTable title="Body (JSON)" rows={fields} /> : null}
        <div>
          <h4 className="mb-1 font-medium text-slate-900">Responses</h4>
          <ul className="grid gap-1">
            {Object.entries(op.responses).map(([code, r]) => (
              <li key={code}>
                <code className="mr-2 font-semibold">{code}</code>
                {r.description}
              </li>
            ))}
          </ul>
        </div>
        <TryIt method={method} path={path} pathParams={params.filter((p) => p.in === 'path').map((p) => p.name)} hasBody={Boolean(body)} apiKey={apiKey} />
      </div>
    </details>
  );
}

function FieldTable({ title, rows }: { title: string; rows: { name: string; where: string; type: string; required: boolean; note?: string }[] }) {
  return (
    <div className="overflow-x-auto">
      <h4 className="mb-1 font-medium text-slate-900">{title}</h4>
      <table className="w-full text-left text-xs">
        <thead className="text-slate-500">
          <tr>
            <th className="py-1 pr-3">Name</th>
            <th className="py-1 pr-3">In</th>
            <th className="py-1 pr-3">Type</th>
            <th className="py-1">Notes</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.where}-${r.name}`} className="border-t border-slate-200">
              <td className="py-1 pr-3 font-mono">
                {r.name}
                {r.required ? <span className="text-red-600"> *</span> : null}
              </td>
              <td className="py-1 pr-3">{r.where}</td>
              <td className="py-1 pr-3 break-all">{r.type}</td>
              <td className="py-1">{r.note ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function TryIt({ method, path, pathParams, hasBody, apiKey }: { method: string; path: string; pathParams: string[]; hasBody: boolean; apiKey: string }) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [query, setQuery] = useState('');
  const [body, setBody] = useState('{\n}');
  const [result, setResult] = useState<{ status: number; text: string } | null>(null);
  const [pending, setPending] = useState(false);
  const send = async () => {
    setPending(true);
    try {
      const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
      const url = `/api/v1${filled}${query.trim() ? `?${query.trim().replace(/^\?/, '')}` : ''}`;
      const res = await fetch(url, {
        method: method.toUpperCase(),
        // the key, never the session cookie: /api/v1 ignores cookies anyway
        credentials: 'omit',
        headers: { authorization: `Bearer ${apiKey}`, ...(hasBody ? { 'content-type': 'application/json' } : {}) },
        body: hasBody ? body : undefined,
      });
      const text = await res.text();
      let pretty = text;
      try {
        pretty = JSON.stringify(JSON.parse(text), null, 2);
      } catch {
        // not JSON (e.g. 204): shown as it came
      }
      setResult({ status: res.status, text: pretty || '(no content)' });
    } catch {
      setResult({ status: 0, text: 'Could not reach the server.' });
    } finally {
      setPending(false);
    }
  };
  const id = `${method}-${path}`.replace(/[^a-z0-9]+/gi, '-');
  return (
    <div className="min-w-0 rounded-md bg-slate-50 p-3">
      <h4 className="mb-2 font-medium text-slate-900">Try it</h4>
      <div className="grid min-w-0 gap-2 [&>*]:min-w-0">
        {pathParams.map((name) => (
          <FormField key={name} label={name}>
            <Input id={`${id}-${name}`} value={values[name] ?? ''} onChange={(e) => setValues({ ...values, [name]: e.target.value })} />
          </FormField>
        ))}
        {method === 'get' && pathParams.length === 0 ? (
          <FormField label="Query string">
            <Input placeholder="limit=10&status=active" value={query} onChange={(e) => setQuery(e.target.value)} />
          </FormField>
        ) : null}
        {hasBody ? (
          <FormField label="Request body (JSON)">
            <Textarea rows={6} className="font-mono text-xs" value={body} onChange={(e) => setBody(e.target.value)} />
          </FormField>
        ) : null}
        <div>
          <Button size="sm" onClick={send} disabled={pending || !apiKey}>
            {pending ? 'Sending...' : 'Send request'}
          </Button>
          {!apiKey ? <span className="ml-2 text-xs text-slate-500">Paste an API key above first.</span> : null}
        </div>
        {result ? (
          <div aria-live="polite">
            <p className="text-xs font-semibold">Status {result.status}</p>
            <pre className="mt-1 max-h-72 overflow-auto rounded bg-slate-900 p-2 text-xs text-slate-100">{result.text}</pre>
          </div>
        ) : null}
      </div>
    </div>
  );
}
