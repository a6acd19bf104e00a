import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'docs/**', '.e2e-data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always'],
      'no-eval': 'error',
      'no-implied-eval': 'error',
    },
  },
  {
    // core is the contract shared by server and browser: no React, no Node built-ins.
    files: ['packages/core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', 'react', 'react-*', 'fastify', 'kysely'] }],
    },
  },
  {
    // Metadata SQL lives in the store only. Route modules are thin and registered by app.ts only: services live in domain modules
    // (pages/, connections/, tables/…) that take a Principal, never a request.
    files: ['packages/server/src/**/*.ts'],
    ignores: ['packages/server/src/app.ts', 'packages/server/src/store/**'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'kysely', message: 'Only src/store may use Kysely; add a repository function.' }],
        patterns: [{ regex: '(^|/)routes/', message: 'Only app.ts registers routes; move what you need into a domain module.' }],
      }],
    },
  },
  {
    files: ['packages/server/src/routes/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'kysely', message: 'Only src/store may use Kysely; add a repository function.' }],
        patterns: [{ regex: '^\\./', message: 'A route module imports no other route module; shared code lives in a domain module.' }],
      }],
    },
  },
  {
    // No import cycles anywhere: each module's dependencies form a tree.
    files: ['packages/*/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['packages/*/tsconfig.json'], noWarnOnMultipleProjects: true })] },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
