// The palette's shortcut and header button, in the signed-in shell; the dialog itself (cmdk, the
// search schema) is a separate chunk, fetched when the page is idle or on first open.
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Search } from 'lucide-react';
import type { Session } from '#web/lib/session.ts';
import { PALETTE_TITLE } from './title.ts';

const loadPalette = () => import('./command-palette.tsx');
const CommandPalette = lazy(() => loadPalette().then((m) => ({ default: m.CommandPalette })));

/** Fetches the dialog's chunk once the page is idle, so Ctrl+K usually finds it loaded. */
function usePreloadWhenIdle() {
  useEffect(() => {
    if (typeof window.requestIdleCallback !== 'function') {
      const id = window.setTimeout(() => void loadPalette().catch(() => undefined), 2000);
      return () => window.clearTimeout(id);
    }
    const id = window.requestIdleCallback(() => void loadPalette().catch(() => undefined), { timeout: 5000 });
    return () => window.cancelIdleCallback(id);
  }, []);
}

/**
 * Until the dialog has mounted, what is typed after Ctrl+K is kept here and handed to its input
 * (issue 30: on a slow link the first letters were lost while the chunk loaded). Escape cancels.
 */
function useTypeAhead(open: boolean, close: () => void) {
  const buffer = useRef('');
  const mounted = useRef(false);
  useEffect(() => {
    if (!open || mounted.current) return;
    buffer.current = '';
    const onKey = (e: KeyboardEvent) => {
      if (mounted.current || e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.key === 'Escape') close();
      else if (e.key === 'Backspace') buffer.current = buffer.current.slice(0, -1);
      else if (e.key.length === 1) buffer.current += e.key;
      else return;
      // nothing else on the page may take these keys (a field that had focus before Ctrl+K)
      e.preventDefault();
      e.stopPropagation();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [open, close]);
  /** Called by the dialog as focus moves into its input: the keys typed so far; no more buffering. */
  return useCallback(() => {
    mounted.current = true;
    const typed = buffer.current;
    buffer.current = '';
    return typed;
  }, []);
}

/** Typing into these keeps its `/`; everywhere else `/` opens the palette. */
function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement)
    return !['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'range', 'color'].includes(target.type);
  return false;
}

/** Ctrl+K / Cmd+K anywhere toggles it; `/` outside a text field opens it. */
function usePaletteShortcut(setOpen: (update: (open: boolean) => boolean) => void) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        setOpen((open) => !open);
      } else if (e.key === '/' && !e.ctrlKey && !e.metaKey && !e.altKey && !isTextField(e.target)) {
        e.preventDefault();
        setOpen(() => true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [setOpen]);
}

export function PaletteLauncher({ session }: { session: Session }) {
  const [open, setOpenState] = useState(false);
  const [loaded, setLoaded] = useState(false);
  if (open && !loaded) setLoaded(true);
  const setOpen = useCallback((update: (open: boolean) => boolean) => setOpenState(update), []);
  usePaletteShortcut(setOpen);
  usePreloadWhenIdle();
  const close = useCallback(() => setOpen(() => false), [setOpen]);
  const takeTypedAhead = useTypeAhead(open, close);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(() => true)}
        aria-keyshortcuts="Control+K /"
        className="flex items-center gap-2 rounded-md border border-slate-200 p-2 text-sm text-slate-500 hover:bg-slate-50 sm:w-56 sm:px-3 sm:py-1.5"
      >
        <Search className="h-4 w-4 shrink-0" aria-hidden />
        <span className="sr-only sm:not-sr-only sm:flex-1 sm:text-left">{PALETTE_TITLE}</span>
        <kbd className="hidden rounded border border-slate-200 bg-slate-50 px-1.5 font-sans text-xs text-slate-500 sm:inline" aria-hidden>
          Ctrl K
        </kbd>
      </button>
      {loaded ? (
        <Suspense fallback={null}>
          <CommandPalette session={session} open={open} onOpenChange={(next) => setOpen(() => next)} takeTypedAhead={takeTypedAhead} />
        </Suspense>
      ) : null}
    </>
  );
}
