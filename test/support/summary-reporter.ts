/**
 * Prints the closing line CI reads: `N passed, N failed, N skipped` over every project.
 * A test file that failed to load, and an unhandled error, each count as one failure.
 * Above it, where CI's time went (issue 42, point 5: `npm test` within 18 minutes): the files' own times summed by
 * group (each project; the unit project's engine files apart) and the longest files.
 */
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** How many of the longest files are listed. */
const LONGEST = 10;

/** A file's group: its project, with the engine's unit files (they render) apart from the other unit files. */
export function timeGroup(project: string, file: string): string {
  const rel = path.relative(process.cwd(), file).split(path.sep).join('/');
  if (project === 'unit' && /^(functions\/engine|shared\/engine|test\/engine)\//.test(rel)) return 'unit (engine)';
  return project;
}

/** The time report: `file time by group: a 12 s, b 3 s` and the longest files, one a line. */
export function timeReport(files: { group: string; file: string; ms: number }[]): string {
  const byGroup = new Map<string, number>();
  for (const f of files) byGroup.set(f.group, (byGroup.get(f.group) ?? 0) + f.ms);
  const s = (ms: number) => `${Math.round(ms / 1000)} s`;
  const total = files.reduce((a, f) => a + f.ms, 0);
  const groups = [...byGroup].sort((a, b) => b[1] - a[1]).map(([g, ms]) => `${g} ${s(ms)}`);
  const longest = [...files]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, LONGEST)
    .map((f) => `  ${s(f.ms).padStart(6)}  ${path.relative(process.cwd(), f.file)}`);
  return [`file time ${s(total)} by group: ${groups.join(', ')}`, 'longest files:', ...longest].join('\n');
}

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const times: { group: string; file: string; ms: number }[] = [];
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
      const d = mod.diagnostic();
      times.push({
        group: timeGroup(mod.project.name, mod.moduleId),
        file: mod.moduleId,
        ms: d.duration + d.collectDuration + d.setupDuration + d.prepareDuration + d.environmentSetupDuration,
      });
    }
    failed += unhandledErrors.length;
    if (times.length) process.stdout.write(`\n${timeReport(times)}\n`);
    process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
