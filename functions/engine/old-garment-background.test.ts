/**
 * What an old garment covered off the body, under a new one that covers less of it (shared/engine/compose/fill.ts
 * and background.ts, issue 38 round 3, part F1): the backdrop there has its own texture (a curtain's sparkle and
 * folds, a plaster wall's grain) like the backdrop beside it, not a smooth diffused blob (cgi-model-2's tutu and
 * cgi-model-24's dress skirt under jeans: judged "old-showing" / "smear"; cgi-model-2's is measured here).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { bodyFrom, type Body } from '../../shared/engine/perception/body';
import { readScene } from '../../shared/engine/compose/scene';
import { inCapsule } from '../../shared/engine/compose/occlusion';
import { dilate, erode } from '../../shared/engine/core/image-ops';
import { BG_CHROMA, readBackground } from '../../shared/engine/compose/background';
import type { RgbaImage } from '../../shared/engine/core/types';
import { renderOn } from '../../test/engine/render-on';
import { warmEngineModels } from './node-runtime';

beforeAll(async () => {
  await warmEngineModels();
}, 60_000);

const lum = (d: Uint8ClampedArray | Uint8Array, p: number) =>
  d[p * 4]! * 0.299 + d[p * 4 + 1]! * 0.587 + d[p * 4 + 2]! * 0.114;

/** Mean absolute difference of a pixel's luminance from its 5 x 5 neighbourhood's mean: the image's fine texture. */
function detail(img: RgbaImage, x: number, y: number): number {
  let s = 0;
  let n = 0;
  for (let dy = -2; dy <= 2; dy++) {
    for (let dx = -2; dx <= 2; dx++) {
      const xx = x + dx;
      const yy = y + dy;
      if (xx < 0 || yy < 0 || xx >= img.width || yy >= img.height) continue;
      s += lum(img.data, yy * img.width + xx);
      n++;
    }
  }
  return Math.abs(lum(img.data, y * img.width + x) - s / n);
}

/**
 * The fine texture of the fill off the body (filled, no garment drawn, no old garment's pixel near: the band between
 * the hips and the knees) over that of the backdrop beside it on the same rows (surely off the person, within a
 * shoulder span of the fill).
 */
