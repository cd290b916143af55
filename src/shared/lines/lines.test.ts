// The registry of lines (decision 051): every line is complete, car and fire keep the spec's texts,
// and each new line accepts realistic details and names the field of every refusal.
import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../validation.ts';
import { POLICY_REQUIRED_TEXT, policyInputSchema } from '../policies.ts';
import { MONEY_TEXT } from '../money.ts';
import { DETAIL_COLUMNS, fieldsOf, LINES, lineOf, POLICY_TYPE_LABEL, POLICY_TYPES } from './index.ts';

const base = {
  customer_name: 'Ann Lee',
  customer_email: 'ann@example.com',
  policy_number: 'P-1',
  insurance_company: 'Acme',
  premium_amount: '100',
  coverage_amount: '1000',
  deductible: '0',
  start_date: '2025-01-01',
};
const errorsOf = (body: Record<string, unknown>) => {
  const parsed = policyInputSchema.safeParse({ ...base, ...body });
  return parsed.success ? {} : fieldErrors(parsed.error);
};

export const SAMPLES: Record<string, Record<string, unknown>> = {
  car: { vehicle_make: 'Toyota', vehicle_model: 'Corolla', vehicle_year: '2020', vin_number: 'VIN1', driver_license: 'DL1', coverage_type: 'collision' },
  fire: { property_address: '1 Main St', property_type: 'House', construction_year: '1990', property_value: '250000' },
  home: { property_address: '12 Oak Lane', dwelling_coverage: '350000', contents_coverage: '120000', construction: 'frame', year_built: '1988', roof_year: '2019' },
  renters: { property_address: '4B Elm Court', contents_coverage: '30000', liability_limit: '300000' },
  umbrella: { umbrella_limit: '1000000', underlying_policy_ids: ['6a1f2c3e-0000-4000-8000-000000000001'] },
  cgl: { business_name: 'Lee Bakery LLC', class_code: '10100', annual_revenue: '850000', occurrence_limit: '1000000', aggregate_limit: '2000000' },
  life: {
    life_type: 'term',
    face_amount: '500000',
    term_years: '20',
    beneficiaries: [
      { name: 'Bo Lee', relationship: 'Spouse', share_percent: '60' },
      { name: 'Cy Lee', relationship: 'Son', share_percent: '40' },
    ],
  },
};

