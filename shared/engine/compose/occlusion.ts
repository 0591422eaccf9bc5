/**
 * Occlusion: what stays in front of a garment (the head, hair, the neck's opening, hands and forearms in front of
 * the body) and the room a garment may take (the silhouette closed across narrow gaps, grown by the ease).
 */
import type { Body } from '../perception/body';
import type { EngineSlot } from '../garment/garment';
import { componentPixels, dilate, erode } from '../core/image-ops';
import type { Layer } from '../core/raster';
import type { RgbaImage } from '../core/types';
import { isSkin, LIMB_STEP, widenedSkin, type SkinModel } from '../perception/appearance';
import { BG_CHROMA, looksLikeBackground, type BackgroundModel } from './background';

export const inCapsule = (px: number, py: number, ax: number, ay: number, bx: number, by: number, r: number) => {
  const dx = bx - ax;
  const dy = by - ay;
  const l2 = dx * dx + dy * dy || 1;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / l2));
  const ex = ax + dx * t - px;
  const ey = ay + dy * t - py;
  return ex * ex + ey * ey <= r * r;
};

/** Arms as capsules (upper arm, forearm, hand beyond the wrist). */
export function armCapsules(body: Body) {
  const caps: [number, number, number, number, number][] = [];
  for (const [arm, raised] of [
    [body.armL, body.armRaised[0]],
    [body.armR, body.armRaised[1]],
  ] as const) {
    const r1 = arm.widthRoot * 0.6;
    const r2 = arm.widthEnd * 0.62;
    // the upper arm from below the armpit: its top half is under the garment's shoulder anyway (not when the arm
    // is raised: then all of it is off the shoulder)
    const f = raised ? 0.1 : 0.45;
    const ux = arm.root.x + (arm.mid.x - arm.root.x) * f;
    const uy = arm.root.y + (arm.mid.y - arm.root.y) * f;
    caps.push([ux, uy, arm.mid.x, arm.mid.y, r1]);
    const hx = arm.end.x + (arm.end.x - arm.mid.x) * 0.35;
    const hy = arm.end.y + (arm.end.y - arm.mid.y) * 0.35;
    caps.push([arm.mid.x, arm.mid.y, hx, hy, r2 * 1.25]);
  }
  return caps;
}

/**
 * The hands and wrists: in a capsule from the lower forearm to past the hand, inside the person's mask, the hand's
 * own pixels: skin (by the face's model), grown through small colour steps into pixels that pass the widened skin
 * test (a shadowed hand does not match the face's model). They stay in front of every garment but shoes; the whole
 * capsule (`handArea`) is never filled as old clothing. The old garment beside a hand held in front of the body is not the hand (taking
 * the whole capsule left a patch of the old top beside the hand, inside the new one): it is covered. A hand
 * with too little of it hand-coloured (a glove) is the whole capsule.
 */
export function handZone(
  body: Body,
  image: RgbaImage,
  skin: Uint8Array,
  model: SkinModel,
): { hands: Uint8Array; handArea: Uint8Array } {
  const { width: W, height: H, mask } = body;
  const d = image.data;
  const wide = widenedSkin(model);
  const out = new Uint8Array(W * H);
  const area = new Uint8Array(W * H);
  const arms: [Body['armL'], boolean][] = [
    [body.armL, body.wristSeen[0]],
    [body.armR, body.wristSeen[1]],
  ];
  for (const [arm, seen] of arms) {
    if (!seen) continue;
    const a = { x: arm.end.x + (arm.mid.x - arm.end.x) * 0.2, y: arm.end.y + (arm.mid.y - arm.end.y) * 0.2 };
    const b = { x: arm.end.x + (arm.end.x - arm.mid.x) * 0.45, y: arm.end.y + (arm.end.y - arm.mid.y) * 0.45 };
    const r = Math.max(4, Math.min(arm.widthEnd, body.span * 0.22) * 0.7);
    const x0 = Math.max(0, Math.floor(Math.min(a.x, b.x) - r));
    const x1 = Math.min(W - 1, Math.ceil(Math.max(a.x, b.x) + r));
    const y0 = Math.max(0, Math.floor(Math.min(a.y, b.y) - r));
    const y1 = Math.min(H - 1, Math.ceil(Math.max(a.y, b.y) + r));
    const inside: number[] = [];
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const p = y * W + x;
        if ((mask[p] ?? 0) >= 128 && inCapsule(x, y, a.x, a.y, b.x, b.y, r)) {
          inside.push(p);
          area[p] = 255;
        }
      }
    }
    const grown = growHand(body, d, skin, wide, a, b, r, inside);
    const hand = grown.hand;
    if (grown.reached < inside.length * HAND_SEEN) for (const p of inside) out[p] = 255;
    else for (const p of hand) out[p] = 255;
  }
  return { hands: out, handArea: area };
}

/** The largest colour step (sum over RGB) between neighbouring pixels of one hand (more shading than an arm). */
const HAND_STEP = LIMB_STEP * 1.5;
/** Below this share of the hand's capsule hand-coloured, the hand is gloved or unseen: all of the capsule. */
const HAND_SEEN = 0.25;

/**
 * The hand's own pixels in its capsule. The capsule's skin is grown through small colour steps (a shadowed hand
 * passes the widened skin test only), from two sides at once, each pixel taken by the side that reaches it through
 * the smallest largest step (a seeded watershed): the hand from its pixels the face's skin model takes, the body's
 * bare skin from the torso's skin round the capsule (a chest above a low neckline). Grown from the hand alone, the chest's skin beside
 * the fingers joined the hand through the fingers' soft edge and stayed bare in a hole through the new top (the
 * chest beside cgi-model-2's hand). `reached`: the capsule's pixels grown into from either side (the hand is seen).
 */
function growHand(
  body: Body,
  d: RgbaImage['data'],
  skin: Uint8Array,
  wide: SkinModel,
  a: { x: number; y: number },
  b: { x: number; y: number },
  r: number,
  inside: number[],
): { hand: Set<number>; reached: number } {
  const W = body.width;
  const H = body.height;
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const l2 = dx * dx + dy * dy || 1;
  const along = (x: number, y: number) => ((x - a.x) * dx + (y - a.y) * dy) / l2;
  // the capsule's box grown by the ring, with local maps (a Map per pixel cost three times the hand's whole time)
  const ring = Math.max(1, Math.round(r * 0.15));
  let bx0 = W;
  let bx1 = -1;
  let by0 = H;
  let by1 = -1;
  for (const p of inside) {
    const x = p % W;
    const y = (p - x) / W;
    if (x < bx0) bx0 = x;
    if (x > bx1) bx1 = x;
    if (y < by0) by0 = y;
    if (y > by1) by1 = y;
  }
  bx0 = Math.max(0, bx0 - ring);
  bx1 = Math.min(W - 1, bx1 + ring);
  by0 = Math.max(0, by0 - ring);
  by1 = Math.min(H - 1, by1 + ring);
  const cw = bx1 - bx0 + 1;
  const local = (p: number) => {
    const x = p % W;
    return ((p - x) / W - by0) * cw + x - bx0;
  };
  const inZone = new Uint8Array(cw * (by1 - by0 + 1));
  for (const p of inside) inZone[local(p)] = 1;
  const label = new Uint8Array(inZone.length);
  // bucket queue by the step taken to reach a pixel (the largest step so far on its path)
  const buckets: number[][] = Array.from({ length: HAND_STEP + 1 }, () => []);
  const seed = (p: number, side: number) => {
    const l = local(p);
    if (label[l]) return;
    label[l] = side;
    buckets[0]!.push(p);
  };
  // the hand's side: its pixels the face's skin model takes (a shadowed hand, or one lit brighter, is grown into)
  for (const p of inside) if (skin[p]) seed(p, HAND);
  // the body's side: skin of the torso just outside the capsule (not the forearm behind it: past its start only)
  const bodySeeds: number[] = [];
  for (let y = by0; y <= by1; y++) {
    if (y < body.neck.y - body.span * 0.1 || y > body.pelvis.y) continue;
    const [tl, tr] = body.torsoEdges(Math.max(body.neck.y, y));
    for (let x = bx0; x <= bx1; x++) {
      const p = y * W + x;
      if (inZone[local(p)] || (body.mask[p] ?? 0) < 128 || x <= tl || x >= tr) continue;
      if (!skin[p] && !isSkin(wide, d[p * 4] ?? 0, d[p * 4 + 1] ?? 0, d[p * 4 + 2] ?? 0)) continue;
      if (along(x, y) <= 0 || !inCapsule(x, y, a.x, a.y, b.x, b.y, r + ring)) continue;
      bodySeeds.push(p);
    }
  }
  for (const p of bodySeeds) seed(p, BODY_SKIN);
  // first in, first out within a step: the two sides grow at one pace (a stack let whichever came last flood)
  for (let k = 0; k <= HAND_STEP; k++) {
    const q = buckets[k]!;
    for (let h = 0; h < q.length; h++) {
      const i = q[h] ?? 0;
      const side = label[local(i)] ?? 0;
      const x = i % W;
      const y = (i - x) / W;
      for (let nb = 0; nb < 4; nb++) {
        const j = boxNeighbour(nb, i, x, y, bx0, bx1, by0, by1, W);
        if (j < 0) continue;
        const lj = local(j);
        if (label[lj] || !inZone[lj]) continue;
        const o = i * 4;
        const u = j * 4;
        const step =
          Math.abs((d[o] ?? 0) - (d[u] ?? 0)) +
          Math.abs((d[o + 1] ?? 0) - (d[u + 1] ?? 0)) +
          Math.abs((d[o + 2] ?? 0) - (d[u + 2] ?? 0));
        if (step > HAND_STEP || !(skin[j] || isSkin(wide, d[u] ?? 0, d[u + 1] ?? 0, d[u + 2] ?? 0))) continue;
        label[lj] = side;
        buckets[Math.max(k, step)]!.push(j);
      }
    }
    q.length = 0;
  }
  const hand = new Set<number>();
  let reached = 0;
  for (const p of inside) {
    const side = label[local(p)];
    if (!side) continue;
    reached++;
    if (side === HAND) hand.add(p);
  }
  return { hand, reached };
}

const HAND = 1;
const BODY_SKIN = 2;

/**
 * Where a garment may be: the person's silhouette closed across narrow gaps (a skirt spans the legs) and grown
 * by the ease allowance (a garment hangs a little off the body, not into the background).
 */
export function garmentRoom(body: Body, grow: number): Uint8Array {
  const { width: W, height: H, mask } = body;
  const gap = Math.round(body.span * 0.2);
  const closed = new Uint8Array(mask);
  for (let y = 0; y < H; y++) {
    let last = -1;
    const row = y * W;
    for (let x = 0; x < W; x++) {
      if ((mask[row + x] ?? 0) < 128) continue;
      if (last >= 0 && x - last > 1 && x - last <= gap) closed.fill(255, row + last + 1, row + x);
      last = x;
    }
  }
  return smoothRoom(dilate(closed, W, H, Math.max(1, Math.round(grow))), W, H, body.span);
}

/** How far (x the span) the room's outline is smoothed: the mask's outline, grown by a square, steps by pixels. */
export const ROOM_SMOOTH = 0.03;

/**
 * The room's outline smoothed, with a sub-pixel edge (coverage 0..255; `clip` multiplies the garment's coverage by
 * it): the binary room (the mask's blocky outline grown by a square) cut a garment's sides and sleeves along it in
 * stair steps. Each pixel takes the share of the room in a box of ROOM_SMOOTH spans round it (a summed-area table:
 * the steps averaged into the line through their middles), steepened back to an edge about a pixel wide: a
 * straight edge stays where it was, a step's corner is cut and its notch filled by half the step (far inside the
 * safety gate's room, grown 0.12 spans). Only the room's box (plus the box's reach) is read.
 */
export function smoothRoom(room: Uint8Array, W: number, H: number, span: number): Uint8Array {
  const R = Math.max(1, Math.round(span * ROOM_SMOOTH));
  let x0 = W;
  let x1 = -1;
  let y0 = H;
  let y1 = -1;
  for (let y = 0; y < H; y++) {
    const row = y * W;
    let a = -1;
    let b = -1;
    for (let x = 0; x < W; x++) {
      if (!room[row + x]) continue;
      if (a < 0) a = x;
      b = x;
    }
    if (a < 0) continue;
    if (a < x0) x0 = a;
    if (b > x1) x1 = b;
    if (y < y0) y0 = y;
    y1 = y;
  }
  if (x1 < 0) return room;
  x0 = Math.max(0, x0 - R);
  x1 = Math.min(W - 1, x1 + R);
  y0 = Math.max(0, y0 - R);
  y1 = Math.min(H - 1, y1 + R);
  const w = x1 - x0 + 1;
  const h = y1 - y0 + 1;
  // the summed-area table of the room's box: sat[(y + 1) * (w + 1) + x + 1] = the room's pixels up to (x, y)
  const sw = w + 1;
  const sat = new Int32Array(sw * (h + 1));
  for (let y = 0; y < h; y++) {
    const src = (y0 + y) * W + x0;
    let acc = 0;
    for (let x = 0; x < w; x++) {
      if (room[src + x]) acc++;
      sat[(y + 1) * sw + x + 1] = (sat[y * sw + x + 1] ?? 0) + acc;
    }
  }
  // a straight edge's share changes by 1 / (2R + 1) a pixel across it: steepened to ~1.2 px
  const gain = (2 * R + 1) / 1.2;
  const out = new Uint8Array(W * H);
  for (let y = 0; y < h; y++) {
    const ya = Math.max(0, y - R);
    const yb = Math.min(h, y + R + 1);
    const dst = (y0 + y) * W + x0;
    for (let x = 0; x < w; x++) {
      const xa = Math.max(0, x - R);
      const xb = Math.min(w, x + R + 1);
      const n =
        (sat[yb * sw + xb] ?? 0) - (sat[ya * sw + xb] ?? 0) - (sat[yb * sw + xa] ?? 0) + (sat[ya * sw + xa] ?? 0);
      if (n === 0) continue;
      const share = n / ((yb - ya) * (xb - xa));
      const v = 127.5 + (share * 255 - 127.5) * gain;
      out[dst + x] = v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v);
    }
  }
  return out;
}

/**
 * The head: the face's ellipse (forehead to chin), the hair, and the person's mask above the chin over the head's
 * width (what is in front of the head there: a hand, a raised forearm). No garment is ever drawn there. The mask's
 * part leaves out a vivid backdrop's colour on it, with the specks amid it (issue 38, round 18, part Y4: the mask
 * took in the backdrop beside cgi-model-2's jaw, and the head's zone there cut a hood's lobes flat at the chin's
 * row, a square box beside the neck).
 */
export function headZone(body: Body, hair: Uint8Array): Uint8Array {
  const { width: W, height: H, mask } = body;
  const { cx, cy, rx, ry, chinY } = body.head;
  const out = new Uint8Array(W * H);
  for (let i = 0; i < hair.length; i++) if ((hair[i] ?? 0) >= 128) out[i] = 255;
  const y1 = Math.min(H - 1, Math.ceil(cy + ry));
  const colHalf = rx * 1.3;
  const bd = body.backdrop;
  const speck0 = Math.max(2, Math.round(body.span * HEAD_SPECK));
  const xa = Math.max(0, Math.floor(cx - colHalf));
  const xb = Math.min(W - 1, Math.ceil(cx + colHalf));
  for (let y = 0; y <= y1; y++) {
    const dy = (y - cy) / ry;
    const inside = 1 - dy * dy;
    const half = inside > 0 ? rx * Math.sqrt(inside) : -1;
    for (let x = xa; x <= xb; x++) if (Math.abs(x - cx) <= half) out[y * W + x] = 255;
    if (y >= chinY) continue;
    // the mask's part, but for the backdrop's colour on it and the specks of something else (glitter) amid it
    const back = (u: number) => !!bd && Math.abs(u - cx) > half && bd(u, y) <= HEAD_BACKDROP_NEAR;
    let x = xa;
    while (x <= xb) {
      const p = y * W + x;
      if ((mask[p] ?? 0) < 128) {
        x++;
        continue;
      }
      if (back(x)) {
        x++;
        continue;
      }
      // a run of the person's own pixels: the head's unless short between two of the backdrop's
      let e = x;
      while (e + 1 <= xb && (mask[y * W + e + 1] ?? 0) >= 128 && !back(e + 1)) e++;
      const speck = e - x + 1 < speck0 && x > xa && back(x - 1) && e < xb && back(e + 1);
      if (!speck) for (let u = x; u <= e; u++) out[y * W + u] = 255;
      x = e + 1;
    }
  }
  return out;
}

/** How close (RGB) to a vivid backdrop's colour a pixel of the mask beside the face is the backdrop (`headZone`). */
const HEAD_BACKDROP_NEAR = 48;

/** A run of the person's pixels amid the backdrop's narrower than this (x the span) is a speck of it (`headZone`). */
const HEAD_SPECK = 0.02;

export function legCapsules(body: Body) {
  return [body.legL, body.legR].flatMap((leg) => [
    [leg.root.x, leg.root.y, leg.mid.x, leg.mid.y, leg.widthRoot * 0.62] as const,
    [leg.mid.x, leg.mid.y, leg.end.x, leg.end.y, leg.widthEnd * 0.62] as const,
  ]);
}

