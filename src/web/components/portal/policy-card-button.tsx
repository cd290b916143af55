// The policy page's download of the policy's ID card (car) or evidence of insurance (fire, home): the
// same PDF the client gets in the portal (Business and above, with the client portal).
import { FileDown } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { cardInForce } from '#shared/portal-card.ts';
import { useFeature } from '#web/lib/session.ts';

/** Only for a term in force (bound, not ended, not cancelled): the card says the insurance is. */
export function PolicyCardButton({ policyId, policyType, status, bound }: { policyId: string; policyType: string; status: string; bound: boolean }) {
  const { allowed } = useFeature('client-portal');
  const label = policyType === 'car' ? 'ID card' : policyType === 'fire' || policyType === 'home' ? 'Evidence of insurance' : null;
  if (!allowed || !label || !cardInForce(status, bound)) return null;
  return (
    <Button variant="outline" asChild>
      <a href={`/api/policies/${policyId}/card?download=1`} download>
        <FileDown className="h-4 w-4" aria-hidden /> {label}
      </a>
    </Button>
  );
}
