// The row menu and delete confirmation shared by the list pages (policies, customers).
import { useNavigate } from 'react-router';
import { MoreHorizontal } from 'lucide-react';
import { errorMessage } from '../lib/api.ts';
import { notify } from '../lib/toast.ts';
import { Button } from './ui/button.tsx';
import { ConfirmDialog } from './ui/dialog.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from './ui/dropdown-menu.tsx';

/** View, Edit and Delete for one row; `label` names the row for assistive technology. */
export function RowActions({ label, viewLabel, href, onDelete }: { label: string; viewLabel: string; href: string; onDelete: () => void }) {
  const navigate = useNavigate();
  return (
    <DropdownMenu>
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

interface DeleteMutation {
  isPending: boolean;
  mutate: (id: string, options: { onSuccess: () => void; onError: (err: unknown) => void }) => void;
}

/** 'Are you sure?' for the row being deleted (null: closed); a success toast, or the error's. */
export function DeleteConfirm({
  item,
  onClose,
  title,
  description,
  deletedText,
  remove,
}: {
  item: { id: string } | null;
  onClose: () => void;
  title: string;
  description: string;
  deletedText: string;
  remove: DeleteMutation;
}) {
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
