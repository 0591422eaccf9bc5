// @ts-check
/**
 * One ESLint flat config for the whole repository, run by `npm test` (test/lint/eslint.test.ts fails on any
 * error or warning). typescript-eslint's recommended rules everywhere; React hooks and jsx-a11y on the SPA;
 * import-x `no-restricted-paths` keeps web features apart (a feature imports itself, web/src/components,
 * web/src/lib, web/src/api and shared/, never another feature); the backend rules live in
 * eslint/backend.config.js.
 */
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import { importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import backend from './eslint/backend.config.js';

const FEATURES_DIR = 'web/src/features';
const features = readdirSync(new URL(`./${FEATURES_DIR}`, import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

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
    // Untyped provider payloads, Stripe objects, ASL documents and test fakes: the backend's own config
    // (eslint/backend.config.js) decides how strict to be there; the SPA and all of shared/ allow no `any`
    // (stored items are parsed by their entity declarations in shared/repositories).
    files: ['functions/**', 'infra/**', 'test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
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
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
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
              except: [`./${feature}`],
              message:
                'A feature imports only itself, web/src/components, web/src/lib, web/src/api and shared/: move shared code there.',
            })),
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
    // Test doubles reassign module-level fakes between cases.
    files: ['web/src/**/*.test.{ts,tsx}'],
    rules: { 'react-hooks/globals': 'off' },
  },
  ...backend,
);
