import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

/**
 * ESLint (eslint.config.js: typescript-eslint, react-hooks, jsx-a11y, the web feature boundaries and the backend
 * rules) over one part of the repository; the four lint files (eslint-web-features, eslint-web, eslint-backend,
 * eslint-rest) together lint every file once. Any error or warning fails `npm test`, printed as file:line.
 *
 * One pass over the whole repository held the three TypeScript programs in one process: 410 s wall on a quiet
 * machine, a heap near V8's limit, and over the test's 600 s in a loaded CI run. In three processes the same rules
 * took 114 + 83 + 54 s; the web part, the longest, is cut in two (docs/performance.md, CI time round 3).
 */
const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The parts: what each lints, and what it leaves to another part. Every file is in exactly one: the web app's features,
 * the rest of web/, the backend, and the rest of the repository.
 */
export const LINT_PARTS = {
  'web-features': { files: ['web/src/features'], ignores: [] },
  web: { files: ['web'], ignores: ['web/src/features/**'] },
  backend: { files: ['functions', 'shared', 'infra'], ignores: [] },
  rest: { files: ['.'], ignores: ['web/**', 'functions/**', 'shared/**', 'infra/**'] },
} as const satisfies Record<string, { files: readonly string[]; ignores: readonly string[] }>;

/** Lints one part and expects no problem. */
export async function expectNoLintProblems(part: keyof typeof LINT_PARTS): Promise<void> {
  const { files, ignores } = LINT_PARTS[part];
  const eslint = new ESLint({
    cwd: root,
    cache: false,
    ...(ignores.length > 0 ? { overrideConfig: { ignores: [...ignores] } } : {}),
  });
  const results = await eslint.lintFiles([...files]);
  const problems = results.flatMap((r) =>
    r.messages.map(
      (m) =>
        `${r.filePath.slice(root.length)}:${m.line}:${m.column} ${m.severity === 2 ? 'error' : 'warning'} ${m.message} (${m.ruleId ?? 'eslint'})`,
    ),
  );
  expect(results.length, `ESLint saw the ${part} part`).toBeGreaterThan(50);
  expect(problems, problems.join('\n')).toEqual([]);
}
