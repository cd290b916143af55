// The lines of business the book knows, from the registry in src/shared/lines (decision 051), so that
// every rule about policies (renewals, reports, the pipeline) can name them without the policy schemas.
export { POLICY_TYPES, POLICY_TYPE_LABEL, type PolicyType } from './lines/index.ts';
