import { DOCUMENT_TEXT } from '#shared/documents.ts';
import { DeleteConfirm } from '../row-actions.tsx';
import type { DeleteConfirmProps } from '../row-actions-menu.tsx';

/** The confirmation of moving a document to the Trash (the Documents page and a record's Documents card). */
export function TrashDocumentConfirm({ item, ...props }: Omit<DeleteConfirmProps, 'item' | 'title' | 'description' | 'deletedText'> & { item: { id: string; name: string } | null }) {
  return (
    <DeleteConfirm
      item={item}
      {...props}
      title="Move to the Trash?"
      description={`${item?.name ?? 'This document'} goes to the Trash, where it can be restored for 30 days.`}
      deletedText={DOCUMENT_TEXT.deleted}
    />
  );
}
