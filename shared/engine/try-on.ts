/**
 * The Fitly engine's try-on: analyse the person (at <= 1024 px), refuse what is not a whole body, find each
 * garment, then for each in layering order: place it (TPS body, limb pieces), let hair, neck, hands and forearms
 * stay in front, fill what the old garment of the same slot showed outside the new one (skin or background
 * diffused from around it), carry the photo's light onto the garment and composite with a soft edge, at the
 * photo's own resolution.
 */
import { bodyFrom, type Body } from './perception/body';
import { hairMap, lightField, skinMap, skinModel, type SkinModel } from './perception/appearance';
import {
  alphaOnGrid,
  checkRenderSafety,
  SAFETY_GATE,
  showsPerson,
  skinShare,
  type DrawnPiece,
  type SafetyVerdict,
} from './checks/safety-gate';
import { checkFullBody } from './checks/full-body';
import { detectGarment, type Box, type DetectedGarment, type EngineSlot } from './garment/garment';
import { analyzePerson, scaleAnalysis } from './perception/analyze';
import { copyRgba, dilate, newGray, pushPullFill, resizeRgba } from './core/image-ops';
import { placeGarment, footBox, type PlaceDebug } from './place/place';
import { newLayer, type Layer } from './core/raster';
import { EngineRefusal } from './checks/refusal';
import type { GrayImage, ModelRuntime, PersonAnalysis, RgbaImage } from './core/types';
import { variantFor, type VariantOptions } from './look/variants';

export interface GarmentInput {
  image: RgbaImage;
  /** null: classify from the outline. */
  slot: EngineSlot | null;
  /**
   * 'on-model': a photo of a model wearing it: refused (`on_model_garment`, docs/decisions.md: taking it off the
   * model carried straps, hair, legs and bags along and bared the torso); 'auto' is read as laydown.
   */
  source: 'laydown' | 'on-model' | 'auto';
}

export interface TryOnResult {
  image: RgbaImage;
  analysis: PersonAnalysis;
  placed: { slot: EngineSlot; bbox: { x: number; y: number; w: number; h: number } }[];
  timingsMs: Record<string, number>;
  /** Where garments were drawn (coverage 0..255) and where the old garment was filled, at the photo's size. */
  layers: { garment: GrayImage; filled: GrayImage };
  /** Anchors and warp grids per garment (for docs and debugging). */
  debug: PlaceDebug[];
  /** The safety gate's measures (a result that fails it is never returned: the render is refused). */
  safety: SafetyVerdict;
}

export const LAYER_ORDER: EngineSlot[] = ['shoes', 'bottom', 'one-piece', 'top', 'outerwear', 'accessory'];

/** Garment images are worked on at most this size. */
export const GARMENT_MAX = 640;

const now = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());

const inCapsule = (px: number, py: number, ax: number, ay: number, bx: number, by: number, r: number) => {
  const dx = bx - ax;
  const dy = by - ay;
  const l2 = dx * dx + dy * dy || 1;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / l2));
  const ex = ax + dx * t - px;
  const ey = ay + dy * t - py;
  return ex * ex + ey * ey <= r * r;
};

/** Arms as capsules (upper arm, forearm, hand beyond the wrist). */
function armCapsules(body: Body) {
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
 * The hands and wrists (a capsule from the lower forearm to past the hand, in the person's mask): always in
 * front of a garment's body piece, never filled as old clothing, whatever their colour (a shadowed hand does
 * not match the face's skin model).
 */
function handZone(body: Body): Uint8Array {
  const { width: W, height: H, mask } = body;
  const out = new Uint8Array(W * H);
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
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const p = y * W + x;
        if (mask[p]! >= 128 && inCapsule(x, y, a.x, a.y, b.x, b.y, r)) out[p] = 255;
      }
    }
  }
  return out;
}

/**
 * Where a garment may be: the person's silhouette closed across narrow gaps (a skirt spans the legs) and grown
 * by the ease allowance (a garment hangs a little off the body, not into the background).
 */
function garmentRoom(body: Body, grow: number): Uint8Array {
  const { width: W, height: H, mask } = body;
  const gap = Math.round(body.span * 0.2);
  const closed = new Uint8Array(mask);
  for (let y = 0; y < H; y++) {
    let last = -1;
    const row = y * W;
    for (let x = 0; x < W; x++) {
      if (mask[row + x]! < 128) continue;
      if (last >= 0 && x - last > 1 && x - last <= gap) closed.fill(255, row + last + 1, row + x);
      last = x;
    }
  }
  return dilate(closed, W, H, Math.max(1, Math.round(grow)));
}

/** The top of a bottom's waistband: up to bare skin above the default waist (a crop top's midriff), else null. */
function waistTop(body: Body, skin: Uint8Array): number | null {
  const { width: W } = body;
  const from = Math.round(body.pelvis.y - body.torsoH * 0.22);
  const to = Math.round(body.pelvis.y - body.torsoH * 0.45);
  for (let y = from; y >= to; y--) {
    const cx = Math.round(body.axisX(y));
    const half = Math.round(body.span * 0.12);
    let n = 0;
    for (let x = cx - half; x <= cx + half; x++) if (skin[y * W + x]) n++;
    if (n > half * 1.4) return y + 1;
  }
  return null;
}

