// Car insurance (agency.md §4, §5): the spec's fields, texts and limits.
import { z } from 'zod';
import { defineLine } from './define.ts';
import { choice, text, year } from './fields.ts';

const fields = z.object({
  vehicle_make: text('Vehicle Make', { max: 100, show: 'Make', aliases: ['make'] }),
  vehicle_model: text('Vehicle Model', { max: 100, show: 'Model', aliases: ['model'] }),
  vehicle_year: year('Vehicle Year', 1900, () => new Date().getFullYear() + 1, { show: 'Year', aliases: ['year'] }),
  vin_number: text('VIN Number', { max: 50, show: 'VIN', aliases: ['vin'] }),
  driver_license: text('Driver License', { max: 50, aliases: ['license'] }),
  coverage_type: choice(
    'Coverage Type',
    [
      ['comprehensive', 'Comprehensive'],
      ['third-party', 'Third Party'],
      ['collision', 'Collision'],
    ],
    { fallback: 'comprehensive' },
  ),
});

export const car = defineLine({
  id: 'car',
  label: 'Car',
  icon: 'car',
  detailsTitle: 'Vehicle Details',
  schema: fields,
  fields,
  summary: (d) => `${d.vehicle_year} ${d.vehicle_make} ${d.vehicle_model}, VIN ${d.vin_number}`,
});
