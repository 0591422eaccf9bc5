/**
 * Feet one behind the other, with the real models (shared/engine/place/shoes.ts): the farther foot (its ankle
 * higher in the picture) is behind the nearer leg, so its shoe is hidden where that shin is, not drawn over it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { tryOn } from '../../shared/engine';
import { bodyFrom } from '../../shared/engine/perception/body';
import { shinColour } from '../../shared/engine/place/shoes';
import { loadPerson } from '../../test/engine/fixtures';
import { productPhoto } from '../../test/engine/eval/conditions';
import { EVAL_GARMENTS } from '../../test/engine/eval/garments';
import { nodeModelRuntime, warmEngineModels } from './node-runtime';
import { cachedAnalysis } from '../../test/engine/run-cache';

beforeAll(async () => {
  await warmEngineModels();
}, 60_000);

/**
 * cgi-model-15 (both ankle keypoints on the front leg, the rear foot seen in profile reaching out beside the front
 * foot) wearing an eval shoe: the front leg (`near`), the rear (`far`), the rear foot's rows (from the rear ankle down
 * to 0.7 leg widths under the front one, above the shadow) and the side it reaches out to (where the mask lies more
 * than 0.75 leg widths beside the front ankle), and the render.
 */
async function onRearFootInProfile(garment: string) {
  const person = await loadPerson('cgi-model-15');
  const analysis = await cachedAnalysis(person);
  const body = bodyFrom(analysis);
  const W = person.width;
  const [near, far] = body.legL.end.y > body.legR.end.y ? [body.legL, body.legR] : [body.legR, body.legL];
  // the ankles one behind the other, on one leg
  expect(Math.abs(near.end.x - far.end.x)).toBeLessThan(near.widthEnd * 0.3);
  const y0 = Math.round(far.end.y);
  const y1 = Math.round(near.end.y + near.widthEnd * 0.7);
  const beside = (x: number) => Math.abs(x - near.end.x) > near.widthEnd * 0.75;
  let right = 0;
  let left = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = 0; x < W; x++) {
      if ((body.mask[y * W + x] ?? 0) < 128 || !beside(x)) continue;
      if (x > near.end.x) right++;
      else left++;
    }
  }
  const side = right > left ? 1 : -1;
  const g = EVAL_GARMENTS.find((x) => x.id === garment);
  if (!g) throw new Error(`${garment} is an eval garment`);
  const product = (await productPhoto(g, 'flat-white')).image;
  const r = await tryOn(nodeModelRuntime, person, [{ image: product, slot: 'shoes', source: 'laydown' }], {
    analysis,
  });
  return { person, body, W, near, y0, y1, beside, side, r };
}

