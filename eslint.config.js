// One lint configuration for every workspace: typescript-eslint's recommended rules,
// React hooks rules for the web app, Node globals for the server and tooling, and the import
// zones of docs/architecture.md ("What may import what").
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** The folders directly under `directory` (the features, or the server modules). */
const foldersIn = (directory) =>
  readdirSync(new URL(directory, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/**
 * One block per folder: a file under `root/<name>` may not import from `root/<other>` what
 * `tail` matches (a relative path climbing out of its folder into a sibling's). Types are
 * allowed (the rule's `allowTypeImports`): they are erased at build time.
 */
function importZones({ root, files, tail, message }) {
  return foldersIn(root).map((name) => {
    const siblings = foldersIn(root).filter((other) => other !== name);
    return {
      files: files.map((pattern) => `${root}${name}/${pattern}`),
      rules: {
        '@typescript-eslint/no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                regex: `^(\\.\\./)+(${siblings.join('|')})/${tail}$`,
                allowTypeImports: true,
                message,
              },
            ],
          },
        ],
      },
    };
  });
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['server/**/*.ts', 'e2e/**/*.ts', 'scripts/**/*.{js,mjs}', '*.{js,mjs,ts}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: reactHooks.configs.recommended.rules,
  },
  // A web feature never imports a sibling feature: the page composes them and hands one
  // feature's piece to another as a prop; what several need moves to components/ or lib/.
  ...importZones({
    root: 'web/src/features/',
    files: ['**/*.{ts,tsx}'],
    tail: '.*',
    message:
      'A feature does not import a sibling feature: let the page hand it in as a prop, or move it to components/ or lib/ (docs/architecture.md).',
  }),
  // A server module calls another module's services, never its repos (tests may set data up
  // through any repo); a query that must run in the caller's transaction is offered as a service
  // function taking that transaction. No exception remains.
  ...importZones({
    root: 'server/src/modules/',
    files: ['**/*.ts'],
    tail: '[^/]+\\.repo(\\.ts)?',
    message: "A module calls another module's service, not its repo (docs/architecture.md).",
  }).map((zone) => ({ ...zone, ignores: ['**/*.test.ts'] })),
  // A browser spec takes `test` from e2e/support/test.ts, which points each worker at its own
  // server (docs/architecture.md, "Tests"); Playwright's own would send every worker to the first.
  {
    files: ['e2e/**/*.spec.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              allowTypeImports: true,
              message: "Import test from './support/test.ts': it points each worker at its server.",
            },
          ],
        },
      ],
    },
  },
);
