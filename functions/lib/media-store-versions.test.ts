/**
 * Issue 24, item 5: the deletion code against a versioned-bucket double (s3rver has no versioning). The double
 * keeps S3's versioning rules: a PutObject adds a version, a DeleteObjects without VersionId adds a delete
 * marker (the bytes stay as a noncurrent version), with a VersionId it removes that version for good.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { S3Client } from '@aws-sdk/client-s3';
import { getS3 } from './s3';
import { deletePrefix, listKeys, purgeVersions, putImage } from './media-store';

interface Version {
  key: string;
  id: string;
  marker: boolean;
}

/** An in-memory versioned bucket answering the commands the deletion code sends. */
function versionedBucket() {
  const versions: Version[] = [];
  let n = 0;
  const latest = (key: string) => versions.filter((v) => v.key === key).at(-1);
  const handle = (command: string, input: any): unknown => {
    switch (command) {
      case 'PutObjectCommand':
        versions.push({ key: input.Key, id: `v${++n}`, marker: false });
        return {};
      case 'ListObjectsV2Command': {
        const keys = [...new Set(versions.map((v) => v.key))].filter(
          (k) => k.startsWith(input.Prefix ?? '') && latest(k) && !latest(k)!.marker,
        );
        return { Contents: keys.map((Key) => ({ Key })), IsTruncated: false };
      }
      case 'ListObjectVersionsCommand': {
        const under = versions.filter((v) => v.key.startsWith(input.Prefix ?? ''));
        return {
          Versions: under.filter((v) => !v.marker).map((v) => ({ Key: v.key, VersionId: v.id })),
          DeleteMarkers: under.filter((v) => v.marker).map((v) => ({ Key: v.key, VersionId: v.id })),
          IsTruncated: false,
        };
      }
      case 'DeleteObjectsCommand':
        for (const o of input.Delete.Objects as { Key: string; VersionId?: string }[]) {
          if (o.VersionId) versions.splice(versions.findIndex((v) => v.key === o.Key && v.id === o.VersionId) >>> 0, 1);
          else versions.push({ key: o.Key, id: `v${++n}`, marker: true });
        }
        return { Errors: [] };
      default:
        throw new Error(`the double does not answer ${command}`);
    }
  };
  return { versions, handle };
}

let bucket: ReturnType<typeof versionedBucket>;
const env = { ...process.env };
const MIDDLEWARE = 'versionedBucketDouble';

beforeEach(() => {
  bucket = versionedBucket();
  Object.assign(process.env, {
    PRIVATE_BUCKET: 'private',
    PUBLIC_BUCKET: 'public',
    TABLE_NAME: 'unused',
    COGNITO_USER_POOL_ID: 'eu-west-1_x',
    COGNITO_CLIENT_ID: 'x',
    MEDIA_BUCKETS_VERSIONED: 'true',
  });
  delete process.env.S3_ENDPOINT;
  (getS3() as S3Client).middlewareStack.add(
    (_next, context) => async (args) => ({
      output: bucket.handle(context.commandName!, (args as { input: unknown }).input) as never,
      response: {},
    }),
    { step: 'initialize', name: MIDDLEWARE, override: true },
  );
});
afterEach(() => {
  (getS3() as S3Client).middlewareStack.remove(MIDDLEWARE);
  process.env = { ...env };
});

const photo = Buffer.from('a person');

describe('deletion that is deletion in a versioned bucket', () => {
  it('a plain delete leaves the photo recoverable (the double keeps S3 versioning rules)', async () => {
    await putImage('private', 'users/u1/photo-profiles/p1/portrait-1.jpg', photo, 'image/jpeg');
    await deletePrefix('private', 'users/u1/');
    expect(await listKeys('private', 'users/u1/')).toEqual([]);
    expect(bucket.versions.filter((v) => !v.marker).map((v) => v.key)).toEqual([
      'users/u1/photo-profiles/p1/portrait-1.jpg',
    ]);
  });

  it('purging removes every version and delete marker under the prefix, and nothing else', async () => {
    await putImage('private', 'users/u1/photo-profiles/p1/portrait-1.jpg', photo, 'image/jpeg');
    await putImage('private', 'users/u1/photo-profiles/p1/portrait-1.jpg', photo, 'image/jpeg'); // two versions
    await putImage('private', 'users/u1/outfits/o1.jpg', photo, 'image/jpeg');
    await putImage('private', 'users/u2/outfits/o2.jpg', photo, 'image/jpeg');
    await deletePrefix('private', 'users/u1/');
    expect(await purgeVersions('private', 'users/u1/')).toBe(5); // 3 versions + 2 delete markers
    expect(bucket.versions.map((v) => v.key)).toEqual(['users/u2/outfits/o2.jpg']);
  });

  it('is a no-op where buckets are not versioned, and refuses an unsafe prefix', async () => {
    await expect(purgeVersions('private', 'u')).rejects.toThrow(/unsafe/);
    process.env.MEDIA_BUCKETS_VERSIONED = '';
    await putImage('private', 'users/u1/a.jpg', photo, 'image/jpeg');
    expect(await purgeVersions('private', 'users/u1/')).toBe(0);
  });
});
