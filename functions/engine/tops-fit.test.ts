/**
 * A top's sleeves and sides on arms down the side (issue 38, round 3, part F5), with the real models: a short sleeve
 * lies on the arm from its seam, not folded back over the chest, and the body piece's armpits are at the arm's
 * inner side, not out at the arm's outer side (where the mask's width, the arm included, put them: a sack with
 * square shoulders). The garments are the evaluation set's drawings, flat on white; placed alone (`placeUpper`).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { detectGarment } from '../../shared/engine';
import { newLayer, type Layer } from '../../shared/engine/core/raster';
import type { Point } from '../../shared/engine/core/tps';
import type { RgbaImage } from '../../shared/engine/core/types';
import { variantFor } from '../../shared/engine/look/variants';
import { readScene } from '../../shared/engine/compose/scene';
import type { Body, Limb } from '../../shared/engine/perception/body';
import { placeUpper } from '../../shared/engine/place/upper';
import { loadPerson } from '../../test/engine/fixtures';
import { productPhoto } from '../../test/engine/eval/conditions';
import { EVAL_GARMENTS } from '../../test/engine/eval/garments';
import { warmEngineModels } from './node-runtime';
import { cachedAnalysis } from '../../test/engine/run-cache';

beforeAll(async () => {
  await warmEngineModels();
}, 60_000);

async function place(garmentId: string, who: string, slot: 'top' | 'one-piece' = 'top') {
  const g = EVAL_GARMENTS.find((x) => x.id === garmentId);
  if (!g) throw new Error(`no eval garment ${garmentId}`);
  const person = await loadPerson(who);
  // the pipeline's body (scene.ts): the person mask, and the photo's backdrop told from it (part P2)
  const body = readScene(person, await cachedAnalysis(person)).body;
  const photo = await productPhoto(g, 'flat-white');
  const det = detectGarment(photo.image, slot);
  const placed = placeUpper(det.image ?? photo.image, det.alpha, slot, body, variantFor(0), [1, 1, 1]);
  const sleeves = newLayer(person.width, person.height);
  placed.drawLimbs(sleeves);
  return { placed, body, sleeves, person };
}

/**
 * How clearly a drawn print repeats in a 21 px tile on the upper arm (at `t` from the root to the elbow, `off` x the
 * arm's root width off its line): the tile's luminance autocorrelation (normalized) at its best shift of 3-12 px.
 * One lattice (checks drawn by a single affine map) peaks near 1; a mirror fold through the tile mixes two lattices.
 */
function repeatPeak(layer: Layer, arm: Limb, t: number, off: number): number {
  const W = layer.width;
  const d = layer.data;
  const lum = (q: number) => (d[q * 4] ?? 0) * 0.3 + (d[q * 4 + 1] ?? 0) * 0.59 + (d[q * 4 + 2] ?? 0) * 0.11;
  const on = (q: number) => (d[q * 4 + 3] ?? 0) > 250;
  const len = Math.hypot(arm.mid.x - arm.root.x, arm.mid.y - arm.root.y) || 1;
  const [nx, ny] = [-(arm.mid.y - arm.root.y) / len, (arm.mid.x - arm.root.x) / len];
  const cx = Math.round(arm.root.x + (arm.mid.x - arm.root.x) * t + nx * off * arm.widthRoot);
  const cy = Math.round(arm.root.y + (arm.mid.y - arm.root.y) * t + ny * off * arm.widthRoot);
  const tile: number[] = [];
  for (let y = cy - 10; y <= cy + 10; y++)
    for (let x = cx - 10; x <= cx + 10; x++) if (on(y * W + x)) tile.push(y * W + x);
  const mean = tile.reduce((s, q) => s + lum(q), 0) / Math.max(1, tile.length);
  const variance = tile.reduce((s, q) => s + (lum(q) - mean) ** 2, 0) / Math.max(1, tile.length);
  let best = -1;
  for (let dy = 0; dy <= 12; dy++) {
    for (let dx = -12; dx <= 12; dx++) {
      if (dx * dx + dy * dy < 9) continue;
      let acc = 0;
      let m = 0;
      for (const q of tile) {
        const q2 = q + dy * W + dx;
        if (!on(q2)) continue;
        acc += (lum(q) - mean) * (lum(q2) - mean);
        m++;
      }
      if (m > 100 && variance > 0) best = Math.max(best, acc / m / variance);
    }
  }
  return best;
}

/** The upper arm's axis at row y (root to elbow). */
function axisAt(arm: Limb, y: number): number {
  const t = (y - arm.root.y) / (arm.mid.y - arm.root.y || 1);
  return arm.root.x + (arm.mid.x - arm.root.x) * t;
}

/**
 * The share of a limb strip's area drawn folded over itself: its sections' triangles (outer and inner edges, section
 * to section) whose orientation is against the strip's own (a strip laid flat keeps one orientation throughout).
 */
function foldedShare(strip: { dOut: Point[]; dIn: Point[] }): number {
  const tri = (a: Point, b: Point, c: Point) => ((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)) / 2;
  const areas: number[] = [];
  for (let i = 0; i + 1 < strip.dOut.length; i++) {
    const [o0, o1, i0, i1] = [strip.dOut[i]!, strip.dOut[i + 1]!, strip.dIn[i]!, strip.dIn[i + 1]!];
    areas.push(tri(o0, o1, i0), tri(i0, o1, i1));
  }
  const net = areas.reduce((s, a) => s + a, 0);
  const total = areas.reduce((s, a) => s + Math.abs(a), 0);
  const against = areas.filter((a) => a * net < 0).reduce((s, a) => s + Math.abs(a), 0);
  return against / Math.max(1e-6, total);
}

/**
 * Each quad's dest-to-source map (the triangle of its outer edge's two points and its first inner point): its larger
 * over its smaller singular value (1: the print kept square; larger: squeezed one way, drawn out the other).
 */
