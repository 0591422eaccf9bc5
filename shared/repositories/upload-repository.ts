/**
 * Direct uploads taken by their finalize (issue 40, "finalize is once"). The presigned POST form stays valid for
 * its whole lifetime, so the quarantine object can be written again after a finalize; this record is what makes
 * the finalize happen once: the first finalize claims the upload for the sha256 of the bytes it read, and marks it
 * `finalized` with the stored image once that is in place. A later finalize replays the recorded image without
 * reading the quarantine; other bytes can never claim it. See docs/data-model.md ("Direct uploads").
 */
import * as z from 'zod';
import { lazySchema } from '../schemas/lazy-schema';
import { keys } from './keys';
import { TABLE_SCHEMA, type Db } from './table';
import { entity, getItem, putIf, updateIf, type EntityRecord } from './toolkit';

export const directUploadEntity = entity({
  name: 'DirectUpload',
  schema: lazySchema(() =>
    z.object({
      userId: z.string(),
      uploadId: z.string(),
      /** sha256 (hex) of the quarantine bytes the claiming finalize read. */
      sourceSha: z.string(),
      /** claimed: a finalize is storing it (or died doing so); finalized: done, `result*` is the answer. */
      status: z.enum(['claimed', 'finalized']),
      claimedAt: z.string(),
      finalizedAt: z.string().nullable().default(null),
      /** Where the finalized image is (null for uploads a record takes: photo-profile photos). */
      resultBucket: z.enum(['private', 'public']).nullable().default(null),
      resultKey: z.string().nullable().default(null),
    }),
  ),
  key: (u) => keys.directUpload(u.userId, u.uploadId),
});
export type DirectUploadRecord = EntityRecord<typeof directUploadEntity>;

export async function getDirectUpload(db: Db, userId: string, uploadId: string): Promise<DirectUploadRecord | null> {
  return directUploadEntity.parseOrNull(await getItem(db, keys.directUpload(userId, uploadId), { consistent: true }));
}

/**
 * Claim an upload for the bytes with this sha256: true when this finalize may store them (nobody claimed it yet,
 * or a finalize of the same bytes claimed it and has not finished: a retry after a crash). False when other
 * bytes hold the claim or the upload is finalized: nothing may be stored.
 */
export async function claimDirectUpload(
  db: Db,
  claim: { userId: string; uploadId: string; sourceSha: string; now: Date; ttlEpochSeconds: number },
): Promise<boolean> {
  const record: DirectUploadRecord = {
    userId: claim.userId,
    uploadId: claim.uploadId,
    sourceSha: claim.sourceSha,
    status: 'claimed',
    claimedAt: claim.now.toISOString(),
    finalizedAt: null,
    resultBucket: null,
    resultKey: null,
  };
  const w = directUploadEntity.where;
  return putIf(
    db,
    directUploadEntity.item(record, { [TABLE_SCHEMA.ttlAttribute]: claim.ttlEpochSeconds }),
    w.or(w.notExists('pk'), w.and(w.eq('sourceSha', claim.sourceSha), w.eq('status', 'claimed'))),
  );
}

/** Mark a claimed upload finalized with its stored image (false if the claim is gone or is another's). */
export async function finishDirectUpload(
  db: Db,
  done: {
    userId: string;
    uploadId: string;
    sourceSha: string;
    result: { bucket: 'private' | 'public'; key: string } | null;
    now: Date;
  },
): Promise<boolean> {
  return updateIf(
    db,
    keys.directUpload(done.userId, done.uploadId),
    directUploadEntity
      .update()
      .set({
        status: 'finalized',
        finalizedAt: done.now.toISOString(),
        resultBucket: done.result?.bucket ?? null,
        resultKey: done.result?.key ?? null,
      })
      .where((w) => w.eq('sourceSha', done.sourceSha)),
  );
}