describe('shoes on feet one behind the other (real models)', () => {
  // before: cgi-model-4 (on stairs, the rear foot's ankle on a higher step behind the front shin) got a band of
  // the new shoe across the front shin, floating at the back ankle (0.31 of the shin's lower half, trainers)
  it('draws no shoe on the nearer shin', async () => {
    const person = await loadPerson('cgi-model-4');
    const analysis = await cachedAnalysis(person);
    const body = bodyFrom(analysis);
    const [near, far] = body.legL.end.y > body.legR.end.y ? [body.legL, body.legR] : [body.legR, body.legL];
    // the photo has its feet one behind the other: the rear ankle well above the front one
    expect(near.end.y - far.end.y).toBeGreaterThan(near.widthEnd * 0.5);
    const W = person.width;
    const g = EVAL_GARMENTS.find((x) => x.id === 'trainers-runner')!;
    const product = (await productPhoto(g, 'flat-white')).image;
    const r = await tryOn(nodeModelRuntime, person, [{ image: product, slot: 'shoes', source: 'laydown' }], {
      analysis,
    });
    // the front shin's lower half, from half a shin width above its ankle (its own shoe's collar left out) up,
    // a third of the shin's width either side of its axis, where the photo shows the shin's skin (the axis runs
    // along the shin's edge there: beside it is the rear leg)
    const skin = shinColour(person, near.end, near.mid, near.widthEnd) ?? [0, 0, 0];
    const ss = skin[0] + skin[1] + skin[2] + 1;
    // (the shin's skin: its chromaticity, at 0.45-1.6 of its brightness; the rear leg in its shadow is darker)
    const isSkin = (p: number): boolean => {
      const [r0, g0, b0] = [person.data[p * 4] ?? 0, person.data[p * 4 + 1] ?? 0, person.data[p * 4 + 2] ?? 0];
      const sum = r0 + g0 + b0 + 1;
      const lum = sum / ss;
      return Math.abs(r0 / sum - skin[0] / ss) + Math.abs(g0 / sum - skin[1] / ss) < 0.06 && lum > 0.45 && lum < 1.6;
    };
    const shin = { x: near.mid.x - near.end.x, y: near.mid.y - near.end.y };
    let n = 0;
    let on = 0;
    for (let t = 0.0; t <= 0.5; t += 0.01) {
      const cy = near.end.y + shin.y * t - near.widthEnd * 0.5;
      const cx = near.end.x + shin.x * t;
      for (let dx = -near.widthEnd / 3; dx <= near.widthEnd / 3; dx++) {
        const p = Math.round(cy) * W + Math.round(cx + dx);
        if (!isSkin(p)) continue;
        n++;
        if (r.layers.garment.data[p]! >= 128) on++;
      }
    }
    expect(n).toBeGreaterThan(near.widthEnd * 10);
    expect(on / n).toBeLessThan(0.03);
    // before: the rear leg's foot and old sandal beside the front shin (the mask's pixels there not the skin,
    // from the rear ankle keypoint, which is on the front shin, down to half a shin width above the front ankle)
    // was left bare (0 of it covered): the rear shoe drawn at that keypoint was hidden behind the front shin; now
    // the rear ankle is found beside the shin (shoe-rear.ts) and its shoe covers it (0.50: the rest is the shadowed
    // creases on the shin's other side and the rear shin above its shoe)
    let rearN = 0;
    let rearOn = 0;
    for (let y = Math.round(far.end.y); y < near.end.y - near.widthEnd * 0.5; y++) {
      for (let x = Math.round(near.end.x - near.widthEnd); x < near.end.x + near.widthEnd; x++) {
        const p = y * W + x;
        if ((body.mask[p] ?? 0) < 128 || isSkin(p)) continue;
        rearN++;
        if ((r.layers.garment.data[p] ?? 0) >= 128) rearOn++;
      }
    }
    expect(rearN).toBeGreaterThan(near.widthEnd * 10);
    expect({ rearN, covered: rearOn / rearN }).toMatchObject({ covered: expect.toSatisfy((c: number) => c > 0.4) });
    // the nearer foot still wears its shoe: the garment covers its foot below the ankle
    let foot = 0;
    let footN = 0;
    for (let y = Math.round(near.end.y + near.widthEnd * 0.3); y < near.end.y + near.widthEnd * 0.7; y++) {
      for (let x = Math.round(near.end.x - near.widthEnd * 0.3); x < near.end.x + near.widthEnd * 0.3; x++) {
        footN++;
        if (r.layers.garment.data[y * W + x]! >= 128) foot++;
      }
    }
    expect(foot / footN).toBeGreaterThan(0.8);
  }, 60_000);

  // before: cgi-model-24 (walking, the rear foot's ankle just above and beside the front one, its foot reaching out
  // behind the front foot's) got both trainers stacked on the front foot (0.64 of the rear foot's own mask covered;
  // after: 0.98)
  it("puts the rear foot's shoe on the rear foot, not stacked on the front one", async () => {
    const person = await loadPerson('cgi-model-24');
    const analysis = await cachedAnalysis(person);
    const body = bodyFrom(analysis);
    const W = person.width;
    const [near, far] = body.legL.end.y > body.legR.end.y ? [body.legL, body.legR] : [body.legR, body.legL];
    // the two leg lines (knee to ankle, carried on down) part below the ankles: the rear foot is the mask on the far
    // leg's side of the middle between them
    const lineX = (l: typeof near, y: number): number =>
      l.end.x + ((l.end.x - l.mid.x) * (y - l.end.y)) / (l.end.y - l.mid.y);
    const y0 = Math.round(far.end.y + far.widthEnd * 0.6);
    const y1 = Math.round(near.end.y + near.widthEnd * 1.9);
    expect(Math.abs(lineX(far, y0) - lineX(near, y0))).toBeGreaterThan(near.widthEnd * 0.3);
    const g = EVAL_GARMENTS.find((x) => x.id === 'trainers-runner')!;
    const product = (await productPhoto(g, 'flat-white')).image;
    const r = await tryOn(nodeModelRuntime, person, [{ image: product, slot: 'shoes', source: 'laydown' }], {
      analysis,
    });
    let n = 0;
    let on = 0;
    for (let y = y0; y < y1; y++) {
      const cut = (lineX(far, y) + lineX(near, y)) / 2;
      const farRight = lineX(far, y) > cut;
      for (let x = Math.round(cut - near.widthEnd * 1.5); x < cut + near.widthEnd * 1.5; x++) {
        if (x > cut !== farRight || body.mask[y * W + x]! < 128) continue;
        n++;
        if (r.layers.garment.data[y * W + x]! >= 128) on++;
      }
    }
    expect(n).toBeGreaterThan(near.widthEnd * 10);
    expect({ n, covered: on / n }).toMatchObject({ covered: expect.toSatisfy((c: number) => c > 0.85) });
  }, 60_000);

  // before: cgi-model-15 (both ankle keypoints on the front leg, the rear foot seen in profile reaching out beside
  // the front foot, its toes to one side) got both pumps stacked on the front foot and the rear foot bare (0.42 of
  // its mask covered); now the rear foot wears the side view's pump, shown past the front foot (0.94)
  it('puts a shoe on a rear foot seen in profile beside the front one', async () => {
    const { person, body, W, near, y0, y1, beside, side, r } = await onRearFootInProfile('heels-red');
    let n = 0;
    let on = 0;
    for (let y = y0; y < y1; y++) {
      for (let x = 0; x < W; x++) {
        if (body.mask[y * W + x]! < 128 || !beside(x) || (x - near.end.x) * side < 0) continue;
        n++;
        if (r.layers.garment.data[y * W + x]! >= 128) on++;
      }
    }
    expect(n).toBeGreaterThan(near.widthEnd * 10);
    expect({ n, covered: on / n }).toMatchObject({ covered: expect.toSatisfy((c: number) => c > 0.85) });
    // before: the rear pump's side view stood on its toe's tip, its arch lifted off the floor over the flat foot's
    // sole (its bottom up to 0.10 shin widths above the foot's lowest coloured row beside the front foot); now each
    // of its columns is lowered onto the sole (at most -0.01: none above it)
    const coloured = (p: number): boolean => {
      const c = [person.data[p * 4] ?? 0, person.data[p * 4 + 1] ?? 0, person.data[p * 4 + 2] ?? 0];
      const hi = Math.max(...c);
      return hi - Math.min(...c) > hi * 0.18;
    };
    let lifted = -Infinity;
    for (let x = 0; x < W; x++) {
      if (!beside(x) || (x - near.end.x) * side < 0) continue;
      let foot = -1;
      let shoe = -1;
      for (let y = y0; y < y1 + near.widthEnd; y++) {
        const p = y * W + x;
        if ((body.mask[p] ?? 0) >= 128 && coloured(p)) foot = y;
        if ((r.layers.garment.data[p] ?? 0) >= 128) shoe = y;
      }
      if (foot >= 0 && shoe >= 0) lifted = Math.max(lifted, (foot - shoe) / near.widthEnd);
    }
    expect(lifted).toBeGreaterThan(-Infinity);
    expect(lifted).toBeLessThan(0.05);
    // before: the rear pump's side view was a block jutting out past the foot's toes and under its sole (0.044 of its
    // pixels beside the front foot further than 0.05 shin widths from the foot's coloured pixels); now it keeps to the
    // foot's outline, its opening low by the front foot, rising over the toes (0)
    expect(offFoot(person, body.mask, r.layers.garment.data, near, side, y0, y1)).toBeLessThan(0.01);
    // before: the front foot points at the camera (its front taller than wide), yet its pump had the inner side's
    // counter and a heel beside it, a red column joining the front pump to the rear one: shoe pixels 0.45 to 0.62
    // shin widths from the front ankle towards the rear foot, from the ankle down to the floor (212; now 75); now its
    // heel and counter are behind the foot
    let between = 0;
    for (let y = Math.round(near.end.y); y < near.end.y + near.widthEnd * 2; y++) {
      for (let x = 0; x < W; x++) {
        const d = ((x - near.end.x) * side) / near.widthEnd;
        if (d > 0.45 && d < 0.62 && (r.layers.garment.data[y * W + x] ?? 0) >= 128) between++;
      }
    }
    expect(between).toBeLessThan(120);
    // before: the rear pump was a flat red wedge (down its columns beside the front foot, its upper quarter's
    // brightness over its underside's 1.14); now a toe box, its crown lit, its underside darker towards a sole (1.36)
    expect(crownOverUnder(r, near, side)).toBeGreaterThan(1.25);
  }, 60_000);
});

