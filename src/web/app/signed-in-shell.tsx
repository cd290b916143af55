// The signed-in layout behind its guard, as one lazily loaded chunk: public pages don't download
// the sidebar, menus, TanStack Query and their dependencies.
import { QueryProvider } from '#web/lib/query.tsx';
import { RequireAccess } from './guards.tsx';
import { SignedInLayout } from './signed-in-layout.tsx';

export function SignedInShell() {
  return (
    <QueryProvider>
      <RequireAccess>
        <SignedInLayout />
      </RequireAccess>
    </QueryProvider>
  );
}
