// Every runtime dependency must run on every Node version the package promises: a dependency whose
// `engines` leaves out part of our range makes `npm install` warn (EBADENGINE) on a fresh machine and
// may break there at run time (file-type 22 asked for Node 22 while CI's main run is on Node 20).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

interface Manifest {
  name: string;
  version: string;
  engines?: { node?: string };
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

/** Where Node would load `name` from when `from` imports it: the nearest node_modules up the tree. */
function resolvePackage(from: string, name: string): string | null {
  for (let dir = from; dir.startsWith(root); dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (dir === root) break;
  }
  return null;
}

/**
 * The installed packages a production install needs: the root's dependencies and, recursively, theirs
 * (optional ones when installed here, i.e. for this platform; peers unless marked optional, since an
 * optional peer such as better-auth's vitest is installed only by our dev tree).
 */
function runtimePackages(): Map<string, Manifest> {
  const found = new Map<string, Manifest>();
  const visit = (dir: string, manifest: Manifest) => {
    const peers = Object.keys(manifest.peerDependencies ?? {}).filter((name) => !manifest.peerDependenciesMeta?.[name]?.optional);
    const names = [...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.optionalDependencies ?? {}), ...peers];
    for (const name of names) {
      const at = resolvePackage(dir, name);
      if (!at || found.has(at)) continue;
      const dep = readJson<Manifest>(path.join(at, 'package.json'));
      found.set(at, dep);
      visit(at, dep);
    }
  };
  visit(root, readJson<Manifest>(path.join(root, 'package.json')));
  return found;
}

/** A dependency's node range leaves out part of ours (no range means any version). */
function excludesPart(ours: string, theirs: string | undefined): boolean {
  return theirs !== undefined && !semver.subset(ours, theirs);
}

describe('engines', () => {
  it('tells a range that leaves out part of ours from one that covers it', () => {
    expect(excludesPart('^20.19.0 || >=22.12.0', '>=22')).toBe(true);
    expect(excludesPart('^20.19.0 || >=22.12.0', '>=20')).toBe(false);
    expect(excludesPart('^20.19.0 || >=22.12.0', '^20.0.0 || >=22.0.0')).toBe(false);
    expect(excludesPart('>=20.19', '^20.0.0 || >=22.0.0')).toBe(true);
    expect(excludesPart('>=20.19', undefined)).toBe(false);
  });

  it("every installed runtime dependency supports the package's whole Node range", () => {
    const pkg = readJson<{ engines: { node: string } }>(path.join(root, 'package.json'));
    const ours = pkg.engines.node;
    expect(semver.validRange(ours)).not.toBeNull();
    const offenders: string[] = [];
    let checked = 0;
    for (const dep of runtimePackages().values()) {
      checked += 1;
      if (excludesPart(ours, dep.engines?.node)) offenders.push(`${dep.name}@${dep.version} wants node ${dep.engines?.node}`);
    }
    expect(checked).toBeGreaterThan(50);
    expect(offenders, `runtime dependencies outside engines.node "${ours}"`).toEqual([]);
  });
});
