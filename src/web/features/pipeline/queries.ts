// One query hook per pipeline endpoint. A stage move is optimistic on the board: the card moves at
// once (counts and sums too) and goes back, with a toast, when the server refuses.
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  BoardCard,
  BoardColumn,
  BoardQuery,
  Opportunity,
  OpportunityDetail,
  OpportunityListQuery,
  OpportunityStage,
  OpportunityValues,
  PipelineFigures,
  StageMoveInput,
} from '#shared/pipeline.ts';
import type { Page } from '#shared/policies.ts';
import { apiDelete, apiGet, apiPatch, apiPost, apiPut } from '#web/lib/api.ts';
import { refreshBook } from '#web/lib/book.ts';

export type BoardFilters = Partial<BoardQuery>;
type Board = { columns: BoardColumn[] };

export const pipelineKeys = {
  all: ['pipeline'] as const,
  board: (q: BoardFilters) => ['pipeline', 'board', q] as const,
  boards: ['pipeline', 'board'] as const,
  list: (q: Partial<OpportunityListQuery>) => ['pipeline', 'list', q] as const,
  figures: ['pipeline', 'figures'] as const,
  detail: (id: string) => ['pipeline', 'detail', id] as const,
};

function qs(q: Record<string, unknown>): string {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== null && v !== '' && v !== 'all') s.set(k, String(v));
  const text = s.toString();
  return text ? `?${text}` : '';
}

export function useBoard(q: BoardFilters, enabled = true) {
  return useQuery({
    queryKey: pipelineKeys.board(q),
    queryFn: ({ signal }) => apiGet<Board>(`/api/opportunities/board${qs(q)}`, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** "Load more" of one column: appends the next cards to the cached board. */
export function useLoadMore(q: BoardFilters) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { stage: OpportunityStage; offset: number }) =>
      apiGet<{ cards: BoardCard[]; has_more: boolean }>(`/api/opportunities/board/${v.stage}${qs({ ...q, offset: v.offset })}`),
    onSuccess: (more, v) =>
      qc.setQueryData<Board>(pipelineKeys.board(q), (board) =>
        board
          ? {
              columns: board.columns.map((c) =>
                c.stage === v.stage ? { ...c, cards: [...c.cards, ...more.cards.filter((x) => !c.cards.some((y) => y.id === x.id))], has_more: more.has_more } : c,
              ),
            }
          : board,
      ),
  });
}

export function useOpportunityList(q: Partial<OpportunityListQuery>, enabled = true) {
  const { view: _view, ...rest } = q;
  return useQuery({
    queryKey: pipelineKeys.list(rest),
    queryFn: ({ signal }) => apiGet<Page<Opportunity>>(`/api/opportunities${qs(rest)}`, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useFigures() {
  return useQuery({ queryKey: pipelineKeys.figures, queryFn: ({ signal }) => apiGet<PipelineFigures>('/api/opportunities/figures', signal) });
}

export function useOpportunity(id: string) {
  return useQuery({ queryKey: pipelineKeys.detail(id), queryFn: ({ signal }) => apiGet<OpportunityDetail>(`/api/opportunities/${encodeURIComponent(id)}`, signal), retry: false });
}

async function refreshPipeline(qc: QueryClient) {
  await qc.invalidateQueries({ queryKey: pipelineKeys.all });
}

export function useSaveOpportunity(id?: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (values: OpportunityValues) =>
      id ? apiPut<OpportunityDetail>(`/api/opportunities/${encodeURIComponent(id)}`, values) : apiPost<OpportunityDetail>('/api/opportunities', values),
    onSuccess: async (saved) => {
      qc.setQueryData(pipelineKeys.detail(saved.id), saved);
      await refreshPipeline(qc);
    },
  });
}

export function useDeleteOpportunity() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete<{ ok: true }>(`/api/opportunities/${encodeURIComponent(id)}`),
    onSuccess: () => refreshPipeline(qc),
  });
}

/** The card moved in every cached board: out of its column, into the top of the target, sums adjusted. */
function moveInBoard(board: Board | undefined, id: string, to: OpportunityStage): Board | undefined {
  if (!board) return board;
  const from = board.columns.find((c) => c.cards.some((x) => x.id === id));
  const card = from?.cards.find((x) => x.id === id);
  if (!from || !card || from.stage === to) return board;
  const cents = (v: string) => Math.round(Number(v) * 100);
  const money = (c: number) => (c / 100).toFixed(2);
  return {
    columns: board.columns.map((c) => {
      if (c.stage === from.stage)
        return { ...c, count: c.count - 1, premium: money(cents(c.premium) - cents(card.estimated_premium)), cards: c.cards.filter((x) => x.id !== id) };
      if (c.stage === to)
        return { ...c, count: c.count + 1, premium: money(cents(c.premium) + cents(card.estimated_premium)), cards: [{ ...card, stage: to }, ...c.cards] };
      return c;
    }),
  };
}

export function useMoveStage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string } & StageMoveInput) =>
      apiPatch<OpportunityDetail>(`/api/opportunities/${encodeURIComponent(v.id)}/stage`, { stage: v.stage, lost_reason: v.lost_reason }),
    onMutate: async (v) => {
      await qc.cancelQueries({ queryKey: pipelineKeys.boards });
      const before = qc.getQueriesData<Board>({ queryKey: pipelineKeys.boards });
      for (const [key] of before) qc.setQueryData<Board>(key, (b) => moveInBoard(b, v.id, v.stage as OpportunityStage));
      return { before };
    },
    onError: (_err, _v, context) => {
      for (const [key, data] of context?.before ?? []) qc.setQueryData(key, data);
    },
    onSuccess: async (saved) => {
      qc.setQueryData(pipelineKeys.detail(saved.id), saved);
      // a win may have made a customer: the book's counts and lists too
      if (saved.stage === 'won') await refreshBook(qc);
    },
    onSettled: () => refreshPipeline(qc),
  });
}