/**
 * The head: the face's ellipse (forehead to chin), the hair, and the person's mask above the chin over the head's
 * width (what is in front of the head there: a hand, a raised forearm). No garment is ever drawn there.
 */
function headZone(body: Body, hair: Uint8Array): Uint8Array {
  const { width: W, height: H, mask } = body;
  const { cx, cy, rx, ry, chinY } = body.head;
  const out = new Uint8Array(W * H);
  for (let i = 0; i < hair.length; i++) if (hair[i]! >= 128) out[i] = 255;
  const y1 = Math.min(H - 1, Math.ceil(cy + ry));
  const colHalf = rx * 1.3;
  for (let y = 0; y <= y1; y++) {
    const dy = (y - cy) / ry;
    const inside = 1 - dy * dy;
    const half = inside > 0 ? rx * Math.sqrt(inside) : -1;
    const xa = Math.max(0, Math.floor(cx - colHalf));
    const xb = Math.min(W - 1, Math.ceil(cx + colHalf));
    for (let x = xa; x <= xb; x++) {
      const p = y * W + x;
      if (Math.abs(x - cx) <= half || (y < chinY && mask[p]! >= 128)) out[p] = 255;
    }
  }
  return out;
}

/**
 * Where the old top ends: the first row, going down from a little above the new top's hem, where the middle of
 * the torso is bare skin (a midriff between the old top and the bottom), else null (the old top runs on into
 * the bottom).
 */
function oldTopEnd(body: Body, maps: Maps, hem: number): number | null {
  const { width: W, mask } = body;
  const limit = Math.round(body.pelvis.y + body.torsoH * 0.3);
  const half = Math.round(body.span * 0.22);
  const bandAt = (y: number) => {
    const cx = Math.round(body.axisX(y));
    let n = 0;
    let skin = 0;
    for (let x = cx - half; x <= cx + half; x++) {
      const p = y * W + x;
      if (x < 0 || x >= W || mask[p]! < 128 || maps.hands[p]) continue;
      n++;
      if (maps.skin[p]) skin++;
    }
    return n ? skin / n : 0;
  };
  // from a quarter of the torso above the new hem (the old top may be the shorter one)
  const from = Math.max(0, Math.round(hem - body.torsoH * 0.25));
  for (let y = from; y <= Math.min(body.height - 1, limit); y++) if (bandAt(y) > 0.4) return y;
  return null;
}

function legCapsules(body: Body) {
  return [body.legL, body.legR].flatMap((leg) => [
    [leg.root.x, leg.root.y, leg.mid.x, leg.mid.y, leg.widthRoot * 0.62] as const,
    [leg.mid.x, leg.mid.y, leg.end.x, leg.end.y, leg.widthEnd * 0.62] as const,
  ]);
}

interface Maps {
  skin: Uint8Array;
  hair: Uint8Array;
  hands: Uint8Array;
}

/** Hair, the neck and skin on the arms (hands, forearms crossing the body) stay in front of the garment. */
function occlude(layer: Layer, body: Body, maps: Maps, slot: EngineSlot, what: 'body' | 'hair') {
  if (what === 'body' && slot !== 'shoes') {
    for (let i = 0; i < maps.hands.length; i++) if (maps.hands[i]) layer.data[i * 4 + 3] = 0;
  }
  if (layer.x1 < layer.x0) return;
  const W = layer.width;
  const caps = armCapsules(body);
  const neckY = body.neck.y + body.span * 0.02;
  const upper = slot !== 'bottom' && slot !== 'shoes';
  for (let y = layer.y0; y <= layer.y1; y++) {
    for (let x = layer.x0; x <= layer.x1; x++) {
      const p = y * W + x;
      if (!layer.data[p * 4 + 3]) continue;
      let front = upper && maps.hair[p]! >= 128;
      if (!front && what === 'body' && maps.skin[p]) {
        if (upper && inNeckOpening(body, x, y, neckY)) front = true;
        else if (slot !== 'shoes') {
          // an upper arm hanging beside the body is in front only outside the torso's edges (which leave such arms
          // out): the skin just inside them is the chest's side, which the top covers (a hole was cut there)
          const [tl, tr] = y >= body.neck.y && y <= body.pelvis.y ? body.torsoEdges(y) : [Infinity, -Infinity];
          const insideTorso = x > tl && x < tr;
          for (let k = 0; k < caps.length; k++) {
            const c = caps[k]!;
            if (k % 2 === 0 && insideTorso) continue;
            if (inCapsule(x, y, c[0], c[1], c[2], c[3], c[4])) {
              front = true;
              break;
            }
          }
        }
      }
      if (front) layer.data[p * 4 + 3] = 0;
    }
  }
}

/**
 * Where the neck shows above a top's neckline: the neck's column down to the neck's base, then a rounded scoop
 * down to `bottomY` at the middle (a square cut-out here drew a skin box at every neckline).
 */
