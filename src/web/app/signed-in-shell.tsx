// The signed-in layout behind its guard, as one lazily loaded chunk: public pages don't download
// the sidebar, menus and their dependencies.
import { RequireAccess } from './guards.tsx';
import { SignedInLayout } from './signed-in-layout.tsx';

export function SignedInShell() {
  return (
    <RequireAccess>
      <SignedInLayout />
    </RequireAccess>
  );
}
