// /dashboard/documents (issue 13): the agency's documents in the list kit — search by name, filter by
// type, customer, policy and uploader, sort by date and size; rename, move, delete to the Trash and
// restore; the storage bar. Business and above (the router's FeatureGate).
import { useState } from 'react';
import { Link } from 'react-router';
import { ArrowRightLeft, Pencil, RotateCcw, Trash2 } from 'lucide-react';
import {
  DOCUMENT_TEXT,
  DOCUMENT_TYPE_FILTER_LABEL,
  DOCUMENT_TYPE_FILTERS,
  documentQuerySchema,
  documentTypeLabel,
  formatStorage,
  moveDocumentSchema,
  renameDocumentSchema,
  type DocumentQuery,
  type DocumentRow,
} from '#shared/documents.ts';
import { usageBar } from '#shared/usage.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input, Select } from '#web/components/ui/input.tsx';
import { Tabs, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { Pager } from '#web/components/list-parts.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { DataList, type ListColumn } from '#web/components/list-kit/data-list.tsx';
import { ListSearch } from '#web/components/list-kit/list-search.tsx';
import { useListQuery } from '#web/components/list-kit/use-list-query.ts';
import { TrashDocumentConfirm } from '#web/components/documents/trash-confirm.tsx';
import { DownloadButton, PreviewButton } from '#web/components/documents/document-viewer.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { cn } from '#web/lib/cn.ts';
import { useCustomer, useCustomers } from '#web/lib/customers.ts';
import { useDocuments, useDocumentUsage, useMoveDocument, useRenameDocument, useRestoreDocument, useTrashDocument, useUploaders } from '#web/lib/documents.ts';
import { formatDay } from '#web/lib/format.ts';
import { notify } from '#web/lib/toast.ts';

const FILL = { normal: 'bg-blue-600', warning: 'bg-yellow-500', over: 'bg-red-600' } as const;

function StorageBar() {
  const usage = useDocumentUsage();
  if (!usage.data) return null;
  const { used, quota } = usage.data;
  const bar = usageBar({ count: used, limit: quota });
  const text = DOCUMENT_TEXT.usage(formatStorage(used), formatStorage(quota));
  return (
    <div className="w-full sm:w-72" data-testid="document-storage" data-level={bar.level}>
      <div className="mb-1 flex items-baseline justify-between text-sm">
        <span className="font-medium text-slate-800">Storage</span>
        <span className="tabular-nums text-slate-600">{text}</span>
      </div>
      <div className="h-2.5 w-full overflow-hidden rounded-full bg-slate-200" role="progressbar" aria-label="Document storage used" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(bar.fill)} aria-valuetext={text}>
        <div className={cn('h-full rounded-full', FILL[bar.level])} style={{ width: `${Math.max(bar.fill, used > 0 ? 1 : 0)}%` }} />
      </div>
    </div>
  );
}

function linkedTo(d: DocumentRow) {
  if (d.policy_id) return <Link className="hover:underline" to={`/dashboard/policies/${d.policy_id}`}>{`Policy ${d.policy_number ?? ''}`}</Link>;
  if (d.customer_id) return <Link className="hover:underline" to={`/dashboard/customers/${d.customer_id}`}>{d.customer_name ?? 'Customer'}</Link>;
  return <span className="text-slate-500">Not linked</span>;
}

function columns(trash: boolean): ListColumn<DocumentRow>[] {
  return [
    { id: 'name', header: 'Name', sortKey: 'name', primary: true, className: 'font-medium text-slate-900 whitespace-normal', cell: (d) => d.name },
    { id: 'type', header: 'Type', cell: (d) => documentTypeLabel(d.content_type) },
    { id: 'linked', header: 'Customer / policy', cell: linkedTo },
    { id: 'size', header: 'Size', sortKey: 'size', firstDirection: 'desc', className: 'tabular-nums', cell: (d) => formatStorage(d.size) },
    { id: 'by', header: 'Uploaded by', cell: (d) => d.uploaded_by_name ?? '—' },
    trash
      ? { id: 'deleted', header: 'Deleted', sortKey: 'deleted_at', firstDirection: 'desc', cell: (d) => `${formatDay(d.deleted_at?.slice(0, 10))} (until ${formatDay(d.purge_at?.slice(0, 10))})` }
      : { id: 'created', header: 'Uploaded', sortKey: 'created_at', firstDirection: 'desc', cell: (d) => formatDay(d.created_at.slice(0, 10)) },
  ];
}