describe('the registry', () => {
  it('lists each line once with its label, icon, details title and described fields', () => {
    expect(new Set(POLICY_TYPES).size).toBe(LINES.length);
    // the catalog the lists read without the schemas (policy-types.ts), in the registry's order
    expect(POLICY_TYPES).toEqual(LINES.map((l) => l.id));
    expect(POLICY_TYPES.slice(0, 2)).toEqual(['car', 'fire']);
    for (const line of LINES) {
      expect(line.id, line.id).toMatch(/^[a-z][a-z0-9]*$/);
      expect(POLICY_TYPE_LABEL[line.id]).toBe(line.label);
      expect(line.icon && line.detailsTitle, line.id).toBeTruthy();
      expect(fieldsOf(line.fields).length, line.id).toBeGreaterThan(0);
      expect(lineOf(line.id)).toBe(line);
    }
  });

  it('has a realistic sample of each line that its schema accepts, with a summary line', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual([...POLICY_TYPES].sort());
    for (const line of LINES) {
      const parsed = line.schema.safeParse(SAMPLES[line.id]);
      expect(parsed.success, `${line.id}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      expect((line.summary as (d: unknown) => string)(parsed.data).length, line.id).toBeGreaterThan(5);
    }
  });

  it('gives every details column one meaning: a field shared by lines has one kind', () => {
    for (const column of DETAIL_COLUMNS)
      for (const id of column.lines) expect(fieldsOf(lineOf(id).fields).find((f) => f.key === column.key)?.meta.kind, `${id}.${column.key}`).toBe(column.meta.kind);
  });
});

describe('car and fire keep the spec’s texts', () => {
  it('names every missing car field in the spec’s words', () => {
    const errors = errorsOf({ policy_type: 'car', car_details: {} });
    for (const key of ['vehicle_make', 'vehicle_model', 'vehicle_year', 'vin_number', 'driver_license'] as const)
      expect(errors[`car_details.${key}`]).toBe(POLICY_REQUIRED_TEXT[key]);
  });

  it('names every missing fire field in the spec’s words', () => {
    const errors = errorsOf({ policy_type: 'fire', fire_details: {} });
    for (const key of ['property_address', 'property_type', 'construction_year', 'property_value'] as const)
      expect(errors[`fire_details.${key}`]).toBe(POLICY_REQUIRED_TEXT[key]);
  });

  it('keeps an unknown coverage type as comprehensive, as before', () => {
    const parsed = policyInputSchema.parse({ ...base, policy_type: 'car', car_details: { ...SAMPLES.car, coverage_type: 'gold' } });
    expect(parsed.car_details?.coverage_type).toBe('comprehensive');
  });
});

describe('the new lines’ messages', () => {
  it('refuses a type that is no line, naming the field', () => {
    expect(errorsOf({ policy_type: 'boat' }).policy_type).toBe('Please choose a policy type.');
  });

  it('keeps only the chosen line’s details; the others are null', () => {
    const parsed = policyInputSchema.parse({ ...base, policy_type: 'home', home_details: SAMPLES.home, car_details: SAMPLES.car });
    expect(parsed.home_details).toMatchObject({ dwelling_coverage: '350000.00', year_built: 1988, construction: 'frame' });
    expect(parsed.car_details).toBeNull();
  });

  it('home: required fields, a roof older than the house, a bad amount', () => {
    expect(errorsOf({ policy_type: 'home', home_details: {} })).toMatchObject({
      'home_details.property_address': 'Property Address is required.',
      'home_details.dwelling_coverage': 'Dwelling Coverage is required.',
      'home_details.construction': 'Please choose a construction.',
      'home_details.year_built': 'Year Built is required.',
      'home_details.roof_year': 'Roof Year is required.',
    });
    expect(errorsOf({ policy_type: 'home', home_details: { ...SAMPLES.home, roof_year: '1970' } })['home_details.roof_year']).toBe(
      'Roof Year cannot be before the Year Built.',
    );
    expect(errorsOf({ policy_type: 'home', home_details: { ...SAMPLES.home, dwelling_coverage: '-5' } })['home_details.dwelling_coverage']).toBe(MONEY_TEXT.negative);
  });

  it('renters: required fields', () => {
    expect(errorsOf({ policy_type: 'renters', renters_details: {} })).toMatchObject({
      'renters_details.property_address': 'Property Address is required.',
      'renters_details.contents_coverage': 'Contents Coverage is required.',
      'renters_details.liability_limit': 'Liability Limit is required.',
    });
  });

  it('umbrella: a limit and at least one underlying policy id', () => {
    expect(errorsOf({ policy_type: 'umbrella', umbrella_details: {} })).toMatchObject({
      'umbrella_details.umbrella_limit': 'Umbrella Limit is required.',
      'umbrella_details.underlying_policy_ids': 'Please link at least one of the customer’s policies as underlying policies.',
    });
    expect(errorsOf({ policy_type: 'umbrella', umbrella_details: { ...SAMPLES.umbrella, underlying_policy_ids: ['P-1'] } })['umbrella_details.underlying_policy_ids.0']).toBe(
      'Underlying Policies: please choose policies from the list.',
    );
  });

  it('umbrella: a form’s single ticked checkbox (a string) is one id, an unticked one (false) is none', () => {
    const id = '6a1f2c3e-0000-4000-8000-000000000001';
    const one = policyInputSchema.parse({ ...base, policy_type: 'umbrella', umbrella_details: { umbrella_limit: '1000000', underlying_policy_ids: id } });
    expect(one.umbrella_details?.underlying_policy_ids).toEqual([id]);
    expect(errorsOf({ policy_type: 'umbrella', umbrella_details: { umbrella_limit: '1000000', underlying_policy_ids: false } })['umbrella_details.underlying_policy_ids']).toBe(
      'Please link at least one of the customer’s policies as underlying policies.',
    );
  });

  it('commercial general liability: class code digits, aggregate not below one occurrence', () => {
    expect(errorsOf({ policy_type: 'cgl', cgl_details: { ...SAMPLES.cgl, class_code: 'ABC' } })['cgl_details.class_code']).toBe('Class Code must be 4 to 6 digits.');
    expect(errorsOf({ policy_type: 'cgl', cgl_details: { ...SAMPLES.cgl, aggregate_limit: '500000' } })['cgl_details.aggregate_limit']).toBe(
      'General Aggregate Limit cannot be below the Each Occurrence Limit.',
    );
    expect(errorsOf({ policy_type: 'cgl', cgl_details: {} })['cgl_details.business_name']).toBe('Business Name is required.');
  });

  it('life: term years for term life, beneficiaries adding up to 100%', () => {
    expect(errorsOf({ policy_type: 'life', life_details: { ...SAMPLES.life, term_years: '' } })['life_details.term_years']).toBe('Term Years is required for term life.');
    expect(errorsOf({ policy_type: 'life', life_details: { ...SAMPLES.life, life_type: 'whole', term_years: '' } })).toEqual({});
    const shares = { ...SAMPLES.life, beneficiaries: [{ name: 'Bo Lee', relationship: 'Spouse', share_percent: '60' }] };
    expect(errorsOf({ policy_type: 'life', life_details: shares })['life_details.beneficiaries']).toBe('The beneficiaries’ shares must add up to 100%.');
    expect(errorsOf({ policy_type: 'life', life_details: { ...SAMPLES.life, beneficiaries: [] } })['life_details.beneficiaries']).toBe('Please add at least one beneficiary.');
    const badShare = { ...SAMPLES.life, beneficiaries: [{ name: 'Bo Lee', relationship: 'Spouse', share_percent: '0' }] };
    expect(errorsOf({ policy_type: 'life', life_details: badShare })['life_details.beneficiaries.0.share_percent']).toBe('Share % must be a whole number from 1 to 100.');
  });
});
