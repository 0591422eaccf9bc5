/**
 * Quick Try with an image from another site (/quick-try?imageUrl=https://...): the page's image policy
 * blocks outside images and the generation needs one of ours, so the server fetches it first through its
 * SSRF-guarded POST /api/download-image, and the page shows and generates from the stored copy.
 */
export function isOutsideImageUrl(url: string | null | undefined, origin: string = window.location.origin): boolean {
  if (!url || !/^https?:\/\//i.test(url.trim())) return false;
  try {
    return new URL(url.trim()).origin !== origin;
  } catch {
    return false;
  }
}
