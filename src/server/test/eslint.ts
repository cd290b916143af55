// The project's ESLint, for the tests that prove a lint rule fires (feature-boundaries, lint-rules):
// one instance with the repository's own eslint.config.js (the tests run at the repository root),
// and the lists that config exports.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';

let eslint: ESLint | undefined;

/** The messages of one rule for `source` linted as if it were the file at `filePath`. */
export async function ruleMessages(ruleId: string, filePath: string, source: string): Promise<string[]> {
  eslint ??= new ESLint();
  const [result] = await eslint.lintText(source, { filePath });
  return result.messages.filter((m) => m.ruleId === ruleId).map((m) => m.message);
}

/** What eslint.config.js exports beside the config: the pinned allowlists. */
export async function lintConfig(): Promise<{ SERVER_FEATURE_EDGES: Record<string, Record<string, string>>; DB_TYPE_ALLOWLIST: string[] }> {
  return (await import(pathToFileURL(path.resolve('eslint.config.js')).href)) as Awaited<ReturnType<typeof lintConfig>>;
}
