// What a line of business is (decision 051): one file in src/shared/lines/ made with defineLine.
import { z } from 'zod';

export interface LineDefinition<Id extends string = string, S extends z.ZodType<Record<string, unknown>> = z.ZodType<Record<string, unknown>>> {
  /** stored in policies.policy_type, used in URLs and the API; the API's details field is `<id>_details` */
  id: Id;
  label: string;
  /** a lucide icon name (the web shows it next to the line's details) */
  icon: string;
  /** the details card's title on the policy page, the form and the print view */
  detailsTitle: string;
  /** the details: an object of fields from fields.ts (optionally refined across fields) */
  schema: S;
  /** the object of fields (the schema itself unless it is refined) */
  fields: z.ZodObject;
  /** one line of text about the insured thing, as on an ID card or evidence of cover */
  summary: (details: z.output<S>) => string;
}

export function defineLine<const Id extends string, S extends z.ZodType<Record<string, unknown>>>(line: LineDefinition<Id, S>): LineDefinition<Id, S> {
  return line;
}
