// Ctrl+K (or / outside a text field) opens a command palette: the agency's customers and policies
// (GET /api/search) and the pages the user may open (the sidebar's unlocked entries).
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Command } from 'cmdk';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { ArrowRight, FileText, Search, User } from 'lucide-react';
import { sidebarFor } from '#shared/navigation.ts';
import { SEARCH_MIN_LENGTH, SEARCH_TEXT } from '#shared/search.ts';
import { POLICY_STATUS_LABEL } from '#shared/policies.ts';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { accessSubjectOf, type Session } from '#web/lib/session.ts';
import { useDebounced } from '#web/lib/use-debounced.ts';
import { useBookSearch } from './queries.ts';
import { PALETTE_TITLE } from './title.ts';

const itemClass =
  'flex cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-sm text-slate-700 data-[selected=true]:bg-brand-50 data-[selected=true]:text-brand-800';
const groupClass =
  '[&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:pt-3 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:uppercase [&_[cmdk-group-heading]]:tracking-wide [&_[cmdk-group-heading]]:text-slate-500';

/**
 * The dialog (loaded on first open). Closing returns focus where it was; after opening a record
 * it goes to the page's main content instead.
 */
export function CommandPalette({
  session,
  open,
  onOpenChange,
  takeTypedAhead,
}: {
  session: Session;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** what was typed while this chunk loaded (launcher.tsx) */
  takeTypedAhead: () => string;
}) {
  const navigate = useNavigate();
  const returnTo = useRef<HTMLElement | null>(null);
  const navigated = useRef(false);
  const [text, setText] = useState('');
  const typed = text.trim();
  const query = useDebounced(typed, 200);
  const search = useBookSearch(query);
  const searching = typed.length >= SEARCH_MIN_LENGTH;
  const needle = typed.toLowerCase();
  const model = sidebarFor(accessSubjectOf(session));
  const pages = [...model.main, ...(model.admin ?? [])].filter((item) => !item.locked && item.name.toLowerCase().includes(needle));
  const results = searching ? search.data : undefined;
  // while typing (debounce) and loading, the older query's results stay on screen and no "empty" shows
  const pending = searching && (query !== typed || search.isFetching);

  const go = (href: string) => {
    navigated.current = true;
    onOpenChange(false);
    setText('');
    navigate(href);
  };

  return (
    <DialogPrimitive.Root
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) setText('');
      }}
    >
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <DialogPrimitive.Content
          className="fixed top-4 left-1/2 z-50 w-[calc(100%-1rem)] max-w-xl -translate-x-1/2 overflow-hidden rounded-lg bg-white shadow-xl sm:top-[12vh]"
          aria-describedby={undefined}
          onOpenAutoFocus={() => {
            // as focus moves into the input: from here on the input takes the keys itself
            const typed = takeTypedAhead();
            if (typed) setText(typed);
            navigated.current = false;
            returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            const target = navigated.current ? document.getElementById('main') : returnTo.current;
            (target?.isConnected ? target : document.getElementById('main'))?.focus();
          }}
        >
          <DialogPrimitive.Title className="sr-only">{PALETTE_TITLE}</DialogPrimitive.Title>
          <Command label={PALETTE_TITLE} shouldFilter={false} loop>
            <div className="flex items-center gap-2 border-b border-slate-200 px-3">
              <Search className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
              <Command.Input
                value={text}
                onValueChange={setText}
                placeholder={SEARCH_TEXT.placeholder}
                aria-label={SEARCH_TEXT.placeholder}
                className="h-12 min-w-0 flex-1 bg-transparent text-base text-slate-900 outline-none placeholder:text-slate-400 sm:text-sm"
              />
              {pending ? <Spinner className="h-4 w-4" label="Searching" /> : null}
            </div>
            <Command.List className="max-h-[min(24rem,70vh)] overflow-y-auto p-2">
              {pending && !results ? (
                <Command.Loading>
                  <p className="px-3 py-6 text-center text-sm text-slate-500">Searching...</p>
                </Command.Loading>
              ) : null}
              {search.isError && searching && !pending ? (
                <p role="alert" className="flex items-center justify-between gap-2 px-3 py-2 text-sm text-red-600">
                  {SEARCH_TEXT.failed}
                  <button type="button" className="rounded px-2 py-1 font-medium text-brand-700 hover:bg-brand-50" onClick={() => search.refetch()}>
                    Retry
                  </button>
                </p>
              ) : !pending ? (
                <Command.Empty className="px-3 py-6 text-center text-sm text-slate-500">{SEARCH_TEXT.empty}</Command.Empty>
              ) : null}
              {results?.customers.length ? (
                <Command.Group heading="Customers" className={groupClass}>
                  {results.customers.map((c) => (
                    <Command.Item key={c.id} value={`customer:${c.id}`} onSelect={() => go(`/dashboard/customers/${c.id}`)} className={itemClass}>
                      <User className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
                      <span className="min-w-0 flex-1 truncate">
                        <span className="font-medium text-slate-900">{c.name}</span>
                        <span className="block truncate text-slate-500 sm:ml-2 sm:inline">{c.email}</span>
                      </span>
                    </Command.Item>
                  ))}
                </Command.Group>
              ) : null}
              {results?.policies.length ? (
                <Command.Group heading="Policies" className={groupClass}>
                  {results.policies.map((p) => (
                    <Command.Item key={p.id} value={`policy:${p.id}`} onSelect={() => go(`/dashboard/policies/${p.id}`)} className={itemClass}>
                      <FileText className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
                      <span className="min-w-0 flex-1 truncate">
                        <span className="font-medium text-slate-900">{p.policy_number}</span>
                        <span className="block truncate text-slate-500 sm:ml-2 sm:inline">{p.customer_name}</span>
                      </span>
                      <span className="shrink-0 text-xs text-slate-500">{POLICY_STATUS_LABEL[p.status]}</span>
                    </Command.Item>
                  ))}
                </Command.Group>
              ) : null}
              {pages.length ? (
                <Command.Group heading="Pages" className={groupClass}>
                  {pages.map((item) => (
                    <Command.Item key={item.href} value={`page:${item.href}`} onSelect={() => go(item.href)} className={itemClass}>
                      <ArrowRight className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
                      <span className="flex-1">{item.name}</span>
                    </Command.Item>
                  ))}
                </Command.Group>
              ) : null}
              {!searching && typed ? <p className="px-3 py-2 text-xs text-slate-500">{SEARCH_TEXT.tooShort}</p> : null}
            </Command.List>
          </Command>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
