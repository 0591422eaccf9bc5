/**
 * "Delete my account" runs the same "Delete all my photos" use case as the profiles route, in its own Lambda:
 * the generation records forget the keys of the deleted images and the photo consents go, even when nothing
 * of the profiles group was ever loaded in the process (this file never calls a profiles route). A deletion
 * that stops right after the photo purge (the public bucket fails) shows that state, and a retry completes it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { setupIntegration, type IntegrationContext, type TestUser } from '../support/integration';
import { bucketClient } from '../support/media';
import { PHOTO_CONSENT } from '../../shared/domain/privacy';
import {
  createGenerationWithReservation,
  getGeneration,
  type GenerationRecord,
} from '../../shared/repositories/generation-repository';
import { getPhotoConsent, putPhotoConsent } from '../../shared/repositories/privacy-repository';

let ctx: IntegrationContext;
let s3: ReturnType<typeof bucketClient>;
const privateBucket = () => process.env.PRIVATE_BUCKET!;
let realPublicBucket = '';

beforeAll(async () => {
  ctx = await setupIntegration();
  s3 = bucketClient(ctx.endpoints.s3);
  realPublicBucket = process.env.PUBLIC_BUCKET!;
});
afterAll(() => {
  process.env.PUBLIC_BUCKET = realPublicBucket;
});

async function completedGeneration(u: TestUser): Promise<GenerationRecord> {
  const now = new Date();
  const id = ulid(now.getTime());
  const resultKey = `users/${u.sub}/generations/${id}.jpg`;
  await s3.put(privateBucket(), resultKey, Buffer.from('result'));
  const gen: GenerationRecord = {
    id,
    userId: u.sub,
    status: 'completed',
    kind: 'quick-try',
    mode: 'exact',
    inputs: {
      photoProfileId: 'p1',
      styleId: null,
      promptTemplateId: null,
      rawTemplateId: null,
      imageUrl: 'https://example.com/shirt.jpg',
      imageType: 'product_only',
      styleRefKey: null,
      backgroundKey: null,
    },
    styleName: null,
    templateName: 'Custom look',
    cost: 0,
    reserved: {},
    priority: false,
    resultKey,
    error: null,
    createdAt: now.toISOString(),
    startedAt: now.toISOString(),
    completedAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  await createGenerationWithReservation(ctx.db, gen);
  return gen;
}

describe('delete my account: the photo purge', () => {
  it('clears the generation result keys and deletes the photo consents (then a retry completes)', async () => {
    const u = await ctx.createUser();
    expect((await ctx.invoke('GET', '/api/auth/user', { token: u.idToken })).status).toBe(200);
    const gen = await completedGeneration(u);
    await putPhotoConsent(ctx.db, {
      userId: u.sub,
      profileId: 'p1',
      wordingVersion: PHOTO_CONSENT.version,
      acceptedAt: new Date().toISOString(),
      ipHash: null,
    });
    expect((await getGeneration(ctx.db, u.sub, gen.id))?.resultKey).toBe(gen.resultKey);

    // The step after the photo purge fails: the public bucket is unreachable.
    process.env.PUBLIC_BUCKET = `missing-${ulid().toLowerCase()}`;
    let res;
    try {
      res = await ctx.invoke('DELETE', '/api/user/account', {
        token: u.idToken,
        body: { confirm: 'DELETE', password: u.password },
      });
    } finally {
      process.env.PUBLIC_BUCKET = realPublicBucket;
    }
    expect(res.status).toBeGreaterThanOrEqual(500);

    // The purge ran: the image is gone, no record points at it, the consent is gone.
    expect(await s3.list(privateBucket(), `users/${u.sub}/`)).toEqual([]);
    const after = await getGeneration(ctx.db, u.sub, gen.id);
    expect(after).not.toBeNull();
    expect(after!.resultKey).toBeNull();
    expect(await getPhotoConsent(ctx.db, u.sub, 'p1')).toBeNull();

    // Each step is safe to run again: the retried deletion completes.
    const retry = await ctx.invoke('DELETE', '/api/user/account', {
      token: u.idToken,
      body: { confirm: 'DELETE', password: u.password },
    });
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(await getGeneration(ctx.db, u.sub, gen.id)).toBeNull();
  });
});
