// @ts-check
/**
 * One ESLint flat config for the whole repository, run by `npm test` (test/lint/eslint-*.test.ts fail on any
 * error or warning). typescript-eslint's recommended rules everywhere; React hooks and jsx-a11y on the SPA;
 * import-x `no-restricted-paths` keeps web features apart (a feature imports itself, web/src/components,
 * web/src/lib, web/src/api and shared/, never another feature but the composed ones' index.ts); the backend rules live in
 * eslint/backend.config.js.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import ts from 'typescript';
import backend from './eslint/backend.config.js';

const FEATURES_DIR = 'web/src/features';
/**
 * Modules that still read untyped outside payloads (AI providers' JSON, Stripe objects, middy's request):
 * `any` and the no-unsafe-* rules are not enforced there yet. Shrink this list; never grow it.
 */
const UNTYPED_PAYLOAD_MODULES = [
  'functions/generations/providers/**',
  'functions/billing/payments/**',
  'functions/lib/http.ts',
];
/**
 * Features that other features compose (issue 42): starting a generation and "Preview on me" sit on many pages.
 * Another feature imports them only through their index.ts; they import no other feature.
 */
const COMPOSED_FEATURES = ['generate', 'preview'];
const features = readdirSync(new URL(`./${FEATURES_DIR}`, import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/**
 * The files of the program that has both the DOM lib and Node's types (tsconfig.dom-node.json: browser tests, the
 * bench, the web build), as globs. The project service gives every other file the nearest tsconfig.json
 * (web/tsconfig.json for web/src, tsconfig.json for the rest); these name their program.
 */
const DOM_NODE_FILES = /** @type {{ include: string[] }} */ (
  ts.readConfigFile(fileURLToPath(new URL('./tsconfig.dom-node.json', import.meta.url)), ts.sys.readFile).config
).include.map((p) => (/\.tsx?$/.test(p) ? p : `${p}/**/*.{ts,tsx}`));

/**
 * How import-x finds a module: Node's resolution, and the SPA's `@/…` and `@shared/…` (web/tsconfig.paths.json), so
 * the feature boundaries see an aliased import as the file it is (an import it cannot resolve is one
 * they cannot check).
 */
const RESOLVER = [
  createNodeResolver({
    extensions: ['.ts', '.tsx', '.js'],
    tsconfig: { configFile: fileURLToPath(new URL('./web/tsconfig.paths.json', import.meta.url)) },
  }),
];

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', 'cdk.out/**', 'web/dist/**', '.data/**', '.cache/**', '**/*.d.ts', 'coverage/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    // Lambda weight (issue 16): `import { z } from 'zod'` keeps every zod locale (about 350 KiB in each Lambda
    // bundle and the SPA); the namespace import lets esbuild and Vite tree-shake them.
    files: ['functions/**/*.ts', 'shared/**/*.ts', 'web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "ImportDeclaration[importKind!='type'][source.value='zod'] > ImportSpecifier[importKind!='type'][imported.name='z']",
          message: "Use `import * as z from 'zod'`: the named `z` import keeps every locale of zod in the bundle.",
        },
      ],
    },
  },
  {
    // `any` only in tests (fakes and recorded payloads) and, until their payloads are parsed by schemas, the
    // modules that take provider and Stripe payloads (issue 22 leaves them for last; product code parses).
    files: ['test/**', '**/*.test.{ts,tsx}', ...UNTYPED_PAYLOAD_MODULES],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Type-aware rules (issue 22): a promise is awaited, returned or explicitly voided; no promise where a
    // void callback is expected (React event props excepted: React ignores their result); `await` only on
    // thenables. The program of each file is its tsconfig (issue 42 point 4: Node, the browser, and both).
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    files: DOM_NODE_FILES,
    languageOptions: {
      parserOptions: {
        projectService: false,
        project: './tsconfig.dom-node.json',
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  {
    // No `any` leaking through in what ships: values of type any are not passed, assigned, called, read or
    // returned (tests and the CDK app's ASL documents may).
    files: ['functions/**/*.ts', 'shared/**/*.ts', 'web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'web/src/test/**', ...UNTYPED_PAYLOAD_MODULES],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'error',
      '@typescript-eslint/no-unsafe-assignment': 'error',
      '@typescript-eslint/no-unsafe-call': 'error',
      '@typescript-eslint/no-unsafe-member-access': 'error',
      '@typescript-eslint/no-unsafe-return': 'error',
    },
  },
  {
    files: ['web/public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y, 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/resolver-next': RESOLVER,
    },
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      'react-hooks/exhaustive-deps': 'error',
      // The app is not built with the React Compiler: the compiler-only diagnostics below flag the
      // documented reset-on-prop-change, object-URL and "latest value" ref patterns the code relies on.
      'react-hooks/set-state-in-effect': 'off',
      'react-hooks/refs': 'off',
      'react-hooks/incompatible-library': 'off',
      ...jsxA11y.flatConfigs.recommended.rules,
      // Focusable non-interactive elements are allowed only for these roles (a paste target, a tooltip
      // trigger, a scrollable region that keyboard users must be able to scroll).
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'group', 'note', 'region'] }],
      'jsx-a11y/label-has-associated-control': ['error', { assert: 'either', depth: 5 }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((feature) => ({
              target: `./${FEATURES_DIR}/${feature}`,
              from: `./${FEATURES_DIR}`,
              except: [
                `./${feature}`,
                ...(COMPOSED_FEATURES.includes(feature) ? [] : COMPOSED_FEATURES.map((f) => `./${f}/index.ts`)),
              ],
              message:
                'A feature imports only itself, web/src/components, web/src/lib, web/src/api and shared/ (and the generate and preview features through their index.ts): move shared code there.',
            })),
            {
              target: `./${FEATURES_DIR}`,
              from: './web/src/app',
              message: 'Features do not import the app shell (web/src/app): the shell imports features, not back.',
            },
            {
              target: ['./web/src/components', './web/src/lib', './web/src/api'],
              from: [`./${FEATURES_DIR}`, './web/src/app'],
              message: 'Shared web code does not depend on features or on the app shell.',
            },
          ],
        },
      ],
    },
  },
  {
    // A page whose only purpose is one form puts the caret in its first field (sign-in, sign-up code,
    // password reset).
    files: ['web/src/features/auth/components/*-page.tsx'],
    rules: { 'jsx-a11y/no-autofocus': 'off' },
  },
  {
    // Tests keep the rules of hooks and their dependencies, not the React Compiler's diagnostics: the compiler never
    // builds a test, test doubles reassign module-level fakes between cases, and running the compiler over every
    // test file was a third of the repository-wide lint's time (ESLint's TIMING, issue 42's CI budget).
    files: ['web/src/**/*.test.{ts,tsx}'],
    rules: Object.fromEntries(
      Object.keys(reactHooks.configs.flat.recommended.rules)
        .filter((rule) => rule !== 'react-hooks/rules-of-hooks' && rule !== 'react-hooks/exhaustive-deps')
        .map((rule) => [rule, 'off']),
    ),
  },
  ...backend,
);
