// Usage bars (agency.md §4): blue, yellow above 80 %, red above 100 %; fill capped; ∞ when unlimited.
import { usageBar, type UsageCount } from '#shared/usage.ts';
import { cn } from '#web/lib/cn.ts';

const FILL = { normal: 'bg-blue-600', warning: 'bg-yellow-500', over: 'bg-red-600' } as const;

export function UsageBar({ label, usage }: { label: string; usage: UsageCount }) {
  const bar = usageBar(usage);
  const unlimited = usage.limit === null;
  return (
    <div data-testid={`usage-${label.toLowerCase()}`} data-level={bar.level}>
      <div className="mb-1 flex items-baseline justify-between text-sm">
        <span className="font-medium text-slate-800">{label}</span>
        <span className="tabular-nums text-slate-600">
          {usage.count} / {unlimited ? <span aria-label="Unlimited">∞</span> : usage.limit}
        </span>
      </div>
      <div
        className="h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
        role="progressbar"
        aria-label={`${label} used`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(bar.fill)}
        aria-valuetext={unlimited ? `${usage.count} used, unlimited` : `${usage.count} of ${usage.limit} used`}
      >
        <div className={cn('h-full rounded-full transition-all', FILL[bar.level])} style={{ width: `${bar.fill}%` }} />
      </div>
      <p className="mt-1 text-xs text-slate-500">{unlimited ? 'Unlimited' : `${Math.round(bar.percent)}% of your plan`}</p>
    </div>
  );
}
