/**
 * Issue 24, item 5: the deletion code against a versioned-bucket double (s3rver has no versioning). The double
 * keeps S3's versioning rules: a PutObject adds a version, a DeleteObjects without VersionId adds a delete
 * marker (the bytes stay as a noncurrent version), with a VersionId it removes that version for good.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getS3 } from './s3';
import { atS3Wire, type WireAnswer } from '../../test/support/s3-wire';
import { deletePrefix, listKeys, purgeVersions, putImage } from './media-store';

interface Version {
  key: string;
  id: string;
  marker: boolean;
}

const xml = (body: string): WireAnswer => ({
  status: 200,
  headers: { 'content-type': 'application/xml' },
  body: Buffer.from(body),
});
const entry = (tag: string, v: Version) => `<${tag}><Key>${v.key}</Key><VersionId>${v.id}</VersionId></${tag}>`;

/** An in-memory versioned bucket answering the commands the deletion code sends, in S3's XML. */
function versionedBucket() {
  const versions: Version[] = [];
  let n = 0;
  const latest = (key: string) => versions.filter((v) => v.key === key).at(-1);
  const handle = (operation: string, input: any): WireAnswer => {
    switch (operation) {
      case 'PutObject':
        versions.push({ key: input.Key, id: `v${++n}`, marker: false });
        return { status: 200, headers: { etag: `"${n}"` }, body: Buffer.alloc(0) };
      case 'ListObjectsV2': {
        const keys = [...new Set(versions.map((v) => v.key))].filter(
          (k) => k.startsWith(input.Prefix ?? '') && latest(k) && !latest(k)!.marker,
        );
        return xml(
          `<ListBucketResult>${keys.map((k) => `<Contents><Key>${k}</Key></Contents>`).join('')}<IsTruncated>false</IsTruncated></ListBucketResult>`,
        );
      }
      case 'ListObjectVersions': {
        const under = versions.filter((v) => v.key.startsWith(input.Prefix ?? ''));
        return xml(
          `<ListVersionsResult><IsTruncated>false</IsTruncated>${under.map((v) => entry(v.marker ? 'DeleteMarker' : 'Version', v)).join('')}</ListVersionsResult>`,
        );
      }
      case 'DeleteObjects':
        for (const o of input.Delete.Objects as { Key: string; VersionId?: string }[]) {
          if (o.VersionId) versions.splice(versions.findIndex((v) => v.key === o.Key && v.id === o.VersionId) >>> 0, 1);
          else versions.push({ key: o.Key, id: `v${++n}`, marker: true });
        }
        return xml('<DeleteResult></DeleteResult>');
      default:
        throw new Error(`the double does not answer ${operation}`);
    }
  };
  return { versions, handle };
}

let bucket: ReturnType<typeof versionedBucket>;
const env = { ...process.env };
const MIDDLEWARE = 'versionedBucketDouble';
let removeDouble: () => void;

beforeEach(() => {
  bucket = versionedBucket();
  Object.assign(process.env, {
    PRIVATE_BUCKET: 'private',
    PUBLIC_BUCKET: 'public',
    TABLE_NAME: 'unused',
    COGNITO_USER_POOL_ID: 'eu-west-1_x',
    COGNITO_CLIENT_ID: 'x',
    MEDIA_BUCKETS_VERSIONED: 'true',
    // the SDK's credential chain finds these first (nothing leaves the process: the double answers)
    AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
    AWS_SECRET_ACCESS_KEY: 'secret',
  });
  delete process.env.S3_ENDPOINT;
  removeDouble = atS3Wire(getS3(), MIDDLEWARE, async (operation, input) => bucket.handle(operation, input));
});
afterEach(() => {
  removeDouble();
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