export interface Maps {
  skin: Uint8Array;
  hair: Uint8Array;
  /** The hands' own pixels: in front of a garment. */
  hands: Uint8Array;
  /** Around each seen hand (its capsule in the mask): never filled as old clothing. */
  handArea: Uint8Array;
}

/** Hair, the neck and skin on the arms (hands, forearms crossing the body) stay in front of the garment. */
/**
 * The 4-neighbour n (0 left, 1 right, 2 up, 3 down) of pixel p at (x, y), or -1 outside the box x0..x1, y0..y1 (an
 * image W px wide). (Loops over n read neighbours without making an array per pixel.)
 */
function boxNeighbour(
  n: number,
  p: number,
  x: number,
  y: number,
  x0: number,
  x1: number,
  y0: number,
  y1: number,
  W: number,
): number {
  if (n === 0) return x > x0 ? p - 1 : -1;
  if (n === 1) return x < x1 ? p + 1 : -1;
  if (n === 2) return y > y0 ? p - W : -1;
  return y < y1 ? p + W : -1;
}

/** The 4-neighbour n (0 left, 1 right, 2 up, 3 down) of pixel p in an image W px wide, unchecked. */
const neighbour = (n: number, p: number, W: number): number =>
  n === 0 ? p - 1 : n === 1 ? p + 1 : n === 2 ? p - W : p + W;

/** `occlude`'s torso edges outside the torso's rows: no pixel inside. */
const NO_EDGES: readonly [number, number] = [Infinity, -Infinity];

export function occlude(layer: Layer, body: Body, maps: Maps, slot: EngineSlot, what: 'body' | 'hair') {
  if (layer.x1 < layer.x0) return;
  const W = layer.width;
  const caps = armCapsules(body);
  // a forearm whose axis lies over the torso for less than its own radius only leaves the body there (an elbow
  // held at the side, the forearm out): it is in front of none of the torso
  const crosses = caps.map((c, k) => k % 2 === 1 && overTorsoLength(body, c) >= c[4]);
  const neckY = body.neck.y + body.span * 0.02;
  const upper = slot !== 'bottom' && slot !== 'shoes';
  const limbs = what === 'body' && slot !== 'shoes';
  const bw = layer.x1 - layer.x0 + 1;
  const bh = layer.y1 - layer.y0 + 1;
  // what is in front (cut), and where a hand or a forearm may be (closing the cut stays there)
  const cut = new Uint8Array(bw * bh);
  const arm = new Uint8Array(bw * bh);
  // per column, the lowest skin pixel of the neck's opening (-1: none)
  const neckDepth = new Int32Array(bw).fill(-1);
  // the garment's own neckline, when it lies open on the neck: nothing of its front below it is cut
  const own = upper && what === 'body' ? ownNeckline(layer, body) : null;
  for (let y = layer.y0; y <= layer.y1; y++) {
    // the torso's edges on this row, read once when a pixel of the row first needs them (they depend on the row
    // alone: read per pixel, each read made two arrays)
    let rowEdges: readonly [number, number] | null = null;
    for (let x = layer.x0; x <= layer.x1; x++) {
      const p = y * W + x;
      const b = (y - layer.y0) * bw + x - layer.x0;
      if (limbs && (body.mask[p] ?? 0) >= 128) {
        if (maps.hands[p]) arm[b] = cut[b] = 255;
        else
          for (let k = 0; k < caps.length; k++) {
            const c = caps[k]!;
            if (inCapsule(x, y, c[0], c[1], c[2], c[3], c[4])) arm[b] = 255;
          }
      }
      if (!layer.data[p * 4 + 3] || cut[b]) continue;
      let front = upper && (maps.hair[p] ?? 0) >= 128;
      if (!front && what === 'body' && maps.skin[p]) {
        if (upper && inNeckOpening(body, x, y, neckY) && (!own || y < (own[x - layer.x0] ?? 0))) {
          front = true;
          const c = x - layer.x0;
          neckDepth[c] = Math.max(neckDepth[c] ?? 0, y);
        } else if (slot !== 'shoes') {
          // an upper arm hanging beside the body is in front only outside the torso's edges (which leave such arms
          // out): the skin just inside them is the chest's side, which the top covers (a hole was cut there)
          rowEdges ??= y >= body.neck.y && y <= body.pelvis.y ? body.torsoEdges(y) : NO_EDGES;
          const insideTorso = x > rowEdges[0] && x < rowEdges[1];
          for (let k = 0; k < caps.length; k++) {
            const c = caps[k]!;
            if (k % 2 === 0 && insideTorso) continue;
            if (!inCapsule(x, y, c[0], c[1], c[2], c[3], c[4])) continue;
            // a raised upper arm leaves the body at the shoulder: the skin round its root is the shoulder's and the
            // neck's base, which the top covers (skin blobs were torn through the neckline there)
            if (k % 2 === 0 && body.armRaised[k >> 1] && nearRoot(k === 0 ? body.armL : body.armR, x, y, c[4])) {
              continue;
            }
            // over the torso a forearm is in front only where its own axis is over the torso (an elbow held
            // beside the body cut a hole in the chest's side that the forearm's capsule reached)
            if (insideTorso && (!crosses[k] || !axisOverTorso(body, x, y, c))) continue;
            // nor behind its elbow: the capsule's round end there is the upper arm's, which over the torso is
            // behind the top (an elbow held against the side cut a notch of the belly's skin)
            if (insideTorso && k % 2 === 1 && behindStart(x, y, c)) continue;
            front = true;
            break;
          }
        }
      }
      if (front) cut[b] = 255;
    }
  }
  if (upper && what === 'body') neckline(layer, body, maps, cut, neckDepth, neckY, own);
  // a hand's or a forearm's highlights, nails and shaded folds fail the skin tests: closed over (they were left
  // as specks of garment on the hand and along the arm's edge)
  const closed = limbs
    ? erode(
        dilate(cut, bw, bh, Math.max(1, Math.round(body.span * LIMB_CLOSE))),
        bw,
        bh,
        Math.max(1, Math.round(body.span * LIMB_CLOSE)),
      )
    : cut;
  for (let y = layer.y0; y <= layer.y1; y++) {
    for (let x = layer.x0; x <= layer.x1; x++) {
      const b = (y - layer.y0) * bw + x - layer.x0;
      if (cut[b] || (closed[b] && arm[b])) layer.data[(y * W + x) * 4 + 3] = 0;
    }
  }
}

/**
 * The neck's opening as one clean shape: in each column the whole opening down to its lowest skin pixel, that depth
 * closed across narrow teeth (`NECKLINE_CLOSE`) and smoothed (a median over `NECKLINE_SMOOTH` spans). Cut by skin alone, a strap, a string or a shaded
 * fold crossing the opening kept strands and teeth of the top between skin notches (cgi-model-2's straps,
 * cgi-model-30's bikini strings): a torn neckline. What is not skin inside it is the photo's (the old garment's
 * fill covers an old strap there).
 */
function neckline(
  layer: Layer,
  body: Body,
  maps: Maps,
  cut: Uint8Array,
  depth: Int32Array,
  bottomY: number,
  own: Int32Array | null,
): void {
  const bw = layer.x1 - layer.x0 + 1;
  // closed across gaps narrower than twice NECKLINE_CLOSE (a strap's or a shaded fold's columns between deeper
  // ones: the teeth), then a median (single columns' spikes)
  const filter = (src: Int32Array, half: number, pick: (win: number[]) => number) => {
    const out = new Int32Array(bw).fill(-1);
    for (let c = 0; c < bw; c++) {
      const win: number[] = [];
      for (let k = Math.max(0, c - half); k <= Math.min(bw - 1, c + half); k++) win.push(src[k] ?? 0);
      out[c] = pick(win);
    }
    return out;
  };
  const close = Math.max(1, Math.round(body.span * NECKLINE_CLOSE));
  const grown = filter(depth, close, (w) => Math.max(...w));
  // the min filter leaves the opening's own sides as they were (no deeper than before beside its last column)
  const closed = filter(grown, close, (w) => Math.min(...w));
  for (let c = 0; c < bw; c++) closed[c] = Math.max(closed[c] ?? 0, depth[c] ?? 0);
  const smooth = filter(closed, Math.max(1, Math.round(body.span * NECKLINE_SMOOTH)), (w) => {
    const v = [...w].sort((u, q) => u - q);
    return v[v.length >> 1] ?? 0;
  });
  const W = layer.width;
  for (let c = 0; c < bw; c++) {
    const y1 = Math.min(layer.y1, smooth[c] ?? 0, own ? (own[c] ?? 0) - 1 : Infinity);
    const x = c + layer.x0;
    for (let y = layer.y0; y <= y1; y++) {
      const p = y * W + x;
      if (!inNeckOpening(body, x, y, bottomY) || maps.hands[p]) continue;
      cut[(y - layer.y0) * bw + c] = 255;
    }
  }
  smoothNeckline(layer, body, maps, cut);
}

/**
 * The neck's opening as a smooth curve, symmetric about the neck: the neckline (per column, the garment's first
 * row left below the cut) moved halfway to its mirror's about the neck where that is deeper (a strap or a string across
 * one side stopped its skin higher), then kept from rising faster than `NECKLINE_SLOPE` rows a column towards the
 * garment's own top edge beside the opening (the opening's straight sides, at the neck's half width, stood 14 rows
 * below the shoulders' edge beside them: a skin notch at each side of cgi-model-30's breton and polo). Only the
 * opening's own cut is given back to the garment; the hair and the hands stay in front.
 */
function smoothNeckline(layer: Layer, body: Body, maps: Maps, cut: Uint8Array): void {
  const W = layer.width;
  const bw = layer.x1 - layer.x0 + 1;
  const half = body.span * NECK_HALF_WIDTH;
  const xa = Math.max(layer.x0, Math.floor(body.neck.x - half * 1.5));
  const xb = Math.min(layer.x1, Math.ceil(body.neck.x + half * 1.5));
  if (xb <= xa) return;
  const n = xb - xa + 1;
  const yEnd = Math.min(layer.y1, Math.round(body.neck.y + body.span * 0.3));
  const a = layer.data;
  // per column: the garment's first row (NaN: none) and the row below its last cut one in the opening
  const top = new Float64Array(n).fill(NaN);
  const open = new Float64Array(n).fill(NaN);
  for (let i = 0; i < n; i++) {
    const x = xa + i;
    let y = layer.y0;
    while (y <= yEnd && (a[(y * W + x) * 4 + 3] ?? 0) < 128) y++;
    if (y > yEnd) continue;
    top[i] = y;
    let last = -1;
    for (let yy = y; yy <= yEnd; yy++) if (cut[(yy - layer.y0) * bw + x - layer.x0]) last = yy;
    open[i] = Math.max(y, last + 1);
  }
  // symmetric: the deeper of a column and its mirror about the neck, within the opening
  const line = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const m = Math.round(2 * body.neck.x - (xa + i)) - xa;
    const own = open[i] ?? 0;
    const mirror = m >= 0 && m < n ? (open[m] ?? 0) : NaN;
    // only a column already open (a strap's column the opening did not reach keeps its strap)
    const opened = own > (top[i] ?? 0);
    line[i] = opened && Math.abs(xa + i - body.neck.x) < half && mirror > own ? (mirror + own) / 2 : own;
  }
  // a median across a few columns (a narrow tooth of skin at the opening's bottom), then no steeper than
  // NECKLINE_SLOPE: the lower envelope (a column's line never deeper than a neighbour's plus the slope)
  const r = Math.max(1, Math.round(body.span * NECKLINE_SMOOTH * 2));
  const fine = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const win: number[] = [];
    for (let k = Math.max(0, i - r); k <= Math.min(n - 1, i + r); k++)
      if (!Number.isNaN(line[k] ?? 0)) win.push(line[k] ?? 0);
    win.sort((u, v) => u - v);
    // never deeper than the column's own line (the median only takes a tooth away)
    fine[i] = Number.isNaN(line[i] ?? 0) || !win.length ? NaN : Math.min(line[i] ?? 0, win[win.length >> 1] ?? 0);
  }
  for (let i = 1; i < n; i++)
    if ((fine[i - 1] ?? 0) + NECKLINE_SLOPE < (fine[i] ?? 0)) fine[i] = (fine[i - 1] ?? 0) + NECKLINE_SLOPE;
  for (let i = n - 2; i >= 0; i--)
    if ((fine[i + 1] ?? 0) + NECKLINE_SLOPE < (fine[i] ?? 0)) fine[i] = (fine[i + 1] ?? 0) + NECKLINE_SLOPE;
  for (let i = 0; i < n; i++) {
    const x = xa + i;
    const t = top[i] ?? 0;
    if (Number.isNaN(t) || Number.isNaN(fine[i] ?? 0)) continue;
    // deeper than before only inside the neck's half width (the shoulders' edge beside it is never cut)
    const to = Math.abs(x - body.neck.x) < half ? Math.round(fine[i] ?? 0) : Math.min(Math.round(fine[i] ?? 0), t);
    for (let y = Math.round(t); y <= yEnd; y++) {
      const b = (y - layer.y0) * bw + x - layer.x0;
      const p = y * W + x;
      if (y < to) {
        if ((maps.hair[p] ?? 0) < 128 && !maps.hands[p] && (body.mask[p] ?? 0) >= 128) cut[b] = 255;
      } else if (cut[b] && (maps.hair[p] ?? 0) < 128 && !maps.hands[p]) cut[b] = 0;
      else if (!cut[b]) break;
    }
  }
}

/** The neck opening's edge rises at most this many rows a column (a smooth curve, no notch at its sides). */
const NECKLINE_SLOPE = 3;

/**
 * The garment's own neckline, per column of the layer (its first row of the garment's front, seen from the chest),
 * when the garment lies open on the neck: its front's edge at the neck's middle below the neck's base (a crew, a
 * scoop, a V drawn where the neck meets the shoulders). The neck is in front of the garment only above that edge
 * (its back, a collar's or a label's inside behind the neck); the skin below it is the chest's, under the garment.
 * Cut by skin in a neck-wide rounded box, the opening was a box: its straight sides cut through the garment's own
 * binding, the chest's skin of a low old top opened below it, notches where the shoulders meet the neck. A front
 * a little over the neck's base (`OWN_NECK_HIGH`) is lowered to the base; null (the opening cut by skin as before)
 * when it rises higher (closed there, a hood, a mannequin's inside back).
 */
function ownNeckline(layer: Layer, body: Body): Int32Array | null {
  const { neck, head, span } = body;
  const W = layer.width;
  const bw = layer.x1 - layer.x0 + 1;
  const out = new Int32Array(bw).fill(layer.y1 + 1);
  const half = span * NECK_HALF_WIDTH;
  const xa = Math.max(layer.x0, Math.floor(neck.x - half * 1.5));
  const xb = Math.min(layer.x1, Math.ceil(neck.x + half * 1.5));
  // from the chest (below the deepest V) up through the garment's front to its first open pixel
  const start = Math.min(layer.y1, Math.round(neck.y + span * OWN_NECK_FROM));
  const a = layer.data;
  const middle: number[] = [];
  for (let x = xa; x <= xb; x++) {
    let y = start;
    while (y >= layer.y0 && (a[(y * W + x) * 4 + 3] ?? 0) < 128) y--;
    while (y >= layer.y0 && (a[(y * W + x) * 4 + 3] ?? 0) >= 128) y--;
    out[x - layer.x0] = y + 1;
    if (Math.abs(x - neck.x) <= half * 0.3) middle.push(y + 1);
  }
  if (!middle.length) return null;
  middle.sort((u, v) => u - v);
  const baseY = neck.y - (neck.y - head.chinY) * NECK_BASE_RISE;
  const mid = middle[middle.length >> 1] ?? 0;
  if (mid > baseY) return out;
  // a front a little over the neck's base is the garment's own crew placed a few rows high: the neck is in front
  // down to the base only, along that edge lowered to it (cut by skin down to the neck's point instead, a deep U
  // of the bare chest's skin was cut into sweater-cable's front on a strapless dress). Higher, the front is a
  // closed collar, a hood's or a ghost mannequin's inside back over the neck: cut by skin as before.
  if (baseY - mid > span * OWN_NECK_HIGH) return null;
  const drop = Math.ceil(baseY - mid) + 1;
  for (let c = 0; c < bw; c++) if ((out[c] ?? 0) <= layer.y1) out[c] = (out[c] ?? 0) + drop;
  return out;
}

/**
 * A garment's front up to this many shoulder spans above the neck's base is its own neckline placed a little high
 * (crews, polos, a breton: up to 0.04); above it, something closed over the neck (hoods, a ghost mannequin's
 * inside back: 0.06 and more).
 */
const OWN_NECK_HIGH = 0.05;

/** The garment's own neckline is looked for from this many shoulder spans below the neck's point up. */
const OWN_NECK_FROM = 0.8;

/** The neck opening's lower edge is smoothed over this many shoulder spans either side of a column. */
const NECKLINE_SMOOTH = 0.03;
/** Teeth in the neck opening's lower edge narrower than twice this (in shoulder spans) are closed. */
const NECKLINE_CLOSE = 0.1;

/** Of a raised upper arm, this many capsule radii along it from the shoulder joint are the shoulder (covered). */
export const RAISED_ROOT_CLEAR = 2;

