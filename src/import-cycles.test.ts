// Issue 28: the import graph of src/ has no cycles (imports, re-exports and dynamic import()s, type
// imports included). scripts/import-cycles.ts prints them: `npx tsx scripts/import-cycles.ts`.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles } from '../scripts/import-cycles.ts';

describe('import graph', () => {
  it('has no cycles in src/', () => {
    expect(importCycles()).toEqual([]);
  });

  it('finds a cycle through a lazy import() (fixture)', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cycles-'));
    try {
      writeFileSync(path.join(dir, 'launcher.tsx'), "export const TITLE = 'x';\nexport const load = () => import('./dialog.tsx');\n");
      writeFileSync(path.join(dir, 'dialog.tsx'), "import { TITLE } from './launcher.tsx';\nexport const dialog = TITLE;\n");
      writeFileSync(path.join(dir, 'alone.ts'), "import type { Other } from './types.ts';\nexport const x: Other = 1;\n");
      writeFileSync(path.join(dir, 'types.ts'), 'export type Other = number;\n');
      expect(importCycles({ dir })).toEqual([['dialog.tsx', 'launcher.tsx']]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
