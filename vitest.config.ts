import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
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

/**
 * The order `npm test` hands its files to the two workers (CI time, issue 42). Every project runs in one pool of two
 * workers; vitest's own order (BaseSequencer: projects by name, then the longest files first, by the durations
 * vitest cached, or by size on a clean clone) is kept within a project, and the projects go in this order:
 *   - lint first: the four ESLint files (test/lint/eslint-*.test.ts, type-aware, 50-120 s each) are among the
 *     longest: started first, they end while the other worker still has short files to take, instead of holding
 *     the end of the run;
 *   - the browser files after the integration files: their apps start in the background meanwhile
 *     (test/support/e2e-global-setup.ts), so no browser file waits for one;
 *   - unit and web last: many short files that fill in around the long ones.
 */
const PROJECT_ORDER = ['lint', 'infra', 'integration', 'e2e', 'unit', 'web'];
const rank = (spec: TestSpecification) => {
  const i = PROJECT_ORDER.indexOf(spec.project.name);
  return i < 0 ? PROJECT_ORDER.length : i;
};

class ProjectOrderSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: vitest's order stays within each project
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    reporters: ['default', './test/support/summary-reporter.ts'],
    maxWorkers: 2,
    // every project in one pool of two workers, the browser files included (one app per worker), in the order above
    sequence: { sequencer: ProjectOrderSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['shared/**/*.test.ts', 'functions/**/*.test.ts', 'infra/**/*.test.ts', 'test/engine/**/*.test.ts'],
          // the engine files' drawn product photos and person analyses, made once per run (test/engine/run-cache.ts)
          globalSetup: ['test/support/run-cache-global-setup.ts'],
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
          // a page walked through in jsdom (a picker paged twice, a dialog, a post) runs 3-5 s while CI's other
          // projects share the 2 cores; vitest's 5 s default failed one on a slower host (session 36) with every
          // assertion met. The assertions wait for conditions (findBy, waitFor), never for time.
          testTimeout: 20_000,
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
          testTimeout: 600_000,
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
          // Two browser files at a time at most (one per worker), each on its worker's own app: no file shares an app
          // with a file running at the same time. (With fileParallelism: false they ran one by one on one worker,
          // after every other project: vitest runs such a project as a group of its own, last.) E2E_SERIAL=1 runs
          // them that way again, on one app.
          ...(process.env.E2E_SERIAL === '1' ? { fileParallelism: false } : {}),
          testTimeout: 60_000,
          hookTimeout: 360_000,
          env,
        },
      },
    ],
  },
});
