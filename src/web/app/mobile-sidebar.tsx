// The phone drawer, loaded after the first screen (issue 33: Radix dialog is not needed to paint a page).
import { Dialog as DialogPrimitive } from 'radix-ui';
import { X } from 'lucide-react';
import type { Session } from '../lib/session.ts';
import { SidebarNav } from '../features/shell/sidebar.tsx';
import { Brand, SidebarFooter } from './shell-parts.tsx';

/** The phone drawer: the same sidebar in a modal panel (Radix: focus trap, Escape closes). */
export function MobileSidebar({ session, open, onOpenChange }: { session: Session; open: boolean; onOpenChange: (o: boolean) => void }) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-900/50 lg:hidden" />
        <DialogPrimitive.Content className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-white shadow-xl lg:hidden">
          <div className="flex h-16 items-center justify-between border-b border-slate-200 px-4">
            <DialogPrimitive.Title asChild>
              <div>
                <Brand />
              </div>
            </DialogPrimitive.Title>
            <DialogPrimitive.Description className="sr-only">Dashboard navigation</DialogPrimitive.Description>
            <DialogPrimitive.Close className="rounded-md p-2 text-slate-600 hover:bg-slate-100" aria-label="Close navigation">
              <X className="h-5 w-5" aria-hidden />
            </DialogPrimitive.Close>
          </div>
          <SidebarNav session={session} onNavigate={() => onOpenChange(false)} />
          <SidebarFooter session={session} />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
