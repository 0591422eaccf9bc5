import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The SPA's boundaries (eslint.config.js, import-x `no-restricted-paths`) hold for the path aliases too (issue 42
 * point 4: `@/…` is web/src, `@shared/…` shared/): an aliased import is resolved to its file like a relative one,
 * so a feature reaching into another is an error however it is spelled.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
/**
 * The repository's config (eslint.config.js) as it is, but without type information: the boundaries are an import-x
 * rule, which resolves imports and reads no types, while building the SPA's TypeScript program (for the type-aware
 * rules) and walking its import graph (import-x `no-cycle`, since replaced by test/lint/import-cycles.test.ts) for a probe were nearly all of this file's time (CI time,
 * issue 42). So only the rules this file asserts on run; the repository-wide lint (test/lint/eslint-*.test.ts) runs
 * them all, with types.
 */
const eslint = new ESLint({
  cwd: root,
  cache: false,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
  ruleFilter: ({ ruleId }) => ruleId === 'import-x/no-restricted-paths' || ruleId === 'import-x/no-unresolved',
});

/** The boundary messages ESLint gives `text` as the content of `file` (an existing file: its program is known). */
async function boundaryErrors(file: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: path.join(root, file) });
  const messages = result?.messages ?? [];
  const unresolved = messages.filter((m) => m.ruleId === 'import-x/no-unresolved' || m.fatal);
  expect(unresolved, 'the probe parses and resolves').toEqual([]);
  return messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

const FEATURE_FILE = 'web/src/features/finance/api/finance.ts';
const SHARED_WEB_FILE = 'web/src/lib/cn.ts';
const probe = (spec: string, name: string) => `import { ${name} } from '${spec}';\nexport const probe = ${name};\n`;

describe('feature boundaries with path aliases', () => {
  it('a feature importing another feature is an error, aliased or relative', async () => {
    const aliased = await boundaryErrors(FEATURE_FILE, probe('@/features/settings/api/settings', 'useUpdateProfile'));
    expect(aliased).toHaveLength(1);
    expect(aliased[0]).toMatch(/A feature imports only itself/);
    const relative = await boundaryErrors(FEATURE_FILE, probe('../../settings/api/settings', 'useUpdateProfile'));
    expect(relative).toHaveLength(1);
    expect(relative[0]).toMatch(/A feature imports only itself/);
  }, 240_000);

  it('a composed feature is imported through its index.ts only, aliased too', async () => {
    expect(await boundaryErrors(FEATURE_FILE, probe('@/features/generate', 'useStartAndOpen'))).toEqual([]);
    const deep = await boundaryErrors(
      FEATURE_FILE,
      probe('@/features/generate/hooks/use-start-error', 'useStartErrorHandler'),
    );
    expect(deep).toHaveLength(1);
  }, 240_000);

  it('shared web code importing a feature through an alias is an error; @/lib and @shared are allowed', async () => {
    const leak = await boundaryErrors(SHARED_WEB_FILE, probe('@/features/settings/api/settings', 'useUpdateProfile'));
    expect(leak).toHaveLength(1);
    expect(leak[0]).toMatch(/Shared web code does not depend on features/);
    expect(await boundaryErrors(FEATURE_FILE, probe('@/lib/cn', 'cn'))).toEqual([]);
    expect(await boundaryErrors(FEATURE_FILE, probe('@shared/domain/plans', 'PLAN_IDS'))).toEqual([]);
  }, 240_000);
});
