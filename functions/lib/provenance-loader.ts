/**
 * The AI marking (./provenance.ts), loaded on first use. Its C2PA and X.509 libraries are about 800 KiB of a
 * bundle; loading them only when an image is marked keeps them off the cold start of every request that
 * marks nothing (the share pages, the admin routes that never render).
 */
import type { MadeBy } from '../../shared/domain/provenance';
import { sideModuleUrl } from './side-modules';

/** In a deployed function, a side module (./side-modules.ts): a file of its own, not read at cold start. */
const loadProvenance = (): Promise<typeof import('./provenance')> =>
  process.env.FITLY_SIDE_MODULES === 'files' ? import(sideModuleUrl('provenance')) : import('./provenance');

export async function markAsAiGenerated(bytes: Buffer, contentType: string, madeBy: MadeBy): Promise<Buffer> {
  const provenance = await loadProvenance();
  return provenance.markAsAiGenerated(bytes, contentType, madeBy);
}
