import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

/**
 * ESLint (eslint.config.js: typescript-eslint, react-hooks, jsx-a11y, the web feature boundaries and the backend
 * rules) over one part of the repository; the three lint files (eslint-web, eslint-backend, eslint-rest) together
 * lint every file once: the rest is the repository with the other two parts ignored. Any error or warning fails
 * `npm test`, printed as file:line.
 *
 * One pass over the whole repository held the three TypeScript programs in one process: 410 s wall on a quiet
 * machine, a heap near V8's limit, and over the test's 600 s in a loaded CI run. In three processes the same rules
 * took 114 + 83 + 54 s (docs/performance.md, CI time round 3).
 */
const root = fileURLToPath(new URL('../..', import.meta.url));

/** The folders of the web and backend parts. */
export const LINT_PARTS = {
  web: ['web'],
  backend: ['functions', 'shared', 'infra'],
} as const;

/** Lints `part` (or, for 'rest', everything outside the other parts) and expects no problem. */
export async function expectNoLintProblems(part: keyof typeof LINT_PARTS | 'rest'): Promise<void> {
  const eslint =
    part === 'rest'
      ? new ESLint({
          cwd: root,
          cache: false,
          overrideConfig: { ignores: Object.values(LINT_PARTS).flatMap((dirs) => dirs.map((d) => `${d}/**`)) },
        })
      : new ESLint({ cwd: root, cache: false });
  const results = await eslint.lintFiles(part === 'rest' ? ['.'] : [...LINT_PARTS[part]]);
  const problems = results.flatMap((r) =>
    r.messages.map(
      (m) =>
        `${r.filePath.slice(root.length)}:${m.line}:${m.column} ${m.severity === 2 ? 'error' : 'warning'} ${m.message} (${m.ruleId ?? 'eslint'})`,
    ),
  );
  expect(results.length, `ESLint saw the ${part} part`).toBeGreaterThan(part === 'rest' ? 50 : 100);
  expect(problems, problems.join('\n')).toEqual([]);
}
