// Settings › Data: the agency's export, and deleting one's own account (owner only), which needs the
// password and the agency name typed exactly, and offers the export first.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { useServerFieldErrors } from '#web/lib/server-field-errors.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Download, Trash2 } from 'lucide-react';
import { deleteAccountSchema, USER_SETTINGS_TEXT, type DeleteAccountInput } from '#shared/settings.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Dialog, DialogContent } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { PasswordInput } from '#web/components/ui/password-input.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { useSession } from '#web/lib/session.ts';
import { notify } from '#web/lib/toast.ts';
import { useDeleteAccount } from './queries.ts';

function DeleteAccountForm({ agencyName, onCancel }: { agencyName: string; onCancel: () => void }) {
  const navigate = useNavigate();
  const remove = useDeleteAccount();
  const form = useForm<DeleteAccountInput>({ resolver: zodResolver(deleteAccountSchema), defaultValues: { password: '', agency_name: '' } });
  const { register, formState, setError } = form;
  const showServerErrors = useServerFieldErrors(form.setError);
  const onSubmit = form.handleSubmit((values) => {
    // the server checks it too; saying so here spares a password check
    if (values.agency_name.trim() !== agencyName) {
      setError('agency_name', { message: USER_SETTINGS_TEXT.wrongAgencyName });
      return;
    }
    remove.mutate(values, {
      onSuccess: () => {
        notify.success(USER_SETTINGS_TEXT.accountDeleted);
        void navigate('/', { replace: true });
      },
      onError: (err) => {
        showServerErrors(err);
        notify.error('Failed to delete your account', errorMessage(err));
      },
    });
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
        Want a copy first?{' '}
        <Link to="/dashboard/export" className="font-medium underline">
          Export your agency's data
        </Link>{' '}
        before you delete it.
      </p>
      <FormField label={<>Type <strong className="font-semibold">{agencyName}</strong> to confirm</>} error={formState.errors.agency_name?.message}>
        <Input autoComplete="off" spellCheck={false} {...register('agency_name')} />
      </FormField>
      <FormField label="Your password" error={formState.errors.password?.message}>
        <PasswordInput autoComplete="current-password" {...register('password')} />
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="destructive" disabled={remove.isPending}>
          {remove.isPending ? 'Deleting...' : 'Delete my account'}
        </Button>
      </div>
    </form>
  );
}

function DeleteAccountCard() {
  const { data: session } = useSession();
  const [open, setOpen] = useState(false);
  if (!session) return null;
  const isOwner = session.agency.ownerId === session.profile.id;
  return (
    <Card className="border-red-200">
      <CardHeader>
        <CardTitle className="text-red-700">Delete my account</CardTitle>
        <CardDescription>
          Deletes your account and your agency's book: customers, policies, communications, activity, premium payments and files. Members of your
          agency keep their own accounts. This cannot be undone.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {isOwner ? (
          <Dialog open={open} onOpenChange={setOpen}>
            <Button variant="destructive" onClick={() => setOpen(true)}>
              <Trash2 className="h-4 w-4" aria-hidden />
              Delete my account
            </Button>
            <DialogContent title="Delete your account?" description={`This deletes your account and ${session.agency.name} with everything in it.`}>
              <DeleteAccountForm agencyName={session.agency.name} onCancel={() => setOpen(false)} />
            </DialogContent>
          </Dialog>
        ) : (
          <p className="text-sm text-slate-600">{USER_SETTINGS_TEXT.deleteOwnerOnly} Switch to your own agency from the avatar menu to delete your account.</p>
        )}
      </CardContent>
    </Card>
  );
}

export function DataTab() {
  return (
    <div className="space-y-6">
      <Card>
        <CardContent className="flex flex-col gap-3 p-5 sm:flex-row sm:items-center">
          <div className="flex-1">
            <p className="font-medium text-slate-900">Export my agency's data</p>
            <p className="text-sm text-slate-600">Download your customers, policies and payments.</p>
          </div>
          <Button asChild variant="outline">
            <Link to="/dashboard/export">
              <Download className="h-4 w-4" aria-hidden />
              Export my agency's data
            </Link>
          </Button>
        </CardContent>
      </Card>
      <DeleteAccountCard />
    </div>
  );
}
