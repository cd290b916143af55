// Fire insurance (agency.md §4, §5): the spec's fields, texts and limits.
import { z } from 'zod';
import { defineLine } from './define.ts';
import { money, text, year } from './fields.ts';

const fields = z.object({
  property_address: text('Property Address', { max: 300, wide: true }),
  property_type: text('Property Type', { max: 100, placeholder: 'e.g. House, Apartment, Warehouse' }),
  construction_year: year('Construction Year', 1800, () => new Date().getFullYear()),
  property_value: money('Property Value'),
  contents_coverage: money('Contents Coverage', { optional: true }),
});

export const fire = defineLine({
  id: 'fire',
  label: 'Fire',
  icon: 'flame',
  detailsTitle: 'Property Details',
  schema: fields,
  fields,
  summary: (d) => `${d.property_type}, ${d.property_address}`,
});
