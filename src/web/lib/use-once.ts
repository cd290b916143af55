import { useState } from 'react';

/**
 * True from the first render at which `value` is true on: a part loaded on first use (a dialog, the
 * bulk bar) stays mounted afterwards, so it can animate its closing and keep its state (issue 33).
 */
export function useOnce(value: boolean): boolean {
  const [once, setOnce] = useState(value);
  if (value && !once) setOnce(true);
  return once || value;
}