function RenameDialog({ doc, onClose }: { doc: DocumentRow | null; onClose: () => void }) {
  const rename = useRenameDocument();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [shownFor, setShownFor] = useState<string | null>(null);
  if (doc && doc.id !== shownFor) {
    setShownFor(doc.id);
    setName(doc.name);
    setError(undefined);
  }
  function save() {
    if (!doc) return;
    const parsed = renameDocumentSchema.safeParse({ name });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    rename.mutate(
      { id: doc.id, name: parsed.data.name },
      {
        onSuccess: () => {
          notify.success('Success', DOCUMENT_TEXT.renamed);
          onClose();
        },
        onError: (err) => setError(errorMessage(err)),
      },
    );
  }
  return (
    <Dialog open={doc !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent title="Rename document">
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
        >
          <FormField label="Name" error={error} required>
            <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={200} />
          </FormField>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={rename.isPending}>
              Save
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function MoveDialog({ doc, onClose }: { doc: DocumentRow | null; onClose: () => void }) {
  const move = useMoveDocument();
  const [search, setSearch] = useState('');
  const [customerId, setCustomerId] = useState('');
  const [policyId, setPolicyId] = useState('');
  const [error, setError] = useState<string | undefined>();
  const customers = useCustomers({ search, pageSize: 20 }, doc !== null);
  const customer = useCustomer(customerId || undefined);
  function save() {
    if (!doc) return;
    const target = { customer_id: customerId, policy_id: policyId || null };
    const parsed = moveDocumentSchema.safeParse(target);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    move.mutate(
      { id: doc.id, target },
      {
        onSuccess: () => {
          notify.success('Success', DOCUMENT_TEXT.moved);
          onClose();
        },
        onError: (err) => setError(errorMessage(err)),
      },
    );
  }
  return (
    <Dialog open={doc !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent title="Move document" description={doc ? `Move ${doc.name} to another customer or policy of your agency.` : undefined}>
        <div className="space-y-4">
          <FormField label="Find a customer">
            <Input value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Name or email" />
          </FormField>
          <FormField label="Customer" error={error} required>
            <Select
              value={customerId}
              onChange={(e) => {
                setCustomerId(e.target.value);
                setPolicyId('');
              }}
            >
              <option value="">Choose a customer</option>
              {(customers.data?.rows ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name} ({c.email})
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label="Policy (optional)">
            <Select value={policyId} onChange={(e) => setPolicyId(e.target.value)} disabled={!customerId}>
              <option value="">The customer only</option>
              {(customer.data?.policies ?? []).map((p) => (
                <option key={p.id} value={p.id}>
                  Policy {p.policy_number}
                </option>
              ))}
            </Select>
          </FormField>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="button" onClick={save} disabled={move.isPending}>
              Move
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}

export function DocumentsPage() {
  const { query, setQuery } = useListQuery(documentQuerySchema);
  const list = useDocuments(query);
  const uploaders = useUploaders();
  const trash = query.view === 'trash';
  const remove = useTrashDocument();
  const restore = useRestoreDocument();
  const [deleting, setDeleting] = useState<DocumentRow | null>(null);
  const [renaming, setRenaming] = useState<DocumentRow | null>(null);
  const [moving, setMoving] = useState<DocumentRow | null>(null);

  const actions = (d: DocumentRow) =>
    trash ? (
      <Button
        variant="outline"
        size="sm"
        aria-label={`Restore ${d.name}`}
        disabled={restore.isPending}
        onClick={() =>
          restore.mutate(d.id, {
            onSuccess: () => notify.success('Success', DOCUMENT_TEXT.restored),
            onError: (err) => notify.error('Error', errorMessage(err)),
          })
        }
      >
        <RotateCcw className="h-4 w-4" aria-hidden /> Restore
      </Button>
    ) : (
      <div className="flex flex-wrap items-center gap-0.5">
        <PreviewButton doc={d} />
        <DownloadButton doc={d} />
        <Button variant="ghost" size="sm" className="px-2" aria-label={`Rename ${d.name}`} onClick={() => setRenaming(d)}>
          <Pencil className="h-4 w-4" aria-hidden />
        </Button>
        <Button variant="ghost" size="sm" className="px-2" aria-label={`Move ${d.name}`} onClick={() => setMoving(d)}>
          <ArrowRightLeft className="h-4 w-4" aria-hidden />
        </Button>
        <Button variant="ghost" size="sm" className="px-2" aria-label={`Delete ${d.name}`} onClick={() => setDeleting(d)}>
          <Trash2 className="h-4 w-4 text-red-600" aria-hidden />
        </Button>
      </div>
    );

  return (
    <div>
      <PageHeader title={DOCUMENT_TEXT.title} description={DOCUMENT_TEXT.description} actions={<StorageBar />} />
      <Tabs value={query.view} onValueChange={(view) => setQuery({ view: view as DocumentQuery['view'], sort: undefined })} className="mb-4">
        <TabsList aria-label="Documents or Trash">
          <TabsTrigger value="active">Documents</TabsTrigger>
          <TabsTrigger value="trash">{DOCUMENT_TEXT.trash}</TabsTrigger>
        </TabsList>
      </Tabs>
      <Card>
        <div className="flex flex-col gap-3 border-b border-slate-200 p-4 md:flex-row md:flex-wrap">
          <ListSearch value={query.search} onSearch={(search) => setQuery({ search })} label="Search documents" placeholder={DOCUMENT_TEXT.searchPlaceholder} />
          <Select aria-label="Document type" className="md:w-40" value={query.type} onChange={(e) => setQuery({ type: e.target.value as DocumentQuery['type'] })}>
            {DOCUMENT_TYPE_FILTERS.map((f) => (
              <option key={f} value={f}>
                {DOCUMENT_TYPE_FILTER_LABEL[f]}
              </option>
            ))}
          </Select>
          <Select aria-label="Uploaded by" className="md:w-48" value={query.uploaded_by ?? ''} onChange={(e) => setQuery({ uploaded_by: e.target.value || undefined })}>
            <option value="">Anyone</option>
            {(uploaders.data?.uploaders ?? []).map((u) => (
              <option key={u.id} value={u.id}>
                {u.name}
              </option>
            ))}
          </Select>
          {query.customer_id || query.policy_id ? (
            <Button variant="outline" onClick={() => setQuery({ customer_id: undefined, policy_id: undefined })}>
              Show all customers and policies
            </Button>
          ) : null}
        </div>
        <DataList
          label={trash ? DOCUMENT_TEXT.trash : DOCUMENT_TEXT.title}
          columns={columns(trash)}
          source={list}
          rowKey={(d) => d.id}
          rowLabel={(d) => d.name}
          rowTestId="document-row"
          empty={trash ? DOCUMENT_TEXT.emptyTrash : DOCUMENT_TEXT.empty}
          sort={{ value: query.sort, onChange: (sort) => setQuery({ sort: sort as DocumentQuery['sort'] }) }}
          actions={actions}
        />
        {list.data ? <Pager page={query.page} total={list.data.total} pageSize={query.pageSize} onPage={(page) => setQuery({ page })} /> : null}
      </Card>
      <TrashDocumentConfirm item={deleting} onClose={() => setDeleting(null)} remove={remove} />
      <RenameDialog doc={renaming} onClose={() => setRenaming(null)} />
      <MoveDialog doc={moving} onClose={() => setMoving(null)} />
    </div>
  );
}
