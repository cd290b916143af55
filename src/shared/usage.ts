// Usage of the plan's limits (agency.md §4, §9): the bars and headers on both lists and the dashboard.
import type { Tier } from './tiers.ts';

export interface UsageCount {
  count: number;
  /** null = unlimited */
  limit: number | null;
}

export interface Usage {
  policies: UsageCount;
  customers: UsageCount;
  tier: Tier;
}

export type UsageLevel = 'normal' | 'warning' | 'over';

export const USAGE_COLOR: Record<UsageLevel, string> = { normal: 'blue', warning: 'yellow', over: 'red' };

/** Percent of the limit (no limit counts as 0 %), the level (above 80 % warning, above 100 % over) and the capped fill. */
export function usageBar(usage: UsageCount): { percent: number; level: UsageLevel; fill: number } {
  if (usage.limit === null) return { percent: 0, level: 'normal', fill: 0 };
  if (usage.limit <= 0) return usage.count > 0 ? { percent: 100, level: 'over', fill: 100 } : { percent: 0, level: 'normal', fill: 0 };
  const percent = (usage.count / usage.limit) * 100;
  const level: UsageLevel = percent > 100 ? 'over' : percent > 80 ? 'warning' : 'normal';
  return { percent, level, fill: Math.min(100, percent) };
}

/** True when one more row would pass the limit. */
export function atLimit(usage: UsageCount | undefined): boolean {
  return !!usage && usage.limit !== null && usage.count >= usage.limit;
}
