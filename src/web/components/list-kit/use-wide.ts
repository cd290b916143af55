import { useSyncExternalStore } from 'react';

/** md and up (768 px): a table; below it, one card per row. */
const WIDE = '(min-width: 768px)';

function subscribe(onChange: () => void) {
  const media = window.matchMedia(WIDE);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

export function useWide(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(WIDE).matches, () => true);
}
