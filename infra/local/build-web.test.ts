import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { webInputsHash } from './build-web';

const repo = mkdtempSync(path.join(tmpdir(), 'web-inputs-'));
afterAll(() => rmSync(repo, { recursive: true, force: true }));
const write = (f: string, text: string) => {
  mkdirSync(path.dirname(path.join(repo, f)), { recursive: true });
  writeFileSync(path.join(repo, f), text);
};

describe("npm start's web build is skipped only when its inputs are unchanged", () => {
  it('hashes web/ and shared/ (tracked or new), not web/dist, ignored files or other folders', () => {
    execFileSync('git', ['init', '-q'], { cwd: repo });
    write('.gitignore', 'node_modules\n');
    write('web/src/main.tsx', 'export {};\n');
    write('shared/domain/plans.ts', 'export const A = 1;\n');
    const first = webInputsHash(repo);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(webInputsHash(repo)).toBe(first);
    write('web/dist/index.html', '<html></html>');
    write('functions/x.ts', 'export {};\n');
    write('node_modules/pkg/index.js', '');
    expect(webInputsHash(repo)).toBe(first);
    write('shared/domain/plans.ts', 'export const A = 2;\n');
    const changed = webInputsHash(repo);
    expect(changed).not.toBe(first);
    write('web/src/new-screen.tsx', 'export {};\n');
    expect(webInputsHash(repo)).not.toBe(changed);
  });

  it('answers null (always build) where git cannot list the files', () => {
    expect(webInputsHash(path.join(repo, 'no-such-folder'))).toBeNull();
  });
});
