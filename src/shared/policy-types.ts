// The lines of business the book knows by id and label, in the registry's order (decision 051), so
// that every rule about policies (renewals, reports, the pipeline) and the lists' type filters can
// name them without the lines' schemas and the validation library (issue 33). The registry in
// src/shared/lines is held to this list: by its types (lines/index.ts) and by lines.test.ts.
export const POLICY_TYPE_LABEL = {
  car: 'Car',
  fire: 'Fire',
  home: 'Home',
  renters: 'Renters',
  umbrella: 'Umbrella',
  cgl: 'Commercial General Liability',
  life: 'Life',
} as const satisfies Record<string, string>;

export type PolicyType = keyof typeof POLICY_TYPE_LABEL;
export const POLICY_TYPES = Object.keys(POLICY_TYPE_LABEL) as unknown as readonly [PolicyType, ...PolicyType[]];

export function isPolicyType(value: unknown): value is PolicyType {
  return typeof value === 'string' && Object.hasOwn(POLICY_TYPE_LABEL, value);
}

/** The options of every policy-type filter (the policies list, renewals, reports, the pipeline). */
export const POLICY_TYPE_OPTIONS: readonly (readonly [value: 'all' | PolicyType, label: string])[] = [
  ['all', 'All Types'],
  ...POLICY_TYPES.map((id) => [id, POLICY_TYPE_LABEL[id]] as const),
];
