// Toasts as the spec says: one at a time, 5 s by default (10 s where the spec asks).
// sonner is loaded on the first toast, not with the page (issue 17: public first-load JS): the
// <ToastHost> in the providers mounts its <Toaster> once a toast is asked for, and each toast is
// shown after the Toaster has subscribed, so none is lost.
type Sonner = typeof import('sonner');

export const TOAST_MS = 5000;
export const LONG_TOAST_MS = 10_000;

export const NOT_IMPLEMENTED_TITLE = "This feature isn't implemented yet";
export const NOT_IMPLEMENTED_TEXT = "This feature isn't implemented yet—but don't worry! You can request it in your next prompt!";

interface ToastOptions {
  description?: string;
  duration?: number;
  /** a button in the toast, e.g. Undo; the toast closes when it is pressed */
  action?: ToastAction;
}

export interface ToastAction {
  label: string;
  onClick: () => void;
}

let sonnerModule: Promise<Sonner> | null = null;
let ready: Promise<Sonner> | null = null;
let markReady: ((mod: Sonner) => void) | null = null;
const hostListeners = new Set<(mod: Sonner) => void>();

/** Loads sonner and resolves once a mounted <ToastHost> renders its Toaster (or at once without a host, e.g. in unit tests). */
export function loadToaster(): Promise<Sonner> {
  sonnerModule ??= import('sonner');
  ready ??= new Promise<Sonner>((resolve) => {
    markReady = resolve;
    void sonnerModule!.then((mod) => {
      if (hostListeners.size === 0) resolve(mod);
      else for (const listener of hostListeners) listener(mod);
    });
  });
  return ready;
}

/** For <ToastHost>: called with the module once it should render the Toaster. */
export function onToasterWanted(listener: (mod: Sonner) => void): () => void {
  hostListeners.add(listener);
  if (sonnerModule) void sonnerModule.then(listener);
  return () => hostListeners.delete(listener);
}

/** For <ToastHost>: its Toaster is mounted and subscribed. */
export function toasterMounted(mod: Sonner) {
  markReady?.(mod);
}

function show(kind: 'success' | 'error' | 'message', title: string, opts: ToastOptions = {}) {
  void loadToaster().then(({ toast: sonner }) => {
    sonner.dismiss();
    const fn = kind === 'message' ? sonner : sonner[kind];
    fn(title, { description: opts.description, duration: opts.duration ?? TOAST_MS, action: opts.action });
  });
}

export const notify = {
  success: (title: string, description?: string, duration?: number) => show('success', title, { description, duration }),
  error: (title: string, description?: string, duration?: number) => show('error', title, { description, duration }),
  info: (title: string, description?: string, duration?: number) => show('message', title, { description, duration }),
  /** A success that can be taken back: the toast offers `action` (Undo) and stays 10 s to reach it. */
  successWithAction: (title: string, description: string, action: ToastAction) =>
    show('success', title, { description, action, duration: LONG_TOAST_MS }),
  notImplemented: () => show('message', NOT_IMPLEMENTED_TITLE, { description: NOT_IMPLEMENTED_TEXT }),
};
