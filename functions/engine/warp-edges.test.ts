/**
 * The warp and the edges (issue 38, round 3, part F4), with the real models on ai-body: the garment in one piece
 * (no anchor pulling a speck below the hem out to the body's width: the puffer's zip fanned into a spike and its
 * body piece swept out past the hands), a sleeve's print not sheared (gingham stays checks, not slanted stripes),
 * no white fringe of the product photo's background along the edges and seams, and the person's light on the
 * garment without the blocks of its grid along the outline (cgi-model-15).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { tryOn } from '../../shared/engine';
import { readScene } from '../../shared/engine/compose/scene';
import { bodyFrom, type Body } from '../../shared/engine/perception/body';
import type { PersonAnalysis, RgbaImage } from '../../shared/engine/core/types';
import type { Point } from '../../shared/engine/core/tps';
import { loadPerson } from '../../test/engine/fixtures';
import { productPhoto } from '../../test/engine/eval/conditions';
import { EVAL_GARMENTS } from '../../test/engine/eval/garments';
import { nodeModelRuntime, warmEngineModels } from './node-runtime';
import { cachedAnalysis } from '../../test/engine/run-cache';

let person: RgbaImage;
let analysis: PersonAnalysis;

beforeAll(async () => {
  await warmEngineModels();
  person = await loadPerson('ai-body');
  analysis = await cachedAnalysis(person);
}, 60_000);

async function render(garmentId: string) {
  const g = EVAL_GARMENTS.find((x) => x.id === garmentId);
  if (!g) throw new Error(`no eval garment ${garmentId}`);
  const photo = await productPhoto(g, 'flat-white');
  const result = await tryOn(nodeModelRuntime, person, [{ image: photo.image, slot: g.slot, source: 'laydown' }], {
    analysis,
    gate: 'report',
  });
  return { result, body: bodyFrom(result.analysis), W: person.width };
}

const luma = (d: ArrayLike<number>, o: number) => 0.299 * d[o]! + 0.587 * d[o + 1]! + 0.114 * d[o + 2]!;

/**
 * The torso warp's largest cell against its median cell (areas of the debug grid's quads, which span the garment's
 * whole box): a speck's anchor pulled out to the body's width stretches the cells round it many times over.
 */
function worstStretch(grid: Point[][]): { ratio: number; minArea: number } {
  const areas: number[] = [];
  for (let j = 0; j + 1 < grid.length; j++) {
    for (let i = 0; i + 1 < grid[j]!.length; i++) {
      const a = grid[j]![i]!;
      const b = grid[j]![i + 1]!;
      const c = grid[j + 1]![i + 1]!;
      const d = grid[j + 1]![i]!;
      // signed area of the quad a-b-c-d (image coordinates, y down: positive when it keeps its orientation)
      areas.push((a.x * b.y - b.x * a.y + b.x * c.y - c.x * b.y + c.x * d.y - d.x * c.y + d.x * a.y - a.x * d.y) / 2);
    }
  }
  const sorted = [...areas].sort((x, y) => x - y);
  const median = sorted[sorted.length >> 1]!;
  return { ratio: sorted[sorted.length - 1]! / median, minArea: sorted[0]! / median };
}

/** The share of a disc over a hand (past the wrist along the forearm, as wide as the forearm's end) with garment. */
function overHand(garment: Uint8Array, W: number, body: Body): number {
  let n = 0;
  let on = 0;
  for (const arm of [body.armL, body.armR]) {
    const c = { x: arm.end.x + (arm.end.x - arm.mid.x) * 0.3, y: arm.end.y + (arm.end.y - arm.mid.y) * 0.3 };
    const r = arm.widthEnd * 0.8;
    for (let y = Math.floor(c.y - r); y <= c.y + r; y++) {
      for (let x = Math.floor(c.x - r); x <= c.x + r; x++) {
        if ((x - c.x) ** 2 + (y - c.y) ** 2 > r * r) continue;
        n++;
        if (garment[y * W + x]! >= 128) on++;
      }
    }
  }
  return on / Math.max(1, n);
}

/**
 * How far the print on a forearm's sleeve is from being as much across as along it: the coherence of the
 * luminance gradients' structure tensor ((l1 - l2) / (l1 + l2)) over the fully covered pixels of a capsule round
 * the forearm's middle. Gingham's checks give ~0 (as much gradient each way); sheared into slanted stripes, high.
 */
function forearmCoherence(img: RgbaImage, garment: Uint8Array, body: Body): number {
  return armCoherence(img, garment, body, 'fore');
}

