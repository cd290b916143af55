// A small accessible menu button for the public header (no menu library in the first load, issue 17):
// the trigger toggles a role="menu" panel; opening focuses the first item; ArrowUp/ArrowDown/Home/End
// move between items; Escape closes and returns focus to the trigger; Tab, a click outside, choosing
// an item or a route change close it.
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';

interface MenuButtonProps {
  /** the trigger's content */
  label: ReactNode;
  /** the trigger's accessible name, when its content is not enough */
  ariaLabel?: string;
  triggerClassName?: string;
  panelClassName?: string;
  align?: 'start' | 'end';
  /** content above the items (not focusable), e.g. the signed-in user's name */
  header?: ReactNode;
  /** the items; render each with role="menuitem" (menuItemClass helps) and call close() when chosen */
  children: (close: () => void) => ReactNode;
}

export const menuItemClass =
  'flex w-full cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-left text-sm text-slate-800 outline-none hover:bg-slate-100 focus:bg-slate-100 disabled:pointer-events-none disabled:opacity-50';

function items(panel: HTMLElement | null): HTMLElement[] {
  return panel ? Array.from(panel.querySelectorAll<HTMLElement>('[role="menuitem"]:not([disabled])')) : [];
}

export function MenuButton({ label, ariaLabel, triggerClassName, panelClassName, align = 'start', header, children }: MenuButtonProps) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const id = useId();
  const trigger = useRef<HTMLButtonElement>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  const close = (returnFocus = false) => {
    setOpen(false);
    if (returnFocus) trigger.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    items(panel.current)[0]?.focus();
    const onPointer = (e: PointerEvent) => {
      if (!wrapper.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const list = items(panel.current);
    const at = list.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      e.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    if (e.key === 'Escape') {
      e.preventDefault();
      close(true);
    } else if (e.key === 'ArrowDown') move(at + 1);
    else if (e.key === 'ArrowUp') move(at - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(list.length - 1);
    else if (e.key === 'Tab') setOpen(false);
  };

  return (
    <div ref={wrapper} className="relative">
      <button
        ref={trigger}
        id={`${id}-trigger`}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        aria-label={ariaLabel}
        data-state={open ? 'open' : 'closed'}
        className={triggerClassName}
        // pre-rendered pages: inert until React can open the menu (a click before that was lost)
        disabled={!hydrated}
        onClick={() => setOpen((v) => !v)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        {label}
      </button>
      {open ? (
        <div
          ref={panel}
          onKeyDown={onKeyDown}
          className={cn(
            'absolute top-full z-50 mt-1.5 min-w-44 rounded-md border border-slate-200 bg-white p-1 shadow-lg',
            align === 'end' ? 'right-0' : 'left-0',
            panelClassName,
          )}
        >
          {header}
          <div role="menu" id={id} aria-labelledby={`${id}-trigger`}>
            {children(() => close(false))}
          </div>
        </div>
      ) : null}
    </div>
  );
}
