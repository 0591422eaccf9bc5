/**
 * The evaluation set's garments (issue 38, point 1): 25 garments drawn here in real-world units (centimetres,
 * laid flat, front view), with folds and shading, knit and twill textures, prints (stripes, dots, check, tartan,
 * florals, pinstripe), a logo with text, seams, ribbing, buttons and pockets. A different drawing style from the
 * local catalogue's (infra/local/garment-art.ts): every garment is one outline per half (mirrored), its cloth
 * lit across the body, blurred folds, a noise texture and details on top, all clipped to the outline.
 *
 * Each garment's record carries its truth (category, slot, intended length, sleeveless, wide legs); its product
 * pictures under the shops' photo conditions are made in ./conditions.ts. Tests and scripts only.
 */
import type { EngineSlot } from '../../../shared/engine';

export type GarmentCategory =
  | 'camisole'
  | 'tank'
  | 'tee'
  | 'long-sleeve'
  | 'hoodie'
  | 'shirt'
  | 'polo'
  | 'sweater'
  | 'cardigan'
  | 'blazer'
  | 'knee-coat'
  | 'puffer'
  | 'jeans'
  | 'wide-leg-trousers'
  | 'shorts'
  | 'mini-skirt'
  | 'maxi-skirt'
  | 'midi-dress'
  | 'maxi-dress'
  | 'jumpsuit'
  | 'trainers'
  | 'heels'
  | 'boots';

/** Where the garment ends on a standing body, as its maker intends it (shoes: the foot; boots: up the calf). */
export type GarmentLength = 'waist' | 'hip' | 'mid-thigh' | 'knee' | 'mid-calf' | 'ankle' | 'foot';

/** What is true of a drawn garment, whatever photo it is shown in. */
export interface GarmentTruth {
  id: string;
  category: GarmentCategory;
  slot: Exclude<EngineSlot, 'accessory'>;
  length: GarmentLength;
  sleeveless: boolean;
  wideLegs: boolean;
  /** Its length from the top of the shoulder (or the waist, for bottoms) to the hem, in cm, as drawn. */
  lengthCm: number;
  /** What it looks like, for people reading the sheets. */
  description: string;
}

type Pt = [number, number];
/** A segment of an outline: a line to `to`, or a quadratic curve through the control point `c`. */
interface Seg {
  to: Pt;
  c?: Pt;
}

export interface DrawnGarment extends GarmentTruth {
  /** Outline paths (user units: cm; x = 0 is the garment's centre line). */
  shapes: string[];
  /** Defs (gradients, patterns) the garment uses. */
  defs: string;
  /** The cloth's fill (a colour or url(#...)). */
  fill: string;
  /** Drawn over the cloth, clipped to the outline: folds, shading, details. */
  over: string;
  /** Drawn over everything, not clipped (a strap's buckle, drawstrings hanging past the hem). */
  after?: string;
  /** Texture noise: base frequency (x, y) per cm and its opacity. */
  texture?: { fx: number; fy: number; opacity: number };
  /** The neck opening (ghost mannequin: the inside of the back neck is drawn there). */
  neck?: { halfWidth: number; depth: number; inside: string };
  /** Where a hanger's bar rests: the shoulders' half span and height (tops, dresses, coats), or the waist. */
  hang?: { halfWidth: number; y: number; clips?: boolean };
}

const mirror = ([x, y]: Pt): Pt => [-x, y];
const f = (v: number) => Math.round(v * 100) / 100;
const p = ([x, y]: Pt) => `${f(x)} ${f(y)}`;

/** A closed outline from its right half: starts and ends on the centre line (x = 0), mirrored for the left half. */
export function halfOutline(start: Pt, right: Seg[]): string {
  let d = `M ${p(start)}`;
  for (const s of right) d += s.c ? ` Q ${p(s.c)} ${p(s.to)}` : ` L ${p(s.to)}`;
  const pts = [start, ...right.map((s) => s.to)];
  for (let i = right.length; i >= 1; i--) {
    const s = right[i - 1]!;
    const to = mirror(pts[i - 1]!);
    d += s.c ? ` Q ${p(mirror(s.c))} ${p(to)}` : ` L ${p(to)}`;
  }
  return d + ' Z';
}

/** Both sides of a line drawn on the right half (seams, folds): the path and its mirror. */
const both = (pts: Pt[], draw: (d: string) => string, curve = true): string =>
  [pts, pts.map(mirror)].map((q) => draw(pathThrough(q, curve))).join('');

