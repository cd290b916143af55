// A lazily loaded page behind its feature's gate (the page's chunk and the guards load together; the gate decides).
import type { ComponentType } from 'react';
import type { Feature } from '#shared/features.ts';
import { lazyComponent, type RoutePreload } from './lazy.ts';

export function gated<M extends Record<string, unknown>>(feature: Feature, load: () => Promise<M>, name: keyof M) {
  const { Component, preload } = lazyComponent(
    () => Promise.all([load(), import('./guards.tsx')]),
    ([module, { FeatureGate }]) => {
      const Page = module[name] as ComponentType;
      return function GatedPage() {
        return (
          <FeatureGate feature={feature}>
            <Page />
          </FeatureGate>
        );
      };
    },
  );
  return { element: <Component />, handle: { preload } satisfies RoutePreload };
}
