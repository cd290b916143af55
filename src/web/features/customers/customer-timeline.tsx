// The customer timeline (issue 14): communications, tasks, opportunities, policies and documents,
// newest first, filterable by kind, loaded page by page. Communications are append-only: "Correct"
// logs a new entry that names the one it corrects, and both show the link.
import { useState } from 'react';
import { Link } from 'react-router';
import { format } from 'date-fns';
import { Briefcase, CheckSquare, FileText, MessageSquare, Target } from 'lucide-react';
import { COMMUNICATION_TEXT, type CommunicationType } from '#shared/communications.ts';
import { TIMELINE_KIND_LABEL, TIMELINE_KINDS, type TimelineEntry, type TimelineKind } from '#shared/timeline.ts';
import { ListError, ListSkeleton } from '#web/components/list-kit/list-states.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Select } from '#web/components/ui/input.tsx';
import { useTimeline } from '#web/lib/crm.ts';
import { CommunicationForm } from './communication-form.tsx';

const ICON = { communication: MessageSquare, task: CheckSquare, opportunity: Target, policy: Briefcase, document: FileText } as const;
const TONE = { communication: 'blue', task: 'purple', opportunity: 'yellow', policy: 'green', document: 'gray' } as const;
const KIND_NAME: Record<TimelineKind, string> = { communication: 'Communication', task: 'Task', opportunity: 'Opportunity', policy: 'Policy', document: 'Document' };

const when = (iso: string) => format(new Date(iso), 'MMM dd, yyyy h:mm a');

function Entry({ entry, corrected, onCorrect }: { entry: TimelineEntry; corrected: TimelineEntry | undefined; onCorrect: () => void }) {
  const Icon = ICON[entry.kind];
  // a client portal message shows with the log but is no log entry: it cannot be corrected
  const isCommunication = entry.kind === 'communication' && !entry.event.startsWith('portal_');
  const link =
    entry.kind === 'policy' ? `/dashboard/policies/${entry.ref_id}` : entry.kind === 'task' ? `/dashboard/crm/tasks?task=${entry.ref_id}` : null;
  return (
    <li
      id={isCommunication ? `entry-${entry.ref_id}` : undefined}
      className="flex gap-3 rounded-md border border-slate-200 p-3"
      data-testid={isCommunication ? 'communication' : 'timeline-entry'}
      data-event={entry.event}
    >
      <Icon className="mt-0.5 h-5 w-5 shrink-0 text-slate-400" aria-hidden />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <Badge tone={TONE[entry.kind]}>{KIND_NAME[entry.kind]}</Badge>
          {link ? (
            <Link to={link} className="font-medium text-slate-900 hover:underline">
              {entry.title}
            </Link>
          ) : (
            <span className="font-medium text-slate-900">{entry.title || 'No subject'}</span>
          )}
          <span className="text-xs text-slate-500 sm:ml-auto">
            {when(entry.at)}
            {entry.actor_name ? ` · ${entry.actor_name}` : ''}
          </span>
        </div>
        {entry.detail ? <p className="mt-2 whitespace-pre-wrap text-sm text-slate-700">{entry.detail}</p> : null}
        {entry.corrects_id ? (
          <p className="mt-2 text-xs text-slate-600">
            Corrects{' '}
            <a className="text-brand-700 hover:underline" href={`#entry-${entry.corrects_id}`}>
              {corrected ? `the entry of ${when(corrected.at)}` : 'an earlier entry'}
            </a>
          </p>
        ) : null}
        {isCommunication ? (
          <Button variant="link" size="sm" className="mt-1 h-auto px-0" onClick={onCorrect} aria-label={`Correct: ${entry.title}`}>
            Correct
          </Button>
        ) : null}
      </div>
    </li>
  );
}

export function CustomerTimeline({ customerId }: { customerId: string }) {
  const [kind, setKind] = useState<TimelineKind | 'all'>('all');
  const [correcting, setCorrecting] = useState<TimelineEntry | null>(null);
  const query = useTimeline(customerId, kind);
  const rows = query.data?.pages.flatMap((p) => p.rows) ?? [];
  const byRef = new Map(rows.filter((r) => r.kind === 'communication').map((r) => [r.ref_id, r]));
  const correctedIds = new Set(rows.map((r) => r.corrects_id).filter(Boolean));
  return (
    <section aria-label="Timeline" className="space-y-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <h3 className="text-base font-semibold text-slate-900">Timeline</h3>
        <FormField label="Show" className="sm:w-56">
          <Select value={kind} onChange={(e) => setKind(e.target.value as TimelineKind | 'all')}>
            <option value="all">Everything</option>
            {TIMELINE_KINDS.map((k) => (
              <option key={k} value={k}>
                {TIMELINE_KIND_LABEL[k]}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
      {query.isPending ? (
        <ListSkeleton rows={3} />
      ) : query.isError ? (
        <ListError onRetry={() => void query.refetch()}>Could not load the timeline.</ListError>
      ) : rows.length === 0 ? (
        <p className="text-sm text-slate-500">{kind === 'all' || kind === 'communication' ? COMMUNICATION_TEXT.empty : 'Nothing of this kind yet.'}</p>
      ) : (
        <ol className="space-y-3" aria-label="Timeline entries">
          {rows.map((entry) => (
            <Entry
              key={entry.key}
              entry={correctedIds.has(entry.ref_id) && entry.kind === 'communication' ? { ...entry, title: `${entry.title} (corrected)` } : entry}
              corrected={entry.corrects_id ? byRef.get(entry.corrects_id) : undefined}
              onCorrect={() => setCorrecting(entry)}
            />
          ))}
        </ol>
      )}
      {query.hasNextPage ? (
        <Button variant="outline" size="sm" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
          {query.isFetchingNextPage ? 'Loading...' : 'Show older'}
        </Button>
      ) : null}
      <Dialog open={correcting !== null} onOpenChange={(open) => (open ? null : setCorrecting(null))}>
        <DialogContent
          title="Correct a communication"
          description="The log is kept as it was written: your correction is added as a new entry linked to this one."
          className="max-w-2xl"
        >
          {correcting ? (
            <CommunicationForm
              customerId={customerId}
              correcting={{
                id: correcting.ref_id,
                type: (correcting.tag ?? 'email') as CommunicationType,
                subject: correcting.subject ?? '',
                content: correcting.detail ?? '',
              }}
              onDone={() => setCorrecting(null)}
            />
          ) : null}
        </DialogContent>
      </Dialog>
    </section>
  );
}
