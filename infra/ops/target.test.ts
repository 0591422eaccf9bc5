/** The operator's credentials for the repositories' client, from the AWS CLI (a stand-in `aws` on PATH here). */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useOperatorCredentials } from './target';

const KEYS = ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN', 'PATH'] as const;
let saved: Record<string, string | undefined>;
let bin: string;

/** An `aws` that prints `out` for `configure export-credentials --format process` and exits with `code`. */
function fakeAws(out: string, code = 0) {
  writeFileSync(
    path.join(bin, 'aws'),
    `#!/bin/sh\n[ "$1 $2 $3 $4" = "configure export-credentials --format process" ] || exit 9\necho '${out}'\nexit ${code}\n`,
  );
  chmodSync(path.join(bin, 'aws'), 0o755);
}

beforeEach(() => {
  saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]));
  bin = mkdtempSync(path.join(tmpdir(), 'fake-aws-'));
  process.env.PATH = `${bin}:${saved.PATH ?? ''}`;
  delete process.env.AWS_ACCESS_KEY_ID;
  delete process.env.AWS_SECRET_ACCESS_KEY;
  process.env.AWS_SESSION_TOKEN = 'stale';
});
afterEach(() => {
  for (const k of KEYS)
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  rmSync(bin, { recursive: true, force: true });
});

describe('useOperatorCredentials', () => {
  it("puts the AWS CLI's resolved credentials in the environment (profiles, SSO: whatever the CLI resolves)", () => {
    fakeAws('{"Version":1,"AccessKeyId":"AKIAOP","SecretAccessKey":"s3cret","SessionToken":"tok"}');
    useOperatorCredentials();
    expect([process.env.AWS_ACCESS_KEY_ID, process.env.AWS_SECRET_ACCESS_KEY, process.env.AWS_SESSION_TOKEN]).toEqual([
      'AKIAOP',
      's3cret',
      'tok',
    ]);
  });

  it('drops a stale session token when the credentials are long-lived, and keeps credentials already set', () => {
    fakeAws('{"Version":1,"AccessKeyId":"AKIALONG","SecretAccessKey":"s"}');
    useOperatorCredentials();
    expect(process.env.AWS_SESSION_TOKEN).toBeUndefined();
    fakeAws('{"Version":1,"AccessKeyId":"OTHER","SecretAccessKey":"x"}');
    useOperatorCredentials();
    expect(process.env.AWS_ACCESS_KEY_ID).toBe('AKIALONG');
  });

  it("fails with the CLI's message, or when it gives no credentials", () => {
    fakeAws('The config profile (nope) could not be found', 255);
    expect(() => useOperatorCredentials()).toThrow(/could not be found/);
    fakeAws('{"Version":1}');
    expect(() => useOperatorCredentials()).toThrow();
    expect(process.env.AWS_ACCESS_KEY_ID).toBeUndefined();
  });
});
