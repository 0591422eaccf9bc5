/**
 * Issue 24, item 3, revised by issue 41: every function that reads objects may list its bucket
 * (functions/lib/aws-access.ts), so real S3 answers a missing key with 404 NoSuchKey (HEAD: 404 with no body), as
 * recorded in test/support/s3-error-shapes.ts; each "missing object" path answers 404 (or carries on, where a
 * missing object is fine). A 403 is a refusal (a policy that went wrong), not a missing key: it surfaces as an
 * error instead of hiding behind "not found".
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { getS3 } from '../../functions/lib/s3';
import { copyImage, mediaKeys, objectExists, privateImagePath, readImage } from '../../functions/lib/media-store';
import { getBalance } from '../../shared/repositories/ledger-repository';
import { S3_WIRE_ANSWERS } from '../support/s3-error-shapes';
import { atS3Wire } from '../support/s3-wire';
import { createUserWithProfile } from '../support/users';
import { seedTestCatalog } from '../support/styles';
import { setupIntegration, type IntegrationContext } from '../support/integration';

let ctx: IntegrationContext;
/** Keys S3 refuses (403, as to a role whose policy does not allow the read) */
const refused = new Set<string>();

/** S3's own answers: a missing key as S3 answers a role with s3:ListBucket; a refused key as S3 refuses it. */
function answerLikeAws() {
  atS3Wire(getS3(), 'testAnswerLikeAws', async (operation, input, next) => {
    const read = operation === 'GetObject' || operation === 'HeadObject';
    if (read && refused.has(String(input.Key)))
      return operation === 'GetObject' ? S3_WIRE_ANSWERS.getMissingWithoutList : { status: 403 };
    if (!read) return undefined;
    // s3rver's own 404 for a missing key becomes S3's recorded one (NoSuchKey XML; HEAD: no body)
    try {
      await next();
      return undefined;
    } catch (err) {
      if ((err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode !== 404) throw err;
      return operation === 'GetObject' ? S3_WIRE_ANSWERS.getMissingWithList : { status: 404 };
    }
  });
}

beforeAll(async () => {
  ctx = await setupIntegration();
  await seedTestCatalog(ctx, (await ctx.createUser()).sub); // the raw templates
  answerLikeAws();
});

describe('a missing object answers 404 with the AWS error shapes; a refusal is an error', () => {
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

  it('a 403 from S3 is not "missing": reads throw it, and an image route answers 500, not 404', async () => {
    const { user } = await createUserWithProfile(ctx);
    const key = mediaKeys.outfit(user.sub, '01J00000000000000000000001', 'jpg');
    refused.add(key);
    refused.add('users/none/refused.jpg');
    await expect(readImage('private', 'users/none/refused.jpg')).rejects.toMatchObject({ name: 'AccessDenied' });
    await expect(objectExists('private', 'users/none/refused.jpg')).rejects.toMatchObject({
      $metadata: { httpStatusCode: 403 },
    });
    const res = await ctx.invoke('GET', privateImagePath(key), { token: user.idToken });
    expect(res.status).toBe(500);
  });
});
