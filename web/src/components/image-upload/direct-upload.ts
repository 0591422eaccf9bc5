/**
 * An image upload straight to S3: ask the API for a presigned POST (POST /api/uploads), send the file to the
 * bucket with XMLHttpRequest (real upload progress events; fetch has none), then have the API validate and
 * re-encode it (POST /api/uploads/complete). The API never carries the bytes, so the 6 MB Lambda payload
 * limit does not apply: images up to 15 MB.
 */
import type { DirectUploadPurpose, PresignUploadResult } from '@shared/schemas/upload';
import { apiJson } from '../../lib/api-client';
import { ApiError } from '../../lib/api-error';
import { progressPercent, type ProgressListener } from '../../lib/upload-with-progress';

/** Share of the bar the transfer takes; the rest is the server's check and re-encode. */
export const TRANSFER_SHARE = 95;

/** POST the file to the presigned form (fields first, file last, as S3 requires). */
export function postToBucket(
  post: Pick<PresignUploadResult, 'url' | 'fields'>,
  file: Blob,
  onProgress?: ProgressListener,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(post.fields)) form.append(k, v);
    form.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', post.url);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable)
        onProgress?.(Math.min(TRANSFER_SHARE, Math.round((progressPercent(e.loaded, e.total) * TRANSFER_SHARE) / 100)));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve();
      // S3 answers XML: <Error><Code>EntityTooLarge</Code><Message>...</Message></Error>
      else
        reject(
          new ApiError(
            xhr.status,
            xhr.statusText || 'Upload failed',
            JSON.stringify({
              message: /<Message>([^<]*)<\/Message>/.exec(xhr.responseText ?? '')?.[1] ?? 'Upload failed',
            }),
          ),
        );
    };
    xhr.onerror = () => reject(new ApiError(0, 'Network error', ''));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/**
 * The first two steps only: a presigned POST and the file sent to the quarantine with progress. Used as is by
 * purposes that a record finalizes (photo-profile photos: the profile save names the upload id).
 */
export async function uploadToQuarantine(
  file: File,
  purpose: DirectUploadPurpose,
  onProgress?: ProgressListener,
  signal?: AbortSignal,
): Promise<{ uploadId: string }> {
  onProgress?.(0);
  const post = await apiJson<PresignUploadResult>(
    'POST',
    '/api/uploads',
    { purpose, contentType: file.type, size: file.size },
    signal,
  );
  await postToBucket(post, file, onProgress, signal);
  return { uploadId: post.uploadId };
}

export async function directUpload(
  file: File,
  purpose: DirectUploadPurpose,
  onProgress?: ProgressListener,
  signal?: AbortSignal,
): Promise<{ url: string }> {
  const { uploadId } = await uploadToQuarantine(file, purpose, onProgress, signal);
  const done = await finalizeUpload(uploadId, signal);
  onProgress?.(100);
  return done;
}

/** How often a finalize whose answer was lost (network, a restarting server) is sent again, and the waits. */
export const FINALIZE_RETRY_DELAYS_MS = [1000, 3000] as const;

/** A lost answer: the network failed, or the server was unavailable. Worth sending the same finalize again. */
const isTransient = (err: unknown) =>
  err instanceof TypeError || (err instanceof ApiError && (err.status === 0 || err.status >= 502));

/**
 * POST /api/uploads/complete, sent again when its answer was lost: the finalize is exactly-once by upload id
 * (the same image is answered, never a second copy), so a retry is safe.
 */
export async function finalizeUpload(uploadId: string, signal?: AbortSignal): Promise<{ url: string }> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await apiJson<{ url: string }>('POST', '/api/uploads/complete', { uploadId }, signal);
    } catch (err) {
      const wait = FINALIZE_RETRY_DELAYS_MS[attempt];
      if (wait === undefined || signal?.aborted || !isTransient(err)) throw err;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}
