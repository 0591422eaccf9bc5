import { defineConfig } from 'vitest/config';
import { webAliases } from './web/build/aliases.ts';

/**
 * `npm test` runs every project: unit (shared, functions, infra code), web (jsdom), integration (handlers
 * against DynamoDB Local, s3rver and cognito-local), infra (CDK assertions and cdk-nag), lint (ESLint over the repository, zero warnings) and e2e (Chromium
 * against the running app). The summary reporter prints the closing `N passed, N failed` line.
 */
const env = {
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  AWS_REGION: 'eu-west-1',
  LOG_LEVEL: 'CRITICAL',
  // one engine thread per test process: two test files run at once on 2 cores (plus DynamoDB Local)
  ENGINE_THREADS: '1',
};

export default defineConfig({
  test: {
    reporters: ['default', './test/support/summary-reporter.ts'],
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['shared/**/*.test.ts', 'functions/**/*.test.ts', 'infra/**/*.test.ts', 'test/engine/**/*.test.ts'],
          env,
        },
      },
      {
        esbuild: { jsx: 'automatic' },
        // `@/…` and `@shared/…` (web/tsconfig.paths.json), as the Vite build resolves them
        resolve: { alias: webAliases() },
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['web/src/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          environment: 'node',
          include: ['test/integration/**/*.test.ts'],
          globalSetup: ['test/support/integration-global-setup.ts'],
          // tests that start generations render them for real on the Fitly engine (one thread per test process)
          testTimeout: 60_000,
          hookTimeout: 60_000,
          env,
        },
      },
      {
        test: {
          name: 'infra',
          environment: 'node',
          include: ['test/infra/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          env,
        },
      },
      {
        test: {
          name: 'lint',
          environment: 'node',
          include: ['test/lint/**/*.test.ts'],
          testTimeout: 300_000,
        },
      },
      {
        // the browser tests import a few SPA modules (constants), which use the SPA's aliases
        resolve: { alias: webAliases() },
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/support/e2e-global-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 240_000,
          env,
        },
      },
    ],
  },
});
