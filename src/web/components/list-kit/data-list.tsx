// The one list component: a table with sortable headers on wide screens, one card per row on
// phones (every field and the row's actions, no sideways scrolling), optional row selection,
// and the loading / empty / error-with-Retry states. Data, sort and paging come from the page.
import { Fragment, type ReactNode } from 'react';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { LIST_TEXT, parseSort, sortValue, type SortDirection } from '#shared/lists-text.ts';
import { SelectBox } from './select-box.tsx';
import { Select } from '../ui/input.tsx';
import { cn } from '#web/lib/cn.ts';
import { errorMessage } from '#web/lib/api.ts';
import { ListEmpty, ListError, ListSkeleton } from './list-states.tsx';
import type { SelectionControl } from './use-selection.ts';
import { useWide } from './use-wide.ts';

export interface ListColumn<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** the server's sort column, when the list can be sorted by this one */
  sortKey?: string;
  /** the direction of the first click (default ascending) */
  firstDirection?: SortDirection;
  className?: string;
  /** the card's title on phones */
  primary?: boolean;
}

export interface ListSource<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data?: { rows: T[] };
  refetch: () => unknown;
}

interface DataListProps<T> {
  label: string;
  columns: ListColumn<T>[];
  source: ListSource<T>;
  rowKey: (row: T) => string;
  /** names a row for assistive technology (selection checkbox, card) */
  rowLabel: (row: T) => string;
  empty: ReactNode;
  errorText?: (message: string) => ReactNode;
  sort?: { value: string; onChange: (value: string) => void };
  actions?: (row: T) => ReactNode;
  actionsHeader?: string;
  selection?: SelectionControl<unknown>;
  rowTestId?: string;
  /** content between the toolbar and the rows (the selection banner) */
  banner?: ReactNode;
  /**
   * A row's opened detail (the reconciliation's lines that paid a term), or null while closed: under
   * the row across every column on wide screens, at the foot of the row's card on phones.
   */
  detail?: (row: T) => ReactNode;
}

const th = 'px-4 py-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-500';
const td = 'px-4 py-3 text-sm text-slate-700';
/**
 * The actions column stays at the table's right edge while a table wider than its card scrolls
 * under it (issue 30: at 1366 px the policies' row menu was off-screen); its own background hides
 * the cells passing beneath, and a hairline marks the edge.
 */
const stickyEnd = 'sticky right-0 z-[1] shadow-[inset_1px_0_0_var(--color-slate-200)]';
const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;
const DIRECTION_TEXT = { asc: 'ascending', desc: 'descending' } as const;

function SortHeader<T>({ column, sort }: { column: ListColumn<T>; sort: NonNullable<DataListProps<T>['sort']> }) {
  const current = parseSort(sort.value as `${string}.${SortDirection}`);
  const active = current.column === column.sortKey;
  const next: SortDirection = active ? (current.direction === 'asc' ? 'desc' : 'asc') : (column.firstDirection ?? 'asc');
  const Icon = !active ? ArrowUpDown : current.direction === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th scope="col" className={th} aria-sort={active ? ARIA_SORT[current.direction] : 'none'}>
      <button
        type="button"
        className="inline-flex items-center gap-1 rounded uppercase tracking-wide hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
        onClick={() => sort.onChange(sortValue(column.sortKey!, next))}
      >
        {column.header}
        <Icon className={cn('h-3.5 w-3.5', active ? 'text-slate-900' : 'text-slate-400')} aria-hidden />
      </button>
    </th>
  );
}

/** A list's sort as one select (phones, and lists shown as a feed rather than a table). */
export function ListSortSelect({ value, onChange, options, className }: { value: string; onChange: (value: string) => void; options: { value: string; label: string }[]; className?: string }) {
  return (
    <label className={cn('flex items-center gap-2 text-sm text-slate-600', className)}>
      <span className="whitespace-nowrap">Sort by</span>
      <Select className="h-9 flex-1" value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </label>
  );
}

function sortOptions<T>(columns: ListColumn<T>[]) {
  return columns
    .filter((c) => c.sortKey)
    .flatMap((c) => (['asc', 'desc'] as const).map((d) => ({ value: sortValue(c.sortKey!, d), label: `${c.header}, ${DIRECTION_TEXT[d]}` })));
}

