/**
 * Prints the closing line CI reads: `N passed, N failed, N skipped` over every project.
 * A test file that failed to load, and an unhandled error, each count as one failure.
 */
import type { Reporter, TestModule } from 'vitest/node';

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const mod of testModules) {
      let count = 0;
      for (const t of mod.children.allTests()) {
        count++;
        const state = t.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
      const modState = mod.state();
      if (modState === 'failed' && (count === 0 || mod.errors().length > 0)) failed++;
    }
    failed += unhandledErrors.length;
    process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
