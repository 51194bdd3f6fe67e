import importPlugin from 'eslint-plugin-import'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

/** Imports a layer may not make: the floors of docs/architecture.md, The layers. */
const restrict = (patterns, { allowTypeImports = false } = {}) => [
  'error',
  { patterns: patterns.map(([group, message]) => ({ group, message, allowTypeImports })) },
]
const SERVER = [
  ['~/server/**', '**/server/**', '*.server', '**/*.server'],
  'Server code (I/O, secrets) does not belong in this layer.',
]
const UI = [['~/ui/**', '**/ui/**'], 'UI components belong to app/ui and the routes, not to this layer.']
const IO = [
  ['drizzle-orm', 'drizzle-orm/**', '@remix-run/*', 'cloudflare:*', 'node:*', 'react', 'react-dom', 'react-dom/**'],
  'app/domain is pure rules: no I/O, no framework.',
]

export default tseslint.config(
  {
    ignores: [
      'build/',
      '.wrangler/',
      'node_modules/',
      'worker-configuration.d.ts',
      'bench/',
      'tests/e2e/screenshots/',
      // Broken on purpose: tests/unit/import-cycles.test.ts lints it to prove a loop fails the lint.
      'tests/lint-fixtures/',
    ],
  },
  ...tseslint.configs.recommended,
  {
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-warning-comments': ['error', { terms: ['todo', 'fixme', 'xxx'], location: 'start' }],
    },
  },
  // No module imports itself back, however far round: the resolver follows the `~/` paths as TypeScript does.
  {
    files: ['app/**/*.{ts,tsx}', 'workers/**/*.ts', 'tests/lint-fixtures/**/*.ts'],
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': { typescript: { project: './tsconfig.json' } },
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: { 'import/no-cycle': ['error', { ignoreExternal: true }] },
  },
  { files: ['app/domain/**'], rules: { '@typescript-eslint/no-restricted-imports': restrict([SERVER, UI, IO]) } },
  { files: ['app/server/**'], rules: { '@typescript-eslint/no-restricted-imports': restrict([UI]) } },
  // The table's object sits under the Worker's HTTP layer, its guard and its bill reads: they call it, never the reverse.
  {
    files: ['app/server/table-session/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': restrict(
        [
          UI,
          [
            ['../http/**', '../auth/**', '../bills/**', '~/server/http/**', '~/server/auth/**', '~/server/bills/**'],
            'The table object does not reach up into the HTTP layer, the guard or the bill reads.',
          ],
        ],
        { allowTypeImports: false },
      ),
    },
  },
  // A component may name the shape of what a loader sends (a type, erased from the bundle), never run server code.
  {
    files: ['app/ui/**'],
    rules: { '@typescript-eslint/no-restricted-imports': restrict([SERVER], { allowTypeImports: true }) },
  },
)
