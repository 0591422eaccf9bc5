/**
 * Download a result: resolve the API image path to its presigned url, fetch it, save it under a name that
 * says it is AI-generated ("fitly-ai-generated-<title>.jpg"); the file carries the signed C2PA record too.
 */
import { aiDownloadName } from '@shared/domain/provenance';
import { apiJson } from '../lib/api-client';
import { imageSourceKind } from '../components/app-image';
import { publicMediaUrl } from '@shared/domain/image-ref';

export class DownloadError extends Error {}

export async function downloadGenerationImage(
  generationId: string,
  resultUrl: string,
  title?: string | null,
): Promise<void> {
  let url = resultUrl;
  if (imageSourceKind(resultUrl) === 'public') url = publicMediaUrl(resultUrl) ?? resultUrl;
  else if (imageSourceKind(resultUrl) === 'api') {
    const res = await apiJson<{ url?: string }>('GET', resultUrl).catch(() => null);
    if (!res?.url) throw new DownloadError('Failed to fetch presigned URL');
    url = res.url;
  }
  const res = await fetch(url);
  if (!res.ok) throw new DownloadError('Failed to download image');
  const blob = await res.blob();
  const href = URL.createObjectURL(blob);
  try {
    const a = document.createElement('a');
    a.href = href;
    a.download = aiDownloadName(title ?? generationId);
    a.rel = 'noopener';
    document.body.appendChild(a);
    a.click();
    a.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(href), 10_000);
  }
}
