/**
 * Collections as others see them (docs/decisions.md, "Collection covers and empty collections"):
 * - the cover follows the collection's current styles: a cover taken from a style that left is replaced by
 *   the image of the first style still in it (none left: no cover); a cover the owner uploaded stays;
 * - an empty collection is not listed to others (the owner still sees it in My Collections).
 */
export interface CoverStyle {
  coverImageUrl?: string | null;
  promptImageUrl?: string | null;
}

/** The image a style lends a collection as its cover. */
export const styleCoverImage = (s: CoverStyle): string | null => s.coverImageUrl ?? s.promptImageUrl ?? null;

/** Whether a cover was taken from this style (either of its images). */
export const coverCameFrom = (cover: string | null | undefined, s: CoverStyle): boolean =>
  !!cover && (cover === s.coverImageUrl || cover === s.promptImageUrl);

/** The cover after `left` left the collection; undefined when it stays as it is. */
export function coverAfterRemoval(
  cover: string | null | undefined,
  left: CoverStyle,
  remaining: readonly CoverStyle[],
): string | null | undefined {
  if (!coverCameFrom(cover, left)) return undefined;
  for (const s of remaining) {
    const img = styleCoverImage(s);
    if (img) return img;
  }
  return null;
}

/** Listed to people other than the owner: published and not empty. */
export const isListedCollection = (c: { isPublic?: boolean | null; styleCount?: number | null }): boolean =>
  !!c.isPublic && (c.styleCount ?? 0) > 0;
