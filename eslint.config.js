import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Issue 35: every text a person reads comes from the catalogs (web: useT / t, server: a
 * messages.json key), never a literal. JSX text, the props that show text, notifications, and
 * the server's errors are checked.
 */
const SHOWN_PROPS = 'label|placeholder|title|description|error|aria-label|alt|message|emptyMessage|confirmLabel|cancelLabel|nothingFoundMessage|tooltip';
const UNLOCALISED = 'A text a person reads comes from the catalogs (issue 35): add it to packages/core/src/i18n/catalogs and use t(key).';
const literalText = '[value=/[A-Za-z]/]';
const webTextRules = ['error',
  { selector: `JSXText${literalText}`, message: UNLOCALISED },
  { selector: `:matches(JSXElement, JSXFragment) > JSXExpressionContainer > :matches(Literal${literalText}, TemplateLiteral)`, message: UNLOCALISED },
  { selector: `JSXAttribute[name.name=/^(${SHOWN_PROPS})$/] > Literal${literalText}`, message: UNLOCALISED },
  { selector: `JSXAttribute[name.name=/^(${SHOWN_PROPS})$/] > JSXExpressionContainer > Literal${literalText}`, message: UNLOCALISED },
  { selector: `JSXAttribute[name.name=/^(${SHOWN_PROPS})$/] > JSXExpressionContainer > TemplateLiteral > TemplateElement[value.raw=/[A-Za-z]/]`, message: UNLOCALISED },
  { selector: `CallExpression[callee.name=/^notify(Success|Failure|Info)?$/] > Literal${literalText}`, message: UNLOCALISED },
  { selector: `CallExpression[callee.name=/^notify(Success|Failure|Info)?$/] > TemplateLiteral`, message: UNLOCALISED },
  // What a failed load names ("{what} could not be loaded").
  { selector: `CallExpression[callee.name='dataOf'] > :matches(Literal${literalText}, TemplateLiteral)`, message: UNLOCALISED },
];
const serverTextRules = ['error',
  { selector: `CallExpression[callee.name=/^(badRequest|unauthorized|forbidden|notFound|conflict)$/] > Literal`, message: UNLOCALISED },
  { selector: `CallExpression[callee.name=/^(badRequest|unauthorized|forbidden|notFound|conflict)$/] > TemplateLiteral`, message: UNLOCALISED },
  { selector: `NewExpression[callee.name='HttpError'] > :matches(Literal[value=/[A-Za-z]/], TemplateLiteral)`, message: UNLOCALISED },
];

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
    files: ['packages/web/**/*.{ts,tsx}', 'packages/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['packages/web/src/**/*.tsx'],
    rules: { 'no-restricted-syntax': webTextRules },
  },
  {
    files: ['packages/server/src/**/*.ts'],
    rules: { 'no-restricted-syntax': serverTextRules },
  },
);