function inNeckOpening(body: Body, x: number, y: number, bottomY: number): boolean {
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
function clip(layer: Layer, room: Uint8Array, inverse = false): void {
  if (layer.x1 < layer.x0) return;
  const W = layer.width;
  for (let y = layer.y0; y <= layer.y1; y++) {
    for (let x = layer.x0; x <= layer.x1; x++) {
      const p = y * W + x;
      if (!room[p] !== inverse) layer.data[p * 4 + 3] = 0;
    }
  }
}

/** The old garment of this slot: person pixels in the slot's body zone that are neither skin nor hair. */
function oldRegion(
  body: Body,
  maps: Maps,
  slot: EngineSlot,
  newBottom: number,
  waist: number | null,
  topEnd: number | null = null,
): Uint8Array {
  const { width: W, height: H, mask } = body;
  const out = new Uint8Array(W * H);
  const { span, torsoH } = body;
  const faceBottom = body.neck.y - span * 0.12;
  const ankleY = Math.min(body.legL.end.y, body.legR.end.y);
  let y0 = 0;
  let y1 = H - 1;
  if (slot === 'top' || slot === 'outerwear') {
    // from the chin: the old neckline above the new one (set at the neck's base) is taken away too
    y0 = Math.min(faceBottom, body.head.chinY);
    // below the new top's hem is the bottom's business (or a dress's skirt)
    y1 = Math.min(body.pelvis.y + torsoH * 0.3, newBottom);
  } else if (slot === 'one-piece') {
    y0 = faceBottom;
    y1 = Math.min(newBottom, ankleY);
  } else if (slot === 'bottom') {
    y0 = Math.min(body.pelvis.y - torsoH * 0.3, waist ?? Infinity);
    y1 = ankleY - body.legL.widthEnd * 0.4;
  } else if (slot === 'shoes') {
    y0 = ankleY - body.legL.widthEnd * 0.6;
  }
  const caps = slot === 'shoes' ? [] : slot === 'bottom' ? legCapsules(body) : armCapsules(body);
  const upper = slot === 'top' || slot === 'outerwear' || slot === 'one-piece';
  const feet =
    slot === 'shoes'
      ? [footBox(body, body.legL.end, body.legL.widthEnd), footBox(body, body.legR.end, body.legR.widthEnd)]
      : [];
  let zx0 = W;
  let zx1 = 0;
  for (const c of caps) {
    zx0 = Math.min(zx0, c[0] - c[4] * 1.3, c[2] - c[4] * 1.3);
    zx1 = Math.max(zx1, c[0] + c[4] * 1.3, c[2] + c[4] * 1.3);
  }
  for (const f of feet) {
    zx0 = Math.min(zx0, f.x - f.w * 0.15);
    zx1 = Math.max(zx1, f.x + f.w * 1.15);
  }
  for (let y = Math.max(0, Math.round(y0)); y <= Math.min(H - 1, Math.round(y1)); y++) {
    const [tl, tr] = body.torsoEdges(y);
    const m = span * 0.18;
    const wide = slot === 'bottom' || (slot === 'one-piece' && y > body.pelvis.y);
    const xa = wide ? 0 : Math.max(0, Math.floor(Math.min(zx0, tl - m)));
    const xb = wide ? W - 1 : Math.min(W - 1, Math.ceil(Math.max(zx1, tr + m)));
    for (let x = xa; x <= xb; x++) {
      const p = y * W + x;
      if (mask[p]! < 128 || maps.skin[p] || maps.hair[p]! >= 128 || maps.hands[p]) continue;
      // above the shoulders' line only the neck and the shoulders' slope are the old garment's: the mask beyond
      // them is loose hair or the mask's own overreach, kept as it is (filling it drew a box at the neckline)
      if (upper && y < body.neck.y && onBody(body, caps, x, y) < 0.5) continue;
      let inZone = false;
      if (slot === 'shoes') {
        for (const f of feet) if (x >= f.x - f.w * 0.15 && x <= f.x + f.w * 1.15 && y >= f.y - f.h * 0.2) inZone = true;
      } else if (slot === 'bottom' || (slot === 'one-piece' && y > body.pelvis.y)) {
        // a bottom (or a dress's skirt) may flare anywhere across the row: all of the mask but the arms
        inZone = !body.onArm(x, y, 0.5);
      } else {
        // below the old top's end (bare skin across the middle) the torso is the bottom's: only the arms go on
        inZone = x >= tl - m && x <= tr + m && (topEnd === null || y < topEnd);
        if (!inZone) {
          for (const c of caps) {
            if (inCapsule(x, y, c[0], c[1], c[2], c[3], c[4] * 1.3)) {
              inZone = true;
              break;
            }
          }
        }
      }
      if (inZone) out[p] = 255;
    }
  }
  return out;
}

/**
 * The old shoes: around each foot's box (from a little above the ankle, where only the mask's pixels that differ
 * from the shin's own colour are taken, to below the sole, a third of the box beyond its sides; nearer this foot's centre than the other's), the person's mask grown by a fifth of the shin's width (the mask stops short of soles, toes and a
 * pale shoe on a pale floor), skin, hair and the hands left out; and each old shoe's box (left leg, right leg:
 * the 3rd to 97th percentiles of its pixels), which the new shoe is drawn to cover.
 */
function oldShoes(image: RgbaImage, body: Body, maps: Maps): { region: Uint8Array; boxes: (Box | null)[] } {
  const { width: W, height: H, mask } = body;
  const d = image.data;
  const out = new Uint8Array(W * H);
  const boxes: (Box | null)[] = [];
  const feet = [body.legL, body.legR].map((leg) => footBox(body, leg.end, leg.widthEnd));
  const centre = feet.map((f) => ({ x: f.x + f.w / 2, y: f.y + f.h / 2 }));
  for (const [side, leg] of [body.legL, body.legR].entries()) {
    const f = feet[side]!;
    const mine = centre[side]!;
    const other = centre[1 - side]!;
    const w0 = Math.min(leg.widthEnd, body.span * 0.4);
    const shin = shinColour(image, body, leg);
    const x0 = Math.max(0, Math.floor(f.x - f.w * 0.45));
    const x1 = Math.min(W - 1, Math.ceil(f.x + f.w * 1.45));
    const y0 = Math.max(0, Math.floor(leg.end.y - w0));
    const y1 = Math.min(H - 1, Math.ceil(f.y + f.h + w0 * 0.35));
    if (x1 < x0 || y1 < y0) {
      boxes.push(null);
      continue;
    }
    const cw = x1 - x0 + 1;
    const ch = y1 - y0 + 1;
    const crop = new Uint8Array(cw * ch);
    for (let y = 0; y < ch; y++) for (let x = 0; x < cw; x++) crop[y * cw + x] = mask[(y + y0) * W + x + x0]!;
    const grown = dilate(crop, cw, ch, Math.max(1, Math.round(w0 * 0.2)), 96);
    const xs: number[] = [];
    const ys: number[] = [];
    for (let y = 0; y < ch; y++) {
      for (let x = 0; x < cw; x++) {
        const p = (y + y0) * W + x + x0;
        if (!grown[y * cw + x] || maps.hair[p]! >= 128 || maps.hands[p]) continue;
        // this foot's: nearer its box's centre than the other's (feet close together, or crossing in a stride)
        const ax = x + x0 - mine.x;
        const ay = y + y0 - mine.y;
        const bx = x + x0 - other.x;
        const by = y + y0 - other.y;
        if (ax * ax + ay * ay > bx * bx + by * by) continue;
        // skin is the foot's own (left as it is) in the top of the foot's box; lower, a pale shoe's shading
        // passes the skin test too
        if (maps.skin[p] && y + y0 < f.y + f.h * 0.3) continue;
        // above the ankle: a shoe's collar, not the shin (a pale shin can fail the skin test: its own colour)
        if (y + y0 < leg.end.y - w0 * 0.2) {
          if (!shin || crop[y * cw + x]! < 128) continue;
          // its chromaticity (shading changes the brightness, not the hue)
          const o = p * 4;
          const sum = d[o]! + d[o + 1]! + d[o + 2]! + 1;
          if (Math.hypot(d[o]! / sum - shin[0], d[o + 1]! / sum - shin[1]) < 0.035) continue;
        }
        out[p] = 255;
        // the shoe itself: in the mask, below the ankle
        if (crop[y * cw + x]! >= 128 && y + y0 > leg.end.y) {
          xs.push(x + x0);
          ys.push(y + y0);
        }
      }
    }
    if (xs.length < w0 * w0 * 0.2) {
      boxes.push(null);
      continue;
    }
    xs.sort((a, b) => a - b);
    ys.sort((a, b) => a - b);
    const q = (v: number[], t: number) => v[Math.min(v.length - 1, Math.floor(v.length * t))]!;
    const bx0 = q(xs, 0.03);
    const by0 = q(ys, 0.03);
    boxes.push({ x: bx0, y: by0, w: q(xs, 0.97) - bx0 + 1, h: q(ys, 0.97) - by0 + 1 });
  }
  return { region: out, boxes };
}

/** The shin's chromaticity (r, g over r + g + b) from its median colour (the mask's pixels from half-way down
 * to three quarters of knee -> ankle). */
function shinColour(image: RgbaImage, body: Body, leg: Body['legL']): [number, number] | null {
  const { width: W, height: H, mask } = body;
  const c: number[][] = [[], [], []];
  const r = Math.max(1, Math.round(leg.widthEnd * 0.2));
  for (let t = 0.5; t <= 0.75; t += 0.05) {
    const cx = Math.round(leg.mid.x + (leg.end.x - leg.mid.x) * t);
    const cy = Math.round(leg.mid.y + (leg.end.y - leg.mid.y) * t);
    for (let y = cy - r; y <= cy + r; y++) {
      for (let x = cx - r; x <= cx + r; x++) {
        if (x < 0 || y < 0 || x >= W || y >= H || mask[y * W + x]! < 128) continue;
        const o = (y * W + x) * 4;
        for (let k = 0; k < 3; k++) c[k]!.push(image.data[o + k]!);
      }
    }
  }
  if (c[0]!.length < 8) return null;
  const med = (v: number[]) => v.sort((a, b) => a - b)[v.length >> 1]!;
  const [mr, mg, mb] = [med(c[0]!), med(c[1]!), med(c[2]!)];
  const sum = mr + mg + mb + 1;
  return [mr / sum, mg / sum];
}

/** Below the ankle of the nearer leg: where a shoe, or the floor, is (not skin to diffuse from). */
function belowAnkle(body: Body, x: number, y: number): boolean {
  const l = body.legL.end;
  const r = body.legR.end;
  const a = Math.abs(x - l.x) <= Math.abs(x - r.x) ? l : r;
  return y > a.y;
}

/**
 * How much a pixel is on the body itself (skin would show there) rather than loose clothing over background:
 * 1 on the body, 0 off it, a few pixels' ramp between. Above the shoulders' line the body is the neck's column
 * and the slope of the shoulders (from the neck's side down to the top of each shoulder), not the old garment's
 * outline: a square yoke or a high collar filled with skin to its edges made a flat skin box at every neckline.
 */
function onBody(body: Body, caps: (readonly number[])[], x: number, y: number): number {
  const { span, neck, head } = body;
  const ramp = Math.max(1.5, span * 0.02);
  const soft = (d: number) => Math.max(0, Math.min(1, 0.5 + d / (2 * ramp)));
  let best = 0;
  if (y >= head.chinY && y < neck.y) {
    const neckHalf = span * NECK_HALF_WIDTH;
    const dx = Math.abs(x - neck.x);
    best = soft(neckHalf - dx);
    if (dx > neckHalf) {
      // the shoulder's slope: from the neck's side, a little above the shoulders' line, to the shoulder's top
      const sh = x < neck.x === body.shoulderL.x < neck.x ? body.shoulderL : body.shoulderR;
      const baseY = neck.y - (neck.y - head.chinY) * NECK_BASE_RISE;
      const topY = sh.y - span * SHOULDER_TOP_RISE;
      const run = Math.max(1, Math.abs(sh.x - neck.x) - neckHalf);
      const t = Math.min(1, (dx - neckHalf) / run);
      best = Math.max(best, soft(y - (baseY + (topY - baseY) * t)));
    }
  }
  if (y >= neck.y - span * 0.1 && y <= body.pelvis.y + body.torsoH * 0.1) {
    const [l, r] = body.torsoEdges(y);
    // the band just above the shoulders' line keeps the shoulders' slope (above); from the line down, the torso
    if (y >= neck.y && x >= l && x <= r) return 1;
  }
  for (const c of caps) if (inCapsule(x, y, c[0]!, c[1]!, c[2]!, c[3]!, c[4]!)) return 1;
  return best;
}

/** Half the neck's width, in shoulder spans (a neck is about a third of the shoulders' width). */
const NECK_HALF_WIDTH = 0.17;
/** Where the neck meets the shoulders' slope: this fraction of the chin-to-shoulder-line height above that line. */
const NECK_BASE_RISE = 0.3;
/** The top of a shoulder above its joint, in shoulder spans. */
const SHOULDER_TOP_RISE = 0.1;

/** Fill `region` of `out` from the skin around it (on the body) or the background (off the body). */
function fillRegion(
  out: RgbaImage,
  region: Uint8Array,
  body: Body,
  maps: Maps,
  light: ReturnType<typeof lightField>,
  slot: EngineSlot,
): void {
  const { width: W, height: H } = out;
  let any = false;
  for (let i = 0; i < region.length; i++)
    if (region[i]) {
      any = true;
      break;
    }
  if (!any) return;
  const k = Math.min(1, 384 / Math.max(W, H));
  const w = Math.max(1, Math.round(W * k));
  const h = Math.max(1, Math.round(H * k));
  const skinRgb = new Float32Array(w * h * 3);
  const skinW = new Float32Array(w * h);
  const bgRgb = new Float32Array(w * h * 3);
  const bgW = new Float32Array(w * h);
  // box-sample the full image into the small grids, per source kind
  // sources: up to 3x3 samples per small cell
  const stride = Math.max(1, Math.floor(1 / k / 3));
  for (let y = 0; y < H; y += stride) {
    const sy = Math.min(h - 1, Math.floor(y * k));
    for (let x = 0; x < W; x += stride) {
      const p = y * W + x;
      if (region[p]) continue;
      const q = sy * w + Math.min(w - 1, Math.floor(x * k));
      const o = p * 4;
      if (maps.skin[p] && maps.hair[p]! < 128) {
        skinW[q] = skinW[q]! + 1;
        skinRgb[q * 3] = skinRgb[q * 3]! + out.data[o]!;
        skinRgb[q * 3 + 1] = skinRgb[q * 3 + 1]! + out.data[o + 1]!;
        skinRgb[q * 3 + 2] = skinRgb[q * 3 + 2]! + out.data[o + 2]!;
      } else if (body.mask[p]! < 100) {
        bgW[q] = bgW[q]! + 1;
        bgRgb[q * 3] = bgRgb[q * 3]! + out.data[o]!;
        bgRgb[q * 3 + 1] = bgRgb[q * 3 + 1]! + out.data[o + 1]!;
        bgRgb[q * 3 + 2] = bgRgb[q * 3 + 2]! + out.data[o + 2]!;
      }
    }
  }
  const per = 1 / (k * k * stride * stride);
  for (let q = 0; q < w * h; q++) {
    for (const [rgb, wt] of [
      [skinRgb, skinW],
      [bgRgb, bgW],
    ] as const) {
      const n = wt[q]!;
      if (n > 0) {
        rgb[q * 3] = rgb[q * 3]! / n;
        rgb[q * 3 + 1] = rgb[q * 3 + 1]! / n;
        rgb[q * 3 + 2] = rgb[q * 3 + 2]! / n;
        wt[q] = Math.min(1, n / per);
        // only confident cells are sources (partly covered cells would pull the old garment in)
        if (wt[q]! < 0.6) wt[q] = 0;
        else wt[q] = 1;
      }
    }
  }
  pushPullFill(skinRgb, skinW, w, h);
  pushPullFill(bgRgb, bgW, w, h);
  // the whole upper arm from the shoulder's joint (the arm capsules start lower down, where a sleeve's shoulder
  // no longer covers the arm): a sleeveless garment leaves the shoulder bare, so skin is what shows there
  const shoulders = [body.armL, body.armR].map((a) => [a.root.x, a.root.y, a.mid.x, a.mid.y, a.widthRoot * 0.6]);
  const caps = [...armCapsules(body), ...legCapsules(body), ...shoulders];
  let ry0 = H;
  let ry1 = -1;
  for (let y = 0; y < H; y++) {
    const row = region.subarray(y * W, y * W + W);
    if (row.indexOf(255) >= 0) {
      if (y < ry0) ry0 = y;
      ry1 = y;
    }
  }
  // the photo's shading over the region (its low-passed light relative to the region's median), so the fill is
  // lit like the body around it rather than one flat tone
  const lights: number[] = [];
  for (let y = ry0; y <= ry1; y += 3) {
    for (let x = 0; x < W; x += 3) {
      if (!region[y * W + x]) continue;
      const l = light.smooth(x, y);
      if (l >= 0) lights.push(l);
    }
  }
  lights.sort((a, b) => a - b);
  const ref = lights.length ? Math.max(20, lights[lights.length >> 1]!) : 0;
  for (let y = ry0; y <= ry1; y++) {
    const fy = Math.min(h - 1, Math.max(0, (y + 0.5) * k - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(h - 1, y0 + 1);
    const wy = fy - y0;
    for (let x = 0; x < W; x++) {
      const p = y * W + x;
      if (!region[p]) continue;
      // a shoe's fill: skin only on the leg itself above the ankle; the floor elsewhere
      const shoeFloor = slot === 'shoes' && (belowAnkle(body, x, y) || body.mask[p]! < 128);
      const on = shoeFloor ? 0 : onBody(body, caps, x, y);
      const fx = Math.min(w - 1, Math.max(0, (x + 0.5) * k - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(w - 1, x0 + 1);
      const wx = fx - x0;
      const l = ref > 0 ? light.smooth(x, y) : -1;
      const shade = l < 0 ? 1 : 1 + 0.5 * (Math.max(0.7, Math.min(1.3, l / ref)) - 1);
      const q00 = (y0 * w + x0) * 3;
      const q01 = (y0 * w + x1) * 3;
      const q10 = (y1 * w + x0) * 3;
      const q11 = (y1 * w + x1) * 3;
      const w00 = (1 - wx) * (1 - wy);
      const w01 = wx * (1 - wy);
      const w10 = (1 - wx) * wy;
      const w11 = wx * wy;
      for (let c = 0; c < 3; c++) {
        const sk =
          skinRgb[q00 + c]! * w00 + skinRgb[q01 + c]! * w01 + skinRgb[q10 + c]! * w10 + skinRgb[q11 + c]! * w11;
        const bg = bgRgb[q00 + c]! * w00 + bgRgb[q01 + c]! * w01 + bgRgb[q10 + c]! * w10 + bgRgb[q11 + c]! * w11;
        out.data[p * 4 + c] = (sk * on + bg * (1 - on)) * shade;
      }
    }
  }
}

/** Composite the layer over `out`: the photo's light modulates the garment; a 3x3 softened edge. */
function composite(out: RgbaImage, layer: Layer, light: ReturnType<typeof lightField>, coverage: Uint8Array) {
  if (layer.x1 < layer.x0) return;
  const W = layer.width;
  const H = layer.height;
  // the reference light: the median over the garment
  const samples: number[] = [];
  for (let y = layer.y0; y <= layer.y1; y += 4) {
    for (let x = layer.x0; x <= layer.x1; x += 4) {
      if (layer.data[(y * W + x) * 4 + 3]! > 128) {
        const l = light.sample(x, y);
        if (l >= 0) samples.push(l);
      }
    }
  }
  samples.sort((a, b) => a - b);
  const ref = samples.length ? Math.max(20, samples[samples.length >> 1]!) : 128;
  const strength = 0.6;
  for (let y = layer.y0; y <= layer.y1; y++) {
    for (let x = layer.x0; x <= layer.x1; x++) {
      const p = y * W + x;
      let a = 0;
      let n = 0;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= H) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= W) continue;
          a += layer.data[(yy * W + xx) * 4 + 3]!;
          n++;
        }
      }
      const own = layer.data[p * 4 + 3]!;
      // soften only the outside edge: the garment's own opaque pixels stay opaque
      const alpha = own >= 250 ? own / 255 : Math.min(own, a / n) / 255;
      if (alpha <= 0) continue;
      const l = light.sample(x, y);
      const f = l < 0 ? 1 : Math.max(0.55, Math.min(1.35, l / ref));
      const m = 1 + strength * (f - 1);
      const o = p * 4;
      for (let c = 0; c < 3; c++) {
        const g = Math.min(255, layer.data[o + c]! * m);
        out.data[o + c] = out.data[o + c]! * (1 - alpha) + g * alpha;
      }
      coverage[p] = Math.max(coverage[p]!, Math.round(alpha * 255));
    }
  }
}

/**
 * What the engine reads of the person photo before any garment: the body, skin, hair and hands, the waist, the
 * head's zone, the light, the garments' room. It depends on the photo only, so a caller that dresses one photo
 * many times (the browser's preview) keeps it per photo (options.scenes); nothing later writes into it.
 */
export interface Scene {
  body: ReturnType<typeof bodyFrom>;
  maps: Maps;
  /** The person's skin colour (sampled on the face). */
  skin: SkinModel;
  waist: ReturnType<typeof waistTop>;
  head: ReturnType<typeof headZone>;
  light: ReturnType<typeof lightField>;
  roomFor: (slot: EngineSlot) => Uint8Array;
}

export function readScene(person: RgbaImage, analysis: PersonAnalysis): Scene {
  const body = bodyFrom(analysis);
  const skin = skinModel(person, body);
  const skinPx = skinMap(person, body, skin);
  const maps: Maps = { skin: skinPx, hair: hairMap(person, body, skin).data, hands: handZone(body) };
  // the garments' room, computed once per allowance that a garment here needs
  const rooms = new Map<number, Uint8Array>();
  const roomFor = (slot: EngineSlot) => {
    const grow = Math.round(body.span * (slot === 'outerwear' ? 0.085 : 0.04));
    let r = rooms.get(grow);
    if (!r) rooms.set(grow, (r = garmentRoom(body, grow)));
    return r;
  };
  return {
    body,
    maps,
    skin,
    waist: waistTop(body, skinPx),
    head: headZone(body, maps.hair),
    light: lightField(person, body, body.mask),
    roomFor,
  };
}

/** A garment as the engine draws it: its picture (at most GARMENT_MAX px, or cut off a model) and its outline. */
export interface PreparedGarment {
  image: RgbaImage;
  det: DetectedGarment;
  /**
   * Skin-coloured cloth: much of the picture is skin-coloured and the models found no person in it (a beige or
   * nude garment). The safety gate does not count its drawn cloth as bare skin.
   */
  skinCloth: boolean;
}

/**
 * Garments already read, per input picture and reading: a caller that tries the same pictures again (the
 * browser's preview, flipping back and forth) or reads the next one ahead of time skips this step.
 */
export type GarmentPrepCache = WeakMap<RgbaImage, Map<string, PreparedGarment>>;

/**
 * Read one garment: resize, then find its outline (a product shot). A picture much of which is skin-coloured is
 * looked at by the models: a person in it (a photo of a model wearing the garment, whatever it was said to be)
 * is refused (`on_model_garment`), else it is skin-coloured cloth.
 */
export async function prepareGarment(
  runtime: ModelRuntime,
  g: GarmentInput,
  cache?: GarmentPrepCache,
): Promise<PreparedGarment> {
  if (g.slot === 'accessory') throw new EngineRefusal('unsupported_garment');
  // a garment on a model is not taken off the model by this engine (refused before any credit is spent too)
  if (g.source === 'on-model') throw new EngineRefusal('on_model_garment');
  const key = `${g.slot ?? ''}|${g.source}`;
  const hit = cache?.get(g.image)?.get(key);
  if (hit) return hit;
  // product images are drawn at most half the photo's height: 640 px is plenty
  const k = Math.min(1, GARMENT_MAX / Math.max(g.image.width, g.image.height));
  const resized = k < 1 ? resizeRgba(g.image, Math.round(g.image.width * k), Math.round(g.image.height * k)) : g.image;
  const det = detectGarment(resized, g.slot);
  if (det.slot === 'accessory') throw new EngineRefusal('unsupported_garment');
  // the picture the outline belongs to: the product photo, or the photo turned upright
  const image = det.image ?? resized;
  let skinCloth = false;
  const share = skinShare(image, det.alpha);
  if (share >= SAFETY_GATE.personCheckSkinShare) {
    if (showsPerson(await analyzePerson(runtime, image))) throw new EngineRefusal('on_model_garment');
    skinCloth = share >= SAFETY_GATE.skinClothShare;
  }
  const prepared: PreparedGarment = { image, det, skinCloth };
  if (cache) {
    const byKey = cache.get(g.image) ?? new Map<string, PreparedGarment>();
    byKey.set(key, prepared);
    cache.set(g.image, byKey);
  }
  return prepared;
}

export async function tryOn(
  runtime: ModelRuntime,
  person: RgbaImage,
  garments: GarmentInput[],
  options: {
    variant?: VariantOptions;
    analysis?: PersonAnalysis;
    prepared?: GarmentPrepCache;
    scenes?: WeakMap<RgbaImage, Scene>;
    /**
     * The safety gate: 'refuse' (default: a result that fails it is refused, EngineRefusal) or 'report' (the
     * result is returned with the verdict in `safety`: the gallery's contact sheet only; nothing that shows an
     * image to a person passes it).
     */
    gate?: 'refuse' | 'report';
  } = {},
): Promise<TryOnResult> {
  const timingsMs: Record<string, number> = {};
  let t = now();
  const lap = (name: string) => {
    const n = now();
    timingsMs[name] = Math.round((timingsMs[name] ?? 0) + n - t);
    t = n;
  };
  const variant = options.variant ?? variantFor(0);
  const analysis = options.analysis
    ? scaleAnalysis(options.analysis, person.width, person.height)
    : await analyzePerson(runtime, person);
  lap('analysis');
  const fb = checkFullBody(analysis);
  if (!fb.ok) throw new EngineRefusal(fb.code, fb.message);
  if (!garments.length) throw new EngineRefusal('no_garment');
  const found: PreparedGarment[] = [];
  for (const g of garments) found.push(await prepareGarment(runtime, g, options.prepared));
  found.sort((a, b) => LAYER_ORDER.indexOf(a.det.slot) - LAYER_ORDER.indexOf(b.det.slot));
  lap('garments');
  let scene = options.scenes?.get(person);
  if (!scene) {
    scene = readScene(person, analysis);
    options.scenes?.set(person, scene);
  }
  const { body, maps, waist, head, light } = scene;
  const roomFor = scene.roomFor;
  lap('appearance');
  const out = copyRgba(person);
  const W = person.width;
  const H = person.height;
  const coverage = new Uint8Array(W * H);
  const filled = new Uint8Array(W * H);
  const placed: TryOnResult['placed'] = [];
  const debug: PlaceDebug[] = [];
  const pieces: DrawnPiece[] = [];
  const tint: [number, number, number] = [1, 1, 1];
  for (const { det, image, skinCloth } of found) {
    const slot = det.slot;
    const shoesOld = slot === 'shoes' ? oldShoes(person, body, maps) : null;
    let p = placeGarment(image, det.alpha, slot, body, variant, tint, {
      waistTop: waist,
      oldShoes: shoesOld?.boxes,
    });
    // a top goes down over the old top where that one is longer (to its hem, or on to the hips)
    let topEnd: number | null = null;
    if ((slot === 'top' || slot === 'outerwear') && p.hemY !== undefined) {
      topEnd = oldTopEnd(body, maps, p.hemY);
      const want = topEnd ?? body.pelvis.y;
      if (want > p.hemY + 1) p = placeGarment(image, det.alpha, slot, body, variant, tint, { hemAtLeast: want });
    }
    const layer = newLayer(W, H);
    p.drawBody(layer);
    occlude(layer, body, maps, slot, 'body');
    p.drawLimbs(layer);
    occlude(layer, body, maps, slot, 'hair');
    clip(layer, p.room ? p.room(roomFor(slot)) : roomFor(slot));
    clip(layer, head, true);
    lap('warp');
    // the old garment of this slot, where the new one does not cover it
    const old = shoesOld ? shoesOld.region : oldRegion(body, maps, slot, layer.y1, waist, topEnd);
    const region = new Uint8Array(W * H);
    for (let i = 0; i < region.length; i++) {
      if (old[i] && !head[i] && layer.data[i * 4 + 3]! < 160) {
        region[i] = 255;
        filled[i] = 255;
      }
    }
    fillRegion(out, region, body, maps, light, slot);
    lap('fill');
    composite(out, layer, light, coverage);
    lap('composite');
    placed.push({
      slot,
      bbox: {
        x: layer.x0,
        y: layer.y0,
        w: Math.max(0, layer.x1 - layer.x0 + 1),
        h: Math.max(0, layer.y1 - layer.y0 + 1),
      },
    });
    debug.push(p.debug);
    pieces.push({ slot, alpha: alphaOnGrid(layer), skinCloth });
  }
  // the safety gate: a render with the torso left bare or garment pieces off the body is never shown
  const safety = checkRenderSafety({ person, result: out, analysis, pieces, skin: scene.skin });
  lap('safety');
  if (!safety.ok && options.gate !== 'report') throw new EngineRefusal(safety.code);
  const garmentMap = newGray(W, H);
  garmentMap.data.set(coverage);
  const filledMap = newGray(W, H);
  filledMap.data.set(filled);
  return {
    image: out,
    analysis,
    placed,
    timingsMs,
    layers: { garment: garmentMap, filled: filledMap },
    debug,
    safety,
  };
}