/** Is (x, y) within `RAISED_ROOT_CLEAR` capsule radii of the arm's root, along the upper arm's axis? */
function nearRoot(arm: Body['armL'], x: number, y: number, r: number): boolean {
  const dx = arm.mid.x - arm.root.x;
  const dy = arm.mid.y - arm.root.y;
  const len = Math.hypot(dx, dy) || 1;
  return ((x - arm.root.x) * dx + (y - arm.root.y) * dy) / len < r * RAISED_ROOT_CLEAR;
}

/** Does (x, y) project onto capsule c's axis before its start (t < 0)? */
function behindStart(x: number, y: number, c: readonly number[]): boolean {
  const [ax = 0, ay = 0, bx = 0, by = 0] = c;
  return (x - ax) * (bx - ax) + (y - ay) * (by - ay) < 0;
}

/** Is the point of capsule c's axis nearest (x, y) over the torso, at least half the capsule's radius inside it? */
function axisOverTorso(body: Body, x: number, y: number, c: readonly number[]): boolean {
  const [ax = 0, ay = 0, bx = 0, by = 0, r = 0] = c;
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy || 1)));
  const px = ax + dx * t;
  const py = ay + dy * t;
  if (py < body.neck.y || py > body.pelvis.y) return false;
  const [tl, tr] = body.torsoEdges(py);
  return px > tl + r * 0.5 && px < tr - r * 0.5;
}

/**
 * How long a stretch of capsule c's axis lies over the torso (at least half its radius inside the torso's edges, as
 * `axisOverTorso`), sampled at `OVER_SAMPLES` points. cgi-model-15's elbow, at her side, sits a few pixels inside
 * the torso's edge, so the forearm's end there cut notches of her belly's skin through the top beside it.
 */
function overTorsoLength(body: Body, c: readonly number[]): number {
  const [ax = 0, ay = 0, bx = 0, by = 0, r = 0] = c;
  let n = 0;
  for (let i = 0; i <= OVER_SAMPLES; i++) {
    const t = i / OVER_SAMPLES;
    const px = ax + (bx - ax) * t;
    const py = ay + (by - ay) * t;
    if (py < body.neck.y || py > body.pelvis.y) continue;
    const [tl, tr] = body.torsoEdges(py);
    if (px > tl + r * 0.5 && px < tr - r * 0.5) n++;
  }
  return (n / (OVER_SAMPLES + 1)) * Math.hypot(bx - ax, by - ay);
}
const OVER_SAMPLES = 32;

/** Gaps in a hand's or a forearm's cut narrower than twice this (in shoulder spans) are closed. */
const LIMB_CLOSE = 0.02;

/**
 * Where the neck shows above a top's neckline: the neck's column down to the neck's base, then a rounded scoop
 * down to `bottomY` at the middle (a square cut-out here drew a skin box at every neckline).
 */
export function inNeckOpening(body: Body, x: number, y: number, bottomY: number): boolean {
  const { neck, head, span } = body;
  const half = span * NECK_HALF_WIDTH;
  const dx = Math.abs(x - neck.x);
  if (dx >= half || y >= bottomY) return false;
  const baseY = neck.y - (neck.y - head.chinY) * NECK_BASE_RISE;
  if (y <= baseY) return true;
  const t = (y - baseY) / Math.max(1, bottomY - baseY);
  return dx < half * Math.sqrt(1 - t * t);
}

/** Nothing of the garment outside the room the body gives it (or, `inverse`, inside a forbidden zone). */
export function clip(layer: Layer, room: Uint8Array, inverse = false): void {
  if (layer.x1 < layer.x0) return;
  const W = layer.width;
  for (let y = layer.y0; y <= layer.y1; y++) {
    for (let x = layer.x0; x <= layer.x1; x++) {
      const p = y * W + x;
      const v = room[p] ?? 0;
      if (!v !== inverse) layer.data[p * 4 + 3] = 0;
      // a room with a soft edge (coverage between 0 and 255) scales the garment's own coverage there
      else if (!inverse && v < 255) layer.data[p * 4 + 3] = ((layer.data[p * 4 + 3] ?? 0) * v) / 255;
    }
  }
}

/** Half the neck's width, in shoulder spans (a neck is about a third of the shoulders' width). */
export const NECK_HALF_WIDTH = 0.17;
/** Where the neck meets the shoulders' slope: this fraction of the chin-to-shoulder-line height above that line. */
export const NECK_BASE_RISE = 0.3;

/**
 * The layer's box grown by `rx` columns and `ry` rows each way (within the image), and its drawn pixels (alpha at
 * least 128) as a mask over that box: the box the ease steps work in.
 */
function drawnBox(
  layer: Layer,
  rx: number,
  ry: number,
): { x0: number; y0: number; cw: number; ch: number; drawn: Uint8Array } {
  const W = layer.width;
  const x0 = Math.max(0, layer.x0 - rx);
  const y0 = Math.max(0, layer.y0 - ry);
  const cw = Math.min(W - 1, layer.x1 + rx) - x0 + 1;
  const ch = Math.min(layer.height - 1, layer.y1 + ry) - y0 + 1;
  const drawn = new Uint8Array(cw * ch);
  for (let y = 0; y < ch; y++)
    for (let x = 0; x < cw; x++) if ((layer.data[((y + y0) * W + x + x0) * 4 + 3] ?? 0) >= 128) drawn[y * cw + x] = 255;
  return { x0, y0, cw, ch, drawn };
}

/** Gaps in a top narrower than twice this (in shoulder spans) over the old garment are the new garment's. */
export const EASE_COVER = 0.06;

/**
 * The new top's ease covers the old one: where the drawn top leaves a narrow gap over the old garment (between a
 * sleeve and the body piece at the shoulder, a sliver between a forearm's cut and the top's edge), the gap is the
 * new garment's (its colour carried in from the nearest drawn pixels), not the old garment's fill: filling it drew
 * a stray skin wedge at a shoulder. Only pixels of `old` (the old garment: not skin, hair or a hand) are taken;
 * never the neck's opening and the middle of the chest below it, where the garment's own neckline (a V) is.
 */
export function easeCover(
  layer: Layer,
  old: Uint8Array,
  body: Body,
  maps: Maps,
  head: Uint8Array,
  image: RgbaImage | null = null,
  sleeveless = false,
): void {
  if (layer.x1 < layer.x0) return;
  const W = layer.width;
  const r = Math.max(1, Math.round(body.span * EASE_COVER));
  const bulgeReach = sleeveless ? BULGE_REACH_SLEEVELESS : BULGE_REACH;
  const reach = Math.max(r, Math.ceil(body.span * bulgeReach * 1.5) + 1);
  const { x0, y0, cw, ch, drawn } = drawnBox(layer, reach, r);
  const closed = erode(dilate(drawn, cw, ch, r), cw, ch, r);
  const neckHalf = body.span * NECK_HALF_WIDTH;
  const chestY = body.neck.y + body.span * 0.5;
  const todo: number[] = [];
  for (let y = 0; y < ch; y++) {
    for (let x = 0; x < cw; x++) {
      const b = y * cw + x;
      if (!closed[b] || drawn[b]) continue;
      const p = (y + y0) * W + x + x0;
      if (!old[p] || head[p] || maps.hands[p] || maps.skin[p]) continue;
      if (Math.abs(x + x0 - body.neck.x) < neckHalf && y + y0 < chestY) continue;
      todo.push(b);
    }
  }
  if (image) {
    const bulges = bulgesBeside(drawn, cw, ch, x0, y0, old, body, maps, head, layer.y1, image, bulgeReach);
    coverBulges(layer, bulges, drawn, cw, x0, y0, body, maps, head);
  }
  growFromDrawn(layer, drawn, todo, x0, y0, cw, ch);
}

/** A bodice's row is drawn across at least this much (x the span) of the row (`bustOverOld`). */
const BUST_BODICE_ROW = 0.5;

/**
 * A one-piece's bodice drapes over an old strapless top's bust standing out past its side (`bulgesBeside`,
 * `coverBulges`, as a top's `easeCover` does; issue 38, round 17, part X7): cgi-model-15's bandeau cup beside a
 * dress's bodice, where her upper arm behind the bust cut the bodice's side in, was filled as a flat skin bulge over
 * the arm.
 */
export function bustOverOld(
  layer: Layer,
  old: Uint8Array,
  body: Body,
  maps: Maps,
  head: Uint8Array,
  image: RgbaImage,
  sleeveless: boolean,
): void {
  // only the bodice's rows down to the hips (a bust's side): from the first below the neck drawn across at least
  // `BUST_BODICE_ROW` spans (not the straps' rows: the old dress's shoulder beside a strap is no bust)
  const W = layer.width;
  let top = Math.max(layer.y0, Math.floor(body.neck.y));
  const y1 = Math.min(layer.y1, Math.ceil(body.pelvis.y));
  for (; top <= y1; top++) {
    let n = 0;
    for (let x = layer.x0; x <= layer.x1; x++) if ((layer.data[(top * W + x) * 4 + 3] ?? 0) >= 128) n++;
    if (n >= body.span * BUST_BODICE_ROW) break;
  }
  const rows = { ...layer, y0: top, y1 };
  if (layer.x1 < layer.x0 || rows.y1 <= rows.y0) return;
  const bulgeReach = sleeveless ? BULGE_REACH_SLEEVELESS : BULGE_REACH;
  const reach = Math.ceil(body.span * bulgeReach * 1.5) + 1;
  const { x0, y0, cw, ch, drawn } = drawnBox(rows, reach, 1);
  const bulges = bulgesBeside(drawn, cw, ch, x0, y0, old, body, maps, head, rows.y1, image, bulgeReach);
  coverBulges(rows, bulges, drawn, cw, x0, y0, body, maps, head);
  layer.x0 = Math.min(layer.x0, rows.x0);
  layer.x1 = Math.max(layer.x1, rows.x1);
}

/**
 * The pixels `todo` (indices into the box x0, y0, cw x ch) become the layer's: their colour grown in from the drawn
 * pixels, ring by ring (the mean of the coloured 8-neighbours).
 */
function growFromDrawn(
  layer: Layer,
  drawn: Uint8Array,
  todo: number[],
  x0: number,
  y0: number,
  cw: number,
  ch: number,
): void {
  const W = layer.width;
  let left = todo;
  const d = layer.data;
  while (left.length) {
    const next: number[] = [];
    const done: [number, number, number, number][] = [];
    for (const b of left) {
      const x = b % cw;
      const y = (b - x) / cw;
      let n = 0;
      let rr = 0;
      let gg = 0;
      let bb = 0;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          const yy = y + dy;
          if ((!dx && !dy) || xx < 0 || yy < 0 || xx >= cw || yy >= ch || !drawn[yy * cw + xx]) continue;
          const o = ((yy + y0) * W + xx + x0) * 4;
          rr += d[o] ?? 0;
          gg += d[o + 1] ?? 0;
          bb += d[o + 2] ?? 0;
          n++;
        }
      }
      if (n) done.push([b, rr / n, gg / n, bb / n]);
      else next.push(b);
    }
    if (!done.length) break;
    for (const [b, rr, gg, bb] of done) {
      const x = b % cw;
      const o = (((b - x) / cw + y0) * W + x + x0) * 4;
      d[o] = rr;
      d[o + 1] = gg;
      d[o + 2] = bb;
      d[o + 3] = 255;
      drawn[b] = 255;
      layer.x0 = Math.min(layer.x0, x + x0);
      layer.x1 = Math.max(layer.x1, x + x0);
      layer.y0 = Math.min(layer.y0, (b - x) / cw + y0);
      layer.y1 = Math.max(layer.y1, (b - x) / cw + y0);
    }
    left = next;
  }
}

/** An old garment's bulge beside a top's side is at least this wide (in shoulder spans: a narrower strip is the
 * fill's, the top's side kept straight; draped over it, it stood off the side as a ragged flap, cgi-model-30's
 * bikini cup at 0.11) ... */
export const BULGE_WIDE = 0.14;
/** ... at most this wide ... */
export const BULGE_REACH = 0.25;
/** ... under a sleeveless top (its side runs further in at its armhole: the bulge beside it is wider). */
export const BULGE_REACH_SLEEVELESS = 0.3;
/** ... and this tall (a bust's side, not an old sleeve running down the arm). */
export const BULGE_TALL = 0.5;
/** ... and lies against the top's side in at least this share of its rows ... */
export const BULGE_TOUCH = 0.5;
/** ... and its mean colour is within this (RGB distance) of the old garment's under the top beside it ... */
export const BULGE_SAME = 45;
/** ... and at least this far from the skin beside it (a bare arm's shaded edge is not the old garment). */
export const BULGE_NOT_SKIN = 40;

/**
 * The old garment's bulges beside a top's side: a piece of the old garment outside the drawn top, below the neck
 * and above the top's hem, touching the top's side along most of its rows, no wider than `BULGE_REACH` and no
 * taller than `BULGE_TALL` (a strapless top's bust standing out past the new top's side, where an upper arm behind
 * the bust cut the top's side in: it was filled as a blurred skin bulge beside the sleeve). The new top drapes over
 * it: its pixels (window indices) are returned for `easeCover` to colour. An old sleeve running down the arm is
 * taller and stays the fill's.
 */
function bulgesBeside(
  drawn: Uint8Array,
  cw: number,
  ch: number,
  x0: number,
  y0: number,
  old: Uint8Array,
  body: Body,
  maps: Maps,
  head: Uint8Array,
  hemY: number,
  image: RgbaImage,
  bulgeReach = BULGE_REACH,
): number[][] {
  const W = body.width;
  const neckHalf = body.span * NECK_HALF_WIDTH;
  const maxW = body.span * bulgeReach;
  // only bands outside the drawn top's two ends in each row are looked at, half as wide again as a bulge may be
  // (wider pieces of the old garment reach past `maxW` there and are left out)
  const band = maxW * 1.5;
  const ya = Math.max(0, Math.ceil(body.neck.y) + 1 - y0);
  const yb = Math.min(ch - 1, Math.floor(hemY) - 1 - y0);
  const cand = new Uint8Array(cw * ch);
  for (let y = ya; y <= yb; y++) {
    const row = drawn.subarray(y * cw, y * cw + cw);
    const a = row.indexOf(255);
    if (a < 0) continue;
    const b = row.lastIndexOf(255);
    for (const [from, to] of [
      [Math.max(0, Math.floor(a - band)), a - 1],
      [b + 1, Math.min(cw - 1, Math.ceil(b + band))],
    ] as const) {
      for (let x = from; x <= to; x++) {
        if (Math.abs(x + x0 - body.neck.x) < neckHalf) continue;
        const p = (y + y0) * W + x + x0;
        if (old[p] && !head[p] && !maps.hands[p] && !maps.skin[p]) cand[y * cw + x] = 1;
      }
    }
  }
  const out: number[][] = [];
  const maxH = body.span * BULGE_TALL;
  for (const comp of componentPixels(cand, cw, ch)) {
    let bx0 = Infinity;
    let bx1 = -Infinity;
    let by0 = Infinity;
    let by1 = -Infinity;
    for (const b of comp) {
      const x = b % cw;
      const y = (b - x) / cw;
      bx0 = Math.min(bx0, x);
      bx1 = Math.max(bx1, x);
      by0 = Math.min(by0, y);
      by1 = Math.max(by1, y);
    }
    if (bx1 - bx0 > maxW || by1 - by0 > maxH || bx1 - bx0 + 1 < body.span * BULGE_WIDE) continue;
    // the rows where it lies against the drawn top (a drawn pixel right beside one of its pixels in the row)
    const touch = new Uint8Array(by1 - by0 + 1);
    for (const b of comp) {
      const x = b % cw;
      const y = (b - x) / cw;
      if ((x > 0 && drawn[b - 1]) || (x + 1 < cw && drawn[b + 1])) touch[y - by0] = 1;
    }
    let t = 0;
    for (const v of touch) t += v;
    if (t < touch.length * BULGE_TOUCH) continue;
    // its colour: the old garment's under the top beside it (the same cloth going on under the new top), not
    // the arm's skin beside it (a bare arm's shaded edge the skin test refused)
    const mean = (ps: number[]): [number, number, number] => {
      let r = 0;
      let g = 0;
      let b = 0;
      for (const p of ps) {
        r += image.data[p * 4] ?? 0;
        g += image.data[p * 4 + 1] ?? 0;
        b += image.data[p * 4 + 2] ?? 0;
      }
      const n = Math.max(1, ps.length);
      return [r / n, g / n, b / n];
    };
    const own = mean(comp.map((b) => (Math.floor(b / cw) + y0) * W + (b % cw) + x0));
    const under: number[] = [];
    const skin: number[] = [];
    const cx = (bx0 + bx1) / 2 + x0;
    const dir = cx < body.axisX((by0 + by1) / 2 + y0) ? 1 : -1;
    for (let y = by0; y <= by1; y++) {
      for (let k = 0; k <= maxW * 2; k++) {
        const x = Math.round(cx - (dir * (bx1 - bx0)) / 2 + dir * k) - x0;
        if (x < 0 || x >= cw) break;
        const p = (y + y0) * W + x + x0;
        if (drawn[y * cw + x] && old[p]) under.push(p);
      }
      for (let k = 1; k <= maxW; k++) {
        const x = Math.round(cx + (dir * (bx1 - bx0)) / 2 - dir * k) - x0;
        if (x < 0 || x >= cw) break;
        const p = (y + y0) * W + x + x0;
        if (maps.skin[p]) skin.push(p);
      }
    }
    const u = mean(under);
    const sk = mean(skin);
    const dU = Math.hypot(own[0] - u[0], own[1] - u[1], own[2] - u[2]);
    const dS = Math.hypot(own[0] - sk[0], own[1] - sk[1], own[2] - sk[2]);
    if (dU > BULGE_SAME || (skin.length && dS < BULGE_NOT_SKIN)) continue;
    out.push(comp);
  }
  return out;
}

