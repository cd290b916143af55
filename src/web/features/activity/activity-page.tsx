// /dashboard/activity: the agency's full activity log, filterable by kind and paged.
import { useState } from 'react';
import { ACTIVITY_KIND_LABEL, ACTIVITY_KINDS, ACTIVITY_TEXT, type ActivityQuery } from '#shared/activity.ts';
import { Card } from '../../components/ui/card.tsx';
import { Select } from '../../components/ui/input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/api.ts';
import { Pager } from '../../components/list-parts.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ActivityItem } from '../../components/activity-item.tsx';
import { useActivity } from '../../lib/activity.ts';

export function ActivityPage() {
  const [query, setQuery] = useState<ActivityQuery>({ page: 1, pageSize: 25, kind: 'all' });
  const list = useActivity(query);
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title={ACTIVITY_TEXT.title}
        description="Every change to your agency's policies, customers and communications."
        actions={
          <Select
            aria-label="Activity type"
            className="w-48"
            value={query.kind}
            onChange={(e) => setQuery({ ...query, kind: e.target.value as ActivityQuery['kind'], page: 1 })}
          >
            <option value="all">All Activity</option>
            {ACTIVITY_KINDS.map((k) => (
              <option key={k} value={k}>
                {ACTIVITY_KIND_LABEL[k]}
              </option>
            ))}
          </Select>
        }
      />
      <Card>
        <div className="px-5">
          {list.isPending ? (
            <div className="py-10 text-center">
              <Spinner label="Loading activity" />
            </div>
          ) : list.isError ? (
            <p role="alert" className="py-10 text-center text-sm text-red-600">
              {errorMessage(list.error)}
            </p>
          ) : list.data.rows.length === 0 ? (
            <p className="py-10 text-center text-sm text-slate-500">{ACTIVITY_TEXT.empty}</p>
          ) : (
            <ul className="divide-y divide-slate-100" aria-label="Activity">
              {list.data.rows.map((entry) => (
                <ActivityItem key={entry.id} entry={entry} />
              ))}
            </ul>
          )}
        </div>
        {list.data ? <Pager page={query.page} total={list.data.total} pageSize={query.pageSize} onPage={(page) => setQuery({ ...query, page })} /> : null}
      </Card>
    </div>
  );
}
