import type { PhotoProfile } from '../../api/catalog';
import type { GenerationView } from '../../api/generations';

/** The photo a result was made from: the full-body photo for Exact mode, else the portrait. */
export function originalPhotoOf(
  g: Pick<GenerationView, 'mode' | 'inputs'>,
  profiles: PhotoProfile[] | undefined,
): string | null {
  const p = profiles?.find((x) => x.id === g.inputs.photoProfileId);
  if (!p) return null;
  return g.mode === 'exact' ? (p.fullBodyUrl ?? p.portraitUrl) : p.portraitUrl;
}
