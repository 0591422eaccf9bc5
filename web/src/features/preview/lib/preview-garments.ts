/** What the engine is given for a look, and the warm-up of a page's first look (issue 25). */
import type { QueryClient } from '@tanstack/react-query';
import { ENGINE_GARMENT_SOURCE } from '@shared/domain/catalog';
import { publicMediaUrl } from '@shared/domain/image-ref';
import type { PhotoProfile } from '@shared/schemas/photo-profile';
import { imageSourceKind, resolvedImageQuery } from '../../../components/app-image';
import { warmPreview, type PreviewGarment } from '../../../lib/engine/preview';
import { previewProfile, type PreviewLook } from '../lib/preview-look';

/**
 * The URL a script may GET for `src` (what useResolvedImageUrl gives an <img>), through the same cache; null
 * when there is none or the API does not sign one.
 */
export async function resolveImageSrc(client: QueryClient, src: string | null | undefined): Promise<string | null> {
  const kind = imageSourceKind(src);
  if (kind === 'none') return null;
  if (kind === 'public') return publicMediaUrl(src!.trim());
  if (kind === 'direct') return src!.trim();
  const data = await client.fetchQuery(resolvedImageQuery(src!.trim()));
  return typeof data.url === 'string' && imageSourceKind(data.url) === 'direct' ? data.url : null;
}

/** The engine's inputs for a look: its pictures as URLs a script may GET. */
export const garmentsFor = (client: QueryClient, l: PreviewLook): Promise<PreviewGarment[]> =>
  Promise.all(
    l.garments.map(async (g) => {
      const url = await resolveImageSrc(client, g.src);
      if (!url) throw new Error('The outfit picture could not be read');
      return { url, slot: g.slot ?? null, source: g.imageType ? ENGINE_GARMENT_SOURCE[g.imageType] : 'auto' };
    }),
  );

/**
 * The warm-up of ./preview-on-me.tsx, run while the page is idle: where the engine's models are already in this
 * browser's cache, the worker reads the profile's full-body photo and the page's own look, so the first preview
 * only draws. False when it did nothing.
 */
export async function warmFirstLook(
  client: QueryClient,
  looks: PreviewLook[],
  profiles: PhotoProfile[],
  profileId: string | null | undefined,
): Promise<boolean> {
  const profile = previewProfile(profiles, profileId, null);
  const look = looks[0];
  if (!profile?.fullBodyUrl || !look) return false;
  try {
    const person = await resolveImageSrc(client, profile.fullBodyUrl);
    if (!person) return false;
    return await warmPreview(person, await garmentsFor(client, look));
  } catch {
    return false;
  }
}