/** A bulge's cloth is the top's own from past this margin (in shoulder spans) inside its side (its seam left out). */
const BULGE_MARGIN = 0.03;
/** The top's side's edge band this wide (in shoulder spans) beside a bulge is covered too: its outline's line (a
 * drawn side seam's dashes, the cut-out's rim) stood as a dotted line down the cloth over cgi-model-15's bust. */
const BULGE_SIDE = 0.015;
/** A bulge's outline is its outer ends' mean over this many rows each way (in shoulder spans). */
const BULGE_ROWS = 0.03;
/** Above a bulge, the body up to the top's own cloth reaching out to the bulge's end (a sleeve's hem) within this
 * many rows (in shoulder spans) is covered too (`coverBulges`). */
const BULGE_UP = 0.1;

/**
 * The top over its bulges (`bulgesBeside`): each pixel the top's own cloth mirrored across its side in the same
 * row, from past `BULGE_MARGIN` inside it (a print's stripes and the cloth's shading hold; grown ring by ring from
 * the edge they blurred, and the side seam's dashes streaked across).
 */
function coverBulges(
  layer: Layer,
  bulges: number[][],
  drawn: Uint8Array,
  cw: number,
  x0: number,
  y0: number,
  body: Body,
  maps: Maps,
  head: Uint8Array,
): void {
  const W = layer.width;
  const d = layer.data;
  const m = Math.max(1, Math.round(body.span * BULGE_MARGIN));
  const e = Math.max(1, Math.round(body.span * BULGE_SIDE));
  const k = Math.max(1, Math.round(body.span * BULGE_ROWS));
  for (const comp of bulges) {
    // its outer end in each row (the top's side is on the axis's side of it), the run of rows smoothed
    let ya = Infinity;
    let yb = -Infinity;
    let sx = 0;
    for (const b of comp) {
      const y = Math.floor(b / cw);
      ya = Math.min(ya, y);
      yb = Math.max(yb, y);
      sx += b % cw;
    }
    const dir = sx / comp.length + x0 < body.axisX((ya + yb) / 2 + y0) ? 1 : -1;
    // row y from the top's side at xe out to `end`: the person's pixels (not a hand, not the head), each the top's own
    // cloth mirrored across its side from past its seam, as [pixel, source byte] pairs
    // (the side's own edge band too, `BULGE_SIDE`: kept, its outline's dashed line stood inside the cloth)
    const mirrorRow = (y: number, xe: number, end: number, into: [number, number][]) => {
      const c = xe + dir * e;
      for (let x = c - dir; dir > 0 ? x >= end : x <= end; x -= dir) {
        const p = (y + y0) * W + x + x0;
        if ((body.mask[p] ?? 0) < 128 || maps.hands[p] || head[p]) continue;
        let xs = c + dir * (m + Math.abs(c - x));
        while (xs !== xe && (xs < 0 || xs >= cw || !drawn[y * cw + xs])) xs -= dir;
        into.push([p, ((y + y0) * W + xs + x0) * 4]);
      }
    };
    const far = new Float64Array(yb - ya + 1).fill(NaN);
    for (const b of comp) {
      const x = b % cw;
      const i = Math.floor(b / cw) - ya;
      const v = far[i] ?? NaN;
      far[i] = Number.isNaN(v) ? x : dir > 0 ? Math.min(v, x) : Math.max(v, x);
    }
    const set: [number, number][] = [];
    let topEnd = -1;
    for (let y = ya; y <= yb; y++) {
      let n = 0;
      let sum = 0;
      for (let j = Math.max(ya, y - k); j <= Math.min(yb, y + k); j++) {
        const v = far[j - ya] ?? NaN;
        if (Number.isNaN(v)) continue;
        sum += v;
        n++;
      }
      if (!n || Number.isNaN(far[y - ya] ?? NaN)) continue;
      const end = Math.round(sum / n);
      if (topEnd < 0) topEnd = end;
      // from the top's side out to the smoothed end: the person's pixels (not a hand, not the head)
      let xe = end;
      while (xe >= 0 && xe < cw && !drawn[y * cw + xe]) xe += dir;
      if (xe < 0 || xe >= cw) continue;
      mirrorRow(y, xe, end, set);
    }
    // above it, the body between the top's side and the bulge's end up to where the top's own cloth (a sleeve's
    // hem) reaches that far out (issue 38, round 13, part T2): the bust's skin above an old bandeau was a notch
    // between cgi-model-15's left sleeve and the covered cup. Only when the top closes it within `BULGE_UP`
    const up = Math.max(1, Math.round(body.span * BULGE_UP));
    const above: [number, number][] = [];
    let shut = false;
    for (let y = ya - 1; topEnd >= 0 && y >= Math.max(0, ya - up); y--) {
      if (drawn[y * cw + topEnd]) {
        shut = true;
        break;
      }
      let xe = topEnd;
      while (xe >= 0 && xe < cw && !drawn[y * cw + xe]) xe += dir;
      if (xe < 0 || xe >= cw) break;
      mirrorRow(y, xe, topEnd, above);
    }
    if (shut) set.push(...above);
    for (const [p, from] of set) {
      const o = p * 4;
      d[o] = d[from] ?? 0;
      d[o + 1] = d[from + 1] ?? 0;
      d[o + 2] = d[from + 2] ?? 0;
      d[o + 3] = 255;
      const x = p % W;
      const y = (p - x) / W;
      layer.x0 = Math.min(layer.x0, x);
      layer.x1 = Math.max(layer.x1, x);
      layer.y0 = Math.min(layer.y0, y);
      layer.y1 = Math.max(layer.y1, y);
    }
  }
}

/** A one-piece's old garment on the body within this far (in shoulder spans) outside its drawn edge is covered. */
export const EASE_OVER_BODY = 0.05;
/** ... on the person's matte at least this (of 255): its soft outline's inner part, not the backdrop beside it. */
export const EASE_OVER_MASK = 64;

/** Does the person's matte fall below EASE_OVER_MASK within `r` pixels from (x, y) going `dir` along the row? */
function outlineNear(mask: Uint8Array, W: number, x: number, y: number, dir: number, r: number): boolean {
  for (let k = 1; k <= r; k++) {
    const xx = x + dir * k;
    if (xx < 0 || xx >= W || (mask[y * W + xx] ?? 0) < EASE_OVER_MASK) return true;
  }
  return false;
}

/**
 * A one-piece's ease over the body's outline: where the old garment on the person's own body (the mask, not the
 * backdrop beside it; not skin, hair, a hand or the head) lies in a thin strip between the drawn garment's edge and
 * the person's outline below the shoulders (an old bandeau's side at the armpit, old briefs' side beyond the trousers'
 * hips), the strip is the new garment's, its colour carried out from its edge. Filled as the old garment, these
 * strips were painted half skin, half backdrop: grey fringes at the hips and flecks at the armpits.
 * A bottom's (`waistOnly`, issue 38, round 19, part Z6b): an old bodysuit's waist beside jeans' waistband, filled,
 * was a skin-coloured blur with pale streaks at each hip.
 */
export function easeOverBody(
  layer: Layer,
  old: Uint8Array,
  body: Body,
  maps: Maps,
  head: Uint8Array,
  waistOnly = false,
): void {
  if (layer.x1 < layer.x0) return;
  const W = layer.width;
  const r = Math.max(1, Math.round(body.span * EASE_OVER_BODY));
  // a bottom's (`waistOnly`): only above the pelvis, within the thighs' capsules (where the fill paints skin): below
  // it or beyond them the strip is an old loose dress or an old top's hem hanging beside the hips, and the cloth
  // grown over it was a dark lump (its box only down to there: the legs' rows cost ~10 ms)
  const toPelvis = Math.min(layer.y1, Math.ceil(body.pelvis.y) + r);
  const { x0, y0, cw, ch, drawn } = drawnBox(waistOnly ? { ...layer, y1: toPelvis } : layer, r, r);
  // below the shoulders' tops: straps and a neckline keep their own shape
  const fromY = Math.max(body.shoulderL.y, body.shoulderR.y) + body.span * 0.15;
  const todo: number[] = [];
  const toY = waistOnly ? Math.min(ch, Math.floor(body.pelvis.y) - y0) : ch;
  const thighs = legCapsules(body).filter((_, k) => k % 2 === 0);
  // the old garment on the body there, which the strip may cover
  const oldBody = (x: number, y: number): boolean => {
    const p = (y + y0) * W + x + x0;
    if (drawn[y * cw + x] || !old[p] || (body.mask[p] ?? 0) < EASE_OVER_MASK) return false;
    if (head[p] || maps.hands[p] || maps.skin[p] || (maps.hair[p] ?? 0) >= 128) return false;
    return !waistOnly || thighs.some((c) => inCapsule(x + x0, y + y0, ...c));
  };
  const queued = new Uint8Array(cw * ch);
  for (let y = Math.max(0, Math.ceil(fromY - y0)); y < toY; y++) {
    const axis = body.axisX(y + y0) - x0;
    for (let x = 0; x < cw; x++) {
      const b = y * cw + x;
      if (queued[b] || !oldBody(x, y)) continue;
      // outside the garment's side: drawn within the strip's width on the row towards the body's axis (not in a
      // neckline's opening or the gap between the legs, whose garment lies outwards)
      const dir = x < axis ? 1 : -1;
      let side = 0;
      for (let k = 1; k <= r && !side; k++) if (x + dir * k >= 0 && x + dir * k < cw && drawn[b + dir * k]) side = k;
      if (!side) continue;
      // only at the person's outline (the backdrop within twice the strip's width outwards: an old bandeau's side
      // under the armpit, old briefs' beyond the hips), not over an old garment that goes on (a tutu's tulle standing
      // out beside a dress, an old sleeve on the arm beside a bodice)
      if (!outlineNear(body.mask, W, x + x0, y + y0, -dir, 2 * r)) continue;
      queued[b] = 1;
      todo.push(b);
      // and the old garment between it and the drawn side (a pale slit of the backdrop's fill was left along the
      // garment's edge where the outline lay just over twice the strip's width out: jumpsuit-rust's hip on ai-body)
      for (let k = 1; k < side; k++) {
        const xx = x + dir * k;
        if (queued[b + dir * k] || !oldBody(xx, y)) continue;
        queued[b + dir * k] = 1;
        todo.push(b + dir * k);
      }
    }
  }
  const before = drawn.slice();
  growFromDrawn(layer, drawn, todo, x0, y0, cw, ch);
  // the old edge's soft pixels, now inside, are the garment's whole (a dark line of the old garment through them)
  for (const b of todo) {
    if (!drawn[b]) continue;
    const x = b % cw;
    const y = (b - x) / cw;
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        const xx = x + dx;
        const yy = y + dy;
        if (xx < 0 || yy < 0 || xx >= cw || yy >= ch || !before[yy * cw + xx]) continue;
        const q = (yy + y0) * W + xx + x0;
        if (old[q] && !head[q] && !maps.hands[q]) layer.data[q * 4 + 3] = 255;
      }
  }
  // the strip's coverage from the person's matte: opaque from twice EASE_OVER_MASK in, soft to nothing at it (the
  // garment's new edge is the body's own soft outline)
  for (const b of todo) {
    const x = b % cw;
    const p = ((b - x) / cw + y0) * W + x + x0;
    const soft = (((body.mask[p] ?? 0) - EASE_OVER_MASK) * 255) / EASE_OVER_MASK;
    if (drawn[b]) layer.data[p * 4 + 3] = Math.max(0, Math.min(255, Math.round(soft)));
  }
}

/** The widest slit (in shoulder spans) between a sleeve's inner edge and the body piece that is closed. */
export const UNDERARM_GAP = 0.2;
/** The widest strip (in shoulder spans) of the person left open beside a sleeve's or the body piece's edge alone. */
export const UNDERARM_EDGE = 0.06;
/** An edge's colour is the mean over this many pixels each way (along the slit, and into the drawn side). */
const EDGE_MEAN = 3;

/**
 * The underarm: from the armpit to the elbow of an arm that is not raised, the body piece and the sleeve meet. The
 * body piece is cut where the upper arm hangs beside it (outside the torso's edges) and the sleeve, laid along the
 * arm's axis, can be narrower than the arm's own skin there, so a slit of the arm's skin or of the old garment's
 * fill was left between the two (every top on an A-pose: "white slits between the body and the sleeves at the
 * underarms"). In each row where the sleeve covers the arm's axis (there and a little lower: not below a short
 * sleeve's cuff), the person's pixels between the sleeve's inner edge and the body piece are the garment's (their
 * colour from the two edges); where the arm stands off the body (the background between them), the strip of the
 * person beside each edge is. Never a hand, the hair or the head.
 */
export function closeUnderarm(layer: Layer, body: Body, maps: Maps, head: Uint8Array): void {
  if (layer.x1 < layer.x0) return;
  const { width: W, height: H, mask, span } = body;
  const d = layer.data;
  const drawn = (x: number, y: number) => x >= 0 && x < W && (d[(y * W + x) * 4 + 3] ?? 0) >= 128;
  // never a hand, the head or the hair; `open`: the person's pixels besides
  const outside = (p: number) => !!maps.hands[p] || !!head[p] || (maps.hair[p] ?? 0) >= 128;
  const open = (p: number) => (mask[p] ?? 0) >= 128 && !outside(p);
  const maxGap = Math.max(2, Math.round(span * UNDERARM_GAP));
  const maxEdge = Math.max(1, Math.round(span * UNDERARM_EDGE));
  const below = Math.max(1, Math.round(span * 0.04));
  // an edge's colour: the mean of the drawn pixels round it on its own side (one pixel's colour per row, from a
  // striped or printed cloth, drew streaks across the filled slit)
  const edge = (x: number, y: number, side: number): [number, number, number] => {
    let r = 0;
    let g = 0;
    let b = 0;
    let n = 0;
    for (let dy = -EDGE_MEAN; dy <= EDGE_MEAN; dy++) {
      for (let k = 0; k <= EDGE_MEAN; k++) {
        const xx = x + side * k;
        const yy = y + dy;
        if (yy < 0 || yy >= H || !drawn(xx, yy)) continue;
        const o = (yy * W + xx) * 4;
        r += d[o] ?? 0;
        g += d[o + 1] ?? 0;
        b += d[o + 2] ?? 0;
        n++;
      }
    }
    n = Math.max(1, n);
    return [r / n, g / n, b / n];
  };
  // a pixel of the slit: the cloth mirrored across the edge it is nearer (its print and folds carried on; a flat
  // colour stood out as a patch on a striped or printed cloth), the edge's mean where that is not drawn
  const paint = (x: number, y: number, mirror: number, mean: readonly number[]) => {
    const o = (y * W + x) * 4;
    const m = (y * W + mirror) * 4;
    const own = drawn(mirror, y);
    for (let c = 0; c < 3; c++) d[o + c] = own ? (d[m + c] ?? 0) : (mean[c] ?? 0);
    d[o + 3] = 255;
    layer.x0 = Math.min(layer.x0, x);
    layer.x1 = Math.max(layer.x1, x);
  };
  const caps = armCapsules(body);
  for (const [k, arm, raised] of [
    [0, body.armL, body.armRaised[0]],
    [1, body.armR, body.armRaised[1]],
  ] as const) {
    if (raised || arm.mid.y <= arm.root.y + span * 0.1) continue;
    // a forearm across the body (a hand held at the chest) is in front of the top there: not the top's
    const fore = caps[k * 2 + 1]!;
    if (overTorsoLength(body, fore) >= fore[4]) continue;
    const s = Math.sign(arm.root.x - body.neck.x) || 1;
    const walk = Math.min(arm.widthRoot, span * 0.4);
    const ya = Math.max(0, Math.ceil(arm.root.y));
    const yb = Math.min(H - 1 - below, Math.floor(arm.mid.y));
    for (let y = ya; y <= yb; y++) {
      const t = (y - arm.root.y) / (arm.mid.y - arm.root.y);
      const ax = Math.round(arm.root.x + (arm.mid.x - arm.root.x) * t);
      const axBelow = Math.round(
        arm.root.x + (arm.mid.x - arm.root.x) * ((y + below - arm.root.y) / (arm.mid.y - arm.root.y)),
      );
      if (!drawn(ax, y) || !drawn(axBelow, y + below)) continue;
      // the sleeve's inner edge, then the run of what is not drawn up to the body piece
      // (within the arm's width of its axis: a top drawn on inward from there has no slit in this row, and what
      // is open farther in is the chest's: a V neckline)
      let x = ax;
      while (drawn(x - s, y) && Math.abs(x - s - ax) <= walk) x -= s;
      if (Math.abs(x - ax) >= walk) continue;
      const xi = x;
      const run: number[] = [];
      let xb = -1;
      // no deeper into the torso than `UNDERARM_EDGE` inside its edge: the chest is not the underarm's
      const side = body.torsoEdges(y)[s > 0 ? 1 : 0];
      for (let j = 1; j <= maxGap; j++) {
        const xx = xi - s * j;
        if (xx < 0 || xx >= W || (xx - body.neck.x) * s <= 0 || (xx - side) * s < -maxEdge) break;
        if (drawn(xx, y)) {
          xb = xx;
          break;
        }
        run.push(xx);
      }
      if (!run.length) continue;
      const from = edge(xi, y, s);
      const openAt = run.map((xx) => open(y * W + xx));
      // the whole slit: the person's pixels, or a sliver of background narrower than `UNDERARM_EDGE` (the arm
      // held just off the body)
      const slit = openAt.every(Boolean) || (run.length <= maxEdge && run.every((xx) => !outside(y * W + xx)));
      // run[i] is i + 1 pixels in from the sleeve's edge and run.length - i out from the body piece's
      const fromSleeve = (i: number) => paint(run[i] ?? 0, y, xi + s * i, from);
      if (xb >= 0 && slit) {
        const to = edge(xb, y, -s);
        run.forEach((xx, i) => {
          if (2 * i < run.length) fromSleeve(i);
          else paint(xx, y, xb - s * (run.length - 1 - i), to);
        });
        continue;
      }
      // the arm off the body: the person's strip beside the sleeve, and beside the body piece
      for (let i = 0; i < run.length && i < maxEdge && openAt[i]; i++) fromSleeve(i);
      if (xb < 0) continue;
      const to = edge(xb, y, -s);
      for (let i = run.length - 1, n = 0; i >= 0 && n < maxEdge && openAt[i]; i--, n++) {
        paint(run[i] ?? 0, y, xb - s * (run.length - 1 - i), to);
      }
    }
  }
}

