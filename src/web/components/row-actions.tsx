// The row menu and delete confirmation shared by the list pages (policies, customers, documents).
// Their Radix menu and dialog (row-actions-menu.tsx) load after the list's first screen (issue 33):
// a look-alike button stands in for each row's menu (the menu's code loads when the page is idle),
// and a click on it draws the real menu, open (decision 080: not all rows' menus at once);
// the confirmation loads when the menu does, or when a row is first to be deleted.
import { lazy, Suspense } from 'react';
import { MoreHorizontal } from 'lucide-react';
import { deferred } from '../lib/deferred.tsx';
import { useOnce } from '../lib/use-once.ts';
import { Button } from './ui/button.tsx';
import type { DeleteConfirmProps, RowActionsProps } from './row-actions-menu.tsx';

const loadMenu = () => import('./row-actions-menu.tsx');
const Menu = deferred<RowActionsProps>(() => loadMenu().then((m) => m.RowActionsMenu), { swap: 'on-use' });
const Confirm = lazy(() => loadMenu().then((m) => ({ default: m.DeleteConfirmDialog })));

/** View, Edit and Delete for one row; `label` names the row for assistive technology. */
export function RowActions(props: RowActionsProps) {
  return (
    <Menu
      {...props}
      standIn={(reach) => (
        <Button variant="ghost" size="icon" aria-label={props.label} aria-haspopup="menu" aria-expanded={false} onClick={reach}>
          <MoreHorizontal className="h-4 w-4" aria-hidden />
        </Button>
      )}
    />
  );
}

/** 'Are you sure?' for the row being deleted (null: closed); a success toast, or the error's. */
export function DeleteConfirm(props: DeleteConfirmProps) {
  // mounted from the first delete on, so the dialog can animate its closing
  if (!useOnce(props.item !== null)) return null;
  return (
    <Suspense fallback={null}>
      <Confirm {...props} />
    </Suspense>
  );
}
