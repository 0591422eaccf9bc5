/**
 * Try-on quality metrics (issue 23, point 6), measured on a render against the person's analysis and the
 * hand-labelled clothes of the fixtures (test/fixtures/people/clothes.json).
 */
import { readFileSync } from 'node:fs';
import { polygonMask } from './pixels';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EngineSlot, PersonAnalysis, RgbaImage, TryOnResult } from '../../../shared/engine';
import { bodyFrom } from '../../../shared/engine/perception/body';
import { dilate } from '../../../shared/engine/core/image-ops';
import { DRAPE_FLARE, drapeCone } from '../../../shared/engine/place/common';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export type Clothes = Record<string, Partial<Record<EngineSlot, [number, number][][]>>>;
export const CLOTHES: Clothes = JSON.parse(
  readFileSync(path.join(HERE, '../../fixtures/people/clothes.json'), 'utf8'),
) as Clothes;

export interface RenderMetrics {
  /** Garment pixels inside the silhouette dilated by the ease allowance (and closed between the legs). */
  insideSilhouette: number;
  /** Share of the torso quadrilateral (arms in front left out) covered by a top, or of the legs by trousers. */
  coverage: number | null;
  /** Old garment of the same slot visible (not covered, not filled), share of its labelled area. */
  oldVisible: number | null;
  /** Mean absolute difference of pixels outside the garment and the filled region (0..255). */
  untouchedMad: number;
  /** Each visible wrist: share of a small disc around it unchanged. */
  wristsVisible: number[];
}