function quadStretch(strip: { so: Point[]; si: Point[]; dOut: Point[]; dIn: Point[] }): number[] {
  const out: number[] = [];
  for (let i = 0; i + 1 < strip.dOut.length; i++) {
    const [d0, d1, d2] = [strip.dOut[i]!, strip.dOut[i + 1]!, strip.dIn[i]!];
    const [s0, s1, s2] = [strip.so[i]!, strip.so[i + 1]!, strip.si[i]!];
    const [da, db, dc, dd] = [d1.x - d0.x, d2.x - d0.x, d1.y - d0.y, d2.y - d0.y];
    const det = da * dd - db * dc;
    const [sa, sb, sc, sd] = [s1.x - s0.x, s2.x - s0.x, s1.y - s0.y, s2.y - s0.y];
    const a = (sa * dd - sb * dc) / det;
    const b = (-sa * db + sb * da) / det;
    const c = (sc * dd - sd * dc) / det;
    const d = (-sc * db + sd * da) / det;
    const f = a * a + b * b + c * c + d * d;
    const s1v = Math.sqrt((f + Math.sqrt((a * a + b * b - c * c - d * d) ** 2 + 4 * (a * c + b * d) ** 2)) / 2);
    out.push(s1v / Math.max(1e-9, Math.abs(a * d - b * c) / s1v));
  }
  return out;
}

/** The share of a strip's drawn area (both triangles of each quad) whose dest-to-source map stretches over `most`. */
function stretchedShare(strip: { so: Point[]; si: Point[]; dOut: Point[]; dIn: Point[] }, most: number): number {
  const flip = { so: strip.si, si: strip.so, dOut: strip.dIn, dIn: strip.dOut };
  const area = (a: Point, b: Point, c: Point) => Math.abs((b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y)) / 2;
  let all = 0;
  let over = 0;
  for (const st of [strip, flip]) {
    const s = quadStretch(st);
    for (let i = 0; i < s.length; i++) {
      // (the triangle quadStretch reads: the edge's two points and the other edge's first)
      const [p, q, r] = [st.dOut[i], st.dOut[i + 1], st.dIn[i]];
      if (!p || !q || !r) continue;
      const a = area(p, q, r);
      if (a < 1) continue;
      all += a;
      if ((s[i] ?? 0) > most) over += a;
    }
  }
  return over / Math.max(1, all);
}

/**
 * Each section's scale across (its drawn width over its source's) over its scale along (the drawn middles of the
 * sections either side apart over their source's): 1 where the print keeps its proportions.
 */
function acrossOverAlong(strip: { so: Point[]; si: Point[]; dOut: Point[]; dIn: Point[] }, i: number): number {
  const d = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
  const across = d(strip.dOut[i]!, strip.dIn[i]!) / d(strip.so[i]!, strip.si[i]!);
  return across / ((alongAt(strip, i - 1) + alongAt(strip, i)) / 2);
}

/**
 * A strip's scale along between its sections i and i + 1: the drawn middles apart over the source's (a sleeve's
 * print folded along, `foldAlong`, turns at a section of its own, so each piece between two sections runs one way).
 */
function alongAt(strip: { so: Point[]; si: Point[]; dOut: Point[]; dIn: Point[] }, i: number): number {
  const d = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
  const mid = (a: Point, b: Point) => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
  const dm = (k: number) => mid(strip.dOut[k]!, strip.dIn[k]!);
  const sm = (k: number) => mid(strip.so[k]!, strip.si[k]!);
  return d(dm(i), dm(i + 1)) / Math.max(1e-6, d(sm(i), sm(i + 1)));
}

/**
 * Is this triple of anchors (from the end) not a level row? The last one, the hem's, may be tilted (its ends each on
 * their own side's waistband over a flare, round 37 part b); any other is on one row.
 */
function tilted(anchors: { from: Point; to: Point }[], i: number, l: Point, r: Point): boolean {
  return i < anchors.length - 3 && Math.abs(l.y - r.y) > 0.01;
}

/**
 * The body piece's width over the body's own (its silhouette, arms left out) on the level row (the anchors' last
 * rows, each a left, a right and a middle point) where the body is narrowest below the armpits' and above the hips.
 */
function waistEase(anchors: { from: Point; to: Point }[], body: Body): number {
  let best = { body: Infinity, top: 0 };
  for (let i = anchors.length - 3; i >= 5; i -= 3) {
    const [l, r, c] = [anchors[i]!.to, anchors[i + 1]!.to, anchors[i + 2]!.to];
    if (tilted(anchors, i, l, r) || Math.abs(c.x - (l.x + r.x) / 2) > 0.01) break;
    const t = (l.y - body.neck.y) / body.torsoH;
    if (t < 0.4 || t > 0.9) continue;
    const [sl, sr] = body.silhouetteEdges(l.y, body.span * 1.2);
    if (sr - sl < best.body) best = { body: sr - sl, top: r.x - l.x };
  }
  return best.top / best.body;
}

