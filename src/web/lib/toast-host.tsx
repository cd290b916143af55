// The toaster, mounted on the first toast (see toast.ts): sonner stays out of the first load.
import { useEffect, useState } from 'react';
import { onToasterWanted, TOAST_MS, toasterMounted } from './toast.ts';

type Sonner = typeof import('sonner');

export function ToastHost() {
  const [mod, setMod] = useState<Sonner | null>(null);
  useEffect(() => onToasterWanted((m) => setMod(() => m)), []);
  // the Toaster (a child) subscribes in its own effect, which runs before this one
  useEffect(() => {
    if (mod) toasterMounted(mod);
  }, [mod]);
  if (!mod) return null;
  const { Toaster } = mod;
  return <Toaster position="top-right" visibleToasts={1} duration={TOAST_MS} richColors closeButton />;
}
