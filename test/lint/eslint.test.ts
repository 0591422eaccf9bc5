import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * ESLint (eslint.config.js: typescript-eslint, react-hooks, jsx-a11y, the web feature boundaries and the
 * backend rules) over the whole repository: any error or warning fails `npm test`, printed as file:line.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));

describe('eslint', () => {
  it('reports no error and no warning anywhere in the repository', async () => {
    const eslint = new ESLint({ cwd: root, cache: false });
    const results = await eslint.lintFiles(['.']);
    const problems = results.flatMap((r) =>
      r.messages.map(
        (m) =>
          `${r.filePath.slice(root.length)}:${m.line}:${m.column} ${m.severity === 2 ? 'error' : 'warning'} ${m.message} (${m.ruleId ?? 'eslint'})`,
      ),
    );
    expect(results.length, 'ESLint saw the repository').toBeGreaterThan(100);
    expect(problems, problems.join('\n')).toEqual([]);
  });
});
