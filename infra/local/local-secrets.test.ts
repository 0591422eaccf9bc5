import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { localSecrets } from './local-secrets';

const dir = () => mkdtempSync(path.join(os.tmpdir(), 'local-secrets-'));

describe('localSecrets', () => {
  it('random per data folder, the same across starts on one folder, saved owner-only', () => {
    const a = dir();
    const first = localSecrets(a);
    expect(localSecrets(a)).toEqual(first);
    expect(localSecrets(dir()).cursorKey).not.toBe(first.cursorKey);
    expect(first.cursorKey).not.toBe(first.ipPepper);
    expect(first.webhookSecret).toMatch(/^whsec_/);
    expect(statSync(path.join(a, 'secrets.json')).mode & 0o077).toBe(0);
  });

  it('an unreadable file or a missing field is made again, keeping what was good', () => {
    const a = dir();
    writeFileSync(path.join(a, 'secrets.json'), '{ not json');
    const made = localSecrets(a);
    expect(JSON.parse(readFileSync(path.join(a, 'secrets.json'), 'utf8'))).toEqual(made);
    const keep = 'k'.repeat(40);
    writeFileSync(path.join(a, 'secrets.json'), JSON.stringify({ cursorKey: keep }));
    const mended = localSecrets(a);
    expect(mended.cursorKey).toBe(keep);
    expect(mended.ipPepper).toHaveLength(43);
  });
});
