// Route-level code splitting: each page is its own chunk.
import type { ComponentType } from 'react';

export function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M) {
  return async () => ({ Component: (await load())[name] as ComponentType });
}
