import { forwardRef, type ComponentPropsWithoutRef, type ElementRef } from 'react';
import { Checkbox as Primitive } from 'radix-ui';
import { Check } from 'lucide-react';
import { cn } from '#web/lib/cn.ts';

export const Checkbox = forwardRef<ElementRef<typeof Primitive.Root>, ComponentPropsWithoutRef<typeof Primitive.Root>>(
  function Checkbox({ className, ...props }, ref) {
    return (
      <Primitive.Root
        ref={ref}
        className={cn(
          'peer h-4 w-4 shrink-0 rounded border border-slate-400 bg-white data-[state=checked]:border-brand-700 data-[state=checked]:bg-brand-700 aria-[invalid=true]:border-red-500',
          className,
        )}
        {...props}
      >
        <Primitive.Indicator className="flex items-center justify-center text-white">
          <Check className="h-3 w-3" strokeWidth={3} aria-hidden />
        </Primitive.Indicator>
      </Primitive.Root>
    );
  },
);
