import type { HTMLAttributes } from 'react';
import { cn } from '#web/lib/cn.ts';

const tones = {
  gray: 'bg-slate-100 text-slate-700 ring-slate-200',
  blue: 'bg-blue-100 text-blue-800 ring-blue-200',
  purple: 'bg-purple-100 text-purple-800 ring-purple-200',
  yellow: 'bg-yellow-100 text-yellow-800 ring-yellow-200',
  gold: 'bg-yellow-400 text-yellow-950 font-bold ring-yellow-500',
  green: 'bg-green-100 text-green-800 ring-green-200',
  orange: 'bg-orange-100 text-orange-800 ring-orange-200',
  red: 'bg-red-100 text-red-800 ring-red-200',
} as const;

export type BadgeTone = keyof typeof tones;

export function Badge({ tone = 'gray', className, ...props }: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  return (
    <span
      className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset', tones[tone], className)}
      {...props}
    />
  );
}
