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
    // the web app never imports server code
    files: ['src/web/**/*.ts', 'src/web/**/*.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: WEB_IMPORT_PATTERNS }] },
  },
  {
    files: ['src/server/**/*.ts', 'scripts/**/*.ts', 'e2e/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [DEEP_RELATIVE, { regex: '^\\.\\./src/', message: 'Import src through #shared/*, #server/* or #web/*.' }] }] },
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
);
