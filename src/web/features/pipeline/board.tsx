// The board: one column per stage (count and summed estimated premium), cards dragged with the mouse
// or the keyboard (dnd-kit's pointer and keyboard sensors: focus a card's handle, Space to lift, one
// arrow key press per stage, Space to drop; or the number keys 1–5 on the handle move the card to
// that stage at once), and each card's menu offering "Move to…" every other stage.
import { useState } from 'react';
import {
  DndContext,
  KeyboardCode,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { Link } from 'react-router';
import { GripVertical, MoreHorizontal } from 'lucide-react';
import {
  OPPORTUNITY_STAGE_LABEL,
  OPPORTUNITY_STAGES,
  OPPORTUNITY_TEXT,
  isStage,
  type BoardColumn,
  type BoardCard,
  type OpportunityStage,
} from '#shared/pipeline.ts';
import { formatMoney } from '#shared/money.ts';
import { POLICY_TYPE_LABEL } from '#shared/policies.ts';
import { Button } from '#web/components/ui/button.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '#web/components/ui/dropdown-menu.tsx';
import { ListError, ListSkeleton } from '#web/components/list-kit/list-states.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { cn } from '#web/lib/cn.ts';
import { formatDay } from '#web/lib/format.ts';

export function CardMenu({ row, onMove }: { row: BoardCard; onMove: (row: BoardCard, stage: OpportunityStage) => void }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Actions for ${row.name}`}>
          <MoreHorizontal className="h-4 w-4" aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuItem asChild>
          <Link to={`/dashboard/crm/opportunities/${row.id}`}>Open</Link>
        </DropdownMenuItem>
        {row.stage === 'won' ? null : (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuLabel>{OPPORTUNITY_TEXT.moveTo}</DropdownMenuLabel>
            {OPPORTUNITY_STAGES.filter((s) => s !== row.stage).map((s) => (
              <DropdownMenuItem key={s} onSelect={() => onMove(row, s)}>
                {OPPORTUNITY_STAGE_LABEL[s]}
              </DropdownMenuItem>
            ))}
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/**
 * An arrow key moves a lifted card a whole stage (dnd-kit's default moves it 25 px, so New lead to
 * Quoted took a dozen presses): right/down to the next stage's column, left/up to the previous.
 */
export const stageCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates, context }) => {
  const forward = event.code === KeyboardCode.Right || event.code === KeyboardCode.Down;
  const back = event.code === KeyboardCode.Left || event.code === KeyboardCode.Up;
  if (!forward && !back) return undefined;
  event.preventDefault();
  const from = context.over?.id ?? (context.active?.data.current?.row as BoardCard | undefined)?.stage;
  const index = OPPORTUNITY_STAGES.indexOf(from as OpportunityStage);
  const next = OPPORTUNITY_STAGES[Math.min(OPPORTUNITY_STAGES.length - 1, Math.max(0, index + (forward ? 1 : -1)))];
  const rect = context.droppableRects.get(next);
  if (!rect) return currentCoordinates;
  const width = context.collisionRect?.width ?? 0;
  return { x: rect.left + Math.max(0, (rect.width - width) / 2), y: rect.top + Math.min(40, rect.height / 2) };
};

/** The number keys 1–5 on a card's handle: the stage in the board's order, or null. */
export function stageForKey(key: string): OpportunityStage | null {
  const n = Number(key);
  return Number.isInteger(n) && n >= 1 && n <= OPPORTUNITY_STAGES.length ? OPPORTUNITY_STAGES[n - 1] : null;
}

function Card({ row, onMove }: { row: BoardCard; onMove: (row: BoardCard, stage: OpportunityStage) => void }) {
  const won = row.stage === 'won';
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, isDragging } = useDraggable({ id: row.id, data: { row }, disabled: won });
  const style = transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` } : undefined;
  return (
    <li
      ref={setNodeRef}
      style={style}
      data-testid="opportunity-card"
      className={cn('rounded-md border border-slate-200 bg-white p-3 shadow-xs', isDragging && 'relative z-10 shadow-lg ring-2 ring-brand-600')}
    >
      <div className="flex items-start gap-1">
        {won ? null : (
          <button
            type="button"
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            onKeyDown={(e) => {
              const stage = stageForKey(e.key);
              if (stage && !isDragging) {
                e.preventDefault();
                if (stage !== row.stage) onMove(row, stage);
                return;
              }
              listeners?.onKeyDown?.(e);
            }}
            aria-label={`Drag ${row.name}`}
            aria-keyshortcuts="1 2 3 4 5"
            className="-ml-1 mt-0.5 cursor-grab touch-none rounded p-0.5 text-slate-400 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <GripVertical className="h-4 w-4" aria-hidden />
          </button>
        )}
        <div className="min-w-0 flex-1">
          <Link to={`/dashboard/crm/opportunities/${row.id}`} className="block break-words text-sm font-medium text-slate-900 hover:underline">
            {row.name}
          </Link>
          <p className="text-xs text-slate-600">
            {POLICY_TYPE_LABEL[row.line]} · <span className="tabular-nums">{formatMoney(row.estimated_premium)}</span>
          </p>
          <p className="text-xs text-slate-500">
            {row.expected_close_date ? `Close ${formatDay(row.expected_close_date)}` : 'No close date'}
            {row.assignee_name ? ` · ${row.assignee_name}` : ''}
          </p>
          {row.stage === 'lost' && row.lost_reason ? <p className="mt-1 break-words text-xs text-red-700">{row.lost_reason}</p> : null}
        </div>
        <CardMenu row={row} onMove={onMove} />
      </div>
    </li>
  );
}

