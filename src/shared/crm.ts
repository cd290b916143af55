// CRM (Business and above): tasks, the sales pipeline's opportunities and their stage history.
// The lists below are the check constraints' lists too (src/server/db/schema.ts).
export const TASK_PRIORITIES = ['low', 'normal', 'high'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];
export const TASK_PRIORITY_LABEL: Record<TaskPriority, string> = { low: 'Low', normal: 'Normal', high: 'High' };

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
