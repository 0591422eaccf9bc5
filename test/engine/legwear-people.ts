/**
 * People in legwear for the engine's tests (issue 38, point 4): no fixture wears stockings or boots, so a bare-legged
 * fixture's legs are painted, from its own analysis, with thigh-high sheer stockings (the skin darkened through
 * the nylon, a lace band at the top, over the feet) or knee boots (dark leather keeping the photo's shading, over
 * the feet). Tests and scripts only.
 */
import type { PersonAnalysis, RgbaImage } from '../../shared/engine';
import { bodyFrom } from '../../shared/engine/perception/body';
import { footBox } from '../../shared/engine/place/shoes';

export type Legwear = 'stockings' | 'boots';

function segDist2(x: number, y: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax;
  const dy = by - ay;
  const l2 = dx * dx + dy * dy || 1;
  const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / l2));
  return (ax + dx * t - x) ** 2 + (ay + dy * t - y) ** 2;
}

/** The person with `kind` painted on both legs (and feet); `painted` marks the pixels changed. */
export function dressLegs(
  image: RgbaImage,
  analysis: PersonAnalysis,
  kind: Legwear,
): { image: RgbaImage; painted: Uint8Array } {
  const body = bodyFrom(analysis);
  const { width: W, height: H, mask } = body;
  const data = new Uint8Array(image.data);
  const painted = new Uint8Array(W * H);
  // where: both legs' and feet's pixels (each painted once where the legs overlap); the lace band's rows
  const band = new Uint8Array(W * H);
  for (const leg of [body.legL, body.legR]) {
    // stockings from 40% of the thigh (hip joint -> knee), boots from just above the knee
    const top =
      kind === 'stockings' ? leg.root.y + (leg.mid.y - leg.root.y) * 0.4 : leg.mid.y - (leg.mid.y - leg.root.y) * 0.12;
    const bandH = (leg.mid.y - leg.root.y) * 0.08;
    const foot = footBox(body, leg.end, leg.widthEnd);
    const rT = leg.widthRoot * 0.62;
    const rS = leg.widthEnd * 0.62;
    const other = leg === body.legL ? body.legR.end : body.legL.end;
    for (let y = Math.max(0, Math.floor(top)); y < H; y++) {
      for (let x = 0; x < W; x++) {
        const p = y * W + x;
        if (mask[p]! < 128) continue;
        const onLeg =
          segDist2(x, y, leg.root.x, leg.root.y, leg.mid.x, leg.mid.y) <= rT * rT ||
          segDist2(x, y, leg.mid.x, leg.mid.y, leg.end.x, leg.end.y) <= rS * rS;
        const onFoot =
          y > leg.end.y &&
          x >= foot.x - foot.w * 0.2 &&
          x <= foot.x + foot.w * 1.2 &&
          y <= foot.y + foot.h + foot.h * 0.2 &&
          (x - leg.end.x) ** 2 + (y - leg.end.y) ** 2 <= (x - other.x) ** 2 + (y - other.y) ** 2;
        if (!onLeg && !onFoot) continue;
        painted[p] = 255;
        if (y < top + bandH) band[p] = 255;
      }
    }
  }
  for (let p = 0; p < W * H; p++) {
    if (!painted[p]) continue;
    const o = p * 4;
    const r = data[o]!;
    const g = data[o + 1]!;
    const b = data[o + 2]!;
    if (kind === 'stockings') {
      // sheer black nylon: a little of the skin's light through it, near-neutral; the lace band darker still
      const k = band[p] ? 0.1 : 0.22;
      data[o] = Math.round(r * k + 22);
      data[o + 1] = Math.round(g * k + 20);
      data[o + 2] = Math.round(b * k + 24);
    } else {
      // black leather with the photo's own shading
      const l = (0.3 * r + 0.59 * g + 0.11 * b) / 255;
      const s = 0.45 + l * 0.9;
      data[o] = Math.min(255, Math.round(40 * s));
      data[o + 1] = Math.min(255, Math.round(36 * s));
      data[o + 2] = Math.min(255, Math.round(38 * s));
    }
  }
  return { image: { width: W, height: H, data }, painted };
}
