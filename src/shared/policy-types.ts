// The lines of business the book knows, on their own so that every rule about policies (renewals,
// reports, the pipeline) can name them without importing the policy schemas.
export const POLICY_TYPES = ['car', 'fire'] as const;
export type PolicyType = (typeof POLICY_TYPES)[number];
export const POLICY_TYPE_LABEL: Record<PolicyType, string> = { car: 'Car', fire: 'Fire' };
