// The Documents card of a customer's or a policy's page: upload (drag and drop or pick), the list
// with preview, download and delete (to the Trash). Below Business: the upgrade text, no upload.
import { useState } from 'react';
import { Link } from 'react-router';
import { Trash2 } from 'lucide-react';
import { DOCUMENT_TEXT, documentTypeLabel, formatStorage, type DocumentRow } from '#shared/documents.ts';
import { formatDay } from '#shared/format-date.ts';
import { Button } from '../ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card.tsx';
import { listStatus } from '../list-kit/data-list.tsx';
import { TrashDocumentConfirm } from './trash-confirm.tsx';
import { useDocuments, useShareDocument, useTrashDocument } from '#web/lib/documents.ts';
import { notify } from '#web/lib/toast.ts';
import { errorMessage } from '#web/lib/api.ts';
import { Switch } from '../ui/switch.tsx';
import { Badge } from '../ui/badge.tsx';
import { SIGNATURE_TEXT, UPLOAD_TEXT } from '#shared/portal-messages.ts';
import { useFeature } from '#web/lib/session.ts';
import { DownloadButton, PreviewButton } from './document-viewer.tsx';
import { UploadZone } from './upload-zone.tsx';
import { RequestSignatureButton } from '../portal/signature-requests.tsx';

export function DocumentsCard({ customerId, policyId }: { customerId?: string; policyId?: string }) {
  const { allowed } = useFeature('documents');
  const query = { ...(policyId ? { policy_id: policyId } : { customer_id: customerId }), pageSize: 100 };
  const list = useDocuments(query, allowed);
  const trash = useTrashDocument();
  const portal = useFeature('client-portal').allowed;
  const share = useShareDocument();
  const toggleShared = (doc: DocumentRow, shared: boolean) =>
    share.mutate({ id: doc.id, shared }, { onSuccess: (res) => notify.success(res.message), onError: (err) => notify.error('Error', errorMessage(err)) });
  const [deleting, setDeleting] = useState<DocumentRow | null>(null);
  return (
    <Card id="documents">
      <CardHeader className="flex flex-row items-center justify-between">
        <CardTitle>{DOCUMENT_TEXT.card}</CardTitle>
        {allowed ? (
          <Button variant="link" size="sm" asChild>
            <Link to={`/dashboard/documents?${policyId ? `policy_id=${policyId}` : `customer_id=${customerId}`}`}>All documents</Link>
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="space-y-4">
        {!allowed ? (
          <p className="text-sm text-slate-600">
            {DOCUMENT_TEXT.upgrade}{' '}
            <Link className="font-medium text-brand-700 hover:underline" to="/upgrade">
              Upgrade
            </Link>
          </p>
        ) : (
          <>
            <UploadZone target={policyId ? { policy_id: policyId } : { customer_id: customerId }} />
            {listStatus(list, DOCUMENT_TEXT.empty) ?? (
              <ul className="divide-y divide-slate-100" aria-label={DOCUMENT_TEXT.card}>
                {list.data!.rows.map((doc) => (
                  <li key={doc.id} className="flex flex-wrap items-center gap-2 py-2" data-testid="document-row">
                    {/* the name is read whole; on a phone the row's buttons go under it */}
                    <div className="min-w-0 flex-1 basis-48">
                      <p className="text-sm font-medium break-words text-slate-900">
                        {doc.name}
                        {doc.from_client ? (
                          <Badge tone="purple" className="ml-2">
                            {UPLOAD_TEXT.fromClient}
                          </Badge>
                        ) : null}
                        {doc.signed_copy ? (
                          <Badge tone="green" className="ml-2">
                            {SIGNATURE_TEXT.signedCopyBadge}
                          </Badge>
                        ) : null}
                      </p>
                      <p className="text-xs text-slate-500">
                        {documentTypeLabel(doc.content_type)} · {formatStorage(doc.size)} · {formatDay(doc.created_at)}
                      </p>
                    </div>
                    <div className="ml-auto flex flex-wrap items-center gap-2">
                      {portal ? (
                        <label className="flex items-center gap-2 text-xs text-slate-600">
                          <Switch checked={doc.shared_with_client} onCheckedChange={(v) => toggleShared(doc, v)} aria-label={`Share ${doc.name} with the client`} />
                          Client
                        </label>
                      ) : null}
                      {portal && doc.customer_id && doc.content_type === 'application/pdf' && !doc.signed_copy ? <RequestSignatureButton documentId={doc.id} name={doc.name} /> : null}
                      <PreviewButton doc={doc} />
                      <DownloadButton doc={doc} />
                      <Button variant="ghost" size="sm" onClick={() => setDeleting(doc)} aria-label={`Delete ${doc.name}`}>
                        <Trash2 className="h-4 w-4 text-red-600" aria-hidden />
                      </Button>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </CardContent>
      <TrashDocumentConfirm item={deleting} onClose={() => setDeleting(null)} remove={trash} />
    </Card>
  );
}
