// /dashboard/white-label (Enterprise): the agency's display name, logo, primary colour and support
// contacts, with a live preview of the unsaved values; the owner or an agency admin edits, others read.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { RotateCcw, Trash2, Upload } from 'lucide-react';
import {
  BRANDING_TEXT,
  brandingSchema,
  DEFAULT_BRAND,
  LOGO_MAX_BYTES,
  normalizeHex,
  type BrandingInput,
  type BrandingSettings,
  type BrandingValues,
} from '#shared/branding.ts';
import { PageHeader } from '#web/components/page-header.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { ConfirmDialog } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { useServerFieldErrors } from '#web/lib/server-field-errors.ts';
import { useSession } from '#web/lib/session.ts';
import { notify } from '#web/lib/toast.ts';
import { BrandPreview, ContrastNote } from './brand-preview.tsx';
import { useBranding, useRemoveLogo, useResetBranding, useSaveBranding, useUploadLogo } from './queries.ts';

const HEX = /^#[0-9a-f]{6}$/;
const LOGO_ACCEPT = 'image/png,image/jpeg,image/svg+xml,.png,.jpg,.jpeg,.svg';

const formValues = (b: BrandingSettings, agencyName: string): BrandingInput => ({
  display_name: b.display_name ?? agencyName,
  primary_color: b.primary_color ?? DEFAULT_BRAND.color,
  support_email: b.support_email ?? '',
  support_phone: b.support_phone ?? '',
});

/** The first check of a chosen logo, in the browser; the server decides by the bytes. */
function logoProblem(file: File): string | null {
  if (!/\.(png|jpe?g|svg)$/i.test(file.name) && !['image/png', 'image/jpeg', 'image/svg+xml'].includes(file.type)) return BRANDING_TEXT.logoInvalid;
  if (file.size > LOGO_MAX_BYTES) return BRANDING_TEXT.logoTooLarge;
  return null;
}