describe('trainers on feet one behind the other (real models)', () => {
  // before: cgi-model-15 (the rear foot in profile beside the front one): the rear shoe was cut at one column past
  // the front ankle's run (0.2 run widths, where the front foot is widest, at its toes), so above the toes a bare
  // strip of the rear foot stood between the front shoe and the rear one, its cut straight up (mask pixels without
  // shoe 0.45-0.62 shin widths from the front ankle towards the rear foot, from the ankle down 0.7 shin widths:
  // 383); now the rear shoe goes on in behind the front foot's side, which widens from its ankle to its toes (136)
  it("leaves no bare strip of the rear foot between the front shoe and the rear one's", async () => {
    const { body, W, near, y1, side, r } = await onRearFootInProfile('trainers-runner');
    let bare = 0;
    for (let y = Math.round(near.end.y); y < y1; y++) {
      for (let x = 0; x < W; x++) {
        const d = ((x - near.end.x) * side) / near.widthEnd;
        if (d <= 0.45 || d >= 0.62 || (body.mask[y * W + x] ?? 0) < 128) continue;
        if ((r.layers.garment.data[y * W + x] ?? 0) < 128) bare++;
      }
    }
    expect(bare).toBeLessThan(250);
  }, 60_000);
});

describe('boots on feet one behind the other (real models)', () => {
  // before: cgi-model-15 (both ankle keypoints on the front leg, the rear foot in profile reaching out beside the
  // front foot) got one boot over both feet, the rear foot's toes only a bump of the front boot's toe cap (the rear
  // boot's warp grid on the front foot, reaching 0.53 shin widths past the ankles); now the rear foot wears its own
  // boot's foot in profile, out to its toe (1.34), the front boot's toe cap on the front foot
  it("puts the rear boot's foot on the rear foot seen in profile", async () => {
    const { person, body, W, near, y0, y1, side, r } = await onRearFootInProfile('boots-tall');
    // how far past the ankles each boot's warp grid reaches on that side, in shin widths: one reaches the toe
    const reach = (r.debug[0]?.grid ?? []).map(
      (q) => Math.max(...q.map((p) => (p.x - near.end.x) * side)) / near.widthEnd,
    );
    expect(Math.max(...reach)).toBeGreaterThan(1);
    // and the rear foot is covered where it shows
    let n = 0;
    let on = 0;
    for (let y = y0; y < y1; y++) {
      for (let x = 0; x < W; x++) {
        if ((body.mask[y * W + x] ?? 0) < 128 || (x - near.end.x) * side < near.widthEnd * 0.75) continue;
        n++;
        if ((r.layers.garment.data[y * W + x] ?? 0) >= 128) on++;
      }
    }
    expect(n).toBeGreaterThan(near.widthEnd * 10);
    expect(on / n).toBeGreaterThan(0.85);
    // before: its toe jutted out past the foot's (0.026 of the rear boot's pixels beside the front foot further than
    // 0.05 shin widths from the foot's coloured pixels); now it keeps to the foot's outline (0)
    expect(offFoot(person, body.mask, r.layers.garment.data, near, side, y0, y1)).toBeLessThan(0.01);
    // before: the rear boot's foot was one flat brown (a tab): down each of its columns beside the front foot, its
    // upper quarter's brightness over its underside's (0.55-0.8 of the way down) 1.22; now a toe box, its crown lit,
    // its underside darker as it turns under towards a dark sole (1.43)
    expect(crownOverUnder(r, near, side)).toBeGreaterThan(1.3);
  }, 60_000);

  // before: the rear leg's calf showing beside the front shin on the heel's side was under the front boot's shaft,
  // one wide smooth tube over both legs, the rear boot only a toe sticking out on the other side; now that calf wears
  // the rear boot's own shaft behind the front one: darker, parted from it by a seam, its top higher
  it("gives the rear calf beside the front shin the rear boot's shaft", async () => {
    const { near, side, r } = await onRearFootInProfile('boots-tall');
    const s = rearShaft(r, near, -side);
    // down the shaft, the darkest of the band 0.1-0.5 shin widths in from its edge on the heel's side over the front
    // shaft's own brightness further in (0.55-0.85): a seam between two boots (before 0.80; now 0.58)
    expect(s.seam).toBeLessThan(0.7);
    // the garment's top 0.1 shin widths in from that edge above its top 0.7 in (before 0 shin widths; now 0.28)
    expect(s.rise).toBeGreaterThan(0.15);
  }, 60_000);

  // before: cgi-model-4 (shins crossed, the rear leg's ankle keypoint on the front shin, that leg beside it on the
  // higher step) got one wide boot over both shins; now the front boot keeps to its own shin and the rear one rises
  // past it
  it('gives crossed shins a boot each (the rear shin beside the front one)', async () => {
    const person = await loadPerson('cgi-model-4');
    const analysis = await cachedAnalysis(person);
    const body = bodyFrom(analysis);
    const W = person.width;
    const [near, far] = body.legL.end.y > body.legR.end.y ? [body.legL, body.legR] : [body.legR, body.legL];
    const g = EVAL_GARMENTS.find((x) => x.id === 'boots-tall');
    if (!g) throw new Error('no boots-tall');
    const product = (await productPhoto(g, 'flat-white')).image;
    const r = await tryOn(nodeModelRuntime, person, [{ image: product, slot: 'shoes', source: 'laydown' }], {
      analysis,
    });
    // before: one wide shaft over both shins, its top one straight line across them; now the rear shin (its knee on
    // the other side of the front knee, its foot on the higher step) wears its own shaft, its top higher than the
    // front one's (old 0 shin widths; now 0.32)
    const w = near.widthEnd;
    const side = Math.sign(far.mid.x - near.mid.x);
    const topIn = (d0: number, d1: number): number => {
      for (let y = 0; y < near.end.y; y++) {
        for (let d = d0; d <= d1; d += 0.05) {
          const x = Math.round(near.end.x + side * d * w);
          if ((r.layers.garment.data[y * W + x] ?? 0) >= 128) return y;
        }
      }
      return -1;
    };
    const rearTop = topIn(0.2, 0.6);
    const frontTop = topIn(-0.8, -0.4);
    expect(rearTop).toBeGreaterThan(0);
    expect(frontTop).toBeGreaterThan(0);
    expect((frontTop - rearTop) / w).toBeGreaterThan(0.15);
  }, 60_000);
});