/**
 * The same over a capsule round the upper arm's upper half past the shoulder's seam (0.35-0.6 of the way to the
 * elbow), read in tiles of half the capsule's radius (about a check and a half of the gingham): each tile's
 * coherence, weighted by its gradients' energy. A swirl or a shear turns the checks into stripes whose slant changes
 * over the arm: each tile high, the capsule's whole tensor low (its slants cancel); clean checks a little longer
 * along the arm than across it (1.3x): each tile and the whole a little above 0.
 */
function upperArmLocalCoherence(img: RgbaImage, garment: Uint8Array, body: Body): number {
  return armCoherence(img, garment, body, 'upper', true);
}

function armCoherence(img: RgbaImage, garment: Uint8Array, body: Body, part: 'fore' | 'upper', local = false): number {
  const W = img.width;
  const tiles = new Map<number, [number, number, number]>();
  for (const arm of [body.armL, body.armR]) {
    const [p, q, f0, f1, w] =
      part === 'fore'
        ? [arm.mid, arm.end, 0.2, 0.7, arm.widthEnd]
        : [arm.root, arm.mid, 0.35, local ? 0.6 : 0.85, Math.min(arm.widthRoot, arm.widthEnd)];
    const a = { x: p.x + (q.x - p.x) * f0, y: p.y + (q.y - p.y) * f0 };
    const b = { x: p.x + (q.x - p.x) * f1, y: p.y + (q.y - p.y) * f1 };
    const r = w * 0.4;
    const T = local ? Math.max(2, Math.round(r / 2)) : 1e9;
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const l2 = dx * dx + dy * dy || 1;
    for (let y = Math.floor(Math.min(a.y, b.y) - r); y <= Math.max(a.y, b.y) + r; y++) {
      for (let x = Math.floor(Math.min(a.x, b.x) - r); x <= Math.max(a.x, b.x) + r; x++) {
        const t = Math.max(0, Math.min(1, ((x - a.x) * dx + (y - a.y) * dy) / l2));
        if ((a.x + dx * t - x) ** 2 + (a.y + dy * t - y) ** 2 > r * r) continue;
        if (garment[y * W + x]! < 255 || garment[y * W + x + 1]! < 255 || garment[(y + 1) * W + x]! < 255) continue;
        const o = (y * W + x) * 4;
        const gx = luma(img.data, o + 4) - luma(img.data, o);
        const gy = luma(img.data, o + W * 4) - luma(img.data, o);
        const key = Math.floor(y / T) * 1e6 + Math.floor(x / T);
        const t3 = tiles.get(key) ?? [0, 0, 0];
        t3[0] += gx * gx;
        t3[1] += gy * gy;
        t3[2] += gx * gy;
        tiles.set(key, t3);
      }
    }
  }
  let diff = 0;
  let tr = 0;
  for (const [sxx, syy, sxy] of tiles.values()) {
    diff += Math.sqrt((sxx - syy) ** 2 + 4 * sxy * sxy);
    tr += sxx + syy;
  }
  return tr > 0 ? diff / tr : 1;
}

/**
 * Light pixels of a black garment where it is drawn (coverage full), per 1,000 garment pixels: the photo's white
 * background mixed into the cut-out's rim shows as light lines along its outline and its sleeves' seams. (The
 * puffer's own lightest highlights and its small logo stay far below this share.)
 */
function lightFringe(img: RgbaImage, garment: Uint8Array): number {
  let n = 0;
  let light = 0;
  for (let p = 0; p < garment.length; p++) {
    if (garment[p]! < 255) continue;
    n++;
    if (luma(img.data, p * 4) > 150) light++;
  }
  return (light * 1000) / Math.max(1, n);
}

/**
 * The share of rows along each upper arm (shoulder to elbow) where the room's outer edge (its outermost pixel with
 * coverage >= 128 on that side) is more than 1.5 px off the line through its neighbours two rows up and down: a
 * stair step of the room's outline, not the arm's own slope.
 */
function roomSteps(room: Uint8Array, W: number, body: Body): number {
  let rows = 0;
  let steps = 0;
  for (const arm of [body.armL, body.armR]) {
    const left = arm.root.x < body.neck.x;
    const edge: number[] = [];
    for (let y = Math.round(Math.min(arm.root.y, arm.mid.y)); y <= Math.max(arm.root.y, arm.mid.y); y++) {
      let e = -1;
      for (let i = 0; i < W; i++) {
        const x = left ? i : W - 1 - i;
        if (room[y * W + x]! >= 128) {
          e = x;
          break;
        }
      }
      edge.push(e);
    }
    for (let i = 2; i + 2 < edge.length; i++) {
      rows++;
      if (Math.abs(edge[i]! - (edge[i - 2]! + edge[i + 2]!) / 2) > 1.5) steps++;
    }
  }
  return steps / Math.max(1, rows);
}

