// The lists' selection checkboxes, native: Radix's checkbox and its primitives were about 5 KB gzip
// of a list page's first load (issue 33), as its "Remember me" box was of /login (decision 035). A
// page partly selected shows the native mixed state, which assistive technology reads as such.
import type { InputHTMLAttributes } from 'react';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'checked' | 'onChange' | 'type'> & {
  'aria-label': string;
  checked: boolean | 'indeterminate';
  onCheckedChange: () => void;
};

export function SelectBox({ checked, onCheckedChange, className, ...props }: Props) {
  return (
    <input
      {...props}
      type="checkbox"
      // indeterminate is a property only (no attribute), set on every render
      ref={(box) => {
        if (box) box.indeterminate = checked === 'indeterminate';
      }}
      className={className ?? 'h-4 w-4 shrink-0 cursor-pointer rounded border-slate-400 accent-brand-700'}
      checked={checked === true}
      onChange={() => onCheckedChange()}
    />
  );
}
