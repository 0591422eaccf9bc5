/**
 * A multipart upload with real progress (XMLHttpRequest upload events; fetch cannot report upload
 * progress). Same rules as api-client.ts: credentials, the Cognito ID token as Bearer, an ApiError for
 * every non-OK answer, the JSON answer parsed.
 */
import { ApiError } from './api-error';
import { getIdToken } from './auth';

/** Progress in whole percent, 0 to 100. */
export type ProgressListener = (percent: number) => void;

export const progressPercent = (loaded: number, total: number): number =>
  total > 0 ? Math.max(0, Math.min(100, Math.round((loaded / total) * 100))) : 0;

export async function uploadWithProgress<T>(
  url: string,
  formData: FormData,
  onProgress?: ProgressListener,
  signal?: AbortSignal,
): Promise<T> {
  const token = await getIdToken();
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(progressPercent(e.loaded, e.total));
    };
    xhr.onload = () => {
      const body = xhr.responseText ?? '';
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new ApiError(xhr.status, xhr.statusText, body));
        return;
      }
      onProgress?.(100);
      try {
        resolve((body ? JSON.parse(body) : null) as T);
      } catch {
        reject(new ApiError(xhr.status, 'Invalid JSON', body));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, 'Network error', ''));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(formData);
  });
}
