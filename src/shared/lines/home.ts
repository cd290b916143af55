// Homeowners insurance: the dwelling and its contents, with what an underwriter asks about the house.
import { z } from 'zod';
import { defineLine } from './define.ts';
import { choice, money, text, year } from './fields.ts';

const thisYear = () => new Date().getFullYear();

const fields = z.object({
  property_address: text('Property Address', { max: 300, wide: true }),
  dwelling_coverage: money('Dwelling Coverage', { aliases: ['dwelling', 'coveragea'] }),
  contents_coverage: money('Contents Coverage', { optional: true, aliases: ['personalproperty', 'coveragec'] }),
  construction: choice('Construction', [
    ['frame', 'Frame'],
    ['masonry', 'Masonry'],
    ['masonry-veneer', 'Masonry veneer'],
    ['fire-resistive', 'Fire resistive'],
    ['log', 'Log'],
  ]),
  year_built: year('Year Built', 1800, thisYear),
  roof_year: year('Roof Year', 1900, thisYear, { aliases: ['roofreplaced'] }),
});

export const home = defineLine({
  id: 'home',
  label: 'Home',
  icon: 'house',
  detailsTitle: 'Home Details',
  // a roof is never older than the house it is on
  schema: fields.refine((d) => d.roof_year >= d.year_built, { message: 'Roof Year cannot be before the Year Built.', path: ['roof_year'] }),
  fields,
  summary: (d) => `Dwelling at ${d.property_address}, built ${d.year_built}`,
});
