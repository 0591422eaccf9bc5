/** Test helpers on a person's feet, shared by the shoe tests of functions/engine. */
import type { Body } from '../../shared/engine/perception/body';
import { footBox } from '../../shared/engine/place/place';

/**
 * Where a foot points in the photo, shin widths beside its ankle: the person mask's middle across its foot's box in
 * the box's lowest quarter (the toe on the floor), less the ankle's x.
 */
export function pointing(body: Body, leg: Body['legL']): number {
  const W = body.width;
  const box = footBox(body, leg.end, leg.widthEnd);
  let sx = 0;
  let n = 0;
  for (let y = Math.round(box.y + box.h * 0.75); y < Math.min(body.height, box.y + box.h); y++) {
    for (let x = Math.max(0, Math.round(box.x)); x < Math.min(W, box.x + box.w); x++) {
      if ((body.mask[y * W + x] ?? 0) < 128) continue;
      sx += x;
      n++;
    }
  }
  return (sx / Math.max(1, n) - leg.end.x) / leg.widthEnd;
}