async function textureRatio(
  person: string,
  garment: string,
): Promise<{ ratio: number; filled: number; ghost: number; shade: number; pale: number }> {
  const { photo, analysis, result: r } = await renderOn(person, garment);
  const body: Body = bodyFrom(r.analysis);
  const { width: W, height: H } = body;
  const filled = r.layers.filled.data;
  const garmentMap = r.layers.garment.data;
  let fillSum = 0;
  let fillN = 0;
  let bgSum = 0;
  let bgN = 0;
  const y0 = Math.round(body.pelvis.y);
  const y1 = Math.round(Math.min(body.legL.mid.y, body.legR.mid.y));
  const reach = body.span;
  for (let y = y0; y < y1; y += 2) {
    const row = filled.subarray(y * W, y * W + W);
    const a = row.indexOf(255);
    if (a < 0) continue;
    const b = row.lastIndexOf(255);
    for (let x = Math.max(2, Math.round(a - reach)); x < Math.min(W - 2, Math.round(b + reach)); x += 2) {
      const p = y * W + x;
      if (filled[p] && garmentMap[p] === 0 && body.mask[p]! >= 128) {
        // inside the fill, a few pixels from its edge (the seam there is blended on purpose)
        if (!filled[p - 3] || !filled[p + 3] || !filled[p - 3 * W] || !filled[p + 3 * W]) continue;
        fillSum += detail(r.image, x, y);
        fillN++;
      } else if (!filled[p] && body.mask[p]! < 10 && garmentMap[p] === 0) {
        bgSum += detail(r.image, x, y);
        bgN++;
      }
    }
  }
  expect(bgN).toBeGreaterThan(500);
  // the old garment's ghost (issue 38, round 9, part N3): pixels inside the fill's outline (closed across 0.05
  // spans) that were left as they were and are brighter than the fill on their row by over 25 levels (the tutu's
  // white tulle and gold trim among the pink backdrop's repaint), over the fill's pixels on those rows
  const r0 = Math.max(1, Math.round(body.span * 0.05));
  const closed = erode(dilate(filled, W, H, r0), W, H, r0);
  let pale = 0;
  let rowsFilled = 0;
  for (let y = y0; y < y1; y++) {
    let s = 0;
    let n = 0;
    for (let x = 0; x < W; x++) {
      const p = y * W + x;
      if (filled[p] && !garmentMap[p]) {
        s += lum(r.image.data, p);
        n++;
      }
    }
    if (n < 10) continue;
    rowsFilled += n;
    for (let x = 0; x < W; x++) {
      const p = y * W + x;
      if (closed[p] && !filled[p] && !garmentMap[p] && lum(r.image.data, p) > s / n + 25) pale++;
    }
  }
  // the backdrop in shade repainted (issue 38, round 17, part X8): filled pixels off the new garment, below the hips,
  // whose photo pixel is of the backdrop's saturated hue, as saturated as the backdrop there (a curtain's darker
  // folds the mask took in beside the legs), over all filled pixels there
  const { background } = readScene(photo, analysis);
  const hs = (R: number, G: number, B: number): [number, number] => {
    const mx = Math.max(R, G, B);
    const c = mx - Math.min(R, G, B);
    if (mx <= 0 || c <= 0) return [0, 0];
    const h = mx === R ? ((G - B) / c + 6) % 6 : mx === G ? (B - R) / c + 2 : (R - G) / c + 4;
    return [h * 60, c / mx];
  };
  const v = [0, 0, 0];
  let shadeN = 0;
  let belowN = 0;
  for (let p = y0 * W; p < H * W; p++) {
    if (!filled[p] || garmentMap[p]) continue;
    belowN++;
    background.at(p % W, (p / W) | 0, v);
    const [bh, bs] = hs(v[0] ?? 0, v[1] ?? 0, v[2] ?? 0);
    const [h, s] = hs(photo.data[p * 4] ?? 0, photo.data[p * 4 + 1] ?? 0, photo.data[p * 4 + 2] ?? 0);
    if (bs >= 0.25 && s >= bs * 0.8 && Math.min(Math.abs(h - bh), 360 - Math.abs(h - bh)) <= 8) shadeN++;
  }
  return {
    ratio: fillN ? fillSum / fillN / (bgSum / bgN) : 0,
    filled: fillN,
    ghost: pale / Math.max(1, rowsFilled),
    pale,
    shade: shadeN / Math.max(1, belowN),
  };
}

