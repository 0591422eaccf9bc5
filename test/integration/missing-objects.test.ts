/**
 * Issue 24, item 3: real S3 answers a missing key with 403 AccessDenied (Forbidden for HEAD) to a role that may
 * not list the bucket, as most of our functions may not; s3rver answers 404. Here the functions' own S3 client
 * answers every missing key with the recorded AWS shapes (test/support/s3-error-shapes.ts), and each "missing
 * object" path must still answer 404 (or carry on, where a missing object is fine), never 500.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { getS3, type S3 } from '../../functions/lib/s3';
import { copyImage, mediaKeys, objectExists, privateImagePath, readImage } from '../../functions/lib/media-store';
import { getBalance } from '../../shared/repositories/ledger-repository';
import { S3_WIRE_ANSWERS } from '../support/s3-error-shapes';
import { createUserWithProfile } from '../support/users';
import { seedTestCatalog } from '../support/styles';
import { setupIntegration, type IntegrationContext } from '../support/integration';

let ctx: IntegrationContext;

/** Every 404 of a read becomes what S3 sends a role without s3:ListBucket. */
function answerLikeAwsWithoutList(client: S3) {
  client.use('testAnswerLikeAwsWithoutList', async (command, next) => {
    const res = await next();
    if (res.status !== 404 && res.status !== 403) return res;
    // S3's answer to a role without s3:ListBucket: GetObject 403 AccessDenied (XML), HeadObject 403 (no body)
    if (command.operation === 'GetObject')
      return { status: 403, headers: {}, body: Buffer.from(S3_WIRE_ANSWERS.getMissingWithoutList.body) };
    if (command.operation === 'HeadObject') return { status: 403, headers: {}, body: Buffer.alloc(0) };
    return res;
  });
}

beforeAll(async () => {
  ctx = await setupIntegration();
  await seedTestCatalog(ctx, (await ctx.createUser()).sub); // the raw templates
  answerLikeAwsWithoutList(getS3());
});

describe('a missing object answers 404 with the AWS error shapes', () => {
  it('upload finalize with no upload: 404 with the upload message (was 500 in AWS)', async () => {
    const { user } = await createUserWithProfile(ctx);
    const presign = await ctx.invoke('POST', '/api/uploads', {
      token: user.idToken,
      body: { purpose: 'outfit', contentType: 'image/jpeg', size: 100 },
    });
    expect(presign.status).toBe(201);
    const res = await ctx.invoke('POST', '/api/uploads/complete', {
      token: user.idToken,
      body: { uploadId: presign.body.uploadId },
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      message: 'Upload not found or expired. Please upload the image again.',
      code: 'not_found',
    });
  });

  it('a raw template naming a template upload that is gone: 404, nothing spent (was 500 in AWS)', async () => {
    const { user, profileId } = await createUserWithProfile(ctx, { credits: 3 });
    const before = await getBalance(ctx.db, user.sub);
    const gone = privateImagePath(mediaKeys.templateInput(user.sub, '01J00000000000000000000000', 'jpg'));
    const res = await ctx.invoke('POST', '/api/generate', {
      token: user.idToken,
      body: { rawTemplateId: 'raw-glasses', photoProfileId: profileId, styleRefUrl: gone },
    });
    expect(res.body).toEqual({
      message: 'Upload not found or expired. Please upload the image again.',
      code: 'not_found',
    });
    expect(res.status).toBe(404);
    expect(await getBalance(ctx.db, user.sub)).toEqual(before);
  });

  it('reads used by takedowns, exports and image routes see "missing", not an error', async () => {
    expect(await readImage('public', 'styles/none/gone.jpg')).toBeNull();
    expect(await objectExists('private', 'users/none/gone.jpg')).toBe(false);
    expect(await copyImage('private', 'users/none/gone.jpg', 'private', 'users/none/copy.jpg')).toBe(false);
  });
});
