// Portal requests follow the deletes they hang on (issue 34 §2): a deleted policy's requests stay,
// unlinked — a change of each request (updated_at, one portal_request.updated), not the foreign key's
// silent SET NULL — and a deleted customer's requests go with it, one portal_request.deleted each
// (the change feed's tombstone). policy.deleted too: a bulk delete and an import's undo emit it before
// removing the rows (after a single delete's policy.deleting, it finds nothing left to unlink).
import { subscribe } from '#server/platform/events.ts';
import { portalRequestsGoWith, unlinkPortalRequests } from '#server/entities/portal-requests.ts';

export function subscribePortalRequests() {
  subscribe({
    name: 'portal.requests-follow-links',
    types: ['customer.deleting', 'policy.deleting', 'policy.deleted'],
    mode: 'in-transaction',
    handle: async ({ t, by }, event) => {
      if (!t) return;
      if (event.type === 'customer.deleting') await portalRequestsGoWith(t, by, [event.customerId]);
      else {
        const policyId = event.type === 'policy.deleting' ? event.policyId : event.entityId;
        if (policyId) await unlinkPortalRequests(t, by, [policyId]);
      }
    },
  });
}
