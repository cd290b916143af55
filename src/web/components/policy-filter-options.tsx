import { POLICY_STATUS_LABEL, POLICY_STATUSES, POLICY_TYPE_LABEL, POLICY_TYPES } from '#shared/policies-text.ts';

/** The options of a policy-type filter: "All Types", then every line. */
export function PolicyTypeOptions() {
  return (
    <>
      <option value="all">All Types</option>
      {POLICY_TYPES.map((t) => (
        <option key={t} value={t}>
          {POLICY_TYPE_LABEL[t]}
        </option>
      ))}
    </>
  );
}

/** The options of a policy-status filter: "All Statuses", then every status. */
export function PolicyStatusOptions() {
  return (
    <>
      <option value="all">All Statuses</option>
      {POLICY_STATUSES.map((s) => (
        <option key={s} value={s}>
          {POLICY_STATUS_LABEL[s]}
        </option>
      ))}
    </>
  );
}
