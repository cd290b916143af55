// The task schema, and the pipeline's link to a new policy after a win.
import { describe, expect, it } from 'vitest';
import { isCalendarDate, TASK_TEXT, taskInputSchema } from './tasks.ts';
import { newPolicyHref } from './pipeline.ts';

describe('taskInputSchema', () => {
  const base = { title: 'Call', due_date: '2026-05-01', assignee_id: 'u1' };
  it('accepts the optional fields empty and filled', () => {
    expect(taskInputSchema.parse(base)).toMatchObject({ description: null, due_time: '09:00', priority: 'normal', customer_id: null, policy_id: null, opportunity_id: null });
    expect(taskInputSchema.parse({ ...base, description: ' Notes ', due_time: '17:45', priority: 'low', policy_id: 'p1' })).toMatchObject({
      description: 'Notes',
      due_time: '17:45',
      priority: 'low',
      policy_id: 'p1',
    });
  });
  it('has a message for each rule', () => {
    const issue = (over: Record<string, unknown>) => taskInputSchema.safeParse({ ...base, ...over }).error?.issues[0]?.message;
    expect(issue({ title: ' ' })).toBe(TASK_TEXT.titleRequired);
    expect(issue({ due_date: 'tomorrow' })).toBe(TASK_TEXT.dueDateInvalid);
    expect(issue({ due_time: '9am' })).toBe(TASK_TEXT.dueTimeInvalid);
    expect(issue({ priority: 'urgent' })).toBe(TASK_TEXT.priorityInvalid);
    expect(issue({ assignee_id: '' })).toBe(TASK_TEXT.assigneeRequired);
    expect(issue({ customer_id: 'c', opportunity_id: 'o' })).toBe(TASK_TEXT.oneLink);
  });
  it('knows a calendar date', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('1800-01-01')).toBe(false);
    expect(isCalendarDate('2026-1-1')).toBe(false);
  });
});

describe('newPolicyHref', () => {
  it("carries a won opportunity's customer, line and estimated premium into the policy form", () => {
    expect(newPolicyHref('c-1', 'fire', '1250.00')).toBe('/dashboard/policies/new?customer=c-1&line=fire&premium=1250.00');
    // no estimate: the form's premium stays empty
    expect(newPolicyHref('c-1', 'car', '0.00')).toBe('/dashboard/policies/new?customer=c-1&line=car');
    expect(newPolicyHref('c 1', 'car')).toBe('/dashboard/policies/new?customer=c%201&line=car');
  });
});