/**
 * The old garment beside a hand (issue 38, round 9, part N8): the hand's capsule (`handArea`) is never taken as
 * old clothing by `oldRegion`, so where a hand hangs beside the hips the old skirt's flare between the hand and
 * the new garment (which does not cover it there) was left as it was, a white patch beside the hip. Adds to `old`
 * the capsule's pixels on the person that are not the hand's own, nor skin, nor hair, nor of the backdrop's colour
 * (`bg`), joined to the old region outside the capsule through such pixels: the hand, its nails (inside the
 * hand) and the skin beside it stay.
 */
export function oldBesideHand(
  old: Uint8Array,
  body: Body,
  maps: Maps,
  person: RgbaImage,
  bg: BackgroundModel | null,
): void {
  const { width: W, height: H, mask } = body;
  const v = [0, 0, 0];
  const open = (p: number) =>
    maps.handArea[p] &&
    !old[p] &&
    !maps.hands[p] &&
    !maps.skin[p] &&
    (mask[p] ?? 0) >= 128 &&
    (maps.hair[p] ?? 0) < 128 &&
    !(bg && looksLikeBackground(person, bg, p, v));
  // the capsules' box, a pixel wider (the old region beside them)
  let x0 = W;
  let x1 = -1;
  let y0 = H;
  let y1 = -1;
  for (let y = 0; y < H; y++) {
    const row = maps.handArea.subarray(y * W, y * W + W);
    const a = row.indexOf(255);
    if (a < 0) continue;
    x0 = Math.min(x0, a);
    x1 = Math.max(x1, row.lastIndexOf(255));
    y0 = Math.min(y0, y);
    y1 = y;
  }
  if (x1 < 0) return;
  x0 = Math.max(0, x0 - 1);
  y0 = Math.max(0, y0 - 1);
  x1 = Math.min(W - 1, x1 + 1);
  y1 = Math.min(H - 1, y1 + 1);
  // within the old region's own rows (a bottom's from its waist down: the old top above it is worn on)
  let oy0 = H;
  let oy1 = -1;
  for (let y = y0; y <= y1; y++) {
    if (old.subarray(y * W + x0, y * W + x1 + 1).indexOf(255) < 0) continue;
    oy0 = Math.min(oy0, y);
    oy1 = y;
  }
  y0 = Math.max(y0, oy0);
  y1 = Math.min(y1, oy1);
  if (y1 < y0) return;
  // from the old region beside the capsules: their open pixels next to it
  const stack: number[] = [];
  const outsideOld = (q: number) => old[q] && !maps.handArea[q];
  for (let y = y0 + 1; y < y1; y++) {
    for (let x = x0 + 1; x < x1; x++) {
      const p = y * W + x;
      if (!maps.handArea[p] || old[p]) continue;
      if (!outsideOld(p - 1) && !outsideOld(p + 1) && !outsideOld(p - W) && !outsideOld(p + W)) continue;
      if (!open(p)) continue;
      old[p] = 255;
      stack.push(p);
    }
  }
  const take = (q: number) => {
    if (!open(q)) return;
    old[q] = 255;
    stack.push(q);
  };
  while (stack.length) {
    const p = stack.pop()!;
    const x = p % W;
    const y = (p - x) / W;
    if (x > x0) take(p - 1);
    if (x < x1) take(p + 1);
    if (y > y0) take(p - W);
    if (y < y1) take(p + W);
  }
}

/** How far below the shoulders' line, in shoulder spans, the old garment is also read by its colour. */
export const CHEST_BY_COLOUR = 0.6;
/** How far above the higher shoulder's joint, in shoulder spans, the old garment is read by its colour. */
export const SHOULDERS_BY_COLOUR = 0.2;
/** An old sheer's pixel over the skin has at most this share of the face's skin's red over blue (its chroma). */
const GREYER_THAN_SKIN = 0.5;

/**
 * The old garment above a new neckline by its colour, not only its mask (issue 38, round 6, part K7): a sheer yoke
 * or an old dress's shoulders over the skin pass the skin map (widened for limbs) and were kept, the old dress's
 * shoulders translucent above a camisole. Adds to `old` the skin map's pixels on the person from just above the
 * shoulders' line to CHEST_BY_COLOUR spans below it, over the shoulders' width, whose chroma is not the face's skin
 * (`isSkin` without its luminance range) and greyer than it (GREYER_THAN_SKIN): shaded or sunlit skin stays.
 */
export function oldByColour(old: Uint8Array, body: Body, skin: Uint8Array, person: RgbaImage, model: SkinModel): void {
  const { width: W, height: H, mask, span, neck } = body;
  const d = person.data;
  // from above the shoulders' tops (the higher shoulder's joint less SHOULDERS_BY_COLOUR spans): a sheer's rim
  // over the top of a shoulder sloping up from a lower neck keypoint was left grey above a camisole
  const y0 = Math.max(
    0,
    Math.floor(Math.min(neck.y - span * 0.1, body.shoulderL.y, body.shoulderR.y) - span * SHOULDERS_BY_COLOUR),
  );
  const y1 = Math.min(H - 1, Math.ceil(neck.y + span * CHEST_BY_COLOUR));
  const reach = span * 0.1;
  const x0 = Math.max(0, Math.floor(Math.min(body.shoulderL.x, body.shoulderR.x) - reach));
  const x1 = Math.min(W - 1, Math.ceil(Math.max(body.shoulderL.x, body.shoulderR.x) + reach));
  const tone = { ...model, lumMin: 0, lumMax: 255 };
  const warm = (model.cr - (1 - model.cr - model.cg)) * GREYER_THAN_SKIN;
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const p = y * W + x;
      if (!skin[p] || (mask[p] ?? 0) < 128 || old[p]) continue;
      const r = d[p * 4] ?? 0;
      const b = d[p * 4 + 2] ?? 0;
      // greyer than the skin (a white or grey sheer over it): the person's own skin in shade or sun keeps its red
      if (!isSkin(tone, r, d[p * 4 + 1] ?? 0, b) && (r - b) / (r + (d[p * 4 + 1] ?? 0) + b + 1) < warm) old[p] = 255;
    }
  }
}

/** How far round the old garment's cloth above a new neckline, in shoulder spans, its blended edge is taken. */
export const OLD_CLOTH_RIM = 0.012;
/** An old pixel this many of the face's skin spreads from its chroma (or darker than its darkest) is cloth. */
const CLOTH_SPREADS = 2;

/**
 * The blended edge of the old garment's cloth above a new neckline (issue 38, round 9, part N8): a bikini's
 * string or a strap a few pixels wide is in the old region, but the pixels either side of it, half string and
 * half skin, pass the skin map and were kept; the fill between them took their colour, so the string stayed, a
 * pink line down the shoulder above a camisole. Adds to `old` the skin map's pixels within OLD_CLOTH_RIM spans of
 * an old pixel that is cloth (its chroma CLOTH_SPREADS of the face's skin spreads from it, or darker than the
 * face's darkest), from the chin to CHEST_BY_COLOUR spans below the neck over the shoulders' width: not the
 * hair, the head, the hands or off the person. The cloth's own pixels are read before any is added (a rim of
 * one step, never a flood).
 */
export function oldClothRim(
  old: Uint8Array,
  body: Body,
  maps: Maps,
  head: Uint8Array,
  person: RgbaImage,
  model: SkinModel,
  bg: BackgroundModel | null,
): void {
  const { width: W, height: H, mask, span, neck } = body;
  const d = person.data;
  const v = [0, 0, 0];
  const r = Math.max(1, Math.round(span * OLD_CLOTH_RIM));
  const y0 = Math.max(0, Math.floor(body.head.chinY));
  const y1 = Math.min(H - 1, Math.ceil(neck.y + span * CHEST_BY_COLOUR));
  const reach = span * 0.1;
  const x0 = Math.max(0, Math.floor(Math.min(body.shoulderL.x, body.shoulderR.x) - reach));
  const x1 = Math.min(W - 1, Math.ceil(Math.max(body.shoulderL.x, body.shoulderR.x) + reach));
  const far = model.spread * CLOTH_SPREADS;
  if (x1 < x0 || y1 < y0) return;
  // on the window's own grid: the skin that may be taken, the cloth read only within the rim of it
  const cw = x1 - x0 + 1;
  const ch = y1 - y0 + 1;
  const open = new Uint8Array(cw * ch);
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const q = y * W + x;
      if (old[q] || !maps.skin[q] || (mask[q] ?? 0) < 128 || (maps.hair[q] ?? 0) >= 128 || head[q] || maps.handArea[q])
        continue;
      open[(y - y0) * cw + x - x0] = 255;
    }
  }
  const nearOpen = dilate(open, cw, ch, r);
  const cloth = new Uint8Array(cw * ch);
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const p = y * W + x;
      if (!nearOpen[(y - y0) * cw + x - x0] || !old[p] || (maps.hair[p] ?? 0) >= 128) continue;
      const s = (d[p * 4] ?? 0) + (d[p * 4 + 1] ?? 0) + (d[p * 4 + 2] ?? 0) + 1;
      const off = Math.hypot((d[p * 4] ?? 0) / s - model.cr, (d[p * 4 + 1] ?? 0) / s - model.cg);
      if ((off > far || s / 3 < model.lumMin) && !(bg && looksLikeBackground(person, bg, p, v)))
        cloth[(y - y0) * cw + x - x0] = 255;
    }
  }
  const rim = dilate(cloth, cw, ch, r);
  for (let l = 0; l < open.length; l++) if (open[l] && rim[l]) old[(y0 + Math.floor(l / cw)) * W + x0 + (l % cw)] = 255;
}

/** How far (x the span) inside the person's outline over the shoulders an old garment's edge is looked for. */
export const SHOULDER_RIM_IN = 0.025;
/** Or where the person mask is under this (its blended rim, wide where a sheer's edge blurs into the backdrop). */
export const SHOULDER_RIM_MASK = 250;
/** A pixel of the backdrop's chroma within this share of its level is the backdrop (not taken). */
export const SHOULDER_RIM_BG = 0.1;
/** How far (x the span) from the old region such an edge's pixel may lie to be taken with it. */
export const SHOULDER_RIM_NEAR = 0.02;

/** How far below the lower shoulder's joint (x the span) the old garment's edge along the outline is taken. */
export const SIDE_RIM_BELOW = 1;
/** How far out past the shoulders' joints (x the span) the old garment's edge along the outline is taken. */
export const SIDE_RIM_REACH = 0.35;
/** How many times a dark pixel with three or four old neighbours is taken into the old region. */
export const SPECK_PASSES = 2;

/** A pixel between two old ones across it is taken under this share of the skin's level (the old edge's line). */
export const ACROSS_DARK = 0.9;

/**
 * The window round the shoulders `oldShoulderRim`, `oldYokeRim` and `leaveLooseHair` work in: from above the
 * shoulders' tops (`SHOULDERS_BY_COLOUR`) on down the sides beside the arms (SIDE_RIM_BELOW: a glossy dress's black
 * edge under the armpit), out past the shoulders' joints (SIDE_RIM_REACH: a bust stands out beside the arm below
 * them); `edge` px in from the image's border (for a step to the four neighbours). Null when empty.
 */
function shouldersWindow(body: Body, edge: number): { x0: number; x1: number; y0: number; y1: number } | null {
  const { width: W, height: H, span, neck } = body;
  const y0 = Math.max(
    edge,
    Math.floor(Math.min(neck.y - span * 0.1, body.shoulderL.y, body.shoulderR.y) - span * SHOULDERS_BY_COLOUR),
  );
  const y1 = Math.min(H - 1 - edge, Math.ceil(Math.max(body.shoulderL.y, body.shoulderR.y) + span * SIDE_RIM_BELOW));
  const reach = span * SIDE_RIM_REACH;
  const x0 = Math.max(edge, Math.floor(Math.min(body.shoulderL.x, body.shoulderR.x) - reach));
  const x1 = Math.min(W - 1 - edge, Math.ceil(Math.max(body.shoulderL.x, body.shoulderR.x) + reach));
  return x1 < x0 || y1 < y0 ? null : { x0, x1, y0, y1 };
}

/**
 * The old garment's edge along the person's outline over the shoulders (issue 38, round 19, part Z5): above the
 * neck's row `oldRegion` takes only the neck and the shoulders' slope, so an old sheer yoke's grey seam on the top
 * of a shoulder, in the mask's blended rim just outside that slope, was kept; the fill's seam then matched it and
 * the skin filled beside it turned grey (ai-body's white dress: "faint grey edges at the shoulder tops", "white
 * ghosts at the armholes" under a tank or a camisole). Adds to `old` the pixels on the person from above the
 * shoulders' tops (`SHOULDERS_BY_COLOUR`) down to the lower shoulder's joint, over the shoulders' width, within
 * SHOULDER_RIM_IN spans of its outline and SHOULDER_RIM_NEAR spans of the old region, that are neither skin, hair,
 * the head nor a hand, greyer than the skin (`GREYER_THAN_SKIN`, a blonde strand is warm) and not the backdrop's
 * colour. The fill paints them as the body's edge against the backdrop.
 */
