import type { ReactNode } from 'react';
import { ToastHost } from '#web/lib/toast-host.tsx';

/**
 * Around every page: the toaster (mounted on first use). TanStack Query's provider is not here: it
 * wraps only the lazily loaded parts that fetch (#web/lib/query.tsx), so the public first load stays
 * without it (issue 17).
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <ToastHost />
    </>
  );
}
