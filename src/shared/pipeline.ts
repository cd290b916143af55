// The sales pipeline (Business and above): opportunities from first contact to a won policy, their
// stages and stage history. One schema for the opportunity form and the API, the stage-move body,
// the list query and the texts. The stage list is the check constraint's list too (db/schema.ts).
import { z } from 'zod';
import { listQuerySchema } from './lists.ts';
import { DATE_TEXT, isIsoDate, isPlausibleDate, MONEY_TEXT, optionalMoneyField } from './money.ts';
import { POLICY_TYPES, type PolicyType } from './policies.ts';
import { EMAIL_PATTERN, INVALID_EMAIL, optionalText, safeText } from './validation.ts';

export const OPPORTUNITY_STAGES = ['new_lead', 'contacted', 'quoted', 'won', 'lost'] as const;
export type OpportunityStage = (typeof OPPORTUNITY_STAGES)[number];
export const OPPORTUNITY_STAGE_LABEL: Record<OpportunityStage, string> = {
  new_lead: 'New lead',
  contacted: 'Contacted',
  quoted: 'Quoted',
  won: 'Won',
  lost: 'Lost',
};
/** Stages an opportunity is still being worked in (the pipeline value counts these). */
export const OPEN_STAGES = ['new_lead', 'contacted', 'quoted'] as const satisfies readonly OpportunityStage[];

export const OPPORTUNITY_TEXT = {
  title: 'Pipeline',
  subtitle: 'Opportunities from first contact to a won policy.',
  prospectRequired: 'Prospect name is required when no customer is chosen.',
  lineRequired: 'Please choose a line.',
  stageOnCreate: 'A new opportunity starts in New lead, Contacted or Quoted.',
  unknownStage: (value: string) => `Unknown stage "${value}". Choose one of: New lead, Contacted, Quoted, Won, Lost.`,
  lostReasonRequired: 'Please give the reason the opportunity was lost.',
  wonIsFinal: 'This opportunity is won: its stage can no longer change.',
  emailForWon: "Add the prospect's e-mail before marking the opportunity won: the new customer needs one.",
  notFound: 'Opportunity not found.',
  customerNotFound: 'Customer not found.',
  notMember: 'The assignee must be a member of this agency.',
  negativePremium: MONEY_TEXT.negative,
  badDate: DATE_TEXT.invalid,
  created: 'Opportunity created.',
  updated: 'Opportunity updated.',
  deleted: 'Opportunity deleted.',
  moved: (stage: string) => `Moved to ${stage}.`,
  won: 'Opportunity won. Create the policy now.',
  empty: 'No opportunities yet. Create one, or start from a customer with only one line.',
  emptyColumn: 'No opportunities',
  searchPlaceholder: 'Search by prospect or customer name',
  winRate: 'Win rate',
  pipelineValue: 'Pipeline value',
  createOpportunity: 'Create opportunity',
  loadMore: 'Load more',
  moveTo: 'Move to…',
  tasksSpot: 'Tasks',
} as const;

/** An optional calendar date (yyyy-MM-dd): empty becomes null, anything else must be a real date. */
const optionalDate = safeText({ error: DATE_TEXT.invalid })
  .nullish()
  .transform((v, ctx) => {
    if (!v) return null;
    if (!isIsoDate(v)) {
      ctx.addIssue({ code: 'custom', message: DATE_TEXT.invalid });
      return z.NEVER;
    }
    if (!isPlausibleDate(v)) {
      ctx.addIssue({ code: 'custom', message: DATE_TEXT.outOfRange });
      return z.NEVER;
    }
    return v;
  });

const optionalEmail = safeText({ error: INVALID_EMAIL })
  .nullish()
  .transform((v, ctx) => {
    if (!v) return null;
    if (v.length > 254 || !EMAIL_PATTERN.test(v)) {
      ctx.addIssue({ code: 'custom', message: INVALID_EMAIL });
      return z.NEVER;
    }
    return v.toLowerCase();
  });

/**
 * Create and edit. For a customer of the agency (customer_id) or a prospect (name required then).
 * The stage here is one of the open stages; Won and Lost go through the stage move, which converts
 * or asks for the reason. On edit, a changed open stage is recorded as a move.
 */
export const opportunityInputSchema = z
  .object({
    customer_id: z.uuid('Please choose a customer from the list.').nullish().or(z.literal('')).transform((v) => v || null),
    prospect_name: optionalText(200),
    prospect_email: optionalEmail,
    prospect_phone: optionalText(50),
    source: optionalText(100),
    line: z.enum(POLICY_TYPES, OPPORTUNITY_TEXT.lineRequired),
    estimated_premium: optionalMoneyField().transform((v) => v ?? '0.00'),
    expected_close_date: optionalDate,
    // A member of the agency; empty: whoever creates it (an edit keeps the current one).
    assignee_id: safeText().max(200).nullish().transform((v) => v || null),
    stage: z.enum(OPEN_STAGES, OPPORTUNITY_TEXT.stageOnCreate).default('new_lead'),
  })
  // `when`: checked even while other fields are wrong, so the form shows every message at once
  .refine((v) => Boolean(v.customer_id || v.prospect_name), {
    path: ['prospect_name'],
    message: OPPORTUNITY_TEXT.prospectRequired,
    when: (payload) => payload.issues.every((i) => i.path?.[0] !== 'prospect_name' && i.path?.[0] !== 'customer_id'),
  });
