// One activity entry: who did what, when, with a link to the subject while it exists.
import { Link } from 'react-router';
import { CheckSquare, FileText, Files, Layers, MessageSquare, Palette, Plug, TrendingUp, UserRound, Wallet, Users } from 'lucide-react';
import { activityHref, type ActivityEntry, type ActivityKind } from '#shared/activity-text.ts';
import { formatDayTime, timeAgo } from '#shared/format-date.ts';

const ICONS: Record<ActivityKind, typeof FileText> = {
  policy: FileText,
  customer: UserRound,
  communication: MessageSquare,
  payment: Wallet,
  team: Users,
  task: CheckSquare,
  opportunity: TrendingUp,
  document: Files,
  bulk: Layers,
  integration: Plug,
  branding: Palette,
};

export function ActivityItem({ entry }: { entry: ActivityEntry }) {
  const Icon = ICONS[entry.kind] ?? FileText;
  const href = activityHref(entry);
  const when = new Date(entry.created_at);
  return (
    <li className="flex gap-3 py-3" data-testid="activity-entry">
      <span className="mt-0.5 flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Icon className="h-4 w-4" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <p className="break-words text-sm text-slate-900">
          {href ? (
            <Link to={href} className="hover:underline">
              {entry.summary}
            </Link>
          ) : (
            entry.summary
          )}
        </p>
        <p className="text-xs text-slate-500">
          {entry.actor_name ?? 'A former member'} ·{' '}
          <time dateTime={entry.created_at} title={formatDayTime(when)}>
            {timeAgo(when)}
          </time>
        </p>
      </div>
    </li>
  );
}
