import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import { AlertDialog as Alert, Dialog as Primitive } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from '#web/lib/cn.ts';
import { Button } from './button.tsx';

const overlay = 'fixed inset-0 z-50 bg-slate-900/50';
const panel =
  'fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl';

export const Dialog = Primitive.Root;
export const DialogTrigger = Primitive.Trigger;
export const DialogClose = Primitive.Close;

export function DialogContent({
  title,
  description,
  children,
  className,
  ...props
}: ComponentPropsWithoutRef<typeof Primitive.Content> & { title: ReactNode; description?: ReactNode }) {
  return (
    <Primitive.Portal>
      <Primitive.Overlay className={overlay} />
      <Primitive.Content className={cn(panel, className)} {...props} aria-describedby={description ? undefined : undefined}>
        <Primitive.Title className="text-lg font-semibold text-slate-900">{title}</Primitive.Title>
        {description ? <Primitive.Description className="mt-1 text-sm text-slate-600">{description}</Primitive.Description> : null}
        <div className="mt-4">{children}</div>
        <Primitive.Close className="absolute right-4 top-4 rounded p-1 text-slate-500 hover:bg-slate-100" aria-label="Close">
          <X className="h-4 w-4" aria-hidden />
        </Primitive.Close>
      </Primitive.Content>
    </Primitive.Portal>
  );
}

/** A confirmation with Cancel and a (usually destructive) action. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  pending,
  destructive = true,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  pending?: boolean;
  destructive?: boolean;
}) {
  return (
    <Alert.Root open={open} onOpenChange={onOpenChange}>
      <Alert.Portal>
        <Alert.Overlay className={overlay} />
        <Alert.Content className={panel}>
          <Alert.Title className="text-lg font-semibold text-slate-900">{title}</Alert.Title>
          <Alert.Description className="mt-2 text-sm text-slate-600">{description}</Alert.Description>
          <div className="mt-6 flex justify-end gap-2">
            <Alert.Cancel asChild>
              <Button variant="outline">Cancel</Button>
            </Alert.Cancel>
            <Button
              variant={destructive ? 'destructive' : 'primary'}
              disabled={pending}
              onClick={(e) => {
                e.preventDefault();
                onConfirm();
              }}
            >
              {confirmLabel}
            </Button>
          </div>
        </Alert.Content>
      </Alert.Portal>
    </Alert.Root>
  );
}