export function measure(
  fixture: string,
  slot: EngineSlot,
  person: RgbaImage,
  analysis: PersonAnalysis,
  result: TryOnResult,
): RenderMetrics {
  const { width: W, height: H } = person;
  const body = bodyFrom(analysis);
  const garment = result.layers.garment.data;
  const filled = result.layers.filled.data;
  // silhouette, closed across narrow gaps (between the legs, which a skirt spans), dilated by the ease allowance
  const allowance = Math.round(body.span * (slot === 'outerwear' ? 0.1 : 0.05));
  const gap = Math.round(body.span * 0.2);
  const closed = new Uint8Array(analysis.mask.data);
  for (let y = 0; y < H; y++) {
    let last = -1;
    for (let x = 0; x < W; x++) {
      if (analysis.mask.data[y * W + x]! < 128) continue;
      if (last >= 0 && x - last > 1 && x - last <= gap) for (let k = last + 1; k < x; k++) closed[y * W + k] = 255;
      last = x;
    }
  }
  const sil = dilate(closed, W, H, allowance);
  // a skirt, a dress, a coat or wide trouser legs drape from the hips: one piece across the gap between the legs
  // (whatever its width) and their own flare past them (DRAPE_FLARE, as placing and the safety gate allow)
  if (slot === 'bottom' || slot === 'one-piece' || slot === 'outerwear') {
    const flare = Math.round(allowance + body.span * DRAPE_FLARE);
    for (let y = Math.max(0, Math.round(body.pelvis.y)); y < H; y++) {
      let a = -1;
      let b = -1;
      for (let x = 0; x < W; x++) {
        if (closed[y * W + x]! < 128) continue;
        if (a < 0) a = x;
        b = x;
      }
      if (a < 0) continue;
      sil.fill(255, y * W + Math.max(0, a - flare), y * W + Math.min(W - 1, b + flare) + 1);
    }
    // and its own A-line from the hips (its flare on the photo, capped), with the ease: as the safety gate allows
    for (const p of result.placed) {
      if (!p.drape) continue;
      for (let y = Math.max(0, Math.round(body.pelvis.y)); y < H; y++) {
        const cone = drapeCone(body, y, p.drape);
        if (!cone) continue;
        const a = Math.max(0, Math.floor(cone[0] - allowance));
        const b = Math.min(W - 1, Math.ceil(cone[1] + allowance));
        if (b >= a) sil.fill(255, y * W + a, y * W + b + 1);
      }
    }
  }
  let g = 0;
  let gin = 0;
  for (let i = 0; i < W * H; i++) {
    if (garment[i]! < 128) continue;
    g++;
    if (sil[i]) gin++;
  }
  // coverage: torso quadrilateral for tops, legs (capsules) for trousers
  let coverage: number | null = null;
  if (slot === 'top' || slot === 'outerwear' || slot === 'one-piece') {
    const quad: [number, number][] = [
      [body.shoulderL.x, body.shoulderL.y],
      [body.shoulderR.x, body.shoulderR.y],
      [body.hipR.x, body.hipR.y],
      [body.hipL.x, body.hipL.y],
    ];
    const q = polygonMask([quad], W, H);
    let n = 0;
    let c = 0;
    for (let i = 0; i < W * H; i++) {
      if (!q[i]) continue;
      const x = i % W;
      const y = (i - x) / W;
      if (nearArm(body, x, y)) continue;
      n++;
      if (garment[i]! >= 128) c++;
    }
    coverage = n ? c / n : null;
  } else if (slot === 'bottom') {
    let n = 0;
    let c = 0;
    for (const leg of [body.legL, body.legR]) {
      // the thigh and the knee: where any trousers or skirt is
      for (let t = 0.1; t <= 0.9; t += 0.05) {
        const x = Math.round(leg.root.x + (leg.mid.x - leg.root.x) * t);
        const y = Math.round(leg.root.y + (leg.mid.y - leg.root.y) * t);
        for (let dx = -3; dx <= 3; dx++) {
          const i = y * W + x + dx;
          n++;
          if (garment[i]! >= 128) c++;
        }
      }
    }
    coverage = n ? c / n : null;
  }
  const labels = CLOTHES[fixture]?.[slot];
  let oldVisible: number | null = null;
  if (labels) {
    const m = polygonMask(labels, W, H);
    let n = 0;
    let v = 0;
    for (let i = 0; i < W * H; i++) {
      if (!m[i]) continue;
      n++;
      if (garment[i]! < 128 && !filled[i]) v++;
    }
    oldVisible = n ? v / n : null;
  }
  // untouched pixels: outside the garment (dilated by 2 for the soft edge) and the filled region
  const touched = dilate(
    Uint8Array.from(garment, (a, i) => (a > 0 || filled[i] ? 255 : 0)),
    W,
    H,
    2,
  );
  let sum = 0;
  let cnt = 0;
  const a = person.data;
  const b = result.image.data;
  for (let i = 0; i < W * H; i++) {
    if (touched[i]) continue;
    cnt++;
    sum +=
      (Math.abs(a[i * 4]! - b[i * 4]!) +
        Math.abs(a[i * 4 + 1]! - b[i * 4 + 1]!) +
        Math.abs(a[i * 4 + 2]! - b[i * 4 + 2]!)) /
      3;
  }
  const wristsVisible: number[] = [];
  for (const arm of [body.armL, body.armR]) {
    const seenIdx = arm === body.armL ? 0 : 1;
    if (!body.wristSeen[seenIdx]) continue;
    const r = Math.max(2, Math.round(arm.widthEnd * 0.3));
    let n = 0;
    let same = 0;
    for (let dy = -r; dy <= r; dy++) {
      for (let dx = -r; dx <= r; dx++) {
        if (dx * dx + dy * dy > r * r) continue;
        const x = Math.round(arm.end.x) + dx;
        const y = Math.round(arm.end.y) + dy;
        if (x < 0 || y < 0 || x >= W || y >= H) continue;
        n++;
        if (garment[y * W + x]! < 128 && !filled[y * W + x]) same++;
      }
    }
    wristsVisible.push(n ? same / n : 1);
  }
  return {
    insideSilhouette: g ? gin / g : 1,
    coverage,
    oldVisible,
    untouchedMad: cnt ? sum / cnt : 0,
    wristsVisible,
  };
}

function nearArm(body: ReturnType<typeof bodyFrom>, x: number, y: number): boolean {
  for (const arm of [body.armL, body.armR]) {
    for (const [a, b, r] of [
      [arm.root, arm.mid, arm.widthRoot * 0.6],
      [arm.mid, arm.end, arm.widthEnd * 0.7],
    ] as const) {
      const dx = b.x - a.x;
      const dy = b.y - a.y;
      const l2 = dx * dx + dy * dy || 1;
      const t = Math.max(0, Math.min(1, ((x - a.x) * dx + (y - a.y) * dy) / l2));
      if ((a.x + dx * t - x) ** 2 + (a.y + dy * t - y) ** 2 <= r * r) return true;
    }
  }
  return false;
}

export const THRESHOLDS = {
  insideSilhouette: 0.97,
  topCoverage: 0.9,
  legCoverage: 0.85,
  oldVisible: 0.05,
  untouchedMad: 1,
  wristVisible: 0.5,
};
