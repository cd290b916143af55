// The palette's shortcut and header button, in the signed-in shell; the dialog itself (cmdk, the
// search schema) is a separate chunk fetched on first open.
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Search } from 'lucide-react';
import type { Session } from '#web/lib/session.ts';

export const PALETTE_TITLE = 'Search';

const CommandPalette = lazy(() => import('./command-palette.tsx').then((m) => ({ default: m.CommandPalette })));

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
          <CommandPalette session={session} open={open} onOpenChange={(next) => setOpen(() => next)} />
        </Suspense>
      ) : null}
    </>
  );
}
