// Toasts as the spec says: one at a time, 5 s by default (10 s where the spec asks).
import { toast as sonner } from 'sonner';

export const TOAST_MS = 5000;
export const LONG_TOAST_MS = 10_000;

export const NOT_IMPLEMENTED_TITLE = "This feature isn't implemented yet";
export const NOT_IMPLEMENTED_TEXT = "This feature isn't implemented yet—but don't worry! You can request it in your next prompt!";

interface ToastOptions {
  description?: string;
  duration?: number;
}

function show(kind: 'success' | 'error' | 'message', title: string, opts: ToastOptions = {}) {
  sonner.dismiss();
  const fn = kind === 'message' ? sonner : sonner[kind];
  fn(title, { description: opts.description, duration: opts.duration ?? TOAST_MS });
}

export const notify = {
  success: (title: string, description?: string, duration?: number) => show('success', title, { description, duration }),
  error: (title: string, description?: string, duration?: number) => show('error', title, { description, duration }),
  info: (title: string, description?: string, duration?: number) => show('message', title, { description, duration }),
  notImplemented: () => show('message', NOT_IMPLEMENTED_TITLE, { description: NOT_IMPLEMENTED_TEXT }),
};
