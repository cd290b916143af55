import { Controller, type FieldErrors, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { AUTH_TEXT } from '#shared/auth.ts';
import { notify } from '#web/lib/toast.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { PasswordInput } from '#web/components/ui/password-input.tsx';

interface NewAccountPart {
  password: string;
  confirmPassword: string;
  termsAccepted: boolean;
}

/**
 * The end of both sign-up forms (a new agency's and an invited member's): the password twice, the
 * terms to accept and the submit button. A field's error clears as soon as it is typed in again.
 */
export function NewAccountFields<T extends FieldValues>({ form }: { form: UseFormReturn<T, unknown, any> }) {
  const { register, control, clearErrors, formState } = form;
  const errors = formState.errors as FieldErrors<NewAccountPart>;
  const name = (field: keyof NewAccountPart) => field as string as Path<T>;
  const clearOnType = (field: keyof NewAccountPart) => ({ onChange: () => clearErrors(name(field)) });
  return (
    <>
      <FormField label="Password" error={errors.password?.message} hint="At least 8 characters.">
        <PasswordInput autoComplete="new-password" {...register(name('password'), clearOnType('password'))} />
      </FormField>
      <FormField label="Confirm password" error={errors.confirmPassword?.message}>
        <PasswordInput autoComplete="new-password" {...register(name('confirmPassword'), clearOnType('confirmPassword'))} />
      </FormField>
      <div>
        <label className="flex items-start gap-2 text-sm text-slate-700">
          <Controller
            control={control}
            name={name('termsAccepted')}
            render={({ field }) => (
              <Checkbox
                className="mt-0.5"
                checked={field.value === true}
                aria-invalid={errors.termsAccepted ? true : undefined}
                onCheckedChange={(v) => {
                  field.onChange(v === true);
                  clearErrors(name('termsAccepted'));
                }}
              />
            )}
          />
          <span>I accept the terms and conditions and the privacy policy.</span>
        </label>
        {errors.termsAccepted?.message ? (
          <p role="alert" className="mt-1 text-sm text-red-600">
            {errors.termsAccepted.message}
          </p>
        ) : null}
      </div>
      <Button type="submit" className="w-full" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Creating account...' : 'Create Account'}
      </Button>
    </>
  );
}

/** A sign-up form's answer to input its schema refused: the first field's message in a toast. */
export function notifyInvalidSignUp(errs: FieldErrors) {
  const first = Object.values(errs)[0]?.message;
  notify.error(AUTH_TEXT.registrationErrorTitle, typeof first === 'string' ? first : AUTH_TEXT.correctFields);
}
