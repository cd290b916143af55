// Adding a line is one file in src/shared/lines (decision 051): this fails when a registered line is
// missing from a type filter, the reports, the import columns, the export or the API document.
import { describe, expect, it } from 'vitest';
import { fieldsOf, LINES, POLICY_TYPE_OPTIONS } from '#shared/lines/index.ts';
import { policyListQuerySchema } from '#shared/policies.ts';
import { CROSS_SELL_DIRECTIONS, CROSS_SELL_LABEL, reportQuerySchema } from '#shared/reports.ts';
import { renewalQuerySchema } from '#shared/renewals.ts';
import { bulkRequestSchema } from '#shared/bulk.ts';
import { opportunityInputSchema, opportunityListQuerySchema } from '#shared/pipeline.ts';
import { IMPORT_FIELDS, autoMap, rowRecord, validateRow } from '#shared/imports.ts';
import { EXPORT_FILES } from '#shared/export.ts';
import { apiV1Document } from '#server/features/api/v1/routes.ts';

const openapi = () => apiV1Document();

describe.each(LINES.map((l) => [l.id, l] as const))('line %s', (id, line) => {
  it('is an option of the policy-type filter, and every list and report filter accepts it', () => {
    expect(POLICY_TYPE_OPTIONS).toContainEqual([id, line.label]);
    expect(policyListQuerySchema.parse({ type: id }).type).toBe(id);
    expect(renewalQuerySchema.parse({ type: id }).type).toBe(id);
    const bulk = bulkRequestSchema.parse({ entity: 'policies', action: { kind: 'delete' }, selection: { all: true, filter: { type: id } } });
    expect(JSON.stringify(bulk)).toContain(`"type":"${id}"`);
    expect(reportQuerySchema.parse({ type: id }).type).toBe(id);
  });

  it('is a pipeline opportunity line and a pipeline filter', () => {
    expect(opportunityListQuerySchema.parse({ line: id }).line).toBe(id);
    const parsed = opportunityInputSchema.safeParse({ line: id });
    expect(parsed.success ? [] : parsed.error.issues.filter((i) => i.path[0] === 'line')).toEqual([]);
  });

  it('has its cross-sell direction in the report', () => {
    expect(CROSS_SELL_DIRECTIONS).toContain(`lacks-${id}`);
    expect(CROSS_SELL_LABEL[`lacks-${id}`]).toContain(line.label.toLowerCase());
    expect(reportQuerySchema.parse({ direction: `lacks-${id}` }).direction).toBe(`lacks-${id}`);
  });

  it('has every details field among the import columns and the export columns', () => {
    const importKeys = IMPORT_FIELDS.policies.map((f) => f.key);
    const exportKeys = EXPORT_FILES.policies.columns.map((c) => c.name);
    for (const { key } of fieldsOf(line.fields)) {
      expect(importKeys, key).toContain(key);
      expect(exportKeys, key).toContain(key);
    }
  });

  it('imports a row of its own columns into its details, the line named by id or label', () => {
    const keys = fieldsOf(line.fields).map((f) => f.key);
    const headers = ['Policy Number', 'Policy Type', ...keys];
    const mapping = autoMap('policies', headers);
    const record = rowRecord('policies', mapping, ['P-1', line.label, ...keys.map(() => 'x')]);
    expect(record.policy_type).toBe(id);
    expect(Object.keys(record[`${id}_details`] as object).sort()).toEqual([...keys].sort());
    // a row is checked by the form's schema: the line's own messages come back
    const checked = validateRow('policies', record);
    expect(checked.ok).toBe(false);
  });

  it('is in the API document: the type enum, its details in the request and the answer', () => {
    const doc = openapi();
    const text = JSON.stringify(doc);
    expect(text).toContain(`"${id}_details"`);
    // the type filter lists it; the request and the answer have a variant for it, its details required
    expect(JSON.stringify((doc.paths as Record<string, unknown>)['/policies'])).toMatch(new RegExp(`"enum":\\[[^\\]]*"${id}"`));
    const schemas = (doc.components as { schemas: Record<string, { required?: string[] }> }).schemas;
    const variants = Object.entries(schemas).filter(([name]) => name.endsWith('PolicyInput') || name.endsWith('PolicyDetail'));
    const own = variants.filter(([, s]) => JSON.stringify(s).includes(`"const":"${id}"`));
    expect(own).toHaveLength(2);
    for (const [, s] of own) expect(s.required).toContain(`${id}_details`);
  });
});