/**
 * The share of the garment's pixels beside the front foot (over 0.75 of its shin's width from its ankle, on the rear
 * foot's side, from a shin width above y0 to one below y1) further than 0.05 shin widths from any coloured pixel of
 * the person's mask (the rear foot's skin; not the floor, not the grey shadow under the foot).
 */
function offFoot(
  person: { width: number; data: Uint8Array | Uint8ClampedArray },
  mask: Uint8Array,
  garment: Uint8Array,
  near: { end: { x: number; y: number }; widthEnd: number },
  side: number,
  y0: number,
  y1: number,
): number {
  const W = person.width;
  const foot = (p: number): boolean => {
    if ((mask[p] ?? 0) < 128) return false;
    const c = [person.data[p * 4] ?? 0, person.data[p * 4 + 1] ?? 0, person.data[p * 4 + 2] ?? 0];
    const hi = Math.max(...c);
    return hi - Math.min(...c) > hi * 0.18;
  };
  const d = Math.ceil(near.widthEnd * 0.05);
  let shoe = 0;
  let off = 0;
  for (let y = Math.round(y0 - near.widthEnd); y < y1 + near.widthEnd; y++) {
    for (let x = d; x < W - d; x++) {
      if (Math.abs(x - near.end.x) <= near.widthEnd * 0.75 || (x - near.end.x) * side < 0) continue;
      if ((garment[y * W + x] ?? 0) < 128) continue;
      shoe++;
      let close = false;
      for (let dy = -d; dy <= d && !close; dy++)
        for (let dx = -d; dx <= d && !close; dx++) close = foot((y + dy) * W + x + dx);
      if (!close) off++;
    }
  }
  expect(shoe).toBeGreaterThan(near.widthEnd * 5);
  return off / shoe;
}

