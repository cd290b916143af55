import { useEffect, useState } from 'react';
import { Search } from 'lucide-react';
import { Input } from '../ui/input.tsx';
import { useDebounced } from '#web/lib/use-debounced.ts';

/** The list's search box: typing is debounced, then written to the list's query (the URL). */
export function ListSearch({
  value,
  onSearch,
  label,
  placeholder,
  id,
  className,
}: {
  value: string;
  onSearch: (search: string) => void;
  label: string;
  placeholder: string;
  id?: string;
  className?: string;
}) {
  const [text, setText] = useState(value);
  // the URL changed under the box (a link to the bare list while on it): show what is searched
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if (value !== text.trim()) setText(value);
  }
  const settled = useDebounced(text.trim());
  useEffect(() => {
    if (settled !== value) onSearch(settled);
    // only a settled edit writes, never a change of value from outside
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);
  return (
    <div className={className ?? 'relative flex-1'}>
      <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden />
      <Input id={id} type="search" aria-label={label} placeholder={placeholder} className="pl-9" value={text} onChange={(e) => setText(e.target.value)} />
    </div>
  );
}