export type OpportunityInput = z.input<typeof opportunityInputSchema>;
export type OpportunityValues = z.output<typeof opportunityInputSchema>;

export function isStage(value: unknown): value is OpportunityStage {
  return typeof value === 'string' && (OPPORTUNITY_STAGES as readonly string[]).includes(value);
}

/** A card's move: any stage; Lost needs its reason. An unknown stage is a 400 with the list. */
export const stageMoveSchema = z
  .object({
    stage: z.unknown().transform((value, ctx): OpportunityStage => {
      if (isStage(value)) return value;
      ctx.addIssue({ code: 'custom', message: OPPORTUNITY_TEXT.unknownStage(String(value ?? '').slice(0, 40)) });
      return z.NEVER;
    }),
    lost_reason: optionalText(500),
  })
  .superRefine((v, ctx) => {
    if (v.stage === 'lost' && !v.lost_reason) ctx.addIssue({ code: 'custom', path: ['lost_reason'], message: OPPORTUNITY_TEXT.lostReasonRequired });
  });
export type StageMoveInput = z.input<typeof stageMoveSchema>;

export const OPPORTUNITY_SORT_COLUMNS = ['created_at', 'estimated_premium', 'expected_close_date'] as const;
export const OPPORTUNITY_SORT_LABEL: Record<(typeof OPPORTUNITY_SORT_COLUMNS)[number], string> = {
  created_at: 'Created',
  estimated_premium: 'Estimated premium',
  expected_close_date: 'Expected close',
};

/** assignee: a member's id, 'unassigned' or 'all'. */
const listFilters = {
  stage: z.enum(['all', ...OPPORTUNITY_STAGES]).catch('all').default('all'),
  assignee: safeText().max(200).catch('all').default('all'),
  line: z.enum(['all', ...POLICY_TYPES]).catch('all').default('all'),
};

export const opportunityListQuerySchema = listQuerySchema({ sortColumns: OPPORTUNITY_SORT_COLUMNS, defaultSort: 'created_at.desc', pageSize: 25 }).extend({
  ...listFilters,
  view: z.enum(['board', 'list']).catch('board').default('board'),
});
export type OpportunityListQuery = z.output<typeof opportunityListQuerySchema>;

export const BOARD_PAGE = 20;
export const boardQuerySchema = z.object({
  assignee: listFilters.assignee,
  line: listFilters.line,
  search: safeText().max(200).catch('').default(''),
});
export type BoardQuery = z.output<typeof boardQuerySchema>;
/** One column's next cards ("Load more"). */
export const columnQuerySchema = boardQuerySchema.extend({ offset: z.coerce.number().int().min(0).max(1_000_000).catch(0).default(0) });

export interface Opportunity {
  id: string;
  /** the customer's name, or the prospect's */
  name: string;
  customer_id: string | null;
  customer_name: string | null;
  prospect_name: string | null;
  prospect_email: string | null;
  prospect_phone: string | null;
  source: string | null;
  line: PolicyType;
  estimated_premium: string;
  expected_close_date: string | null;
  assignee_id: string | null;
  assignee_name: string | null;
  stage: OpportunityStage;
  stage_changed_at: string;
  lost_reason: string | null;
  converted_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface StageHistoryEntry {
  from_stage: OpportunityStage | null;
  to_stage: OpportunityStage;
  changed_by: string | null;
  changed_by_name: string | null;
  changed_at: string;
}

export interface OpportunityDetail extends Opportunity {
  history: StageHistoryEntry[];
}

export interface StageSummary {
  stage: OpportunityStage;
  count: number;
  premium: string;
}

/** A card of the board: what it shows and moves with (the board sends up to 100 per request). */
export type BoardCard = Pick<
  Opportunity,
  'id' | 'name' | 'customer_id' | 'line' | 'estimated_premium' | 'expected_close_date' | 'assignee_id' | 'assignee_name' | 'stage' | 'lost_reason'
>;

export interface BoardColumn extends StageSummary {
  cards: BoardCard[];
  has_more: boolean;
}

export interface PipelineFigures {
  stages: StageSummary[];
  /** won / (won + lost) in whole percent; null before anything was won or lost */
  win_rate: number | null;
}

export function winRate(won: number, lost: number): number | null {
  return won + lost === 0 ? null : Math.round((won / (won + lost)) * 100);
}

/** The first registered line a customer with policies lacks: the cross-sell shortcut's opportunity is for it. */
export function missingLine(has: readonly string[]): PolicyType | null {
  const own = new Set(has);
  const missing = POLICY_TYPES.filter((l) => !own.has(l));
  return own.size > 0 && missing.length ? missing[0] : null;
}

/** The pipeline page with its create dialog opened for a customer and a line (the cross-sell shortcut). */
export function newOpportunityHref(customerId: string, line: PolicyType): string {
  return `/dashboard/crm/pipeline?new=1&customer=${encodeURIComponent(customerId)}&line=${line}`;
}

/** The new-policy form prefilled after a win: the customer, the line and the estimated premium (when there is one). */
export function newPolicyHref(customerId: string, line: PolicyType, premium?: string | null): string {
  const base = `/dashboard/policies/new?customer=${encodeURIComponent(customerId)}&line=${line}`;
  return premium && Number(premium) > 0 ? `${base}&premium=${encodeURIComponent(premium)}` : base;
}
