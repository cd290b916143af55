// Parts of the signed-in shell that its first screen doesn't need (menus, a popover, the phone
// drawer): the page paints without their JavaScript, which loads while the browser is idle right
// after, or at once when the person reaches for the part first (issue 33). Until then a look-alike
// trigger stands in; a click on it opens the part as soon as it has loaded.
import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';

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

export function deferred<P extends object>(loader: () => Promise<Part<P>>) {
  let loading: Promise<Part<P>> | null = null;
  const load = () => (loading ??= loader());
  const Lazy = lazy(async () => ({ default: await load() }));

  function Deferred(props: P & { standIn: (reach: () => void) => ReactNode }) {
    const { standIn, ...rest } = props;
    const [wanted, setWanted] = useState(false);
    const [ready, setReady] = useState(false);
    useEffect(() => {
      let live = true;
      const cancel = whenIdle(() => void load().then(() => live && setReady(true)));
      return () => {
        live = false;
        cancel();
      };
    }, []);
    const placeholder = standIn(() => setWanted(true));
    if (!ready && !wanted) return placeholder;
    return (
      <Suspense fallback={placeholder}>
        <Lazy {...(rest as unknown as P)} defaultOpen={wanted} />
      </Suspense>
    );
  }
  return Deferred;
}