export function oldShoulderRim(
  old: Uint8Array,
  body: Body,
  maps: Maps,
  head: Uint8Array,
  person: RgbaImage,
  model: SkinModel,
  bg: BackgroundModel | null,
): void {
  const { width: W, height: H, mask, span } = body;
  const d = person.data;
  const v = [0, 0, 0];
  const win = shouldersWindow(body, 0);
  if (!win) return;
  const { x0, x1, y0, y1 } = win;
  const cw = x1 - x0 + 1;
  const ch = y1 - y0 + 1;
  const rIn = Math.max(1, Math.round(span * SHOULDER_RIM_IN));
  const rNear = Math.max(1, Math.round(span * SHOULDER_RIM_NEAR));
  const off = new Uint8Array(cw * ch);
  const was = new Uint8Array(cw * ch);
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const p = y * W + x;
      const l = (y - y0) * cw + x - x0;
      if ((mask[p] ?? 0) < 128) off[l] = 255;
      if (old[p]) was[l] = 255;
    }
  }
  const nearOff = dilate(off, cw, ch, rIn);
  const nearOld = dilate(was, cw, ch, rNear);
  const warm = (model.cr - (1 - model.cr - model.cg)) * GREYER_THAN_SKIN;
  // darker than DARK_ISLAND of the skin seen here: a glossy black dress's edge reflecting her warm skin
  const level = skinLevel(old, body, maps, head, person, x0, x1, y0, y1);
  const dark = level < 0 ? 0 : level * DARK_ISLAND;
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const p = y * W + x;
      const l = (y - y0) * cw + x - x0;
      if (off[l] || was[l] || !nearOld[l] || (!nearOff[l] && (mask[p] ?? 0) >= SHOULDER_RIM_MASK)) continue;
      if (maps.skin[p] || (maps.hair[p] ?? 0) >= 128 || head[p] || maps.handArea[p]) continue;
      const r = d[p * 4] ?? 0;
      const g = d[p * 4 + 1] ?? 0;
      const b = d[p * 4 + 2] ?? 0;
      // greyer than the skin, or dark (a glossy black dress reflects her warm skin)
      if ((r - b) / (r + g + b + 1) >= warm && (r + g + b) / 3 >= dark) continue;
      // (a grey the backdrop's chroma in shade passes `looksLikeBackground`: only its own level is the backdrop)
      if (bg) {
        bg.at(x, y, v);
        const s = r + g + b + 1;
        const bs = (v[0] ?? 0) + (v[1] ?? 0) + (v[2] ?? 0) + 1;
        const lum = s / bs;
        const chroma = Math.hypot(r / s - (v[0] ?? 0) / bs, g / s - (v[1] ?? 0) / bs);
        if (chroma <= BG_CHROMA && lum >= 1 - SHOULDER_RIM_BG && lum <= 1 + SHOULDER_RIM_BG) continue;
      }
      old[p] = 255;
    }
  }
  // dark specks of it the skin map took, a pixel or two among the old region's (at the arm's edge): old too
  for (let pass = 0; pass < SPECK_PASSES && dark > 0; pass++) {
    for (let y = Math.max(1, y0); y <= Math.min(H - 2, y1); y++) {
      for (let x = Math.max(1, x0); x <= Math.min(W - 2, x1); x++) {
        const p = y * W + x;
        if (old[p] || (mask[p] ?? 0) < 128 || (maps.hair[p] ?? 0) >= 128 || head[p] || maps.handArea[p]) continue;
        const around = (old[p - 1] ? 1 : 0) + (old[p + 1] ? 1 : 0) + (old[p - W] ? 1 : 0) + (old[p + W] ? 1 : 0);
        // (or between two old pixels across it: a dark line of the old edge through the old region)
        const across = (old[p - 1] && old[p + 1]) || (old[p - W] && old[p + W]);
        if (around < 3 && !across) continue;
        const lum = ((d[p * 4] ?? 0) + (d[p * 4 + 1] ?? 0) + (d[p * 4 + 2] ?? 0)) / 3;
        if (lum < dark || (across && lum < level * ACROSS_DARK)) old[p] = 255;
      }
    }
  }
  // its blended edge just off the mask (a bust past the arm): a pixel beside the old region, darker than the backdrop
  if (!bg) return;
  const edge: number[] = [];
  for (let y = Math.max(1, y0); y <= Math.min(H - 2, y1); y++) {
    for (let x = Math.max(1, x0); x <= Math.min(W - 2, x1); x++) {
      const p = y * W + x;
      if (old[p] || (mask[p] ?? 0) >= 128 || (maps.hair[p] ?? 0) >= 128 || head[p] || maps.handArea[p]) continue;
      if (!old[p - 1] && !old[p + 1] && !old[p - W] && !old[p + W]) continue;
      bg.at(x, y, v);
      const s = (d[p * 4] ?? 0) + (d[p * 4 + 1] ?? 0) + (d[p * 4 + 2] ?? 0);
      if (s < ((v[0] ?? 0) + (v[1] ?? 0) + (v[2] ?? 0)) * (1 - SHOULDER_RIM_BG)) edge.push(p);
    }
  }
  for (const p of edge) old[p] = 255;
}

/** How many 1-px steps `oldYokeRim` grows the old region by at the shoulders and armholes. */
export const YOKE_RIM_STEPS = 3;
/** A pixel there with its warmth (red over blue) under this share of the skin's is the old garment's grey rim. */
export const YOKE_RIM_GREY = 0.7;
/** ...unless its level is within this share of the backdrop's, of the backdrop's chroma (the backdrop itself). */
export const YOKE_RIM_BG = 0.04;

/**
 * The old garment's pale rim round its old region at the shoulders and armholes (issue 38, round 24, part G3):
 * ai-body's white dress has a sheer grey-white yoke whose rims lie on the shoulders' tops (~228 grey, in the
 * mask's blended edge, too near the backdrop's level for `oldShoulderRim`) and along the inner arms at the armholes
 * (~190,167,164: the skin map took them). Left as the photo, the fill's seam matched them: a grey-white ghost of the
 * old dress between a tank's armholes and the arms, grey edges on the shoulders. In the window of `oldShoulderRim`,
 * the old region grows by YOKE_RIM_STEPS px into pixels on the person (not hair, the head or a hand) greyer than
 * YOKE_RIM_GREY of the skin's warmth and not dark (a shadow, DARK_ISLAND of the skin's level): inside the mask
 * (SHOULDER_RIM_MASK) where they are not the backdrop (YOKE_RIM_BG), in its blended rim only down to the shoulders'
 * joints (lower down, beside an arm, the rim is the arm's edge against the backdrop: filled, a hard straight edge).
 * The seam then meets the skin beyond them, or the backdrop across the outline (no seam there, `fillRegion`).
 */
export function oldYokeRim(
  old: Uint8Array,
  body: Body,
  maps: Maps,
  head: Uint8Array,
  person: RgbaImage,
  model: SkinModel,
  bg: BackgroundModel | null,
): void {
  const { width: W, mask } = body;
  const d = person.data;
  const v = [0, 0, 0];
  const win = shouldersWindow(body, 1);
  if (!win) return;
  const { x0, x1, y0, y1 } = win;
  const warm = (model.cr - (1 - model.cr - model.cg)) * YOKE_RIM_GREY;
  const level = skinLevel(old, body, maps, head, person, x0, x1, y0, y1);
  const dark = level < 0 ? 0 : level * DARK_ISLAND;
  const below = Math.max(body.shoulderL.y, body.shoulderR.y);
  const takes = (p: number): boolean => {
    const x = p % W;
    const y = (p / W) | 0;
    if (x < x0 || x > x1 || y < y0 || y > y1) return false;
    if (old[p] || (mask[p] ?? 0) < 128 || (maps.hair[p] ?? 0) >= 32 || head[p] || maps.handArea[p]) return false;
    // (the outline's blended rim only over the shoulders' tops: lower down, beside an arm, it is the backdrop's)
    if ((mask[p] ?? 0) < SHOULDER_RIM_MASK && y > below) return false;
    const r = d[p * 4] ?? 0;
    const g = d[p * 4 + 1] ?? 0;
    const b = d[p * 4 + 2] ?? 0;
    if ((r - b) / (r + g + b + 1) >= warm || (r + g + b) / 3 < dark) return false;
    // (the outline's blended rim over the shoulders is the body's edge whatever its level: filled to the outline)
    if (!bg || (mask[p] ?? 0) < SHOULDER_RIM_MASK) return true;
    bg.at(x, y, v);
    const s = r + g + b + 1;
    const bs = (v[0] ?? 0) + (v[1] ?? 0) + (v[2] ?? 0) + 1;
    const chroma = Math.hypot(r / s - (v[0] ?? 0) / bs, g / s - (v[1] ?? 0) / bs);
    return chroma > BG_CHROMA || Math.abs(s / bs - 1) > YOKE_RIM_BG;
  };
  // the first step from the whole window's old edge, the next ones from the pixels the last one took
  let add: number[] = [];
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const p = y * W + x;
      if ((old[p - 1] || old[p + 1] || old[p - W] || old[p + W]) && takes(p)) add.push(p);
    }
  }
  for (let step = 0; step < YOKE_RIM_STEPS && add.length; step++) {
    for (const p of add) old[p] = 255;
    if (step === YOKE_RIM_STEPS - 1) break;
    const next: number[] = [];
    for (const p of add)
      for (const q of [p - 1, p + 1, p - W, p + W])
        if (takes(q)) {
          old[q] = 1;
          next.push(q);
        }
    add = next;
  }
}

/** How deep (x the span) in from the person's outline a run of old pixels beside bare skin may be that skin's rim. */
export const SKIN_RIM_DEEP = 0.05;
/** From this far (x the span) above a shoulder's joint down (not the neck's outline above it). */
export const SKIN_RIM_ABOVE = 0.05;
/** How many pixels of skin, not old, follow that run inward along its row (the bare arm or shoulder itself). */
export const SKIN_RIM_SKIN = 3;
/** A rim pixel lies at most this far (RGB) off the line from that skin's colour to the backdrop's. */
export const SKIN_RIM_OFF = 32;
/** ...and along it within this much past either end (share of the way from the skin to the backdrop). */
export const SKIN_RIM_PAST = 0.3;
/** The skin and the backdrop at least this far apart (RGB) for a blend of the two to be told from either. */
export const SKIN_RIM_APART = 24;

/**
 * Old pixels that are a bare arm's or shoulder's own blended outline (issue 38, round 28, part J3): the outline's
 * rim, half skin and half a pale backdrop, is greyer than the skin, so `oldByColour`, `oldShoulderRim` and
 * `oldYokeRim` took it as an old sheer's rim (ai-body's white dress before her white wall) along the outer side of
 * the arm beside the old dress's armhole: filled as a thin band of the body's model cut across the photo's own
 * outline, the arm's outline below the shoulder was ragged with pale and mauve flecks. In the shoulders' window, from
 * SKIN_RIM_ABOVE spans above each shoulder's joint down, on each row from the person's outer outline (past the mask's
 * blended rim): where the first SKIN_RIM_SKIN pixels of bare skin (the skin map, not old) in a row begin within
 * SKIN_RIM_DEEP spans, the old pixels before them, each a blend of that skin and the backdrop there (within
 * SKIN_RIM_OFF of the line between the two, SKIN_RIM_PAST past its ends: the outline's own darker line), are the
 * skin's outline: left as the photo's. A sheer yoke's rim has the old garment inward of it, not bare skin.
 */
export function leaveSkinOutline(
  old: Uint8Array,
  body: Body,
  maps: Maps,
  head: Uint8Array,
  person: RgbaImage,
  bg: BackgroundModel | null,
): void {
  if (!bg) return;
  const { width: W, mask, span } = body;
  const d = person.data;
  const win = shouldersWindow(body, 1);
  if (!win) return;
  const { x0, x1, y0, y1 } = win;
  const deep = Math.max(2, Math.round(span * SKIN_RIM_DEEP));
  const axis = body.neck.x;
  const v = [0, 0, 0];
  const free = (p: number) => !old[p] && maps.skin[p] && (maps.hair[p] ?? 0) < 128 && !head[p] && !maps.handArea[p];
  for (let y = y0; y <= y1; y++) {
    for (const dir of [1, -1]) {
      // (from its shoulder's joint down: above it, beside the neck, the outline is the neck's and the slope's)
      const sh = body.shoulderL.x < axis === dir > 0 ? body.shoulderL : body.shoulderR;
      if (y < sh.y - span * SKIN_RIM_ABOVE) continue;
      // from the window's outer side inward to the person's outline
      let x = dir > 0 ? x0 : x1;
      const stop = Math.round(axis);
      while (x * dir < stop * dir && (mask[y * W + x] ?? 0) < 128) x += dir;
      if (x * dir >= stop * dir || x === (dir > 0 ? x0 : x1)) continue;
      // (past the mask's blended rim, the backdrop's side of the outline)
      let gap = 0;
      while (gap < 3 * deep && !old[y * W + x] && (mask[y * W + x] ?? 0) < SHOULDER_RIM_MASK && x * dir < stop * dir) {
        x += dir;
        gap++;
      }
      // the rim up to the first SKIN_RIM_SKIN pixels of bare skin in a row (old or blended pixels before it)
      const a = x;
      let run = 0;
      let n = -1;
      for (let i = 0; i < deep + SKIN_RIM_SKIN && (a + i * dir) * dir < stop * dir; i++) {
        run = free(y * W + a + i * dir) ? run + 1 : 0;
        if (run === SKIN_RIM_SKIN) {
          n = i + 1 - SKIN_RIM_SKIN;
          break;
        }
      }
      if (n <= 0) continue;
      // the bare skin inward of it, its mean colour
      let sr = 0;
      let sg = 0;
      let sb = 0;
      for (let k = 0; k < SKIN_RIM_SKIN; k++) {
        const q = y * W + a + (n + k) * dir;
        sr += d[q * 4] ?? 0;
        sg += d[q * 4 + 1] ?? 0;
        sb += d[q * 4 + 2] ?? 0;
      }
      sr /= SKIN_RIM_SKIN;
      sg /= SKIN_RIM_SKIN;
      sb /= SKIN_RIM_SKIN;
      let blend = true;
      for (let i = 0; i < n && blend; i++) {
        const xx = a + i * dir;
        const p = y * W + xx;
        if (!old[p]) continue;
        bg.at(xx, y, v);
        const ur = (v[0] ?? 0) - sr;
        const ug = (v[1] ?? 0) - sg;
        const ub = (v[2] ?? 0) - sb;
        const l2 = ur * ur + ug * ug + ub * ub;
        const pr = (d[p * 4] ?? 0) - sr;
        const pg = (d[p * 4 + 1] ?? 0) - sg;
        const pb = (d[p * 4 + 2] ?? 0) - sb;
        const t = (pr * ur + pg * ug + pb * ub) / l2;
        const off = Math.hypot(pr - t * ur, pg - t * ug, pb - t * ub);
        // (a skin as pale as the backdrop: no blend of the two can be told from either)
        blend = l2 >= SKIN_RIM_APART * SKIN_RIM_APART && off <= SKIN_RIM_OFF;
        blend &&= t >= -SKIN_RIM_PAST && t <= 1 + SKIN_RIM_PAST;
      }
      if (!blend) continue;
      for (let i = 0; i < n; i++) old[y * W + a + i * dir] = 0;
    }
  }
}

/** A run of old pixels on an arm at most this long (px), along a row or a column, between the arm's skin is the arm's. */
export const ARM_SLIT_MOST = 2;

/**
 * Old pixels that are a slit in an arm's skin (issue 38, round 22, part C8): a run of at most `ARM_SLIT_MOST` old
 * pixels along a row or a column, on an arm, with a skin pixel that is not old at both its ends, is the arm's own
 * shadowed edge the skin map missed (a dark line along cgi-model-24's arm), not the old garment. Filled, it took the
 * arm's own colour plus the backdrop's seam correction from beyond the arm (no seam across the arm's skin): black
 * dashes along the arm under tee-logo's sleeve. Left as the photo's.
 */
export function leaveArmSlits(old: Uint8Array, body: Body, maps: Maps): void {
  const { width: W, height: H } = body;
  const skin = maps.skin;
  const free = (p: number) => !old[p] && (skin[p] ?? 0) > 0;
  const release: number[] = [];
  for (const arm of [body.armL, body.armR]) {
    // (within the arm's box only)
    const r = Math.max(arm.widthRoot, arm.widthEnd);
    const xs = [arm.root.x, arm.mid.x, arm.end.x];
    const ys = [arm.root.y, arm.mid.y, arm.end.y];
    const x0 = Math.max(1, Math.floor(Math.min(...xs) - r));
    const x1 = Math.min(W - 2, Math.ceil(Math.max(...xs) + r));
    const y0 = Math.max(1, Math.floor(Math.min(...ys) - r));
    const y1 = Math.min(H - 2, Math.ceil(Math.max(...ys) + r));
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const p = y * W + x;
        if (!old[p]) continue;
        for (let s = 0; s < 2; s++) {
          const step = s === 0 ? 1 : W;
          if (!free(p - step)) continue;
          let n = 0;
          while (n < ARM_SLIT_MOST && old[p + n * step]) n++;
          if (step === 1 && x + n > x1 + 1) continue;
          if (!free(p + n * step)) continue;
          let onArm = true;
          for (let k = 0; k < n && onArm; k++) {
            const q = p + k * step;
            onArm = body.onArm(q % W, (q / W) | 0);
          }
          if (onArm) for (let k = 0; k < n; k++) release.push(p + k * step);
        }
      }
    }
  }
  for (const p of release) old[p] = 0;
}

/** How many pixels of an arm's outline, next to the old region, may be taken as the old garment's blended edge. */
export const ARM_EDGE_RUN = 2;
/** Those pixels are old when darker than this share of the arm's skin just inward of them (a black dress's edge). */
export const ARM_EDGE_DARK = 0.6;

/**
 * The old garment's blend into an arm's outline (issue 38, round 24, part G8): where an arm lies in front of a black
 * dress, its last pixel or two are a blend of the two (the skin map takes them); the old region stops at them, so
 * once the dress beside the arm is filled as skin they stayed as a dark line or dashes down the arm's edge
 * (cgi-model-24 under tee-logo's and tank-rib's sleeves). Along each row and column on an arm, the run of at most
 * `ARM_EDGE_RUN` pixels from an old pixel inward, each darker than `ARM_EDGE_DARK` of the arm's skin pixel just past
 * that run (a pixel on; a run with the old region at both ends: of the arm's skin level), is old too (the fill paints the arm's edge from the skin beside it). A lit edge stays the arm's.
 */
