// /dashboard/crm/pipeline: the figures (win rate, pipeline value per open stage), then the board or
// the list (a toggle kept in the URL, with the filters). ?new=1&customer=…&line=… opens the create
// dialog prefilled: the cross-sell shortcut of the reports and the customer page links here.
import { CrmTabs } from '#web/components/crm-tabs.tsx';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { KanbanSquare, List, Plus } from 'lucide-react';
import {
  OPEN_STAGES,
  OPPORTUNITY_STAGE_LABEL,
  OPPORTUNITY_STAGES,
  OPPORTUNITY_TEXT,
  opportunityListQuerySchema,
  type Opportunity,
  type OpportunityListQuery,
} from '#shared/pipeline.ts';
import { formatMoney } from '#shared/money.ts';
import { POLICY_TYPES, POLICY_TYPE_LABEL, type PolicyType } from '#shared/policies.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Select } from '#web/components/ui/input.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { Pager } from '#web/components/list-parts.tsx';
import { DataList, type ListColumn } from '#web/components/list-kit/data-list.tsx';
import { ListSearch } from '#web/components/list-kit/list-search.tsx';
import { useListQuery } from '#web/components/list-kit/use-list-query.ts';
import { useAssignees } from '#web/components/assignees.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { FeatureGate } from '#web/app/guards.tsx';
import { cn } from '#web/lib/cn.ts';
import { formatDay } from '#web/lib/format.ts';
import { Link } from 'react-router';
import { Board, CardMenu } from './board.tsx';
import { OpportunityDialog, type OpportunityPrefill } from './opportunity-dialog.tsx';
import { useBoard, useFigures, useLoadMore, useOpportunityList } from './queries.ts';
import { useStageActions } from './stage-actions.tsx';

export function PipelinePage() {
  return (
    <FeatureGate feature="crm">
      <Pipeline />
    </FeatureGate>
  );
}

function Figures() {
  const figures = useFigures();
  const data = figures.data;
  return (
    <section aria-label="Pipeline figures" className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
      <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-xs" data-testid="win-rate">
        <span className="block text-xs font-medium uppercase tracking-wide text-slate-500">{OPPORTUNITY_TEXT.winRate}</span>
        <span className="mt-1 block text-2xl font-semibold text-slate-900">{data ? (data.win_rate === null ? 'N/A' : `${data.win_rate} %`) : '–'}</span>
        {data ? (
          <span className="block text-xs text-slate-600">
            {data.stages.find((s) => s.stage === 'won')?.count ?? 0} won · {data.stages.find((s) => s.stage === 'lost')?.count ?? 0} lost
          </span>
        ) : null}
      </div>
      {OPEN_STAGES.map((stage) => {
        const s = data?.stages.find((x) => x.stage === stage);
        return (
          <div key={stage} className="rounded-lg border border-slate-200 bg-white p-4 shadow-xs" data-testid={`value-${stage}`}>
            <span className="block text-xs font-medium uppercase tracking-wide text-slate-500">
              {OPPORTUNITY_TEXT.pipelineValue}: {OPPORTUNITY_STAGE_LABEL[stage]}
            </span>
            <span className="mt-1 block text-2xl font-semibold tabular-nums text-slate-900">{s ? formatMoney(s.premium) : '–'}</span>
            <span className="block text-xs text-slate-600">{s ? `${s.count} ${s.count === 1 ? 'opportunity' : 'opportunities'}` : ' '}</span>
          </div>
        );
      })}
    </section>
  );
}

const STAGE_TONE = { new_lead: 'gray', contacted: 'blue', quoted: 'yellow', won: 'green', lost: 'red' } as const;

const COLUMNS: ListColumn<Opportunity>[] = [
  {
    id: 'name',
    header: 'Opportunity',
    primary: true,
    className: 'font-medium text-slate-900',
    cell: (o) => (
      <Link to={`/dashboard/crm/opportunities/${o.id}`} className="hover:underline">
        {o.name}
      </Link>
    ),
  },
  { id: 'stage', header: 'Stage', cell: (o) => <Badge className="whitespace-nowrap" tone={STAGE_TONE[o.stage]}>{OPPORTUNITY_STAGE_LABEL[o.stage]}</Badge> },
  { id: 'line', header: 'Line', cell: (o) => POLICY_TYPE_LABEL[o.line] },
  { id: 'premium', header: 'Estimated premium', sortKey: 'estimated_premium', firstDirection: 'desc', className: 'tabular-nums', cell: (o) => formatMoney(o.estimated_premium) },
  { id: 'close', header: 'Expected close', sortKey: 'expected_close_date', className: 'whitespace-nowrap', cell: (o) => (o.expected_close_date ? formatDay(o.expected_close_date) : 'N/A') },
  { id: 'assignee', header: 'Assignee', cell: (o) => o.assignee_name ?? 'Unassigned' },
  { id: 'created', header: 'Created', sortKey: 'created_at', firstDirection: 'desc', className: 'whitespace-nowrap', cell: (o) => formatDay(o.created_at.slice(0, 10)) },
];

