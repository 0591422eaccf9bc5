/**
 * Read access to media: short-lived presigned GETs. Private keys live under users/<userId>/ and are
 * only signed for their owner; anything else answers 404 (never a hint that the object exists).
 */
import { GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { notFound, badRequest } from '../../shared/errors';
import { getConfig } from '../lib/config';
import { getPresignS3, getS3 } from '../lib/s3';
import { mediaKeys } from '../lib/media-store';
import { isSafeImageKey } from '../../shared/domain/image-ref';

export const PRESIGN_SECONDS = 300;

function checkKey(key: string): string {
  if (!isSafeImageKey(key)) throw badRequest('Invalid image key');
  return key;
}

async function presign(bucket: string, key: string): Promise<string> {
  try {
    await getS3().send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
  } catch {
    throw notFound('Image not found');
  }
  return getSignedUrl(getPresignS3(), new GetObjectCommand({ Bucket: bucket, Key: key }), { expiresIn: PRESIGN_SECONDS });
}


export async function publicImageUrl(key: string): Promise<{ url: string }> {
  return { url: await presign(getConfig().publicBucket, checkKey(key)) };
}

export async function privateImageUrl(userId: string, key: string): Promise<{ url: string }> {
  checkKey(key);
  if (!key.startsWith(mediaKeys.userPrefix(userId))) throw notFound('Image not found');
  return { url: await presign(getConfig().privateBucket, key) };
}