describe('a top on folded arms (round 8, part M3)', () => {
  it("keeps a folded arm's upper sleeve's print square past the seam, to its end at the elbow", async () => {
    // cgi-model-2: one hand at the head, the other at the chest; each upper sleeve is its own strip (`limbStrip`, 11
    // sections), its source's sections joining the points of the sleeve's straight edges at the elbow: the last one
    // slanted as the seam, its quad squeezed 8.1x (the gingham streaked at the elbow); now across the sleeve's own
    // axis at its width in the mask, 3.5 at most past the seam's blend (its first 30%)
    const { placed, body } = await place('shirt-check', 'cgi-model-2');
    expect(body.armRaised).toContain(true);
    // (11 sections, and one more at each turn where its print is folded along, `foldAlong`; the forearms' 9, the caps' 5)
    // (an elbow's round wedge, `elbowJoin`, is a fan about the elbow: all its inner points one)
    const fan = (s: { dIn: Point[] }) => s.dIn.every((p) => p.x === s.dIn[0]?.x && p.y === s.dIn[0]?.y);
    // (a forearm's strip is the one drawn just before its elbow's wedge)
    const all = placed.debug.strips ?? [];
    const fores = all.filter((s, i) => !fan(s) && all[i + 1] !== undefined && fan(all[i + 1] ?? s));
    const uppers = all.filter((s) => s.dOut.length >= 11 && s.dOut.length <= 16 && !fan(s) && !fores.includes(s));
    expect(uppers.length).toBe(2);
    for (const st of uppers) {
      const strip = st as { so: Point[]; si: Point[]; dOut: Point[]; dIn: Point[] };
      expect(Math.max(...quadStretch(strip).slice(3))).toBeLessThan(4);
    }
    // the raised arm's sleeve at the shoulder (round 13, part T5): its shoulder cap (5 sections, drawn under the
    // body piece) and its upper sleeve's first quads read the flat lay's seam (shoulder's top to armpit, along the
    // sleeve) and drew it across the arm, the gingham sheared into diagonal streaks: the cap's quads 9.7 at most,
    // the upper sleeve's first 5.4; now across the sleeve's own axis from past the seam (`seamClear`): 3.4, 3.3
    const caps = (placed.debug.strips ?? []).filter((s) => s.dOut.length === 5);
    expect(caps.length).toBe(1);
    const cap = caps[0] as { so: Point[]; si: Point[]; dOut: Point[]; dIn: Point[] };
    expect(Math.max(...quadStretch(cap))).toBeLessThan(4);
    for (const st of uppers) expect(Math.max(...quadStretch(st as typeof cap))).toBeLessThan(4);
    // the forearms' sleeves: their print's scale across over along, the median of their inner sections; the
    // forearm across her waist was drawn as read, its gingham's checks 1.31x as wide across as along (enlarged);
    // now padded across as the upper sleeves are (`padAcross`, round 20, part A2): 1.00
    expect(fores.length).toBe(2);
    for (const st of fores) {
      const n = st.dOut.length;
      const r = Array.from({ length: n - 2 }, (_, i) => acrossOverAlong(st as typeof cap, i + 1)).sort((a, b) => a - b);
      expect(r[Math.floor(r.length / 2)] ?? 0).toBeLessThan(1.2);
    }
    // (round 24, part G7) the lowered arm's upper sleeve at the forearms' print scale (drawn width over the padded
    // source's, median past the seam's blend): a flat lay's sleeve is a narrow wedge across its axis below the seam,
    // padded at most once each side its gingham's checks were 2.2x the forearms'; now padded by whole repeats
    // (`PAD_LATTICE_MOST`): 1.0. Its elbow's wedge, read over half the forearm's section: 3.3x, now across it: 1.8x
    const printScale = (st: { so: Point[]; si: Point[]; dOut: Point[]; dIn: Point[] }) => {
      const d = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
      const r = st.dOut.slice(3).map((o, i) => d(o, st.dIn[i + 3]!) / d(st.so[i + 3]!, st.si[i + 3]!));
      return r.sort((a, b) => a - b)[Math.floor(r.length / 2)] ?? 0;
    };
    const foreScale = Math.max(...fores.map((st) => printScale(st as typeof cap)));
    const lowered = body.armRaised.indexOf(false);
    expect(printScale(uppers[lowered] as typeof cap) / foreScale).toBeLessThan(1.2);
    expect(printScale(all.filter(fan)[lowered] as typeof cap) / foreScale).toBeLessThan(2.2);
  }, 60_000);
});

describe("a folded forearm's padded print (round 26, part I4)", () => {
  it("draws the lowered forearm's gingham without its flat lay's crease copied into bands along it", async () => {
    // cgi-model-2: her image-right forearm is folded up across her waist; its sleeve, padded by copies of its cloth
    // (`drawPadded`), carried the flat lay's crease shadow into each copy, dark bands along the forearm. Across the
    // forearm (its sections' outer to inner ends, 10-90%), the drawn luminance averaged along it (the checks averaged
    // out, the arm slanted to them): its range over its mean, 0.120; its cloth now read with that shading taken out
    // (`flattenShading`): 0.055
    const { placed, body, sleeves } = await place('shirt-check', 'cgi-model-2');
    const fan = (s: { dIn: Point[] }) => s.dIn.every((p) => p.x === s.dIn[0]?.x && p.y === s.dIn[0]?.y);
    const all = placed.debug.strips ?? [];
    const fores = all.filter((s, i) => !fan(s) && all[i + 1] !== undefined && fan(all[i + 1] ?? s));
    const fore = fores[body.armRaised.indexOf(false)];
    expect(fore).toBeDefined();
    if (!fore) return;
    const W = sleeves.width;
    const d = sleeves.data;
    const n = fore.dOut.length;
    const profile: number[] = [];
    for (let k = 0; k <= 16; k++) {
      const u = 0.1 + (0.8 * k) / 16;
      let sum = 0;
      let m = 0;
      for (let i = 1; i + 2 < n; i++) {
        for (let j = 0; j < 8; j++) {
          const f = j / 8;
          const o = {
            x: fore.dOut[i]!.x + (fore.dOut[i + 1]!.x - fore.dOut[i]!.x) * f,
            y: fore.dOut[i]!.y + (fore.dOut[i + 1]!.y - fore.dOut[i]!.y) * f,
          };
          const e = {
            x: fore.dIn[i]!.x + (fore.dIn[i + 1]!.x - fore.dIn[i]!.x) * f,
            y: fore.dIn[i]!.y + (fore.dIn[i + 1]!.y - fore.dIn[i]!.y) * f,
          };
          const q = Math.round(o.y + (e.y - o.y) * u) * W + Math.round(o.x + (e.x - o.x) * u);
          if ((d[q * 4 + 3] ?? 0) < 250) continue;
          sum += (d[q * 4] ?? 0) * 0.3 + (d[q * 4 + 1] ?? 0) * 0.59 + (d[q * 4 + 2] ?? 0) * 0.11;
          m++;
        }
      }
      if (m > 20) profile.push(sum / m);
    }
    expect(profile.length).toBeGreaterThan(12);
    const mean = profile.reduce((a, b) => a + b, 0) / profile.length;
    const range = (Math.max(...profile) - Math.min(...profile)) / mean;
    expect(range).toBeLessThan(0.1);
  }, 60_000);
});