export function oldArmEdge(old: Uint8Array, body: Body, maps: Maps, head: Uint8Array, person: RgbaImage): void {
  const { width: W, height: H, mask } = body;
  const d = person.data;
  const lum = (p: number) => ((d[p * 4] ?? 0) + (d[p * 4 + 1] ?? 0) + (d[p * 4 + 2] ?? 0)) / 3;
  const free = (p: number) =>
    !old[p] && (mask[p] ?? 0) >= 128 && (maps.hair[p] ?? 0) < 128 && !head[p] && !maps.handArea[p];
  const take: number[] = [];
  const edge = ARM_EDGE_RUN + 2;
  const steps = [1, -1, W, -W];
  // the arm's skin: on it, warm (a lit arm's highlight the skin map missed is skin too)
  const armSkin = (p: number) =>
    free(p) &&
    (maps.skin[p] || ((d[p * 4] ?? 0) > (d[p * 4 + 1] ?? 0) && (d[p * 4 + 1] ?? 0) > (d[p * 4 + 2] ?? 0))) &&
    body.onArm(p % W, (p / W) | 0);
  for (const arm of [body.armL, body.armR]) {
    const r = Math.max(arm.widthRoot, arm.widthEnd);
    const xs = [arm.root.x, arm.mid.x, arm.end.x];
    const ys = [arm.root.y, arm.mid.y, arm.end.y];
    const x0 = Math.max(edge, Math.floor(Math.min(...xs) - r));
    const x1 = Math.min(W - 1 - edge, Math.ceil(Math.max(...xs) + r));
    const y0 = Math.max(edge, Math.floor(Math.min(...ys) - r));
    const y1 = Math.min(H - 1 - edge, Math.ceil(Math.max(...ys) + r));
    const level = skinLevel(old, body, maps, head, person, x0, x1, y0, y1);
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const p = y * W + x;
        if (!old[p]) continue;
        for (let s = 0; s < steps.length; s++) {
          const step = steps[s];
          if (step === undefined || !free(p + step)) continue;
          // against the arm's skin a pixel past the run; a run with the old region at both its ends (a sliver of
          // the arm's edge among the fill) against the arm's skin level
          const ref = p + edge * step;
          let shut = false;
          for (let k = 2; k <= ARM_EDGE_RUN + 1 && !shut; k++) shut = old[p + k * step] !== 0;
          const base = armSkin(ref) ? lum(ref) : shut ? level : -1;
          if (base <= 0) continue;
          for (let k = 1; k <= ARM_EDGE_RUN; k++) {
            const q = p + k * step;
            if (!free(q) || lum(q) >= base * ARM_EDGE_DARK || !body.onArm(q % W, (q / W) | 0)) break;
            take.push(q);
          }
        }
      }
    }
  }
  for (const p of take) old[p] = 255;
}

/**
 * The level of the skin seen in a window (the median luminance of its skin pixels outside the old region, not
 * hair or the head, every other pixel), or -1 with under 50 of them.
 */
function skinLevel(
  old: Uint8Array,
  body: Body,
  maps: Maps,
  head: Uint8Array,
  person: RgbaImage,
  x0: number,
  x1: number,
  y0: number,
  y1: number,
): number {
  const W = body.width;
  const d = person.data;
  const bins = new Uint32Array(256);
  let n = 0;
  for (let y = y0; y <= y1; y += 2) {
    for (let x = x0; x <= x1; x += 2) {
      const p = y * W + x;
      if (old[p] || !maps.skin[p] || (maps.hair[p] ?? 0) >= 128 || head[p]) continue;
      const b = Math.round(((d[p * 4] ?? 0) + (d[p * 4 + 1] ?? 0) + (d[p * 4 + 2] ?? 0)) / 3);
      bins[b] = (bins[b] ?? 0) + 1;
      n++;
    }
  }
  if (n < 50) return -1;
  let level = 0;
  for (let acc = 0; level < 255 && (acc += bins[level] ?? 0) * 2 < n;) level++;
  return level;
}

/** An island the old region encloses above a new neckline at most this wide (x the span, as a square's side). */
export const DARK_ISLAND_MAX = 0.12;
/** Such an island is the old garment when its mean luminance is under this share of the skin's around it. */
export const DARK_ISLAND = 0.6;

/**
 * Dark islands the old region encloses above a new neckline (issue 38, round 19, part Z5): the glossy black
 * dress's reflections of the skin pass the skin map and are kept as dark brown blotches in the skin filled round
 * them (cgi-model-24 under a camisole, a tank, a jumpsuit). Adds to `old` each component of the pixels on the
 * person that are not old, from the chin to CHEST_BY_COLOUR spans below the neck over the shoulders' width, that
 * the old region encloses (it touches neither the window's border nor off the mask), at most DARK_ISLAND_MAX spans
 * square in area, with no hair, head or hand in it, and darker on average than DARK_ISLAND of the median level of
 * the skin seen in that window: a bright
 * or large island (a blonde ponytail lying on the old dress, the skin between two straps) stays.
 */
export function oldDarkIslands(old: Uint8Array, body: Body, maps: Maps, head: Uint8Array, person: RgbaImage): void {
  const { width: W, height: H, mask, span, neck } = body;
  const d = person.data;
  const y0 = Math.max(0, Math.floor(body.head.chinY));
  const y1 = Math.min(H - 1, Math.ceil(neck.y + span * CHEST_BY_COLOUR));
  const reach = span * 0.1;
  const x0 = Math.max(0, Math.floor(Math.min(body.shoulderL.x, body.shoulderR.x) - reach));
  const x1 = Math.min(W - 1, Math.ceil(Math.max(body.shoulderL.x, body.shoulderR.x) + reach));
  if (x1 < x0 || y1 < y0) return;
  const most = (span * DARK_ISLAND_MAX) ** 2;
  const level = skinLevel(old, body, maps, head, person, x0, x1, y0, y1);
  if (level < 0) return;
  const dark = level * DARK_ISLAND;
  const seen = new Uint8Array(W * H);
  const stack: number[] = [];
  const comp: number[] = [];
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const s0 = y * W + x;
      if (seen[s0] || old[s0] || (mask[s0] ?? 0) < 128) continue;
      seen[s0] = 1;
      stack.length = 0;
      comp.length = 0;
      stack.push(s0);
      let open = false;
      let lum = 0;
      while (stack.length) {
        const p = stack.pop() ?? 0;
        comp.push(p);
        if ((maps.hair[p] ?? 0) >= 128 || head[p] || maps.handArea[p]) open = true;
        lum += ((d[p * 4] ?? 0) + (d[p * 4 + 1] ?? 0) + (d[p * 4 + 2] ?? 0)) / 3;
        const px = p % W;
        const py = (p - px) / W;
        if (px <= x0 || px >= x1 || py <= y0 || py >= y1) {
          open = true;
          continue;
        }
        for (let k = 0; k < 4; k++) {
          const q = k === 0 ? p - 1 : k === 1 ? p + 1 : k === 2 ? p - W : p + W;
          if (seen[q] || old[q]) continue;
          if ((mask[q] ?? 0) < 128) {
            open = true;
            continue;
          }
          seen[q] = 1;
          stack.push(q);
        }
      }
      if (open || comp.length > most || lum / comp.length >= dark) continue;
      for (const p of comp) old[p] = 255;
    }
  }
}

/** How far beside the neck, in shoulder spans, an old collar is followed up from the old garment. */
export const COLLAR_REACH = 0.45;
/** An old collar is not followed within this many spans of the hair map. */
const COLLAR_HAIR_GAP = 0.04;
/** From this share of the way from the neck's column to the shoulder's joint out, the shoulder's top bounds it. */
const COLLAR_SLOPE_FROM = 0.5;
/** How wide (x the span) the old collar's skin fades into the backdrop past the shoulder's top. */
const COLLAR_FEATHER = 0.035;

/**
 * An old collar above a new neckline (issue 38, round 7, part L5): a crew neck's ring and the band of the old top
 * below it sit between the chin and the neck's keypoint, above where the old region of a one-piece starts and
 * beside the shoulders' slope that a top's keeps; they were left as they were (a dark ring and purple at the neck
 * of a sundress or a jumpsuit), and the fill below them took their colour. From the old region, grows it up to the
 * chin through the person's pixels whose chroma is not the face's skin (`isSkin` without its luminance range), not
 * hair, not the head and not the backdrop's colour, over COLLAR_REACH spans each side of the neck: only what
 * touches the old garment, so the neck's own skin, the hair and the backdrop beside it stay. Returns the pixels it
 * added (null: none): the person's own, filled as skin (the shoulders' slope beside the neck lies below them).
 */
export function oldCollar(
  old: Uint8Array,
  body: Body,
  maps: Maps,
  head: Uint8Array,
  person: RgbaImage,
  model: SkinModel,
  bg: BackgroundModel | null,
): Uint8Array | null {
  const { width: W, mask, span, neck } = body;
  const d = person.data;
  const y0 = Math.max(0, Math.ceil(body.head.chinY));
  const y1 = Math.max(y0, Math.min(body.height - 1, Math.round(neck.y + span * 0.05)));
  const x0 = Math.max(0, Math.floor(neck.x - span * COLLAR_REACH));
  const x1 = Math.min(W - 1, Math.ceil(neck.x + span * COLLAR_REACH));
  const tone = { ...model, lumMin: 0, lumMax: 255 };
  const v = [0, 0, 0];
  // hair's tips past the hair map (a blonde curl on the shoulder) are not skin-coloured either: kept
  const r = Math.max(2, Math.round(span * COLLAR_HAIR_GAP));
  const hairAt = (q: number) => q >= 0 && q < old.length && (maps.hair[q] ?? 0) >= 128;
  const open = (p: number) => {
    if (old[p] || (mask[p] ?? 0) < 128 || head[p] || maps.handArea[p]) return false;
    if (hairAt(p) || hairAt(p - r) || hairAt(p + r) || hairAt(p - r * W) || hairAt(p + r * W)) return false;
    if (isSkin(tone, d[p * 4] ?? 0, d[p * 4 + 1] ?? 0, d[p * 4 + 2] ?? 0)) return false;
    return !(bg && looksLikeBackground(person, bg, p, v));
  };
  const stack: number[] = [];
  let grown: Uint8Array | null = null;
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) if (old[y * W + x]) stack.push(y * W + x);
  while (stack.length) {
    const p = stack.pop()!;
    const x = p % W;
    const y = (p - x) / W;
    for (let nb = 0; nb < 4; nb++) {
      const q = boxNeighbour(nb, p, x, y, x0, x1, y0, y1, W);
      if (q < 0 || !open(q)) continue;
      old[q] = 255;
      grown ??= new Uint8Array(old.length);
      grown[q] = 255;
      stack.push(q);
    }
  }
  // the old region's own pixels above the neck's keypoint are the person's skin too (half the backdrop at the
  // neck's column's edge drew grey lines down the neck), but (issue 38, round 13, part T8) not an old sleeve's top
  // standing over a lowered shoulder (taken to the row's end, a flat skin flap over it): from half-way to the
  // shoulder's joint out, a pixel not skin-coloured is skin only under the shoulder's top (from the neck's base to
  // half the upper arm's width over the joint, round about the joint past it, down to its row + that), feathered
  if (grown) {
    const neckHalf = span * NECK_HALF_WIDTH;
    const baseY = neck.y - (neck.y - body.head.chinY) * NECK_BASE_RISE;
    const ramp = Math.max(1.5, span * COLLAR_FEATHER);
    const limbTone = { ...widenedSkin(model), lumMin: 0, lumMax: 255 };
    const sides = [
      [body.shoulderL, body.armL.widthRoot / 2],
      [body.shoulderR, body.armR.widthRoot / 2],
    ] as const;
    const [sideL, sideR] = body.shoulderL.x < neck.x ? sides : [sides[1], sides[0]];
    // past the shoulder's round nothing is skin: the rows and columns to look at
    const xa = Math.max(0, Math.floor(sideL[0].x - sideL[1] - ramp));
    const xb = Math.min(W - 1, Math.ceil(sideR[0].x + sideR[1] + ramp));
    const yEnd = Math.min(body.height, Math.ceil(Math.max(neck.y, ...sides.map(([sh, r]) => sh.y + r + ramp))));
    for (let y = y0; y < yEnd; y++)
      for (let x = xa; x <= xb; x++) {
        const p = y * W + x;
        if (!old[p] || (mask[p] ?? 0) < 128) continue;
        const [sh, r] = x < neck.x ? sideL : sideR;
        const dx = Math.abs(x - neck.x);
        const run = Math.abs(sh.x - neck.x) - neckHalf;
        const t = run > 0 ? (dx - neckHalf) / run : 1;
        // below the neck's line, only the shoulder's round past its joint (the torso is the fill's own)
        if (y >= neck.y && t <= 1) continue;
        if (
          t <= COLLAR_SLOPE_FROM ||
          (y < neck.y && isSkin(limbTone, d[p * 4] ?? 0, d[p * 4 + 1] ?? 0, d[p * 4 + 2] ?? 0))
        ) {
          grown[p] = 255;
          continue;
        }
        // feathered into the backdrop: no hard step where the old sleeve's top stood
        const ex = x - sh.x;
        const ey = y - sh.y;
        const round = r - Math.sqrt(ex * ex + ey * ey);
        const depth = t <= 1 && y < neck.y ? Math.max(round, y - (baseY + (sh.y - r - baseY) * t)) : round;
        grown[p] = Math.round(Math.max(0, Math.min(1, 0.5 + depth / ramp)) * 255);
      }
  }
  return grown;
}

/** The widest strip (in shoulder spans) of old cloth between a top's side and the body's outline that it wraps. */
export const WRAP_SIDE = 0.12;
/** A top's sides are wrapped from this many torso heights below the neck's point (under the shoulders) down. */
const WRAP_FROM = 0.1;
/** The most of a wrapped strip that may be skin-coloured (the skin map's specks on dark cloth). */
const WRAP_SKIN = 0.34;
/** The mask's soft edge (of 255) down to which a blurred edge of old cloth past the outline is taken too. */
const WRAP_FRINGE_MASK = 20;
/** A side is wrapped only along runs of rows at least this long (in shoulder spans). */
const WRAP_RUN = 0.15;
/** A wrapped strip widens by at most a pixel a row over this many rows either side (a smooth side). */
const WRAP_SMOOTH = 3;
/** A wrapped strip widens by at most this many pixels a row from its run's ends. */
const WRAP_RAMP = 3;
/** The drawn edge's pixels inside the outline that are blended (not the garment's own colour): mirrored past. */
const WRAP_EDGE = 2;
/** The widest soft edge past the outline taken with a strip (in shoulder spans). */
const WRAP_FRINGE_SPAN = 0.05;
/** The most of a wrapped strip that may look like the backdrop (an old cloth's sheen, not a pocket of backdrop). */
const WRAP_BACKDROP = 0.5;
/** The coverage of the wrapped strip's last pixel, over the outline's blended edge. */
const WRAP_FRINGE = 160;
/**
 * The backdrop beside a row's outline, read on the row itself: up to `take` pixels just past the mask's outline
 * (mask below `below`, its first `skip` left: the blended edge), sought at most `reach` spans past the drawn edge;
 * a pixel within `chroma` (r, g over r + g + b) and `lum` (luminance ratio) of their median is the backdrop, and
 * the strip ends before it (issue 38, round 13, part T3). A soft mask
 * runs 10-20 px onto a backdrop the whole photo's model does not match (cgi-model-2's glittering pink curtain): the
 * strip taken to the mask's edge drew the top out past the bust in a square step. Not where the old cloth inside
 * the mask's solid part matches that backdrop too.
 */
export const WRAP_LOCAL_BACKDROP = {
  below: 128,
  skip: 2,
  take: 7,
  reach: 0.3,
  chroma: 0.03,
  lum: [0.75, 1.33],
} as const;

/** Each row's outermost opaque pixels of a layer (`rowExtents`): [left, right] per row, -1 where none. */
export type RowExtents = [Int32Array, Int32Array];

/** A layer's outermost opaque (>= 128) pixel on each row, both sides (the body piece's own, before its sleeves). */
export function rowExtents(layer: Layer): RowExtents {
  const { width: W, height: H, data: d } = layer;
  const l = new Int32Array(H).fill(-1);
  const r = new Int32Array(H).fill(-1);
  for (let y = Math.max(0, layer.y0); y <= Math.min(H - 1, layer.y1); y++) {
    let a = Math.max(0, layer.x0);
    const x1 = Math.min(W - 1, layer.x1);
    while (a <= x1 && (d[(y * W + a) * 4 + 3] ?? 0) < 128) a++;
    if (a > x1) continue;
    let b = x1;
    while ((d[(y * W + b) * 4 + 3] ?? 0) < 128) b--;
    l[y] = a;
    r[y] = b;
  }
  return [l, r];
}

/**
 * A row's drawn edge this many pixels or more past the body piece's own (`rowExtents` before the sleeves) is a
 * sleeve's outline: not wrapped. Beside a sleeve the old cloth past it is an old sleeve's flare (a short sleeve
 * standing off the upper arm, cgi-model-4's tee), not the body's side; mirrored out from the sleeve's edge it stood
 * off the new sleeve as a ragged stepped flap (the fill repaints it with the backdrop instead). Only past the torso's
 * own edge (`torsoEdges`): inside it the cloth beside a sleeve is the body's (cgi-model-24's old dress at her bust
 * beside the upper arm, S1's strip), wrapped as before.
 */
export const WRAP_SLEEVE_PAST = 2;

/**
 * A top wraps the body down to its hem: below the chest, where a narrow strip of old cloth (an old bottom's sides
 * at the hips, worn under the new top) is left between the drawn top's side and the body's outline against the
 * backdrop, the strip is the new top's (its own pixels mirrored across its edge), not the old clothes showing
 * beside it. Only cloth (not skin, a hand, the hair or an arm) all the way to the outline, at most WRAP_SIDE spans.
 * The hem's rounded corners (from the side's widest row down) keep their shape: moved out by the strip of the row
 * above them, as far as the cloth beside them goes.
 */