function Pipeline() {
  const { query, setQuery } = useListQuery(opportunityListQuerySchema);
  const [params, setParams] = useSearchParams();
  const members = useAssignees();
  const board = query.view === 'board';
  const filters = { assignee: query.assignee, line: query.line, search: query.search };
  const boardQuery = useBoard(filters, board);
  const list = useOpportunityList(query, !board);
  const loadMore = useLoadMore(filters);
  const { moveTo, dialogs } = useStageActions();
  const [creating, setCreating] = useState(false);
  // the cross-sell shortcut: ?new=1&customer=…&line=…
  const prefill = useMemo<OpportunityPrefill | undefined>(() => {
    if (params.get('new') !== '1') return undefined;
    const line = params.get('line');
    return { customer_id: params.get('customer') ?? undefined, line: (POLICY_TYPES as readonly string[]).includes(line ?? '') ? (line as PolicyType) : undefined };
  }, [params]);
  const dialogOpen = creating || prefill !== undefined;
  const closeDialog = () => {
    setCreating(false);
    if (prefill) {
      const next = new URLSearchParams(params);
      for (const k of ['new', 'customer', 'line']) next.delete(k);
      setParams(next, { replace: true });
    }
  };

  return (
    <div>
      <PageHeader
        title={OPPORTUNITY_TEXT.title}
        description={OPPORTUNITY_TEXT.subtitle}
        actions={
          <Button onClick={() => setCreating(true)}>
            <Plus className="h-4 w-4" aria-hidden /> New opportunity
          </Button>
        }
      />
      <div className="mb-4">
        <CrmTabs />
      </div>
      <Figures />
      <Card>
        <div className="flex flex-col gap-3 border-b border-slate-200 p-4 md:flex-row md:flex-wrap md:items-center">
          <div role="group" aria-label="View" className="inline-flex self-start rounded-md border border-slate-300 p-0.5">
            {(['board', 'list'] as const).map((v) => (
              <button
                key={v}
                type="button"
                aria-pressed={query.view === v}
                onClick={() => setQuery({ view: v })}
                className={cn(
                  'inline-flex items-center gap-1.5 rounded px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-600',
                  query.view === v ? 'bg-slate-900 text-white' : 'text-slate-700 hover:bg-slate-100',
                )}
              >
                {v === 'board' ? <KanbanSquare className="h-4 w-4" aria-hidden /> : <List className="h-4 w-4" aria-hidden />}
                {v === 'board' ? 'Board' : 'List'}
              </button>
            ))}
          </div>
          <ListSearch className="relative w-full md:w-72" value={query.search} onSearch={(search) => setQuery({ search })} label="Search opportunities" placeholder={OPPORTUNITY_TEXT.searchPlaceholder} />
          {board ? null : (
            <Select aria-label="Stage" className="md:w-40" value={query.stage} onChange={(e) => setQuery({ stage: e.target.value as OpportunityListQuery['stage'] })}>
              <option value="all">All stages</option>
              {OPPORTUNITY_STAGES.map((s) => (
                <option key={s} value={s}>
                  {OPPORTUNITY_STAGE_LABEL[s]}
                </option>
              ))}
            </Select>
          )}
          <Select aria-label="Assignee" className="md:w-44" value={query.assignee} onChange={(e) => setQuery({ assignee: e.target.value })}>
            <option value="all">Everyone</option>
            <option value="me">Mine</option>
            <option value="unassigned">Unassigned</option>
            {(members.data ?? []).map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </Select>
          <Select aria-label="Line" className="md:w-36" value={query.line} onChange={(e) => setQuery({ line: e.target.value as OpportunityListQuery['line'] })}>
            <option value="all">All lines</option>
            {POLICY_TYPES.map((l) => (
              <option key={l} value={l}>
                {POLICY_TYPE_LABEL[l]}
              </option>
            ))}
          </Select>
        </div>
        {board ? (
          <div className="p-3">
            <Board
              columns={boardQuery.data?.columns}
              isPending={boardQuery.isPending}
              error={boardQuery.isError ? boardQuery.error : null}
              onRetry={() => void boardQuery.refetch()}
              onMove={moveTo}
              onLoadMore={(stage, offset) => loadMore.mutate({ stage, offset })}
              loadingMore={loadMore.isPending}
            />
          </div>
        ) : (
          <>
            <DataList
              label="Opportunities"
              columns={COLUMNS}
              source={list}
              rowKey={(o) => o.id}
              rowLabel={(o) => o.name}
              empty={OPPORTUNITY_TEXT.empty}
              sort={{ value: query.sort, onChange: (sort) => setQuery({ sort }) }}
              rowTestId="opportunity-row"
              actions={(o) => <CardMenu row={o} onMove={moveTo} />}
            />
            {list.data ? <Pager page={query.page} total={list.data.total} estimated={list.data.totalIsEstimate} pageSize={query.pageSize} onPage={(page) => setQuery({ page })} /> : null}
          </>
        )}
      </Card>
      <OpportunityDialog open={dialogOpen} onClose={closeDialog} prefill={prefill} />
      {dialogs}
    </div>
  );
}