describe('a short sleeve on a raised arm (round 20, part A2)', () => {
  it("wraps the raised upper arm's underside, not a creased flap above it", async () => {
    // cgi-model-2: her image-left arm raised out to the side, its keypoint line near the arm's top (the armpit's
    // mass below it). The short sleeve was a cap of the arm's width on that line and a second strip from the seam's
    // line (shoulder's top to the armpit far below) folded into a thin flap: bare skin between the sleeve and the
    // body piece. Along the upper arm's first 0.1-0.3, the mask's pixels from the line down to its underside's edge
    // (at most the arm's width) that the sleeves cover
    const { placed, body, sleeves, person } = await place('tee-logo', 'cgi-model-2');
    expect(body.armRaised[0]).toBe(true);
    const W = person.width;
    const arm = body.armL;
    const d = { x: arm.mid.x - arm.root.x, y: arm.mid.y - arm.root.y };
    const L = Math.hypot(d.x, d.y);
    let n = { x: -d.y / L, y: d.x / L };
    if (n.y < 0) n = { x: -n.x, y: -n.y };
    let [on, covered] = [0, 0];
    for (let t = 0.1; t <= 0.3; t += 0.02) {
      const c = { x: arm.root.x + d.x * t, y: arm.root.y + d.y * t };
      for (let k = 0; k < arm.widthRoot; k++) {
        const x = Math.round(c.x + n.x * k);
        const y = Math.round(c.y + n.y * k);
        if ((body.mask[y * W + x] ?? 0) < 128) break;
        on++;
        if ((sleeves.data[(y * W + x) * 4 + 3] ?? 0) > 128) covered++;
      }
    }
    expect(on).toBeGreaterThan(100);
    // was 0.71 (the underside bare); now 1.00
    expect(covered / on).toBeGreaterThan(0.9);
    // her image-right arm hangs from the shoulder, its forearm folded up across her waist to the chest: the short
    // sleeve (the last strip drawn) was a fan from the armpit, its print sheared into sawtooth stripes and creases;
    // now the flat lay's sleeve turned whole (`wholeSleeve`): its quads' largest stretch (larger over smaller
    // singular value of the source-to-drawn map)
    const last = placed.debug.strips?.at(-1);
    if (!last || !('so' in last)) throw new Error('no sleeve strip');
    // was 29.5 (the fan's quads by the armpit); now 1.00
    expect(Math.max(...quadStretch(last as Parameters<typeof quadStretch>[0]))).toBeLessThan(1.5);
  }, 60_000);
});

