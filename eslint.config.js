import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'downloads/**', 'docs/screenshots/**', 'apps/web/public/sw.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'no-console': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Settings come from the environment in one place, loaded when the server is built, never when a
    // module is imported (a module-level read fixes the value before a test or a caller can set it).
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/platform/config.ts', 'apps/server/src/cli/**', '**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read settings through platform/config.ts (loadConfig).' },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.int.test.ts', 'e2e/**/*.ts', '**/test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/admin/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The player app's budget (DESIGN.md §10) leaves no room for zod: it runs the dependency-free rules
    // of @mayur/rules and takes only types from the schemas of @mayur/contracts.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'zod', message: 'The player app does not ship zod.' },
            {
              name: '@mayur/contracts',
              allowTypeImports: true,
              message: 'Import rules from @mayur/rules; only types from contracts.',
            },
          ],
          patterns: [{ group: ['@mayur/contracts/*'], allowTypeImports: true, message: 'Only types from contracts.' }],
        },
      ],
    },
  },
  {
    files: ['scripts/**/*.mjs', 'apps/*/scripts/**/*.mjs', 'bench/**/*.{mjs,ts}', '.ci/**/*.mjs'],
    rules: { 'no-console': 'off' },
  },
);