/**
 * Down each column of the shoe beside the front foot (over 0.75 of its shin's width from its ankle, on the rear
 * foot's side, from that ankle to 1.5 shin widths under it), the mean brightness of the shoe's upper quarter over
 * that of its rows 0.55-0.8 of the way down (its underside, above the sole), over all such columns (1: one flat
 * colour).
 */
function crownOverUnder(
  r: { image: { width: number; data: Uint8Array | Uint8ClampedArray }; layers: { garment: { data: Uint8Array } } },
  near: { end: { x: number; y: number }; widthEnd: number },
  side: number,
): number {
  const W = r.image.width;
  const lum = (p: number) =>
    0.3 * (r.image.data[p * 4] ?? 0) + 0.59 * (r.image.data[p * 4 + 1] ?? 0) + 0.11 * (r.image.data[p * 4 + 2] ?? 0);
  let crown = 0;
  let under = 0;
  let n = 0;
  for (let x = 0; x < W; x++) {
    if (Math.abs(x - near.end.x) <= near.widthEnd * 0.75 || (x - near.end.x) * side < 0) continue;
    const ys: number[] = [];
    for (let y = Math.round(near.end.y); y < near.end.y + near.widthEnd * 1.5; y++)
      if ((r.layers.garment.data[y * W + x] ?? 0) >= 128) ys.push(y);
    if (ys.length < 8) continue;
    const q = Math.max(1, Math.floor(ys.length / 4));
    const low = ys.slice(Math.floor(ys.length * 0.55), Math.floor(ys.length * 0.8));
    for (const y of ys.slice(0, q)) crown += lum(y * W + x) / q;
    for (const y of low) under += lum(y * W + x) / Math.max(1, low.length);
    n++;
  }
  expect(n).toBeGreaterThan(near.widthEnd * 0.3);
  return crown / Math.max(1, under);
}

