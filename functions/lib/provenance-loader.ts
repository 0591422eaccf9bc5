/**
 * The AI marking (./provenance.ts), loaded on first use. Its C2PA and X.509 libraries are about 600 KiB of a
 * bundle; evaluating them only when an image is marked keeps them off the cold start of every request that
 * marks nothing (the share pages, the admin routes that never render).
 */
import type { MadeBy } from '../../shared/domain/provenance';

export async function markAsAiGenerated(bytes: Buffer, contentType: string, madeBy: MadeBy): Promise<Buffer> {
  const provenance = await import('./provenance');
  return provenance.markAsAiGenerated(bytes, contentType, madeBy);
}