/** The loading, error or empty state of a list, or null once it has rows. */
export function listStatus<T>(source: ListSource<T>, empty: ReactNode, errorText: (message: string) => ReactNode = (m) => m): ReactNode {
  if (source.isPending) return <ListSkeleton />;
  if (source.isError) return <ListError onRetry={() => void source.refetch()}>{errorText(errorMessage(source.error))}</ListError>;
  if (!source.data?.rows.length) return <ListEmpty>{empty}</ListEmpty>;
  return null;
}

export function DataList<T>(props: DataListProps<T>) {
  const { columns, source, rowKey, rowLabel, sort, actions, selection, rowTestId, detail } = props;
  // the banner is keyed in both layouts, so it (and a dialog it opened) stays mounted when the list switches between table and cards
  const wide = useWide();
  const rows = source.data?.rows;

  const body = listStatus(source, props.empty, props.errorText);

  const pick = (row: T) =>
    selection ? (
      <SelectBox aria-label={LIST_TEXT.selectRow(rowLabel(row))} checked={selection.isSelected(rowKey(row))} onCheckedChange={() => selection.toggle(rowKey(row))} />
    ) : null;

  if (!wide) {
    const primary = columns.find((c) => c.primary) ?? columns[0];
    return (
      <div>
        {sort && sortOptions(columns).length ? (
          <ListSortSelect className="border-b border-slate-200 px-4 py-3" value={sort.value} onChange={sort.onChange} options={sortOptions(columns)} />
        ) : null}
        {selection && rows?.length ? (
          <label className="flex items-center gap-2 border-b border-slate-200 px-4 py-2 text-sm text-slate-600">
            <SelectBox aria-label={LIST_TEXT.selectPage} checked={selection.pageState} onCheckedChange={selection.togglePage} />
            {LIST_TEXT.selectPage}
          </label>
        ) : null}
        <Fragment key="banner">{props.banner}</Fragment>
        {body ?? (
          <ul aria-label={props.label} className="divide-y divide-slate-200">
            {rows!.map((row) => (
              <li key={rowKey(row)} data-testid={rowTestId} className="space-y-3 px-4 py-4">
                <div className="flex items-start gap-3">
                  {pick(row)}
                  <div className="min-w-0 flex-1 break-words font-medium text-slate-900">{primary.cell(row)}</div>
                  {actions ? <div className="flex shrink-0 items-center gap-2">{actions(row)}</div> : null}
                </div>
                <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
                  {columns
                    .filter((c) => c !== primary)
                    .map((c) => (
                      <div key={c.id} className="contents">
                        <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{c.header}</dt>
                        <dd className="min-w-0 break-words text-slate-800">{c.cell(row)}</dd>
                      </div>
                    ))}
                </dl>
                {detail?.(row) ?? null}
              </li>
            ))}
          </ul>
        )}
      </div>
    );
  }

  return (
    <div>
      <Fragment key="banner">{props.banner}</Fragment>
      {body ?? (
        <div className="overflow-x-auto">
          <table aria-label={props.label} className="min-w-full divide-y divide-slate-200">
            <thead className="bg-slate-50">
              <tr>
                {selection ? (
                  <th scope="col" className="w-10 px-4 py-3">
                    <SelectBox aria-label={LIST_TEXT.selectPage} checked={selection.pageState} onCheckedChange={selection.togglePage} />
                  </th>
                ) : null}
                {columns.map((c) =>
                  c.sortKey && sort ? (
                    <SortHeader key={c.id} column={c} sort={sort} />
                  ) : (
                    <th key={c.id} scope="col" className={th}>
                      {c.header}
                    </th>
                  ),
                )}
                {actions ? (
                  <th scope="col" className={cn(th, stickyEnd, 'bg-slate-50')}>
                    {props.actionsHeader ?? 'Actions'}
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 bg-white">
              {rows!.map((row) => {
                const opened = detail?.(row) ?? null;
                return (
                  <Fragment key={rowKey(row)}>
                    <tr data-testid={rowTestId} className="group hover:bg-slate-50">
                      {selection ? <td className="w-10 px-4 py-3">{pick(row)}</td> : null}
                      {columns.map((c) => (
                        <td key={c.id} className={cn(td, c.className)}>
                          {c.cell(row)}
                        </td>
                      ))}
                      {actions ? <td className={cn(td, stickyEnd, 'bg-white group-hover:bg-slate-50')}>{actions(row)}</td> : null}
                    </tr>
                    {opened !== null ? (
                      <tr>
                        <td colSpan={columns.length + (selection ? 1 : 0) + (actions ? 1 : 0)} className="px-4 pb-3">
                          {opened}
                        </td>
                      </tr>
                    ) : null}
                  </Fragment>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
