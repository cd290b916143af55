// Renters insurance: the tenant's belongings and liability, no dwelling.
import { z } from 'zod';
import { defineLine } from './define.ts';
import { money, text } from './fields.ts';

const fields = z.object({
  property_address: text('Property Address', { max: 300, wide: true }),
  contents_coverage: money('Contents Coverage', { aliases: ['personalproperty', 'coveragec'] }),
  liability_limit: money('Liability Limit', { aliases: ['liability'] }),
  loss_of_use: money('Loss of Use', { optional: true }),
});

export const renters = defineLine({
  id: 'renters',
  label: 'Renters',
  icon: 'key-round',
  detailsTitle: 'Rental Details',
  schema: fields,
  fields,
  summary: (d) => `Renter at ${d.property_address}`,
});