describe('a top on arms down the side', () => {
  it("keeps a hanging upper sleeve's print at the same scale across the arm as along it", async () => {
    // ai-body, arms down: the shirt's flat-lay sleeve is narrow at its top and the arm widest there, its sections
    // drawn 2.0x (left) and 2.2x (right) wider across than along (the gingham's checks blobs); now each section's
    // source is widened at the scale along and folded back into the sleeve's own cloth (`padAcross`): 1.0
    const { placed, body, sleeves } = await place('shirt-check', 'ai-body');
    expect(body.armRaised).toEqual([false, false]);
    const strips = (placed.debug.strips ?? []) as { so: Point[]; si: Point[]; dOut: Point[]; dIn: Point[] }[];
    expect(strips.length).toBe(2);
    for (const strip of strips) {
      // the upper arm past the seam's blend (sections 2 to 8 of 14)
      for (let i = 2; i <= 8; i++) expect(acrossOverAlong(strip, i)).toBeLessThan(1.2);
    }
    // and at the body piece's scale (its shoulders' anchors apart over the flat lay's), not the arm's length over
    // the sleeve's: the flat lay's long sleeve is short for ai-body's arm, its gingham drawn 1.5x the body's along
    // the sleeve and 2.4x near the shoulder (max 2.46), the checks blobs; now its print is folded back
    // along (`foldAlong`): 1.40 / 1.38 at most (where the arm is wider than its cloth can be padded to), 1.00 below
    const [l, r] = [placed.debug.anchors[1]!, placed.debug.anchors[2]!];
    const scale = Math.hypot(r.to.x - l.to.x, r.to.y - l.to.y) / Math.hypot(r.from.x - l.from.x, r.from.y - l.from.y);
    for (const strip of strips) {
      const along = strip.so.slice(2, -2).map((_, k) => alongAt(strip, k + 2) / scale);
      expect(Math.max(...along)).toBeLessThan(1.6);
    }
    // and its cap (the quads from the seam to past its blend onto the arm) read from the sleeve's own sections, not
    // from the flat lay's seam, which runs nearly along the sleeve while the person's lies across the arm (round 22,
    // part C6, `ownCap`): the cap's worst quad stretch was 7.65 / 7.33 (the gingham swirled at both shoulders); now 1.69
    for (const strip of strips) {
      expect(Math.max(...quadStretch(strip).slice(0, 5))).toBeLessThan(3);
    }
    // and its checks one lattice across the upper sleeve: padded by a whole number of the print's repeats, not
    // mirrored (round 23, part D1, `printLattice`): the mirror's folds drew a chevron band along each side (the

    const side: number[] = [];
    for (const arm of [body.armL, body.armR]) {
      for (const k of [-1, 1]) for (let t = 0.25; t <= 0.65; t += 0.1) side.push(repeatPeak(sleeves, arm, t, k * 0.3));
    }
    expect(side.reduce((a, b) => a + b, 0) / side.length).toBeGreaterThan(0.7);
  }, 60_000);

  it("covers a hanging forearm to its mask's outline on both sides with a long sleeve (no skin sliver along it)", async () => {
    // ai-body, arms down and out: below the elbow her forearm's mask is wider than the sleeve's capped forearm width
    // (`ARM_END_MAX`) and lies off the elbow-wrist line (the image-right one 35 px above it, 27 below), a pink sliver
    // of skin along the hoodie's sleeve above the cuff; each edge now reaches the outline on its side (`foreSides`)
    const { body, sleeves } = await place('hoodie-print', 'ai-body');
    expect(body.armRaised).toEqual([false, false]);
    const W = body.width;
    let bare = 0;
    for (const arm of [body.armL, body.armR]) {
      const L = Math.hypot(arm.end.x - arm.mid.x, arm.end.y - arm.mid.y);
      const [nx, ny] = [-(arm.end.y - arm.mid.y) / L, (arm.end.x - arm.mid.x) / L];
      // across the forearm's first half, from its line out to the mask's edge on each side
      for (let t = 0.1; t <= 0.5; t += 0.05) {
        const cx = arm.mid.x + (arm.end.x - arm.mid.x) * t;
        const cy = arm.mid.y + (arm.end.y - arm.mid.y) * t;
        for (const sign of [-1, 1]) {
          for (let d = 0; d < arm.widthRoot; d++) {
            const p = Math.round(cy + ny * d * sign) * W + Math.round(cx + nx * d * sign);
            if ((body.mask[p] ?? 0) < 128) break;
            if ((sleeves.data[p * 4 + 3] ?? 0) < 128) bare++;
          }
        }
      }
    }
    // was 93; now 2
    expect(bare).toBeLessThan(10);
  }, 60_000);

  it('lays each short sleeve on its arm, not folded back over the chest', async () => {
    // cgi-model-30 and cgi-model-4: arms hanging beside the body; the tee's seam runs from the shoulder's top to the
    // armpit, along the arm: one strip from the shoulder's joint took the sleeve's inner edge up from the armpit and
    // down again, a flap with its hem across the chest
    for (const who of ['cgi-model-30', 'cgi-model-4']) {
      const { body, placed } = await place('tee-logo', who);
      expect(body.armRaised).toEqual([false, false]);
      const strips = placed.debug.strips ?? [];
      expect(strips.length).toBe(2);
      for (const strip of strips) expect(foldedShare(strip)).toBeLessThan(0.1);
      // and its sides come in with the body's at the waist (part N4): on the level row where the body's silhouette
      // (arms left out) is narrowest below the chest, the body piece's width over the body's; the flat lay's
      // straight sides laid on the torso's capped width, the arms in it, were a box 1.38x cgi-model-4's waist
      // (1.18x cgi-model-30's); now 1.05x both
      expect(waistEase(placed.debug.anchors, body)).toBeLessThan(1.15);
    }
  }, 60_000);

  it('runs a short sleeve down the arm below a deep armpit, not fanned out from it (round 19, part Z7)', async () => {
    // cgi-model-15: the tee's armpits lie 0.4-0.5 of the upper arm down it, below the outer edge's own end; the
    // edges met halfway between their ends, the inner edge 0.15 (image right) and 0.23 of the arm's width long,
    // every section fanned out from the armpit (a flap standing off the shoulder, the print sheared 28x in its
    // thinnest quad); now each edge runs evenly to a cuff half the underarm's length below the armpit: 0.37, 0.36
    const { placed, body } = await place('tee-logo', 'cgi-model-15');
    expect(body.armRaised).toEqual([false, false]);
    const strips = placed.debug.strips ?? [];
    expect(strips.length).toBe(2);
    const arms = [body.armL, body.armR] as const;
    strips.forEach((strip, k) => {
      const arm = arms[k === 0 ? 0 : 1];
      const [a, b] = [strip.dIn[0], strip.dIn[strip.dIn.length - 1]];
      if (!a || !b) throw new Error('a sleeve strip without its inner edge');
      const [dx, dy] = [arm.mid.x - arm.root.x, arm.mid.y - arm.root.y];
      const run = ((b.x - a.x) * dx + (b.y - a.y) * dy) / Math.hypot(dx, dy);
      expect(run / Math.min(arm.widthRoot, body.span * 0.3)).toBeGreaterThan(0.3);
    });
    // (the image-right sleeve's most sheared quad: 27.8 before, 7.4 now)
    expect(Math.max(...quadStretch(strips[1] as Parameters<typeof quadStretch>[0]))).toBeLessThan(12);
    // the fan's source ran from the flat lay's seam to its cuff on both edges, the underarm squeezed into the
    // armpit's few pixels (sawtooth stripes, a creased flap); now read through one similarity (round 22, part C3,
    // `fanRead`): the share of each sleeve's drawn area whose print is stretched over 2x one way over the other,
    // 0.74 (image left) and 0.36 before, 0.23 and 0.15 now
    for (const strip of strips)
      expect(stretchedShare(strip as Parameters<typeof stretchedShare>[0], 2)).toBeLessThan(0.3);
  }, 60_000);

  it("keeps a narrow short sleeve's print whole below a deep armpit (round 22, part C11)", async () => {
    // midi-dots on cgi-model-15: the dress's 24 px cuff drawn 2.4x wider round her arm; read through the hem's
    // similarity (`fanRead`) its whole inner edge came from a few pixels by the cuff, white streaks fanned across
    // both sleeves; now its seam-to-cuff sections, folded along and padded across (`FAN_READ_WIDEST`): the share of
    // each sleeve's drawn area stretched over 3x one way over the other,
    // 0.86 both before, 0.24 and 0.31 now (its most sheared quad 70x and 58x before, 6.6x and 8.1x now)
    const { placed, body } = await place('midi-dots', 'cgi-model-15', 'one-piece');
    expect(body.armRaised).toEqual([false, false]);
    const strips = placed.debug.strips ?? [];
    expect(strips.length).toBe(2);
    for (const strip of strips)
      expect(stretchedShare(strip as Parameters<typeof stretchedShare>[0], 3)).toBeLessThan(0.5);
    // the cap's sections left the shoulder outwards while their inner ends ran in past the armpit over the body
    // piece, crossing the seam's section: the mesh folded over itself, the dots scratched into white streaks along
    // the seam and at the armpit (round 25, part H7, `pitSide`): the farthest an inner end lies past the seam's line
    // (on the body's side), in px, 16.2 (image left) and 7.9 before, 0 now
    const past = strips.map((strip) => {
      const [a, b, m] = [strip.dOut[0], strip.dIn[0], strip.dOut[Math.floor(strip.dOut.length / 2)]];
      if (!a || !b || !m) throw new Error('a sleeve strip without its seam');
      const side = (p: Point) =>
        ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)) / Math.hypot(b.x - a.x, b.y - a.y);
      return Math.max(0, ...strip.dIn.map((p) => -side(p) * Math.sign(side(m))));
    });
    for (const p of past) expect(p).toBeLessThan(1);
  }, 60_000);

  it("puts the armpits at the arms' inner sides, not at their outer sides", async () => {
    const { placed, body } = await place('tee-logo', 'cgi-model-30');
    // the anchors: neck, the shoulders, then the armpits (image-left, image-right)
    const pits = [placed.debug.anchors[3]!.to, placed.debug.anchors[4]!.to];
    const arms = [body.armL, body.armR];
    for (let i = 0; i < 2; i++) {
      const arm = arms[i]!;
      const pit = pits[i]!;
      const sign = Math.sign(arm.root.x - body.neck.x) || 1;
      const inner = axisAt(arm, pit.y) - sign * (Math.min(arm.widthRoot, body.span * 0.3) / 2);
      // out at the mask's edge (the arm's outer side) the armpit was a third of the arm's width or more outside it
      expect((pit.x - inner) * sign).toBeLessThan(body.span * 0.04);
    }
    // a sleeveless top beside an upper arm whose forearm is bent up to the chest (cgi-model-2, image right): the
    // armhole's foot past the arm's inner side, x the span, was 0.24 (at the torso's edge, the armhole a flat cap
    // over the top of the upper arm); now 0.025 (round 16, part W6)
    const tank = await place('tank-rib', 'cgi-model-2');
    const arm = tank.body.armR;
    const pit = tank.placed.debug.anchors[4]!.to;
    const inner = axisAt(arm, pit.y) - Math.min(arm.widthRoot, tank.body.span * 0.3) / 2;
    expect((pit.x - inner) / tank.body.span).toBeLessThan(0.04);
  }, 60_000);
});

