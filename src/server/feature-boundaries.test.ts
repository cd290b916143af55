// Issue 28 §2: a server feature never imports another (eslint.config.js). The rule fires on a
// violation (fixtures linted as if they sat in a feature), lets a feature import itself, the entity
// modules, the platform and src/shared; the entity modules and the platform never import a feature
// (decision 063); and no feature imports another.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintConfig, ruleMessages } from './test/eslint.ts';

const flagged = (filePath: string, source: string) => ruleMessages('no-restricted-imports', filePath, source);

describe('server feature boundaries (lint)', () => {
  it('refuses an import of another feature: relative, through the alias, and from a nested folder', async () => {
    const policies = 'src/server/features/policies/fixture.ts';
    expect(await flagged(policies, "import { logActivity } from '../activity/service.ts';\nexport const f = logActivity;\n")).toEqual([
      expect.stringContaining('A server feature may not import another (src/server/features/policies)'),
    ]);
    expect(await flagged('src/server/features/tasks/fixture.ts', "import { notify } from '#server/features/notifications/service.ts';\nexport const f = notify;\n")).toHaveLength(1);
    expect(await flagged('src/server/features/api/v1/fixture.ts', "import { emitEvent } from '#server/features/webhooks/events.ts';\nexport const f = emitEvent;\n")).toHaveLength(1);
    // the features' own wiring is not a feature: a feature may not reach it either
    expect(await flagged('src/server/features/team/fixture.ts', "import { wireSubscribers } from '../subscribers.ts';\nexport const f = wireSubscribers;\n")).toHaveLength(1);
  }, 60_000);

  it('allows its own files, the entity modules, the platform and src/shared', async () => {
    const source = [
      "import { emit } from '#server/platform/events.ts';",
      "import type { DomainEvent } from '#shared/events.ts';",
      "import { readBoard } from './board.ts';",
      "import { customerSearch } from '#server/entities/customers.ts';",
      'export const f = [emit, readBoard, customerSearch] as unknown as DomainEvent;',
    ].join('\n');
    expect(await flagged('src/server/features/pipeline/fixture.ts', `${source}\n`)).toEqual([]);
    // the edge the customers page once lent the pipeline is refused now that the allowlist is empty
    expect(await flagged('src/server/features/pipeline/fixture.ts', "import { customerSearch } from '../customers/routes.ts';\nexport const f = customerSearch;\n")).toHaveLength(1);
    // from a nested folder ../ is the feature itself
    expect(await flagged('src/server/features/api/v1/fixture.ts', "import { loadKeyActor } from '../authenticate.ts';\nexport const f = loadKeyActor;\n")).toEqual([]);
  }, 60_000);

  it('refuses a feature import in an entity module or the platform', async () => {
    const message = expect.stringContaining('never import a feature (decision 063)');
    expect(await flagged('src/server/entities/fixture.ts', "import { readBoard } from '#server/features/pipeline/board.ts';\nexport const f = readBoard;\n")).toEqual([message]);
    expect(await flagged('src/server/entities/policies/fixture.ts', "import { readBoard } from '../../server/features/pipeline/board.ts';\nexport const f = readBoard;\n")).not.toEqual([]);
    expect(await flagged('src/server/platform/fixture.ts', "import { readBoard } from '../features/pipeline/board.ts';\nexport const f = readBoard;\n")).toEqual([message]);
    expect(await flagged('src/server/entities/policies/fixture.ts', "import { insertCustomer } from '../customers.ts';\nimport { emit } from '#server/platform/events.ts';\nexport const f = [insertCustomer, emit];\n")).toEqual([]);
  }, 60_000);

  it('has no feature → feature edge, and names in its allowlist only edges the code still has', async () => {
    const { SERVER_FEATURE_EDGES } = await lintConfig();
    const root = 'src/server/features';
    const walk = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const p = path.join(dir, name);
        return statSync(p).isDirectory() ? walk(p) : p.endsWith('.ts') && !p.endsWith('.test.ts') ? [p] : [];
      });
    const edges = new Set<string>();
    for (const file of walk(root)) {
      const [own, ...rest] = path.relative(root, file).split(path.sep);
      // features/index.ts and subscribers.ts wire the features together: they are not one
      if (!rest.length) continue;
      for (const [, spec] of readFileSync(file, 'utf8').matchAll(/from '([^']+)'/g)) {
        const target = spec.startsWith('#server/') ? path.join('src/server', spec.slice('#server/'.length)) : spec.startsWith('.') ? path.join(path.dirname(file), spec) : null;
        const other = target && path.relative(root, target).split(path.sep);
        if (other && other.length > 1 && other[0] !== '..' && other[0] !== own) edges.add(`${own} -> ${other[0]}`);
      }
    }
    const allowed = Object.entries(SERVER_FEATURE_EDGES).flatMap(([from, to]) => Object.keys(to).map((x) => `${from} -> ${x}`));
    expect(allowed.filter((edge) => !edges.has(edge)), 'allowlisted edges the code no longer has: remove them from eslint.config.js').toEqual([]);
    expect([...edges].filter((edge) => !allowed.includes(edge)), 'a feature imports another: share through src/server/entities or the platform, or emit an event').toEqual([]);
    // none of these may come back: features talk to them through domain events
    expect([...edges].filter((e) => /-> (activity|webhooks|notifications|audit)$/.test(e) && e !== 'renewals -> notifications')).toEqual([]);
  });
});
