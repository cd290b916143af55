// /dashboard/customers/new and /dashboard/customers/:id/edit (agency.md §2, §5).
import { Link, useNavigate, useParams } from 'react-router';
import { useForm, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CUSTOMER_TEXT, customerInputSchema, DOB_MIN_YEAR, type Customer, type CustomerInput, type CustomerValues } from '#shared/customers.ts';
import { todayIso } from '#shared/money.ts';
import { atLimit } from '#shared/usage.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input, Select, Textarea } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { ApiError, errorMessage } from '#web/lib/api.ts';
import { notify } from '#web/lib/toast.ts';
import { useServerFieldErrors } from '#web/lib/server-field-errors.ts';
import { PageHeader } from '#web/components/page-header.tsx';
import { useUsage } from '#web/lib/book.ts';
import { useCustomer, useSaveCustomer } from '#web/lib/customers.ts';

type FormValues = { [K in keyof CustomerInput]-?: string };

function toForm(c?: Customer): FormValues {
  return {
    name: c?.name ?? '',
    email: c?.email ?? '',
    phone: c?.phone ?? '',
    address: c?.address ?? '',
    city: c?.city ?? '',
    postal_code: c?.postal_code ?? '',
    date_of_birth: c?.date_of_birth ?? '',
    customer_type: c?.customer_type ?? 'individual',
    notes: c?.notes ?? '',
  };
}

function CustomerForm({ customer, limitReached }: { customer?: Customer; limitReached: boolean }) {
  const navigate = useNavigate();
  const save = useSaveCustomer(customer?.id);
  const form = useForm<FormValues, unknown, CustomerValues>({
    resolver: zodResolver(customerInputSchema) as never,
    defaultValues: toForm(customer),
    reValidateMode: 'onSubmit',
  });
  const { register, formState, clearErrors, setError } = form;
  const errors = formState.errors;
  const showServerErrors = useServerFieldErrors(setError);
  const field = (name: Path<FormValues>) => register(name, { onChange: () => clearErrors(name) });
  const blocked = limitReached && !customer;

  const onSubmit = form.handleSubmit(
    (values) =>
      save.mutate(values, {
        onSuccess: (saved) => {
          notify.success('Success', customer ? CUSTOMER_TEXT.updated : CUSTOMER_TEXT.created);
          navigate(`/dashboard/customers/${saved.id}`);
        },
        onError: (err) => {
          if (err instanceof ApiError && err.code === 'DUPLICATE_CUSTOMER') {
            setError('email', { message: CUSTOMER_TEXT.duplicate });
            return notify.error(CUSTOMER_TEXT.duplicateTitle, CUSTOMER_TEXT.duplicate);
          }
          if (err instanceof ApiError && err.code === 'CUSTOMER_LIMIT_REACHED') return notify.error(CUSTOMER_TEXT.limitTitle, CUSTOMER_TEXT.limitMessage);
          showServerErrors(err);
          notify.error('Error', errorMessage(err));
        },
      }),
    () => notify.error(CUSTOMER_TEXT.validationTitle, CUSTOMER_TEXT.correctFields),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>Personal Information</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <FormField label="Full Name" required error={errors.name?.message}>
            <Input autoComplete="off" {...field('name')} />
          </FormField>
          <FormField label="Email" required error={errors.email?.message}>
            <Input type="email" autoComplete="off" {...field('email')} />
          </FormField>
          <FormField label="Phone" error={errors.phone?.message}>
            <Input type="tel" autoComplete="off" {...field('phone')} />
          </FormField>
          <FormField label="Date of Birth" error={errors.date_of_birth?.message} hint={`Between ${DOB_MIN_YEAR} and this year.`}>
            <Input type="date" min={`${DOB_MIN_YEAR}-01-01`} max={todayIso()} {...field('date_of_birth')} />
          </FormField>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Address Information</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <FormField label="Street Address" className="sm:col-span-2" error={errors.address?.message}>
            <Input autoComplete="off" {...field('address')} />
          </FormField>
          <FormField label="City" error={errors.city?.message}>
            <Input autoComplete="off" {...field('city')} />
          </FormField>
          <FormField label="Postal Code" error={errors.postal_code?.message}>
            <Input autoComplete="off" {...field('postal_code')} />
          </FormField>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Additional Information</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <FormField label="Customer Type" error={errors.customer_type?.message} className="sm:max-w-xs">
            <Select {...field('customer_type')}>
              <option value="individual">Individual</option>
              <option value="business">Business</option>
            </Select>
          </FormField>
          <FormField label="Notes" error={errors.notes?.message}>
            <Textarea rows={4} {...field('notes')} />
          </FormField>
        </CardContent>
      </Card>
      {blocked ? (
        <p role="status" className="rounded-md border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900">
          {CUSTOMER_TEXT.limitText}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" asChild>
          <Link to="/dashboard/customers">Cancel</Link>
        </Button>
        <Button type="submit" disabled={blocked || save.isPending}>
          {blocked ? CUSTOMER_TEXT.limitButton : save.isPending ? 'Saving...' : customer ? 'Update Customer' : 'Create Customer'}
        </Button>
      </div>
    </form>
  );
}

export function NewCustomerPage() {
  const usage = useUsage();
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title="Add New Customer" description="Add a person or business to your book." />
      <CustomerForm limitReached={atLimit(usage.data?.customers)} />
    </div>
  );
}

export function EditCustomerPage() {
  const { id = '' } = useParams();
  const customer = useCustomer(id);
  if (customer.isPending) return <Spinner label="Loading customer" />;
  if (customer.isError)
    return (
      <p role="alert" className="text-red-600">
        {CUSTOMER_TEXT.loadError(errorMessage(customer.error))}
      </p>
    );
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title="Edit Customer" description={customer.data.name} />
      <CustomerForm key={customer.data.id} customer={customer.data} limitReached={false} />
    </div>
  );
}
