import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { edgeClientIp } from './edge';
import { SECRET_CACHE_MS, secretValues, setSecretFetcherForTests } from './runtime-secrets';
import { ORIGIN_VERIFY_HEADER, VIEWER_IP_HEADER } from '../../shared/domain/edge';

const env = { ...process.env };
let reads: string[] = [];
let versions: Record<string, string | null> = {};

beforeEach(() => {
  reads = [];
  versions = { AWSCURRENT: 'token-now', AWSPREVIOUS: 'token-before' };
  setSecretFetcherForTests(async (arn, stage) => {
    reads.push(`${arn}:${stage}`);
    return versions[stage] ?? null;
  });
  Object.assign(process.env, {
    APP_STAGE: 'prod',
    ORIGIN_SECRET_ARN: 'arn:origin',
    CURSOR_KEY_SECRET_ARN: 'arn:cursor',
  });
});
afterEach(() => {
  setSecretFetcherForTests(null);
  process.env = { ...env };
});

describe('the edge check (CloudFront is the only door)', () => {
  it('takes the client IP from the edge header of a request carrying the token, never from client headers', async () => {
    const ip = await edgeClientIp(
      {
        [ORIGIN_VERIFY_HEADER]: 'token-now',
        [VIEWER_IP_HEADER]: '198.51.100.7',
        'cloudfront-viewer-address': '1.2.3.4:1',
      },
      '130.176.0.1',
    );
    expect(ip).toBe('198.51.100.7');
  });
  it('accepts the previous token during a rotation, refuses anything else with 403 { message, code }', async () => {
    expect(await edgeClientIp({ [ORIGIN_VERIFY_HEADER]: 'token-before' }, undefined)).toBeNull();
    for (const headers of [{}, { [ORIGIN_VERIFY_HEADER]: 'guess' }, { [VIEWER_IP_HEADER]: '198.51.100.7' }] as Record<
      string,
      string
    >[])
      await expect(edgeClientIp(headers, '198.51.100.7')).rejects.toMatchObject({
        status: 403,
        code: 'edge.direct_access',
      });
  });
  it('a deployed stage without the secret ARN fails closed (no development fallback)', async () => {
    delete process.env.ORIGIN_SECRET_ARN;
    await expect(edgeClientIp({}, '198.51.100.7')).rejects.toThrow(/ORIGIN_SECRET_ARN/);
  });
  it('locally without an edge token there is no edge: the connection address, whatever the headers say', async () => {
    Object.assign(process.env, { APP_STAGE: 'local' });
    delete process.env.ORIGIN_SECRET_ARN;
    delete process.env.ORIGIN_VERIFY_SECRET;
    expect(await edgeClientIp({ 'cloudfront-viewer-address': '203.0.113.1:443' }, '127.0.0.1')).toBe('127.0.0.1');
  });
});

describe('runtime secrets', () => {
  it('are read once per cache period (concurrent callers share the read), then again', async () => {
    const t0 = Date.now();
    await Promise.all([secretValues('cursorKey', t0), secretValues('cursorKey', t0)]);
    expect(reads).toEqual(['arn:cursor:AWSCURRENT']);
    versions.AWSCURRENT = 'rotated';
    expect((await secretValues('cursorKey', t0 + 1000)).current).toBe('token-now');
    expect((await secretValues('cursorKey', t0 + SECRET_CACHE_MS + 1)).current).toBe('rotated');
  });
});