function BrandingForm({ branding, agencyName }: { branding: BrandingSettings; agencyName: string }) {
  const save = useSaveBranding();
  const upload = useUploadLogo();
  const removeLogo = useRemoveLogo();
  const reset = useResetBranding();
  const [confirmReset, setConfirmReset] = useState(false);
  const [logo, setLogo] = useState<{ file: File; url: string } | null>(null);
  const [logoError, setLogoError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const form = useForm<BrandingInput, unknown, BrandingValues>({
    resolver: zodResolver(brandingSchema),
    defaultValues: formValues(branding, agencyName),
    mode: 'onChange',
  });
  const { register, formState, control, setValue } = form;
  const showServerErrors = useServerFieldErrors(form.setError);
  const readOnly = !branding.can_edit;
  const pending = save.isPending || upload.isPending;

  useEffect(() => () => (logo ? URL.revokeObjectURL(logo.url) : undefined), [logo]);

  const watched = useWatch({ control });
  const typedColor = normalizeHex(String(watched.primary_color ?? ''));
  // the preview keeps the last valid colour while the field holds a half-typed one
  const [lastValid, setLastValid] = useState(() => String(formValues(branding, agencyName).primary_color));
  if (HEX.test(typedColor) && typedColor !== lastValid) setLastValid(typedColor);
  const preview = useMemo(
    () => ({
      name: String(watched.display_name ?? ''),
      color: lastValid,
      logoUrl: logo?.url ?? branding.logo_url,
      supportEmail: String(watched.support_email ?? '').trim() || null,
    }),
    [watched.display_name, watched.support_email, lastValid, logo, branding.logo_url],
  );

  const chooseLogo = (file: File | undefined) => {
    if (!file) return;
    const problem = logoProblem(file);
    setLogoError(problem);
    if (problem) return;
    setLogo({ file, url: URL.createObjectURL(file) });
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      if (logo) {
        try {
          await upload.mutateAsync(logo.file);
          setLogo(null);
          if (fileInput.current) fileInput.current.value = '';
        } catch (err) {
          setLogoError(errorMessage(err));
          throw err;
        }
      }
      const data = await save.mutateAsync(values);
      form.reset(formValues(data.branding, agencyName));
      notify.success(BRANDING_TEXT.saved);
    } catch (err) {
      showServerErrors(err);
      notify.error('Failed to save the brand', errorMessage(err));
    }
  });

  const onRemoveLogo = () => {
    if (logo) {
      setLogo(null);
      if (fileInput.current) fileInput.current.value = '';
      return;
    }
    removeLogo.mutate(undefined, {
      onSuccess: () => notify.success(BRANDING_TEXT.logoRemoved),
      onError: (err) => notify.error('Failed to remove the logo', errorMessage(err)),
    });
  };

  const onReset = () =>
    reset.mutate(undefined, {
      onSuccess: (data) => {
        setConfirmReset(false);
        setLogo(null);
        setLogoError(null);
        form.reset(formValues(data.branding, agencyName));
        notify.success(BRANDING_TEXT.reset);
      },
      onError: (err) => notify.error('Failed to reset the brand', errorMessage(err)),
    });

  const colorValue = HEX.test(typedColor) ? typedColor : lastValid;
  const shownLogo = logo?.url ?? branding.logo_url;

  return (
    <>
      <PageHeader
        title={BRANDING_TEXT.title}
        description={BRANDING_TEXT.intro}
        actions={
          readOnly ? null : (
            <Button variant="outline" onClick={() => setConfirmReset(true)}>
              <RotateCcw className="h-4 w-4" aria-hidden /> Reset to default
            </Button>
          )
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
        <Card>
          <form onSubmit={onSubmit} noValidate className="space-y-5 p-5">
            {readOnly ? (
              <p className="rounded-md bg-slate-50 p-3 text-sm text-slate-700" role="note">
                {BRANDING_TEXT.editDenied}
              </p>
            ) : null}
            <fieldset disabled={readOnly} className="grid gap-5 sm:grid-cols-2">
              <legend className="sr-only">Brand</legend>
              <FormField label="Display name" required className="sm:col-span-2" hint="Shown in the dashboard, on printouts and as the sender of your e-mails." error={formState.errors.display_name?.message}>
                <Input autoComplete="organization" {...register('display_name')} />
              </FormField>
              <div className="space-y-1.5 sm:col-span-2">
                <FormField label="Primary colour" required hint="Buttons and highlights use it with white text, so it must be dark enough to read." error={formState.errors.primary_color?.message}>
                  <Input className="max-w-40 font-mono" spellCheck={false} placeholder="#1d4ed8" {...register('primary_color')} />
                </FormField>
                <div className="flex items-center gap-3">
                  <label className="flex items-center gap-2 text-sm text-slate-700">
                    <input
                      type="color"
                      className="h-9 w-14 cursor-pointer rounded border border-slate-300 bg-white p-0.5"
                      value={colorValue}
                      onChange={(e) => setValue('primary_color', e.target.value, { shouldValidate: true, shouldDirty: true })}
                    />
                    Pick a colour
                  </label>
                </div>
                <ContrastNote color={HEX.test(typedColor) ? typedColor : null} />
              </div>
              <div className="space-y-2 sm:col-span-2">
                <FormField label="Logo" hint="PNG, JPEG or SVG, at most 1 MB. SVG files are converted to an image." error={logoError ?? undefined}>
                  <input
                    ref={fileInput}
                    type="file"
                    accept={LOGO_ACCEPT}
                    className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-900 hover:file:bg-slate-200"
                    onChange={(e) => chooseLogo(e.target.files?.[0])}
                  />
                </FormField>
                {shownLogo ? (
                  <div className="flex flex-wrap items-center gap-3 rounded-md border border-slate-200 p-3">
                    <img src={shownLogo} alt="Logo" className="h-10 w-auto max-w-[10rem] object-contain" />
                    <span className="text-xs text-slate-500">{logo ? `${logo.file.name} — saved when you save` : 'Current logo'}</span>
                    <Button variant="ghost" size="sm" className="ml-auto" onClick={onRemoveLogo} disabled={removeLogo.isPending}>
                      <Trash2 className="h-4 w-4" aria-hidden /> {logo ? 'Clear' : 'Remove logo'}
                    </Button>
                  </div>
                ) : null}
              </div>
              <FormField label="Support e-mail" hint="Replies to your e-mails go here." error={formState.errors.support_email?.message}>
                <Input type="email" autoComplete="email" {...register('support_email')} />
              </FormField>
              <FormField label="Support phone" error={formState.errors.support_phone?.message}>
                <Input type="tel" autoComplete="tel" {...register('support_phone')} />
              </FormField>
            </fieldset>
            {readOnly ? null : (
              <Button type="submit" disabled={pending}>
                <Upload className="h-4 w-4" aria-hidden /> {pending ? 'Saving...' : 'Save brand'}
              </Button>
            )}
          </form>
        </Card>
        <Card className="p-5">
          <h2 className="mb-1 text-base font-semibold text-slate-900">Live preview</h2>
          <p className="mb-4 text-xs text-slate-500">Updates as you type; nothing changes for your team until you save.</p>
          <BrandPreview brand={preview} />
        </Card>
      </div>
      <ConfirmDialog
        open={confirmReset}
        onOpenChange={setConfirmReset}
        title={BRANDING_TEXT.resetConfirmTitle}
        description={BRANDING_TEXT.resetConfirm}
        confirmLabel="Reset to default"
        onConfirm={onReset}
        pending={reset.isPending}
      />
    </>
  );
}

export function WhiteLabelPage() {
  const query = useBranding();
  const { data: session } = useSession();
  const agencyName = session?.agency?.name ?? '';
  if (query.isPending)
    return (
      <div className="flex justify-center py-12">
        <Spinner label="Loading your brand" />
      </div>
    );
  if (query.isError)
    return (
      <div role="alert" className="space-y-3 p-6 text-sm text-red-700">
        <p>Error loading the white label settings: {errorMessage(query.error)}</p>
        <Button variant="outline" size="sm" onClick={() => query.refetch()}>
          Try again
        </Button>
      </div>
    );
  return <BrandingForm branding={query.data.branding} agencyName={agencyName} />;
}