describe('a top by a pocket of backdrop in the person mask (round 10, part P2)', () => {
  it("brings the body piece's side in to the waist, not out over the pink between the waist and the bent arm", async () => {
    // cgi-model-2: her image-right arm hangs from the shoulder and bends up to the chest; the pink backdrop between
    // it and her waist is inside the person mask, so the tee's side, fitted to the mask's width there, was out at the
    // arm: a box. On the level rows at the waist (0.5-0.8 of the torso down), the body piece's right edge past the
    // bodice's side in the photo (the axis outwards to the first pink, 4 pixels in a row), x the span
    const { placed, body, person } = await place('tee-logo', 'cgi-model-2');
    const W = person.width;
    const pink = (x: number, y: number) => {
      const i = (y * W + x) * 4;
      const [r, g, b] = [person.data[i]!, person.data[i + 1]!, person.data[i + 2]!];
      return r > 200 && g < 125 && b > g + 25;
    };
    const anchors = placed.debug.anchors;
    const past: number[] = [];
    for (let i = anchors.length - 3; i >= 5; i -= 3) {
      const [l, r, c] = [anchors[i]!.to, anchors[i + 1]!.to, anchors[i + 2]!.to];
      if (tilted(anchors, i, l, r) || Math.abs(c.x - (l.x + r.x) / 2) > 0.01) break;
      const t = (l.y - body.neck.y) / body.torsoH;
      if (t < 0.5 || t > 0.8) continue;
      const y = Math.round(l.y);
      let x = Math.round(body.axisX(y));
      let run = 0;
      while (x < W - 1 && run < 4) run = pink(++x, y) ? run + 1 : 0;
      past.push((r.x - (x - 3)) / body.span);
    }
    expect(past.length).toBeGreaterThan(0);
    // was 0.30-0.38 (the side out at the arm); 0.07-0.15 after P2 (the ease and the slack, but the body's side read
    // at least 0.3 span from the axis, which her three-quarter turn puts 35 px right of her waist's middle: the
    // side floored up to 20 px out over the pink); now 0.01-0.06 (a side the backdrop ends is seen, round 16, W6)
    expect(Math.max(...past)).toBeLessThan(0.1);
    // and at the chest (the level rows 0.25-0.45 of the torso down, below the armpit), where the mask is her torso,
    // her forearm in front of it and her upper arm beside it: the right edge past the waist's (0.5-0.8), x the span,
    // was 0.19-0.22 (out at the torso's cap, a box beside her arm); 0.00-0.09 after part R18 (read below the arm);
    // 0.14 now that the waist itself comes in to the backdrop (W6: her ribs wider than her waist; the cap 0.30)
    const chest: number[] = [];
    const waist: number[] = [];
    for (let i = anchors.length - 3; i >= 5; i -= 3) {
      const [l, r, c] = [anchors[i]!.to, anchors[i + 1]!.to, anchors[i + 2]!.to];
      if (tilted(anchors, i, l, r) || Math.abs(c.x - (l.x + r.x) / 2) > 0.01) break;
      const t = (l.y - body.neck.y) / body.torsoH;
      if (t >= 0.25 && t <= 0.45) chest.push(r.x);
      if (t >= 0.5 && t <= 0.8) waist.push(r.x);
    }
    expect(chest.length).toBeGreaterThan(0);
    expect((Math.max(...chest) - Math.max(...waist)) / body.span).toBeLessThan(0.2);
    // and beside her raised arm (image left) at the chest, where the mask runs past the torso's cap over the pink:
    // the left edge inside her bust's side there (the axis outwards to the first pink, 4 in a row), x the span, was
    // 0.03-0.06 (the waist's side below, a straight side her bust bulged out of); now -0.04 to -0.02, out by the
    // ease (round 16, part W6)
    const inside: number[] = [];
    for (let i = anchors.length - 3; i >= 5; i -= 3) {
      const [l, r, c] = [anchors[i]!.to, anchors[i + 1]!.to, anchors[i + 2]!.to];
      if (tilted(anchors, i, l, r) || Math.abs(c.x - (l.x + r.x) / 2) > 0.01) break;
      const t = (l.y - body.neck.y) / body.torsoH;
      if (t < 0.25 || t > 0.45) continue;
      const y = Math.round(l.y);
      let x = Math.round(body.axisX(y));
      let run = 0;
      while (x > 0 && run < 4) run = pink(--x, y) ? run + 1 : 0;
      inside.push((l.x - (x + 3)) / body.span);
    }
    expect(inside.length).toBeGreaterThan(0);
    expect(Math.max(...inside)).toBeLessThan(0.02);
    expect(Math.min(...inside)).toBeGreaterThan(-0.08);
  }, 60_000);
});