function Column({ column, onMove, onLoadMore, loadingMore }: { column: BoardColumn; onMove: (row: BoardCard, stage: OpportunityStage) => void; onLoadMore: () => void; loadingMore: boolean }) {
  const { setNodeRef, isOver } = useDroppable({ id: column.stage });
  const label = OPPORTUNITY_STAGE_LABEL[column.stage];
  return (
    <section
      ref={setNodeRef}
      aria-label={`${label}: ${column.count} opportunities, ${formatMoney(column.premium)}`}
      data-testid={`column-${column.stage}`}
      className={cn('flex min-w-0 flex-col rounded-lg border border-slate-200 bg-slate-50 p-2', isOver && 'border-brand-600 ring-2 ring-brand-600')}
    >
      <header className="mb-2 flex items-baseline justify-between gap-2 px-1">
        <h2 className="text-sm font-semibold text-slate-900">
          {label} <span className="font-normal text-slate-500" data-testid="column-count">{column.count}</span>
        </h2>
        <span className="text-xs tabular-nums text-slate-600" data-testid="column-premium">
          {formatMoney(column.premium)}
        </span>
      </header>
      <ul className="flex min-h-16 flex-col gap-2">
        {column.cards.length === 0 ? <li className="px-1 py-4 text-center text-xs text-slate-500">{OPPORTUNITY_TEXT.emptyColumn}</li> : null}
        {column.cards.map((row) => (
          <Card key={row.id} row={row} onMove={onMove} />
        ))}
      </ul>
      {column.has_more ? (
        <Button variant="ghost" size="sm" className="mt-2" onClick={onLoadMore} disabled={loadingMore}>
          {OPPORTUNITY_TEXT.loadMore}
        </Button>
      ) : null}
    </section>
  );
}

const announcements = {
  onDragStart: () => 'Picked up the opportunity. Each arrow key moves it one stage, Space drops it, Escape cancels.',
  onDragOver: ({ over }: { over: { id: string | number } | null }) => (over ? `Over ${OPPORTUNITY_STAGE_LABEL[over.id as OpportunityStage] ?? over.id}.` : 'Not over a stage.'),
  onDragEnd: ({ over }: { over: { id: string | number } | null }) => (over ? `Dropped in ${OPPORTUNITY_STAGE_LABEL[over.id as OpportunityStage] ?? over.id}.` : 'Dropped outside the stages.'),
  onDragCancel: () => 'Move cancelled.',
};

export function Board({
  columns,
  isPending,
  error,
  onRetry,
  onMove,
  onLoadMore,
  loadingMore,
}: {
  columns: BoardColumn[] | undefined;
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
  onMove: (row: BoardCard, stage: OpportunityStage) => void;
  onLoadMore: (stage: OpportunityStage, offset: number) => void;
  loadingMore: boolean;
}) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }), useSensor(KeyboardSensor, { coordinateGetter: stageCoordinates }));
  // what a move by number key did, said by the live region (a drag is announced by dnd-kit's own)
  const [announced, setAnnounced] = useState('');
  const moveAndSay = (row: BoardCard, stage: OpportunityStage) => {
    setAnnounced(`${row.name} moved to ${OPPORTUNITY_STAGE_LABEL[stage]}.`);
    onMove(row, stage);
  };
  if (isPending && !columns) return <ListSkeleton />;
  if (error && !columns) return <ListError onRetry={onRetry}>{errorMessage(error)}</ListError>;
  const onDragEnd = (e: DragEndEvent) => {
    const row = e.active.data.current?.row as BoardCard | undefined;
    const to = e.over?.id;
    if (row && isStage(to) && to !== row.stage) onMove(row, to);
  };
  return (
    <DndContext sensors={sensors} onDragEnd={onDragEnd} accessibility={{ announcements }}>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-5" data-testid="pipeline-board">
        {(columns ?? []).map((c) => (
          <Column key={c.stage} column={c} onMove={moveAndSay} onLoadMore={() => onLoadMore(c.stage, c.cards.length)} loadingMore={loadingMore} />
        ))}
      </div>
      <p role="status" aria-live="polite" className="sr-only" data-testid="board-announcement">
        {announced}
      </p>
    </DndContext>
  );
}
