// Commercial general liability: the business, its class and size, and the two limits of the policy.
import { z } from 'zod';
import { defineLine } from './define.ts';
import { money, text } from './fields.ts';

const fields = z.object({
  business_name: text('Business Name', { max: 200, wide: true, aliases: ['business', 'insuredbusiness'] }),
  class_code: text('Class Code', { max: 10, placeholder: 'e.g. 91580', aliases: ['classcode', 'glclass'] }),
  annual_revenue: money('Annual Revenue', { aliases: ['revenue', 'sales'] }),
  occurrence_limit: money('Each Occurrence Limit', { aliases: ['occurrencelimit', 'peroccurrence'] }),
  aggregate_limit: money('General Aggregate Limit', { aliases: ['aggregatelimit', 'aggregate'] }),
});

export const cgl = defineLine({
  id: 'cgl',
  label: 'Commercial General Liability',
  icon: 'briefcase',
  detailsTitle: 'Business Details',
  // the aggregate caps all occurrences of the term together, so it is never below one occurrence
  schema: fields
    .refine((d) => /^\d{4,6}$/.test(d.class_code), { message: 'Class Code must be 4 to 6 digits.', path: ['class_code'] })
    .refine((d) => Number(d.aggregate_limit) >= Number(d.occurrence_limit), {
      message: 'General Aggregate Limit cannot be below the Each Occurrence Limit.',
      path: ['aggregate_limit'],
    }),
  fields,
  summary: (d) => `${d.business_name}, class ${d.class_code}`,
});