describe('a top over a tutu (round 10, part P14)', () => {
  it("falls from the waist on the hips' line, not out over the tutu's flare", async () => {
    // cgi-model-2: below her waist the person mask is the tutu's, flaring out far faster than a hip (up to the
    // torso's capped edges): the tee's sides, fitted to it, flared back out at the hem, a box. On the level rows
    // below the waist (past 0.85 of the torso down), the body piece's right edge past its right edge at the waist
    // (0.5-0.8 of the torso down, by the bent arm), x the span
    const { placed, body } = await place('tee-logo', 'cgi-model-2');
    expect(placed.hips?.cut).toEqual([true, true]);
    const anchors = placed.debug.anchors;
    const waist: number[] = [];
    const below: number[] = [];
    for (let i = anchors.length - 3; i >= 5; i -= 3) {
      const [l, r, c] = [anchors[i]!.to, anchors[i + 1]!.to, anchors[i + 2]!.to];
      if (tilted(anchors, i, l, r) || Math.abs(c.x - (l.x + r.x) / 2) > 0.01) break;
      const t = (l.y - body.neck.y) / body.torsoH;
      if (t >= 0.5 && t <= 0.8) waist.push(r.x);
      if (t > 0.85) below.push(r.x);
    }
    expect(waist.length).toBeGreaterThan(0);
    expect(below.length).toBeGreaterThan(0);
    // was 0.20 (the hem out at the tutu's capped width); now 0.04 (the hips' widening)
    expect((Math.max(...below) - Math.max(...waist)) / body.span).toBeLessThan(0.1);
  }, 60_000);

  it('hangs a tee over her tutu as worn: in towards her waist and its hem a soft arc, not a flat box (round 14, U8)', async () => {
    // cgi-model-2: her image-right forearm is bent up to her chest and its upper arm hangs beside it; the tee's own
    // straight width below the chest was its share of the chest and that arm (a box), and its hem a level edge
    // across the tutu. The body piece drawn alone: (1) its width on the rows 0.5-0.8 of the torso down over the
    // bodice's there (the axis outwards to the first pink, 4 pixels in a row, each side); (2) its lowest row at
    // its middle column below its lowest row a tenth of its width in from each end, x the span
    const { placed, body, person } = await place('tee-logo', 'cgi-model-2');
    const { W, layer, at, pink } = bodyAloneOnPink(placed, person);
    const ratios: number[] = [];
    for (let t = 0.5; t <= 0.8; t += 0.05) {
      const y = Math.round(body.neck.y + t * body.torsoH);
      const ax = Math.round(body.axisX(y));
      let [gl, gr] = [ax, ax];
      while (gl > 0 && at(gl - 1, y)) gl--;
      while (gr < W - 1 && at(gr + 1, y)) gr++;
      let [pl, pr, run] = [ax, ax, 0];
      while (pl > 0 && run < 4) run = pink(--pl, y) ? run + 1 : 0;
      run = 0;
      while (pr < W - 1 && run < 4) run = pink(++pr, y) ? run + 1 : 0;
      ratios.push((gr - gl) / (pr - 3 - (pl + 3)));
    }
    // was 1.35 (as wide as the chest and the arm beside it); now 1.25 (the ease and its loose share)
    expect(Math.max(...ratios)).toBeLessThan(1.3);
    const lowest = (x: number) => {
      let y = Math.min(person.height - 1, Math.round(body.pelvis.y + body.torsoH));
      while (y > 0 && !at(x, y)) y--;
      return y;
    };
    // (its width read on the hips' row, or above its hem where that is higher: round 19's hem at the waistband)
    const y0 = Math.round(Math.min(body.pelvis.y, (placed.hemY ?? body.pelvis.y) - body.span * 0.05));
    let [hl, hr] = [Math.round(body.axisX(y0)), Math.round(body.axisX(y0))];
    while (hl > 0 && at(hl - 1, y0)) hl--;
    while (hr < W - 1 && at(hr + 1, y0)) hr++;
    const inset = Math.round((hr - hl) / 10);
    // (below the line between its ends: over a tutu seen turned each end lies on its own side's waistband, round
    // 37 part b, a tilted hem)
    const sag = lowest(Math.round((hl + hr) / 2)) - (lowest(hl + inset) + lowest(hr - inset)) / 2;
    // was -0.01 (a level hem); 0.07 on the hips' row; 0.054 at the waistband (its half width there smaller)
    expect(sag / body.span).toBeGreaterThan(0.04);
    // (3) the hem rests on the tutu: below its opaque edge, in the middle half of its width, a soft shadow (round
    // 16, part W6): the mean coverage of the rows 2-6 px below the lowest opaque row, was 0.00 (a hard cut pasted
    // on the tutu); now 0.14
    const shade: number[] = [];
    for (let x = hl + Math.round((hr - hl) / 4); x <= hr - Math.round((hr - hl) / 4); x++) {
      const yb = lowest(x);
      for (let d = 2; d <= 6; d++) shade.push((layer.data[((yb + d) * W + x) * 4 + 3] ?? 0) / 255);
    }
    const meanShade = shade.reduce((a, b) => a + b, 0) / Math.max(1, shade.length);
    expect(meanShade).toBeGreaterThan(0.05);
    expect(meanShade).toBeLessThan(0.35);
    // (4) it ends at the tutu's waistband, not down over its flare (round 19, part Z1): its hem's ends (the lowest
    // rows a tenth in from each end) below the first row under the waist where the person mask's left side is 0.1
    // span out past its side at 0.7 of the torso down, x the span
    const maskLeft = (y: number) => {
      let x = 0;
      while (x < W - 1 && (body.mask[y * W + x] ?? 0) < 128) x++;
      return x;
    };
    const y7 = Math.round(body.neck.y + 0.7 * body.torsoH);
    let flareY = y7;
    while (flareY < person.height - 1 && maskLeft(flareY) > maskLeft(y7) - body.span * 0.1) flareY++;
    const ends = Math.max(lowest(hl + inset), lowest(hr - inset));
    // was 0.485 (the tee's own length, a box pasted over the tutu's top tier); now 0.18 (the waistband's piping
    // curves down below that row at her side, `FLARE_LAP`)
    expect((ends - flareY) / body.span).toBeLessThan(0.3);
  }, 60_000);

  it('leaves a slim waist over flaring hips alone: no tutu there (cgi-model-23)', async () => {
    // her mask 0.27 span past the hip line below the waist (a hip, not a tutu's 0.50-0.82): at HIP_EXCESS 0.25 her
    // tops' left side was cut in at the hip and her old cami and skin showed there
    const { placed } = await place('tee-logo', 'cgi-model-23');
    expect(placed.hips?.cut ?? [false, false]).toEqual([false, false]);
  }, 60_000);
});

/**
 * cgi-model-2's tests: the top's body piece drawn alone (`layer`; `at`: covered there) and her pink backdrop (`pink`),
 * per pixel.
 */
function bodyAloneOnPink(placed: { drawBody: (layer: Layer) => void }, person: RgbaImage) {
  const W = person.width;
  const layer = newLayer(W, person.height);
  placed.drawBody(layer);
  const at = (x: number, y: number) => (layer.data[(y * W + x) * 4 + 3] ?? 0) > 128;
  const pink = (x: number, y: number) => {
    const i = (y * W + x) * 4;
    const [r, g, b] = [person.data[i]!, person.data[i + 1]!, person.data[i + 2]!];
    return r > 200 && g < 125 && b > g + 25;
  };
  return { W, layer, at, pink };
}