export function wrapSides(
  layer: Layer,
  body: Body,
  maps: Maps,
  head: Uint8Array,
  person: RgbaImage,
  bg: BackgroundModel | null,
  bodyRows: RowExtents | null = null,
): void {
  if (layer.x1 < layer.x0) return;
  const W = layer.width;
  const mask = body.mask;
  const maxGap = Math.max(1, Math.round(body.span * WRAP_SIDE));
  const maxFringe = Math.max(1, Math.round(body.span * WRAP_FRINGE_SPAN));
  const y0 = Math.max(layer.y0, Math.round(body.neck.y + body.torsoH * WRAP_FROM));
  const y1 = layer.y1;
  if (y1 < y0) return;
  const d = layer.data;
  const v = [0, 0, 0];
  // 0: not the old clothes (a hand, the hair, an arm, off the mask), 1: cloth, 2: skin-coloured (a speck of the
  // skin map on dark cloth, or a bare hip)
  const kind = (x: number, y: number) => {
    const p = y * W + x;
    if ((mask[p] ?? 0) < 128 || maps.hands[p] || maps.handArea[p] || head[p] || body.onArm(x, y)) return 0;
    return maps.skin[p] ? 2 : 1;
  };
  const cloth = (x: number, y: number) => kind(x, y) === 1;
  // the mask's soft edge past the outline that is not the backdrop's colour: the old cloth's own blurred edge
  const fringe = (x: number, y: number) => {
    const p = y * W + x;
    if ((mask[p] ?? 0) < WRAP_FRINGE_MASK || maps.skin[p] || maps.hands[p] || maps.handArea[p] || head[p]) return false;
    return !body.onArm(x, y) && !(bg && looksLikeBackground(person, bg, p, v));
  };
  // the backdrop's colour on this row past the mask's soft edge (WRAP_LOCAL_BACKDROP), [r, g, b] or null
  const LB = WRAP_LOCAL_BACKDROP;
  const localReach = Math.round(body.span * LB.reach);
  const rowBack = (e: number, y: number, dir: number): [number, number, number] | null => {
    const ch: [number[], number[], number[]] = [[], [], []];
    let skip = LB.skip;
    for (let k = 1; k <= localReach && ch[0].length < LB.take; k++) {
      const x = e + dir * k;
      if (x < 0 || x >= W) break;
      const p = y * W + x;
      if ((mask[p] ?? 0) >= LB.below || skip-- > 0) continue;
      for (const c of [0, 1, 2] as const) ch[c].push(person.data[p * 4 + c] ?? 0);
    }
    if (ch[0].length < 3) return null;
    const med = (a: number[]) => (a.sort((u, w) => u - w), a[a.length >> 1] ?? 0);
    return [med(ch[0]), med(ch[1]), med(ch[2])];
  };
  const isBack = (ref: [number, number, number] | null, x: number, y: number) => {
    if (!ref) return false;
    const o = (y * W + x) * 4;
    const r = person.data[o] ?? 0;
    const g = person.data[o + 1] ?? 0;
    const b = person.data[o + 2] ?? 0;
    const sp = r + g + b + 1;
    const sb = ref[0] + ref[1] + ref[2] + 1;
    if (Math.hypot(r / sp - ref[0] / sb, g / sp - ref[1] / sb) > LB.chroma) return false;
    return sp / sb >= LB.lum[0] && sp / sb <= LB.lum[1];
  };
  const n = y1 - y0 + 1;
  // per row and side: the drawn edge, and the strip of cloth beside it up to the outline (-1: none to take)
  const edge: [Int32Array, Int32Array] = [new Int32Array(n).fill(-1), new Int32Array(n).fill(-1)];
  const gap: [Int32Array, Int32Array] = [new Int32Array(n).fill(-1), new Int32Array(n).fill(-1)];
  for (let i = 0; i < n; i++) {
    const y = y0 + i;
    let l = layer.x0;
    while (l <= layer.x1 && (d[(y * W + l) * 4 + 3] ?? 0) < 128) l++;
    if (l > layer.x1) continue;
    let r = layer.x1;
    while ((d[(y * W + r) * 4 + 3] ?? 0) < 128) r--;
    for (const s of [0, 1] as const) {
      const e = s ? r : l;
      const dir = s ? 1 : -1;
      edge[s][i] = e;
      // (a sleeve's outline: its old cloth beside it is an old sleeve, `WRAP_SLEEVE_PAST`)
      const own = bodyRows ? (bodyRows[s][y] ?? -1) : e;
      const torso = body.torsoEdges(y)[s];
      if (own < 0 || ((e - own) * dir >= WRAP_SLEEVE_PAST && (e - torso) * dir >= 0)) {
        edge[s][i] = -1;
        continue;
      }
      let k = 0;
      let skin = 0;
      // (and at most WRAP_BACKDROP of it the backdrop's colour: a pocket of backdrop the mask takes in by a waist)
      let back = 0;
      let ref = rowBack(e, y, dir);
      // (no test where the old cloth under the drawn edge, from where the mask is solid inwards, is the backdrop's
      // colour too: it cannot tell them apart)
      let inner = e;
      while (
        inner - dir >= 0 &&
        inner - dir < W &&
        Math.abs(inner - e) < localReach &&
        (mask[y * W + inner] ?? 0) < 250
      )
        inner -= dir;
      let alike = 0;
      for (let j = 0; j < 5; j++) if (isBack(ref, Math.max(0, Math.min(W - 1, inner - dir * j)), y)) alike++;
      if (alike >= 3) ref = null;
      // (where the row's backdrop's colour starts inside the mask: the strip ends there, -1 none)
      let stop = -1;
      while (k <= maxGap) {
        const x = e + dir * (k + 1);
        if (x < 0 || x >= W || (mask[y * W + x] ?? 0) < 128) break;
        if (stop < 0 && isBack(ref, x, y)) stop = k;
        const t = kind(x, y);
        if (!t) {
          k = -1;
          break;
        }
        if (t === 2) skin++;
        else if (bg && looksLikeBackground(person, bg, y * W + x, v)) back++;
        k++;
      }
      // (and only from the outline: a drawn edge already past it, off the mask's solid part, has no old cloth's
      // blurred edge beside it; a coat's side hanging straight past the legs below an old tutu took the mask's soft
      // haze on the glittering curtain as teeth, cgi-model-2)
      if (k === 0 && (mask[y * W + e] ?? 0) < 128) k = -1;
      if (k >= 0) {
        // (a soft edge: the mask falling outwards, at most WRAP_FRINGE_SPAN wide; not a pocket of it rising again)
        let f = 0;
        let last = 128;
        while (k + f < maxGap && f < maxFringe) {
          const x = e + dir * (k + f + 1);
          const m = x < 0 || x >= W ? 255 : (mask[y * W + x] ?? 0);
          if (m >= last || !fringe(x, y)) break;
          last = m;
          f++;
        }
        k += f;
      }
      // the strip is cloth with at most WRAP_SKIN of it skin-coloured
      gap[s][i] = k > maxGap || skin > k * WRAP_SKIN || back > k * WRAP_BACKDROP ? -1 : k;
      // a strip taken (as read to the mask's outline) ends where the row's backdrop starts inside the mask, without
      // the soft edge past it; the soft edge past the outline is still the old cloth's blurred edge (a low-saturation
      // old tee's near the backdrop's colour: cgi-model-27)
      if ((gap[s][i] ?? -1) >= 0 && stop >= 0) gap[s][i] = stop;
    }
  }
  // a side wrapped in runs of rows, each at least WRAP_RUN spans long (no lone rows drawn out as streaks), each
  // row's strip no wider than its neighbours' within WRAP_SMOOTH rows (a smooth side, no steps)
  const run = Math.max(2, Math.round(body.span * WRAP_RUN));
  for (const s of [0, 1] as const) {
    const g0 = gap[s];
    const dir = s ? 1 : -1;
    // a few rows between wrapped ones (a speck of the skin map) are wrapped as their neighbours, over no hand or arm
    for (let i = 1; i < n - 1; i++) {
      if ((g0[i] ?? -1) >= 0 || (g0[i - 1] ?? -1) < 0) continue;
      let j = i;
      while (j < n && j - i < WRAP_SMOOTH && (g0[j] ?? -1) < 0) j++;
      if (j >= n || (g0[j] ?? -1) < 0) continue;
      const m = Math.min(g0[i - 1] ?? -1, g0[j] ?? -1);
      for (let t = i; t < j; t++) {
        let k = 0;
        while (k < m && (edge[s][t] ?? -1) >= 0 && kind((edge[s][t] ?? -1) + dir * (k + 1), y0 + t)) k++;
        g0[t] = k === m && (edge[s][t] ?? -1) >= 0 ? m : -1;
      }
      i = j;
    }
    const g = new Int32Array(n).fill(-1);
    for (let i = 0; i < n;) {
      let j = i;
      while (j < n && (g0[j] ?? -1) >= 0) j++;
      if (j - i >= run)
        for (let k = i; k < j; k++) {
          // (ramped in from nothing at the run's ends)
          let m = Math.min(g0[k] ?? -1, WRAP_RAMP * (k - i + 1), WRAP_RAMP * (j - k));
          for (let t = Math.max(i, k - WRAP_SMOOTH); t <= Math.min(j - 1, k + WRAP_SMOOTH); t++)
            m = Math.min(m, (g0[t] ?? -1) + Math.abs(t - k));
          g[k] = m;
        }
      i = j + 1;
    }
    gap[s] = g;
  }
  for (const s of [0, 1] as const) {
    const e = edge[s];
    const g = gap[s];
    const dir = s ? 1 : -1;
    // the hem's corner: up from the last row while the side goes on out (or stays)
    let c = n - 1;
    while (c > 0 && (e[c - 1] ?? -1) >= 0 && ((e[c - 1] ?? -1) - (e[c] ?? -1)) * dir >= 0) c--;
    const corner = c > 0 ? Math.max(0, g[c - 1] ?? -1) : 0;
    for (let i = 0; i < n; i++) {
      if ((e[i] ?? -1) < 0) continue;
      // to the outline and over its blended pixel (the old cloth's dark fringe against the backdrop)
      const want = i < c ? (g[i] ?? -1) + 1 : reach(e[i] ?? -1, y0 + i, dir, corner);
      if (want <= 1) continue;
      const y = y0 + i;
      // the drawn edge's own blended pixels (the old cloth showed through them) are the strip's too
      for (let k = 0; k <= want; k++) {
        const x = (e[i] ?? -1) + dir * k;
        const src = Math.max(layer.x0, Math.min(layer.x1, (e[i] ?? -1) - dir * (k + WRAP_EDGE)));
        const o = (y * W + x) * 4;
        const q = (y * W + src) * 4;
        d[o] = d[q] ?? 0;
        d[o + 1] = d[q + 1] ?? 0;
        d[o + 2] = d[q + 2] ?? 0;
        d[o + 3] = k === want && i < c ? WRAP_FRINGE : 255;
      }
      layer.x0 = Math.min(layer.x0, (e[i] ?? -1) - want);
      layer.x1 = Math.max(layer.x1, (e[i] ?? -1) + want);
    }
  }
  // how far the cloth beside an edge goes out (at most `most`)
  function reach(e: number, y: number, dir: number, most: number): number {
    let k = 0;
    while (k < most) {
      const x = e + dir * (k + 1);
      if (x < 0 || x >= W || !cloth(x, y)) break;
      k++;
    }
    return k;
  }
}

/** An old pixel this close (RGB distance) to the unclaimed person beside it is that, not the old garment... */
export const LOOSE_HAIR_LIKE = 28;
/** ...when it is at least this far (RGB distance) from the old garment's own median colour. */
export const LOOSE_HAIR_APART = 60;
/** The unclaimed person's piece beside it is at least this share of span² (a lock of hair, not a missed speck). */
export const LOOSE_HAIR_AREA = 0.02;
/** `leaveLooseHair` reads the old garment's colour on every this many rows and columns. */
export const LOOSE_HAIR_SAMPLE = 3;
/** How many 1-px steps the release runs into the old region from the unclaimed person beside it. */
export const LOOSE_HAIR_STEPS = 8;

/**
 * Loose hair over the shoulders that the hair map missed (issue 38, round 25, part H8): cgi-model-24's ponytail
 * falls over the back of her shoulder; the hair map holds only the top of her head, so its strands inside the arm's
 * zone were old garment (`oldRegion`, then `oldYokeRim`'s grey rim grew them) and were filled: blue-grey and orange
 * specks in the hair behind tank-rib's shoulder. In the shoulders' window of `oldYokeRim`, an old pixel that is not
 * skin, whose colour is within LOOSE_HAIR_LIKE of a neighbour on the person that no map claims (not old, not skin,
 * not hair, not the head: the rest of the ponytail), and at least LOOSE_HAIR_APART from the old garment's median
 * colour, is left as the photo's; the release runs on LOOSE_HAIR_STEPS px through pixels like the ones it left.
 */
export function leaveLooseHair(
  old: Uint8Array,
  body: Body,
  maps: Maps,
  head: Uint8Array,
  person: RgbaImage,
  model: SkinModel,
  bg: BackgroundModel | null,
): void {
  const { width: W, height: H, mask, span } = body;
  const d = person.data;
  const v = [0, 0, 0];
  // (nor the backdrop the mask takes in: left as the photo there, the fill's seam beside it was a ragged edge)
  const backdrop = (p: number) => bg !== null && looksLikeBackground(person, bg, p, v);
  // (hair is greyer than the skin: YOKE_RIM_GREY of its warmth; a shadowed skin edge the skin map missed is not)
  const warm = (model.cr - (1 - model.cr - model.cg)) * YOKE_RIM_GREY;
  const grey = (p: number) => {
    const r = d[p * 4] ?? 0;
    return (r - (d[p * 4 + 2] ?? 0)) / (r + (d[p * 4 + 1] ?? 0) + (d[p * 4 + 2] ?? 0) + 1) < warm;
  };
  const win = shouldersWindow(body, 1);
  if (!win) return;
  const { x0, x1, y0, y1 } = win;
  const ww = x1 - x0 + 1;
  const wh = y1 - y0 + 1;
  // the old garment's median colour: its pixels that are not skin, over the whole image (every LOOSE_HAIR_SAMPLE-th
  // row and column)
  const hist = new Uint32Array(768);
  let n = 0;
  for (let y = 0; y < H; y += LOOSE_HAIR_SAMPLE) {
    for (let p = y * W, e = y * W + W; p < e; p += LOOSE_HAIR_SAMPLE) {
      if (!old[p] || maps.skin[p]) continue;
      n++;
      for (let c = 0; c < 3; c++) {
        const i = c * 256 + (d[p * 4 + c] ?? 0);
        hist[i] = (hist[i] ?? 0) + 1;
      }
    }
  }
  if (n < 12) return;
  const med = [0, 1, 2].map((c) => {
    let acc = 0;
    for (let v = 0; v < 256; v++) if ((acc += hist[c * 256 + v] ?? 0) * 2 >= n) return v;
    return 255;
  });
  const dist = (p: number, q: number): number => {
    let s = 0;
    for (let k = 0; k < 3; k++) s += ((d[p * 4 + k] ?? 0) - (q >= 0 ? (d[q * 4 + k] ?? 0) : (med[k] ?? 0))) ** 2;
    return Math.sqrt(s);
  };
  const inside = (p: number) => {
    const x = p % W;
    const y = (p / W) | 0;
    return x >= x0 && x <= x1 && y >= y0 && y <= y1;
  };
  const candidate = (p: number) =>
    inside(p) &&
    old[p] !== 0 &&
    (mask[p] ?? 0) >= SHOULDER_RIM_MASK &&
    !maps.skin[p] &&
    !head[p] &&
    grey(p) &&
    dist(p, -1) >= LOOSE_HAIR_APART &&
    !backdrop(p);
  // the unclaimed person in the window (not old, skin, hair, the head or a hand), in pieces of at least
  // LOOSE_HAIR_AREA: a few pixels the skin map missed on a shoulder are skin, not a lock of hair
  const bin = new Uint8Array(ww * wh);
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const q = y * W + x;
      if ((mask[q] ?? 0) < SHOULDER_RIM_MASK || old[q] || maps.skin[q] || (maps.hair[q] ?? 0) >= 128) continue;
      if (head[q] || maps.handArea[q] || !grey(q) || backdrop(q)) continue;
      bin[(y - y0) * ww + x - x0] = 1;
    }
  }
  const big = new Uint8Array(ww * wh);
  const least = span * span * LOOSE_HAIR_AREA;
  for (const comp of componentPixels(bin, ww, wh)) if (comp.length >= least) for (const i of comp) big[i] = 1;
  const isBig = (q: number) => inside(q) && big[(((q / W) | 0) - y0) * ww + (q % W) - x0] === 1;
  let add: number[] = [];
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const p = y * W + x;
      if (!candidate(p)) continue;
      for (let nb = 0; nb < 4; nb++) {
        const q = neighbour(nb, p, W);
        if (isBig(q) && dist(p, q) <= LOOSE_HAIR_LIKE) {
          add.push(p);
          break;
        }
      }
    }
  }
  for (let step = 0; step < LOOSE_HAIR_STEPS && add.length; step++) {
    for (const p of add) old[p] = 0;
    const next: number[] = [];
    for (const p of add)
      for (let nb = 0; nb < 4; nb++) {
        const q = neighbour(nb, p, W);
        if (candidate(q) && dist(q, p) <= LOOSE_HAIR_LIKE) {
          old[q] = 0;
          next.push(q);
        }
      }
    add = next;
  }
}
