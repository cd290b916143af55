// Customers (agency.md §2, §3, §5): one schema for the form and the API, and the spec's texts.
import { z } from 'zod';
import { listQuerySchema } from './lists.ts';
import { isIsoDate, nullableText } from './money.ts';
import { emailField, requiredText, safeText } from './validation.ts';
import { CUSTOMER_LIST_QUERY, CUSTOMER_TEXT, CUSTOMER_TYPES, DOB_MIN_YEAR } from './customers-text.ts';

export * from './customers-text.ts';

const dateOfBirth = safeText()
  .optional()
  .nullable()
  .transform((v, ctx) => {
    if (!v) return null;
    const max = new Date().getFullYear();
    const year = Number(v.slice(0, 4));
    if (!isIsoDate(v) || year < DOB_MIN_YEAR || year > max) {
      ctx.addIssue({ code: 'custom', message: CUSTOMER_TEXT.dobRange(max) });
      return z.NEVER;
    }
    return v;
  })
  .meta({ type: ['string', 'null'], format: 'date' });

export const customerInputSchema = z.object({
  name: requiredText(CUSTOMER_TEXT.nameRequired),
  email: emailField(CUSTOMER_TEXT.emailRequired),
  phone: nullableText(50),
  address: nullableText(300),
  city: nullableText(100),
  postal_code: nullableText(20),
  date_of_birth: dateOfBirth,
  customer_type: z.enum(CUSTOMER_TYPES, 'Please choose Individual or Business.').default('individual'),
  notes: nullableText(5000),
});
export type CustomerInput = z.input<typeof customerInputSchema>;
export type CustomerValues = z.output<typeof customerInputSchema>;

/** The server's reading of the list's URL query (CUSTOMER_LIST_QUERY; the web reads it without zod, list-query.test.ts). */
export const customerListQuerySchema = listQuerySchema(CUSTOMER_LIST_QUERY).extend({
  type: z.enum(CUSTOMER_LIST_QUERY.filters.type.oneOf).catch('all').default('all'),
});
