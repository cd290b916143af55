// Life insurance: term or whole life, the face amount and who receives it.
import { z } from 'zod';
import { formatMoney } from '../money.ts';
import { defineLine } from './define.ts';
import { choice, list, money, text, whole } from './fields.ts';

const beneficiary = z.object({
  name: text('Beneficiary Name', { max: 200 }),
  relationship: text('Relationship', { max: 100, placeholder: 'e.g. Spouse' }),
  share_percent: whole('Share %', 1, 100),
});
type Beneficiary = z.output<typeof beneficiary>;

/** "Ann Lee (Spouse) 60%; Bo Lee (Son) 40%" both ways: a list as one CSV cell. */
const beneficiaryCell = {
  format: (items: Beneficiary[]) => items.map((b) => `${b.name} (${b.relationship}) ${b.share_percent}%`).join('; '),
  parse: (text: string) =>
    text
      .split(';')
      .map((s) => s.trim())
      .filter(Boolean)
      .map((s) => {
        const m = /^(.*?)\s*\((.*?)\)\s*(\d+)\s*%?$/.exec(s);
        return m ? { name: m[1], relationship: m[2], share_percent: m[3] } : { name: s, relationship: '', share_percent: '' };
      }),
};

const fields = z.object({
  life_type: choice('Life Type', [
    ['term', 'Term life'],
    ['whole', 'Whole life'],
  ]),
  face_amount: money('Face Amount', { aliases: ['deathbenefit', 'faceamount'] }),
  term_years: whole('Term Years', 5, 40, { optional: true, aliases: ['term'] }),
  beneficiaries: list('Beneficiaries', beneficiary, { min: 1, max: 10, one: 'beneficiary', cell: beneficiaryCell as never }),
});

export const life = defineLine({
  id: 'life',
  label: 'Life',
  icon: 'heart-pulse',
  detailsTitle: 'Life Details',
  schema: fields
    .refine((d) => d.life_type !== 'term' || d.term_years !== null, { message: 'Term Years is required for term life.', path: ['term_years'] })
    .refine((d) => d.beneficiaries.reduce((sum, b) => sum + (b.share_percent ?? 0), 0) === 100, {
      message: 'The beneficiaries’ shares must add up to 100%.',
      path: ['beneficiaries'],
    }),
  fields,
  summary: (d) => `${d.life_type === 'term' ? `${d.term_years}-year term` : 'Whole'} life, face amount ${formatMoney(d.face_amount)}`,
});
