// "You were removed from <agency>": reported by any API answer (header) or by /api/me, shown by the
// signed-in layout until dismissed. A tiny store, as the fetch wrapper lives outside React.
import { useSyncExternalStore } from 'react';

let current: string | null = null;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function reportRemovedFromAgency(agency: string) {
  if (current === agency) return;
  current = agency;
  emit();
}

export function dismissAgencyNotice() {
  current = null;
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The agency the session was removed from, while the notice is shown; otherwise null. */
export function useAgencyNotice(): string | null {
  return useSyncExternalStore(subscribe, () => current);
}
