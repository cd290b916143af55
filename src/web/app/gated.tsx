// A lazily loaded page behind its feature's gate (the page's chunk loads first; the gate decides).
import type { ComponentType } from 'react';
import type { Feature } from '#shared/features.ts';
import { FeatureGate } from './guards.tsx';

export function gated<M extends Record<string, unknown>>(feature: Feature, load: () => Promise<M>, name: keyof M) {
  return async () => {
    const Page = (await load())[name] as ComponentType;
    return {
      Component: function GatedPage() {
        return (
          <FeatureGate feature={feature}>
            <Page />
          </FeatureGate>
        );
      },
    };
  };
}