/**
 * The front boot's shaft on its heel's side (`dir`, away from the rear toe), over the rows 0.5-2.5 shin widths above
 * the front ankle: `seam`, the median over rows of the darkest brightness 0.1-0.5 shin widths in from the garment's
 * edge over the median 0.55-0.85 in; `rise`, how much higher (in shin widths) the garment's top is 0.1 in from that
 * edge than 0.7 in.
 */
function rearShaft(
  r: { image: { width: number; data: Uint8Array | Uint8ClampedArray }; layers: { garment: { data: Uint8Array } } },
  near: { end: { x: number; y: number }; widthEnd: number },
  dir: number,
): { seam: number; rise: number } {
  const W = r.image.width;
  const w = near.widthEnd;
  const lum = (p: number) =>
    0.3 * (r.image.data[p * 4] ?? 0) + 0.59 * (r.image.data[p * 4 + 1] ?? 0) + 0.11 * (r.image.data[p * 4 + 2] ?? 0);
  const on = (x: number, y: number) => (r.layers.garment.data[y * W + x] ?? 0) >= 128;
  const med = (v: number[]) => v.sort((p, q) => p - q)[v.length >> 1] ?? NaN;
  // the garment's edge on that side at a row: the last covered pixel going out from the ankle's column
  const edgeAt = (y: number): number => {
    let x = Math.round(near.end.x);
    if (!on(x, y)) return -1;
    while (x >= 0 && x < W && on(x + dir, y)) x += dir;
    return x;
  };
  const ratios: number[] = [];
  const edges: number[] = [];
  for (let y = Math.round(near.end.y - w * 2.5); y < near.end.y - w * 0.5; y++) {
    const e = edgeAt(y);
    if (e < 0) continue;
    edges.push(e);
    let dark = Infinity;
    for (let d = Math.round(w * 0.1); d <= w * 0.5; d++) dark = Math.min(dark, lum(y * W + e - dir * d));
    const front: number[] = [];
    for (let d = Math.round(w * 0.55); d <= w * 0.85; d++) front.push(lum(y * W + e - dir * d));
    ratios.push(dark / Math.max(1, med(front)));
  }
  expect(ratios.length).toBeGreaterThan(w);
  // the tops: the first covered row in those columns (from the edge's median column)
  const e = med(edges);
  const topAt = (d: number): number => {
    const x = Math.round(e - dir * d * w);
    for (let y = 0; y < near.end.y; y++) if (on(x, y)) return y;
    return -1;
  };
  return { seam: med(ratios), rise: (topAt(0.7) - topAt(0.1)) / w };
}
