import { Tabs as Primitive } from 'radix-ui';
import type { ComponentPropsWithoutRef } from 'react';
import { cn } from '#web/lib/cn.ts';

export const Tabs = Primitive.Root;

export function TabsList({ className, ...props }: ComponentPropsWithoutRef<typeof Primitive.List>) {
  return <Primitive.List className={cn('inline-flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1', className)} {...props} />;
}

export function TabsTrigger({ className, ...props }: ComponentPropsWithoutRef<typeof Primitive.Trigger>) {
  return (
    <Primitive.Trigger
      className={cn(
        'rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentPropsWithoutRef<typeof Primitive.Content>) {
  return <Primitive.Content className={cn('mt-4', className)} {...props} />;
}
