// /dashboard/activity: the agency's full activity log, filterable by kind and paged; the list
// kit keeps kind, sort and page in the URL and gives the loading, empty and Retry states.
import { ACTIVITY_KIND_LABEL, ACTIVITY_KINDS, ACTIVITY_TEXT, activityQuerySchema, type ActivityQuery } from '#shared/activity.ts';
import { Card } from '#web/components/ui/card.tsx';
import { Select } from '#web/components/ui/input.tsx';
import { Pager } from '#web/components/list-parts.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { ActivityItem } from '#web/components/activity-item.tsx';
import { listStatus, ListSortSelect } from '#web/components/list-kit/data-list.tsx';
import { useListQuery } from '#web/components/list-kit/use-list-query.ts';
import { useActivity } from '#web/lib/activity.ts';

const SORTS = [
  { value: 'created_at.desc', label: 'Newest first' },
  { value: 'created_at.asc', label: 'Oldest first' },
];

export function ActivityPage() {
  const { query, setQuery } = useListQuery(activityQuerySchema);
  const list = useActivity(query);
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title={ACTIVITY_TEXT.title}
        description="Every change to your agency's policies, customers and communications."
        actions={
          <>
            <Select aria-label="Activity type" className="w-48" value={query.kind} onChange={(e) => setQuery({ kind: e.target.value as ActivityQuery['kind'] })}>
              <option value="all">All Activity</option>
              {ACTIVITY_KINDS.map((k) => (
                <option key={k} value={k}>
                  {ACTIVITY_KIND_LABEL[k]}
                </option>
              ))}
            </Select>
            <ListSortSelect value={query.sort} onChange={(sort) => setQuery({ sort: sort as ActivityQuery['sort'] })} options={SORTS} />
          </>
        }
      />
      <Card>
        <div className="px-5">
          {listStatus(list, ACTIVITY_TEXT.empty) ?? (
            <ul className="divide-y divide-slate-100" aria-label="Activity">
              {list.data!.rows.map((entry) => (
                <ActivityItem key={entry.id} entry={entry} />
              ))}
            </ul>
          )}
        </div>
        {list.data ? <Pager page={query.page} total={list.data.total} pageSize={query.pageSize} onPage={(page) => setQuery({ page })} /> : null}
      </Card>
    </div>
  );
}
