// Parts of the signed-in shell that its first screen doesn't need (menus, a popover, the phone
// drawer): the page paints without their JavaScript, which loads while the browser is idle right
// after, or at once when the person reaches for the part first (issue 33). Until then a look-alike
// trigger stands in; a click on it opens the part as soon as it has loaded. A stand-in that had the
// keyboard focus hands it to the real trigger (same accessible name), so Enter still opens it.
import { lazy, startTransition, Suspense, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';

export interface DeferredProps {
  /** open on arrival: the person clicked the stand-in before the part had loaded */
  defaultOpen?: boolean;
}

type Part<P> = ComponentType<P & DeferredProps>;

/** Runs `fn` when the browser is idle (Safari has no requestIdleCallback: a short timeout there). */
function whenIdle(fn: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(fn, { timeout: 1500 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(fn, 200);
  return () => window.clearTimeout(id);
}

interface FocusNote {
  el: Element;
  label: string;
}

/** What has the focus now, by its accessible name (null when nothing named has it). */
function noteFocus(): FocusNote | null {
  const el = document.activeElement;
  const label = el && el !== document.body ? el.getAttribute('aria-label') : null;
  return el && label ? { el, label } : null;
}

/** If the swap removed the focused stand-in (focus fell to the page), focus its named replacement. */
function carryFocus(note: FocusNote | null) {
  if (!note || note.el.isConnected) return;
  if (document.activeElement && document.activeElement !== document.body) return;
  const next = Array.from(document.querySelectorAll<HTMLElement>('[aria-label]')).find((e) => e.getAttribute('aria-label') === note.label);
  next?.focus();
}

/** Runs once when the loaded part has committed (a sibling inside the same Suspense boundary). */
function Arrived({ then }: { then: () => void }) {
  useEffect(then, [then]);
  return null;
}

/**
 * `swap`: 'idle' (the default) draws the part in place of its stand-in once loaded; 'on-use' only
 * loads it when idle and draws it when the stand-in is reached for: a list's row menus, one per row,
 * whose swap all at once was the longest task after a list's first screen (decision 080).
 */
export function deferred<P extends object>(loader: () => Promise<Part<P>>, { swap = 'idle' }: { swap?: 'idle' | 'on-use' } = {}) {
  let loading: Promise<Part<P>> | null = null;
  const load = () => (loading ??= loader());
  const Lazy = lazy(async () => ({ default: await load() }));

  function Deferred(props: P & { standIn: (reach: () => void) => ReactNode }) {
    const { standIn, ...rest } = props;
    const [wanted, setWanted] = useState(false);
    const [ready, setReady] = useState(false);
    const focus = useRef<FocusNote | null>(null);
    const arrived = useRef(() => carryFocus(focus.current)).current;
    useEffect(() => {
      let live = true;
      const cancel = whenIdle(
        () =>
          void load().then(() => {
            if (!live || swap === 'on-use') return;
            focus.current = noteFocus();
            // a transition: React draws the part in slices, not in one long task (decision 080)
            startTransition(() => setReady(true));
          }),
      );
      return () => {
        live = false;
        cancel();
      };
    }, []);
    const placeholder = standIn(() => {
      focus.current = noteFocus();
      setWanted(true);
    });
    if (!ready && !wanted) return placeholder;
    return (
      <Suspense fallback={placeholder}>
        {/* open on arrival only if the focus is still where the person reached from: a bell clicked, then
            the avatar menu opened before the bell's part arrived, must not open over the menu (and close it) */}
        <Lazy {...(rest as unknown as P)} defaultOpen={wanted && [document.body, focus.current?.el].includes(document.activeElement!)} />
        <Arrived then={arrived} />
      </Suspense>
    );
  }
  return Deferred;
}