/** A smooth path through points (quadratic curves through the midpoints). */
export function pathThrough(pts: Pt[], curve = true): string {
  if (!curve || pts.length < 3) return `M ${pts.map(p).join(' L ')}`;
  let d = `M ${p(pts[0]!)}`;
  for (let i = 1; i < pts.length - 1; i++) {
    const a = pts[i]!;
    const b = pts[i + 1]!;
    const mid: Pt = i === pts.length - 2 ? b : [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
    d += ` Q ${p(a)} ${p(mid)}`;
  }
  return d;
}

/** A sleeve from the shoulder point S, at `angle` degrees outwards from hanging straight down. */
function sleeve(S: Pt, angle: number, length: number, cuff: number): { outer: Pt; inner: Pt; dir: Pt; n: Pt } {
  const a = (angle * Math.PI) / 180;
  const dir: Pt = [Math.sin(a), Math.cos(a)];
  const n: Pt = [-Math.cos(a), Math.sin(a)];
  const outer: Pt = [S[0] + dir[0] * length, S[1] + dir[1] * length];
  const inner: Pt = [outer[0] + n[0] * cuff, outer[1] + n[1] * cuff];
  return { outer, inner, dir, n };
}

// drawing helpers (user units: cm)
const seam = (d: string, colour = 'rgba(0,0,0,0.35)', w = 0.18) =>
  `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${w}" stroke-dasharray="0.6 0.4"/>`;
const line = (d: string, colour = 'rgba(0,0,0,0.3)', w = 0.2) =>
  `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${w}" stroke-linecap="round"/>`;
/** A fold: a soft dark crease with a light ridge beside it. */
const fold = (pts: Pt[], depth = 0.35, width = 1.6) => {
  const d = pathThrough(pts);
  const lit = pathThrough(pts.map(([x, y]) => [x + width * 0.7, y] as Pt));
  return (
    `<path d="${d}" fill="none" stroke="#000" stroke-opacity="${depth}" stroke-width="${width}" stroke-linecap="round" filter="url(#soft)"/>` +
    `<path d="${lit}" fill="none" stroke="#fff" stroke-opacity="${depth * 0.55}" stroke-width="${width * 0.8}" stroke-linecap="round" filter="url(#soft)"/>`
  );
};
const button = (x: number, y: number, r: number, colour: string) =>
  `<circle cx="${f(x)}" cy="${f(y)}" r="${r}" fill="${colour}" stroke="rgba(0,0,0,0.45)" stroke-width="0.12"/>` +
  `<circle cx="${f(x - r * 0.3)}" cy="${f(y - r * 0.3)}" r="${f(r * 0.35)}" fill="#fff" fill-opacity="0.45"/>` +
  `<circle cx="${f(x - r * 0.25)}" cy="${f(y)}" r="${f(r * 0.12)}" fill="rgba(0,0,0,0.5)"/><circle cx="${f(x + r * 0.25)}" cy="${f(y)}" r="${f(r * 0.12)}" fill="rgba(0,0,0,0.5)"/>`;
/** A band of ribbing across a polygon (cuffs, hems, necks): fine lines along `dir` (degrees). */
const ribbing = (poly: Pt[], angle = 0, colour = 'rgba(0,0,0,0.22)') =>
  `<path d="M ${poly.map(p).join(' L ')} Z" fill="url(#rib${angle})" stroke="${colour}" stroke-width="0.15"/>`;
const ribDefs = (angles: number[]) =>
  angles
    .map(
      (a) =>
        `<pattern id="rib${a}" width="0.7" height="0.7" patternUnits="userSpaceOnUse" patternTransform="rotate(${a})"><rect width="0.7" height="0.7" fill="rgba(0,0,0,0.06)"/><rect width="0.25" height="0.7" fill="rgba(0,0,0,0.2)"/></pattern>`,
    )
    .join('');
/** Light across the body: darker at the sides, a broad highlight off-centre, darker towards the hem. */
const bodyLight = (halfWidth: number, top: number, bottom: number) =>
  `<rect x="${-halfWidth - 40}" y="${top - 40}" width="${2 * halfWidth + 80}" height="${bottom - top + 80}" fill="url(#across)"/>` +
  `<rect x="${-halfWidth - 40}" y="${top - 40}" width="${2 * halfWidth + 80}" height="${bottom - top + 80}" fill="url(#down)"/>`;
const lightDefs = (halfWidth: number) =>
  `<linearGradient id="across" gradientUnits="userSpaceOnUse" x1="${-halfWidth * 1.3}" y1="0" x2="${halfWidth * 1.3}" y2="0">
    <stop offset="0" stop-color="#000" stop-opacity="0.32"/><stop offset="0.25" stop-color="#000" stop-opacity="0.06"/>
    <stop offset="0.42" stop-color="#fff" stop-opacity="0.16"/><stop offset="0.6" stop-color="#fff" stop-opacity="0.02"/>
    <stop offset="0.85" stop-color="#000" stop-opacity="0.12"/><stop offset="1" stop-color="#000" stop-opacity="0.34"/></linearGradient>
  <linearGradient id="down" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.08"/>
    <stop offset="0.5" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.14"/></linearGradient>`;
const logo = (x: number, y: number, size: number, text: string, colour: string, extra = '') =>
  `<text x="${f(x)}" y="${f(y)}" font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold" font-size="${size}" text-anchor="middle" fill="${colour}" ${extra}>${text}</text>`;

/** Stripes, dots, check, tartan, florals, pinstripe: a pattern with the given id. */
const patterns = {
  stripes: (id: string, a: string, b: string, w = 2.4, gap = 2.4, angle = 0) =>
    `<pattern id="${id}" width="${w + gap}" height="${w + gap}" patternUnits="userSpaceOnUse" patternTransform="rotate(${angle})"><rect width="${w + gap}" height="${w + gap}" fill="${a}"/><rect y="0" width="${w + gap}" height="${w}" fill="${b}"/></pattern>`,
  dots: (id: string, ground: string, dot: string, step = 4, r = 0.8) =>
    `<pattern id="${id}" width="${step}" height="${step}" patternUnits="userSpaceOnUse"><rect width="${step}" height="${step}" fill="${ground}"/><circle cx="${step / 4}" cy="${step / 4}" r="${r}" fill="${dot}"/><circle cx="${(3 * step) / 4}" cy="${(3 * step) / 4}" r="${r}" fill="${dot}"/></pattern>`,
  check: (id: string, ground: string, bar: string, step = 3) =>
    `<pattern id="${id}" width="${step}" height="${step}" patternUnits="userSpaceOnUse"><rect width="${step}" height="${step}" fill="${ground}"/><rect width="${step / 2}" height="${step}" fill="${bar}" fill-opacity="0.5"/><rect width="${step}" height="${step / 2}" fill="${bar}" fill-opacity="0.5"/></pattern>`,
  tartan: (id: string, ground: string, a: string, b: string) =>
    `<pattern id="${id}" width="8" height="8" patternUnits="userSpaceOnUse"><rect width="8" height="8" fill="${ground}"/><rect x="1" width="2.5" height="8" fill="${a}" fill-opacity="0.55"/><rect y="1" width="8" height="2.5" fill="${a}" fill-opacity="0.55"/><rect x="5.5" width="0.4" height="8" fill="${b}" fill-opacity="0.8"/><rect y="5.5" width="8" height="0.4" fill="${b}" fill-opacity="0.8"/></pattern>`,
  floral: (id: string, ground: string, petal: string, centre: string, leaf: string, step = 7) => {
    const flower = (cx: number, cy: number, r: number) =>
      [0, 72, 144, 216, 288]
        .map((a) => {
          const t = (a * Math.PI) / 180;
          return `<ellipse cx="${f(cx + Math.cos(t) * r)}" cy="${f(cy + Math.sin(t) * r)}" rx="${f(r * 0.75)}" ry="${f(r * 0.45)}" transform="rotate(${a} ${f(cx + Math.cos(t) * r)} ${f(cy + Math.sin(t) * r)})" fill="${petal}"/>`;
        })
        .join('') + `<circle cx="${cx}" cy="${cy}" r="${f(r * 0.45)}" fill="${centre}"/>`;
    return `<pattern id="${id}" width="${step}" height="${step}" patternUnits="userSpaceOnUse"><rect width="${step}" height="${step}" fill="${ground}"/>
      <ellipse cx="${step * 0.62}" cy="${step * 0.3}" rx="${step * 0.13}" ry="${step * 0.05}" transform="rotate(35 ${step * 0.62} ${step * 0.3})" fill="${leaf}"/>
      <ellipse cx="${step * 0.2}" cy="${step * 0.78}" rx="${step * 0.12}" ry="${step * 0.045}" transform="rotate(-30 ${step * 0.2} ${step * 0.78})" fill="${leaf}"/>
      ${flower(step * 0.3, step * 0.3, step * 0.09)}${flower(step * 0.76, step * 0.72, step * 0.07)}</pattern>`;
  },
  pinstripe: (id: string, ground: string, stripe: string) =>
    `<pattern id="${id}" width="1.6" height="1.6" patternUnits="userSpaceOnUse"><rect width="1.6" height="1.6" fill="${ground}"/><rect width="0.08" height="1.6" fill="${stripe}"/></pattern>`,
  twill: (id: string, ground: string, thread: string) =>
    `<pattern id="${id}" width="0.6" height="0.6" patternUnits="userSpaceOnUse" patternTransform="rotate(-35)"><rect width="0.6" height="0.6" fill="${ground}"/><rect width="0.6" height="0.22" fill="${thread}" fill-opacity="0.35"/></pattern>`,
  channels: (id: string, colour: string, step: number) =>
    `<linearGradient id="${id}g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0.35"/><stop offset="0.2" stop-color="#fff" stop-opacity="0.25"/><stop offset="0.55" stop-color="#fff" stop-opacity="0.05"/><stop offset="1" stop-color="#000" stop-opacity="0.4"/></linearGradient>
     <pattern id="${id}" width="100" height="${step}" patternUnits="userSpaceOnUse"><rect width="100" height="${step}" fill="${colour}"/><rect width="100" height="${step}" fill="url(#${id}g)"/></pattern>`,
};

interface TopSpec {
  neckHalf: number;
  neckDepth: number;
  shoulder: Pt;
  /** null: sleeveless; the armhole goes from the shoulder to the armpit. */
  sleeve: { angle: number; length: number; cuff: number } | null;
  armpit: Pt;
  waist: Pt;
  hem: Pt;
  /** How far the hem's centre drops below its sides (a shirt's tail). */
  hemDrop?: number;
  /** Strap tops (the bodice's top edge instead of a shoulder): the bodice's top corner. */
  bodiceTop?: Pt;
  /** Below the hem: a skirt or trouser legs of a one-piece. */
  skirt?: Seg[];
}

interface TopGeometry {
  outline: string;
  sleeve: ReturnType<typeof sleeve> | null;
  spec: TopSpec;
}

function topShape(s: TopSpec): TopGeometry {
  const right: Seg[] = [];
  const start: Pt = [0, s.neckDepth];
  let sl: ReturnType<typeof sleeve> | null = null;
  if (s.bodiceTop) {
    right.push({ to: s.bodiceTop, c: [s.bodiceTop[0] * 0.5, s.neckDepth] });
  } else {
    right.push({ to: [s.neckHalf, 0], c: [s.neckHalf * 0.95, s.neckDepth * 0.95] });
    right.push({ to: s.shoulder });
  }
  if (s.sleeve) {
    sl = sleeve(s.shoulder, s.sleeve.angle, s.sleeve.length, s.sleeve.cuff);
    right.push({ to: sl.outer });
    right.push({ to: sl.inner });
    right.push({ to: s.armpit });
  } else if (!s.bodiceTop) {
    right.push({ to: s.armpit, c: [s.shoulder[0] - 0.5, s.armpit[1] - 2] });
  } else {
    right.push({ to: s.armpit });
  }
  right.push({ to: s.waist, c: [s.waist[0] + 0.6, (s.armpit[1] + s.waist[1]) / 2] });
  if (s.skirt) {
    right.push({ to: s.hem, c: [s.hem[0] - 0.3, (s.waist[1] + s.hem[1]) / 2] });
    right.push(...s.skirt);
  } else {
    right.push({ to: s.hem, c: [s.hem[0] - 0.2, (s.waist[1] + s.hem[1]) / 2] });
    right.push({ to: [0, s.hem[1] + (s.hemDrop ?? 0)], c: [s.hem[0] * 0.55, s.hem[1] + (s.hemDrop ?? 0)] });
  }
  return { outline: halfOutline(start, right), sleeve: sl, spec: s };
}

/** Cuff band polygon of a sleeve, `depth` cm up the sleeve. */
function cuffBand(sl: NonNullable<TopGeometry['sleeve']>, depth: number): Pt[] {
  const back = (q: Pt): Pt => [q[0] - sl.dir[0] * depth, q[1] - sl.dir[1] * depth];
  return [sl.outer, sl.inner, back(sl.inner), back(sl.outer)];
}
const both2 = (poly: Pt[], draw: (q: Pt[]) => string) => draw(poly) + draw(poly.map(mirror));
/** A sleeve's fold lines, along it. */
const sleeveFolds = (sl: NonNullable<TopGeometry['sleeve']>, shoulder: Pt, depth = 0.3) => {
  const at = (t: number, k: number): Pt => [
    shoulder[0] + sl.dir[0] * t + sl.n[0] * k,
    shoulder[1] + sl.dir[1] * t + sl.n[1] * k,
  ];
  const L = Math.hypot(sl.outer[0] - shoulder[0], sl.outer[1] - shoulder[1]);
  const w = Math.hypot(sl.inner[0] - sl.outer[0], sl.inner[1] - sl.outer[1]);
  const a = [at(L * 0.2, w * 0.45), at(L * 0.55, w * 0.6), at(L * 0.9, w * 0.5)];
  return fold(a, depth, 1.4) + fold(a.map(mirror), depth, 1.4);
};

function hemBand(g: TopGeometry, depth: number): Pt[] {
  const { hem } = g.spec;
  return [
    [-hem[0], hem[1] - depth],
    [hem[0], hem[1] - depth],
    [hem[0], hem[1]],
    [-hem[0], hem[1]],
  ];
}

interface BottomSpec {
  waistHalf: number;
  /** Waistband depth (cm). */
  band: number;
  hip: Pt;
  knee?: Pt;
  hemOuter: Pt;
  /** Trousers: inner hem and the crotch (y); a skirt: none. */
  hemInner?: Pt;
  crotchY?: number;
  hemCurve?: number;
}

function bottomShape(s: BottomSpec): string {
  const right: Seg[] = [{ to: [s.waistHalf, 0] }];
  right.push({ to: s.hip, c: [s.hip[0] - 0.3, s.hip[1] * 0.45] });
  if (s.knee) right.push({ to: s.knee, c: [(s.hip[0] + s.knee[0]) / 2 + 0.4, (s.hip[1] + s.knee[1]) / 2] });
  right.push({ to: s.hemOuter });
  if (s.hemInner && s.crotchY !== undefined) {
    right.push({ to: s.hemInner });
    right.push({ to: [0, s.crotchY], c: [s.hemInner[0] * 0.4, s.crotchY + 6] });
  } else {
    right.push({
      to: [0, s.hemOuter[1] + (s.hemCurve ?? 0)],
      c: [s.hemOuter[0] * 0.5, s.hemOuter[1] + (s.hemCurve ?? 0)],
    });
  }
  return halfOutline([0, 0], right);
}

/** A shoe, side view, toe to the right, heel at x = 0, sole on y = 0 (drawn upwards: negative y). */
function pair(shoe: string, length: number, gap = 4): string {
  // the left shoe mirrored (toes pointing out), as product shots of a pair show them
  return `<g transform="translate(${-gap / 2} 0) scale(-1 1)">${shoe}</g><g transform="translate(${gap / 2} 2)">${shoe}</g>`.replace(
    /LEN/g,
    String(length),
  );
}

// ------------------------------------------------------------------------------------------------------------------
// the garments
// ------------------------------------------------------------------------------------------------------------------

function camisole(): DrawnGarment {
  const g = topShape({
    neckHalf: 0,
    neckDepth: 17,
    shoulder: [0, 0],
    bodiceTop: [19, 13],
    sleeve: null,
    armpit: [19, 19],
    waist: [17.5, 40],
    hem: [21, 60],
    hemDrop: 1,
  });
  const strap = (x0: number): string => `M ${x0 - 0.45} 14.2 L ${x0 + 1.2} -8 L ${x0 + 2} -8 L ${x0 + 0.45} 14.2 Z`;
  return {
    id: 'cami-silk',
    category: 'camisole',
    slot: 'top',
    length: 'hip',
    sleeveless: true,
    wideLegs: false,
    lengthCm: 68,
    description: 'champagne silk camisole, thin straps, lace trim at the neckline, bias-cut sheen',
    shapes: [g.outline, strap(8), halfMirror(strap(8))],
    defs:
      lightDefs(21) +
      `<linearGradient id="sheen" x1="0" y1="0" x2="1" y2="0.3"><stop offset="0" stop-color="#000" stop-opacity="0.25"/><stop offset="0.3" stop-color="#fff" stop-opacity="0.45"/><stop offset="0.45" stop-color="#000" stop-opacity="0.1"/><stop offset="0.62" stop-color="#fff" stop-opacity="0.35"/><stop offset="1" stop-color="#000" stop-opacity="0.3"/></linearGradient>` +
      `<pattern id="lace" width="1.6" height="1.6" patternUnits="userSpaceOnUse"><rect width="1.6" height="1.6" fill="#f2e6cf"/><circle cx="0.8" cy="0.8" r="0.55" fill="none" stroke="#c9b48e" stroke-width="0.18"/></pattern>`,
    fill: '#e4cfa8',
    over:
      bodyLight(21, -8, 62) +
      `<rect x="-30" y="-10" width="60" height="75" fill="url(#sheen)"/>` +
      fold([
        [-6, 22],
        [-8, 40],
        [-7, 60],
      ]) +
      fold([
        [7, 24],
        [9, 42],
        [8, 60],
      ]) +
      fold(
        [
          [0, 40],
          [1, 52],
          [0, 61],
        ],
        0.2,
      ) +
      `<path d="${pathThrough([
        [-19, 13],
        [-9.5, 17],
        [0, 17],
        [9.5, 17],
        [19, 13],
      ])} L 19 15.5 Q 9.5 19.5 0 19.5 Q -9.5 19.5 -19 15.5 Z" fill="url(#lace)"/>` +
      seam(
        pathThrough([
          [-20.5, 58.5],
          [0, 59.5],
          [20.5, 58.5],
        ]),
        'rgba(90,60,20,0.45)',
      ),
    texture: { fx: 0.9, fy: 0.15, opacity: 0.06 },
    neck: { halfWidth: 18, depth: 17, inside: '#b89b6e' },
    hang: { halfWidth: 11, y: -6 },
  };
}

/** The left half of a right-half path (mirrored). */
function halfMirror(d: string): string {
  return d.replace(/(-?\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?)/g, (_, x: string, y: string) => `${f(-Number(x))} ${y}`);
}

function tank(): DrawnGarment {
  const g = topShape({
    neckHalf: 9,
    neckDepth: 14,
    shoulder: [15, 1],
    sleeve: null,
    armpit: [21, 21],
    waist: [19.5, 42],
    hem: [22, 64],
  });
  return {
    id: 'tank-rib',
    category: 'tank',
    slot: 'top',
    length: 'hip',
    sleeveless: true,
    wideLegs: false,
    lengthCm: 64,
    description: 'ribbed tank in olive with white ringer bands at the neck and armholes, scoop neck, wide straps',
    shapes: [g.outline],
    defs:
      lightDefs(22) +
      ribDefs([90]) +
      `<pattern id="rib" width="0.9" height="5" patternUnits="userSpaceOnUse"><rect width="0.9" height="5" fill="#6d7a45"/><rect width="0.35" height="5" fill="#5a663a"/></pattern>`,
    fill: 'url(#rib)',
    over:
      bodyLight(22, 0, 64) +
      fold([
        [-12, 26],
        [-13, 45],
        [-11, 62],
      ]) +
      fold([
        [11, 30],
        [13, 48],
        [12, 62],
      ]) +
      `<path d="M -9 0 Q -8.5 13.3 0 14 Q 8.5 13.3 9 0" fill="none" stroke="#f4f1e8" stroke-width="1.6"/>` +
      both(
        [
          [15, 1],
          [15.5, 14],
          [21, 21],
        ],
        (d) => `<path d="${d}" fill="none" stroke="#f4f1e8" stroke-width="1.6"/>`,
      ) +
      seam('M -21.5 62.5 L 21.5 62.5', 'rgba(255,255,255,0.4)'),
    texture: { fx: 0.6, fy: 0.05, opacity: 0.1 },
    neck: { halfWidth: 9, depth: 14, inside: '#4d5730' },
    hang: { halfWidth: 13, y: 2 },
  };
}

function tee(id: string, ground: string, print: string, description: string, textColour: string): DrawnGarment {
  const g = topShape({
    neckHalf: 8.5,
    neckDepth: 9,
    shoulder: [23, 4],
    sleeve: { angle: 60, length: 21, cuff: 16 },
    armpit: [25.5, 23],
    waist: [24.5, 45],
    hem: [25.5, 70],
  });
  const sl = g.sleeve!;
  return {
    id,
    category: 'tee',
    slot: 'top',
    length: 'hip',
    sleeveless: false,
    wideLegs: false,
    lengthCm: 70,
    description,
    shapes: [g.outline],
    defs: lightDefs(26) + ribDefs([0, 90]),
    fill: ground,
    over:
      bodyLight(26, 0, 72) +
      fold([
        [-15, 34],
        [-17, 52],
        [-15, 68],
      ]) +
      fold(
        [
          [14, 40],
          [12, 56],
          [14, 69],
        ],
        0.25,
      ) +
      fold(
        [
          [-23, 26],
          [-19, 30],
          [-23, 36],
        ],
        0.3,
      ) +
      sleeveFolds(sl, [23, 4]) +
      print +
      `<path d="M -8.5 0 Q -8 9 0 9 Q 8 9 8.5 0" fill="none" stroke="${textColour}" stroke-opacity="0.3" stroke-width="1.4"/>` +
      both2(cuffBand(sl, 2.2), (q) => seam(`M ${p(q[2]!)} L ${p(q[3]!)}`)) +
      both(
        [
          [23, 4],
          [25.5, 23],
        ],
        (d) => seam(d),
        false,
      ) +
      seam('M -25.3 68 L 25.3 68') +
      seam('M -8.5 0 Q -8 9 0 9 Q 8 9 8.5 0'),
    texture: { fx: 0.8, fy: 0.8, opacity: 0.07 },
    neck: { halfWidth: 8.5, depth: 9, inside: textColour === '#ffffff' ? '#555' : '#c8c2b8' },
    hang: { halfWidth: 20, y: 4 },
  };
}

function longSleeve(): DrawnGarment {
  const g = topShape({
    neckHalf: 9,
    neckDepth: 4,
    shoulder: [21, 4],
    sleeve: { angle: 24, length: 60, cuff: 9 },
    armpit: [24, 23],
    waist: [22, 45],
    hem: [23, 66],
  });
  const sl = g.sleeve!;
  return {
    id: 'longsleeve-breton',
    category: 'long-sleeve',
    slot: 'top',
    length: 'hip',
    sleeveless: false,
    wideLegs: false,
    lengthCm: 66,
    description: 'Breton long-sleeve: navy stripes on ecru, boat neck, side seams',
    shapes: [g.outline],
    defs: lightDefs(24) + patterns.stripes('breton', '#f1ece0', '#1e2c55', 1.1, 2.3) + ribDefs([0]),
    fill: 'url(#breton)',
    over:
      bodyLight(24, 0, 66) +
      fold([
        [-13, 28],
        [-14, 48],
        [-12, 64],
      ]) +
      fold([
        [12, 32],
        [14, 50],
        [13, 64],
      ]) +
      sleeveFolds(sl, [21, 4], 0.35) +
      `<path d="M -9 0 Q -8 4 0 4 Q 8 4 9 0" fill="none" stroke="#f1ece0" stroke-width="1.3"/>` +
      both2(cuffBand(sl, 1.5), (q) => seam(`M ${p(q[2]!)} L ${p(q[3]!)}`)) +
      both(
        [
          [24, 23],
          [22, 45],
          [23, 66],
        ],
        (d) => seam(d),
      ) +
      seam('M -22.8 64.3 L 22.8 64.3'),
    texture: { fx: 0.9, fy: 0.9, opacity: 0.07 },
    neck: { halfWidth: 9, depth: 4, inside: '#1e2c55' },
    hang: { halfWidth: 19, y: 4 },
  };
}

function hoodie(): DrawnGarment {
  const g = topShape({
    neckHalf: 9.5,
    neckDepth: 6,
    shoulder: [25, 6],
    sleeve: { angle: 27, length: 60, cuff: 10 },
    armpit: [27.5, 27],
    waist: [27, 48],
    hem: [26.5, 68],
  });
  const sl = g.sleeve!;
  const hood = 'M -12 4 Q -18 -10 -10 -24 Q 0 -31 10 -24 Q 18 -10 12 4 Z';
  return {
    id: 'hoodie-print',
    category: 'hoodie',
    slot: 'top',
    length: 'hip',
    sleeveless: false,
    wideLegs: false,
    lengthCm: 68,
    description:
      'heather-grey hoodie: hood lying flat behind, drawstrings, kangaroo pocket, chest print with text, ribbed cuffs and hem',
    shapes: [hood, g.outline],
    defs: lightDefs(28) + ribDefs([0, 90]),
    fill: '#9a9ca1',
    over:
      `<path d="${hood}" fill="#86888d"/><path d="M -8 2 Q -11 -12 0 -20 Q 11 -12 8 2 Z" fill="#55575b" opacity="0.7"/>` +
      `<path d="M -9.5 0 Q -9 6 0 6 Q 9 6 9.5 0 Q 0 -4 -9.5 0 Z" fill="#6f7176"/>` +
      bodyLight(28, -30, 70) +
      fold([
        [-16, 30],
        [-18, 48],
        [-15, 62],
      ]) +
      fold([
        [15, 30],
        [17, 46],
        [16, 62],
      ]) +
      sleeveFolds(sl, [25, 6], 0.35) +
      // kangaroo pocket
      `<path d="M -13 46 L 13 46 L 17 60 L -17 60 Z" fill="#000" fill-opacity="0.05" stroke="rgba(0,0,0,0.3)" stroke-width="0.2"/>` +
      seam('M -12.6 46.8 L 12.6 46.8 L 16.2 59.3 L -16.2 59.3 Z') +
      line('M -13 46 L -17 60', 'rgba(0,0,0,0.45)', 0.35) +
      line('M 13 46 L 17 60', 'rgba(0,0,0,0.45)', 0.35) +
      // chest print: a sun over mountains and text
      `<g transform="translate(0 24)"><circle cx="0" cy="-3" r="4" fill="#e8a33d"/><path d="M -9 3 L -3 -4 L 0 0 L 4 -6 L 10 3 Z" fill="#2f4858"/>` +
      logo(0, 8, 3.1, 'SUMMIT', '#2f4858', 'letter-spacing="0.3"') +
      logo(0, 11.2, 1.6, 'TRAIL CLUB · EST. 1998', '#2f4858') +
      `</g>` +
      both2(cuffBand(sl, 6), (q) => ribbing(q, 90 - 27)) +
      ribbing(hemBand(g, 6), 90) +
      both(
        [
          [25, 6],
          [27.5, 27],
        ],
        (d) => seam(d),
        false,
      ),
    after:
      `<path d="M -3 5.5 Q -3.5 14 -2.5 20" fill="none" stroke="#eeeeee" stroke-width="0.5"/><rect x="-3" y="20" width="1" height="2" fill="#ccc"/>` +
      `<path d="M 3 5.5 Q 3.6 15 2.8 21" fill="none" stroke="#eeeeee" stroke-width="0.5"/><rect x="2.3" y="21" width="1" height="2" fill="#ccc"/>`,
    texture: { fx: 1.2, fy: 1.2, opacity: 0.12 },
    neck: { halfWidth: 9.5, depth: 6, inside: '#55575b' },
    hang: { halfWidth: 21, y: 6 },
  };
}

function shirt(): DrawnGarment {
  const g = topShape({
    neckHalf: 8,
    neckDepth: 10,
    shoulder: [22, 4],
    sleeve: { angle: 20, length: 63, cuff: 10 },
    armpit: [26, 25],
    waist: [24, 46],
    hem: [25, 70],
    hemDrop: 7,
  });
  const sl = g.sleeve!;
  const collar = 'M -8 0 L 0 10 L -5 14 L -11 2 Z';
  return {
    id: 'shirt-check',
    category: 'shirt',
    slot: 'top',
    length: 'hip',
    sleeveless: false,
    wideLegs: false,
    lengthCm: 77,
    description: 'blue gingham shirt: point collar, button placket, chest pocket, cuffs, shirt-tail hem',
    shapes: [g.outline],
    defs: lightDefs(26) + patterns.check('gingham', '#f4f6fa', '#3e67a8', 1.2),
    fill: 'url(#gingham)',
    over:
      bodyLight(26, 0, 77) +
      fold([
        [-14, 30],
        [-16, 52],
        [-13, 72],
      ]) +
      fold([
        [13, 30],
        [15, 55],
        [12, 72],
      ]) +
      sleeveFolds(sl, [22, 4], 0.3) +
      `<path d="${collar}" fill="url(#gingham)" stroke="rgba(0,0,0,0.4)" stroke-width="0.2"/><path d="${halfMirror(collar)}" fill="url(#gingham)" stroke="rgba(0,0,0,0.4)" stroke-width="0.2"/>` +
      `<path d="M -1.6 10 L 1.6 10 L 1.6 77 L -1.6 77 Z" fill="#000" fill-opacity="0.04" stroke="rgba(0,0,0,0.25)" stroke-width="0.15"/>` +
      [16, 26, 36, 46, 56, 66].map((y) => button(0, y, 0.65, '#f7f4ee')).join('') +
      `<path d="M -17 22 L -9 22 L -9 31 L -13 32.5 L -17 31 Z" fill="url(#gingham)" stroke="rgba(0,0,0,0.35)" stroke-width="0.18"/>` +
      both2(
        cuffBand(sl, 6),
        (q) =>
          `<path d="M ${q.map(p).join(' L ')} Z" fill="#000" fill-opacity="0.06" stroke="rgba(0,0,0,0.3)" stroke-width="0.15"/>`,
      ) +
      both(
        [
          [8, 0],
          [14, 6],
          [22, 4],
        ],
        (d) => seam(d),
      ),
    texture: { fx: 1.4, fy: 1.4, opacity: 0.05 },
    neck: { halfWidth: 8, depth: 10, inside: '#d9dde6' },
    hang: { halfWidth: 19, y: 4 },
  };
}

function polo(): DrawnGarment {
  const g = topShape({
    neckHalf: 8,
    neckDepth: 4,
    shoulder: [22, 4],
    sleeve: { angle: 62, length: 20, cuff: 15 },
    armpit: [25, 23],
    waist: [24, 45],
    hem: [25, 69],
  });
  const sl = g.sleeve!;
  const collar = 'M -8 0 Q -4 3 0 4.5 L -2 9 Q -9 7 -14 4.5 Z';
  return {
    id: 'polo-pique',
    category: 'polo',
    slot: 'top',
    length: 'hip',
    sleeveless: false,
    wideLegs: false,
    lengthCm: 69,
    description:
      'bottle-green piqué polo: flat knit collar, three-button placket, embroidered logo, ribbed sleeve bands, side vents',
    shapes: [g.outline],
    defs: lightDefs(26) + ribDefs([0, 90]),
    fill: '#1f5a45',
    over:
      bodyLight(26, 0, 70) +
      fold([
        [-14, 30],
        [-16, 52],
        [-14, 67],
      ]) +
      fold([
        [13, 34],
        [15, 50],
        [13, 67],
      ]) +
      sleeveFolds(sl, [22, 4], 0.3) +
      `<path d="M -1.8 4.5 L 1.8 4.5 L 1.8 20 L -1.8 20 Z" fill="#000" fill-opacity="0.08" stroke="rgba(255,255,255,0.25)" stroke-width="0.15"/>` +
      [8, 12.5, 17].map((y) => button(0, y, 0.6, '#e9e4d6')).join('') +
      `<path d="${collar}" fill="url(#rib90)" stroke="rgba(0,0,0,0.4)" stroke-width="0.2"/><path d="${halfMirror(collar)}" fill="url(#rib90)" stroke="rgba(0,0,0,0.4)" stroke-width="0.2"/>` +
      `<path d="${collar}" fill="#1f5a45" fill-opacity="0.85"/><path d="${halfMirror(collar)}" fill="#1f5a45" fill-opacity="0.85"/>` +
      `<g transform="translate(11 17)"><circle r="1.9" fill="none" stroke="#e9c46a" stroke-width="0.35"/>${logo(0, 0.8, 2.1, 'F', '#e9c46a')}</g>` +
      both2(cuffBand(sl, 2.5), (q) => ribbing(q, 90 - 62, 'rgba(0,0,0,0.3)')) +
      both(
        [
          [25.4, 63],
          [24.2, 63.4],
        ],
        (d) => line(d, 'rgba(0,0,0,0.5)', 0.25),
        false,
      ) +
      seam('M -25.3 67.3 L 25.3 67.3', 'rgba(255,255,255,0.3)'),
    texture: { fx: 2.2, fy: 2.2, opacity: 0.16 },
    neck: { halfWidth: 8, depth: 4, inside: '#133a2c' },
    hang: { halfWidth: 19, y: 4 },
  };
}

function sweater(): DrawnGarment {
  const g = topShape({
    neckHalf: 9,
    neckDepth: 6,
    shoulder: [24, 6],
    sleeve: { angle: 22, length: 61, cuff: 10 },
    armpit: [27, 28],
    waist: [26, 48],
    hem: [25, 66],
  });
  const sl = g.sleeve!;
  const cable = (x: number) =>
    `<path d="${Array.from({ length: 12 }, (_, i) => `M ${x - 1.5} ${10 + i * 4.6} Q ${x + 2} ${12.3 + i * 4.6} ${x - 1.5} ${14.6 + i * 4.6}`).join(' ')}" fill="none" stroke="#fff" stroke-opacity="0.35" stroke-width="0.9"/>` +
    `<path d="${Array.from({ length: 12 }, (_, i) => `M ${x + 1.5} ${10 + i * 4.6} Q ${x - 2} ${12.3 + i * 4.6} ${x + 1.5} ${14.6 + i * 4.6}`).join(' ')}" fill="none" stroke="#000" stroke-opacity="0.25" stroke-width="0.9"/>`;
  return {
    id: 'sweater-cable',
    category: 'sweater',
    slot: 'top',
    length: 'hip',
    sleeveless: false,
    wideLegs: false,
    lengthCm: 66,
    description: 'cream cable-knit sweater: three cables down the front, ribbed neck, cuffs and hem',
    shapes: [g.outline],
    defs: lightDefs(27) + ribDefs([0, 90]),
    fill: '#e6dcc6',
    over:
      bodyLight(27, 0, 66) +
      cable(-9) +
      cable(0) +
      cable(9) +
      fold([
        [-17, 32],
        [-19, 50],
        [-17, 60],
      ]) +
      fold([
        [17, 32],
        [19, 50],
        [17, 60],
      ]) +
      sleeveFolds(sl, [24, 6], 0.35) +
      `<path d="M -9 0 Q -8.5 6 0 6 Q 8.5 6 9 0 L 11 0 Q 10.5 8.5 0 8.5 Q -10.5 8.5 -11 0 Z" fill="url(#rib90)" stroke="rgba(0,0,0,0.25)" stroke-width="0.15"/>` +
      both2(cuffBand(sl, 6), (q) => ribbing(q, 90 - 22)) +
      ribbing(hemBand(g, 6), 90),
    texture: { fx: 1.6, fy: 0.9, opacity: 0.16 },
    neck: { halfWidth: 9, depth: 6, inside: '#c9bea4' },
    hang: { halfWidth: 21, y: 6 },
  };
}

function cardigan(): DrawnGarment {
  const g = topShape({
    neckHalf: 8,
    neckDepth: 26,
    shoulder: [22, 5],
    sleeve: { angle: 21, length: 60, cuff: 9 },
    armpit: [25.5, 26],
    waist: [24, 46],
    hem: [24, 66],
  });
  const sl = g.sleeve!;
  return {
    id: 'cardigan-v',
    category: 'cardigan',
    slot: 'top',
    length: 'hip',
    sleeveless: false,
    wideLegs: false,
    lengthCm: 66,
    description: 'dusty-rose V-neck cardigan, buttoned: ribbed front bands, patch pockets, pearl buttons',
    shapes: [g.outline],
    defs: lightDefs(26) + ribDefs([0, 90, 72]),
    fill: '#c98f93',
    over:
      bodyLight(26, 0, 66) +
      fold([
        [-14, 34],
        [-15, 52],
        [-13, 64],
      ]) +
      fold([
        [14, 34],
        [15, 52],
        [13, 64],
      ]) +
      sleeveFolds(sl, [22, 5], 0.3) +
      `<path d="M -8 0 Q -7 20 -1.6 26 L -1.6 66 L 1.6 66 L 1.6 26 Q 7 20 8 0 L 6 0 Q 5 18 0 24 Q -5 18 -6 0 Z" fill="url(#rib90)" stroke="rgba(0,0,0,0.25)" stroke-width="0.15"/>` +
      [30, 38, 46, 54, 62].map((y) => button(0, y, 0.7, '#f3efe8')).join('') +
      both2(
        [
          [9, 44],
          [19, 44],
          [19, 56],
          [9, 56],
        ],
        (q) =>
          `<path d="M ${q.map(p).join(' L ')} Z" fill="#000" fill-opacity="0.04" stroke="rgba(0,0,0,0.3)" stroke-width="0.18"/>` +
          ribbing([q[0]!, q[1]!, [q[1]![0], q[1]![1] + 2], [q[0]![0], q[0]![1] + 2]], 90),
      ) +
      both2(cuffBand(sl, 5), (q) => ribbing(q, 90 - 21)) +
      ribbing(hemBand(g, 5), 90),
    texture: { fx: 1.8, fy: 1.1, opacity: 0.14 },
    neck: { halfWidth: 8, depth: 26, inside: '#9e6c70' },
    hang: { halfWidth: 19, y: 5 },
  };
}

function blazer(): DrawnGarment {
  const g = topShape({
    neckHalf: 8.5,
    neckDepth: 30,
    shoulder: [23.5, 3],
    sleeve: { angle: 16, length: 63, cuff: 11 },
    armpit: [26, 27],
    waist: [23.5, 46],
    hem: [26.5, 74],
    hemDrop: 1,
  });
  const sl = g.sleeve!;
  const lapel = 'M -8.5 0 L -1.5 30 L -5 30 L -12 13 L -9.5 11.5 L -13 9 Z';
  return {
    id: 'blazer-navy',
    category: 'blazer',
    slot: 'outerwear',
    length: 'hip',
    sleeveless: false,
    wideLegs: false,
    lengthCm: 75,
    description: 'navy pinstripe blazer: notch lapels, two buttons, flap pockets, breast pocket, sleeve buttons',
    shapes: [g.outline],
    defs: lightDefs(27) + patterns.pinstripe('pin', '#1d2742', '#8d97b5'),
    fill: 'url(#pin)',
    over:
      bodyLight(27, 0, 75) +
      `<path d="M -8.5 0 L 0 30 L 8.5 0 Z" fill="#2c2c34"/><path d="M -7.2 0 L 0 25 L 7.2 0 Z" fill="#7d1f2e" fill-opacity="0.9"/>` +
      fold(
        [
          [-14, 34],
          [-16, 54],
          [-14, 72],
        ],
        0.45,
      ) +
      fold(
        [
          [14, 34],
          [16, 54],
          [14, 72],
        ],
        0.45,
      ) +
      sleeveFolds(sl, [23.5, 3], 0.45) +
      `<path d="${lapel}" fill="url(#pin)" stroke="rgba(0,0,0,0.6)" stroke-width="0.22"/><path d="${halfMirror(lapel)}" fill="url(#pin)" stroke="rgba(0,0,0,0.6)" stroke-width="0.22"/>` +
      `<path d="${lapel}" fill="#fff" fill-opacity="0.08"/>` +
      line('M 0 30 L 0.6 75', 'rgba(0,0,0,0.6)', 0.25) +
      button(-1, 40, 1, '#1a1a1a') +
      button(-1, 50, 1, '#1a1a1a') +
      both2(
        [
          [9, 55],
          [20, 55],
          [20, 58.5],
          [9, 58.5],
        ],
        (q) =>
          `<path d="M ${q.map(p).join(' L ')} Z" fill="#000" fill-opacity="0.15" stroke="rgba(0,0,0,0.55)" stroke-width="0.2"/>`,
      ) +
      `<path d="M 11 22 L 19 21 L 19.2 23 L 11.2 24 Z" fill="#000" fill-opacity="0.15" stroke="rgba(0,0,0,0.55)" stroke-width="0.18"/>` +
      both2(cuffBand(sl, 5), (q) => button((q[0]![0] + q[3]![0]) / 2 - 1, (q[0]![1] + q[3]![1]) / 2, 0.6, '#1a1a1a')),
    texture: { fx: 1.5, fy: 1.5, opacity: 0.07 },
    neck: { halfWidth: 8.5, depth: 30, inside: '#2c2c34' },
    hang: { halfWidth: 20, y: 3 },
  };
}

function kneeCoat(): DrawnGarment {
  const g = topShape({
    neckHalf: 9,
    neckDepth: 28,
    shoulder: [23, 3],
    sleeve: { angle: 15, length: 63, cuff: 12 },
    armpit: [26, 28],
    waist: [25, 48],
    hem: [33, 106],
  });
  const sl = g.sleeve!;
  const lapel = 'M -9 0 L -2 28 L -8 26 L -14 12 L -11 10.5 L -14.5 7 Z';
  return {
    id: 'coat-camel',
    category: 'knee-coat',
    slot: 'outerwear',
    length: 'knee',
    sleeveless: false,
    wideLegs: false,
    lengthCm: 106,
    description: 'camel wool coat to the knee: double-breasted, wide lapels, tie belt, welt pockets, back vent seam',
    shapes: [g.outline],
    defs: lightDefs(30) + patterns.twill('coatTwill', '#b98a57', '#7a5730'),
    fill: 'url(#coatTwill)',
    over:
      bodyLight(30, 0, 106) +
      `<path d="M -9 0 L 0 28 L 9 0 Z" fill="#5e4126"/>` +
      fold(
        [
          [-16, 52],
          [-20, 80],
          [-22, 104],
        ],
        0.4,
        2,
      ) +
      fold(
        [
          [15, 52],
          [19, 80],
          [21, 104],
        ],
        0.4,
        2,
      ) +
      fold(
        [
          [-5, 56],
          [-6, 80],
          [-5, 104],
        ],
        0.3,
      ) +
      sleeveFolds(sl, [23, 3], 0.4) +
      `<path d="${lapel}" fill="url(#coatTwill)" stroke="rgba(0,0,0,0.5)" stroke-width="0.22"/><path d="${halfMirror(lapel)}" fill="url(#coatTwill)" stroke="rgba(0,0,0,0.5)" stroke-width="0.22"/>` +
      line('M 3 28 L 4 106', 'rgba(0,0,0,0.45)', 0.25) +
      [34, 42].map((y) => button(-6, y, 1.1, '#3b2616') + button(6, y, 1.1, '#3b2616')).join('') +
      `<path d="M -28 46 L 28 46 L 28 50 L -28 50 Z" fill="url(#coatTwill)" stroke="rgba(0,0,0,0.5)" stroke-width="0.2"/>` +
      `<path d="M -28 46 L 28 46 L 28 50 L -28 50 Z" fill="#000" fill-opacity="0.08"/>` +
      both2(
        [
          [12, 62],
          [21, 60],
          [21.3, 62],
          [12.3, 64],
        ],
        (q) =>
          `<path d="M ${q.map(p).join(' L ')} Z" fill="#000" fill-opacity="0.2" stroke="rgba(0,0,0,0.5)" stroke-width="0.15"/>`,
      ) +
      seam('M -32.5 103.5 Q 0 104.5 32.5 103.5'),
    after:
      `<path d="M 3 50 Q 5 60 3 70" fill="none" stroke="#a67a4a" stroke-width="3.2"/><path d="M 6 50 Q 9 62 8 72" fill="none" stroke="#a67a4a" stroke-width="3.2"/>` +
      `<path d="M 3 50 Q 5 60 3 70 M 6 50 Q 9 62 8 72" fill="none" stroke="rgba(0,0,0,0.35)" stroke-width="0.2"/>`,
    texture: { fx: 1.2, fy: 1.2, opacity: 0.1 },
    neck: { halfWidth: 9, depth: 28, inside: '#5e4126' },
    hang: { halfWidth: 20, y: 3 },
  };
}

function puffer(): DrawnGarment {
  const g = topShape({
    neckHalf: 9,
    neckDepth: 2,
    shoulder: [25, 5],
    sleeve: { angle: 24, length: 60, cuff: 13 },
    armpit: [29, 28],
    waist: [28.5, 48],
    hem: [28, 66],
  });
  const sl = g.sleeve!;
  return {
    id: 'puffer-black',
    category: 'puffer',
    slot: 'outerwear',
    length: 'hip',
    sleeveless: false,
    wideLegs: false,
    lengthCm: 66,
    description: 'black quilted puffer: glossy channels, stand collar, centre zip, zip pockets, elastic cuffs',
    shapes: [g.outline, 'M -10 -4 L 10 -4 L 9 3 L -9 3 Z'],
    defs:
      lightDefs(30) +
      patterns.channels('quilt', '#1b1c20', 7.5) +
      `<linearGradient id="sheenP" x1="0" y1="0" x2="1" y2="0"><stop offset="0.2" stop-color="#fff" stop-opacity="0"/><stop offset="0.35" stop-color="#fff" stop-opacity="0.12"/><stop offset="0.5" stop-color="#fff" stop-opacity="0"/></linearGradient>`,
    fill: 'url(#quilt)',
    over:
      bodyLight(30, -4, 66) +
      `<rect x="-40" y="-10" width="80" height="80" fill="url(#sheenP)"/>` +
      `<path d="M -10 -4 L 10 -4 L 9 3 L -9 3 Z" fill="#26272c" stroke="rgba(255,255,255,0.2)" stroke-width="0.2"/>` +
      `<path d="M 0 -4 L 0 66" stroke="#0b0b0d" stroke-width="1"/><path d="M 0 -4 L 0 66" stroke="#9a9aa2" stroke-width="0.35" stroke-dasharray="0.3 0.3"/>` +
      `<rect x="-0.8" y="3" width="1.6" height="3" rx="0.4" fill="#b5b5bd"/>` +
      both2(
        [
          [11, 46],
          [14, 58],
        ],
        (q) => line(`M ${p(q[0]!)} L ${p(q[1]!)}`, '#8d8d95', 0.35),
      ) +
      sleeveFolds(sl, [25, 5], 0.45) +
      both2(cuffBand(sl, 3), (q) => ribbing(q, 90 - 24, 'rgba(255,255,255,0.2)')) +
      logo(16, 15, 1.5, 'NORDPEAK', '#c9c9cf', 'letter-spacing="0.15"'),
    texture: { fx: 0.4, fy: 0.8, opacity: 0.08 },
    neck: { halfWidth: 9, depth: 3, inside: '#3a3b42' },
    hang: { halfWidth: 22, y: 5 },
  };
}

function jeans(): DrawnGarment {
  const shape = bottomShape({
    waistHalf: 19,
    band: 4,
    hip: [24, 22],
    knee: [20.5, 62],
    hemOuter: [19.5, 104],
    hemInner: [3.5, 104],
    crotchY: 28,
  });
  return {
    id: 'jeans-indigo',
    category: 'jeans',
    slot: 'bottom',
    length: 'ankle',
    sleeveless: false,
    wideLegs: false,
    lengthCm: 104,
    description:
      'mid-blue straight jeans: twill, faded whiskers, five pockets, rivets, orange topstitching, belt loops',
    shapes: [shape],
    defs: lightDefs(24) + patterns.twill('denim', '#3d5d8e', '#1c2f52'),
    fill: 'url(#denim)',
    over:
      bodyLight(24, 0, 104) +
      `<rect x="-19" y="0" width="38" height="4" fill="#000" fill-opacity="0.12"/>` +
      seam('M -19 0.5 L 19 0.5 M -19 3.6 L 19 3.6', '#d48a34', 0.2) +
      [-16, -7, 7, 16]
        .map(
          (x) =>
            `<rect x="${x - 0.5}" y="-0.5" width="1" height="5" fill="#3d5d8e" stroke="#d48a34" stroke-width="0.12"/>`,
        )
        .join('') +
      button(0, 2, 0.9, '#b08d4a') +
      seam('M 0 4 L 0 18 Q 0 21 -3 22 M 2.5 4 L 2.5 17 Q 2.5 20.5 0 22', '#d48a34', 0.2) +
      both(
        [
          [16, 4],
          [10, 12],
          [20, 6],
        ],
        (d) => seam(d, '#d48a34', 0.2),
      ) +
      both2(
        [
          [16.3, 6.5],
          [16.8, 6.5],
        ],
        (q) => `<circle cx="${q[0]![0]}" cy="${q[0]![1]}" r="0.45" fill="#c9a35a"/>`,
      ) +
      seam('M 11.5 5 L 15 5 L 15 9 L 11.5 9 Z', '#d48a34', 0.15) +
      // whiskers and fading
      both(
        [
          [4, 24],
          [9, 27],
          [15, 27],
        ],
        (d) => `<path d="${d}" fill="none" stroke="#fff" stroke-opacity="0.3" stroke-width="0.7" filter="url(#soft)"/>`,
      ) +
      both(
        [
          [6, 28],
          [12, 31],
          [17, 30],
        ],
        (d) =>
          `<path d="${d}" fill="none" stroke="#fff" stroke-opacity="0.25" stroke-width="0.6" filter="url(#soft)"/>`,
      ) +
      both(
        [
          [12, 30],
          [12.5, 60],
          [11.5, 100],
        ],
        (d) => `<path d="${d}" fill="none" stroke="#fff" stroke-opacity="0.18" stroke-width="5" filter="url(#soft)"/>`,
      ) +
      fold(
        [
          [-6, 64],
          [-12, 66],
          [-19, 64],
        ],
        0.35,
      ) +
      fold(
        [
          [6, 66],
          [12, 68],
          [19, 66],
        ],
        0.35,
      ) +
      both(
        [
          [24, 22],
          [20.5, 62],
          [19.5, 104],
        ],
        (d) => seam(d, '#d48a34', 0.2),
      ) +
      seam('M -19.3 102 L -3.7 102 M 3.7 102 L 19.3 102', '#d48a34', 0.2),
    texture: { fx: 1.5, fy: 0.3, opacity: 0.12 },
    hang: { halfWidth: 19, y: 0, clips: true },
  };
}

function wideLeg(): DrawnGarment {
  const shape = bottomShape({
    waistHalf: 18,
    band: 4,
    hip: [25, 22],
    knee: [28, 64],
    hemOuter: [31, 108],
    hemInner: [0.6, 108],
    crotchY: 30,
  });
  return {
    id: 'wideleg-cream',
    category: 'wide-leg-trousers',
    slot: 'bottom',
    length: 'ankle',
    sleeveless: false,
    wideLegs: true,
    lengthCm: 108,
    description: 'cream wide-leg trousers, high waist: front pleats, pressed creases, slant pockets, belt loops',
    shapes: [shape],
    defs: lightDefs(31),
    fill: '#e9e1cf',
    over:
      bodyLight(31, 0, 108) +
      `<rect x="-18" y="0" width="36" height="4.5" fill="#000" fill-opacity="0.08" stroke="rgba(0,0,0,0.25)" stroke-width="0.15"/>` +
      button(-1.5, 2.2, 0.8, '#d8cfbc') +
      both(
        [
          [6, 4.5],
          [7, 14],
        ],
        (d) => line(d, 'rgba(0,0,0,0.35)', 0.25),
        false,
      ) +
      both(
        [
          [15, 4.5],
          [24, 16],
        ],
        (d) => line(d, 'rgba(0,0,0,0.4)', 0.25),
        false,
      ) +
      both(
        [
          [13, 10],
          [14.5, 60],
          [16, 106],
        ],
        (d) => `<path d="${d}" fill="none" stroke="#fff" stroke-opacity="0.5" stroke-width="0.5"/>`,
      ) +
      both(
        [
          [12.5, 10],
          [14, 60],
          [15.5, 106],
        ],
        (d) => `<path d="${d}" fill="none" stroke="#000" stroke-opacity="0.18" stroke-width="0.3"/>`,
      ) +
      fold(
        [
          [-24, 40],
          [-26, 70],
          [-27, 106],
        ],
        0.3,
        2,
      ) +
      fold(
        [
          [23, 40],
          [25, 70],
          [26, 106],
        ],
        0.3,
        2,
      ) +
      fold(
        [
          [-5, 60],
          [-6, 80],
          [-6, 106],
        ],
        0.25,
        2,
      ) +
      seam('M 0 4.5 L 0 20 Q 0 23 -3 24', 'rgba(0,0,0,0.35)') +
      seam('M -30.7 105.5 L -0.9 105.5 M 0.9 105.5 L 30.7 105.5'),
    texture: { fx: 1.3, fy: 1.3, opacity: 0.08 },
    hang: { halfWidth: 18, y: 0, clips: true },
  };
}

function shorts(): DrawnGarment {
  const shape = bottomShape({
    waistHalf: 19,
    band: 4,
    hip: [24.5, 20],
    hemOuter: [28, 42],
    hemInner: [2, 40],
    crotchY: 27,
  });
  return {
    id: 'shorts-chino',
    category: 'shorts',
    slot: 'bottom',
    length: 'mid-thigh',
    sleeveless: false,
    wideLegs: false,
    lengthCm: 42,
    description: 'khaki chino shorts: turn-up hems, slant pockets, belt loops, fly and button',
    shapes: [shape],
    defs: lightDefs(28) + patterns.twill('chino', '#b59a6a', '#8a7246'),
    fill: 'url(#chino)',
    over:
      bodyLight(28, 0, 42) +
      `<rect x="-19" y="0" width="38" height="4" fill="#000" fill-opacity="0.1" stroke="rgba(0,0,0,0.3)" stroke-width="0.15"/>` +
      [-15, -6, 6, 15]
        .map(
          (x) =>
            `<rect x="${x - 0.5}" y="-0.3" width="1" height="4.6" fill="#a58a5a" stroke="rgba(0,0,0,0.3)" stroke-width="0.1"/>`,
        )
        .join('') +
      button(0, 2, 0.8, '#4a3b24') +
      seam('M 2 4 L 2 17 Q 2 20 0 21') +
      both(
        [
          [14, 4],
          [23, 14],
        ],
        (d) => line(d, 'rgba(0,0,0,0.4)', 0.25),
        false,
      ) +
      both2(
        [
          [2.2, 36.5],
          [27.6, 38.2],
          [28, 42],
          [2, 40],
        ],
        (q) =>
          `<path d="M ${q.map(p).join(' L ')} Z" fill="#000" fill-opacity="0.08" stroke="rgba(0,0,0,0.35)" stroke-width="0.18"/>`,
      ) +
      fold(
        [
          [-8, 26],
          [-14, 30],
          [-20, 28],
        ],
        0.3,
      ) +
      fold(
        [
          [8, 26],
          [14, 30],
          [20, 28],
        ],
        0.3,
      ),
    texture: { fx: 1.4, fy: 1.4, opacity: 0.08 },
    hang: { halfWidth: 19, y: 0, clips: true },
  };
}

function miniSkirt(): DrawnGarment {
  const shape = bottomShape({ waistHalf: 18, band: 4, hip: [22.5, 16], hemOuter: [27, 40], hemCurve: 1.5 });
  return {
    id: 'mini-tartan',
    category: 'mini-skirt',
    slot: 'bottom',
    length: 'mid-thigh',
    sleeveless: false,
    wideLegs: false,
    lengthCm: 41,
    description: 'red tartan A-line mini skirt: waistband, side zip, a few soft pleats',
    shapes: [shape],
    defs: lightDefs(27) + patterns.tartan('tartan', '#a3262a', '#1d3b2a', '#f2d16b'),
    fill: 'url(#tartan)',
    over:
      bodyLight(27, 0, 42) +
      `<rect x="-18" y="0" width="36" height="4" fill="#000" fill-opacity="0.15" stroke="rgba(0,0,0,0.35)" stroke-width="0.15"/>` +
      [-16, -8, 0, 8, 16]
        .map((x) =>
          fold(
            [
              [x * 0.7, 5],
              [x * 0.85, 22],
              [x, 40],
            ],
            0.3,
            1.2,
          ),
        )
        .join('') +
      seam(
        pathThrough([
          [-26.5, 39],
          [0, 40.3],
          [26.5, 39],
        ]),
      ),
    texture: { fx: 1.3, fy: 1.3, opacity: 0.07 },
    hang: { halfWidth: 18, y: 0, clips: true },
  };
}

function maxiSkirt(): DrawnGarment {
  const shape = bottomShape({ waistHalf: 17, band: 5, hip: [24, 20], knee: [34, 60], hemOuter: [44, 94], hemCurve: 3 });
  return {
    id: 'maxi-floral',
    category: 'maxi-skirt',
    slot: 'bottom',
    length: 'ankle',
    sleeveless: false,
    wideLegs: false,
    lengthCm: 97,
    description: 'tiered floral maxi skirt on navy: elastic waist, two gathered tier seams, soft vertical folds',
    shapes: [shape],
    defs: lightDefs(44) + patterns.floral('floralNavy', '#1f2a4d', '#f0b6c0', '#f7e08a', '#5d8a63', 6),
    fill: 'url(#floralNavy)',
    over:
      bodyLight(44, 0, 97) +
      `<rect x="-17" y="0" width="34" height="5" fill="url(#rib90)"/>` +
      `<rect x="-17" y="0" width="34" height="5" fill="#000" fill-opacity="0.2"/>` +
      seam(
        pathThrough([
          [-29, 38],
          [0, 39.5],
          [29, 38],
        ]),
        'rgba(0,0,0,0.5)',
      ) +
      seam(
        pathThrough([
          [-37, 66],
          [0, 68],
          [37, 66],
        ]),
        'rgba(0,0,0,0.5)',
      ) +
      [-30, -18, -7, 5, 16, 28]
        .map((x) =>
          fold(
            [
              [x * 0.45, 6],
              [x * 0.75, 45],
              [x, 94],
            ],
            0.35,
            2,
          ),
        )
        .join(''),
    texture: { fx: 1.2, fy: 1.2, opacity: 0.06 },
    hang: { halfWidth: 17, y: 0, clips: true },
  };
}

function midiDress(): DrawnGarment {
  const g = topShape({
    neckHalf: 8,
    neckDepth: 16,
    shoulder: [19, 3],
    sleeve: { angle: 55, length: 14, cuff: 13 },
    armpit: [21, 21],
    waist: [16.5, 38],
    hem: [37, 112],
    skirt: [{ to: [0, 114], c: [20, 115] }],
  });
  const sl = g.sleeve!;
  return {
    id: 'midi-dots',
    category: 'midi-dress',
    slot: 'one-piece',
    length: 'mid-calf',
    sleeveless: false,
    wideLegs: false,
    lengthCm: 114,
    description: 'black midi dress with white polka dots: V-neck, short puff sleeves, waist seam, flared skirt',
    shapes: [g.outline],
    defs: lightDefs(37) + patterns.dots('dots', '#18181c', '#f4f1ea', 3.6, 0.6),
    fill: 'url(#dots)',
    over:
      bodyLight(37, 0, 114) +
      sleeveFolds(sl, [19, 3], 0.3) +
      seam(
        pathThrough([
          [-16.5, 38],
          [0, 39],
          [16.5, 38],
        ]),
        'rgba(255,255,255,0.5)',
      ) +
      [-28, -16, -5, 6, 17, 28]
        .map((x) =>
          fold(
            [
              [x * 0.4, 40],
              [x * 0.7, 75],
              [x, 112],
            ],
            0.45,
            2,
          ),
        )
        .join('') +
      both(
        [
          [8, 0],
          [4, 8],
          [0, 16],
        ],
        (d) => line(d, 'rgba(255,255,255,0.35)', 0.25),
      ),
    texture: { fx: 1.5, fy: 1.5, opacity: 0.05 },
    neck: { halfWidth: 8, depth: 16, inside: '#333' },
    hang: { halfWidth: 16, y: 3 },
  };
}

function maxiDress(): DrawnGarment {
  const g = topShape({
    neckHalf: 0,
    neckDepth: 15,
    shoulder: [0, 0],
    bodiceTop: [17, 12],
    sleeve: null,
    armpit: [17.5, 18],
    waist: [15.5, 34],
    hem: [45, 138],
    skirt: [{ to: [0, 141], c: [24, 142] }],
  });
  const strap = (x0: number) => `M ${x0 - 0.5} 13.2 L ${x0 + 1} -10 L ${x0 + 1.9} -10 L ${x0 + 0.5} 13.2 Z`;
  return {
    id: 'maxi-dress-floral',
    category: 'maxi-dress',
    slot: 'one-piece',
    length: 'ankle',
    sleeveless: true,
    wideLegs: false,
    lengthCm: 151,
    description: 'sage floral maxi dress on thin straps: smocked bodice, empire seam, long flowing skirt',
    shapes: [g.outline, strap(7.5), halfMirror(strap(7.5))],
    defs: lightDefs(45) + patterns.floral('floralSage', '#9db59a', '#f6f1e4', '#e3a14c', '#5a7357', 7) + ribDefs([0]),
    fill: 'url(#floralSage)',
    over:
      bodyLight(45, -10, 141) +
      `<path d="M -17 19 L 17 19 L 16 31 L -16 31 Z" fill="url(#rib0)"/>` +
      seam(
        pathThrough([
          [-15.5, 34],
          [0, 35],
          [15.5, 34],
        ]),
      ) +
      [-34, -22, -10, 2, 13, 24, 35]
        .map((x) =>
          fold(
            [
              [x * 0.35, 36],
              [x * 0.65, 85],
              [x, 138],
            ],
            0.35,
            2.2,
          ),
        )
        .join(''),
    texture: { fx: 1.2, fy: 1.2, opacity: 0.05 },
    neck: { halfWidth: 16, depth: 15, inside: '#7d9479' },
    hang: { halfWidth: 9.5, y: -8 },
  };
}

function jumpsuit(): DrawnGarment {
  const right: Seg[] = [
    { to: [9, 0], c: [8.5, 13] },
    { to: [15, 1] },
    { to: [21, 21], c: [15, 17] },
    { to: [17, 40], c: [20, 30] },
    { to: [25, 60], c: [24, 48] },
    { to: [26, 100], c: [26.5, 80] },
    { to: [25, 150] },
    { to: [2, 150] },
    { to: [0, 70], c: [0.5, 76] },
  ];
  const outline = halfOutline([0, 14], right);
  return {
    id: 'jumpsuit-rust',
    category: 'jumpsuit',
    slot: 'one-piece',
    length: 'ankle',
    sleeveless: true,
    wideLegs: true,
    lengthCm: 150,
    description: 'rust sleeveless jumpsuit: scoop neck, tie belt at the waist, relaxed wide legs, pockets',
    shapes: [outline],
    defs: lightDefs(26) + patterns.twill('rustTwill', '#b4552f', '#7f3218'),
    fill: 'url(#rustTwill)',
    over:
      bodyLight(26, 0, 150) +
      `<path d="M -17.5 38 L 17.5 38 L 17.3 42 L -17.3 42 Z" fill="#000" fill-opacity="0.18" stroke="rgba(0,0,0,0.35)" stroke-width="0.15"/>` +
      both(
        [
          [12, 42],
          [20, 54],
        ],
        (d) => line(d, 'rgba(0,0,0,0.45)', 0.25),
        false,
      ) +
      fold(
        [
          [-15, 75],
          [-16, 110],
          [-15, 148],
        ],
        0.4,
        2.2,
      ) +
      fold(
        [
          [15, 75],
          [16, 110],
          [15, 148],
        ],
        0.4,
        2.2,
      ) +
      fold(
        [
          [-7, 22],
          [-9, 36],
        ],
        0.3,
      ) +
      fold(
        [
          [7, 22],
          [9, 36],
        ],
        0.3,
      ) +
      seam('M 0 42 L 0 66', 'rgba(0,0,0,0.4)') +
      seam('M -24.9 147.5 L -2.1 147.5 M 2.1 147.5 L 24.9 147.5'),
    after:
      `<path d="M -1 41 Q -4 50 -6 58" fill="none" stroke="#a14a27" stroke-width="1.6"/><path d="M 1 41 Q 3 52 2 60" fill="none" stroke="#a14a27" stroke-width="1.6"/>` +
      `<ellipse cx="0" cy="40.5" rx="2.2" ry="1.8" fill="#a14a27" stroke="rgba(0,0,0,0.35)" stroke-width="0.15"/>`,
    texture: { fx: 1.3, fy: 1.3, opacity: 0.08 },
    neck: { halfWidth: 9, depth: 14, inside: '#7f3218' },
    hang: { halfWidth: 13, y: 2 },
  };
}

const TRAINER = `
  <path d="M 0 -2 Q -1 -8 2 -10 L 8 -12 Q 11 -13 13 -11 L 17 -8 Q 22 -7 26 -4.5 Q 28 -3.5 28 -2 Z" fill="url(#mesh)" stroke="rgba(0,0,0,0.5)" stroke-width="0.15"/>
  <path d="M 0 -2 Q -1 -8 2 -10 L 8 -12 Q 11 -13 13 -11 L 17 -8 Q 22 -7 26 -4.5 Q 28 -3.5 28 -2 Z" fill="url(#shoeLight)"/>
  <path d="M -0.5 -2.5 L 28.2 -2.5 L 28.4 -0.8 Q 14 1 -0.5 0.2 Z" fill="#f1efe9" stroke="rgba(0,0,0,0.45)" stroke-width="0.15"/>
  <path d="M -0.4 -0.6 Q 14 0.6 28.3 -0.8" fill="none" stroke="#9b968a" stroke-width="0.3" stroke-dasharray="0.5 0.3"/>
  <path d="M 5 -6 Q 13 -9 22 -4" fill="none" stroke="#e4572e" stroke-width="1.1" stroke-linecap="round"/>
  <path d="M 10.5 -11.2 L 15 -7.6 M 12 -11.6 L 16.2 -8 M 9.2 -10.5 L 13.7 -7.3" stroke="#fafafa" stroke-width="0.45"/>
  <path d="M 0.2 -8 L 2 -10 L 4 -10.6 L 3.2 -3 L 0.1 -3 Z" fill="#2d3142" fill-opacity="0.85"/>
  <text x="4.5" y="-3.4" font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold" font-size="1.3" fill="#2d3142">RUNR</text>`;

function trainers(): DrawnGarment {
  return {
    id: 'trainers-runner',
    category: 'trainers',
    slot: 'shoes',
    length: 'foot',
    sleeveless: false,
    wideLegs: false,
    lengthCm: 28,
    description: 'pair of white mesh running trainers: orange stripe, navy heel tab with logo, stitched cup sole',
    shapes: [],
    defs:
      `<pattern id="mesh" width="0.5" height="0.5" patternUnits="userSpaceOnUse"><rect width="0.5" height="0.5" fill="#f6f6f3"/><circle cx="0.25" cy="0.25" r="0.12" fill="#d7d7d2"/></pattern>` +
      `<linearGradient id="shoeLight" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.3"/><stop offset="1" stop-color="#000" stop-opacity="0.2"/></linearGradient>`,
    fill: 'none',
    over: '',
    after: pair(TRAINER, 28),
  };
}

const HEEL = `
  <path d="M 0.5 -10 Q 0 -6 1.5 -4.5 L 3 -4 L 3.5 0 L 4.8 0 L 5 -3.6 Q 12 -4 18 -1.5 Q 22 0.3 25.5 0 Q 26.5 -0.5 26 -2 Q 24 -4.8 19 -6.2 Q 14 -7.5 10 -6 Q 6 -5 5 -9 Q 3 -10.8 0.5 -10 Z" fill="#b3122a" stroke="rgba(0,0,0,0.55)" stroke-width="0.15"/>
  <path d="M 5 -9 Q 6 -5 10 -6 Q 14 -7.5 19 -6.2" fill="none" stroke="#4a0510" stroke-width="0.45"/>
  <path d="M 2 -9 Q 1.5 -6.5 2.5 -5" fill="none" stroke="#fff" stroke-opacity="0.7" stroke-width="0.45" stroke-linecap="round"/>
  <path d="M 12 -6.5 Q 18 -5.6 23 -3.2" fill="none" stroke="#fff" stroke-opacity="0.55" stroke-width="0.5" stroke-linecap="round"/>
  <path d="M 3.2 -3.8 L 3.5 0 L 4.8 0 L 5 -3.6 Z" fill="#3a0008"/>`;

function heels(): DrawnGarment {
  return {
    id: 'heels-red',
    category: 'heels',
    slot: 'shoes',
    length: 'foot',
    sleeveless: false,
    wideLegs: false,
    lengthCm: 26,
    description: 'pair of red patent pumps: stiletto heels, pointed toes, glossy highlights',
    shapes: [],
    defs: '',
    fill: 'none',
    over: '',
    after: pair(HEEL, 26, 5),
  };
}

const BOOT = `
  <path d="M 1 -40 L 11 -40 L 11.5 -12 Q 13 -8 18 -6 Q 24 -4.5 25.5 -2.5 L 25.5 -0.5 L 6 -0.5 L 5.5 0 L 1.2 0 L 1 -3 Q 0.5 -20 1 -40 Z" fill="url(#leather)" stroke="rgba(0,0,0,0.55)" stroke-width="0.15"/>
  <path d="M 1 -40 L 11 -40 L 11.5 -12 Q 13 -8 18 -6 Q 24 -4.5 25.5 -2.5 L 25.5 -0.5 L 6 -0.5 L 5.5 0 L 1.2 0 L 1 -3 Q 0.5 -20 1 -40 Z" fill="url(#bootLight)"/>
  <path d="M 1.2 -3 L 6 -3 L 6 0 L 1.2 0 Z" fill="#2a1a10"/>
  <path d="M 5.5 -0.6 L 25.6 -0.6 L 25.6 -1.4 L 5.5 -1.4 Z" fill="#2a1a10"/>
  <path d="M 9.6 -39 L 10 -13" stroke="#c9b28a" stroke-width="0.35" stroke-dasharray="0.3 0.2"/>
  <path d="M 3 -20 Q 6 -19 9 -21 M 2.5 -28 Q 6 -27 9.5 -29" fill="none" stroke="#000" stroke-opacity="0.3" stroke-width="0.5" filter="url(#soft)"/>
  <path d="M 1.2 -39.5 L 10.8 -39.5" stroke="#000" stroke-opacity="0.45" stroke-width="0.3"/>`;

function boots(): DrawnGarment {
  return {
    id: 'boots-tall',
    category: 'boots',
    slot: 'shoes',
    length: 'mid-calf',
    sleeveless: false,
    wideLegs: false,
    lengthCm: 40,
    description: 'pair of tall cognac leather boots to below the knee: block heel, inner zip, creases at the ankle',
    shapes: [],
    defs:
      `<linearGradient id="leather" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#6a3a1c"/><stop offset="0.35" stop-color="#9b5a2e"/><stop offset="0.6" stop-color="#b06a37"/><stop offset="1" stop-color="#6a3a1c"/></linearGradient>` +
      `<linearGradient id="bootLight" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0.15"/><stop offset="0.7" stop-color="#fff" stop-opacity="0.08"/><stop offset="1" stop-color="#000" stop-opacity="0.25"/></linearGradient>`,
    fill: 'none',
    over: '',
    after: pair(BOOT, 26, 3),
  };
}

/** Every garment of the evaluation set. */
export const EVAL_GARMENTS: DrawnGarment[] = [
  camisole(),
  tank(),
  tee(
    'tee-logo',
    '#f1f1ef',
    `<g transform="translate(0 26)">${logo(0, 0, 4.2, 'FITLY', '#c0392b', 'letter-spacing="0.6"')}${logo(0, 4.2, 1.7, 'ATHLETIC DEPT. · 2026', '#2c3e50')}<path d="M -10 6.2 L 10 6.2" stroke="#2c3e50" stroke-width="0.35"/></g>`,
    'white tee with a red and navy logo print: crew neck, set-in short sleeves, twin-needle hems',
    '#ffffff',
  ),
  tee('tee-stripe', 'url(#teeStripe)', '', 'yellow and white striped tee: crew neck, short sleeves', '#c98f00'),
  longSleeve(),
  hoodie(),
  shirt(),
  polo(),
  sweater(),
  cardigan(),
  blazer(),
  kneeCoat(),
  puffer(),
  jeans(),
  wideLeg(),
  shorts(),
  miniSkirt(),
  maxiSkirt(),
  midiDress(),
  maxiDress(),
  jumpsuit(),
  trainers(),
  heels(),
  boots(),
];
// the striped tee's stripes (defined where the tee's own defs are)
EVAL_GARMENTS[3]!.defs += patterns.stripes('teeStripe', '#fbfaf5', '#f2c230', 2, 2);

/** The garment's truth without its drawing (what the evaluation's JSON records). */
export function truthOf(g: DrawnGarment): GarmentTruth {
  const { id, category, slot, length, sleeveless, wideLegs, lengthCm, description } = g;
  return { id, category, slot, length, sleeveless, wideLegs, lengthCm, description };
}

export interface DrawOptions {
  /** A background colour; none: transparent. */
  background?: string | null;
  /** The longest side in pixels (the picture's size). */
  size?: number;
  /** Ghost mannequin: the inside of the back neck shows in the neckline, the garment looks worn (3D). */
  ghost?: boolean;
  /** On a hanger: its hook and bar show above the shoulders (clips at the waist for bottoms). */
  hanger?: boolean;
}

/** Bounding box (user units) of a garment's drawing, from the numbers in its outline and extras. */
function bounds(g: DrawnGarment): { x0: number; y0: number; x1: number; y1: number } {
  const xs: number[] = [];
  const ys: number[] = [];
  const scan = (d: string) => {
    for (const m of d.matchAll(/(-?\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?)/g)) {
      xs.push(Number(m[1]));
      ys.push(Number(m[2]));
    }
  };
  g.shapes.forEach(scan);
  if (!g.shapes.length) {
    // shoes: the pair's extent (two shoes side by side, heels at the centre)
    const L = g.lengthCm;
    const tall = g.category === 'boots' ? 40 : g.category === 'heels' ? 11 : 13;
    return { x0: -L - 3, y0: -tall - 1, x1: L + 3, y1: 3 };
  }
  return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
}

/** The garment as an SVG document: on `background` (or transparent), its longest side `size` px. */
export function garmentSvg(g: DrawnGarment, o: DrawOptions = {}): string {
  const b = bounds(g);
  const hangerRoom = o.hanger && g.hang ? 14 : 0;
  const margin = Math.max(b.x1 - b.x0, b.y1 - b.y0) * 0.08;
  const vx = b.x0 - margin;
  const vy = b.y0 - margin - hangerRoom;
  const vw = b.x1 - b.x0 + 2 * margin;
  const vh = b.y1 - b.y0 + 2 * margin + hangerRoom;
  const size = o.size ?? 900;
  const k = size / Math.max(vw, vh);
  const clip = g.shapes.map((d) => `<path d="${d}"/>`).join('');
  const tex = g.texture
    ? `<filter id="tex" x="0" y="0" width="1" height="1"><feTurbulence type="fractalNoise" baseFrequency="${g.texture.fx} ${g.texture.fy}" numOctaves="2" seed="7"/><feColorMatrix type="saturate" values="0"/></filter>`
    : '';
  let ghost = '';
  if (o.ghost && g.neck) {
    // the inside of the back neck: the back's neckline sits above the front's, its inside in shade, a label
    const { halfWidth: w, depth, inside } = g.neck;
    const backY = Math.min(2.5, depth * 0.25);
    ghost =
      `<path d="M ${-w} 0 Q 0 ${f(-backY * 0.2)} ${w} 0 Q ${f(w * 0.95)} ${f(depth * 0.95)} 0 ${depth} Q ${f(-w * 0.95)} ${f(depth * 0.95)} ${-w} 0 Z" fill="${inside}"/>` +
      `<path d="M ${-w} 0 Q 0 ${f(backY * 2.2)} ${w} 0" fill="none" stroke="#000" stroke-opacity="0.35" stroke-width="${f(Math.max(0.6, w * 0.1))}" filter="url(#soft)"/>` +
      `<rect x="-1.6" y="${f(backY * 0.8 + 0.4)}" width="3.2" height="1.8" fill="#f4f1ea" stroke="rgba(0,0,0,0.3)" stroke-width="0.1"/>`;
  }
  let hanger = '';
  if (o.hanger && g.hang) {
    const { halfWidth: w, y, clips } = g.hang;
    const top = y - 11;
    const hook = `<path d="M 0 ${y - 3} L 0 ${top + 3} Q 0 ${top} 2.2 ${top} Q 4.2 ${top} 4.2 ${top + 2} Q 4.2 ${top + 3.4} 2.8 ${top + 3.6}" fill="none" stroke="#a8a8ad" stroke-width="0.55" stroke-linecap="round"/>`;
    if (clips) {
      const bar = y - 4;
      hanger =
        hook +
        `<rect x="${-w - 3}" y="${bar - 1}" width="${2 * w + 6}" height="1.6" rx="0.8" fill="#2b2b2e"/>` +
        [-w + 3, w - 3]
          .map(
            (x) =>
              `<rect x="${x - 1.4}" y="${bar - 0.4}" width="2.8" height="${4 - bar + y + 1}" rx="0.4" fill="#3a3a3e" stroke="#111" stroke-width="0.1"/>`,
          )
          .join('');
    } else {
      hanger =
        hook +
        `<path d="M ${-w - 5} ${y + 3} Q ${-w * 0.5} ${y - 2} 0 ${y - 3} Q ${w * 0.5} ${y - 2} ${w + 5} ${y + 3}" fill="none" stroke="#8a6238" stroke-width="2.2" stroke-linecap="round"/>`;
    }
  }
  // the bottoms' clips are drawn over the waistband; a top's hanger bar is inside it: behind, its ends show
  const clipsOver = o.hanger && g.hang?.clips;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${Math.round(vw * k)}" height="${Math.round(vh * k)}" viewBox="${f(vx)} ${f(vy)} ${f(vw)} ${f(vh)}">
<defs>
  <filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="0.6"/></filter>
  ${tex}
  <clipPath id="cloth">${clip}</clipPath>
  ${g.defs}
</defs>
${o.background ? `<rect x="${f(vx)}" y="${f(vy)}" width="${f(vw)}" height="${f(vh)}" fill="${o.background}"/>` : ''}
${clipsOver ? '' : hanger}
${ghost}
<g clip-path="url(#cloth)">
  ${g.shapes.map((d) => `<path d="${d}" fill="${g.fill}"/>`).join('')}
  ${g.over}
  ${g.texture ? `<rect x="${f(vx)}" y="${f(vy)}" width="${f(vw)}" height="${f(vh)}" filter="url(#tex)" opacity="${g.texture.opacity}" style="mix-blend-mode:multiply"/>` : ''}
</g>
${g.shapes.map((d) => `<path d="${d}" fill="none" stroke="#000" stroke-opacity="0.35" stroke-width="0.15"/>`).join('')}
${g.after ?? ''}
${clipsOver ? hanger : ''}
</svg>`;
}
