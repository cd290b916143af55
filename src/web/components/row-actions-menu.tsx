// The row menu and delete confirmation shared by the list pages (policies, customers): the Radix
// menu and dialog, loaded after the list's first screen (row-actions.tsx stands in until then).
import { useNavigate } from 'react-router';
import { MoreHorizontal } from 'lucide-react';
import { errorMessage } from '../lib/api.ts';
import { notify } from '../lib/toast.ts';
import { Button } from './ui/button.tsx';
import { ConfirmDialog } from './ui/dialog.tsx';
import type { DeferredProps } from '../lib/deferred.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from './ui/dropdown-menu.tsx';

export interface RowActionsProps {
  /** names the row for assistive technology */
  label: string;
  viewLabel: string;
  href: string;
  onDelete: () => void;
}

/** View, Edit and Delete for one row. */
export function RowActionsMenu({ label, viewLabel, href, onDelete, defaultOpen }: RowActionsProps & DeferredProps) {
  const navigate = useNavigate();
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={label}>
          <MoreHorizontal className="h-4 w-4" aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuItem onSelect={() => navigate(href)}>{viewLabel}</DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate(`${href}/edit`)}>Edit</DropdownMenuItem>
        <DropdownMenuItem className="text-red-600" onSelect={onDelete}>
          Delete
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export interface DeleteMutation {
  isPending: boolean;
  mutate: (id: string, options: { onSuccess: () => void; onError: (err: unknown) => void }) => void;
}

export interface DeleteConfirmProps {
  item: { id: string } | null;
  onClose: () => void;
  title: string;
  description: string;
  deletedText: string;
  remove: DeleteMutation;
}

/** 'Are you sure?' for the row being deleted (null: closed); a success toast, or the error's. */
export function DeleteConfirmDialog({ item, onClose, title, description, deletedText, remove }: DeleteConfirmProps) {
  return (
    <ConfirmDialog
      open={item !== null}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={description}
      confirmLabel="Delete"
      pending={remove.isPending}
      onConfirm={() =>
        item &&
        remove.mutate(item.id, {
          onSuccess: () => {
            onClose();
            notify.success('Success', deletedText);
          },
          onError: (err) => notify.error('Error', errorMessage(err)),
        })
      }
    />
  );
}
