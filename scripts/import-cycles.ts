// The import cycles of src/ (issue 28: the import graph has none). Every import, re-export and
// dynamic import() between source files is an edge (as madge counts them), `import type` ones
// included unless --values. Read with the TypeScript parser only (no type checking), so the whole
// tree takes about a second. `npx tsx scripts/import-cycles.ts [--values]`
// prints each cycle and exits 1 when there is one; src/import-cycles.test.ts runs it in the suite.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ALIASES: Record<string, string> = { '#shared/': 'src/shared/', '#server/': 'src/server/', '#web/': 'src/web/' };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'migrations' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

function resolve(from: string, specifier: string): string | null {
  const alias = Object.keys(ALIASES).find((a) => specifier.startsWith(a));
  const base = alias ? path.join(ROOT, ALIASES[alias], specifier.slice(alias.length)) : specifier.startsWith('.') ? path.resolve(path.dirname(from), specifier) : null;
  if (!base) return null; // a package
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return null;
}

/** The files `file` imports; type-only imports too unless `valuesOnly`. */
function importsOf(file: string, valuesOnly: boolean): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: string[] = [];
  for (const statement of source.statements) {
    let specifier: ts.Expression | undefined;
    let typeOnly = false;
    if (ts.isImportDeclaration(statement)) {
      specifier = statement.moduleSpecifier;
      const clause = statement.importClause;
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : undefined;
      typeOnly = Boolean(clause?.isTypeOnly || (clause && !clause.name && named && named.length > 0 && named.every((e) => e.isTypeOnly)));
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
      specifier = statement.moduleSpecifier;
      typeOnly = statement.isTypeOnly;
    }
    if (!specifier || !ts.isStringLiteral(specifier) || (valuesOnly && typeOnly)) continue;
    const target = resolve(file, specifier.text);
    if (target) out.push(target);
  }
  // import('./x.tsx') anywhere in the file (lazy routes, the palette's chunk)
  const dynamic = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      const target = resolve(file, node.arguments[0].text);
      if (target) out.push(target);
    }
    ts.forEachChild(node, dynamic);
  };
  dynamic(source);
  return out;
}

/** Each strongly connected group of two or more files (or a file importing itself), as paths from the root. */
export function importCycles(options: { valuesOnly?: boolean; dir?: string } = {}): string[][] {
  const files = sourceFiles(options.dir ?? path.join(ROOT, 'src'));
  const edges = new Map(files.map((f) => [f, importsOf(f, options.valuesOnly ?? false)]));
  // Tarjan's algorithm, iterative enough for a tree this size (depth < 100)
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || (edges.get(v) ?? []).includes(v)) groups.push(group.map((f) => path.relative(options.dir ? options.dir : ROOT, f)).sort());
    }
  };
  for (const f of files) if (!index.has(f)) visit(f);
  return groups;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const cycles = importCycles({ valuesOnly: process.argv.includes('--values') });
  for (const group of cycles) console.log(`cycle of ${group.length}:\n  ${group.join('\n  ')}`);
  console.log(cycles.length ? `${cycles.length} import cycle(s)` : 'no import cycles');
  process.exitCode = cycles.length ? 1 : 0;
}
