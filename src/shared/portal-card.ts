// Whether a term may have an ID card or evidence of insurance (issue 32): both say the insurance is
// in force, so a term that is not bound, has ended, or is cancelled has none. A bound term that has not
// started yet has one (a client asks for the card before the car is on the road). Apart from
// portal.ts so the policy page's button does not load the portal's schemas.
import type { PolicyStatus } from './policy-status-text.ts';

export function cardInForce(status: PolicyStatus | string, bound: boolean): boolean {
  return bound && (status === 'active' || status === 'pending');
}

/** The last day the card names: a scheduled cancellation ends the cover before the term does. */
export function cardEndDate(endDate: string, cancelEffectiveDate: string | null): string {
  return cancelEffectiveDate !== null && cancelEffectiveDate < endDate ? cancelEffectiveDate : endDate;
}
