import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { handler } from './authorizer';
import { setSecretFetcherForTests } from '../lib/runtime-secrets';
import { ORIGIN_VERIFY_HEADER } from '../../shared/domain/edge';

const env = { ...process.env };
let versions: Record<string, string | null> = {};

beforeEach(() => {
  versions = { AWSCURRENT: 'token-now', AWSPREVIOUS: 'token-before' };
  setSecretFetcherForTests(async (_arn, stage) => versions[stage] ?? null);
  Object.assign(process.env, { APP_STAGE: 'prod', ORIGIN_SECRET_ARN: 'arn:origin' });
});
afterEach(() => {
  setSecretFetcherForTests(null);
  process.env = { ...env };
});

describe("the API's authorizer (nothing reaches the API except through the edge)", () => {
  it("allows CloudFront's token, current or previous (a rotation)", async () => {
    expect(await handler({ headers: { [ORIGIN_VERIFY_HEADER]: 'token-now' } })).toEqual({ isAuthorized: true });
    expect(await handler({ headers: { [ORIGIN_VERIFY_HEADER]: 'token-before' } })).toEqual({ isAuthorized: true });
  });
  it('refuses any other value, an empty one and a missing header', async () => {
    for (const headers of [{ [ORIGIN_VERIFY_HEADER]: 'guess' }, { [ORIGIN_VERIFY_HEADER]: '' }, {}, undefined])
      expect(await handler({ headers } as never)).toEqual({ isAuthorized: false });
  });
  it('fails closed when the stage has no token (an empty secret), even for an empty header', async () => {
    versions = { AWSCURRENT: null, AWSPREVIOUS: null };
    expect(await handler({ headers: { [ORIGIN_VERIFY_HEADER]: '' } })).toEqual({ isAuthorized: false });
  });
});