describe('the warp keeps the garment in one piece (part F4)', () => {
  it('the puffer: no speck below its hem pulled out to the body (no fanned zip, nothing over the hands)', async () => {
    const { result, body, W } = await render('puffer-black');
    const { ratio, minArea } = worstStretch(result.debug[0]!.grid);
    // the old warp: cells round the hem's middle stretched to 73x the median, others folded over (area -19x),
    // and 0.36 of the discs over the hands under the body piece; now 1.3x, no fold, nothing over the hands
    expect(ratio).toBeLessThan(3);
    expect(minArea).toBeGreaterThan(0);
    expect(overHand(result.layers.garment.data, W, body)).toBeLessThan(0.05);
    // the black puffer drawn on a white photo: no white fringe along its edges and seams (1.75 before, now 0.15)
    expect(lightFringe(result.image, result.layers.garment.data)).toBeLessThan(0.6);
  }, 60_000);

  it("a long sleeve's gingham stays checks along the arm (not sheared into slanted stripes)", async () => {
    const { result, body } = await render('shirt-check');
    // 0.36 with the sections joining the sleeve's edges at equal fractions, 0.13 across its own axis
    expect(forearmCoherence(result.image, result.layers.garment.data, body)).toBeLessThan(0.3);
    // the upper sleeves (round 7, part L9): their source's sections joined the seam's ends (the seam, shoulder to
    // armpit, runs along the sleeve) to the cuff's, read mostly along the sleeve: the checks sheared into
    // diagonal stripes (the judges' moire): 0.55; across the sleeve's own axis, its full width, 0.28
    // (round 19, part Z8: their source's sections turned to the angle the drawn ones make with the arm, which
    // lean ~18 degrees off square where the source's were square, its checks sheared into a swirl: 0.18, now 0.12)
    // (round 22, part C6: the whole capsule's coherence read a swirl as checks, its slants cancelling: 0.12 with the
    // swirl at the shoulders, 0.26 with clean checks (ownCap), 1.3x longer along the arm. Read in tiles over the
    // upper half, where the swirl was: before Z8 0.42, after it 0.41 (the shoulders' swirl), now 0.36)
    expect(upperArmLocalCoherence(result.image, result.layers.garment.data, body)).toBeLessThan(0.39);
  }, 60_000);
});

describe("the person's light on a garment (part F4)", () => {
  it('has no steps of its grid along the outline (cgi-model-15)', async () => {
    const photo = await loadPerson('cgi-model-15');
    const a = await cachedAnalysis(photo);
    const scene = readScene(photo, a);
    const { shade } = scene.garmentLight;
    const body = bodyFrom(a);
    const W = photo.width;
    // the garments' room (round 8, part M2): its outline along the upper arms' outer edges steps no more than the
    // line through its neighbours (the mask's blocky outline grown by a square cut the sleeves into stair steps):
    // 0.17 of the rows before, 0.08 smoothed
    expect(roomSteps(scene.roomFor('top'), W, body)).toBeLessThan(0.11);
    const l = new Float32Array(4);
    let pairs = 0;
    let steps = 0;
    // rows through the person, every 2nd: each kind's light along the row; a step is a jump between neighbouring
    // pixels well over the jumps either side of it (a bilinear field changes its slope gradually, a nearest cell's
    // value jumps at the cell's border and is flat within it)
    const row = [new Float32Array(W), new Float32Array(W)];
    for (let y = 0; y < photo.height; y += 2) {
      for (let x = 0; x < W; x++) {
        shade.at(x, y, l);
        row[0]![x] = l[0]!;
        row[1]![x] = l[1]!;
      }
      for (const f of row) {
        for (let x = 2; x + 1 < W; x++) {
          const near = body.mask[y * W + x]! >= 64;
          if (!near || f[x - 2]! < 0 || f[x - 1]! < 0 || f[x]! < 0 || f[x + 1]! < 0) continue;
          pairs++;
          const d = Math.abs(f[x]! - f[x - 1]!);
          const side = Math.max(Math.abs(f[x - 1]! - f[x - 2]!), Math.abs(f[x + 1]! - f[x]!));
          if (d > 1.5 && d > side * 4) steps++;
        }
      }
    }
    expect(steps / Math.max(1, pairs)).toBeLessThan(0.0005);
  }, 60_000);
});
