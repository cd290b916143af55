// Match a statement line by hand (issue 31): the carrier prints another number than the book's, or
// the import matched the line to the wrong policy. The dialog searches the agency's policies by
// number or insured (suggestions before a search), the user picks one, and the line pays it from
// then on ("Matched by hand by <name> …"); the toast's Undo puts the line back as the import left it.
import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { COMMISSION_STATE_LABEL, COMMISSION_TEXT } from '#shared/commissions.ts';
import { POLICY_TYPE_LABEL, type PolicyType } from '#shared/lines/index.ts';
import { formatMoney } from '#shared/money.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent } from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { formatDay } from '#web/lib/format.ts';
import { matchLine, reopenedText, reopenLine } from '#web/lib/statement-line.ts';
import { notify } from '#web/lib/toast.ts';
import { useDebounced } from '#web/lib/use-debounced.ts';
import { signedMoney } from './signed-money.ts';
import { useMatchCandidates } from './queries.ts';

/** What the dialog says of the line being matched. */
export interface LineToMatch {
  id: string;
  policy_number: string | null;
  insured_name: string | null;
  amount: string;
  received_on: string;
}

export function MatchDialog({
  line,
  open,
  onOpenChange,
  currentPolicy,
}: {
  line: LineToMatch;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** the policy the line pays now (a line matched to the wrong policy) */
  currentPolicy?: string;
}) {
  const qc = useQueryClient();
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 250);
  const [chosen, setChosen] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const candidates = useMatchCandidates(line.id, q, open);
  const searchId = useId();
  const what = line.policy_number ?? line.insured_name ?? 'No policy number';
  const list = candidates.data?.candidates ?? [];
  const picked = list.find((c) => c.policy_id === chosen);
  // the results of an older search stay on screen while the new one loads
  const searching = candidates.isFetching || search.trim() !== q;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!picked) return;
    setPending(true);
    setError(null);
    try {
      const { policy_number } = await matchLine(qc, line.id, picked.policy_id);
      onOpenChange(false);
      notify.successWithAction(COMMISSION_TEXT.lineMatched(policy_number), `${what} · ${signedMoney(line.amount)}`, {
        label: 'Undo',
        onClick: () =>
          void reopenLine(qc, line.id).then(
            (out) => notify.success(reopenedText(out)),
            (err: unknown) => notify.error(errorMessage(err)),
          ),
      });
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setSearch('');
          setChosen(null);
          setError(null);
        }
        onOpenChange(next);
      }}
    >
      <DialogContent
        title="Match the line to a policy"
        description={`${what} · ${signedMoney(line.amount)} received on ${formatDay(line.received_on)}${currentPolicy ? ` · now pays ${currentPolicy}` : ''}`}
        className="max-w-xl"
      >
        <form onSubmit={(e) => void submit(e)} className="space-y-3">
          <div>
            <label htmlFor={searchId} className="block text-sm font-medium text-slate-700">
              Search your policies by number or insured name
            </label>
            <Input
              id={searchId}
              type="search"
              autoComplete="off"
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                setChosen(null);
              }}
              className="mt-1"
            />
          </div>
          <p className="text-sm text-slate-600" aria-live="polite" data-testid="match-status">
            {candidates.isPending || (searching && !list.length)
              ? 'Searching…'
              : candidates.isError
                ? ''
                : list.length === 0
                  ? q
                    ? `No policy of your book matches “${q}”.`
                    : 'No suggestion for this line: search by policy number or insured name.'
                  : q
                    ? `${list.length === 10 ? 'The first 10 policies' : `${list.length} ${list.length === 1 ? 'policy' : 'policies'}`} matching “${q}”.`
                    : 'Suggested: the same insured, or the same premium at this carrier.'}
          </p>
          {candidates.isError ? (
            <p role="alert" className="text-sm text-red-600">
              {errorMessage(candidates.error)}
            </p>
          ) : null}
          {list.length ? (
            <fieldset aria-busy={searching}>
              <legend className="sr-only">Policies</legend>
              <ul className="max-h-72 divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200">
                {list.map((c) => (
                  <li key={c.policy_id}>
                    <label className="flex cursor-pointer items-start gap-3 p-3 text-sm has-[:checked]:bg-brand-50">
                      <input type="radio" name="policy" className="mt-1" value={c.policy_id} checked={chosen === c.policy_id} onChange={() => setChosen(c.policy_id)} />
                      <span className="min-w-0 flex-1">
                        <span className="block font-medium text-slate-900">
                          {c.policy_number} · {c.customer_name}
                        </span>
                        <span className="block text-slate-600">
                          {c.carrier} · {POLICY_TYPE_LABEL[c.line as PolicyType] ?? c.line} · starts {formatDay(c.start_date)} · premium {formatMoney(c.premium)}
                        </span>
                        <span className="block text-slate-600">
                          Commission: expected {signedMoney(c.expected)}, received {signedMoney(c.received)} · {COMMISSION_STATE_LABEL[c.state]}
                        </span>
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          ) : null}
          {error ? (
            <p role="alert" className="text-sm text-red-600">
              {error}
            </p>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2 pt-2">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={!picked || pending}>
              {picked ? `Match to ${picked.policy_number}` : 'Choose a policy'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
