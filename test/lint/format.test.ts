import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';

/**
 * Formatting (Prettier, .prettierrc.json) of every tracked source file: a file that `prettier --write` would
 * change fails `npm test`, named in the message. Markdown, JSON and HTML are left as written (.prettierignore).
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const SOURCE = /\.(ts|tsx|js|mjs|cjs|css)$/;

describe('format', () => {
  it('every tracked source file is formatted as Prettier writes it', async () => {
    const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
      cwd: root,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((f) => SOURCE.test(f));
    expect(tracked.length, 'source files found').toBeGreaterThan(300);
    const unformatted: string[] = [];
    for (const file of tracked) {
      const path = `${root}${file}`;
      const info = await prettier.getFileInfo(path, { ignorePath: `${root}.prettierignore` });
      if (info.ignored) continue;
      const options = await prettier.resolveConfig(path);
      if (!(await prettier.check(readFileSync(path, 'utf8'), { ...options, filepath: path }))) unformatted.push(file);
    }
    expect(unformatted, `not formatted (run npx prettier --write <file>):\n${unformatted.join('\n')}`).toEqual([]);
  });
});
