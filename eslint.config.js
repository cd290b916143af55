import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

// Imports that climb two or more folders use the package.json aliases (decision 016).
const DEEP_RELATIVE = { regex: '^\\.\\./\\.\\./', message: 'Use #shared/*, #server/* or #web/* instead of ../../ (scripts/codemod-path-aliases.mjs).' };
const WEB_IMPORT_PATTERNS = [
  DEEP_RELATIVE,
  { group: ['#server/*', '**/server/**', 'node:*'], message: 'The web app never imports server or Node code.' },
];
const WEB_FEATURES = readdirSync(new URL('./src/web/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const SERVER_FEATURES = readdirSync(new URL('./src/server/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/**
 * Issue 28 §2: a server feature never imports another (features talk through the domain events of
 * platform/events.ts, and share through src/server/entities, src/server/platform or src/shared).
 * `from: { to: why, and what would remove it }` named the edges left when the rule came in; the list
 * only shrinks — a new edge is a lint error, not a new line here.
 */
export const SERVER_FEATURE_EDGES = {
  // Empty since the entity modules (src/server/entities, decision 063) took the reads and writes
  // features borrowed (80 edges before the events, 54 before the platform moves, 20 before the
  // entities, 6 from /api/v1 before its last doors moved). A feature that needs another's entity
  // imports #server/entities/*.
};

/** The import specifiers of a feature that reach another feature not in its allowlist. */
const serverFeaturePatterns = (name, nested) => {
  const allowed = [name, ...Object.keys(SERVER_FEATURE_EDGES[name] ?? {})].join('|');
  const message = `A server feature may not import another (src/server/features/${name}): emit a domain event (#server/platform/events.ts) or move what they share to src/server/platform or src/shared.`;
  return [
    DEEP_RELATIVE,
    { regex: '^\\.\\./src/', message: 'Import src through #shared/*, #server/* or #web/*.' },
    { regex: `^#server/features/(?!(${allowed})/)`, message },
    // from a feature's top folder, ../x/ is another feature; from a nested folder it is its own
    ...(nested ? [] : [{ regex: `^\\.\\./(?!(${allowed})/)`, message }]),
  ];
};

// Issue 28 §1 (docs/decisions/046-tenancy-by-construction.md): feature code reaches the database through a
// Tenant (src/server/tenant.ts) or, for work that is not one agency's, through crossAgency(connection,
// reason). It never imports the database client, the pool or a driver.
const DB_CLIENT = ['#server/db/client.ts', '#server/db/client', '**/db/client.ts', '**/db/client'];
const DB_DRIVERS = ['pg', 'pg-pool', '@electric-sql/pglite', '@electric-sql/pglite/*', 'drizzle-orm/node-postgres', 'drizzle-orm/pglite'];
const DB_CLIENT_MESSAGE = 'Features do not import the database client: take a Connection and use tenant(connection, actor), or crossAgency(connection, reason) for work across agencies (src/server/tenant.ts, decision 046).';
/**
 * Services that still name the raw connection's type (\`Db\`) in their signatures: they may import that
 * type only, never the client itself. Pinned so that the list only shrinks; a new feature file takes a
 * Connection instead. Each entry says why it still needs the raw connection (46 → 35 → 21 → 15).
 */
export const DB_TYPE_ALLOWLIST = [
  // the signed-in user's own `user` row and memberships: tables of no agency (next: crossAgency with that reason)
  'src/server/features/account/service.ts',
  // the super admin's users page: every user of the platform, across agencies by design
  'src/server/features/admin/users-service.ts',
  // an API key becomes an actor here, before any agency is known (a statement prepared per connection)
  'src/server/features/api/authenticate.ts',
  // idempotency keys reserved in their own transaction, and the purge job across agencies
  'src/server/features/api/v1/idempotency.ts',
  // /api/v1 pages are statements prepared once per connection (cachedStatement, decision 041); the agency is their placeholder
  'src/server/features/api/v1/lists.ts',
  // only the audit writer's transaction type (Tx): the audit log and the blog belong to no agency
  'src/server/features/content/blog-service.ts',
  // the export streams rows through the platform's textRows runner, which takes the connection (connectionOf(t))
  'src/server/entities/export.ts',
  // the import job checks its lease with the job system's holds(connection) between batches
  'src/server/features/imports/service.ts',
  // an invitation is found by its token before the invitee belongs to the agency, then joins the user to it
  'src/server/entities/invitations.ts',
  // subscription payment submissions are a user's, of no agency; the admin list crosses all users
  'src/server/features/payments/service.ts',
  // the board's columns are statements prepared once per connection (cachedStatement, decision 041)
  'src/server/features/pipeline/board.ts',
  // the policies list is a statement prepared once per connection (decision 041) with its count
  'src/server/entities/policies/list.ts',
  // the scheduled digest reads a batch of agencies at once (crossAgency)
  'src/server/features/renewals/digest.ts',
  // My tasks is a statement prepared once per connection (decision 041)
  'src/server/entities/tasks/tasks.ts',
  // the delivery worker claims due deliveries of every agency
  'src/server/features/webhooks/worker.ts',
];
const FEATURE_SOURCES = ['src/server/features/**/*.ts', 'src/server/entities/**/*.ts'];
const FEATURE_SOURCE_IGNORES = ['**/*.test.ts'];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      '.e2e-build-*/**',
      '.bench-build/**',
      '.bench-build-list/**',
      'node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'e2e/.artifacts/**',
      'bench/results/**',
      'src/server/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    files: ['src/web/**/*.tsx', 'src/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // src/shared is pure: no I/O, no React, no Node APIs.
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['node:*', 'react', 'react-*', 'hono', 'drizzle-orm', '#server/*', '#web/*', '../server/*', '../web/*'] }, DEEP_RELATIVE] },
      ],
    },
  },
  {
    // Issue 26: a bare z.string() lets NUL through to PostgreSQL (a 500). Every schema that reads
    // input builds its text from the one text type in src/shared/validation.ts (safeText, requiredText,
    // optionalText, passwordText, idField, searchField …). Response-only schemas (v1/schemas.ts) and the
    // environment (config.ts) are not input from a request.
    files: ['src/shared/**/*.ts', 'src/server/**/*.ts'],
    ignores: ['src/shared/validation.ts', 'src/server/features/api/v1/schemas.ts', 'src/server/config.ts', '**/*.test.ts', 'src/server/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='string'][callee.object.name=/^(z|zo)$/]",
          message: 'Use the text type of src/shared/validation.ts (safeText, requiredText, optionalText, passwordText, idField), not a bare z.string(): it lets NUL reach the database.',
        },
        {
          selector: "CallExpression[callee.property.name='string'][callee.object.property.name='coerce']",
          message: 'Use the text type of src/shared/validation.ts, not z.coerce.string().',
        },
        // Issue 28: text rows (db/prepared.ts) are decoded by name, never by a position typed by hand.
        {
          selector: "MemberExpression[computed=true][object.name=/^(r|row)$/][property.type='Literal']",
          message: 'Read a text row by name: r[at.column] with at = rowPositions(columns) (src/server/db/prepared.ts), never by a position typed by hand.',
        },
      ],
    },
  },
  {
    // the web app never imports server code (its tests run in Node and read the source files)
    files: ['src/web/**/*.ts', 'src/web/**/*.tsx'],
    ignores: ['src/web/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: WEB_IMPORT_PATTERNS }] },
  },
  {
    files: ['src/server/**/*.ts', 'scripts/**/*.ts', 'e2e/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [DEEP_RELATIVE, { regex: '^\\.\\./src/', message: 'Import src through #shared/*, #server/* or #web/*.' }] }] },
  },
  {
    files: FEATURE_SOURCES,
    ignores: FEATURE_SOURCE_IGNORES,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: DB_CLIENT, message: DB_CLIENT_MESSAGE }, { group: DB_DRIVERS, message: DB_CLIENT_MESSAGE }] },
      ],
    },
  },
  {
    files: DB_TYPE_ALLOWLIST,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: DB_CLIENT, message: DB_CLIENT_MESSAGE, allowTypeImports: true }, { group: DB_DRIVERS, message: DB_CLIENT_MESSAGE }] },
      ],
    },
  },
  {
    // shared code (components, lib) never reaches into a feature; only the app wires features together
    files: ['src/web/components/**', 'src/web/lib/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...WEB_IMPORT_PATTERNS, { regex: '(^|/)features/', message: 'Shared web code may not import a feature.' }] }],
    },
  },
  // a feature never imports another feature: what two features share lives in components/ or lib/
  ...WEB_FEATURES.map((name) => ({
    files: [`src/web/features/${name}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...WEB_IMPORT_PATTERNS,
            {
              regex: `^\\.\\./(?!\\.\\./|${name}/)|(^|/)features/(?!${name}/)`,
              message: `A feature may not import another feature (src/web/features/${name}): move what they share to src/web/components or src/web/lib.`,
            },
          ],
        },
      ],
    },
  })),
  {
    // Decision 063: the entity modules and the platform sit under the features; they never import one.
    files: ['src/server/entities/**/*.ts', 'src/server/platform/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            DEEP_RELATIVE,
            { regex: '^\\.\\./src/', message: 'Import src through #shared/*, #server/* or #web/*.' },
            { regex: '^#server/features/|(^|/)features/', message: 'The entity modules and the platform never import a feature (decision 063): a feature subscribes to a domain event instead.' },
          ],
        },
      ],
    },
  },
  // the server's feature boundary (issue 28 §2): files in a feature's top folder, then nested ones.
  // Tests are left out: a behaviour test may drive two features (the digest's notices read from the bell).
  ...SERVER_FEATURES.flatMap((name) => [
    { files: [`src/server/features/${name}/*.ts`], ignores: ['**/*.test.ts'], rules: { 'no-restricted-imports': ['error', { patterns: serverFeaturePatterns(name, false) }] } },
    { files: [`src/server/features/${name}/*/**/*.ts`], ignores: ['**/*.test.ts'], rules: { 'no-restricted-imports': ['error', { patterns: serverFeaturePatterns(name, true) }] } },
  ]),
);