describe('a loose top on a body turned three-quarters (round 34, part c)', () => {
  it("covers her bust beside the raised arm: the side follows it, not the torso's straight cap", async () => {
    // cgi-model-2: her image-left arm is raised to her head and her body turned, her bust's side the outline there,
    // out past the torso's capped edge. A loose top (hoodie, long sleeves) kept its own width about the torso's
    // middle (off the body's on the turn), and its side walk stopped at the cap (glitter in the pink broke the
    // backdrop's run): a straight side 10-13 px inside her bust, the old bodice bulging out of it. On the rows 0.28-
    // 0.42 of the torso down, the body piece's left edge (drawn alone) inside her side there (the axis outwards to
    // the first pink, 4 pixels in a row), x the span
    for (const id of ['hoodie-print', 'longsleeve-breton']) {
      const { placed, body, person } = await place(id, 'cgi-model-2');
      const { at, pink } = bodyAloneOnPink(placed, person);
      const inside: number[] = [];
      for (let t = 0.28; t <= 0.42; t += 0.02) {
        const y = Math.round(body.neck.y + t * body.torsoH);
        let gl = Math.round(body.axisX(y));
        while (gl > 0 && at(gl - 1, y)) gl--;
        let [pl, run] = [Math.round(body.axisX(y)), 0];
        while (pl > 0 && run < 4) run = pink(--pl, y) ? run + 1 : 0;
        inside.push((gl - (pl + 3)) / body.span);
      }
      // was 0.088 (hoodie-print) and 0.074 (longsleeve-breton); now at most 0.007, the hoodie out by its ease
      expect(Math.max(...inside), id).toBeLessThan(0.03);
      // (and not flared far out past it)
      expect(Math.min(...inside), id).toBeGreaterThan(-0.1);
    }
  }, 120_000);
});

/**
 * The mean luminance across a garment's rows, in `PROFILE_BINS` bins from its first to its last covered pixel (alpha
 * over 250), over the rows `ys` (rows not covered at `mid(y)` skipped).
 */
const PROFILE_BINS = 20;
function crossProfile(
  data: Uint8Array | Uint8ClampedArray,
  alpha: (q: number) => number,
  W: number,
  ys: number[],
  mid: (y: number) => number,
): number[] {
  const sum = new Array<number>(PROFILE_BINS).fill(0);
  const n = new Array<number>(PROFILE_BINS).fill(0);
  for (const y of ys) {
    const c = Math.round(mid(y));
    if (alpha(y * W + c) <= 250) continue;
    let [l, r] = [c, c];
    while (l > 0 && alpha(y * W + l - 1) > 250) l--;
    while (r < W - 1 && alpha(y * W + r + 1) > 250) r++;
    for (let x = l; x <= r; x++) {
      const b = Math.min(PROFILE_BINS - 1, Math.floor(((x - l) / (r - l + 1)) * PROFILE_BINS));
      const o = (y * W + x) * 4;
      sum[b] = (sum[b] ?? 0) + 0.3 * (data[o] ?? 0) + 0.59 * (data[o + 1] ?? 0) + 0.11 * (data[o + 2] ?? 0);
      n[b] = (n[b] ?? 0) + 1;
    }
  }
  return sum.map((s, b) => s / Math.max(1, n[b] ?? 0));
}

describe('a top shaded round across the body (round 35, part d)', () => {
  it('is darker toward both sides than at its middle below the bust, not a flat box', async () => {
    // the flat lay is drawn flat and the photo's light is carried onto it only in part (none off cgi-model-2's
    // evenly lit white bodice): the body piece read as a flat box ("boxy"). Its light across, relative to the flat
    // lay's own (its outline, its drawn folds): the body piece drawn alone, its mean luminance across in bins from
    // side to side over the rows 0.45-0.75 of the torso down, over the flat lay's across its rows 0.55-0.9 of its
    // height; the sides' (the bins 5-20% in from each edge) over the middle's (40-60%)
    for (const [id, who] of [
      ['tank-rib', 'cgi-model-2'],
      ['tee-stripe', 'cgi-model-2'],
      ['polo-pique', 'cgi-model-4'],
    ] as const) {
      const g = EVAL_GARMENTS.find((x) => x.id === id);
      if (!g) throw new Error(id);
      const photo = await productPhoto(g, 'flat-white');
      const det = detectGarment(photo.image, 'top');
      const src = det.image ?? photo.image;
      const { placed, body, person } = await place(id, who);
      const W = person.width;
      const layer = newLayer(W, person.height);
      placed.drawBody(layer);
      const ys: number[] = [];
      for (let t = 0.45; t <= 0.75; t += 0.005) ys.push(Math.round(body.neck.y + t * body.torsoH));
      const out = crossProfile(
        layer.data,
        (q) => layer.data[q * 4 + 3] ?? 0,
        W,
        ys,
        (y) => body.axisX(y),
      );
      // the flat lay's rows: its alpha's covered rows, 0.55-0.9 down them, about its middle column
      const sw = det.alpha.width;
      let [top, bottom, left, right] = [Infinity, -1, Infinity, -1];
      for (let q = 0; q < det.alpha.data.length; q++) {
        if ((det.alpha.data[q] ?? 0) <= 250) continue;
        const [x, y] = [q % sw, Math.floor(q / sw)];
        [top, bottom] = [Math.min(top, y), Math.max(bottom, y)];
        [left, right] = [Math.min(left, x), Math.max(right, x)];
      }
      const srcYs: number[] = [];
      for (let t = 0.55; t <= 0.9; t += 0.005) srcYs.push(Math.round(top + t * (bottom - top)));
      const flat = crossProfile(
        src.data,
        (q) => det.alpha.data[q] ?? 0,
        sw,
        srcYs,
        () => (left + right) / 2,
      );
      const rel = out.map((v, b) => v / Math.max(1, flat[b] ?? 0));
      const mean = (bins: number[]) => bins.reduce((a, b) => a + (rel[b] ?? 0), 0) / bins.length;
      const round = mean([1, 2, 3, 16, 17, 18]) / mean([8, 9, 10, 11]);
      // was 0.997-1.001 (as flat as the flat lay); now 0.930-0.934
      expect(round, `${id}@${who}`).toBeLessThan(0.95);
      // (round, not dark bands at the sides)
      expect(round, `${id}@${who}`).toBeGreaterThan(0.85);
    }
  }, 120_000);
});
