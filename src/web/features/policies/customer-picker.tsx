// The form's customer picker: the agency's customers with search, 5 a page (agency.md §5).
import { useState } from 'react';
import { Search, UserRound } from 'lucide-react';
import type { Customer } from '#shared/customers.ts';
import { PICKER_PAGE_SIZE } from '#shared/policies.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { useCustomers } from '#web/lib/customers.ts';
import { Pager } from '#web/components/list-parts.tsx';

export function CustomerPicker({ onPick }: { onPick: (customer: Customer) => void }) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const list = useCustomers({ page, pageSize: PICKER_PAGE_SIZE, search, type: 'all' }, open);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size="sm">
          <UserRound className="h-4 w-4" aria-hidden /> Choose existing customer
        </Button>
      </DialogTrigger>
      <DialogContent title="Choose a customer" description="Pick one of your customers to fill in their details.">
        <div className="relative">
          <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden />
          <Input
            type="search"
            aria-label="Search customers"
            placeholder="Search by name or email"
            className="pl-9"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
        </div>
        <div className="mt-3 min-h-40">
          {list.isPending ? (
            <Spinner label="Loading customers" />
          ) : list.isError ? (
            <p className="text-sm text-red-600">{errorMessage(list.error)}</p>
          ) : list.data.rows.length === 0 ? (
            <p className="py-6 text-center text-sm text-slate-500">No customers found.</p>
          ) : (
            <ul className="divide-y divide-slate-100 rounded-md border border-slate-200" aria-label="Customers">
              {list.data.rows.map((c) => (
                <li key={c.id}>
                  <button
                    type="button"
                    className="flex w-full flex-col items-start px-3 py-2 text-left hover:bg-slate-50 focus:bg-slate-50 focus:outline-none"
                    onClick={() => {
                      onPick(c);
                      setOpen(false);
                    }}
                  >
                    <span className="text-sm font-medium text-slate-900">{c.name}</span>
                    <span className="text-xs text-slate-500">{c.email}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        {list.data ? <Pager page={page} total={list.data.total} estimated={list.data.totalIsEstimate} pageSize={PICKER_PAGE_SIZE} onPage={setPage} /> : null}
      </DialogContent>
    </Dialog>
  );
}
