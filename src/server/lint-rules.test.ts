// The server's lint rules fire on a violation (fixtures linted through ESLint's Node API, with the
// project's own eslint.config.js): a rule that passes only because nothing breaks it proves nothing.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lintConfig, ruleMessages } from './test/eslint.ts';

const { DB_TYPE_ALLOWLIST } = await lintConfig();
const dbClientMessages = (code: string, filePath: string) => ruleMessages('@typescript-eslint/no-restricted-imports', filePath, code);

describe('features never import the database client (issue 28 §1, decision 046)', () => {
  it('refuses the client, its type and the drivers in a feature file', async () => {
    const file = 'src/server/features/fixture/service.ts';
    for (const code of [
      "import { openPglite } from '#server/db/client.ts';\nexport const o = openPglite;\n",
      "import type { Db } from '#server/db/client.ts';\nexport type D = Db;\n",
      "import type { Db } from '../../db/client.ts';\nexport type D = Db;\n",
      "import pg from 'pg';\nexport const p = pg;\n",
      "import { PGlite } from '@electric-sql/pglite';\nexport const p = PGlite;\n",
    ]) {
      const messages = await dbClientMessages(code, file);
      expect(messages, code).toHaveLength(1);
      expect(messages[0]).toMatch(/Features do not import the database client: take a Connection and use tenant\(connection, actor\)/);
    }
  }, 60_000);

  it('lets a feature take a Connection and a tenant, and leaves tests and the platform alone', async () => {
    const ok = "import { crossAgency, tenant, type Connection } from '#server/tenant.ts';\nexport const f = (c: Connection) => [tenant(c, { agency: { id: 'a' } }), crossAgency(c, 'why')];\n";
    expect(await dbClientMessages(ok, 'src/server/features/fixture/service.ts')).toEqual([]);
    const client = "import type { Db } from '#server/db/client.ts';\nexport type D = Db;\n";
    expect(await dbClientMessages(client, 'src/server/features/fixture/service.test.ts')).toEqual([]);
    expect(await dbClientMessages(client, 'src/server/jobs/fixture.ts')).toEqual([]);
  }, 60_000);

  it('allows the listed files the type only, never the client itself', async () => {
    const listed = DB_TYPE_ALLOWLIST[0];
    expect(await dbClientMessages("import type { Db } from '#server/db/client.ts';\nexport type D = Db;\n", listed)).toEqual([]);
    expect(await dbClientMessages("import { openPglite } from '#server/db/client.ts';\nexport const o = openPglite;\n", listed)).toHaveLength(1);
  }, 60_000);

  it('pins the allowlist to files that still need it, so it only shrinks', () => {
    for (const file of DB_TYPE_ALLOWLIST) {
      expect(readFileSync(file, 'utf8'), `${file} no longer imports the Db type: remove it from DB_TYPE_ALLOWLIST`).toMatch(/import type \{[^}]*\b(Db|Tx)\b[^}]*\} from '#server\/db\/client\.ts'/);
    }
  });
});
