// Personal umbrella: extra liability over the customer's own underlying policies (checked on the server).
import { z } from 'zod';
import { formatMoney } from '../money.ts';
import { defineLine } from './define.ts';
import { money, policyLinks } from './fields.ts';

const fields = z.object({
  umbrella_limit: money('Umbrella Limit', { aliases: ['limit'] }),
  retained_limit: money('Retained Limit', { optional: true, aliases: ['sir', 'retention'] }),
  underlying_policy_ids: policyLinks('Underlying Policies', { min: 1, max: 10 }),
});

export const umbrella = defineLine({
  id: 'umbrella',
  label: 'Umbrella',
  icon: 'umbrella',
  detailsTitle: 'Umbrella Details',
  schema: fields,
  fields,
  summary: (d) => `Umbrella limit ${formatMoney(d.umbrella_limit)} over ${d.underlying_policy_ids.length} underlying ${d.underlying_policy_ids.length === 1 ? 'policy' : 'policies'}`,
});