describe('the backdrop behind an old garment off the body', () => {
  it("has the backdrop's texture where cgi-model-2's tutu was, under jeans", async () => {
    const { ratio, filled, ghost, shade, pale } = await textureRatio('cgi-model-2', 'jeans-indigo');
    expect(filled).toBeGreaterThan(1000);
    // before: a diffused blob, 0.03 of the backdrop's fine texture; after: 1.19 (its sparkle copied in)
    expect(ratio).toBeGreaterThan(0.6);
    // the tutu's pale flecks left in the repaint (its frills' small holes in the old region): before (round 8)
    // 189 pixels over 54,669 filled (0.0035); after (`fillEnclosed`) 27 over 56,491 (0.0005)
    // (round 17, part X8: the fill no longer takes the curtain's folds beside the legs, 12,779 -> ~7,400 pixels, and
    // the pale pixels left beside it rose 28 -> 119: the curtain's own glitter specks at the smaller fill's edge, left
    // as the photo, not tulle; the per-row share, 0.0005 -> 0.0033, counts them too: held by their count instead)
    expect(pale).toBeLessThan(150);
    expect(ghost).toBeLessThan(0.005);
    // the curtain's folds the mask took in beside the legs left as they are, not repainted (round 17, part X8):
    // share of the fill below the hips of the backdrop's saturated hue, before 0.59, after 0.24
    expect(shade).toBeLessThan(0.35);
  }, 30_000);

  it("keeps the backdrop in shade beside cgi-model-2's raised elbow under a polo, not a skin box", async () => {
    // issue 38 round 5, part H4: the mask reaches over the curtain below the raised upper arm; that curtain, in a
    // fold's shade, is a little off the backdrop's diffused colour and was painted as a smooth skin-pink box with
    // hard edges ("a pink ghost box beside the raised elbow", every top on cgi-model-2)
    const { photo, analysis, result: r } = await renderOn('cgi-model-2', 'polo-pique');
    const scene = readScene(photo, analysis);
    const { body, maps, background } = scene;
    const W = photo.width;
    const v = [0, 0, 0];
    // the backdrop under the mask round the shoulders (nearly the backdrop's colour, not skin, no garment drawn)
    let n = 0;
    let changed = 0;
    let fineHere = 0;
    let fineThen = 0;
    const y0 = Math.round(body.head.chinY);
    const y1 = Math.round(body.neck.y + body.span * 0.3);
    for (let y = y0; y <= y1; y++) {
      for (let x = 2; x < W - 2; x++) {
        const p = y * W + x;
        if (r.layers.garment.data[p] || maps.skin[p] || maps.hair[p]! >= 128) continue;
        if (body.mask[p]! < 128) continue;
        background.at(x, y, v);
        const d = photo.data;
        const s = d[p * 4]! + d[p * 4 + 1]! + d[p * 4 + 2]! + 1;
        const bs = v[0]! + v[1]! + v[2]! + 1;
        if (Math.hypot(d[p * 4]! / s - v[0]! / bs, d[p * 4 + 1]! / s - v[1]! / bs) > BG_CHROMA * 2) continue;
        n++;
        fineHere += detail(r.image, x, y);
        fineThen += detail(photo, x, y);
        let diff = 0;
        for (let c = 0; c < 3; c++) diff = Math.max(diff, Math.abs(r.image.data[p * 4 + c]! - d[p * 4 + c]!));
        if (diff > 30) changed++;
      }
    }
    expect(n).toBeGreaterThan(1000);
    // its fine texture (the curtain's sparkle) against the photo's there: kept, not smoothed over
    const ratio = fineHere / fineThen;
    // before: 30% of it repainted (a skin-pink box, 1.15 of the photo's texture with its hard edges); after: 0.1%
    const said = `repainted ${(changed / n).toFixed(3)}, texture ${ratio.toFixed(2)} (n ${n})`;
    expect(changed / n, said).toBeLessThan(0.1);
    expect(ratio, said).toBeGreaterThan(0.8);
  }, 30_000);

  it("takes cgi-model-4's old white skirt beside her hand at the hip under jeans", async () => {
    // issue 38 round 9, part N8: the hand's capsule was never the old garment, so the skirt's flare between the
    // hanging hand and the jeans stayed as it was (a white patch of the old skirt beside the left hip)
    const { photo, analysis, result: r } = await renderOn('cgi-model-4', 'jeans-indigo');
    const { maps, body } = readScene(photo, analysis);
    const W = photo.width;
    const d = r.image.data;
    // the hands' capsules on the person, no garment drawn, not the hand: pale and grey (the old skirt's white and
    // its print), which neither skin (its red well over its blue) nor the red stone steps behind are
    let pale = 0;
    for (let p = 0; p < W * photo.height; p++) {
      if (!maps.handArea[p] || maps.hands[p] || body.mask[p]! < 128 || r.layers.garment.data[p]! >= 128) continue;
      const rgb = [d[p * 4]!, d[p * 4 + 1]!, d[p * 4 + 2]!];
      if (Math.max(...rgb) - Math.min(...rgb) < 30 && rgb[0]! + rgb[1]! + rgb[2]! > 360) pale++;
    }
    // before: 1287 px; after: 8
    console.log(`old white skirt beside the hands: ${pale} px`);
    expect(pale).toBeLessThan(200);
  }, 30_000);

  it("takes cgi-model-24's old black dress tail below a midi dress's hem", async () => {
    // issue 38 round 16, part W8: a one-piece's old region stopped at the new dress's hem, so the long old dress's
    // black skirt and the tail trailing on the floor stayed below a midi's hem ("old-showing" on both sides)
    const { photo, analysis, result: r } = await renderOn('cgi-model-24', 'midi-dots');
    const { body } = readScene(photo, analysis);
    const W = photo.width;
    const H = photo.height;
    const g = r.layers.garment.data;
    let hem = -1;
    for (let p = 0; p < W * H; p++) if ((g[p] ?? 0) >= 128) hem = Math.floor(p / W);
    expect(hem).toBeGreaterThan(0);
    // the photo's dark pixels on the person below the new hem, away from the legs' keypoints (the old dress's
    // black skirt and tail, above the ankles; the calves and their shade are within 0.25 spans of a leg's axis)
    const legX = (y: number) =>
      [body.legL, body.legR].map((l) => {
        const [a, b] = y < l.mid.y ? [l.root, l.mid] : [l.mid, l.end];
        const t = Math.max(0, Math.min(1, (y - a.y) / Math.max(1, b.y - a.y)));
        return a.x + (b.x - a.x) * t;
      });
    const lum = (d: Uint8ClampedArray | Uint8Array, p: number) =>
      (d[p * 4] ?? 0) * 0.299 + (d[p * 4 + 1] ?? 0) * 0.587 + (d[p * 4 + 2] ?? 0) * 0.114;
    let dark = 0;
    let left = 0;
    const ankle = Math.min(body.legL.end.y, body.legR.end.y);
    for (let y = hem + 2; y < ankle; y++) {
      const xs = legX(y);
      for (let x = 0; x < W; x++) {
        const p = y * W + x;
        if ((body.mask[p] ?? 0) < 128 || lum(photo.data, p) > 60) continue;
        if (xs.some((lx) => Math.abs(x - lx) < body.span * 0.25)) continue;
        dark++;
        // left as it was (each channel within 12 levels of the photo's)
        let diff = 0;
        for (let c = 0; c < 3; c++)
          diff = Math.max(diff, Math.abs((r.image.data[p * 4 + c] ?? 0) - (photo.data[p * 4 + c] ?? 0)));
        if (diff <= 12) left++;
      }
    }
    // before: all 1,232 of the tail's dark pixels above the ankles left as they were (1.00); after: 75 (0.06)
    const said = `old tail left as it was ${left} of ${dark}`;
    console.log(said);
    expect(dark, said).toBeGreaterThan(500);
    expect(left / dark, said).toBeLessThan(0.2);
  }, 30_000);
  it("fills cgi-model-24's old dress tail in the wall's shadow as that shadow, its tips on the floor taken, under a mini", async () => {
    // issue 38 round 17, part X5: the backdrop copied into the tail's flap beside the front calf was lifted by the
    // coarse light field (diffused across the person from the lit wall): a pale ghost in the wall's shadow; the
    // tail's thin dark tips past the mask were left on the floor as dark specks
    const { photo, analysis, result: r } = await renderOn('cgi-model-24', 'mini-tartan');
    const { body, background } = readScene(photo, analysis);
    const W = photo.width;
    const filled = r.layers.filled.data;
    const garment = r.layers.garment.data;
    const L = (d: Uint8ClampedArray | Uint8Array, p: number) =>
      (d[p * 4] ?? 0) * 0.299 + (d[p * 4 + 1] ?? 0) * 0.587 + (d[p * 4 + 2] ?? 0) * 0.114;
    const axisDist = (x: number, y: number) =>
      Math.min(
        ...[body.legL, body.legR].map((l) => {
          const [a, b] = y < l.mid.y ? [l.root, l.mid] : [l.mid, l.end];
          const t = Math.max(0, Math.min(1, (y - a.y) / Math.max(1, b.y - a.y)));
          return Math.abs(x - (a.x + (b.x - a.x) * t));
        }),
      );
    // below the knees, above the ankles: the backdrop's fill off the painted legs against the backdrop beside it
    // on its row (surely off the person, not filled, within 0.4 spans of the fill), per row, weighted by the fill
    const reach = body.span * 0.4;
    let lift = 0;
    let n = 0;
    const y0 = Math.round(Math.max(body.legL.mid.y, body.legR.mid.y));
    const y1 = Math.round(Math.min(body.legL.end.y, body.legR.end.y));
    for (let y = y0; y < y1; y++) {
      let fs = 0;
      let fn = 0;
      let bs = 0;
      let bn = 0;
      for (let x = 0; x < W; x++) {
        const p = y * W + x;
        if (filled[p] && !garment[p] && axisDist(x, y) > body.span * 0.4) {
          fs += L(r.image.data, p);
          fn++;
        }
      }
      if (fn < 3) continue;
      for (let x = 0; x < W; x++) {
        const p = y * W + x;
        if (filled[p] || (body.mask[p] ?? 0) >= 10 || garment[p]) continue;
        let near = false;
        for (let dx = -reach; dx <= reach && !near; dx += 2) {
          const q = p + Math.round(dx);
          if (x + dx >= 0 && x + dx < W && filled[q] && axisDist(x + dx, y) > body.span * 0.4) near = true;
        }
        if (!near) continue;
        bs += L(r.image.data, p);
        bn++;
      }
      if (bn < 3) continue;
      lift += (fs / fn - bs / bn) * fn;
      n += fn;
    }
    // the tail's dark tips past the mask below the knees, away from the legs, left as they were: the photo's pixels
    // off the mask under 0.45 of the backdrop's brightness there, within 0.08 spans of the fill
    const v = [0, 0, 0];
    let tips = 0;
    const zone = dilate(filled, W, photo.height, Math.round(body.span * 0.08));
    for (let y = y0; y < photo.height; y++) {
      for (let x = 0; x < W; x++) {
        const p = y * W + x;
        if (!zone[p] || (body.mask[p] ?? 0) >= 128 || axisDist(x, y) < body.span * 0.5) continue;
        background.at(x, y, v);
        if (L(photo.data, p) >= 0.45 * (0.299 * (v[0] ?? 0) + 0.587 * (v[1] ?? 0) + 0.114 * (v[2] ?? 0))) continue;
        let diff = 0;
        for (let c = 0; c < 3; c++)
          diff = Math.max(diff, Math.abs((r.image.data[p * 4 + c] ?? 0) - (photo.data[p * 4 + c] ?? 0)));
        if (diff <= 12) tips++;
      }
    }
    const said = `fill over the shadow beside it ${(lift / Math.max(1, n)).toFixed(1)} over ${n}; tips left ${tips}`;
    console.log(said);
    expect(n, said).toBeGreaterThan(300);
    // before: the fill 8.1 levels brighter than the shadow beside it (the flap's ghost); after: 4.9
    expect(lift / n, said).toBeLessThan(6.5);
    // before: 50 of the tips' dark pixels left; after: 17 (the flap's thin glossy edge)
    expect(tips, said).toBeLessThan(30);
  }, 30_000);
  it("takes cgi-model-24's black dress's dark reflections above a camisole's neckline (no dark blotches)", async () => {
    // issue 38 round 19, part Z5: the glossy black dress's reflections of her skin passed the skin map, islands the
    // old region closed round were kept, dark brown blotches in the skin filled between the camisole's straps
    const { photo, analysis, result: r } = await renderOn('cgi-model-24', 'cami-silk');
    const { body } = readScene(photo, analysis);
    const W = photo.width;
    const g = r.layers.garment.data;
    const L = (d: Uint8ClampedArray | Uint8Array, p: number) =>
      (d[p * 4] ?? 0) * 0.299 + (d[p * 4 + 1] ?? 0) * 0.587 + (d[p * 4 + 2] ?? 0) * 0.114;
    // the camisole's top edge at the torso's middle
    const cx = Math.round(body.neck.x);
    let top = Math.round(body.neck.y);
    while (top < body.pelvis.y && (g[top * W + cx] ?? 0) < 128) top++;
    // very dark pixels on the person between the neck's row and that edge, off the camisole, over the shoulders
    let dark = 0;
    for (let y = Math.round(body.neck.y); y < top; y++) {
      for (let x = Math.round(body.shoulderL.x); x <= Math.round(body.shoulderR.x); x++) {
        const p = y * W + x;
        if ((body.mask[p] ?? 0) < 128 || (g[p] ?? 0) >= 16) continue;
        if (L(r.image.data, p) < 55) dark++;
      }
    }
    console.log(`dark pixels above the camisole's neckline: ${dark}`);
    // before: 117; after: 47 (the silvery trim of the dress left just above the neckline)
    expect(dark).toBeLessThan(80);
  }, 30_000);
  it("takes cgi-model-23's pale blue lace above a camisole's neckline (no blue patch on the chest)", async () => {
    // issue 38 round 22, part C1b: the old cami's lace, of the blue-grey wall's colour, was released from the old
    // region as the backdrop in blocks enclosed on the chest, and stayed above the new camisole's neckline
    const { photo, analysis, result: r } = await renderOn('cgi-model-23', 'cami-silk');
    const { body } = readScene(photo, analysis);
    const W = photo.width;
    const g = r.layers.garment.data;
    const d = r.image.data;
    const cx = Math.round(body.neck.x);
    let top = Math.round(body.neck.y);
    while (top < body.pelvis.y && (g[top * W + cx] ?? 0) < 128) top++;
    // blue pixels (skin is redder than blue) on the person between the neck's row and the camisole's top edge, off
    // the camisole, inside the torso's sides
    let blue = 0;
    for (let y = Math.round(body.neck.y); y < top; y++) {
      const [tl, tr] = body.torsoEdges(y);
      for (let x = Math.round(tl); x <= Math.round(tr); x++) {
        const p = y * W + x;
        if ((body.mask[p] ?? 0) < 128 || (g[p] ?? 0) >= 16) continue;
        if ((d[p * 4 + 2] ?? 0) > (d[p * 4] ?? 0) + 10) blue++;
      }
    }
    console.log(`blue pixels above the camisole's neckline: ${blue}`);
    // before: 125; after: 25 (the lace's rim at the neckline)
    expect(blue).toBeLessThan(60);
  }, 30_000);
  it("takes cgi-model-24's black dress's edge and specks beside the arm under a tank (no dark crescent)", async () => {
    // issue 38 round 21, part B7: the glossy dress's bust stands out past the image-left arm below the shoulder; its
    // dark edge in the mask's blended rim (past the shoulders' window) and dark specks the skin map took at the
    // arm's edge were kept, a dark crescent and flecks beside the arm under a tank, a tee, a polo, a shirt
    const { photo, analysis, result: r } = await renderOn('cgi-model-24', 'tank-rib');
    const { body, maps } = readScene(photo, analysis);
    const W = photo.width;
    const g = r.layers.garment.data;
    const L = (d: Uint8ClampedArray | Uint8Array, p: number) =>
      (d[p * 4] ?? 0) * 0.299 + (d[p * 4 + 1] ?? 0) * 0.587 + (d[p * 4 + 2] ?? 0) * 0.114;
    // very dark pixels on the person's outline and beside it, off the tank, left of the image-left shoulder's
    // joint, from its row to a span below
    const sh = body.shoulderL.x < body.shoulderR.x ? body.shoulderL : body.shoulderR;
    let dark = 0;
    for (let y = Math.round(sh.y); y < Math.round(sh.y + body.span); y++) {
      for (let x = Math.round(sh.x - body.span * 0.4); x <= Math.round(sh.x); x++) {
        const p = y * W + x;
        if ((body.mask[p] ?? 0) < 64 || (g[p] ?? 0) >= 16) continue;
        if (L(r.image.data, p) < 45) dark++;
      }
    }
    console.log(`dark pixels beside the image-left arm: ${dark}`);
    // before: 17 (the crescent at the rim, the specks at the arm); after: 0
    expect(dark).toBeLessThan(6);
    // issue 38 round 22, part C9: the dress's dark edge left as it was where the fill meets it, a line across the
    // upper arm between filled pixels (the dress's top edge) and a dotted outline just off the mask round the bust's
    // bulge (a grey-dark ghost of it beside the arm): photo pixels kept, darker than the backdrop, with the filled
    // region on both sides of them, or off the mask beside it
    const f = r.layers.filled.data;
    const kept = (p: number) =>
      !f[p] && (g[p] ?? 0) < 16 && Math.abs((r.image.data[p * 4] ?? 0) - (photo.data[p * 4] ?? 0)) < 4;
    let edge = 0;
    for (let y = Math.round(sh.y - body.span * 0.3); y < Math.round(sh.y + body.span); y++) {
      for (let x = Math.round(sh.x - body.span * 0.4); x <= Math.round(sh.x + body.span * 0.3); x++) {
        const p = y * W + x;
        if (!kept(p) || L(photo.data, p) >= 120) continue;
        const across = (f[p - 1] && f[p + 1]) || (f[p - W] && f[p + W]);
        const offBeside = (body.mask[p] ?? 0) < 128 && (f[p - 1] || f[p + 1] || f[p - W] || f[p + W]);
        if (across || offBeside) edge++;
      }
    }
    console.log(`the dress's dark edge kept at the fill: ${edge}`);
    expect(edge).toBeLessThan(8);
    // issue 38 round 25, part H8: the ponytail over the back of the image-right shoulder is not in the hair map; its
    // strands were taken as old (then grown by the yoke rim) and filled, blue-grey and orange specks in the hair.
    // Pixels there inside the mask, off the skin map and off the tank, repainted (summed channel change over 60)
    const back = body.shoulderL.x < body.shoulderR.x ? body.shoulderR : body.shoulderL;
    let repainted = 0;
    for (let y = Math.round(back.y - body.span * 0.2); y < Math.round(back.y + body.span * 0.2); y++) {
      for (let x = Math.round(back.x); x <= Math.round(back.x + body.span * 0.3); x++) {
        const p = y * W + x;
        if ((body.mask[p] ?? 0) < 250 || (g[p] ?? 0) >= 16 || maps.skin[p]) continue;
        let change = 0;
        for (let c = 0; c < 3; c++) change += Math.abs((r.image.data[p * 4 + c] ?? 0) - (photo.data[p * 4 + c] ?? 0));
        if (change > 60) repainted++;
      }
    }
    console.log(`hair behind the image-right shoulder repainted: ${repainted}`);
    // before: 125; after: 8
    expect(repainted).toBeLessThan(30);
    // issue 38 round 26, part I8: the image-right (lowered) arm's shaded inner side, skin-map pixels darker than the
    // dark-hem share of the arm's median, was taken as an old sleeve's hem (then its edge grown along the arm) and
    // filled flat and dark: ragged dark streaks down the arm. Skin-map pixels on that upper arm filled
    let armFilled = 0;
    const arm = body.armL.root.x < body.armR.root.x ? body.armR : body.armL;
    const ar = arm.widthRoot * 0.7;
    for (let y = Math.round(arm.root.y - ar); y <= Math.round(arm.mid.y + ar); y++) {
      for (
        let x = Math.round(Math.min(arm.root.x, arm.mid.x) - ar);
        x <= Math.round(Math.max(arm.root.x, arm.mid.x) + ar);
        x++
      ) {
        const p = y * W + x;
        if (!maps.skin[p] || (g[p] ?? 0) >= 16 || !inCapsule(x, y, arm.root.x, arm.root.y, arm.mid.x, arm.mid.y, ar))
          continue;
        if (f[p]) armFilled++;
      }
    }
    console.log(`skin pixels filled on the image-right upper arm: ${armFilled}`);
    // before: 568; after: 162 (the old dress's edge between the tank's side and the arm)
    expect(armFilled).toBeLessThan(300);
  }, 30_000);

  it("leaves the shadowed edge of cgi-model-24's arm under a tee's sleeve as the arm (no black dashes)", async () => {
    // issue 38 round 22, part C8: a dark line along the image-right arm's edge the skin map missed was taken as old
    // and filled in the arm's own colour plus the backdrop's seam correction from beyond it: black dashes. Slits of
    // the old region in an arm's skin are left as the photo's (`leaveArmSlits`)
    const { photo, analysis, result: r } = await renderOn('cgi-model-24', 'tee-logo');
    const o = r.image.data;
    const d = photo.data;
    // filled pixels off the tee painted near black where the photo was not
    let black = 0;
    for (let p = 0; p < photo.width * photo.height; p++) {
      if (!r.layers.filled.data[p] || (r.layers.garment.data[p] ?? 0) >= 128) continue;
      if (lum(o, p) < 8 && lum(d, p) >= 12) black++;
    }
    // before: 9 (a dashed line beside the arm's edge); after: 0
    expect(black).toBeLessThan(3);
    // issue 38 round 24, part G8: the arm's last pixel or two, a blend with the black dress beside it, were kept as
    // the photo's where the dress was filled as skin: dark flecks and a line down the image-left arm's edge under
    // the sleeve (`oldArmEdge`). Photo pixels kept on that arm beside the fill, darker than 0.5 of the arm's skin
    const { body } = readScene(photo, analysis);
    const W = photo.width;
    const f = r.layers.filled.data;
    const arm = body.armL.root.x < body.armR.root.x ? body.armL : body.armR;
    const kept = (p: number) =>
      !f[p] && (r.layers.garment.data[p] ?? 0) < 16 && Math.abs((o[p * 4] ?? 0) - (d[p * 4] ?? 0)) < 4;
    let flecks = 0;
    for (let y = Math.round(arm.root.y); y <= Math.round(arm.mid.y); y++) {
      for (let x = Math.round(arm.root.x - body.span * 0.4); x <= Math.round(arm.root.x + body.span * 0.4); x++) {
        const p = y * W + x;
        if (!kept(p) || (body.mask[p] ?? 0) < 128 || !body.onArm(x, y)) continue;
        if (!(f[p - 1] || f[p + 1] || f[p - W] || f[p + W])) continue;
        if (lum(d, p) < 70) flecks++;
      }
    }
    console.log(`dark arm-edge pixels kept beside the fill: ${flecks}`);
    // before: 19 (flecks and a line along the arm's edge); after: 9 (its shaded forearm's edge, below 0.6 of the skin beside)
    expect(flecks).toBeLessThan(13);
  }, 30_000);

  it("fills cgi-model-27's old tee under a hoodie's soft side by her raised arm (no lilac speck)", async () => {
    // issue 38, round 29, part L5: the garment's antialiased edge (coverage 160-249) was no fill's business, so the
    // old lilac tee showed through a fifth to a third of it, a speck at the armpit beside the backdrop's fill. From
    // the raised shoulder's joint down 0.5 torso heights, within 0.15 spans of the torso's side, pixels of the
    // hoodie's soft edge (coverage 64-249) more lilac (min(red, blue) over green) than the backdrop's estimate there
    // by over 4 levels (the hoodie's grey is 5-8 under it)
    const { photo, analysis, result: r } = await renderOn('cgi-model-27', 'hoodie-print');
    const { body } = readScene(photo, analysis);
    const W = photo.width;
    const bg = readBackground(photo, body.mask);
    const d = r.image.data;
    const garment = r.layers.garment.data;
    const ri = body.armRaised[0] ? 0 : 1;
    expect(body.armRaised[ri]).toBe(true);
    const joint = ri === 0 ? body.shoulderL : body.shoulderR;
    const side = Math.sign(joint.x - body.neck.x);
    const v = [0, 0, 0];
    let lilac = 0;
    let edge = 0;
    for (let y = Math.round(joint.y); y < joint.y + body.torsoH * 0.5; y++) {
      const [tl, tr] = body.torsoEdges(y);
      const at = side > 0 ? tr : tl;
      for (let x = Math.round(at - side * body.span * 0.15); (x - at) * side < body.span * 0.15; x += side) {
        const p = y * W + x;
        const c = garment[p] ?? 0;
        if (c < 64 || c >= 250) continue;
        edge++;
        bg.at(x, y, v);
        const own = Math.min(d[p * 4] ?? 0, d[p * 4 + 2] ?? 0) - (d[p * 4 + 1] ?? 0);
        if (own - (Math.min(v[0] ?? 0, v[2] ?? 0) - (v[1] ?? 0)) > 4) lilac++;
      }
    }
    console.log(`lilac pixels in the hoodie's soft edge by the raised armpit: ${lilac} of ${edge}`);
    expect(edge).toBeGreaterThan(20);
    expect(lilac).toBeLessThan(3);
  }, 30_000);
});
