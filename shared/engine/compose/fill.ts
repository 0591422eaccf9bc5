/**
 * The old garment and its fill: where the old garment of a slot shows outside the new one (tops, bottoms,
 * one-pieces, the old shoes), filled from the skin around it on the body or from the background off it.
 */
import type { Body } from '../perception/body';
import type { lightField } from '../perception/appearance';
import type { Box, EngineSlot } from '../garment/garment';
import { componentPixels, dilate, erode, pushPullFill } from '../core/image-ops';
import { footBox } from '../place/place';
import { pointeFoot } from '../place/shoe-pointe';
import { FEET_CLOSE } from '../place/shoes';
import { waistY } from '../place/lower';
import { hipSides, type HipLine } from '../place/common';
import type { RgbaImage } from '../core/types';
import type { Layer } from '../core/raster';
import {
  BG_CHROMA,
  BG_LUM,
  fillEnclosed,
  looksLikeBackground,
  textureSources,
  type BackgroundModel,
} from './background';
import {
  armCapsules,
  COLLAR_REACH,
  inCapsule,
  legCapsules,
  NECK_BASE_RISE,
  NECK_HALF_WIDTH,
  type Maps,
} from './occlusion';

/**
 * A run of bare-skin rows across the torso's middle, at least this share of the torso's height, between the bare
 * skin above an old garment and the hip joints: the old garment there is not one bottom reaching up to that skin
 * (a waist cincher, a bodysuit's band over a cut-out: its top edge is not a waistband), so a new bottom's waistband
 * stays at the default waist, from the pose.
 */
export const WAIST_SKIN_GAP = 0.04;

/**
 * The top of a bottom's waistband: up to bare skin above the default waist (a crop top's midriff over a
 * high-waisted bottom), else null (the default waist, `waistY`). Not when bare skin shows again across the torso's
 * middle between that skin and the hips (WAIST_SKIN_GAP; a hand held there is not skin here): on a cut-out waist
 * cincher the first skin above it put every new waistband under the bust.
 */
export function waistTop(body: Body, skin: Uint8Array, hands: Uint8Array | null = null): number | null {
  const { width: W } = body;
  const from = Math.round(body.pelvis.y - body.torsoH * 0.22);
  const to = Math.round(body.pelvis.y - body.torsoH * 0.45);
  const half = Math.round(body.span * 0.12);
  const bare = (y: number, noHands: Uint8Array | null) => {
    const cx = Math.round(body.axisX(y));
    let n = 0;
    for (let x = cx - half; x <= cx + half; x++) if (skin[y * W + x] && !noHands?.[y * W + x]) n++;
    return n > half * 1.4;
  };
  for (let y = from; y >= to; y--) {
    if (!bare(y, null)) continue;
    const gap = Math.max(1, Math.round(body.torsoH * WAIST_SKIN_GAP));
    let run = 0;
    for (let yy = y + 1; yy <= Math.round(body.pelvis.y) && run < gap; yy++) run = bare(yy, hands) ? run + 1 : 0;
    return run >= gap ? null : y + 1;
  }
  return null;
}

/**
 * Where the old top ends: the first row, going down from a little above the new top's hem, where the middle of
 * the torso is bare skin (a midriff between the old top and the bottom); else the top of the first bare run going
 * up from there to the chest (OLD_TOP_MIDRIFF_FROM: a crop top far above a long new top's hem); else null (the old
 * top runs on into the bottom).
 */
export function oldTopEnd(body: Body, maps: Maps, hem: number): number | null {
  const { width: W, mask } = body;
  const limit = Math.round(body.pelvis.y + body.torsoH * 0.3);
  const half = Math.round(body.span * 0.22);
  const bandAt = (y: number) => {
    const cx = Math.round(body.axisX(y));
    let n = 0;
    let skin = 0;
    for (let x = cx - half; x <= cx + half; x++) {
      const p = y * W + x;
      if (x < 0 || x >= W || (mask[p] ?? 0) < 128 || maps.handArea[p]) continue;
      n++;
      if (maps.skin[p]) skin++;
    }
    return n ? skin / n : 0;
  };
  // from a quarter of the torso above the new hem (the old top may be the shorter one)
  const from = Math.max(0, Math.round(hem - body.torsoH * 0.25));
  for (let y = from; y <= Math.min(body.height - 1, limit); y++) if (bandAt(y) > 0.4) return y;
  // none below: a bare midriff higher up, down to the chest (a crop top over a high-waisted skirt, shorter than a
  // quarter of the torso above the new hem), ends the old top at its top
  const chest = Math.round(body.neck.y + body.torsoH * OLD_TOP_MIDRIFF_FROM);
  let end: number | null = null;
  for (let y = from - 1; y >= chest; y--) {
    if (bandAt(y) > 0.4) end = y;
    else if (end !== null) break;
  }
  return end;
}

/** How far down the torso (x its height from the neck) a bare midriff above the new hem is looked for (`oldTopEnd`). */
const OLD_TOP_MIDRIFF_FROM = 0.5;

/** A foot whose pixels below the ankle are at least this share skin, legwear or the shin's colour is bare. */
const BARE_FOOT = 0.6;

/** Round an arm, a top's old garment is taken this many times the arm's capsule radius out (wide old sleeves). */
export const OLD_SLEEVE_REACH = 1.7;

/** The widest rim, in shoulder spans, of non-skin pixels along bare skin that is the skin's own edge. */
const SKIN_RIM = 0.025;

/**
 * Thin rims of the old region along skin are the skin's own edge (a bare arm's shaded side against the
 * background blends into colours the skin test refuses), not old clothing: filling them repainted every bare arm's
 * outline as a stair-stepped smear. The region's parts thinner than 2 x `r` (what an opening by `r` removes) that
 * lie between skin and the background are left as they are; a sleeve is wider, a strip of the old top beside an
 * arm lies between the skin and the new garment (it is still filled).
 */
export function dropSkinRims(
  region: Uint8Array,
  skin: Uint8Array,
  mask: Uint8Array,
  W: number,
  H: number,
  r: number,
  image: RgbaImage | null = null,
): void {
  let x0 = W;
  let x1 = -1;
  let y0 = H;
  let y1 = -1;
  for (let y = 0; y < H; y++) {
    const row = region.subarray(y * W, y * W + W);
    const a = row.indexOf(255);
    if (a < 0) continue;
    const b = row.lastIndexOf(255);
    if (a < x0) x0 = a;
    if (b > x1) x1 = b;
    if (y < y0) y0 = y;
    y1 = y;
  }
  if (x1 < 0) return;
  const pad = 2 * r + 2;
  x0 = Math.max(0, x0 - pad);
  y0 = Math.max(0, y0 - pad);
  x1 = Math.min(W - 1, x1 + pad);
  y1 = Math.min(H - 1, y1 + pad);
  const cw = x1 - x0 + 1;
  const ch = y1 - y0 + 1;
  const reg = new Uint8Array(cw * ch);
  const sk = new Uint8Array(cw * ch);
  const off = new Uint8Array(cw * ch);
  for (let y = 0; y < ch; y++) {
    const o = (y + y0) * W + x0;
    reg.set(region.subarray(o, o + cw), y * cw);
    sk.set(skin.subarray(o, o + cw), y * cw);
    for (let x = 0; x < cw; x++) if ((mask[o + x] ?? 0) < 128) off[y * cw + x] = 255;
  }
  const opened = dilate(erode(reg, cw, ch, r), cw, ch, r);
  const nearSkin = dilate(sk, cw, ch, r + 1);
  const nearOff = dilate(off, cw, ch, r + 1);
  for (let i = 0; i < reg.length; i++) {
    if (!reg[i] || opened[i] || !nearSkin[i] || !nearOff[i]) continue;
    const x = i % cw;
    const y = ((i - x) / cw) | 0;
    // a rim whose colour is no blend of the skin and the background beside it (its chromaticity off the line
    // between theirs) is old cloth: an old white sleeve's strip beside a new tee's sleeve stayed as it was
    if (image && !blendOfSkinAndBackground(image, sk, off, cw, ch, x, y, x0, y0, r + 1)) continue;
    region[(y + y0) * W + x + x0] = 0;
  }
}

/** How far (in r/sum, g/sum) a skin rim's chromaticity may lie off the line between the skin's and the background's. */
export const RIM_CHROMA = 0.035;

/**
 * Is the pixel at (x, y) of the crop a blend of the skin and the background nearest it (within `r`): its
 * chromaticity within `RIM_CHROMA` of the segment between the mean chromaticity of the skin pixels and of the
 * background pixels around it? A shaded skin edge keeps the skin's chromaticity, a blend lies between; a sleeve of
 * another colour does not (on a background of the sleeve's own colour it still reads as a blend: left as it is).
 */
function blendOfSkinAndBackground(
  image: RgbaImage,
  sk: Uint8Array,
  off: Uint8Array,
  cw: number,
  ch: number,
  x: number,
  y: number,
  x0: number,
  y0: number,
  r: number,
): boolean {
  const d = image.data;
  const W = image.width;
  const chroma = (p: number): [number, number] => {
    const s = (d[p * 4] ?? 0) + (d[p * 4 + 1] ?? 0) + (d[p * 4 + 2] ?? 0) + 1;
    return [(d[p * 4] ?? 0) / s, (d[p * 4 + 1] ?? 0) / s];
  };
  let sr = 0;
  let sg = 0;
  let ns = 0;
  let br = 0;
  let bg = 0;
  let nb = 0;
  for (let yy = Math.max(0, y - r); yy <= Math.min(ch - 1, y + r); yy++) {
    for (let xx = Math.max(0, x - r); xx <= Math.min(cw - 1, x + r); xx++) {
      const b = yy * cw + xx;
      if (!sk[b] && !off[b]) continue;
      const [cr, cg] = chroma((yy + y0) * W + xx + x0);
      if (sk[b]) {
        sr += cr;
        sg += cg;
        ns++;
      } else {
        br += cr;
        bg += cg;
        nb++;
      }
    }
  }
  if (!ns || !nb) return true;
  const [pr, pg] = chroma((y + y0) * W + x + x0);
  const ax = sr / ns;
  const ay = sg / ns;
  const dx = br / nb - ax;
  const dy = bg / nb - ay;
  const t = Math.max(0, Math.min(1, ((pr - ax) * dx + (pg - ay) * dy) / (dx * dx + dy * dy || 1e-9)));
  return Math.hypot(pr - (ax + dx * t), pg - (ay + dy * t)) <= RIM_CHROMA;
}

/**
 * The old garment of this slot: person pixels in the slot's body zone that are neither skin nor hair, nor the
 * legwear that is kept (`legwear`, from `legwearMap`). `image` (the photo): thin rims along the skin are left only
 * where their colour is a blend of the skin and the background (`dropSkinRims`); with `background` (the scene's),
 * the background the mask reaches over is left as it is (`leaveBackground`).
 */
export function oldRegion(
  body: Body,
  maps: Maps,
  slot: EngineSlot,
  newBottom: number,
  waist: number | null,
  topEnd: number | null = null,
  legwear: Uint8Array | null = null,
  image: RgbaImage | null = null,
  background: BackgroundModel | null = null,
  hem: number | null = null,
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
    // from the new waistband's own line down: what is above it (the old top's hem, a dress's bodice) stays as it
    // was; filling from higher up left a flat skin band between the old top and the new waistband
    y0 = waistY(body, waist);
    y1 = ankleY - body.legL.widthEnd * 0.4;
  } else if (slot === 'shoes') {
    y0 = ankleY - body.legL.widthEnd * 0.6;
  }
  const caps = slot === 'shoes' ? [] : slot === 'bottom' ? legCapsules(body) : armCapsules(body);
  const upper = slot === 'top' || slot === 'outerwear' || slot === 'one-piece';
  // how far round a limb its old garment is taken (capsule radii): a top's old sleeves may be wide (they hang off
  // the arm: their outer strip was left beside the new sleeve)
  const reach = upper ? OLD_SLEEVE_REACH : 1.3;
  const feet =
    slot === 'shoes'
      ? [footBox(body, body.legL.end, body.legL.widthEnd), footBox(body, body.legR.end, body.legR.widthEnd)]
      : [];
  let zx0 = W;
  let zx1 = 0;
  for (const c of caps) {
    zx0 = Math.min(zx0, c[0] - c[4] * reach, c[2] - c[4] * reach);
    zx1 = Math.max(zx1, c[0] + c[4] * reach, c[2] + c[4] * reach);
  }
  for (const f of feet) {
    zx0 = Math.min(zx0, f.x - f.w * 0.15);
    zx1 = Math.max(zx1, f.x + f.w * 1.15);
  }
  // a dress's skirt may flare from the waist (a tutu's from its waistband: its flare above the hips' keypoints
  // was left beside a new dress as a pale wedge)
  const skirtTop = waistY(body, null);
  for (let y = Math.max(0, Math.round(y0)); y <= Math.min(H - 1, Math.round(y1)); y++) {
    const [tl, tr] = body.torsoEdges(y);
    const m = span * 0.18;
    const wide = slot === 'bottom' || (slot === 'one-piece' && y > skirtTop);
    const xa = wide ? 0 : Math.max(0, Math.floor(Math.min(zx0, tl - m)));
    const xb = wide ? W - 1 : Math.min(W - 1, Math.ceil(Math.max(zx1, tr + m)));
    for (let x = xa; x <= xb; x++) {
      const p = y * W + x;
      if ((mask[p] ?? 0) < 128 || maps.skin[p] || (maps.hair[p] ?? 0) >= 128 || maps.handArea[p]) continue;
      // stockings, tights, boots on the legs are kept where the new garment does not cover them (legwear.ts)
      if (legwear?.[p]) continue;
      // above the shoulders' line only the neck and the shoulders' slope are the old garment's: the mask beyond
      // them is loose hair or the mask's own overreach, kept as it is (filling it drew a box at the neckline)
      if (upper && y < body.neck.y && onBody(body, caps, x, y) < 0.5) continue;
      let inZone = false;
      if (slot === 'shoes') {
        for (const f of feet) if (x >= f.x - f.w * 0.15 && x <= f.x + f.w * 1.15 && y >= f.y - f.h * 0.2) inZone = true;
      } else if (slot === 'bottom' || (slot === 'one-piece' && y > skirtTop)) {
        // a bottom (or a dress's skirt) may flare anywhere across the row: all of the mask but the arms
        inZone = !body.onArm(x, y, 0.5);
      } else {
        // below the old top's end (bare skin across the middle) the torso is the bottom's: only the arms go on.
        // Outerwear is worn over what is there: the old top shows in its open front and below its hem, so only
        // the arms' old sleeves (round the new sleeves) are its business (filling the torso drew a blazer's
        // V-neck as bare skin over a dress)
        // The torso ends at the new top's own hem: its sleeves may reach lower (a hand at the hip), and below the
        // hem is the bottom's (filled down to the cuffs, the old skirt's waistband was painted a skin band)
        inZone =
          slot !== 'outerwear' &&
          x >= tl - m &&
          x <= tr + m &&
          (topEnd === null || y < topEnd) &&
          (hem === null || y <= hem);
        if (!inZone) {
          // (an index loop: per pixel, an entries() iterator ran unoptimised allocated its results)
          for (let k = 0; k < caps.length; k++) {
            const c = caps[k];
            if (!c || !inCapsule(x, y, c[0], c[1], c[2], c[3], c[4] * reach)) continue;
            // below the new hem, on the body's side of a hanging forearm, past the arm itself, is what is worn
            // below (an old skirt beside a hand at the hip): filled as the old sleeve, two skin blocks under the hem.
            // Beside the forearm (the odd capsules) that holds from where the old top ends (a shirt's curved hem
            // rises at its sides above the hem's middle)
            const below = k % 2 === 1 && topEnd !== null ? Math.min(topEnd, hem ?? topEnd) : hem;
            if (below !== null && y > below && !body.onArm(x, y) && towardBody(x, y, c, (tl + tr) / 2)) continue;
            inZone = true;
            break;
          }
        }
      }
      if (inZone) out[p] = 255;
    }
  }
  // (a bottom's only: a dress's region is also its room over the old skirt, `skirt-flare.test.ts`: taken for a maxi
  // dress over the tutu, it bit 0.22 spans out of the dress's side)
  if (slot === 'bottom') skinIslandsOff(out, body, maps, Math.max(y0, skirtTop), y1);
  dropSkinRims(out, maps.skin, mask, W, H, Math.max(2, Math.round(span * SKIN_RIM)), image);
  if (slot === 'bottom' || slot === 'one-piece') growIntoFringe(out, body, maps);
  // a top's old garment: its blurred edge in the mask's soft fringe by the torso's sides too (`topFringe`)
  else if (slot === 'top') topFringe(out, body, maps, y1, image, background);
  if (slot === 'one-piece' && image && background) {
    const hemRow = oldBelowHem(out, body, maps, legwear, newBottom);
    // (its tail's tips on the floor the person mask cut off too, from the hips down: a tail's tip beside a long
    // new hem was left as a dark streak, round 17, part X5)
    oldBeyondMask(out, body, maps, image, background, Math.min(hemRow ?? H, body.pelvis.y), H - 1);
  }
  if (slot === 'bottom' && image && background) oldBeyondMask(out, body, maps, image, background, y0, y1);
  if (image && background && slot !== 'shoes')
    leaveBackground(out, body, caps, image, background, slot === 'top' || slot === 'outerwear', BACKDROP_SHADE_BELOW);
  if (slot === 'bottom' || slot === 'one-piece') fillEnclosed(out, W, H, (span * ENCLOSED_HOLE) ** 2);
  if (slot === 'bottom') leaveBareLegs(out, body, maps, image);
  return out;
}

/** A skin-map island off the body at most this big (x the span, the side of a square) is the old skirt's. */
const SKIN_ISLAND = 0.3;
/**
 * An island within this many capsule radii of a leg's or an arm's axis is the limb's (the capsules are narrower than
 * a knee bent behind the other leg, cgi-model-15, or a calf's outer curve, ai-body: their edges were taken).
 */
const ISLAND_LIMB_ROOM = 2;

/**
 * Islands of the skin map off the body, beside an old skirt's region, are the skirt's (issue 38, round 28, part J1;
 * in place): a tutu's pink-lit frills along its hem pass the skin test; the region stopped at them, and what of them
 * the new bottom does not cover stayed beside it as a skin-coloured fleck in the backdrop's fill (cgi-model-2, left
 * of the hips). The skin map's pixels in the mask from the skirt's top down that are off the body (the torso, the
 * legs' and the arms' capsules: `onBody`; not a hand's box) are split into parts; a part under SKIN_ISLAND spans
 * square that touches the region and no hand's box (fingers past it) is the region's.
 */
function skinIslandsOff(out: Uint8Array, body: Body, maps: Maps, y0: number, y1: number): void {
  const { width: W, height: H, mask } = body;
  const ya = Math.max(1, Math.round(y0));
  const yb = Math.min(H - 2, Math.round(y1));
  if (yb <= ya) return;
  const caps = [...legCapsules(body), ...armCapsules(body)];
  // (`onBody` below the neck: its torso and capsules)
  const torsoTo = body.pelvis.y + body.torsoH * 0.1;
  // 0 not yet read, 1 an island's candidate (skin in the mask off the body, not a hand's box), 2 not, 3 taken
  const state = new Uint8Array(W * H);
  const candidate = (p: number): boolean => {
    if (!state[p]) {
      const x = p % W;
      const y = (p - x) / W;
      let ok = y >= ya && y <= yb && !!maps.skin[p] && (mask[p] ?? 0) >= 128 && !maps.handArea[p] && !out[p];
      if (ok && y <= torsoTo) {
        const [tl, tr] = body.torsoEdges(y);
        if (x >= tl && x <= tr) ok = false;
      }
      for (const c of caps) {
        if (!ok) break;
        if (inCapsule(x, y, c[0] ?? 0, c[1] ?? 0, c[2] ?? 0, c[3] ?? 0, (c[4] ?? 0) * ISLAND_LIMB_ROOM)) ok = false;
      }
      state[p] = ok ? 1 : 2;
    }
    return state[p] === 1;
  };
  const most = (body.span * SKIN_ISLAND) ** 2;
  const stack: number[] = [];
  const piece: number[] = [];
  // flood from each candidate next to the region, through candidates, up to `most` pixels
  for (let y = ya; y <= yb; y++) {
    for (let x = 1, p = y * W + 1; x < W - 1; x++, p++) {
      if (out[p] || !maps.skin[p] || state[p] || !(out[p - 1] || out[p + 1] || out[p - W] || out[p + W])) continue;
      if (!candidate(p)) continue;
      stack.length = 0;
      piece.length = 0;
      state[p] = 3;
      stack.push(p);
      let hand = false;
      while (stack.length && piece.length <= most) {
        const q = stack.pop() ?? 0;
        piece.push(q);
        const qx = q % W;
        for (const n of [qx > 0 ? q - 1 : -1, qx < W - 1 ? q + 1 : -1, q - W, q + W]) {
          if (n < 0 || n >= W * H) continue;
          // next to a hand's box: its fingers past it
          if (maps.handArea[n]) hand = true;
          if (state[n] !== 3 && candidate(n)) {
            state[n] = 3;
            stack.push(n);
          }
        }
      }
      // (a part too large or by a hand: its pixels stay marked, not taken)
      if (hand || piece.length > most || stack.length) continue;
      for (const q of piece) out[q] = 255;
    }
  }
}

/** Below a dress's hem, the mask this far (x the legs' capsule radii) from the legs' axes is the legs' own. */
const BELOW_HEM_LEG = 1.5;

/**
 * The old garment below a new one-piece's hem and off the legs (in place): a long old dress's skirt or its tail
 * trailing on the floor, which the new dress's own region (down to its hem) left as it was, black below a midi's
 * hem. The mask there, away from the legs' capsules (BELOW_HEM_LEG) and the feet, that is neither skin, hair, a hand
 * nor legwear, is the old garment; whatever of it is the backdrop is left by `leaveBackground`. What is on the legs
 * below the hem (old trousers' legs) stays as it was. Returns the first row taken, or null when none.
 */
function oldBelowHem(
  out: Uint8Array,
  body: Body,
  maps: Maps,
  legwear: Uint8Array | null,
  newBottom: number,
): number | null {
  const { width: W, height: H, mask } = body;
  const caps = legCapsules(body);
  const feet = [footBox(body, body.legL.end, body.legL.widthEnd), footBox(body, body.legR.end, body.legR.widthEnd)];
  const y0 = Math.max(0, Math.ceil(newBottom) + 1);
  let first: number | null = null;
  for (let y = y0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const p = y * W + x;
      if ((mask[p] ?? 0) < 128 || out[p] || maps.skin[p] || (maps.hair[p] ?? 0) >= 128 || maps.handArea[p]) continue;
      if (legwear?.[p] || body.onArm(x, y, 0.5)) continue;
      let leg = false;
      for (const c of caps) if (inCapsule(x, y, c[0], c[1], c[2], c[3], c[4] * BELOW_HEM_LEG)) leg = true;
      for (const f of feet) if (x >= f.x - f.w * 0.3 && x <= f.x + f.w * 1.3 && y >= f.y - f.h * 0.3) leg = true;
      if (leg) continue;
      out[p] = 255;
      first ??= y;
    }
  }
  return first;
}

/**
 * Whether (x, y) lies on the body's side (towards `cx`, the torso's middle on its row) of capsule `c`'s axis
 * (`[ax, ay, bx, by, r]`): the side between a hanging arm and the hips.
 */
function towardBody(x: number, y: number, c: readonly number[], cx: number): boolean {
  const ax = c[0] ?? 0;
  const ay = c[1] ?? 0;
  const dx = (c[2] ?? 0) - ax;
  const dy = (c[3] ?? 0) - ay;
  const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy || 1)));
  const qx = ax + dx * t;
  return (x - qx) * (cx - qx) > 0;
}

/** Steps along a leg (hip-knee-ankle) at which its axis is tested for bare skin (`leaveBareLegs`). */
const BARE_LEG_STEPS = 20;
/** A leg's step is bare when at least this share of its axis's middle half across passes the skin test. */
const BARE_LEG_SKIN = 0.6;
/** The lowest steps (an ankle strap, a ballet shoe's ribbons) a leg's bare run may start above. */
export const BARE_LEG_FOOT_STEPS = 2;
/** A pixel off the skin test is the leg's own shaded skin within this hue (degrees) of the leg's skin... */
export const BARE_LEG_HUE = 9;
/** ...at least this share of its saturation (a pale old tulle or a white sock is not)... */
export const BARE_LEG_SAT = 0.5;
/** ...and at least this share of its lit brightness (a shaded side is lit by the room; a dark sheen is not skin). */
export const BARE_LEG_DARK = 0.7;
/** How far (x the bare capsule's radius) the leg's own bare pixels are left beyond it. */
export const BARE_LEG_EDGE = 1.6;

/** Hue (degrees), saturation and value (the brightest channel) of pixel `p` into `into`; hue NaN for a grey. */
function hueSat(d: Uint8ClampedArray | Uint8Array, p: number, into: Float64Array): void {
  const r = d[p * 4] ?? 0;
  const g = d[p * 4 + 1] ?? 0;
  const b = d[p * 4 + 2] ?? 0;
  const mx = Math.max(r, g, b);
  const c = mx - Math.min(r, g, b);
  into[2] = mx;
  if (mx <= 0 || c <= 0) {
    into[0] = NaN;
    into[1] = 0;
    return;
  }
  const h = mx === r ? ((g - b) / c) % 6 : mx === g ? (b - r) / c + 2 : (r - g) / c + 4;
  into[0] = (h * 60 + 360) % 360;
  into[1] = c / mx;
}

/**
 * The hue, saturation and value of a leg's own bare skin (`leaveBareLegs`): the mean hue, the median saturation
 * and the lit value (upper quartile) of the pixels that pass the skin test within the shin's capsule; null with
 * under 30 of them.
 */
function legSkinHue(body: Body, maps: Maps, image: RgbaImage, leg: Body['legL']): [number, number, number] | null {
  const { width: W, height: H } = body;
  const r = leg.widthEnd * 0.5;
  const x0 = Math.max(0, Math.floor(Math.min(leg.mid.x, leg.end.x) - r));
  const x1 = Math.min(W - 1, Math.ceil(Math.max(leg.mid.x, leg.end.x) + r));
  const y0 = Math.max(0, Math.floor(Math.min(leg.mid.y, leg.end.y) - r));
  const y1 = Math.min(H - 1, Math.ceil(Math.max(leg.mid.y, leg.end.y) + r));
  let cx = 0;
  let cy = 0;
  const sats: number[] = [];
  const vals: number[] = [];
  const hsv = new Float64Array(3);
  for (let y = y0; y <= y1; y += 2) {
    for (let x = x0; x <= x1; x += 2) {
      const p = y * W + x;
      if (!maps.skin[p] || !inCapsule(x, y, leg.mid.x, leg.mid.y, leg.end.x, leg.end.y, r)) continue;
      hueSat(image.data, p, hsv);
      const h = hsv[0] ?? NaN;
      if (Number.isNaN(h)) continue;
      vals.push(hsv[2] ?? 0);
      cx += Math.cos((h * Math.PI) / 180);
      cy += Math.sin((h * Math.PI) / 180);
      sats.push(hsv[1] ?? 0);
    }
  }
  if (sats.length < 30) return null;
  sats.sort((a, b) => a - b);
  vals.sort((a, b) => a - b);
  const mid = sats.length >> 1;
  return [((Math.atan2(cy, cx) * 180) / Math.PI + 360) % 360, sats[mid] ?? 0, vals[(vals.length * 3) >> 2] ?? 0];
}

/**
 * A bare leg below the old bottom is no old garment: per leg, from the first step along its hip-knee-ankle line
 * from which every step down to the ankle is bare skin (plus two steps: the capsule's round end), the leg's capsule is left as it is. The
 * shaded outline of a bare calf fails the skin test and was filled with the backdrop (white bites down the back
 * calf); an old dress's tail or a tutu over the leg keeps its steps clothed, so it is filled as before.
 * A leg whose ankle step already fails the skin test (lit in a coloured light, a tutu's pink-lit shins; with
 * `image`) is walked again with pixels of its own skin's hue bare too (taken where that reaches higher than the skin
 * test past the ankle's steps) (`legSkinHue`: within BARE_LEG_HUE, at least
 * BARE_LEG_SAT of its saturation and BARE_LEG_DARK of its lit brightness), from up to BARE_LEG_FOOT_STEPS above the
 * ankle (a strap, a ballet shoe's ribbons); beyond its capsule, the pixels that pass are left too, on the shin
 * out to BARE_LEG_EDGE of the capsule (the pose's line off the shin's middle).
 * Without, the whole leg below a tutu was repainted: a blurred, half-translucent leg (issue 38, round 20, part A1).
 */
function leaveBareLegs(old: Uint8Array, body: Body, maps: Maps, image: RgbaImage | null = null): void {
  const { width: W, height: H, mask } = body;
  for (const leg of [body.legL, body.legR]) {
    let ref: [number, number, number] | null = null;
    // the leg's own skin in a coloured light: its hue, saturation and lit brightness
    const hsv = new Float64Array(3);
    const tinted = (p: number): boolean => {
      if (!ref || !image) return false;
      hueSat(image.data, p, hsv);
      const dh = Math.abs((((hsv[0] ?? NaN) - ref[0] + 540) % 360) - 180);
      return dh <= BARE_LEG_HUE && (hsv[1] ?? 0) >= ref[1] * BARE_LEG_SAT && (hsv[2] ?? 0) >= ref[2] * BARE_LEG_DARK;
    };
    const at = (t: number) => {
      const u = Math.min(1, t * 2);
      const v = Math.max(0, t * 2 - 1);
      return t <= 0.5
        ? { x: leg.root.x + (leg.mid.x - leg.root.x) * u, y: leg.root.y + (leg.mid.y - leg.root.y) * u }
        : { x: leg.mid.x + (leg.end.x - leg.mid.x) * v, y: leg.mid.y + (leg.end.y - leg.mid.y) * v };
    };
    // the first step from which every step down to the ankle (but its lowest BARE_LEG_FOOT_STEPS, with `foot`)
    // is bare by `bare`; BARE_LEG_STEPS + 1 if none
    const walk = (bare: (p: number) => boolean, foot: boolean): number => {
      let from = BARE_LEG_STEPS + 1;
      for (let i = BARE_LEG_STEPS; i >= 0; i--) {
        const c = at(i / BARE_LEG_STEPS);
        const r = Math.max(1, Math.round((i <= BARE_LEG_STEPS / 2 ? leg.widthRoot : leg.widthEnd) * 0.25));
        let n = 0;
        let sk = 0;
        for (let y = Math.round(c.y) - r; y <= Math.round(c.y) + r; y++) {
          for (let x = Math.round(c.x) - r; x <= Math.round(c.x) + r; x++) {
            if (x < 0 || y < 0 || x >= W || y >= H || (mask[y * W + x] ?? 0) < 128) continue;
            n++;
            if (bare(y * W + x)) sk++;
          }
        }
        if (n < 4 || sk / n < BARE_LEG_SKIN) {
          // (an ankle's strap or ribbons below the bare shin)
          if (foot && i > BARE_LEG_STEPS - BARE_LEG_FOOT_STEPS) {
            from = BARE_LEG_STEPS + 1;
            continue;
          }
          break;
        }
        from = i;
      }
      return from;
    };
    const skinOnly = (p: number) => (maps.skin[p] ?? 0) > 0;
    const bare = (p: number) => skinOnly(p) || tinted(p);
    let from = walk(skinOnly, false);
    // a leg the skin test fails at its ankle, whose own hue carries the bare run further up than the skin test
    // does (lit in a coloured light; not a bare leg's strap alone)
    if (from > BARE_LEG_STEPS && image) ref = legSkinHue(body, maps, image, leg);
    const byHue = ref !== null ? walk(bare, true) : from;
    const lit = byHue < from && byHue < walk(skinOnly, true);
    if (lit) from = byHue;
    if (from >= BARE_LEG_STEPS) continue;
    const t0 = Math.min(1, (from + 2) / BARE_LEG_STEPS);
    const a = at(t0);
    // the capsules from there to the ankle: on the thigh (if it starts there) and on the shin
    const caps: [number, number, number, number, number][] =
      t0 < 0.5
        ? [
            [a.x, a.y, leg.mid.x, leg.mid.y, leg.widthRoot * 0.62],
            [leg.mid.x, leg.mid.y, leg.end.x, leg.end.y, leg.widthEnd * 0.62],
          ]
        : [[a.x, a.y, leg.end.x, leg.end.y, leg.widthEnd * 0.62]];
    for (const [k, c] of caps.entries()) {
      // (a lit leg beside the shin, out to BARE_LEG_EDGE of the capsule: the pose's line off the shin's middle left its
      // far edge, filled as a skin streak beside the photo's leg; not up by the hips, where a hand lies beside it)
      const far = lit && k === caps.length - 1 ? c[4] * BARE_LEG_EDGE : c[4];
      const x0 = Math.max(0, Math.floor(Math.min(c[0], c[2]) - far));
      const x1 = Math.min(W - 1, Math.ceil(Math.max(c[0], c[2]) + far));
      const y0 = Math.max(0, Math.floor(Math.min(c[1], c[3]) - far));
      const y1 = Math.min(H - 1, Math.ceil(Math.max(c[1], c[3]) + far));
      for (let y = y0; y <= y1; y++)
        for (let x = x0; x <= x1; x++) {
          const p = y * W + x;
          if (!old[p] || !inCapsule(x, y, c[0], c[1], c[2], c[3], far)) continue;
          if (far === c[4] || inCapsule(x, y, c[0], c[1], c[2], c[3], c[4]) || bare(p)) old[p] = 0;
        }
    }
  }
}

/** Steps along each arm bone (shoulder-elbow, elbow-wrist) at which the arm's own skin is measured across it. */
const ARM_RUN_STEPS = 20;
/** Room (x the arm's half-width measured, plus 1 px) beyond an arm's own skin before a pixel is beside it. */
const ARM_RUN_ROOM = 0.15;
/**
 * Beside an arm, a background-coloured pixel darker than the backdrop by this share (its sum's ratio below it) that
 * the old region joins to the torso's side along its row (within BESIDE_SIDE_RUN spans) is the old garment's own side
 * turning away in shade (a white dress's grey side below the armpit), not the backdrop: it stays old.
 */
const BESIDE_SIDE_SHADE = 0.9;
/** How far (x the span) along its row the old region may run from the torso's side out to such a shaded pixel. */
const BESIDE_SIDE_RUN = 0.1;

/**
 * The backdrop beside a bare arm is not the old garment (issue 38, round 10, part P13; in place): the person mask
 * overreaches a few pixels to a span's tenth along an arm (over the backdrop above a lifted arm, beside an upper
 * arm), and those pixels (taken as the old garment's, then filled: a pale ragged fringe beside the arm) are left
 * as the photo's where, by geometry, they lie off the body: beyond the arm's own skin across its bone (the run of
 * skin through the bone's line, measured every 1/ARM_RUN_STEPS of it, with ARM_RUN_ROOM) on both bones, outside
 * the torso's edges on their row, and of the background's colour. Unlike `leaveBackground` this holds when the old
 * garment is of the background's colour too (a white dress on a white wall): where the geometry says off the body
 * the colour only tells the backdrop from an old sleeve hanging off the arm. A step where the skin does not show
 * across the bone takes the last measured step's extent; before the first one (an old sleeve's top), and on a
 * bone measured at fewer than 3 steps, nothing is decided. A pixel in shade (`BESIDE_SIDE_SHADE`) joined to the
 * torso's side by the old region along its row stays old (round 23, part E3: ai-body's white dress's grey side below
 * the armpit, left as a grey-white ghost between a tank's side and the arm).
 */
export function leaveBesideArms(
  region: Uint8Array,
  body: Body,
  maps: Maps,
  image: RgbaImage,
  bg: BackgroundModel,
): void {
  const { width: W, height: H } = body;
  const skinAt = (x: number, y: number) => {
    const xi = Math.round(x);
    const yi = Math.round(y);
    return xi >= 0 && yi >= 0 && xi < W && yi < H && maps.skin[yi * W + xi] === 255;
  };
  // per bone: its ends, unit normal, and the skin's extent each side of its line at each step (NaN: not measured)
  const bones: {
    ax: number;
    ay: number;
    dx: number;
    dy: number;
    l2: number;
    nx: number;
    ny: number;
    lo: Float32Array;
    hi: Float32Array;
    reach: number;
  }[] = [];
  for (const arm of [body.armL, body.armR]) {
    for (const [a, b, wd] of [
      [arm.root, arm.mid, arm.widthRoot],
      [arm.mid, arm.end, arm.widthEnd],
    ] as const) {
      const dx = b.x - a.x;
      const dy = b.y - a.y;
      const len = Math.hypot(dx, dy);
      if (len < 4) continue;
      const nx = -dy / len;
      const ny = dx / len;
      const limit = wd * 1.5;
      const lo = new Float32Array(ARM_RUN_STEPS + 1).fill(NaN);
      const hi = new Float32Array(ARM_RUN_STEPS + 1).fill(NaN);
      let n = 0;
      for (let i = 0; i <= ARM_RUN_STEPS; i++) {
        const cx = a.x + (dx * i) / ARM_RUN_STEPS;
        const cy = a.y + (dy * i) / ARM_RUN_STEPS;
        if (!skinAt(cx, cy)) continue;
        const e = [0, 0];
        for (const [k, sgn] of [-1, 1].entries()) {
          let gap = 0;
          for (let d = 1; d <= limit; d++) {
            if (skinAt(cx + nx * d * sgn, cy + ny * d * sgn)) {
              e[k] = d;
              gap = 0;
            } else if (++gap > 2) break;
          }
        }
        const room = (((e[0] ?? 0) + (e[1] ?? 0)) / 2) * ARM_RUN_ROOM + 1;
        lo[i] = -(e[0] ?? 0) - room;
        hi[i] = (e[1] ?? 0) + room;
        n++;
      }
      if (n < 3) continue;
      // steps not measured take their nearest measured neighbour's extent (only between measured ones)
      for (const arr of [lo, hi]) {
        let last = NaN;
        for (let i = 0; i <= ARM_RUN_STEPS; i++) {
          if (Number.isNaN(arr[i] ?? 0)) arr[i] = last;
          else last = arr[i] ?? 0;
        }
      }
      bones.push({ ax: a.x, ay: a.y, dx, dy, l2: len * len, nx, ny, lo, hi, reach: wd * OLD_SLEEVE_REACH });
    }
  }
  if (!bones.length) return;
  const v = [0, 0, 0];
  const torso = new Float64Array(H * 2).fill(NaN);
  const tTop = body.neck.y;
  const tBottom = body.pelvis.y + body.torsoH * 0.1;
  const reachSide = body.span * BESIDE_SIDE_RUN;
  const u = [0, 0, 0];
  // the old garment's own side in shade (`BESIDE_SIDE_SHADE`), joined to the torso along its row by the old region,
  // where the old garment at the torso's side is of the backdrop's colour too
  const shadedSide = (x: number, y: number, p: number, tl: number, tr: number): boolean => {
    if (tr < tl) return false;
    const d = image.data;
    const s = (d[p * 4] ?? 0) + (d[p * 4 + 1] ?? 0) + (d[p * 4 + 2] ?? 0);
    if (s >= ((v[0] ?? 0) + (v[1] ?? 0) + (v[2] ?? 0)) * BESIDE_SIDE_SHADE) return false;
    const step = x < tl ? 1 : -1;
    const edge = x < tl ? tl : tr;
    for (let k = 1; k <= reachSide; k++) {
      const xx = x + k * step;
      // (an old garment of the backdrop's colour there: a dark one beside a shaded gap is not turning away from it)
      if ((step > 0 && xx >= edge) || (step < 0 && xx <= edge)) return looksLikeBackground(image, bg, y * W + xx, u);
      if (!region[y * W + xx]) return false;
    }
    return false;
  };
  // only the bones' boxes (their reach round them) are looked at
  for (const box of bones) {
    const ex = box.ax + box.dx;
    const ey = box.ay + box.dy;
    const bx0 = Math.max(0, Math.floor(Math.min(box.ax, ex) - box.reach));
    const bx1 = Math.min(W - 1, Math.ceil(Math.max(box.ax, ex) + box.reach));
    const by0 = Math.max(0, Math.floor(Math.min(box.ay, ey) - box.reach));
    const by1 = Math.min(H - 1, Math.ceil(Math.max(box.ay, ey) + box.reach));
    for (let y = by0; y <= by1; y++) {
      const inRows = y >= tTop && y <= tBottom;
      const [tl, tr] = inRows ? torsoEdgesAt(body, torso, y) : [0, -1];
      for (let x = bx0; x <= bx1; x++) {
        const p = y * W + x;
        if (!region[p] || (x >= tl && x <= tr)) continue;
        let beside = false;
        let onArm = false;
        for (const bn of bones) {
          const t = ((x - bn.ax) * bn.dx + (y - bn.ay) * bn.dy) / bn.l2;
          if (t < 0 || t > 1) continue;
          const s = (x - bn.ax) * bn.nx + (y - bn.ay) * bn.ny;
          if (Math.abs(s) > bn.reach) continue;
          const i = Math.round(t * ARM_RUN_STEPS);
          const lo = bn.lo[i] ?? 0;
          // not measured (before the first skin across this bone: a sleeve), or within the arm's own skin
          if (Number.isNaN(lo) || (s >= lo && s <= (bn.hi[i] ?? 0))) {
            onArm = true;
            break;
          }
          beside = true;
        }
        if (beside && !onArm && looksLikeBackground(image, bg, p, v) && !shadedSide(x, y, p, tl, tr)) region[p] = 0;
      }
    }
  }
}

/**
 * Below the waist a top's old region stops at its hip line on a side whose mask flares past the hips (part P14,
 * `PlacedGarment.hips`: a tutu, a full skirt): what is out there is the old skirt's flare, worn on below and beside
 * the new top's hem, not the old top (filled, it drew boxes of backdrop or skin into the tutu beside the hem).
 */
export function oldBesideHips(old: Uint8Array, body: Body, hips: HipLine): void {
  const { width: W, height: H } = body;
  // (an old sleeve on an arm hanging there is the old top's still)
  const keep = (x: number, y: number) => {
    const p = y * W + x;
    if (old[p] && !body.onArm(x, y)) old[p] = 0;
  };
  for (let y = Math.max(0, Math.ceil(hips.y)); y < H; y++) {
    const [l, r] = hipSides(hips, y);
    if (hips.cut[0]) for (let x = Math.min(W, Math.floor(l)) - 1; x >= 0; x--) keep(x, y);
    if (hips.cut[1]) for (let x = Math.max(0, Math.ceil(r) + 1); x < W; x++) keep(x, y);
  }
}

/** The old garment's on-body pixels may be at most this share background-coloured for any to be left as background. */
export const BG_GARMENT_SHARE = 0.3;
/** Background-coloured parts of the old region narrower than twice this (x the span) are the old garment's (a sheen). */
const BG_OPEN = 0.02;

/**
 * The background the person mask reaches over is not the old garment (issue 38, round 3, part F1): the mask's
 * overreach beside a tutu or a dress's skirt, the gap between legs that the mask closes, was filled as old
 * clothing (a smooth pink haze with the backdrop's sparkle and folds gone, skin smeared between the calves). Pixels
 * of the old region with the background's colour there (`looksLikeBackground`), in parts at least 2 x BG_OPEN spans
 * across, are left as they are (in place). Not when the old garment itself is of the background's colour (more
 * than BG_GARMENT_SHARE of its pixels on the body pass the test: a white dress on a white wall).
 * `shaded` (a top's old region round the arms and shoulders; round 5, part H4): the backdrop in shade beside the
 * body is taken too (below), and its sparkle closed over (the region there is the arms' and the backdrop's, not
 * a bottom's translucent tulle, whose frills and trim would be left as specks).
 */
export function leaveBackground(
  region: Uint8Array,
  body: Body,
  caps: (readonly number[])[],
  image: RgbaImage,
  bg: BackgroundModel,
  shaded = false,
  shadeHue = shaded,
): void {
  const { width: W, height: H } = body;
  const like = new Uint8Array(W * H);
  const v = [0, 0, 0];
  let onN = 0;
  let onLike = 0;
  let any = false;
  // the old garment's own colours, from the body's core (where the mask's overreach over the backdrop never is)
  const core = garmentCore(body, caps);
  const hist = new Uint32Array(COLOUR_BINS ** 3);
  let coreN = 0;
  for (let p = 0; p < region.length; p++) {
    if (!region[p]) continue;
    const is = looksLikeBackground(image, bg, p, v);
    if (is) {
      like[p] = 255;
      any = true;
    }
    // the old garment on the body (sampled): is it itself of the background's colour?
    if ((p & 3) === 0 && onBody(body, caps, p % W, (p / W) | 0) >= 0.99) {
      onN++;
      if (is) onLike++;
    }
    if (shaded && (p & 1) === 0 && core(p % W, (p / W) | 0)) {
      const bin = colourBin(image.data, p);
      hist[bin] = (hist[bin] ?? 0) + 1;
      coreN++;
    }
  }
  if (onN > 0 && onLike / onN > BG_GARMENT_SHARE) return;
  // a backdrop in shade beside the body (a curtain's fold darker and more saturated where an arm is raised over
  // it or beside an elbow, its red channel clipped in the light) is a little off the backdrop's diffused colour:
  // it is still the backdrop where it is nearly of that colour (twice BG_CHROMA), or of a saturated backdrop's hue
  // (`sameHue`), and of none of the old garment's own colours (a pink ghost box of skin was painted over it beside
  // a raised elbow, a skin blob beyond the other elbow)
  const near3 = shaded && coreN >= GARMENT_CORE_MIN ? neighbourhoodSums(hist) : null;
  // (taken for the backdrop in its shade only: up to 2 x BG_CHROMA off its colour)
  const inShade = new Uint8Array(near3 ? W * H : 0);
  if (shadeHue && (near3 || !shaded)) {
    const few = coreN * GARMENT_COLOUR_RARE;
    const r = image.data;
    const shade: number[] = [];
    let onShade = 0;
    for (let p = 0; p < region.length; p++) {
      if (!region[p] || like[p]) continue;
      // (below a top: a pixel paler than any saturated backdrop is none of it; read before the backdrop's colour)
      if (!shaded) {
        const mx = Math.max(r[p * 4] ?? 0, r[p * 4 + 1] ?? 0, r[p * 4 + 2] ?? 0);
        if (mx <= 0 || mx - Math.min(r[p * 4] ?? 0, r[p * 4 + 1] ?? 0, r[p * 4 + 2] ?? 0) < mx * BG_HUE_SAT) continue;
      }
      bg.at(p % W, (p / W) | 0, v);
      const s = (r[p * 4] ?? 0) + (r[p * 4 + 1] ?? 0) + (r[p * 4 + 2] ?? 0) + 1;
      const bs = (v[0] ?? 0) + (v[1] ?? 0) + (v[2] ?? 0) + 1;
      const ratio = s / bs;
      if (ratio < BG_LUM[0] || ratio > BG_LUM[1]) continue;
      const near =
        Math.hypot((r[p * 4] ?? 0) / s - (v[0] ?? 0) / bs, (r[p * 4 + 1] ?? 0) / s - (v[1] ?? 0) / bs) <= BG_CHROMA * 2;
      if (!near && !sameHue(r[p * 4] ?? 0, r[p * 4 + 1] ?? 0, r[p * 4 + 2] ?? 0, v)) continue;
      if (near3) {
        if ((near3[colourBin(r, p)] ?? 0) > few) continue;
      } else {
        // below a top (`shadeHue` alone): as saturated as the backdrop (a tulle over it has its colours, paler)
        const mx = Math.max(r[p * 4] ?? 0, r[p * 4 + 1] ?? 0, r[p * 4 + 2] ?? 0);
        const sat = mx > 0 ? (mx - Math.min(r[p * 4] ?? 0, r[p * 4 + 1] ?? 0, r[p * 4 + 2] ?? 0)) / mx : 0;
        const bmx = Math.max(v[0] ?? 0, v[1] ?? 0, v[2] ?? 0);
        const bsat = bmx > 0 ? (bmx - Math.min(v[0] ?? 0, v[1] ?? 0, v[2] ?? 0)) / bmx : 0;
        if (bsat < BG_HUE_SAT || sat < bsat * BACKDROP_SHADE_SAT) continue;
        if ((p & 3) === 0 && onBody(body, caps, p % W, (p / W) | 0) >= 0.99) onShade++;
      }
      shade.push(p);
    }
    // (not when the old garment on the body is itself of the backdrop's hue: a pink skirt before a pink curtain)
    if (shaded || onN === 0 || (onLike + onShade) / onN <= BG_GARMENT_SHARE) {
      for (const p of shade) {
        like[p] = 255;
        if (near3) inShade[p] = 1;
      }
      if (shade.length) any = true;
    }
  }
  if (!any) return;
  const r = Math.max(1, Math.round(body.span * BG_OPEN));
  // opened on the region's box only
  let x0 = W;
  let x1 = -1;
  let y0 = H;
  let y1 = -1;
  for (let y = 0; y < H; y++) {
    const row = like.subarray(y * W, y * W + W);
    const a = row.indexOf(255);
    if (a < 0) continue;
    x0 = Math.min(x0, a);
    x1 = Math.max(x1, row.lastIndexOf(255));
    if (y < y0) y0 = y;
    y1 = y;
  }
  x0 = Math.max(0, x0 - r - 1);
  y0 = Math.max(0, y0 - r - 1);
  x1 = Math.min(W - 1, x1 + r + 1);
  y1 = Math.min(H - 1, y1 + r + 1);
  const cw = x1 - x0 + 1;
  const ch = y1 - y0 + 1;
  const crop = new Uint8Array(cw * ch);
  for (let y = 0; y < ch; y++) crop.set(like.subarray((y + y0) * W + x0, (y + y0) * W + x0 + cw), y * cw);
  // closed first: a backdrop's sparkle (bright flecks of the old garment's whites) in it is the backdrop's too,
  // not holes that the opening widened until nothing of a sparkling curtain was left
  const closed = shaded ? erode(dilate(crop, cw, ch, r), cw, ch, r) : crop;
  const opened = dilate(erode(closed, cw, ch, r), cw, ch, r);
  // what is off the backdrop's colour towards the old garment's is the garment's blended edge: kept in the region
  // (`blendedEdge`)
  const blend = blendedEdge(image, bg, near3);
  const released = new Uint8Array(cw * ch);
  for (let y = 0; y < ch; y++) {
    for (let x = 0; x < cw; x++) {
      const p = (y + y0) * W + x + x0;
      if (!opened[y * cw + x] || !(shaded || like[p])) continue;
      // (what passed `looksLikeBackground` is within BG_CHROMA of the backdrop's colour)
      if (blend && (!like[p] || inShade[p]) && blend(p, BG_CHROMA)) continue;
      region[p] = 0;
      released[y * cw + x] = 1;
    }
  }
  if (shaded) keepEnclosedOnTorso(region, released, body, x0, y0, cw, ch);
  // and the blend's faint rim beside what stays (released, or off the person's mask), a little off towards the old
  // garment (BLEND_RIM), pixel by pixel
  for (let pass = 0; blend && pass < r; pass++) {
    const back: number[] = [];
    for (let y = Math.max(1, y0); y <= Math.min(H - 2, y1); y++) {
      for (let x = Math.max(1, x0); x <= Math.min(W - 2, x1); x++) {
        const p = y * W + x;
        if (region[p] || !(released[(y - y0) * cw + x - x0] || (body.mask[p] ?? 0) < 128)) continue;
        if (!(region[p - 1] || region[p + 1] || region[p - W] || region[p + W])) continue;
        if (blend(p, BG_CHROMA * BLEND_RIM) || towardNeighbour(image, bg, region, p)) back.push(p);
      }
    }
    if (back.length === 0) break;
    for (const p of back) region[p] = 255;
  }
}

/** Beside a pixel of the old region this far (x BG_CHROMA) or more off the backdrop's chroma, ... */
const RIM_OLD_OFF = 0.5;
/** ...a pixel this far (x BG_CHROMA) off it, towards that pixel's own colour (BLEND_TOWARD), ... */
const RIM_OLD_MIN = 0.2;

/**
 * ...is its blurred rim (`leaveBackground`'s rim pass; issue 38, round 23, part E4): the old garment in shade is of
 * another hue than its commonest colour (`blendedEdge`: cgi-model-27's lilac tee bluish under her raised arm), and its
 * blur past the person's mask beside the armpit was left as the photo, a lilac speck the seam spread into the fill.
 */
function towardNeighbour(image: RgbaImage, bg: BackgroundModel, region: Uint8Array, p: number): boolean {
  const W = image.width;
  const d = image.data;
  const v = [0, 0, 0];
  bg.at(p % W, (p / W) | 0, v);
  const bs = (v[0] ?? 0) + (v[1] ?? 0) + (v[2] ?? 0) + 1;
  const br = (v[0] ?? 0) / bs;
  const bgc = (v[1] ?? 0) / bs;
  const s = (d[p * 4] ?? 0) + (d[p * 4 + 1] ?? 0) + (d[p * 4 + 2] ?? 0) + 1;
  const ox = (d[p * 4] ?? 0) / s - br;
  const oy = (d[p * 4 + 1] ?? 0) / s - bgc;
  const off = Math.hypot(ox, oy);
  if (off <= BG_CHROMA * RIM_OLD_MIN) return false;
  for (let k = 0; k < 4; k++) {
    const q = k === 0 ? p - 1 : k === 1 ? p + 1 : k === 2 ? p - W : p + W;
    if (!region[q]) continue;
    const t = (d[q * 4] ?? 0) + (d[q * 4 + 1] ?? 0) + (d[q * 4 + 2] ?? 0) + 1;
    const tx = (d[q * 4] ?? 0) / t - br;
    const ty = (d[q * 4 + 1] ?? 0) / t - bgc;
    const to = Math.hypot(tx, ty);
    if (to >= BG_CHROMA * RIM_OLD_OFF && (ox * tx + oy * ty) / (off * to) >= BLEND_TOWARD) return true;
  }
  return false;
}

/** A released part enclosed on the torso is the old garment's only this far (x the span) inside the torso's sides. */
const ENCLOSED_TORSO_IN = 0.05;
/** (nor within this (x an arm's capsule radius) of an arm: the backdrop in the gap between a forearm and the torso) */
const ENCLOSED_ARM_REACH = 1.5;

/**
 * A part `leaveBackground` released that touches nothing off the person's mask and lies inside the torso's sides
 * (ENCLOSED_TORSO_IN in) is the old garment of the backdrop's colour, not the backdrop (issue 38, round 22, part
 * C1b): a pale blue cami's lace before a blue-grey wall, released in blocks on the chest, stayed above a new
 * camisole's neckline. Put back into `region` (in place); `released` is over the box x0, y0, cw x ch.
 */
function keepEnclosedOnTorso(
  region: Uint8Array,
  released: Uint8Array,
  body: Body,
  x0: number,
  y0: number,
  cw: number,
  ch: number,
): void {
  const { width: W, height: H, mask } = body;
  const m = body.span * ENCLOSED_TORSO_IN;
  // (the torso's sides shrunk by m, per row of the box)
  const sides = new Float32Array(ch * 2);
  for (let by = 0; by < ch; by++) {
    const [tl, tr] = body.torsoEdges(by + y0);
    sides[by * 2] = tl + m;
    sides[by * 2 + 1] = tr - m;
  }
  const seen = new Uint8Array(cw * ch);
  const stack: number[] = [];
  const part: number[] = [];
  for (let s = 0; s < cw * ch; s++) {
    if (!released[s] || seen[s]) continue;
    seen[s] = 1;
    stack.push(s);
    part.length = 0;
    let open = false;
    while (stack.length) {
      const b = stack.pop() ?? 0;
      part.push(b);
      const bx = b % cw;
      const by = (b / cw) | 0;
      const x = bx + x0;
      const y = by + y0;
      if (x < (sides[by * 2] ?? 0) || x > (sides[by * 2 + 1] ?? 0) || body.onArm(x, y, ENCLOSED_ARM_REACH)) open = true;
      for (let k = 0; k < 4; k++) {
        const nx = x + (k === 0 ? -1 : k === 1 ? 1 : 0);
        const ny = y + (k === 2 ? -1 : k === 3 ? 1 : 0);
        if (nx < 0 || ny < 0 || nx >= W || ny >= H) {
          open = true;
          continue;
        }
        if ((mask[ny * W + nx] ?? 0) < 128) open = true;
        const nb = (ny - y0) * cw + nx - x0;
        if (nx < x0 || ny < y0 || nx - x0 >= cw || ny - y0 >= ch || !released[nb] || seen[nb]) continue;
        seen[nb] = 1;
        stack.push(nb);
      }
    }
    if (open) continue;
    for (const b of part) region[((b / cw) | 0) * W + y0 * W + (b % cw) + x0] = 255;
  }
}

/** How far (cosine) a backdrop pixel's chroma may turn towards the old garment's before it is their blend. */
const BLEND_TOWARD = 0.7;
/** Beside the old region kept, a pixel this far (x BG_CHROMA) off the backdrop towards the old garment is its rim. */
const BLEND_RIM = 0.4;

/**
 * A top's backdrop beside the body (`leaveBackground`, shaded) is closed over its sparkle and taken in its shade
 * up to 2 x BG_CHROMA off its colour; in the corner between a raised arm and the torso that gave back the old tee's
 * blended edge (purple pixels beside a tank's armhole, spread into the fill as a haze; issue 38, round 17, part
 * X6b). Is pixel p more than `min` off the backdrop's chroma towards the old garment's (its commonest colour,
 * `near3`; within BLEND_TOWARD), not away from it (a fold's shade)? Null without the old garment's colours.
 */
function blendedEdge(
  image: RgbaImage,
  bg: BackgroundModel,
  near3: Uint32Array | null,
): ((p: number, min: number) => boolean) | null {
  if (!near3) return null;
  const W = image.width;
  const d = image.data;
  const v = [0, 0, 0];
  // the old garment's commonest colour's chroma (its bin's middle)
  let mode = 0;
  for (let i = 1; i < near3.length; i++) if ((near3[i] ?? 0) > (near3[mode] ?? 0)) mode = i;
  const q = 256 / COLOUR_BINS;
  const mr = (Math.floor(mode / COLOUR_BINS ** 2) + 0.5) * q;
  const mg = ((Math.floor(mode / COLOUR_BINS) % COLOUR_BINS) + 0.5) * q;
  const mb = ((mode % COLOUR_BINS) + 0.5) * q;
  const ms = mr + mg + mb;
  return (p, min) => {
    bg.at(p % W, (p / W) | 0, v);
    const s = (d[p * 4] ?? 0) + (d[p * 4 + 1] ?? 0) + (d[p * 4 + 2] ?? 0) + 1;
    const bs = (v[0] ?? 0) + (v[1] ?? 0) + (v[2] ?? 0) + 1;
    const br = (v[0] ?? 0) / bs;
    const bgc = (v[1] ?? 0) / bs;
    const ox = (d[p * 4] ?? 0) / s - br;
    const oy = (d[p * 4 + 1] ?? 0) / s - bgc;
    const off = Math.hypot(ox, oy);
    const tx = mr / ms - br;
    const ty = mg / ms - bgc;
    const t = Math.hypot(tx, ty);
    return off > min && t > BG_CHROMA && (ox * tx + oy * ty) / (off * t) >= BLEND_TOWARD;
  };
}

/**
 * A bottom's or a one-piece's old region (issue 38, round 17, part X8): the backdrop in shade that the person mask
 * takes in beside the legs and below an old skirt (a curtain's darker folds, off the backdrop's diffused colour) is
 * the backdrop too where it is of a saturated backdrop's hue and of none of the old garment's own colours, as beside
 * a top's arms (`leaveBackground`'s `shadeHue`); its sparkle is not closed over there (a tulle's frills stay the old garment's).
 */
const BACKDROP_SHADE_BELOW = true;
/** ... where it is at least as saturated (HSV) as the backdrop there (a tulle's edge over it is paler: 0.8 took some). */
const BACKDROP_SHADE_SAT = 1;

/** A backdrop this saturated (HSV) or more has a hue to match; its pixels may lie this far round the hue circle (degrees). */
const BG_HUE_SAT = 0.25;
const BG_HUE = 8;

/** Is (r, g, b) of a saturated backdrop's hue (`bg`, r g b), at least half as saturated (shade deepens it)? */
function sameHue(r: number, g: number, b: number, bg: number[]): boolean {
  const hs = (R: number, G: number, B: number): [number, number] => {
    const mx = Math.max(R, G, B);
    const mn = Math.min(R, G, B);
    const c = mx - mn;
    if (mx <= 0 || c <= 0) return [0, 0];
    const h = mx === R ? ((G - B) / c + 6) % 6 : mx === G ? (B - R) / c + 2 : (R - G) / c + 4;
    return [h * 60, c / mx];
  };
  const [bh, bsat] = hs(bg[0] ?? 0, bg[1] ?? 0, bg[2] ?? 0);
  if (bsat < BG_HUE_SAT) return false;
  const [h, sat] = hs(r, g, b);
  if (sat < bsat * 0.5) return false;
  const d = Math.abs(h - bh);
  return Math.min(d, 360 - d) <= BG_HUE;
}

/** Levels per channel of the old garment's colour histogram. */
const COLOUR_BINS = 16;
/** Core pixels (sampled) the old garment's colours need before they decide anything. */
const GARMENT_CORE_MIN = 400;
/** A colour (with its neighbouring bins) this share of the old garment's core or less is none of its own. */
const GARMENT_COLOUR_RARE = 0.02;

function colourBin(d: Uint8ClampedArray | Uint8Array, p: number): number {
  const q = 256 / COLOUR_BINS;
  return (
    (Math.floor((d[p * 4] ?? 0) / q) * COLOUR_BINS + Math.floor((d[p * 4 + 1] ?? 0) / q)) * COLOUR_BINS +
    Math.floor((d[p * 4 + 2] ?? 0) / q)
  );
}

/** Each bin's count with its 26 neighbours', as a histogram. */
function neighbourhoodSums(hist: Uint32Array): Uint32Array {
  const n = COLOUR_BINS;
  const out = new Uint32Array(hist.length);
  for (let r = 0; r < n; r++)
    for (let g = 0; g < n; g++)
      for (let b = 0; b < n; b++) {
        let sum = 0;
        for (let i = Math.max(0, r - 1); i <= Math.min(n - 1, r + 1); i++)
          for (let j = Math.max(0, g - 1); j <= Math.min(n - 1, g + 1); j++)
            for (let k = Math.max(0, b - 1); k <= Math.min(n - 1, b + 1); k++) sum += hist[(i * n + j) * n + k] ?? 0;
        out[(r * n + g) * n + b] = sum;
      }
  return out;
}

/**
 * The body's core, where the old garment is surely on the person and the mask's overreach over the backdrop never
 * is: the torso's middle half across, both of the mask's and of the lines from each shoulder to its hip (a body
 * turned aside is narrower than its mask, which closes over the backdrop between a bent arm and the waist), from
 * the shoulders' line to the hips, and the limbs' capsules at half their radius.
 */
function garmentCore(body: Body, caps: (readonly number[])[]): (x: number, y: number) => boolean {
  const y0 = body.neck.y + body.span * 0.1;
  const y1 = body.pelvis.y;
  const side = (s: { x: number; y: number }, h: { x: number; y: number }, y: number) =>
    s.x + (h.x - s.x) * Math.max(0, Math.min(1, (y - s.y) / Math.max(1, h.y - s.y)));
  // each row's span across the torso, worked out once
  const from = new Float32Array(body.height).fill(NaN);
  const to = new Float32Array(body.height);
  return (x, y) => {
    if (y >= y0 && y <= y1) {
      if (Number.isNaN(from[y] ?? 0)) {
        const [l, r] = body.torsoEdges(y);
        const q = (r - l) * 0.25;
        const a = side(body.shoulderL, body.legL.root, y);
        const b = side(body.shoulderR, body.legR.root, y);
        const k = Math.abs(b - a) * 0.25;
        from[y] = Math.max(l + q, Math.min(a, b) + k);
        to[y] = Math.min(r - q, Math.max(a, b) - k);
      }
      if (x >= (from[y] ?? 0) && x <= (to[y] ?? 0)) return true;
    }
    for (const c of caps)
      if (inCapsule(x, y, c[0] ?? 0, c[1] ?? 0, c[2] ?? 0, c[3] ?? 0, (c[4] ?? 0) * 0.5)) return true;
    return false;
  };
}

/** The backdrop seen through a bottom's old garment, enclosed by it, up to this side (x the span) is filled (`fillEnclosed`). */
const ENCLOSED_HOLE = 0.15;

/** How far (x the span) a bottom's old garment is taken on into the mask's soft fringe beside it. */
const OLD_FRINGE = 0.03;

/**
 * The old garment's fringe and seams (in place), for a bottom: the mask's soft edge (0.1..0.5 of the person) next
 * to the old garment, off the skin, is the garment's own edge (a tutu's frills, a hem's blur) where the mask's
 * cut-off stopped short; and thin lines and specks inside it that pass the skin test (a tutu's gold-beige frill
 * line, tulle over a leg) are the garment's too (the region closed across gaps under twice OLD_FRINGE). Both were
 * left round and through the fill as a ghost of the old outline.
 */
function growIntoFringe(old: Uint8Array, body: Body, maps: Maps): void {
  const { width: W, height: H, mask } = body;
  const r = Math.max(1, Math.round(body.span * OLD_FRINGE));
  const near = dilate(old, W, H, r);
  const closed = erode(near, W, H, r);
  for (let i = 0; i < old.length; i++) {
    if (old[i] || !near[i] || (maps.hair[i] ?? 0) >= 128 || maps.handArea[i]) continue;
    const m = mask[i] ?? 0;
    if (m >= 128 ? closed[i] : m >= 26 && !maps.skin[i]) old[i] = 255;
  }
}

/** Beyond the torso's sides a top's old region takes the fringe this much darker than the backdrop there. */
const FRINGE_DARK_RIM = 0.7;

/**
 * A top's old garment in the mask's soft fringe (in place; issue 38, round 16, part W2): `growIntoFringe`'s fringe
 * (0.1..0.5 of the person, off the skin, within OLD_FRINGE spans of the old region), by the torso's sides from the
 * neck down to the old region's last row `yEnd`, and not its gaps closed (hair over the chest stays). An old tee's purple side beside a tank's armhole
 * under a raised arm was left, and carried into the fill as a purple haze. Round an arm an old sleeve's dark hem
 * band was spread into the fill; by the neck, the shoulder's skin into the hair over it: both left.
 */
function topFringe(
  old: Uint8Array,
  body: Body,
  maps: Maps,
  yEnd: number,
  image: RgbaImage | null,
  background: BackgroundModel | null,
): void {
  const { width: W, height: H, mask } = body;
  const r = Math.max(1, Math.round(body.span * OLD_FRINGE));
  const grown: number[] = [];
  const v = [0, 0, 0];
  // beyond the torso's sides, only the old garment's dark rim (`FRINGE_DARK_RIM`; round 17, part X5: a dress's
  // bust over the arm left its dark soft edge beside the arm, flecks that the fill's seam also carried in)
  const darkRim = (i: number): boolean => {
    if (!image || !background) return false;
    background.at(i % W, (i / W) | 0, v);
    const d = image.data;
    const s = (d[i * 4] ?? 0) + (d[i * 4 + 1] ?? 0) + (d[i * 4 + 2] ?? 0);
    return s < FRINGE_DARK_RIM * ((v[0] ?? 0) + (v[1] ?? 0) + (v[2] ?? 0));
  };
  for (let y = Math.max(0, Math.ceil(body.neck.y)); y <= Math.min(H - 1, yEnd + r); y++) {
    const [tl, tr] = body.torsoEdges(y);
    if (!(tr > tl)) continue;
    const xa = Math.floor(tl - 2 * r);
    const xb = tr + 2 * r;
    for (let x = Math.max(0, xa - 6 * r); x <= Math.min(W - 1, xb + 6 * r); x++) {
      const i = y * W + x;
      const m = mask[i] ?? 0;
      if (m < 26 || m >= 128 || old[i] || maps.skin[i] || (maps.hair[i] ?? 0) >= 128 || maps.handArea[i]) continue;
      if ((x < xa || x > xb) && !darkRim(i)) continue;
      let hit = false;
      for (let yy = Math.max(0, y - r); yy <= Math.min(H - 1, y + r) && !hit; yy++)
        for (let xx = Math.max(0, x - r); xx <= Math.min(W - 1, x + r); xx++)
          if (old[yy * W + xx]) {
            hit = true;
            break;
          }
      if (hit) grown.push(i);
    }
  }
  for (const i of grown) old[i] = 255;
}

/** How far (x the span) past the person mask a bottom's old region follows what is neither the backdrop nor skin. */
const OLD_BEYOND_MASK = 0.4;
/** Past the mask, a pixel this much darker than the backdrop's colour there is not it (a brighter one may be: glitter). */
const OLD_BEYOND_DARK = 0.85;
/** It is followed from the region's edge only where the old garment there is this much darker than the backdrop. */
const OLD_BEYOND_SEED = 0.5;
/** Parts of that thinner than about twice this (x the span) are left (a floor's edge line, not the garment). */
const OLD_BEYOND_THIN = 0.025;
/** Past the mask, a thin part of what was followed this much darker than the backdrop is a tail's tip, not a line. */
const OLD_BEYOND_TIP = 0.45;
/** Round the legs' capsules (x their radii) and their feet nothing past the mask is taken (a shoe's, a calf's edge). */
const OLD_BEYOND_LEG = 1.3;

/**
 * The old garment's parts the person mask cut off (in place), for a bottom: from the old region, through pixels
 * off the mask (under 0.5) below the waist that are neither skin, hair, a hand nor the backdrop's colour
 * (`looksLikeBackground`), out to OLD_BEYOND_MASK spans, away from the legs' capsules and the feet. A long dress's
 * tail tips on the floor and its dark blurred edge were left as they were beside the fill (dark smudges), and
 * were copied into it as the backdrop's texture.
 */
function oldBeyondMask(
  old: Uint8Array,
  body: Body,
  maps: Maps,
  image: RgbaImage,
  background: BackgroundModel,
  top: number,
  bottom: number,
): void {
  const { width: W, height: H, mask } = body;
  const reach = body.span * OLD_BEYOND_MASK;
  const grown = new Uint8Array(W * H);
  const caps = legCapsules(body);
  const feet = [footBox(body, body.legL.end, body.legL.widthEnd), footBox(body, body.legR.end, body.legR.widthEnd)];
  const y0 = Math.max(0, Math.ceil(top));
  const v = [0, 0, 0];
  const ok = (p: number): boolean => {
    const x = p % W;
    const y = (p / W) | 0;
    // on the mask: only below the region's own last row (a tail's tip on the floor beside the feet)
    if (((mask[p] ?? 0) >= 128 && y <= bottom) || y < y0) return false;
    if (maps.skin[p] || (maps.hair[p] ?? 0) >= 128 || maps.handArea[p]) return false;
    for (const c of caps) if (inCapsule(x, y, c[0], c[1], c[2], c[3], c[4] * OLD_BEYOND_LEG)) return false;
    for (const f of feet) if (x >= f.x - f.w * 0.3 && x <= f.x + f.w * 1.3 && y >= f.y - f.h * 0.3) return false;
    // (the backdrop's colour within a narrower brightness than `looksLikeBackground`'s: a tail's blurred dark rim
    // is most of the way to the floor's tone)
    background.at(x, y, v);
    const s = (d[p * 4] ?? 0) + (d[p * 4 + 1] ?? 0) + (d[p * 4 + 2] ?? 0) + 1;
    const bs = (v[0] ?? 0) + (v[1] ?? 0) + (v[2] ?? 0) + 1;
    const chroma = Math.hypot((d[p * 4] ?? 0) / s - (v[0] ?? 0) / bs, (d[p * 4 + 1] ?? 0) / s - (v[1] ?? 0) / bs);
    return chroma > BG_CHROMA || s / bs < OLD_BEYOND_DARK;
  };
  // breadth-first from the region's pixels, through `ok` pixels, each step one pixel (4-connected)
  const seen = new Uint8Array(W * H);
  let queue: number[] = [];
  const d = image.data;
  for (let p = y0 * W; p < W * H; p++) {
    if (!old[p]) continue;
    const x = p % W;
    if (!(
      (x > 0 && !old[p - 1]) ||
      (x < W - 1 && !old[p + 1]) ||
      (p >= W && !old[p - W]) ||
      (p + W < W * H && !old[p + W])
    ))
      continue;
    // (from the old garment's dark edge only: a pale one's surroundings are the backdrop's folds and glitter)
    background.at(x, (p / W) | 0, v);
    const s = (d[p * 4] ?? 0) + (d[p * 4 + 1] ?? 0) + (d[p * 4 + 2] ?? 0) + 1;
    if (s / ((v[0] ?? 0) + (v[1] ?? 0) + (v[2] ?? 0) + 1) < OLD_BEYOND_SEED) queue.push(p);
  }
  let bx0 = W;
  let bx1 = -1;
  let by0 = H;
  let by1 = -1;
  for (let d = 1; d <= reach && queue.length; d++) {
    const next: number[] = [];
    for (const p of queue) {
      const x = p % W;
      for (const q of [x > 0 ? p - 1 : -1, x < W - 1 ? p + 1 : -1, p - W, p + W]) {
        if (q < 0 || q >= W * H || old[q] || seen[q]) continue;
        seen[q] = 1;
        if (!ok(q)) continue;
        grown[q] = 255;
        next.push(q);
        const qx = q % W;
        const qy = (q / W) | 0;
        bx0 = Math.min(bx0, qx);
        bx1 = Math.max(bx1, qx);
        by0 = Math.min(by0, qy);
        by1 = Math.max(by1, qy);
      }
    }
    queue = next;
  }
  if (bx1 < 0) return;
  // only what is thick with the region (opened, in a window round what was found): a thin dark line running off
  // it (the floor's edge) stays
  const r = Math.max(1, Math.round(body.span * OLD_BEYOND_THIN));
  const m = 3 * r + 1;
  const wx0 = Math.max(0, bx0 - m);
  const wy0 = Math.max(0, by0 - m);
  const ww = Math.min(W - 1, bx1 + m) - wx0 + 1;
  const wh = Math.min(H - 1, by1 + m) - wy0 + 1;
  const both = new Uint8Array(ww * wh);
  for (let y = 0; y < wh; y++)
    for (let x = 0; x < ww; x++) {
      const p = (y + wy0) * W + x + wx0;
      if (old[p] || grown[p]) both[y * ww + x] = 255;
    }
  const opened = dilate(erode(both, ww, wh, r), ww, wh, r);
  // a tail's thin tips, far darker than the backdrop (`OLD_BEYOND_TIP`), are the garment, with their blurred rim
  // (round 17, part X5: the opening left them as dark specks on the floor; a floor's edge line is not that dark)
  const tips = new Uint8Array(ww * wh);
  for (let y = 0; y < wh; y++)
    for (let x = 0; x < ww; x++) {
      const p = (y + wy0) * W + x + wx0;
      if (!grown[p] || opened[y * ww + x]) continue;
      background.at(x + wx0, y + wy0, v);
      const s = (d[p * 4] ?? 0) + (d[p * 4 + 1] ?? 0) + (d[p * 4 + 2] ?? 0) + 1;
      if (s / ((v[0] ?? 0) + (v[1] ?? 0) + (v[2] ?? 0) + 1) < OLD_BEYOND_TIP) tips[y * ww + x] = 255;
    }
  const tipRims = dilate(tips, ww, wh, r);
  for (let y = 0; y < wh; y++)
    for (let x = 0; x < ww; x++) {
      const p = (y + wy0) * W + x + wx0;
      if (grown[p] && (opened[y * ww + x] || tipRims[y * ww + x])) old[p] = 255;
    }
}

/**
 * Dark skin-map pixels on a lowered upper arm lying in a strip along it (across the arm less than `SHADE_ACROSS` of
 * its width at the shoulder, along it more than `SHADE_ALONG`): the arm's own shaded side by the body, not an old
 * sleeve's hem (a hem is a band across the arm).
 */
function shadedSide(
  ps: readonly number[],
  a: { x: number; y: number },
  b: { x: number; y: number },
  width: number,
  W: number,
): boolean {
  if (ps.length === 0) return false;
  const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  const ux = (b.x - a.x) / len;
  const uy = (b.y - a.y) / len;
  let lo = Infinity;
  let hi = -Infinity;
  let acrossLo = Infinity;
  let acrossHi = -Infinity;
  for (const p of ps) {
    const x = (p % W) - a.x;
    const y = ((p / W) | 0) - a.y;
    const along = x * ux + y * uy;
    const across = -x * uy + y * ux;
    lo = Math.min(lo, along);
    hi = Math.max(hi, along);
    acrossLo = Math.min(acrossLo, across);
    acrossHi = Math.max(acrossHi, across);
  }
  return acrossHi - acrossLo < width * SHADE_ACROSS && hi - lo > width * SHADE_ALONG;
}
/** See `shadedSide`. */
const SHADE_ACROSS = 0.6;
const SHADE_ALONG = 2;

/** The upper arm a sleeveless top leaves bare: from the shoulder's joint to the elbow, this wide (x its width). */
const BARE_UPPER_ARM = 0.7;

/**
 * What a sleeveless top leaves of an old sleeve (issue 38, part E4): the old garment's pixels on each upper arm,
 * from the shoulder's joint to the elbow (`armCapsules` start lower, where a sleeve's shoulder would cover the
 * arm), the sleeve's hem band included (`oldRegion` leaves thin bands between skin and the background as the
 * skin's rim: an old tee's dark cuff stayed round a bare arm) and a raised arm's sleeve above the shoulders' line.
 * Added to `old` (in place), to be filled as the arm's skin. Skin, hair, the hands and off the person: never.
 */
export function bareUpperArms(body: Body, maps: Maps, old: Uint8Array, image: RgbaImage): void {
  const { width: W, height: H, mask } = body;
  const d = image.data;
  const lum = (p: number) => (d[p * 4] ?? 0) * 0.299 + (d[p * 4 + 1] ?? 0) * 0.587 + (d[p * 4 + 2] ?? 0) * 0.114;
  // the old sleeve but for a bare arm's own shaded rim (`dropSkinRims`); a dark hem is taken whatever its width
  const add = new Uint8Array(W * H);
  const hems: number[] = [];
  const skinHems: number[] = [];
  const trunk = new Float64Array(H * 2).fill(NaN);
  for (const [i, arm] of [body.armL, body.armR].entries()) {
    const r = arm.widthRoot * BARE_UPPER_ARM;
    const a = arm.root;
    const b = arm.mid;
    const x0 = Math.max(0, Math.floor(Math.min(a.x, b.x) - r));
    const x1 = Math.min(W - 1, Math.ceil(Math.max(a.x, b.x) + r));
    const y0 = Math.max(0, Math.floor(Math.min(a.y, b.y) - r));
    const y1 = Math.min(H - 1, Math.ceil(Math.max(a.y, b.y) + r));
    // the arm's own skin brightness (median): a dark sleeve hem the skin map grew into (small colour steps from
    // the shaded arm) is far darker than it
    const lums: number[] = [];
    for (let y = y0; y <= y1; y += 2) {
      for (let x = x0; x <= x1; x += 2) {
        const p = y * W + x;
        if (maps.skin[p] && !old[p] && inCapsule(x, y, a.x, a.y, b.x, b.y, r)) lums.push(lum(p));
      }
    }
    lums.sort((u, v) => u - v);
    const own = lums.length >= 20 ? (lums[lums.length >> 1] ?? 0) : -1;
    // an old sleeve down to the elbow (issue 38, round 30, part M2): the skin-map pixels on the upper arm are then
    // the sleeve's dark opening round the elbow, not the arm's own skin, so their median is no measure of it; the
    // bare forearm's is (`sleeveOpeningLum`)
    const opening = body.armRaised[i] === true ? -1 : sleeveOpeningLum(body, maps, old, arm, lum);
    const dark = Math.max(own * DARK_HEM, opening * SLEEVE_SHADE_DARK, -1);
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const p = y * W + x;
        if (old[p] || (mask[p] ?? 0) < 128 || (maps.hair[p] ?? 0) >= 128 || maps.handArea[p]) continue;
        const hem = lum(p) < dark;
        if (maps.skin[p] && !hem) continue;
        if (!inCapsule(x, y, a.x, a.y, b.x, b.y, r)) continue;
        if (hem) {
          old[p] = 255;
          hems.push(p);
          if (maps.skin[p]) skinHems.push(p);
        } else add[p] = 255;
      }
    }
    const raised = body.armRaised[i] === true;
    // a lowered arm's dark skin-map pixels in a narrow strip along it are its own shaded side, not a hem across it
    // (issue 38, round 26, part I8: cgi-model-24's inner upper arm taken, filled flat and dark, ragged streaks)
    if (!raised && shadedSide(skinHems, a, b, arm.widthRoot, W)) {
      for (const p of skinHems) old[p] = 0;
      let k = 0;
      for (const p of hems) if (old[p]) hems[k++] = p;
      hems.length = k;
    }
    skinHems.length = 0;
    // the hem's blended edge into a raised arm's skin (issue 38, round 12, part S2): skin-map pixels beside the dark
    // hem (within `HEM_EDGE` spans) still darker than `HEM_EDGE_DARK` of the arm's median stayed, a dotted dark
    // line where the repainted upper arm meets the bare arm. (Beside a lowered arm the dark "hem" may be an old
    // top at the armpit: the shaded skin beside it, taken too, grew a pale flap at cgi-model-15's armhole.)
    // A lowered arm's (issue 38, round 16, part W2): only a hem band across it (`LOWERED_HEM_MIN`; a few dark pixels
    // are an old top's at the armpit), on the elbow's side of the hem, along the arm, off the trunk (the dotted line
    // across cgi-model-27's hanging upper arm below the old tee's dark cuff)
    const onTrunk = (x: number, y: number) => {
      const [tl, tr] = torsoEdgesAt(body, trunk, y);
      return x >= tl && x <= tr;
    };
    if (!raised) {
      let k = 0;
      for (const p of hems) if (!onTrunk(p % W, (p / W) | 0)) hems[k++] = p;
      hems.length = k;
    }
    if (dark < 0 || (!raised && hems.length < arm.widthRoot * LOWERED_HEM_MIN)) {
      hems.length = 0;
      continue;
    }
    const ux = b.x - a.x;
    const uy = b.y - a.y;
    const along = (x: number, y: number) => (x - a.x) * ux + (y - a.y) * uy;
    const edgeDark = Math.max(own, opening) * HEM_EDGE_DARK;
    const reach = Math.max(1, Math.round(body.span * HEM_EDGE));
    for (const p of hems) {
      const px = p % W;
      const py = (p - px) / W;
      const at = along(px, py);
      for (let y = Math.max(0, py - reach); y <= Math.min(H - 1, py + reach); y++) {
        for (let x = Math.max(0, px - reach); x <= Math.min(W - 1, px + reach); x++) {
          const q = y * W + x;
          if (old[q] || !maps.skin[q] || (maps.hair[q] ?? 0) >= 128 || maps.handArea[q] || lum(q) >= edgeDark) continue;
          if (!raised && (along(x, y) <= at || !inCapsule(x, y, a.x, a.y, b.x, b.y, r) || onTrunk(x, y))) continue;
          old[q] = 255;
        }
      }
    }
    hems.length = 0;
  }
  // judged with the old region it joins (a sleeve's edge beside the part already taken is no rim)
  const all = old.slice();
  for (let i = 0; i < add.length; i++) if (add[i]) all[i] = 255;
  dropSkinRims(all, maps.skin, mask, W, H, Math.max(2, Math.round(body.span * SKIN_RIM)));
  for (let i = 0; i < add.length; i++) if (add[i] && all[i]) old[i] = 255;
}

/** Under an old sleeve down to the elbow, skin-map pixels on the upper arm darker than this share of the bare
 * forearm's median (`sleeveOpeningLum`) are the sleeve's shaded opening and its shadow, not the arm's lit skin. */
const SLEEVE_SHADE_DARK = 0.7;

/**
 * The bare forearm's median skin brightness below an old sleeve that hides the upper arm down to the elbow (issue 38,
 * round 30, part M2; -1 otherwise): the upper arm's line shows no skin between 0.4 and `ARM_ELBOW_ONLY` of the way
 * down (`elbowOnlyArmHalf`'s test), and the forearm's skin-map pixels from `FOREARM_FROM` to `FOREARM_TO` of the way
 * to the wrist, within its half-width, number at least 20. cgi-model-4's crop tee: the sleeve's shaded opening round
 * the elbow (luminance 50-65, skin-hued) was all the skin map saw of the upper arm, so it set the arm's median, was
 * kept as bare skin, and the repainted upper arm darkened into it: a dark band at the elbow between a lit upper arm
 * and the lit forearm (~140).
 */
function sleeveOpeningLum(
  body: Body,
  maps: Maps,
  old: Uint8Array,
  arm: Body['armL'],
  lum: (p: number) => number,
): number {
  const { width: W, height: H } = body;
  const { root, mid, end } = arm;
  for (let t = 0.4; t < ARM_ELBOW_ONLY; t += 0.05) {
    const x = Math.round(root.x + (mid.x - root.x) * t);
    const y = Math.round(root.y + (mid.y - root.y) * t);
    if (x >= 0 && y >= 0 && x < W && y < H && maps.skin[y * W + x]) return -1;
  }
  const dx = end.x - mid.x;
  const dy = end.y - mid.y;
  const l2 = dx * dx + dy * dy;
  if (l2 < 16) return -1;
  const r = arm.widthEnd * 0.5;
  const x0 = Math.max(0, Math.floor(Math.min(mid.x, end.x) - r));
  const x1 = Math.min(W - 1, Math.ceil(Math.max(mid.x, end.x) + r));
  const y0 = Math.max(0, Math.floor(Math.min(mid.y, end.y) - r));
  const y1 = Math.min(H - 1, Math.ceil(Math.max(mid.y, end.y) + r));
  const lums: number[] = [];
  for (let y = y0; y <= y1; y += 2) {
    for (let x = x0; x <= x1; x += 2) {
      const p = y * W + x;
      if (!maps.skin[p] || old[p] || maps.handArea[p]) continue;
      const t = ((x - mid.x) * dx + (y - mid.y) * dy) / l2;
      if (t < FOREARM_FROM || t > FOREARM_TO) continue;
      const px = mid.x + dx * t - x;
      const py = mid.y + dy * t - y;
      if (px * px + py * py <= r * r) lums.push(lum(p));
    }
  }
  if (lums.length < 20) return -1;
  lums.sort((u, v) => u - v);
  return lums[lums.length >> 1] ?? -1;
}

/** An old pixel on a bare arm is its skin within this many of the arm skin's chroma spreads (and at least `ARM_SKIN_CHROMA_MIN`). */
const ARM_SKIN_SPREADS = 2;
const ARM_SKIN_CHROMA_MIN = 0.02;
/** ... and reached from the arm's skin-map pixels in steps of at most this (summed over r, g, b, levels). */
const ARM_SKIN_STEP = 32;
/** ... and no darker than this share of the arm skin's median luminance (a dark old garment's shade is no skin). */
const ARM_SKIN_DARK = 0.6;

/**
 * A bare arm's own skin the skin map missed is not an old sleeve (issue 38, round 15, part V3; in place): under a
 * sleeveless top the old region takes every non-skin-map pixel on the arms as an old sleeve to be repainted
 * (`oldRegion`, `bareUpperArms`); a sleeveless old garment leaves the arms bare, but the skin map misses parts of
 * them (cgi-model-2's raised upper arm's underside, lit pink by the curtain: painted as a flat tan panel with a hard
 * edge). Old pixels within each arm's capsules (its own width) reached from that arm's skin-map pixels through
 * small colour steps (`ARM_SKIN_STEP`: an old sleeve's or a strap's edge is a step), of the arm skin's chroma
 * (`ARM_SKIN_SPREADS`) and not far darker (`ARM_SKIN_DARK`: a black dress beside a shaded arm), are left as the
 * photo's; not on the trunk below the neck (the chest round an old strap stays one fill, the strap a line in it).
 */
export function leaveArmSkin(old: Uint8Array, body: Body, maps: Maps, image: RgbaImage): void {
  const { width: W, height: H } = body;
  const d = image.data;
  const chroma = (p: number, into: number[]) => {
    const s = (d[p * 4] ?? 0) + (d[p * 4 + 1] ?? 0) + (d[p * 4 + 2] ?? 0) + 1;
    into[0] = (d[p * 4] ?? 0) / s;
    into[1] = (d[p * 4 + 1] ?? 0) / s;
  };
  const c = [0, 0];
  const lumOf = (p: number) => (d[p * 4] ?? 0) * 0.299 + (d[p * 4 + 1] ?? 0) * 0.587 + (d[p * 4 + 2] ?? 0) * 0.114;
  for (const arm of [body.armL, body.armR]) {
    const bones = [
      [arm.root, arm.mid, arm.widthRoot],
      [arm.mid, arm.end, arm.widthEnd],
    ] as const;
    const inArm = (x: number, y: number) => bones.some(([a, b, w]) => inCapsule(x, y, a.x, a.y, b.x, b.y, w));
    let x0 = W;
    let x1 = 0;
    let y0 = H;
    let y1 = 0;
    for (const [a, b, w] of bones) {
      x0 = Math.min(x0, a.x - w, b.x - w);
      x1 = Math.max(x1, a.x + w, b.x + w);
      y0 = Math.min(y0, a.y - w, b.y - w);
      y1 = Math.max(y1, a.y + w, b.y + w);
    }
    x0 = Math.max(0, Math.floor(x0));
    y0 = Math.max(0, Math.floor(y0));
    x1 = Math.min(W - 1, Math.ceil(x1));
    y1 = Math.min(H - 1, Math.ceil(y1));
    if (x1 < x0 || y1 < y0) continue;
    const cw = x1 - x0 + 1;
    // the arm's own skin (skin map, on the arm): its chroma's mean and spread
    const skin = new Uint8Array(cw * (y1 - y0 + 1));
    let n = 0;
    let sr = 0;
    let sg = 0;
    let srr = 0;
    let sgg = 0;
    const lums: number[] = [];
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const p = y * W + x;
        if (!maps.skin[p] || old[p] || maps.handArea[p] || !inArm(x, y)) continue;
        skin[(y - y0) * cw + x - x0] = 1;
        chroma(p, c);
        sr += c[0] ?? 0;
        sg += c[1] ?? 0;
        srr += (c[0] ?? 0) ** 2;
        sgg += (c[1] ?? 0) ** 2;
        lums.push(lumOf(p));
        n++;
      }
    }
    if (n < 40) continue;
    lums.sort((u, v) => u - v);
    // (under an old sleeve down to the elbow, no darker than its shaded opening: `sleeveOpeningLum`)
    const raised = body.armRaised[arm === body.armR ? 1 : 0] === true;
    const opening = raised ? -1 : sleeveOpeningLum(body, maps, old, arm, lumOf);
    const dark = Math.max((lums[lums.length >> 1] ?? 0) * ARM_SKIN_DARK, opening * SLEEVE_SHADE_DARK);
    const mr = sr / n;
    const mg = sg / n;
    const spread = Math.sqrt(Math.max(0, srr / n - mr * mr + sgg / n - mg * mg));
    const tol = Math.max(ARM_SKIN_CHROMA_MIN, spread * ARM_SKIN_SPREADS);
    const like = (p: number) => {
      chroma(p, c);
      return Math.hypot((c[0] ?? 0) - mr, (c[1] ?? 0) - mg) <= tol;
    };
    const step = (p: number, q: number) =>
      Math.abs((d[p * 4] ?? 0) - (d[q * 4] ?? 0)) +
        Math.abs((d[p * 4 + 1] ?? 0) - (d[q * 4 + 1] ?? 0)) +
        Math.abs((d[p * 4 + 2] ?? 0) - (d[q * 4 + 2] ?? 0)) <=
      ARM_SKIN_STEP;
    // grown from the skin into the old pixels of the arm (a flood through small steps)
    const seen = new Uint8Array(skin.length);
    const torso = new Float64Array(H * 2).fill(NaN);
    const stack: number[] = [];
    const visit = (from: number, x: number, y: number) => {
      if (x < x0 || x > x1 || y < y0 || y > y1) return;
      const l = (y - y0) * cw + x - x0;
      if (seen[l] || skin[l]) return;
      const q = y * W + x;
      if (!old[q] || (maps.hair[q] ?? 0) >= 128 || !inArm(x, y) || !step(from, q) || !like(q) || lumOf(q) < dark)
        return;
      // not on the trunk (below the neck, between the torso's edges): the chest's skin round an old strap stays one fill
      if (y >= body.neck.y) {
        const [tl, tr] = torsoEdgesAt(body, torso, y);
        if (x >= tl && x <= tr) return;
      }
      seen[l] = 1;
      stack.push(q);
    };
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        if (!skin[(y - y0) * cw + x - x0]) continue;
        const p = y * W + x;
        visit(p, x - 1, y);
        visit(p, x + 1, y);
        visit(p, x, y - 1);
        visit(p, x, y + 1);
      }
    }
    while (stack.length) {
      const p = stack.pop() ?? 0;
      const x = p % W;
      const y = (p - x) / W;
      old[p] = 0;
      visit(p, x - 1, y);
      visit(p, x + 1, y);
      visit(p, x, y - 1);
      visit(p, x, y + 1);
    }
  }
}

/** Skin-map pixels on an upper arm darker than this share of the arm's median are a sleeve's hem, not skin. */
const DARK_HEM = 0.45;

/** An old sleeve's cuff the skin map took below a new short sleeve (`oldCuffBands`): a piece of dark skin-map
 * pixels (`DARK_HEM`) running across the arm at least `CUFF_ACROSS` of its width and along it at most `CUFF_ALONG`
 * of its run across, touching the new sleeve within `CUFF_TOUCH` spans. */
const CUFF_ACROSS = 0.5;
const CUFF_ALONG = 0.6;
const CUFF_TOUCH = 0.06;
/** The band's blended edge is taken on the person's matte down to this (of 255): its ends at the arm's outline. */
const CUFF_RIM_MASK = 64;

/**
 * Under a sleeved top (issue 38, round 13, part T2): an old sleeve's dark cuff just below the new sleeve that the
 * skin map took as shaded skin (cgi-model-27~mirrored's tee cuff, 31-71 against the arm's 164 on a grey backdrop)
 * stayed a dark band round the arm. Colour alone does not tell it from an arm's shaded side (cgi-model-30's inner
 * arm, a stripe along the arm); its shape does: a band across the upper arm, short along it, touching the new
 * sleeve. Added to `old` (in place), with the skin beside it still darker than `HEM_EDGE_DARK` of the arm (its
 * blended edge), to be filled as the arm's skin.
 */
export function oldCuffBands(body: Body, maps: Maps, old: Uint8Array, image: RgbaImage, drawn: Layer): void {
  const { width: W, height: H, mask } = body;
  const d = image.data;
  const lum = (p: number) => (d[p * 4] ?? 0) * 0.299 + (d[p * 4 + 1] ?? 0) * 0.587 + (d[p * 4 + 2] ?? 0) * 0.114;
  const worn = (p: number) => (drawn.data[p * 4 + 3] ?? 0) >= 128;
  const touch = Math.max(1, Math.round(body.span * CUFF_TOUCH));
  for (const arm of [body.armL, body.armR]) {
    const r = arm.widthRoot * BARE_UPPER_ARM;
    const a = arm.root;
    const b = arm.mid;
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    if (len < 4) continue;
    const ux = (b.x - a.x) / len;
    const uy = (b.y - a.y) / len;
    const x0 = Math.max(0, Math.floor(Math.min(a.x, b.x) - r));
    const x1 = Math.min(W - 1, Math.ceil(Math.max(a.x, b.x) + r));
    const y0 = Math.max(0, Math.floor(Math.min(a.y, b.y) - r));
    const y1 = Math.min(H - 1, Math.ceil(Math.max(a.y, b.y) + r));
    const cand = (x: number, y: number) => {
      const p = y * W + x;
      return (
        !old[p] &&
        !worn(p) &&
        maps.skin[p] === 255 &&
        (mask[p] ?? 0) >= 128 &&
        (maps.hair[p] ?? 0) < 128 &&
        !maps.handArea[p] &&
        inCapsule(x, y, a.x, a.y, b.x, b.y, r)
      );
    };
    // the band's blended edge, its ends at the arm's outline included (the mask's soft edge, not the skin map's)
    const rim = (x: number, y: number) => {
      const p = y * W + x;
      return (
        !old[p] &&
        !worn(p) &&
        (mask[p] ?? 0) >= CUFF_RIM_MASK &&
        (maps.hair[p] ?? 0) < 128 &&
        !maps.handArea[p] &&
        inCapsule(x, y, a.x, a.y, b.x, b.y, r)
      );
    };
    const lums: number[] = [];
    for (let y = y0; y <= y1; y += 2) for (let x = x0; x <= x1; x += 2) if (cand(x, y)) lums.push(lum(y * W + x));
    if (lums.length < 20) continue;
    lums.sort((u, v) => u - v);
    const median = lums[lums.length >> 1] ?? 0;
    const dark = median * DARK_HEM;
    const ww = x1 - x0 + 1;
    const band = new Uint8Array(ww * (y1 - y0 + 1));
    for (let y = y0; y <= y1; y++)
      for (let x = x0; x <= x1; x++) if (cand(x, y) && lum(y * W + x) < dark) band[(y - y0) * ww + x - x0] = 1;
    for (const piece of componentPixels(band, ww, y1 - y0 + 1)) {
      // (a band an earlier one's blended edge took is left to it)
      const comp = piece.map((q) => (y0 + Math.floor(q / ww)) * W + x0 + (q % ww)).filter((p) => !old[p]);
      if (!comp.length) continue;
      let t0 = Infinity;
      let t1 = -Infinity;
      let s0 = Infinity;
      let s1 = -Infinity;
      let touches = false;
      for (const p of comp) {
        const x = p % W;
        const y = (p - x) / W;
        const t = (x - a.x) * ux + (y - a.y) * uy;
        const s = (x - a.x) * -uy + (y - a.y) * ux;
        t0 = Math.min(t0, t);
        t1 = Math.max(t1, t);
        s0 = Math.min(s0, s);
        s1 = Math.max(s1, s);
        if (!touches)
          for (let j = 1; j <= touch && !touches; j++)
            touches = (
              [
                [x, y - j],
                [x - j, y],
                [x + j, y],
              ] as const
            ).some(([xx, yy]) => xx >= 0 && yy >= 0 && xx < W && worn(yy * W + xx));
      }
      const across = s1 - s0 + 1;
      const along = t1 - t0 + 1;
      if (!touches || across < arm.widthRoot * CUFF_ACROSS || along > across * CUFF_ALONG) continue;
      // the band and its blended edge
      const edgeDark = median * HEM_EDGE_DARK;
      const reach = Math.max(1, Math.round(body.span * HEM_EDGE));
      for (const p of comp) old[p] = 255;
      for (const p of comp) {
        const px = p % W;
        const py = (p - px) / W;
        for (let y = Math.max(y0, py - reach); y <= Math.min(y1, py + reach); y++)
          for (let x = Math.max(x0, px - reach); x <= Math.min(x1, px + reach); x++)
            if (rim(x, y) && lum(y * W + x) < edgeDark) old[y * W + x] = 255;
      }
    }
  }
}
/** Beside such a hem (within this many spans), skin-map pixels darker than `HEM_EDGE_DARK` of the arm's median are
 * the hem's blended edge. */
const HEM_EDGE = 0.018;
const HEM_EDGE_DARK = 0.9;
/** A lowered arm's dark hem pixels off the trunk are a band across it (its edge taken with it) from this many (x the
 * arm's width at the shoulder). */
const LOWERED_HEM_MIN = 0.5;

/** Above the ankle, a mask pixel at most `FRINGE_BAND` shin widths inside the mask's edge in its row, grey (its
 * channels spread less than `FRINGE_GREY` of the brightest) and within `FRINGE_LIKE` levels (summed) of the floor
 * just past that edge is the floor the mask took beside the shin, not an old shoe's collar or strap: left as the
 * photo's (filled as skin it drew pink blocks sticking out of the shins beside the ankles). */
const FRINGE_BAND = 0.15;
const FRINGE_GREY = 0.06;
const FRINGE_LIKE = 20;

/** The shin's chromaticity (r, g over r + g + b) and the brightness (r + g + b) of its median colour. */
type ShinTone = [number, number, number];
/** Above the ankle, a pixel of the shin's hue but `PALE_BRIGHT` times brighter than the shin's median and whose
 * blue share is `PALE_BLUE` above the shin's is a pale satin ribbon or collar round the ankle (pointe shoes), not the
 * shin: it is the old shoe's (left as the photo's, the ribbons stayed above the new shoe). */
const PALE_BRIGHT = 1.1;
const PALE_BLUE = 0.015;
/** ...and the shin's pixels within this many shin widths of such a ribbon pixel are its blended edge (the old shoe's). */
const PALE_EDGE = 0.04;

/**
 * The old shoes: around each foot's box (from a little above the ankle, where only the mask's pixels that differ
 * from the shin's own colour are taken, to below the sole, a third of the box beyond its sides; nearer this foot's centre than the other's), the person's mask grown by a fifth of the shin's width (the mask stops short of soles, toes and a
 * pale shoe on a pale floor), skin, hair and the hands left out; and each old shoe's box (left leg, right leg:
 * the 3rd to 97th percentiles of its pixels), which the new shoe is drawn to cover.
 */
export function oldShoes(
  image: RgbaImage,
  body: Body,
  maps: Maps,
  legwear: Uint8Array | null = null,
): { region: Uint8Array; boxes: (Box | null)[] } {
  const { width: W, height: H, mask } = body;
  const d = image.data;
  const out = new Uint8Array(W * H);
  const boxes: (Box | null)[] = [];
  const feet = [body.legL, body.legR].map((leg) => footBox(body, leg.end, leg.widthEnd));
  const centre = feet.map((f) => ({ x: f.x + f.w / 2, y: f.y + f.h / 2 }));
  const likeShin = (p: number, shin: ShinTone | null) => {
    if (!shin) return false;
    const o = p * 4;
    const r = d[o] ?? 0;
    const g = d[o + 1] ?? 0;
    const sum = r + g + (d[o + 2] ?? 0) + 1;
    if (Math.hypot(r / sum - shin[0], g / sum - shin[1]) >= 0.035) return false;
    // (a pale satin ribbon or collar: brighter than the shin and bluer, though its hue passes)
    return !(sum > shin[2] * PALE_BRIGHT && 1 - (r + g) / sum > 1 - shin[0] - shin[1] + PALE_BLUE);
  };
  // a pale ribbon's pixel within `r` (chromaticity near the shin's, brighter and bluer: `likeShin`'s exception)
  const paleNear = (x: number, y: number, shin: ShinTone, r: number) => {
    for (let yy = Math.max(0, y - r); yy <= Math.min(H - 1, y + r); yy++) {
      for (let xx = Math.max(0, x - r); xx <= Math.min(W - 1, x + r); xx++) {
        const q = yy * W + xx;
        const o = q * 4;
        const rr = d[o] ?? 0;
        const gg = d[o + 1] ?? 0;
        const sum = rr + gg + (d[o + 2] ?? 0) + 1;
        if (Math.hypot(rr / sum - shin[0], gg / sum - shin[1]) < 0.035 && !likeShin(q, shin)) return true;
      }
    }
    return false;
  };
  // the mask's fringe of floor beside the shin (`FRINGE_BAND`): grey, and like the floor just past the mask's edge
  const floorFringe = (crop: Uint8Array, cw: number, x: number, y: number, x0: number, y0: number, band: number) => {
    const o = ((y + y0) * W + x + x0) * 4;
    const hi = Math.max(d[o] ?? 0, d[o + 1] ?? 0, d[o + 2] ?? 0);
    if (hi - Math.min(d[o] ?? 0, d[o + 1] ?? 0, d[o + 2] ?? 0) >= hi * FRINGE_GREY || maps.skin[(y + y0) * W + x + x0])
      return false;
    for (const step of [-1, 1]) {
      for (let k = 1; k <= band; k++) {
        const xx = x + step * k;
        if (xx < 0 || xx >= cw) break;
        if ((crop[y * cw + xx] ?? 0) >= 128) continue;
        const q = ((y + y0) * W + xx + x0) * 4;
        const diff =
          Math.abs((d[q] ?? 0) - (d[o] ?? 0)) +
          Math.abs((d[q + 1] ?? 0) - (d[o + 1] ?? 0)) +
          Math.abs((d[q + 2] ?? 0) - (d[o + 2] ?? 0));
        if (diff < FRINGE_LIKE) return true;
        break;
      }
    }
    return false;
  };
  // a bare foot (or one in tights): at least BARE_FOOT of its mask below the ankle skin, legwear or the shin's
  // own colour; feet one behind the other are one visible foot, judged together
  const bareShare = [body.legL, body.legR].map((leg, side) => {
    const mine = centre[side];
    const other = centre[1 - side];
    const f = feet[side];
    if (!mine || !other || !f) return 0;
    const shin = shinColour(image, body, leg);
    const w0 = Math.min(leg.widthEnd, body.span * 0.4);
    let n = 0;
    let bare = 0;
    for (let y = Math.max(0, Math.round(leg.end.y + w0 * 0.25)); y <= Math.min(H - 1, f.y + f.h + w0 * 0.35); y++) {
      for (let x = Math.max(0, Math.floor(f.x - f.w * 0.45)); x <= Math.min(W - 1, f.x + f.w * 1.45); x++) {
        const p = y * W + x;
        if ((mask[p] ?? 0) < 128) continue;
        if ((x - mine.x) ** 2 + (y - mine.y) ** 2 > (x - other.x) ** 2 + (y - other.y) ** 2) continue;
        n++;
        if (maps.skin[p] || legwear?.[p] || likeShin(p, shin)) bare++;
      }
    }
    return n ? bare / n : 0;
  });
  const w0 = Math.min(Math.max(body.legL.widthEnd, body.legR.widthEnd), body.span * 0.4);
  const close = Math.abs(body.legL.end.x - body.legR.end.x) < w0 * FEET_CLOSE;
  const bare = bareShare.map((v) => (close ? Math.max(...bareShare) : v) >= BARE_FOOT);
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
    for (let y = 0; y < ch; y++) for (let x = 0; x < cw; x++) crop[y * cw + x] = mask[(y + y0) * W + x + x0] ?? 0;
    const grown = dilate(crop, cw, ch, Math.max(1, Math.round(w0 * 0.2)), 96);
    const xs: number[] = [];
    const ys: number[] = [];
    const shinLike = (p: number) => likeShin(p, shin);
    const band = Math.max(1, Math.round(w0 * FRINGE_BAND));
    const edge = Math.max(1, Math.round(w0 * PALE_EDGE));
    // a bare foot (or one in tights): it has no old shoe, and none of it (nor the floor beside it) is filled
    if (bare[side]) {
      boxes.push(null);
      continue;
    }
    for (let y = 0; y < ch; y++) {
      for (let x = 0; x < cw; x++) {
        const p = (y + y0) * W + x + x0;
        if (!grown[y * cw + x] || (maps.hair[p] ?? 0) >= 128 || maps.handArea[p]) continue;
        // this foot's: nearer its box's centre than the other's (feet close together, or crossing in a stride)
        const ax = x + x0 - mine.x;
        const ay = y + y0 - mine.y;
        const bx = x + x0 - other.x;
        const by = y + y0 - other.y;
        if (ax * ax + ay * ay > bx * bx + by * by) continue;
        // skin is the foot's own (left as it is) in the top of the foot's box; lower, a pale shoe's shading
        // passes the skin test too
        // (not a pale satin ribbon the skin map took: `PALE_BRIGHT`)
        if (maps.skin[p] && y + y0 < f.y + f.h * 0.3 && !(shin && paleNear(x + x0, y + y0, shin, 0))) continue;
        // stockings, tights, a boot's shaft: kept (legwear.ts)
        if (legwear?.[p]) continue;
        // above the ankle: a shoe's collar, not the shin (a pale shin can fail the skin test: its own colour, by
        // its chromaticity: shading changes the brightness, not the hue)
        if (y + y0 < leg.end.y - w0 * 0.2) {
          if (!shin || (crop[y * cw + x] ?? 0) < 128) continue;
          if (shinLike(p)) {
            // (the blended edge of a pale ribbon: the shin's hue beside it, `PALE_EDGE`)
            if (!paleNear(x + x0, y + y0, shin, edge)) continue;
          }
        }
        if (y + y0 < leg.end.y && floorFringe(crop, cw, x, y, x0, y0, band)) continue;
        out[p] = 255;
        // the shoe itself: in the mask, below the ankle
        if ((crop[y * cw + x] ?? 0) >= 128 && y + y0 > leg.end.y) {
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
    const q = (v: number[], t: number) => v[Math.min(v.length - 1, Math.floor(v.length * t))] ?? 0;
    const bx0 = q(xs, 0.03);
    const by0 = q(ys, 0.03);
    const box = { x: bx0, y: by0, w: q(xs, 0.97) - bx0 + 1, h: q(ys, 0.97) - by0 + 1 };
    boxes.push(box);
    // a foot on pointe: the floor the mask half took in beside it is no old shoe (`leavePointeFloor`)
    if (pointeFoot(body, leg.end, f.x + f.w / 2, leg.widthEnd, box))
      leavePointeFloor(out, image, body, [x0, y0, x1, y1], w0, maps, (x, y) => {
        const ax = x - mine.x;
        const ay = y - mine.y;
        const bx = x - other.x;
        const by = y - other.y;
        return ax * ax + ay * ay <= bx * bx + by * by;
      });
  }
  return { region: out, boxes };
}

/** Below the ankle, the mask's pixels short of solid (under this) may be the floor it half took in... */
const POINTE_FLOOR_SOLID = 250;
/** ...when their chromaticity is within this of the line from grey through the clean floor's beside the foot (its
 * shadow is deeper along it), at least POINTE_FLOOR_PALE of the floor's own saturation (a pale satin shoe is less). */
const POINTE_FLOOR_CHROMA = 0.03;
const POINTE_FLOOR_PALE = 0.7;
/** The old pointe shoe's region grown by this many shin widths over what is not the floor (its ribbons' edges). */
const POINTE_EDGE = 0.08;
/** ...and by this many off the mask's solid pixels (the satin's pale halo the mask half took in). */
const POINTE_HALO = 0.25;
/** The clean floor: the mask under this. */
const POINTE_FLOOR_CLEAN = 26;

/**
 * Round a foot on pointe (shoe-pointe.ts `pointeFoot`) the person mask, unsure of a floor of the skin's hue, takes
 * in the floor between and beside the feet at middling values, and the old shoe's region (the mask grown) took all
 * of it: filled, a blocky pale patch where the floor and the foot's shadow were. Its pixels below the ankle that are
 * not the mask's solid foot (`POINTE_FLOOR_SOLID`) and have the clean floor's chromaticity beside the foot (the
 * median of the mask's clean pixels in the box, `POINTE_FLOOR_CHROMA`) are the floor: left as the photo's.
 */
function leavePointeFloor(
  out: Uint8Array,
  image: RgbaImage,
  body: Body,
  [x0, y0, x1, y1]: [number, number, number, number],
  w0: number,
  { hair, handArea: hands }: Pick<Maps, 'hair' | 'handArea'>,
  mine: (x: number, y: number) => boolean,
): void {
  const { width: W, mask } = body;
  const d = image.data;
  const rs: number[] = [];
  const gs: number[] = [];
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const p = y * W + x;
      if ((mask[p] ?? 0) >= POINTE_FLOOR_CLEAN) continue;
      const o = p * 4;
      const sum = (d[o] ?? 0) + (d[o + 1] ?? 0) + (d[o + 2] ?? 0) + 1;
      rs.push((d[o] ?? 0) / sum);
      gs.push((d[o + 1] ?? 0) / sum);
    }
  }
  if (rs.length < 16) return;
  rs.sort((a, b) => a - b);
  gs.sort((a, b) => a - b);
  const fr = rs[rs.length >> 1] ?? 0;
  const fg = gs[gs.length >> 1] ?? 0;
  const ar = fr - 1 / 3;
  const ag = fg - 1 / 3;
  const sat = Math.hypot(ar, ag);
  const floorLike = (p: number) => {
    const o = p * 4;
    const sum = (d[o] ?? 0) + (d[o + 1] ?? 0) + (d[o + 2] ?? 0) + 1;
    const cr = (d[o] ?? 0) / sum - 1 / 3;
    const cg = (d[o + 1] ?? 0) / sum - 1 / 3;
    // (along the floor's own saturation, its shade deeper: from POINTE_FLOOR_PALE of it on; a grey floor: near it)
    const t = sat > POINTE_FLOOR_CHROMA ? (cr * ar + cg * ag) / (sat * sat) : 1;
    const off = sat > POINTE_FLOOR_CHROMA ? Math.abs(cr * ag - cg * ar) / sat : Math.hypot(cr - ar, cg - ag);
    return t >= POINTE_FLOOR_PALE && off < POINTE_FLOOR_CHROMA;
  };
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const p = y * W + x;
      if (!out[p] || (mask[p] ?? 0) >= POINTE_FLOOR_SOLID || !mine(x, y)) continue;
      if (floorLike(p)) out[p] = 0;
    }
  }
  // the satin ribbons' blended edges round the region (their dark outline, their pale halo off the mask) are the old
  // shoe's too: the region grown by POINTE_EDGE shin widths over what is not the floor
  const cw = x1 - x0 + 1;
  const ch = y1 - y0 + 1;
  const crop = new Uint8Array(cw * ch);
  for (let y = 0; y < ch; y++)
    for (let x = 0; x < cw; x++) if (out[(y + y0) * W + x + x0] && mine(x + x0, y + y0)) crop[y * cw + x] = 255;
  const grown = dilate(crop, cw, ch, Math.max(1, Math.round(w0 * POINTE_EDGE)));
  const halo = dilate(crop, cw, ch, Math.max(1, Math.round(w0 * POINTE_HALO)));
  for (let y = 0; y < ch; y++) {
    for (let x = 0; x < cw; x++) {
      const p = (y + y0) * W + x + x0;
      if (!halo[y * cw + x] || crop[y * cw + x] || out[p] || !mine(x + x0, y + y0)) continue;
      if ((hair[p] ?? 0) >= 128 || hands[p]) continue;
      if (!grown[y * cw + x] && (mask[p] ?? 0) >= POINTE_FLOOR_SOLID) continue;
      if (!floorLike(p)) out[p] = 255;
    }
  }
}

/** The shin's chromaticity (r, g over r + g + b) and brightness (r + g + b) from its median colour (the mask's
 * pixels from half-way down to three quarters of knee -> ankle). */
export function shinColour(image: RgbaImage, body: Body, leg: Body['legL']): ShinTone | null {
  const { width: W, height: H, mask } = body;
  const c: number[][] = [[], [], []];
  const r = Math.max(1, Math.round(leg.widthEnd * 0.2));
  for (let t = 0.5; t <= 0.75; t += 0.05) {
    const cx = Math.round(leg.mid.x + (leg.end.x - leg.mid.x) * t);
    const cy = Math.round(leg.mid.y + (leg.end.y - leg.mid.y) * t);
    for (let y = cy - r; y <= cy + r; y++) {
      for (let x = cx - r; x <= cx + r; x++) {
        if (x < 0 || y < 0 || x >= W || y >= H || (mask[y * W + x] ?? 0) < 128) continue;
        const o = (y * W + x) * 4;
        for (let k = 0; k < 3; k++) c[k]!.push(image.data[o + k] ?? 0);
      }
    }
  }
  if (c[0]!.length < 8) return null;
  const med = (v: number[]) => v.sort((a, b) => a - b)[v.length >> 1] ?? 0;
  const [mr, mg, mb] = [med(c[0]!), med(c[1]!), med(c[2]!)];
  const sum = mr + mg + mb + 1;
  return [mr / sum, mg / sum, sum];
}

/**
 * The leg's own pixels in an old shoe's region (round 11, part R16): a region pixel on the mask, above the ankle
 * or on the instep, whose pixel above is the leg (on the mask and not in the region, or itself the leg's): the
 * leg's outline where the old shoe starts, carried straight down. An old collar wider than the leg, filled with
 * skin, drew a broad column with a straight side above a new low shoe; outside the leg it is the floor.
 */
export function legOwnColumns(region: Uint8Array, body: Body, ry0: number, ry1: number): Uint8Array {
  const { width: W, mask } = body;
  const own = new Uint8Array(region.length);
  for (let y = Math.max(1, ry0); y <= ry1; y++) {
    for (let x = 0; x < W; x++) {
      const p = y * W + x;
      if (!region[p] || (mask[p] ?? 0) < 128) continue;
      if (belowAnkle(body, x, y) && !onInstep(body, x, y)) continue;
      const a = p - W;
      if (own[a] || (!region[a] && (mask[a] ?? 0) >= 128)) own[p] = 1;
    }
  }
  return own;
}

/** Below the ankle of the nearer leg: where a shoe, or the floor, is (not skin to diffuse from). */
export function belowAnkle(body: Body, x: number, y: number): boolean {
  const l = body.legL.end;
  const r = body.legR.end;
  const a = Math.abs(x - l.x) <= Math.abs(x - r.x) ? l : r;
  return y > a.y;
}

/**
 * On the instep: in the mask, below the nearer ankle by at most a shin's width and within 0.3 of it across. What
 * a new low shoe leaves there of the old one is the foot's own skin (the leg going on down into the shoe), not
 * the floor (a shoe under a band of floor floated off the foot).
 */
export function onInstep(body: Body, x: number, y: number): boolean {
  const l = body.legL;
  const r = body.legR;
  const leg = Math.abs(x - l.end.x) <= Math.abs(x - r.end.x) ? l : r;
  const w = Math.min(leg.widthEnd, body.span * 0.4);
  return (
    (body.mask[Math.round(y) * body.width + Math.round(x)] ?? 0) >= 128 &&
    y - leg.end.y <= w &&
    Math.abs(x - leg.end.x) <= w * 0.3
  );
}

/**
 * How much a pixel is on the body itself (skin would show there) rather than loose clothing over background:
 * 1 on the body, 0 off it, a few pixels' ramp between. Above the shoulders' line the body is the neck's column
 * and the slope of the shoulders (from the neck's side down to the top of each shoulder), not the old garment's
 * outline: a square yoke or a high collar filled with skin to its edges made a flat skin box at every neckline.
 */
export function onBody(body: Body, caps: (readonly number[])[], x: number, y: number): number {
  const { neck } = body;
  const best = neckAndSlope(body, x, y);
  if (y >= neck.y - body.span * 0.1 && y <= body.pelvis.y + body.torsoH * 0.1) {
    const [l, r] = body.torsoEdges(y);
    // the band just above the shoulders' line keeps the shoulders' slope (above); from the line down, the torso
    if (y >= neck.y && x >= l && x <= r) return 1;
  }
  for (const c of caps) if (inCapsule(x, y, c[0] ?? 0, c[1] ?? 0, c[2] ?? 0, c[3] ?? 0, c[4] ?? 0)) return 1;
  return best;
}

/** `onBody` between the chin and the neck's keypoint: the neck's column and the shoulders' slope (soft). */
function neckAndSlope(body: Body, x: number, y: number): number {
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
  return best;
}

/** How wide (x the span) the fill's skin fades into the backdrop at the arm capsules' and the torso's sides. */
const SKIN_EDGE_FEATHER = 0.035;

/** How far (px) (x, y) lies inside the capsule a-b of radius r (negative outside); a sixth entry is the radius at
 * b, the radius going over linearly from a's (a tapered upper arm, `ELBOW_OVER_FOREARM`). */
function capsuleDepth(x: number, y: number, c: readonly number[]): number {
  const dx = (c[2] ?? 0) - (c[0] ?? 0);
  const dy = (c[3] ?? 0) - (c[1] ?? 0);
  const l2 = dx * dx + dy * dy || 1;
  const t = Math.max(0, Math.min(1, ((x - (c[0] ?? 0)) * dx + (y - (c[1] ?? 0)) * dy) / l2));
  const r0 = c[4] ?? 0;
  const r = c.length > 5 ? r0 + ((c[5] ?? r0) - r0) * t : r0;
  return r - Math.hypot(x - (c[0] ?? 0) - dx * t, y - (c[1] ?? 0) - dy * t);
}

/** A lowered upper arm's grain (`armGrain`) comes from the bare arm within this share of the upper arm below the
 * nearest bare sections' place, mirrored back and forth along it. */
const ARM_GRAIN_REACH = 0.3;
/** The box (px either side) of the bare arm's local mean brightness the grain is read against (`armGrain`). */
const ARM_GRAIN_BOX = 3;
/** The most the grain moves the painted arm's brightness, either way (x its colour); a source further off its mean is
 * an edge, not grain. */
const ARM_GRAIN_MOST = 0.1;

/**
 * A lowered upper arm's skin grain at (x, y) (issue 38, round 25, part H6): the brightness of the bare arm below
 * the old sleeve's hem over its local mean (`ARM_GRAIN_BOX`), read where the pixel lies across the arm, at a place
 * along it mirrored back and forth over `ARM_GRAIN_REACH` below the nearest bare sections (no seam where the
 * mirror turns). 1 off the bare skin or above the sections. The upper arm painted in the arm's own colour and
 * shading had no grain: a smooth blur beside the bare forearm (cgi-model-4 under a tank, a camisole, a tee).
 */
function armGrain(
  sh: { a: { x: number; y: number }; b: { x: number; y: number }; tAt: number },
  img: RgbaImage,
  skin: Uint8Array,
  region: Uint8Array,
  x: number,
  y: number,
): number {
  const { width: W, height: H, data: d } = img;
  const dx = sh.b.x - sh.a.x;
  const dy = sh.b.y - sh.a.y;
  const l2 = dx * dx + dy * dy;
  if (l2 < 1) return 1;
  const u = sh.tAt - ((x - sh.a.x) * dx + (y - sh.a.y) * dy) / l2;
  if (u <= 0) return 1;
  const m = u % (2 * ARM_GRAIN_REACH);
  const shift = u + (m <= ARM_GRAIN_REACH ? m : 2 * ARM_GRAIN_REACH - m);
  const sx = Math.round(x + dx * shift);
  const sy = Math.round(y + dy * shift);
  const r = ARM_GRAIN_BOX;
  if (sx < r || sy < r || sx >= W - r || sy >= H - r) return 1;
  const lum = (q: number) => (d[q * 4] ?? 0) * 0.299 + (d[q * 4 + 1] ?? 0) * 0.587 + (d[q * 4 + 2] ?? 0) * 0.114;
  let sum = 0;
  let n = 0;
  for (let j = -r; j <= r; j += 2)
    for (let i = -r; i <= r; i += 2) {
      const q = (sy + j) * W + sx + i;
      if (!skin[q] || region[q]) return 1;
      sum += lum(q);
      n++;
    }
  const q = sy * W + sx;
  if (!skin[q] || region[q] || !(sum > 0)) return 1;
  // (more is an edge: the old hem's dark line, the sleeve's shadow's edge; no grain there)
  const g = (lum(q) * n) / sum;
  return Math.abs(g - 1) <= ARM_GRAIN_MOST ? g : 1;
}

/** How far (x the upper arm's length) a repainted upper arm looks along its axis for the old sleeve's hem
 * (`hemMirror`): past it, the pixel is not on the old sleeve's part of the arm. */
const HEM_WALK = 0.6;
/** How far (x the upper arm's length) `hemLine` looks on a lowered upper arm an old sleeve hid down to the elbow
 * (`elbowOnlyArmHalf`; issue 38, round 32, part Q4): its hem lies round the elbow, past `HEM_WALK`, where the skin
 * map kept a thin dark arc of the sleeve's shaded opening between the repainted arm and the lit forearm (a seam
 * line across each elbow); found there, `bridgeHem` ramps it from the one to the other. */
const ELBOW_HEM_WALK = 1.3;
/** The bare arm just past the hem skipped by `hemMirror` and bridged by `bridgeHem` (x the arm's width; at least
 * 2 px): the old band's blended edge and the shadow the sleeve cast on the arm at its hem, darker than the arm
 * beyond (cgi-model-27's raised arm: 146 against 165 over ~8 px of a 57 px arm). Reflected, it was a dark crease
 * doubled across the arm where the sleeve had ended. */
const HEM_SKIP = 0.15;
/** Px before the hem's smoothed line (`hemLine`) that `bridgeHem` bridges too where the photo is left (the ragged
 * hem's own dark pixels the median line passes). */
const HEM_BACK = 3;
/** Px either side across the arm over which `hemLine` smooths the hem and the reflection fades in. */
const HEM_ACROSS = 3;
/** The most px of neither the old region nor skin between them where `hemLine` finds a hem (the old band's dark
 * line): further on, the skin is not the arm the region ends at (past an old sleeve's top, the arm's outline). */
const HEM_GAP = 3;
/** Px across the arm a reflected pixel lies inside the bare skin at least (`hemMirror`). */
const HEM_INSIDE = 3;
/** Px either side of the reflected place read by `hemMirror` (a small box: the arm's profile and grain, not a
 * single pixel's noise). */
const HEM_MIRROR_BOX = 2;

/** How a repainted upper arm meets the bare arm past an old sleeve's hem, across it (`hemLine`, `hemMirror`). */
type HemLine = {
  ux: number;
  uy: number;
  nx: number;
  ny: number;
  ax: number;
  ay: number;
  s0: number;
  at: Float32Array;
  cover: Float32Array;
  reach: number;
  skip: number;
};

/**
 * Where the old sleeve's hem lies across an upper arm (issue 38, round 29, part L2): for each px across the arm's
 * axis a-b (out to 1.5 half-widths each side), the distance along it from a to the first bare skin (skin map, not
 * the old region) after the old region (over at most `HEM_GAP` px of neither), within `HEM_WALK` of the upper arm;
 * the median over `HEM_ACROSS` px either side across (a ragged hem is one line), and the share of those lines with
 * a hem (`cover`: the reflection fades in over them); NaN where none.
 */
function hemLine(
  sh: { a: { x: number; y: number }; b: { x: number; y: number }; half: number },
  skin: Uint8Array,
  region: Uint8Array,
  W: number,
  H: number,
  walk = HEM_WALK,
): HemLine | null {
  const len = Math.hypot(sh.b.x - sh.a.x, sh.b.y - sh.a.y);
  if (len < 8) return null;
  const ux = (sh.b.x - sh.a.x) / len;
  const uy = (sh.b.y - sh.a.y) / len;
  const nx = -uy;
  const ny = ux;
  const s0 = Math.ceil(sh.half * 1.5);
  const raw = new Float32Array(2 * s0 + 1).fill(NaN);
  for (let s = -s0; s <= s0; s++) {
    let inRegion = false;
    let gap = 0;
    for (let t = 0; t <= len * walk; t++) {
      const xi = Math.round(sh.a.x + ux * t + nx * s);
      const yi = Math.round(sh.a.y + uy * t + ny * s);
      if (xi < 0 || yi < 0 || xi >= W || yi >= H) break;
      const q = yi * W + xi;
      if (region[q]) {
        inRegion = true;
        gap = 0;
      } else if (inRegion && skin[q]) {
        raw[s + s0] = t;
        break;
      } else if (inRegion && ++gap > HEM_GAP) break;
    }
  }
  const at = new Float32Array(raw.length).fill(NaN);
  const cover = new Float32Array(raw.length);
  const win: number[] = [];
  for (let i = 0; i < raw.length; i++) {
    win.length = 0;
    for (let j = Math.max(0, i - HEM_ACROSS); j <= Math.min(raw.length - 1, i + HEM_ACROSS); j++)
      if (!Number.isNaN(raw[j] ?? NaN)) win.push(raw[j] ?? 0);
    // (the share of the lines about it with a hem: the reflection fades in across the arm over them, a line
    // with one beside a line without was a streak along the arm)
    cover[i] = Math.max(0, win.length - 1) / (2 * HEM_ACROSS);
    if (!win.length) continue;
    win.sort((u, v) => u - v);
    at[i] = win[win.length >> 1] ?? NaN;
  }
  const skip = Math.max(2, Math.round(sh.half * 2 * HEM_SKIP));
  return { ux, uy, nx, ny, ax: sh.a.x, ay: sh.a.y, s0, at, cover, reach: Math.max(4, len * ARM_GRAIN_REACH), skip };
}

/**
 * The bare arm just past an old sleeve's hem reflected onto the repainted upper arm at (x, y) (issue 38, round 29,
 * part L2): `k` px before the hem (`hemLine`) along the arm's axis, the colour `HEM_SKIP` + `k` px past it
 * (mirrored back and forth over `ARM_GRAIN_REACH` of the upper arm), at the same place across the arm, a small
 * box's mean of the bare skin there, into `into`; returns the share of that box that is bare skin (0: none, or no
 * hem there). The repaint in 9 bins of the nearest sections' mean colour met the bare arm at the hem in a tone step
 * (a line across the arm) and had none of its rim light, shaded underside or grain: a flat blurred block.
 */
function hemMirror(
  hl: HemLine,
  img: RgbaImage,
  skin: Uint8Array,
  region: Uint8Array,
  x: number,
  y: number,
  into: number[],
): number {
  const { width: W, height: H, data: d } = img;
  const t = (x - hl.ax) * hl.ux + (y - hl.ay) * hl.uy;
  const s = (x - hl.ax) * hl.nx + (y - hl.ay) * hl.ny;
  const h = hl.at[Math.round(s) + hl.s0] ?? NaN;
  if (Number.isNaN(h)) return 0;
  const k = h - t;
  if (k < 0) return 0;
  const m = k % (2 * hl.reach);
  const ts = h + hl.skip + (m <= hl.reach ? m : 2 * hl.reach - m);
  const sx = Math.round(hl.ax + hl.ux * ts + hl.nx * s);
  const sy = Math.round(hl.ay + hl.uy * ts + hl.ny * s);
  const r = HEM_MIRROR_BOX;
  // inside the bare arm, `HEM_INSIDE` px off its outline across it (the outline's blend with the backdrop, carried
  // along the arm, was a dark line down the repainted arm's side)
  const mx = Math.round(hl.nx * HEM_INSIDE);
  const my = Math.round(hl.ny * HEM_INSIDE);
  const bareAt = (xi: number, yi: number) => {
    if (xi < 0 || yi < 0 || xi >= W || yi >= H) return false;
    const q = yi * W + xi;
    return skin[q] !== 0 && !region[q];
  };
  let n = 0;
  into[0] = into[1] = into[2] = 0;
  for (let j = -r; j <= r; j++)
    for (let i = -r; i <= r; i++) {
      const xi = sx + i;
      const yi = sy + j;
      if (xi < 0 || yi < 0 || xi >= W || yi >= H) continue;
      const q = yi * W + xi;
      if (!skin[q] || region[q] || !bareAt(xi + mx, yi + my) || !bareAt(xi - mx, yi - my)) continue;
      for (let c = 0; c < 3; c++) into[c] = (into[c] ?? 0) + (d[q * 4 + c] ?? 0);
      n++;
    }
  if (!n) return 0;
  for (let c = 0; c < 3; c++) into[c] = (into[c] ?? 0) / n;
  return (n / ((2 * r + 1) * (2 * r + 1))) * (hl.cover[Math.round(s) + hl.s0] ?? 0);
}

/**
 * The hem's own pixels past the old region (`hemLine`'s first `HEM_SKIP` px of bare skin, the old band's blended
 * edge the skin map kept): bridged from the repainted arm before them to the bare arm after them (issue 38, round
 * 29, part L2), a thin dark line across the arm where the old sleeve ended otherwise.
 */
function bridgeHem(hl: HemLine, out: RgbaImage, skin: Uint8Array, region: Uint8Array, hair: Uint8Array): void {
  const { width: W, height: H, data: d } = out;
  const px = (t: number, s: number) => {
    const xi = Math.round(hl.ax + hl.ux * t + hl.nx * s);
    const yi = Math.round(hl.ay + hl.uy * t + hl.ny * s);
    return xi < 0 || yi < 0 || xi >= W || yi >= H ? -1 : yi * W + xi;
  };
  let x0 = W;
  let y0 = H;
  let x1 = -1;
  let y1 = -1;
  for (let s = -hl.s0; s <= hl.s0; s++) {
    const h = hl.at[s + hl.s0] ?? NaN;
    if (Number.isNaN(h)) continue;
    for (const t of [h - HEM_BACK - 1, h + hl.skip + 1]) {
      const q = px(t, s);
      if (q < 0) continue;
      x0 = Math.min(x0, q % W);
      x1 = Math.max(x1, q % W);
      y0 = Math.min(y0, (q / W) | 0);
      y1 = Math.max(y1, (q / W) | 0);
    }
  }
  const patch: number[] = [];
  for (let y = y0; y <= y1; y++)
    for (let x = x0; x <= x1; x++) {
      const p = y * W + x;
      if (region[p] || (hair[p] ?? 0) >= 128) continue;
      const t = (x - hl.ax) * hl.ux + (y - hl.ay) * hl.uy;
      const s = (x - hl.ax) * hl.nx + (y - hl.ay) * hl.ny;
      const si = Math.round(s);
      const h = hl.at[si + hl.s0] ?? NaN;
      if (Number.isNaN(h) || t < h - HEM_BACK || t >= h + hl.skip - 0.5) continue;
      const before = px(h - HEM_BACK - 1, si);
      const after = px(h + hl.skip, si);
      if (before < 0 || after < 0 || !region[before] || region[after] || !skin[after]) continue;
      const f = Math.max(0, Math.min(1, (t - (h - HEM_BACK - 1)) / (hl.skip + HEM_BACK + 1)));
      patch.push(p);
      for (let c = 0; c < 3; c++) patch.push((d[before * 4 + c] ?? 0) * (1 - f) + (d[after * 4 + c] ?? 0) * f);
    }
  for (let i = 0; i < patch.length; i += 4) {
    const p = patch[i] ?? 0;
    for (let c = 0; c < 3; c++) d[p * 4 + c] = Math.round(patch[i + 1 + c] ?? 0);
  }
}

/** Half the ramp (px) across a lowered upper arm's outline where it is painted in its own colour (`ownOutline`). */
const ARM_OWN_EDGE = 2.5;

/**
 * `onBodySoft` with a lowered upper arm's own capsules `own` crisp (issue 38, round 25, part H6): painted in the
 * arm's own colour and shading, its outline fading over `SKIN_EDGE_FEATHER` spans was a blurred band into the
 * backdrop beside the bare forearm's sharp outline (cgi-model-4's upper arms under a tank or a camisole).
 */
function ownOutline(
  body: Body,
  caps: (readonly number[])[],
  own: (readonly number[])[],
  x: number,
  y: number,
  rows: Float64Array,
  corners: readonly (readonly [number, number] | null)[],
): number {
  let best = onBodySoft(body, caps, x, y, rows, corners);
  for (const c of own)
    best = Math.max(best, Math.max(0, Math.min(1, 0.5 + capsuleDepth(x, y, c) / (2 * ARM_OWN_EDGE))));
  return best;
}

/**
 * `onBody` with feathered sides (issue 38, round 8, part M5): at the arm capsules' and the torso's outlines the
 * skin fades into the backdrop over `SKIN_EDGE_FEATHER` spans, centred on the outline, instead of stepping from
 * skin to backdrop (a repainted shoulder or upper arm was a flat box with hard edges against the backdrop).
 */
/** `body.torsoEdges(y)` kept in `rows` (NaN: not yet asked; it walks the mask, and `onBodySoft` asks per pixel). */
function torsoEdgesAt(body: Body, rows: Float64Array | null, y: number): [number, number] {
  const yy = Math.max(0, Math.min(body.height - 1, Math.round(y)));
  if (!rows) return body.torsoEdges(yy);
  if (Number.isNaN(rows[yy * 2] ?? 0)) [rows[yy * 2], rows[yy * 2 + 1]] = body.torsoEdges(yy);
  return [rows[yy * 2] ?? 0, rows[yy * 2 + 1] ?? 0];
}

/**
 * One of `torsoEdgesAt`'s two edges (0 left, 1 right) from the row cache, with no array made: the fill's
 * per-pixel estimate reads them on every pixel of a top's region.
 */
function torsoEdgeAt(body: Body, rows: Float64Array, y: number, side: 0 | 1): number {
  const yy = Math.max(0, Math.min(body.height - 1, Math.round(y)));
  if (Number.isNaN(rows[yy * 2] ?? 0)) [rows[yy * 2], rows[yy * 2 + 1]] = body.torsoEdges(yy);
  return rows[yy * 2 + side] ?? 0;
}

/** The armpit below a shoulder's joint, in torso heights (the raised arm's side of the chest, `chestUnderRaisedArm`). */
const ARMPIT_DROP = 0.3;
/**
 * Below the armpit the chest's capped side runs out to the mask's side over this much (torso heights; issue 38,
 * round 17, part X6b): cut off at the armpit's row, the mask's side below it (an old tee over the bust, beyond a
 * tank's armhole) was filled as a square skin block under the raised arm's backdrop.
 */
const ARMPIT_RAMP = 0.15;
/** How far (x the span) the armpit's corner under a raised arm is filled from the skin above it and inward. */
const ARMPIT_WEB_REACH = 0.12;
/** How far (x the span) a lowered arm's armpit is filled inward from the torso's side (`armpitWeb`). */
export const ARMPIT_LOW_REACH = 0.035;
/** A lowered arm's armpit lies this far below its shoulder's joint at least (torso heights; `armpitWeb`). */
export const ARMPIT_LOW_FROM = 0.15;
/** A lowered arm's armpit runs down this far below its shoulder's joint (torso heights; `armpitWeb`). */
export const ARMPIT_LOW_DROP = 0.4;
/** A lowered arm's armpit pixel within this share of the backdrop's level is the backdrop (`armpitWeb`). */
export const ARMPIT_LOW_BG = 0.06;
/** Whether the pixel's level is within `ARMPIT_LOW_BG` of the backdrop's colour `v` (just read for it). */
function nearBackdropLevel(image: RgbaImage, v: readonly number[], p: number): boolean {
  const d = image.data;
  const s = (d[p * 4] ?? 0) + (d[p * 4 + 1] ?? 0) + (d[p * 4 + 2] ?? 0) + 1;
  const bs = (v[0] ?? 0) + (v[1] ?? 0) + (v[2] ?? 0) + 1;
  return Math.abs(s / bs - 1) <= ARMPIT_LOW_BG;
}
/** The grid (px) on which `armpitWeb` reads the body's extent round the armpit. */
const ARMPIT_WEB_STEP = 3;

/**
 * The armpit by a lowered arm (issue 38, round 25, part H3): the old region's pixels off the body that have skin
 * both above them and inward of them (`ARMPIT_WEB_REACH` spans), from ARMPIT_LOW_FROM to ARMPIT_LOW_DROP, within
 * ARMPIT_LOW_REACH of the torso's side, where the photo is not within ARMPIT_LOW_BG of the backdrop's level and the
 * backdrop's gap then the arm lie outward on the row: a
 * white dress's side under the armpit (of the backdrop's chroma) was filled a few px inside the photo's outline and
 * blended with the backdrop, a white wedge up into the armpit. Null when no pixel is taken.
 */
function armpitWeb(
  body: Body,
  region: Uint8Array,
  onAt: (x: number, y: number) => number,
  backdrop: (p: number, strict: boolean) => boolean,
): { web: Uint8Array; rows: number[] } | null {
  const { width: W, height: H } = body;
  const R = Math.max(2, Math.round(body.span * ARMPIT_WEB_REACH));
  let web: Uint8Array | null = null;
  const rows = [-1, -1];
  for (const [i, sh] of [body.shoulderL, body.shoulderR].entries()) {
    // (not under a raised arm: round 24's F6 filled its corner as skin with a crisp edge, sharper than the photo's
    // own outline, and left the notch beside it; removed in round 25)
    if (body.armRaised[i] === true) continue;
    // (the torso's side carried out only to the photo's, a few px, `ARMPIT_LOW_REACH`)
    const Rin = Math.max(2, Math.round(body.span * ARMPIT_LOW_REACH));
    const out = sh.x < body.axisX(sh.y) ? -1 : 1;
    // (the armpit lies below ARMPIT_LOW_FROM and within 2 R out of the joint)
    const y0 = Math.max(0, Math.floor(sh.y + body.torsoH * ARMPIT_LOW_FROM));
    const y1 = Math.min(H - 1, Math.ceil(sh.y + body.torsoH * ARMPIT_LOW_DROP));
    const far = 2 * R;
    const xa = Math.max(0, Math.round(Math.min(sh.x - R, sh.x + out * far)));
    const xb = Math.min(W - 1, Math.round(Math.max(sh.x + R, sh.x + out * far)));
    const ya = Math.max(0, y0 - R);
    // the body's extent on a grid of ARMPIT_WEB_STEP px (per pixel it cost tens of ms), read at the nearest node
    const S = ARMPIT_WEB_STEP;
    const gw = Math.floor((xb - xa) / S) + 1;
    const gh = Math.floor((y1 - ya) / S) + 1;
    const grid = new Uint8Array(gw * gh);
    for (let j = 0; j < gh; j++)
      for (let i2 = 0; i2 < gw; i2++) grid[j * gw + i2] = onAt(xa + i2 * S, ya + j * S) >= 0.5 ? 1 : 0;
    const onG = (x: number, y: number) =>
      grid[Math.min(gh - 1, Math.round((y - ya) / S)) * gw + Math.min(gw - 1, Math.round((x - xa) / S))] === 1;
    const gapBeyond = (x: number, y: number): boolean => {
      let gap = false;
      for (let d = 1; d <= far; d++) {
        const xx = x + out * d;
        if (xx < xa || xx > xb) return false;
        const bd = backdrop(y * W + xx, true);
        if (!gap) gap = bd;
        else if (!bd && onG(xx, y)) return true;
      }
      return false;
    };
    // (`onAt` per pixel, read once: below the grid's nodes)
    const bw = xb - xa + 1;
    const onCache = new Float32Array(bw * (y1 - y0 + 1)).fill(-1);
    const onPx = (x: number, y: number): number => {
      const c = (y - y0) * bw + (x - xa);
      let v = onCache[c] ?? -1;
      if (v < 0) onCache[c] = v = onAt(x, y);
      return v;
    };
    for (let y = y0; y <= y1; y++) {
      for (let x = xa; x <= xb; x++) {
        const p = y * W + x;
        // (the torso's soft side too: a node further out still on the body is well inside it, unless the pixel
        // itself is off it, between the nodes)
        if (!region[p] || (onG(x, y) && onG(x + out * S, y) && onPx(x, y) >= 1)) continue;
        let above = false;
        for (let yy = y - S; yy >= Math.max(ya, y - R) && !above; yy -= S) above = onG(x, yy);
        if (!above) continue;
        let inward = false;
        for (let d = S; d <= Rin && !inward; d += S) {
          const xx = x - out * d;
          if (xx < xa || xx > xb) break;
          inward = onG(xx, y);
        }
        // (the torso's soft side too, blended with the backdrop a pale band along the web)
        if (!inward || onPx(x, y) >= 1 || backdrop(p, true)) continue;
        // (only in the armpit's gap: outward on the row the backdrop, then the arm beyond it; beside a tee's sleeve
        // or an arm alongside the body the old garment there is no torso's side)
        if (!gapBeyond(x, y)) continue;
        web ??= new Uint8Array(W * H);
        web[p] = 1;
        rows[i] = y1;
      }
    }
    // the armpit's top, where the arm meets the torso (issue 38, round 32, part Q2): the torso's soft side and the
    // arm's both fade there, so between them `on` dips below 1 with no backdrop on the row (the crease, the old
    // garment up to the arm's seen skin) and the fill blended the backdrop in: a white notch in stair steps (the
    // grid above reads such a pixel as on the body, or as no torso's side). A region pixel with `on` below 1 whose
    // row reaches the body both ways (`on` 1, or a seen pixel in the mask not like the backdrop: the arm's skin, the
    // new garment; not the outline's pale blend) within 2 R with no pixel of the backdrop's level between is the body's
    const reaches = (x: number, y: number, dir: number): boolean => {
      for (let d = 1; d <= far; d++) {
        const xx = x + dir * d;
        if (xx < xa || xx > xb) return false;
        const q = y * W + xx;
        if (backdrop(q, true)) return false;
        if (!region[q]) return (body.mask[q] ?? 0) >= 128 && !backdrop(q, false);
        if (onPx(xx, y) >= 1) return true;
      }
      return false;
    };
    // (the armpit's top only: ARMPIT_LOW_REACH down from its first such row; further down the gap between the arm
    // and the side opens, the wall there not always of the backdrop's level)
    let topRow = -1;
    for (let y = y0; y <= y1 && (topRow < 0 || y <= topRow + Rin); y++) {
      for (let x = xa; x <= xb; x++) {
        const p = y * W + x;
        if (!region[p] || web?.[p] || backdrop(p, true) || onPx(x, y) >= 1) continue;
        // (down from the armpit's top only: the body or the web just above, so no row of it alone, a stripe)
        const up = p - W;
        const bodyAbove =
          y > y0 &&
          ((web?.[up] ?? 0) > 0 ||
            (region[up] ? onPx(x, y - 1) >= 1 : (body.mask[up] ?? 0) >= 128 && !backdrop(up, false)));
        if (!bodyAbove) continue;
        if (!reaches(x, y, out) || !reaches(x, y, -out)) continue;
        web ??= new Uint8Array(W * H);
        // (the seam's rows below the shoulders, `rows`, stay the armpit's gap's: these change no seam)
        web[p] = 2;
        if (topRow < 0) topRow = y;
      }
    }
    // and the grid's holes: a run of at most S region pixels on a row with the web on both sides
    if (!web) continue;
    for (let y = y0; y <= y1; y++) {
      for (let x = xa + 1; x < xb; x++) {
        const p = y * W + x;
        if (!web[p - 1] || web[p] || !region[p]) continue;
        let e = x;
        while (e < xb && e - x < S && region[y * W + e] && !web[y * W + e]) e++;
        if (!web[y * W + e] || e - x > S) continue;
        for (let xx = x; xx < e; xx++) if (onPx(xx, y) < 1) web[y * W + xx] = 2;
        x = e;
      }
    }
    // (a lone pixel of those, none of the web beside it, stays as it was: a speck of the arm's colour)
    for (let y = Math.max(1, y0); y <= y1; y++) {
      for (let x = xa + 1; x < xb; x++) {
        const p = y * W + x;
        if (web[p] === 2 && !web[p - 1] && !web[p + 1] && !web[p - W] && !web[p + W]) web[p] = 0;
      }
    }
  }
  return web ? { web, rows } : null;
}

/** How far (x the span) above the higher shoulder's joint `backdropOverShoulders` looks. */
const OVER_SHOULDER_REACH = 0.5;
/** The least run (x the span) of the backdrop's colour down a column from the mask's edge that is the backdrop. */
const OVER_SHOULDER_RUN = 0.02;
/** The share of the skin round the shoulders of the backdrop's colour above which `backdropOverShoulders` is off. */
const OVER_SHOULDER_SKIN_LIKE = 0.04;

/**
 * The backdrop over the shoulders (issue 38, round 24, part G2): the pixels of the backdrop's colour above their
 * side's shoulder joint, off the neck's column (`NECK_HALF_WIDTH`), either above the shoulders' slope's line
 * (`neckAndSlope`'s, flat past the joint) or in a run down a column from the person's mask's edge (or the hair's) at
 * least `OVER_SHOULDER_RUN` spans long. The old region reaches past the old garment's outline there (the mask is
 * loose round the shoulders) and the shoulders' capsules' round ends reach above it: skin was painted 10-12 px over
 * a lowered shoulder's old tee (a blurred knob) and over a raised one's (a smeared box), and the seam, matched
 * across the loose mask's backdrop, blurred their tops into it. (Not below the line unless in such a run, nor right
 * under skin: a pale sheer yoke under the neck's skin is no backdrop.) Null when none, or when more than
 * `OVER_SHOULDER_SKIN_LIKE` of the skin there is of the backdrop's colour (pale skin before a white wall).
 */
function backdropOverShoulders(
  body: Body,
  region: Uint8Array,
  { hair, skin }: Maps,
  backdrop: (p: number) => boolean,
): Uint8Array | null {
  const { width: W, height: H, neck, span } = body;
  const yTop = Math.max(0, Math.floor(Math.min(body.shoulderL.y, body.shoulderR.y) - span * OVER_SHOULDER_REACH));
  const runMin = Math.max(2, span * OVER_SHOULDER_RUN);
  const neckHalf = span * NECK_HALF_WIDTH;
  // the columns the old region reaches above the shoulders in
  const yLow = Math.min(H, Math.ceil(Math.max(body.shoulderL.y, body.shoulderR.y)));
  const cols = new Uint8Array(W);
  for (let y = yTop; y < yLow; y++) for (let x = 0; x < W; x++) if (region[y * W + x]) cols[x] = 1;
  // a backdrop the skin round the shoulders passes for (pale skin before a white wall) tells nothing here
  let skinN = 0;
  let skinLike = 0;
  for (let y = yTop; y < yLow; y += 2) {
    for (let x = 0; x < W; x += 2) {
      const p = y * W + x;
      if (!skin[p] || (body.mask[p] ?? 0) < 128) continue;
      skinN++;
      if (backdrop(p)) skinLike++;
    }
  }
  if (skinLike > skinN * OVER_SHOULDER_SKIN_LIKE) return null;
  let over: Uint8Array | null = null;
  const mark = (x: number, y: number) => {
    over ??= new Uint8Array(W * H);
    over[y * W + x] = 1;
  };
  const baseY = neck.y - (neck.y - body.head.chinY) * NECK_BASE_RISE;
  for (let x = 0; x < W; x++) {
    const dx = Math.abs(x - neck.x);
    if (dx <= neckHalf || !cols[x]) continue;
    const sh = x < neck.x === body.shoulderL.x < neck.x ? body.shoulderL : body.shoulderR;
    // the shoulders' slope's line (`neckAndSlope`'s), flat past the joint
    const run = Math.max(1, Math.abs(sh.x - neck.x) - neckHalf);
    const slopeY = baseY + (sh.y - span * SHOULDER_TOP_RISE - baseY) * Math.min(1, (dx - neckHalf) / run);
    const yEnd = Math.min(H, Math.ceil(sh.y));
    let from = -1;
    // whether the pixel above this run of the backdrop's colour is skin
    let underSkin = false;
    for (let y = yTop; y <= yEnd; y++) {
      const p = y * W + x;
      if (y < yEnd && ((body.mask[p] ?? 0) < 128 || (hair[p] ?? 0) >= 128)) {
        from = y + 1;
        underSkin = false;
        continue;
      }
      // (nothing below the line is marked but in a run: no need to read the colour)
      if (from < 0 && y >= slopeY) continue;
      const bd = y < yEnd && backdrop(p);
      if (!bd) underSkin = (skin[p] ?? 0) > 0;
      // above the slope's line, the backdrop's colour is the backdrop, unless right under skin
      else if (y < slopeY && !underSkin) mark(x, y);
      if (from >= 0 && bd) continue;
      if (from >= 0 && y - from >= runMin) for (let yy = from; yy < y; yy++) mark(x, yy);
      from = -1;
    }
  }
  return over;
}

/**
 * How many pixels the skin fades out over where it meets `backdropOverShoulders`' backdrop: a photo's own outline is
 * soft over a pixel or two, and a one-pixel step from skin to the backdrop reads as a cut-out edge.
 */
const OVER_SHOULDER_FEATHER = 3;

/**
 * The unmarked pixels within `OVER_SHOULDER_FEATHER` px (Chebyshev) of a marked one: their distance (1..), 0 elsewhere.
 */
function besideMarked(marked: Uint8Array, W: number): Uint8Array {
  const F = OVER_SHOULDER_FEATHER;
  const near = new Uint8Array(marked.length);
  const H = marked.length / W;
  for (let p = 0; p < marked.length; p++) {
    if (!marked[p]) continue;
    const x = p % W;
    const y = (p - x) / W;
    for (let yy = Math.max(0, y - F); yy <= Math.min(H - 1, y + F); yy++) {
      for (let xx = Math.max(0, x - F); xx <= Math.min(W - 1, x + F); xx++) {
        const q = yy * W + xx;
        if (marked[q]) continue;
        const d = Math.max(Math.abs(xx - x), Math.abs(yy - y));
        if (!near[q] || d < (near[q] ?? 0)) near[q] = d;
      }
    }
  }
  return near;
}

/** Columns (x the span, each side) over which `raisedShoulderTop` smooths the raised shoulder's top outline. */
const RAISED_TOP_SMOOTH = 0.04;
/** The skin's outline lies this far (x the span) inside the old garment's top outline over a raised shoulder. */
const RAISED_TOP_INSET = 0.01;
/** Out along the upper arm to this share of the way to the elbow (an old sleeve ends before it). */
const RAISED_TOP_REACH = 0.7;
/** Half the ramp (px) across that outline (the photo's own arm outline is 1-3 px wide). */
const RAISED_TOP_EDGE = 1.5;
/** How far (x the span) above that outline region pixels are cut to the backdrop (`raisedShoulderTop`). */
const RAISED_TOP_BAND = 0.15;

/**
 * The top outline of a raised arm's shoulder and upper arm where an old garment covered it (issue 38, round 33,
 * part a): per column from a quarter span inside the shoulder's joint out to the elbow, walking up from the upper
 * arm's line (`upperArmAxis`' shift) through the mask, the first row of the body there, where the pixels above are
 * off the mask or look like the backdrop (`isBackdrop`); kept when that top is the old region's (or the bare arm's
 * skin beyond its hem, which it joins);
 * smoothed over `RAISED_TOP_SMOOTH` spans (a median, then a mean). The fill's skin reached right up to the old
 * region's top, the low-resolution mask's stair-stepped outline of the old tee, and the seam blurred it into the
 * backdrop: a fuzzy, ragged top edge over the raised shoulder (cgi-model-27 under sleeveless tops and one-pieces).
 * Returns per column (the image's width) the smoothed top row, NaN where none; null for no raised arm.
 */
function raisedShoulderTop(
  body: Body,
  maps: Maps,
  region: Uint8Array,
  shift: readonly { dx: number; dy: number }[],
  isBackdrop: (p: number) => boolean,
): Float32Array | null {
  const { width: W, height: H } = body;
  let tops: Float32Array | null = null;
  for (const [i, arm] of [body.armL, body.armR].entries()) {
    if (body.armRaised[i] !== true) continue;
    const s = shift[i] ?? { dx: 0, dy: 0 };
    const ex = arm.mid.x + s.dx - arm.root.x;
    const ey = arm.mid.y + s.dy - arm.root.y;
    // (an upper arm raised more up than out has a side, not a top, over its old sleeve)
    if (Math.abs(ex) < Math.abs(ey) * 0.5 || Math.abs(ex) < 4) continue;
    const out = Math.sign(ex);
    const xa = Math.round(arm.root.x - out * body.span * 0.25);
    const xb = Math.round(arm.root.x + ex * RAISED_TOP_REACH);
    const lo = Math.max(0, Math.min(xa, xb));
    const hi = Math.min(W - 1, Math.max(xa, xb));
    const raw = new Float32Array(hi - lo + 1).fill(NaN);
    const inRegion = new Uint8Array(hi - lo + 1);
    const most = Math.round(arm.widthRoot * 1.5);
    const jump = Math.max(3, body.span * RAISED_TOP_SMOOTH);
    // (read outward and inward from the joint, each way from the top found at it)
    let last = NaN;
    const order: number[] = [];
    for (let x = Math.round(arm.root.x); x >= lo && x <= hi; x += out) order.push(x);
    for (let x = Math.round(arm.root.x) - out; x >= lo && x <= hi; x -= out) order.push(x);
    for (const x of order) {
      if (x === Math.round(arm.root.x) - out) last = raw[Math.round(arm.root.x) - lo] ?? NaN;
      const t = Math.max(0, (x - arm.root.x) / ex);
      let y = Math.round(arm.root.y + ey * Math.min(1, t));
      if (y < 1 || y >= H) continue;
      let p = y * W + x;
      if ((body.mask[p] ?? 0) < 128 || !(region[p] || maps.skin[p])) continue;
      let n = 0;
      while (y > 2 && n < most) {
        const up = p - W;
        // (the mask overreaches into the backdrop between a raised upper arm and its forearm: the body's top is
        // where two pixels up in turn look like the backdrop)
        if ((body.mask[up] ?? 0) < 128 || (isBackdrop(up) && isBackdrop(up - W))) break;
        if (!region[up] && !maps.skin[up]) {
          n = most;
          break;
        }
        y--;
        p = up;
        n++;
      }
      if (n >= most || (maps.hair[p] ?? 0) >= 128) continue;
      // (a top far off the last one found, nearer the joint, is another limb's: the forearm above the elbow)
      if (Math.abs(y - last) > jump) continue;
      if (Number.isFinite(last) || Math.abs(x - arm.root.x) < body.span * 0.05) last = y;
      else continue;
      raw[x - lo] = y;
      inRegion[x - lo] = region[p] ? 1 : 0;
    }
    const R = Math.max(3, Math.round(body.span * RAISED_TOP_SMOOTH));
    const med = new Float32Array(raw.length).fill(NaN);
    const win: number[] = [];
    for (let j = 0; j < raw.length; j++) {
      if (Number.isNaN(raw[j] ?? NaN)) continue;
      win.length = 0;
      for (let k = Math.max(0, j - R); k <= Math.min(raw.length - 1, j + R); k++) {
        const v = raw[k] ?? NaN;
        if (!Number.isNaN(v)) win.push(v);
      }
      if (win.length <= R) continue;
      win.sort((u, v) => u - v);
      med[j] = win[win.length >> 1] ?? NaN;
    }
    for (let j = 0; j < raw.length; j++) {
      if (!inRegion[j] || Number.isNaN(med[j] ?? NaN)) continue;
      let sum = 0;
      let n = 0;
      for (let k = Math.max(0, j - R); k <= Math.min(raw.length - 1, j + R); k++) {
        const v = med[k] ?? NaN;
        if (Number.isNaN(v)) continue;
        sum += v;
        n++;
      }
      if (n <= R) continue;
      tops ??= new Float32Array(W).fill(NaN);
      tops[lo + j] = sum / n;
    }
  }
  return tops;
}

/**
 * Over how far (x the span, at least 2 px) the fill beside a raised arm's side of the chest meets the backdrop seen
 * beside it (`fillRegion`'s `raisedSideBackdrop`): an outline's width, not the seam's whole `SEAM_FEATHER`.
 */
export const RAISED_SIDE_SEAM = 0.02;
/** How far (x the span) the chest's side may reach past a raised arm's shoulder joint above the armpit. */
const RAISED_SIDE_ROOM = 0.06;

/**
 * The torso's sides for the skin fill (issue 38, round 11, part R13): on a raised arm's side, from the shoulders
 * down to the armpit (`ARMPIT_DROP`), the chest ends a little (`RAISED_SIDE_ROOM`) past the shoulder's joint. The
 * mask's walk (`torsoEdges`, widened to 0.7 spans there: no arm hangs beside the chest) ran on through an old
 * tee's sleeve under the raised arm, which was filled as skin: a flat skin box beside the shoulder, cut square
 * against the backdrop. Beyond the joint the raised upper arm's capsule is the body.
 * With `corners` (`raisedSideCorners`), the side swells from there out to the new garment's own side where its
 * top meets that side of the chest, round like a bust under a raised arm (issue 38, round 17, part X7).
 * Written into `lr` ([left, right]), nothing allocated: `onBodySoft` asks it per pixel.
 */
function chestUnderRaisedArm(
  body: Body,
  rows: Float64Array | null,
  y: number,
  corners: readonly (readonly [number, number] | null)[],
  lr: number[],
): void {
  let l: number;
  let r: number;
  if (rows) {
    l = torsoEdgeAt(body, rows, y, 0);
    r = torsoEdgeAt(body, rows, y, 1);
  } else [l, r] = torsoEdgesAt(body, rows, y);
  const ax = body.axisX(y);
  for (let i = 0; i < 2; i++) {
    const sh = i === 0 ? body.shoulderL : body.shoulderR;
    const below = y - (sh.y + body.torsoH * ARMPIT_DROP);
    const ramp = body.torsoH * ARMPIT_RAMP;
    if (!body.armRaised[i] || below >= ramp) continue;
    let reach = Math.abs(sh.x - ax) + body.span * RAISED_SIDE_ROOM;
    const c = corners[i];
    if (c) {
      const t = Math.max(0, Math.min(1, (y - sh.y) / Math.max(1, c[0] - sh.y)));
      reach += Math.max(0, Math.abs(c[1] - ax) - reach) * Math.sqrt(1 - (1 - t) * (1 - t));
    }
    // below the armpit the capped side runs out to the mask's own (a step there was a skin block under the arm)
    const k = Math.max(0, below / ramp);
    if (sh.x < ax) l = Math.max(l, ax - reach + (l - ax + reach) * k);
    else r = Math.min(r, ax + reach + (r - ax - reach) * k);
  }
  lr[0] = l;
  lr[1] = r;
}

/**
 * Per arm, where the new garment's top meets a raised arm's side of the chest (`chestUnderRaisedArm`): the first row
 * below the shoulder's joint, above the armpit (`ARMPIT_DROP`), where its outermost covered pixel on that side lies
 * past the chest's reach there and off the arm (a sleeve's is on it), that pixel ([y, x], inside the mask's torso
 * side); null for a lowered arm or none. A strappy bodice's top corner is the body's side there: the chest above it
 * ended square at the joint's reach, a skin box with a vertical edge in the backdrop beside the bust.
 */
function raisedSideCorners(
  body: Body,
  covered: Uint8Array | null,
  rows: Float64Array | null,
): ([number, number] | null)[] {
  const { width: W } = body;
  return [body.shoulderL, body.shoulderR].map((sh, i) => {
    if (!covered || !body.armRaised[i]) return null;
    const left = sh.x < body.axisX(sh.y);
    const y0 = Math.max(0, Math.ceil(sh.y));
    const y1 = Math.min(body.height - 1, Math.floor(sh.y + body.torsoH * ARMPIT_DROP));
    for (let y = y0; y <= y1; y++) {
      const ax = body.axisX(y);
      const reach = Math.abs(sh.x - ax) + body.span * RAISED_SIDE_ROOM;
      const [tl, tr] = torsoEdgesAt(body, rows, y);
      let out = -1;
      if (left) {
        for (let x = Math.max(0, Math.floor(tl)); x < ax - reach; x++)
          if (covered[y * W + x]) {
            out = x;
            break;
          }
      } else {
        for (let x = Math.min(W - 1, Math.ceil(tr)); x > ax + reach; x--)
          if (covered[y * W + x]) {
            out = x;
            break;
          }
      }
      if (out >= 0) return body.onArm(out, y) ? null : [y, out];
    }
    return null;
  });
}

export function onBodySoft(
  body: Body,
  caps: (readonly number[])[],
  x: number,
  y: number,
  rows: Float64Array | null = null,
  corners: readonly (readonly [number, number] | null)[] = [],
): number {
  const ramp = Math.max(1.5, body.span * SKIN_EDGE_FEATHER) / 2;
  // (no closure, array or iterator made here: it runs per pixel of every fill)
  // the shoulders' slope above the neck's line is already soft (`onBody`) across it; it ends at the shoulder's
  // joint (or the torso's side below it, if that is further out), not at the region's edge: beyond it, its band
  // down to the neck's line was a skin box beside a raised upper arm, cut square along that line
  let best = 0;
  const lr = SOFT_LR;
  if (y < body.neck.y) {
    const { neck } = body;
    const sh = x < neck.x === body.shoulderL.x < neck.x ? body.shoulderL : body.shoulderR;
    chestUnderRaisedArm(body, rows, neck.y, NO_CORNERS, lr);
    const l = lr[0] ?? 0;
    const r = lr[1] ?? 0;
    const side = sh.x < neck.x ? neck.x - l : r - neck.x;
    const end = Math.max(Math.abs(sh.x - neck.x), r > l ? side : 0);
    best = neckAndSlope(body, x, y) * softStep(end - Math.abs(x - neck.x), ramp);
  }
  if (y >= body.neck.y && y <= body.pelvis.y + body.torsoH * 0.1) {
    chestUnderRaisedArm(body, rows, y, corners, lr);
    const l = lr[0] ?? 0;
    const r = lr[1] ?? 0;
    if (r > l) best = Math.max(best, softStep(Math.min(x - l, r - x), ramp));
  }
  for (let i = 0; i < caps.length; i++) {
    if (best >= 1) break;
    const c = caps[i];
    if (c) best = Math.max(best, softStep(capsuleDepth(x, y, c), ramp));
  }
  return best;
}

/** `onBodySoft`'s scratch for a chest's [left, right] (one thread runs the engine: no call holds it across another). */
const SOFT_LR = [0, 0];
const NO_CORNERS: readonly (readonly [number, number] | null)[] = [];
/** `onBodySoft`'s feathered step: 0.5 at the edge `d` = 0, 0..1 over `ramp` either side. */
const softStep = (d: number, ramp: number) => Math.max(0, Math.min(1, 0.5 + d / (2 * ramp)));

/**
 * Half an upper arm's width where its skin shows (issue 38, round 3, part F1): across the arm's axis, the run of
 * skin through it, measured at points from half-way down the upper arm to a fifth down the forearm where the axis
 * is skin; the median, with a little room (x 1.1 + 1 px), or null with fewer than 3 such points (a long sleeve).
 */
export function bareArmHalf(body: Body, maps: Maps, arm: Body['armL']): number | null {
  const { width: W, height: H } = body;
  const widths: number[] = [];
  const skinAt = (x: number, y: number) => {
    const xi = Math.round(x);
    const yi = Math.round(y);
    return xi >= 0 && yi >= 0 && xi < W && yi < H && maps.skin[yi * W + xi] === 255;
  };
  const limit = arm.widthRoot * 1.5;
  for (const [a, b, t0, t1] of [
    [arm.root, arm.mid, 0.5, 1],
    [arm.mid, arm.end, 0, 0.2],
  ] as const) {
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const len = Math.hypot(dx, dy);
    if (len < 4) continue;
    const nx = -dy / len;
    const ny = dx / len;
    for (let t = t0; t <= t1 + 1e-6; t += 0.05) {
      const cx = a.x + dx * t;
      const cy = a.y + dy * t;
      if (!skinAt(cx, cy)) continue;
      widths.push(skinRunAcross(skinAt, cx, cy, nx, ny, limit) + 1);
    }
  }
  if (widths.length < 3) return null;
  widths.sort((u, v) => u - v);
  return ((widths[widths.length >> 1] ?? 0) / 2) * 1.1 + 1;
}

/**
 * The skin across a line at (cx, cy), along its normal (nx, ny): the farthest skin pixel each way within `limit`,
 * over gaps of at most 2 px, the two sides summed (px; the centre pixel not counted).
 */
function skinRunAcross(
  skinAt: (x: number, y: number) => boolean,
  cx: number,
  cy: number,
  nx: number,
  ny: number,
  limit: number,
): number {
  let run = 0;
  for (const sgn of [-1, 1]) {
    let gap = 0;
    let last = 0;
    for (let d = 1; d <= limit; d++) {
      if (skinAt(cx + nx * d * sgn, cy + ny * d * sgn)) {
        last = d;
        gap = 0;
      } else if (++gap > 2) break;
    }
    run += last;
  }
  return run;
}

/** The upper arm shows its own skin (`elbowOnlyArmHalf`) when its line is skin before this share of the way down. */
const ARM_ELBOW_ONLY = 0.8;
/** The bare forearm's sections (share of the way from the elbow to the wrist) measured by `elbowOnlyArmHalf`: past
 * the elbow's bend, where a run across the forearm is the forearm's own. */
const FOREARM_FROM = 0.3;
const FOREARM_TO = 0.6;
/** The most an upper arm measured only at its elbow is wider than the bare forearm below it (`elbowOnlyArmHalf`). */
const ARM_OVER_FOREARM = 1.4;
/** ... and at the elbow itself, where the upper arm meets the forearm's top (`fillRegion`'s tapered upper arm). */
export const ELBOW_OVER_FOREARM = 1.1;

/** The half-width at the elbow of an upper arm whose half-width near the shoulder is `elbowOnlyArmHalf`'s `half`:
 * the bare forearm's own (the same median run) x `ELBOW_OVER_FOREARM` + 1 px. */
export function elbowEndHalf(half: number): number {
  return Math.min(half, ((half - 1) / ARM_OVER_FOREARM) * ELBOW_OVER_FOREARM + 1);
}

/**
 * The most an upper arm's half-width may be when an old sleeve hides it down to the elbow (issue 38, round 26, part
 * I7b): then every run `bareArmHalf` and `upperArmAxis` measure across it lies at the elbow's bend, where a bent
 * arm's elbow and forearm, and the bare midriff a forearm lies against, join the run (cgi-model-4's crop tee: runs
 * of 52-63 px across an arm of ~30; the repainted upper arm a skin block as wide as the old sleeve). The bare
 * forearm past the bend, across its own line, is the arm's: its median run, x `ARM_OVER_FOREARM`, + 1 px; null
 * where the upper arm's line shows skin above `ARM_ELBOW_ONLY` (its own runs hold) or with fewer than 3 runs.
 */
export function elbowOnlyArmHalf(body: Body, maps: Maps, arm: Body['armL']): number | null {
  const { width: W, height: H } = body;
  const skinAt = (x: number, y: number) => {
    const xi = Math.round(x);
    const yi = Math.round(y);
    return xi >= 0 && yi >= 0 && xi < W && yi < H && maps.skin[yi * W + xi] === 255;
  };
  const { root, mid, end } = arm;
  for (let t = 0.4; t < ARM_ELBOW_ONLY; t += 0.05)
    if (skinAt(root.x + (mid.x - root.x) * t, root.y + (mid.y - root.y) * t)) return null;
  const dx = end.x - mid.x;
  const dy = end.y - mid.y;
  const len = Math.hypot(dx, dy);
  if (len < 4) return null;
  const nx = -dy / len;
  const ny = dx / len;
  const limit = arm.widthEnd * 1.5;
  const widths: number[] = [];
  for (let t = FOREARM_FROM; t <= FOREARM_TO + 1e-6; t += 0.05) {
    const cx = mid.x + dx * t;
    const cy = mid.y + dy * t;
    if (!skinAt(cx, cy)) continue;
    widths.push(skinRunAcross(skinAt, cx, cy, nx, ny, limit) + 1);
  }
  if (widths.length < 3) return null;
  widths.sort((u, v) => u - v);
  return ((widths[widths.length >> 1] ?? 0) / 2) * ARM_OVER_FOREARM + 1;
}

/** The most (x the run of skin across it) an arm's outline past its skin may add to its outer side (`upperArmAxis`). */
const ARM_RIM_SHARE = 0.4;

/** An upper arm's half-width (x its width at the shoulder) where an old garment in front hides its inner side. */
const ARM_HIDDEN_HALF = 0.5;
/** ... where the skin run seen is under this share of that half-width (a lean arm beside an old tee is its own). */
const ARM_HIDDEN_RUN = 0.6;

/**
 * Where an upper arm's own bare skin lies (issue 38, round 6, part K3): across the shoulder-elbow line, the run
 * of skin through it at points from 0.4 of the way down to the elbow; the median shift of the runs' centres off
 * the line (dx, dy) and the median half-run, with a little room (x 1.05 + 1 px); null with fewer than 3 such
 * points (a sleeve down to the elbow).
 */
export function upperArmAxis(
  body: Body,
  maps: Maps,
  arm: Body['armL'],
  image: RgbaImage | null = null,
  background: BackgroundModel | null = null,
): { dx: number; dy: number; half: number; tNear: number } | null {
  const { width: W, height: H } = body;
  const bgv = [0, 0, 0];
  const skinAt = (x: number, y: number) => {
    const xi = Math.round(x);
    const yi = Math.round(y);
    return xi >= 0 && yi >= 0 && xi < W && yi < H && maps.skin[yi * W + xi] === 255;
  };
  const a = arm.root;
  const b = arm.mid;
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len = Math.hypot(dx, dy);
  if (len < 4) return null;
  const nx = -dy / len;
  const ny = dx / len;
  const limit = arm.widthRoot * 1.5;
  const offs: number[] = [];
  const halves: number[] = [];
  // the side of the line towards the torso's middle (+1: along n)
  const inner = nx * ((body.shoulderL.x + body.shoulderR.x) / 2 - a.x) >= 0 ? 1 : -1;
  const maskAt = (x: number, y: number) => {
    const xi = Math.max(0, Math.min(W - 1, Math.round(x)));
    const yi = Math.max(0, Math.min(H - 1, Math.round(y)));
    return body.mask[yi * W + xi] ?? 0;
  };
  const hidden = arm.widthRoot * ARM_HIDDEN_HALF;
  // the first section measured: the bare arm just below an old sleeve's hem (`tNear`)
  let tNear = -1;
  for (let t = 0.4; t <= 1 + 1e-6; t += 0.05) {
    const cx = a.x + dx * t;
    const cy = a.y + dy * t;
    if (!skinAt(cx, cy)) continue;
    if (tNear < 0) tNear = t;
    const e = [0, 0];
    for (const [k, sgn] of [-1, 1].entries()) {
      let gap = 0;
      for (let d = 1; d <= limit; d++) {
        if (skinAt(cx + nx * d * sgn, cy + ny * d * sgn)) {
          e[k] = d;
          gap = 0;
        } else if (++gap > 2) break;
      }
    }
    // the run's outer end at the mask's edge and its inner end at an old garment in front of the arm (a dress's
    // side or bust over it): the arm's outline is the outer end, its width the arm's own (round 17, part X5: the
    // run's half was a sliver, and the old dress's bulge beside the arm was filled as the backdrop, a grey patch)
    const kOut = inner > 0 ? 0 : 1;
    const sOut = -inner;
    // the arm's outer side off the skin map (a lit pale rim, a shaded underside) up to the backdrop is the arm's
    // own (round 19, part Z4: without it the line ran inside the bare arm, and the repainted upper arm stepped
    // in from the bare arm's outline at an old sleeve's hem); none unless the backdrop is reached
    if (image && background) {
      const e0 = e[kOut] ?? 0;
      const rim = Math.max(2, ((e[0] ?? 0) + (e[1] ?? 0) + 1) * ARM_RIM_SHARE);
      for (let d = e0 + 1; d <= e0 + rim; d++) {
        const xi = Math.round(cx + nx * d * sOut);
        const yi = Math.round(cy + ny * d * sOut);
        if (xi < 0 || yi < 0 || xi >= W || yi >= H) break;
        if (!looksLikeBackground(image, background, yi * W + xi, bgv)) continue;
        e[kOut] = d - 1;
        break;
      }
    }
    const eOut = e[kOut] ?? 0;
    const eIn = e[1 - kOut] ?? 0;
    const past = (k: number, sgn: number) =>
      maskAt(cx + nx * ((e[k] ?? 0) + 3) * sgn, cy + ny * ((e[k] ?? 0) + 3) * sgn);
    if ((eIn + eOut + 1) / 2 < hidden * ARM_HIDDEN_RUN && past(kOut, sOut) < 128 && past(1 - kOut, inner) >= 128) {
      const centre = sOut * (eOut + 0.5 - hidden);
      offs.push(centre);
      halves.push(hidden);
      continue;
    }
    offs.push(((e[1] ?? 0) - (e[0] ?? 0)) / 2);
    halves.push(((e[0] ?? 0) + (e[1] ?? 0) + 1) / 2);
  }
  if (offs.length < 3) return null;
  // the sections nearest the shoulder (`ARM_NEAR_SECTIONS`): the bare arm just below an old sleeve's hem, which the
  // repainted upper arm continues (round 19, part Z4: over all of them a raised arm's forearm, folded over it by
  // the elbow, moved the line up its side, a skin bump above the repainted arm, its underside short)
  const near = (u: number[]) => u.slice(0, Math.max(3, ARM_NEAR_SECTIONS)).sort((p, q) => p - q);
  const nearOffs = near(offs);
  const nearHalves = near(halves);
  const off = nearOffs[nearOffs.length >> 1] ?? 0;
  return { dx: nx * off, dy: ny * off, half: (nearHalves[nearHalves.length >> 1] ?? 0) * 1.05 + 1, tNear };
}

/** The least share of the upper arm, from the shoulder's joint, over which its line turns to the bare arm's. */
const ARM_BEND_MIN = 0.2;

/** The share of the upper arm, from the shoulder's joint, over which its shading (`armShadeAt`) sets in. */
const ARM_SHADE_FADE = 0.25;

/** A raised arm's own colour and shading (`armShadeAt`) set in over this share of the upper arm, centred on the
 * shoulder's joint (issue 38, round 12, part S2). */
const RAISED_ARM_FADE = 0.2;

/** Bins of the shading profile across an arm (`armShading`), from one outline to the other. */
const ARM_PROFILE_BINS = 9;

/** Where the arm's own colour weighs this much (`armShadeAt`), the fill is not matched to the bare skin beside it. */
const ARM_OWN_SEAMLESS = 0.5;

/** The bare cross-sections nearest the shoulder whose colour (per bin across the arm) the repainted upper arm
 * takes on (`armShading`'s `rgb`): the arm just below the old sleeve's hem, which the upper arm continues. */
const ARM_NEAR_SECTIONS = 4;

/** A lowered arm's repainted upper arm is no brighter in its brightest bin than this rank of its bare sections'
 * pixels' brightness (`armShading`): the bare arm's lit side. */
const ARM_LIT_RANK = 0.85;
/** ... darkened by at most this factor (a bare arm's dark runs are no measure of a lit upper arm). */
const ARM_LIT_FLOOR = 0.85;

/** A bin across the arm takes the nearest sections' own colour (`armShading`'s `rgb`) with this many pixels of them. */
const ARM_NEAR_BIN_MIN = 4;

/** A lowered arm's bare sections just below an old sleeve's hem lie in the shadow the sleeve cast when they are
 * darker than the bare arm further on (`ARM_SHADOW_NEXT` sections after the nearest) by this ratio (`armShading`'s
 * `gain`): the repainted upper arm is lit like the arm beyond the shadow (issue 38, round 13, part T2). */
const ARM_SHADOW_RATIO = 1.15;
const ARM_SHADOW_NEXT = 8;
/** The most the repainted upper arm is brightened over the nearest sections' colour. */
const ARM_SHADOW_GAIN_MAX = 1.8;
/** Over this share of the upper arm above the nearest sections the lit colour takes over from theirs. */
const ARM_SHADOW_RAMP = 0.5;

/**
 * An upper arm's own shading across it, for painting it where an old sleeve covered it (issue 38, round 6, part
 * K3): the bare forearm's and upper arm's skin brightness across the arm (from the outline on the image's left or
 * top to the other, 0..1 of each cross-section's run of skin), relative to each section's mean; and the upper
 * arm's axis and half-width it is painted over. A flat diffused tone read as a blurred patch where a round arm
 * should be. Null without 3 cross-sections of bare skin (a long sleeve) or for a half-width under 2 px.
 */
export function armShading(
  body: Body,
  maps: Maps,
  image: RgbaImage,
  arm: Body['armL'],
  from: { x: number; y: number },
  to: { x: number; y: number },
  half: number,
  region: Uint8Array | null = null,
  ownBins = false,
): {
  profile: Float32Array;
  rgb: Float32Array;
  at: { x: number; y: number };
  a: { x: number; y: number };
  b: { x: number; y: number };
  half: number;
  gain: number;
  tAt: number;
  nearRgb: Float32Array | null;
} | null {
  const { width: W, height: H } = body;
  if (!(half >= 2)) return null;
  const d = image.data;
  // the region being filled is no source (an old sleeve's dark hem the skin map grew into)
  const skinAt = (x: number, y: number) => {
    const xi = Math.round(x);
    const yi = Math.round(y);
    const p = yi * W + xi;
    return xi >= 0 && yi >= 0 && xi < W && yi < H && maps.skin[p] === 255 && (maps.hair[p] ?? 0) < 128 && !region?.[p];
  };
  const sum = new Float64Array(ARM_PROFILE_BINS);
  const cnt = new Float64Array(ARM_PROFILE_BINS);
  // the nearest bare sections' colour per bin, and where they lie
  const rgbSum = new Float64Array(ARM_PROFILE_BINS * 3);
  const rgbCnt = new Float64Array(ARM_PROFILE_BINS);
  const at = { x: 0, y: 0 };
  let sections = 0;
  // each section's mean brightness, nearest first (the sleeve's shadow: `gain`)
  const secLum: number[] = [];
  // each section's mean colour (the lit arm beyond an old sleeve's shadow: `litColour`)
  const secs: { rgb: [number, number, number] }[] = [];
  // every bare section's pixels' brightness (the bare arm's lit side: `ARM_LIT_RANK`)
  const bareLums: number[] = [];
  const limit = arm.widthRoot * 1.5;
  for (const [a, b, t0, t1] of [
    [arm.root, arm.mid, 0.3, 1],
    [arm.mid, arm.end, 0, 0.6],
  ] as const) {
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const len = Math.hypot(dx, dy);
    if (len < 4) continue;
    // the normal pointing to the image's right (or down for a level arm): the light falls the same way on both
    let nx = -dy / len;
    let ny = dx / len;
    if (nx < -1e-6 || (Math.abs(nx) <= 1e-6 && ny < 0)) {
      nx = -nx;
      ny = -ny;
    }
    for (let t = t0; t <= t1 + 1e-6; t += 0.05) {
      const cx = a.x + dx * t;
      const cy = a.y + dy * t;
      if (!skinAt(cx, cy)) continue;
      const ends = [0, 0];
      for (const [k, sgn] of [-1, 1].entries()) {
        let gap = 0;
        for (let s = 1; s <= limit; s++) {
          if (skinAt(cx + nx * s * sgn, cy + ny * s * sgn)) {
            ends[k] = s;
            gap = 0;
          } else if (++gap > 2) break;
        }
      }
      const from = -(ends[0] ?? 0);
      const run = (ends[1] ?? 0) - from;
      if (run < 4) continue;
      const lums: number[] = [];
      const bins: number[] = [];
      const px: number[] = [];
      for (let s = from; s <= (ends[1] ?? 0); s++) {
        const xi = Math.round(cx + nx * s);
        const yi = Math.round(cy + ny * s);
        if (!skinAt(xi, yi)) continue;
        const o = (yi * W + xi) * 4;
        lums.push((d[o] ?? 0) * 0.299 + (d[o + 1] ?? 0) * 0.587 + (d[o + 2] ?? 0) * 0.114);
        bins.push(Math.min(ARM_PROFILE_BINS - 1, Math.floor(((s - from) / (run + 1)) * ARM_PROFILE_BINS)));
        px.push(o);
      }
      const mean = lums.reduce((u, v) => u + v, 0) / Math.max(1, lums.length);
      if (mean < 8) continue;
      for (const l of lums) bareLums.push(l);
      const near = sections < ARM_NEAR_SECTIONS;
      for (let j = 0; j < lums.length; j++) {
        const bin = bins[j] ?? 0;
        sum[bin] = (sum[bin] ?? 0) + (lums[j] ?? 0) / mean;
        cnt[bin] = (cnt[bin] ?? 0) + 1;
        if (!near) continue;
        for (let c = 0; c < 3; c++) rgbSum[bin * 3 + c] = (rgbSum[bin * 3 + c] ?? 0) + (d[(px[j] ?? 0) + c] ?? 0);
        rgbCnt[bin] = (rgbCnt[bin] ?? 0) + 1;
      }
      secLum.push(mean);
      const rgbMean: [number, number, number] = [0, 0, 0];
      for (const o of px) {
        rgbMean[0] += (d[o] ?? 0) / px.length;
        rgbMean[1] += (d[o + 1] ?? 0) / px.length;
        rgbMean[2] += (d[o + 2] ?? 0) / px.length;
      }
      secs.push({ rgb: rgbMean });
      if (near) {
        at.x += cx / ARM_NEAR_SECTIONS;
        at.y += cy / ARM_NEAR_SECTIONS;
      }
      sections++;
    }
  }
  if (sections < 3) return null;
  const profile = new Float32Array(ARM_PROFILE_BINS);
  for (let j = 0; j < ARM_PROFILE_BINS; j++) profile[j] = (cnt[j] ?? 0) > 0 ? (sum[j] ?? 0) / (cnt[j] ?? 0) : 1;
  // a mean of 1 across the arm, kept within a plausible range (a stray dark hem pixel is no shadow)
  let m = 0;
  for (let j = 0; j < ARM_PROFILE_BINS; j++) m += profile[j] ?? 0;
  m /= ARM_PROFILE_BINS;
  for (let j = 0; j < ARM_PROFILE_BINS; j++) profile[j] = Math.max(0.6, Math.min(1.4, (profile[j] ?? 0) / m));
  // the nearest sections' mean colour, shaded across the arm by the profile of all of them (where they miss a bin)
  const rgb = new Float32Array(ARM_PROFILE_BINS * 3);
  const all = [0, 0, 0];
  let n = 0;
  for (let j = 0; j < ARM_PROFILE_BINS; j++) {
    for (let c = 0; c < 3; c++) all[c] = (all[c] ?? 0) + (rgbSum[j * 3 + c] ?? 0);
    n += rgbCnt[j] ?? 0;
  }
  for (let j = 0; j < ARM_PROFILE_BINS; j++)
    for (let c = 0; c < 3; c++) rgb[j * 3 + c] = ((all[c] ?? 0) / Math.max(1, n)) * (profile[j] ?? 1);
  // `ownBins` (a raised arm): where the nearest sections cover a bin, their own colour there (issue 38, round 12,
  // part S2): the upper arm continues the cross-section just below the old hem, lit side to shaded side; the
  // profile of all sections mixed in the raised forearm's, turned otherwise: a dark stripe ran along the repainted
  // shoulder. (A lowered arm keeps the profile: its nearest sections' lit rim, carried past the arm's side, was a
  // pale flap at cgi-model-15's armhole.)
  const lumOf = (r: number, g: number, b: number) => r * 0.299 + g * 0.587 + b * 0.114;
  const nearLum = ownBins ? lumOf(all[0] ?? 0, all[1] ?? 0, all[2] ?? 0) / Math.max(1, n) : 0;
  for (let j = 0; j < ARM_PROFILE_BINS && nearLum > 0; j++) {
    const m = rgbCnt[j] ?? 0;
    if (m < ARM_NEAR_BIN_MIN) continue;
    const l = lumOf(rgbSum[j * 3] ?? 0, rgbSum[j * 3 + 1] ?? 0, rgbSum[j * 3 + 2] ?? 0) / m / nearLum;
    if (!(l > 0)) continue;
    const f = Math.max(0.6, Math.min(1.4, l)) / l;
    for (let c = 0; c < 3; c++) rgb[j * 3 + c] = ((rgbSum[j * 3 + c] ?? 0) / m) * f;
  }
  const used = Math.min(ARM_NEAR_SECTIONS, sections);
  const atP = { x: (at.x * ARM_NEAR_SECTIONS) / used, y: (at.y * ARM_NEAR_SECTIONS) / used };
  // a lowered arm: the nearest sections in the old sleeve's cast shadow, darker than the bare arm just beyond it
  // (issue 38, round 13, part T2): cgi-model-4's upper arms were repainted a flat dark brown block. The gain is
  // the next sections' median brightness over the nearest's; `armShadeAt` ramps it in above them
  let gain = 1;
  let nearRgb: Float32Array | null = null;
  if (!ownBins && secLum.length >= ARM_NEAR_SECTIONS + 3) {
    const nearMean = secLum.slice(0, ARM_NEAR_SECTIONS).reduce((u, v) => u + v, 0) / ARM_NEAR_SECTIONS;
    const next = secLum.slice(ARM_NEAR_SECTIONS, ARM_NEAR_SECTIONS + ARM_SHADOW_NEXT).sort((u, v) => u - v);
    const lit = next[next.length >> 1] ?? 0;
    if (nearMean > 0 && lit > nearMean * ARM_SHADOW_RATIO) {
      gain = Math.min(ARM_SHADOW_GAIN_MAX, lit / nearMean);
      // the lit arm's own colour, shaded across by the profile (issue 38, round 24, part G6): the shadowed colour
      // scaled by a capped gain was a dark, redder brown, well under the forearm's brightness; `armShadeAt` goes
      // down to the nearest sections' own colour (`nearRgb`) just above the hem (`SHADOW_TO_HEM`)
      const lit3 = litColour(secs, secLum, lit);
      if (lit3) {
        nearRgb = rgb.slice();
        for (let j = 0; j < ARM_PROFILE_BINS; j++)
          for (let c = 0; c < 3; c++) rgb[j * 3 + c] = (lit3[c] ?? 0) * (profile[j] ?? 1);
        gain = 1;
      }
    }
  }
  // a lowered arm's lit side no brighter than the bare arm's own (issue 38, round 33): the nearest sections' runs
  // may hold only the arm's lit side (at cgi-model-4's elbow 21-32 px of skin, the forearm's runs below 50 px with
  // its shaded inner side), and their mean colour times the profile of whole sections (its lit side 1.35x) painted
  // the upper arm a pale block, its lit side 1.23x the forearm's. (Not over a lit colour beyond an old sleeve's
  // shadow, `nearRgb`: the shadowed sections would lower the rank)
  if (!ownBins && nearRgb === null && bareLums.length > 0) {
    bareLums.sort((u, v) => u - v);
    const litTop = bareLums[Math.min(bareLums.length - 1, Math.floor(bareLums.length * ARM_LIT_RANK))] ?? 0;
    let peak = 0;
    for (let j = 0; j < ARM_PROFILE_BINS; j++)
      peak = Math.max(peak, lumOf(rgb[j * 3] ?? 0, rgb[j * 3 + 1] ?? 0, rgb[j * 3 + 2] ?? 0));
    if (litTop > 0 && peak > litTop)
      for (let j = 0; j < rgb.length; j++) rgb[j] = (rgb[j] ?? 0) * Math.max(ARM_LIT_FLOOR, litTop / peak);
  }
  const ax = to.x - from.x;
  const ay = to.y - from.y;
  const tAt = ((atP.x - from.x) * ax + (atP.y - from.y) * ay) / Math.max(1, ax * ax + ay * ay);
  return { profile, rgb, at: atP, a: from, b: to, half, gain, tAt, nearRgb };
}

/** A bare section beyond an old sleeve's cast shadow is lit at this share of the lit median (`litColour`). */
const SHADOW_LIT_SHARE = 0.9;
/** Over this share of the upper arm above the old hem the lit colour goes down to the shadowed sections' own
 * (`armShadeAt`): the shadow below the hem stays, the upper arm's elbow end meets it without a step. */
const SHADOW_TO_HEM = 0.3;

/**
 * The mean colour of a lowered arm's lit bare sections beyond an old sleeve's cast shadow (issue 38, round 24,
 * part G6): the first `ARM_SHADOW_NEXT` from the first one at `SHADOW_LIT_SHARE` of the lit median `lit`, those
 * that lit. Null when the nearest is lit already or none is.
 */
function litColour(
  secs: { rgb: [number, number, number] }[],
  secLum: number[],
  lit: number,
): [number, number, number] | null {
  let first = -1;
  for (let i = 0; i < secLum.length && first < 0; i++) if ((secLum[i] ?? 0) >= lit * SHADOW_LIT_SHARE) first = i;
  if (first < 1) return null;
  const rgb: [number, number, number] = [0, 0, 0];
  let n = 0;
  for (let i = first; i < Math.min(secs.length, first + ARM_SHADOW_NEXT); i++) {
    const s = secs[i];
    if (!s || (secLum[i] ?? 0) < lit * SHADOW_LIT_SHARE) continue;
    rgb[0] += s.rgb[0];
    rgb[1] += s.rgb[1];
    rgb[2] += s.rgb[2];
    n++;
  }
  return n ? [rgb[0] / n, rgb[1] / n, rgb[2] / n] : null;
}

/**
 * The shading factor of an upper arm at (x, y) (`armShading`): the profile across it at the pixel's place
 * between the arm's outlines, or null off the upper arm.
 */
function armShadeAt(
  sh: NonNullable<ReturnType<typeof armShading>> & { raised?: boolean; fromJoint?: boolean; halfEnd?: number },
  x: number,
  y: number,
  own: number[] | null = null,
): number | null {
  const { a, b, profile } = sh;
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const l2 = dx * dx + dy * dy;
  if (l2 < 1) return null;
  const t = ((x - a.x) * dx + (y - a.y) * dy) / l2;
  // none at the shoulder's joint (the shoulder's round end and the chest beside it keep the diffused tone), all
  // of it from a quarter of the way down: no step across the arm where the shading starts. A raised arm's from
  // before its joint (issue 38, round 12, part S2): an old sleeve covered its shoulder out to a third of the upper
  // arm, and the chest's diffused tone there (from the neck and the chest, not the arm) was a blurred flat blob
  // paler than the bare arm beyond the old hem; its own colour and roundness now run on to the shoulder, fading
  // in across the joint (`RAISED_ARM_FADE`), not stepping at it
  // a lowered arm lit like its bare arm beyond an old sleeve's shadow (`nearRgb`) likewise (issue 38, round 24, part
  // G6): the shoulder's round end kept the diffused tone of the shaded neck, a dark cap over the lit upper arm
  // a lowered arm an old sleeve hid down to the elbow (`fromJoint`: `elbowOnlyArmHalf`) likewise (issue 38, round
  // 34): its whole upper arm is repainted, and the shoulder's cap kept the chest's diffused tone over the first
  // quarter, a flat blurred block atop a round, shaded arm (cgi-model-4's crop tee under a tank or a camisole)
  const early = sh.raised || sh.nearRgb !== null || sh.fromJoint === true;
  const lead = early ? RAISED_ARM_FADE / 2 : 0;
  // down to the nearest bare sections when they lie past the elbow (issue 38, round 30, part M2: an old sleeve's
  // shaded opening round the elbow, filled, was the diffused tone of its dark surroundings below the elbow's line)
  if (t <= -lead || t > Math.max(1, sh.tAt)) return null;
  const fade = Math.min(1, (t + lead) / (early ? RAISED_ARM_FADE : ARM_SHADE_FADE));
  // (a tapered upper arm's half-width where the pixel lies along it: `fillRegion`'s `tR`)
  const half = sh.halfEnd === undefined ? sh.half : sh.half + (sh.halfEnd - sh.half) * Math.max(0, Math.min(1, t));
  const len = Math.sqrt(l2);
  let nx = -dy / len;
  let ny = dx / len;
  if (nx < -1e-6 || (Math.abs(nx) <= 1e-6 && ny < 0)) {
    nx = -nx;
    ny = -ny;
  }
  const s0 = (x - a.x) * nx + (y - a.y) * ny;
  // beside the arm (the chest the arm's capsule overlaps) the shading fades out rather than stopping at a line
  const side = Math.max(0, Math.min(1, (half * 1.4 - Math.abs(s0)) / (half * 0.4)));
  if (side <= 0) return null;
  const s = Math.max(-half, Math.min(half, s0));
  const f = ((s + half) / (2 * half)) * ARM_PROFILE_BINS - 0.5;
  const j0 = Math.max(0, Math.min(ARM_PROFILE_BINS - 1, Math.floor(f)));
  const j1 = Math.min(ARM_PROFILE_BINS - 1, j0 + 1);
  const w = Math.max(0, Math.min(1, f - j0));
  const weight = fade * fade * (3 - 2 * fade) * side;
  // the arm's own colour there (`own`: r, g, b and its weight against the diffused skin)
  if (own) {
    // out of the old sleeve's cast shadow (`armShading`'s gain), lit like the bare arm beyond it
    const u = Math.max(0, Math.min(1, (sh.tAt - t) / ARM_SHADOW_RAMP));
    const g = 1 + (sh.gain - 1) * u * u * (3 - 2 * u);
    for (let c = 0; c < 3; c++) own[c] = ((sh.rgb[j0 * 3 + c] ?? 0) * (1 - w) + (sh.rgb[j1 * 3 + c] ?? 0) * w) * g;
    const near = sh.nearRgb;
    if (near) {
      const v = Math.max(0, Math.min(1, (sh.tAt - t) / SHADOW_TO_HEM));
      const k = v * v * (3 - 2 * v);
      for (let c = 0; c < 3; c++)
        own[c] = (own[c] ?? 0) * k + ((near[j0 * 3 + c] ?? 0) * (1 - w) + (near[j1 * 3 + c] ?? 0) * w) * (1 - k);
    }
    own[3] = weight;
  }
  return 1 + ((profile[j0] ?? 0) * (1 - w) + (profile[j1] ?? 0) * w - 1) * weight;
}

/** How far (x the span) above the old region by the neck its cloth's dark rim is taken with it (`oldNeckRim`). */
const NECK_RIM = 0.02;
/** A skin-map pixel in that rim darker than this share of the neck's luminance above the rim is the rim too. */
export const NECK_RIM_DARK = 0.7;

/**
 * The rim of an old collar just above a one-piece's old region by the neck (issue 38, round 14, part U7): within
 * `NECK_RIM` spans above it, across the neck (`NECK_HALF_WIDTH`) and up to `NECK_SEAM_RISE` above the neck's point,
 * the person's pixels that are neither skin nor hair are the old garment too, and (round 30, part M4) so are those
 * the skin map takes that are darker than `NECK_RIM_DARK` of the person 2r + 1 rows above them (the collar's blend
 * with the neck's skin, left as a dark speck beside the neck). The blended dark edge of cgi-model-27's tee collar
 * was left as a ragged dark line along the top of the filled chest.
 */
export function oldNeckRim(old: Uint8Array, body: Body, maps: Maps, head: Uint8Array, person: RgbaImage): void {
  const { width: W, height: H, mask, neck, span } = body;
  const r = Math.max(1, Math.round(span * NECK_RIM));
  const d = person.data;
  const lum = (q: number) => 0.299 * (d[q * 4] ?? 0) + 0.587 * (d[q * 4 + 1] ?? 0) + 0.114 * (d[q * 4 + 2] ?? 0);
  // a pixel the skin map takes that is much darker than the neck above the rim is the collar's blended edge
  // (issue 38, round 30, part M4: a dark speck left beside the neck over a jumpsuit's neckline)
  const dark = (p: number) => {
    const up = p - (2 * r + 1) * W;
    return up >= 0 && (mask[up] ?? 0) >= 128 && (maps.hair[up] ?? 0) < 128 && lum(p) < lum(up) * NECK_RIM_DARK;
  };
  const x0 = Math.max(0, Math.floor(neck.x - span * NECK_HALF_WIDTH));
  const x1 = Math.min(W - 1, Math.ceil(neck.x + span * NECK_HALF_WIDTH));
  const y0 = Math.max(0, Math.floor(neck.y - span * NECK_SEAM_RISE));
  const y1 = Math.min(H - 1, Math.round(neck.y));
  for (let x = x0; x <= x1; x++) {
    // going up each column: the old region, then up to r pixels of cloth above it
    let since = Infinity;
    for (let y = y1 + r; y >= y0; y--) {
      const p = y * W + x;
      if (y < H && old[p]) {
        since = 0;
        continue;
      }
      since++;
      if (y > y1 || since > r) continue;
      if ((mask[p] ?? 0) < 128 || (maps.skin[p] && !dark(p)) || (maps.hair[p] ?? 0) >= 128 || head[p]) {
        since = Infinity;
        continue;
      }
      old[p] = 255;
    }
  }
}

/** How far above the neck's point (x the span) a one-piece's chest fill meets no old cloth in its seam. */
const NECK_SEAM_RISE = 0.25;

/** Over how far below the neck's point (x the span) the chest's shading fades in (`chestShading`). */
const CHEST_SHADE_FADE = 0.25;

/** How much of the lowered arms' shading across them the chest takes (it is broader and flatter than an arm). */
export const CHEST_SHADE_SHARE = 0.7;

/**
 * The chest's shading across the torso (issue 38, round 14, part U7): the mean of the lowered arms' profiles
 * across them (`armShading`, image left to right: the light falls the same way on the torso), scaled by
 * `CHEST_SHADE_SHARE`; null without a lowered arm's (a raised arm's runs along it, not across the body). The chest
 * between a dress's straps was one flat diffused tone, a skin patch with no roundness.
 */
function chestShading(shades: { profile: Float32Array; raised: boolean }[]): Float32Array | null {
  const lowered = shades.filter((s) => !s.raised);
  if (!lowered.length) return null;
  const out = new Float32Array(ARM_PROFILE_BINS);
  for (let j = 0; j < ARM_PROFILE_BINS; j++) {
    let m = 0;
    for (const s of lowered) m += s.profile[j] ?? 1;
    out[j] = 1 + (m / lowered.length - 1) * CHEST_SHADE_SHARE;
  }
  return out;
}

/** How far out from a top's side at its armhole (x the span) the skin filled beside it is shaded (`armholeShade`). */
export const ARMHOLE_SHADE_REACH = 0.08;
/** How much darker the skin filled right at a top's side in its armhole is than the fill without the shade. */
export const ARMHOLE_SHADE_DARK = 0.25;
/** A row's covered run on a side counts as the garment's side (not a strap) from this width (x the span). */
const ARMHOLE_RUN_MIN = 0.08;
/** A side no further out than this past its shoulder's joint (x the span) is an armhole's (further out, a sleeve's). */
const ARMHOLE_SIDE_OUT = 0.05;
/** The armhole's rows start this far (x the span) above the higher of the shoulder's joint and the neck's point. */
const ARMHOLE_ABOVE = 0.1;
/** The fill is shaded out to this far (x the span) past the shoulder's joint (the upper arm's far side). */
const ARMHOLE_SCAN = 0.6;

/**
 * The armhole's shade (issue 38, round 37, part f): a factor (1 elsewhere) on the skin filled beside a top's or a
 * one-piece's side, out from it, in the rows of a lowered arm's armhole (from its shoulder's joint down to the
 * armpit, `ARMPIT_DROP`, fading out over `ARMPIT_RAMP`): `ARMHOLE_SHADE_DARK` darker at the garment's side, fading
 * (squared) to none `ARMHOLE_SHADE_REACH` out. The chest's side there turns away from the light and lies in the
 * armpit's and the garment's shade; the fill (the chest's lit tone, brighter towards the chest's front) was a flat
 * pale strip along the armhole's trim, which read as the old white dress left between the new top and the arm
 * (ai-body). A side is the row's outermost covered run at least `ARMHOLE_RUN_MIN` wide (a camisole's strap is no
 * side); the distance is to the nearest such side pixel of the rows within reach, on its outer side.
 */
function armholeShade(body: Body, region: Uint8Array, covered: Uint8Array): Float32Array | null {
  const { width: W, height: H, span, torsoH } = body;
  const reach = Math.max(2, Math.round(span * ARMHOLE_SHADE_REACH));
  const runMin = Math.max(2, Math.round(span * ARMHOLE_RUN_MIN));
  let out: Float32Array | null = null;
  for (const [i, sh] of [body.shoulderL, body.shoulderR].entries()) {
    if (body.armRaised[i]) continue;
    // the side away from the neck: left (-1) or right (+1) in the image
    const dir = sh.x < body.neck.x ? -1 : 1;
    const ya = Math.max(0, Math.round(Math.min(sh.y, body.neck.y) - span * ARMHOLE_ABOVE));
    const yPit = sh.y + torsoH * ARMPIT_DROP;
    const ramp = torsoH * ARMPIT_RAMP;
    const yb = Math.min(H - 1, Math.round(yPit + ramp));
    // each row's side: the outermost covered pixel on this side of the neck's column, its run wide enough
    const edge = new Int32Array(yb - ya + 1).fill(-1);
    const cx = Math.round(body.neck.x);
    // (a side out past the shoulder's joint is a sleeve's, over the arm: no armhole)
    const xOut = Math.max(0, Math.min(W - 1, Math.round(sh.x + dir * span * ARMHOLE_SIDE_OUT)));
    for (let y = ya; y <= yb; y++) {
      const row = y * W;
      let x = xOut;
      while (x !== cx && !covered[row + x]) x -= dir;
      if (x === cx || x === xOut) continue;
      let run = 0;
      for (let u = x; u !== cx && covered[row + u] && run < runMin; u -= dir) run++;
      if (run >= runMin) edge[y - ya] = x;
    }
    for (let y = ya; y <= yb; y++) {
      const fade = y <= yPit ? 1 : Math.max(0, 1 - (y - yPit) / Math.max(1, ramp));
      if (fade <= 0) continue;
      const x0 = Math.max(0, Math.min(W - 1, Math.round(sh.x + dir * span * ARMHOLE_SCAN)));
      const xs = Math.min(x0, cx);
      const xe = Math.max(x0, cx);
      for (let x = xs; x <= xe; x++) {
        const p = y * W + x;
        if (!region[p]) continue;
        let best = Infinity;
        for (let v = Math.max(ya, y - reach); v <= Math.min(yb, y + reach); v++) {
          const e = edge[v - ya] ?? -1;
          if (e < 0) continue;
          const dx = (x - e) * dir;
          if (dx <= 0) continue;
          const d = Math.hypot(dx, v - y);
          if (d < best) best = d;
        }
        if (best > reach) continue;
        const t = 1 - best / (reach + 1);
        out ??= new Float32Array(W * H).fill(1);
        out[p] = Math.min(out[p] ?? 1, 1 - ARMHOLE_SHADE_DARK * t * t * fade);
      }
    }
  }
  return out;
}

/** The chest's shading factor at `u` (0..1 from the torso's left side to its right), `chestShading`'s profile. */
function chestShadeAt(profile: Float32Array, u: number): number {
  const f = Math.max(0, Math.min(1, u)) * ARM_PROFILE_BINS - 0.5;
  const j0 = Math.max(0, Math.min(ARM_PROFILE_BINS - 1, Math.floor(f)));
  const j1 = Math.min(ARM_PROFILE_BINS - 1, j0 + 1);
  const w = Math.max(0, Math.min(1, f - j0));
  return (profile[j0] ?? 1) * (1 - w) + (profile[j1] ?? 1) * w;
}

/** A neckline at least this far below the neck's point (x the span) at the torso's middle shows a cleavage. */
export const CLEAVAGE_MIN_DEPTH = 0.3;
/** How far up from the neckline (x the span) the shadow between the breasts reaches, fading out. */
export const CLEAVAGE_LEN = 0.16;
/** The shadow's half-width (x the span, a Gaussian's sigma) at the neckline; it narrows up to a line. */
export const CLEAVAGE_HALF = 0.035;
/** How much darker the shadow is at its deepest (at the neckline, on the torso's middle). */
export const CLEAVAGE_DARK = 0.22;
/** How much darker the chest's skin is at the torso's sides (turning away from the light) than at its middle. */
export const CHEST_SIDE_DARK = 0.12;

/**
 * The chest's own modelling above a low neckline (issue 38, round 18, part Y3): the neckline's row at the
 * torso's middle (the new garment's first covered pixel below the neck's point down the neck-pelvis line) when it
 * lies CLEAVAGE_MIN_DEPTH spans or more below the neck (null above: a crew or a high neckline shows no cleavage).
 * `chestModelAt` shades the fill by it: a soft shadow between the breasts up from the neckline and the sides a
 * little darker. A diffused fill there was one flat tone, a skin box with no roundness.
 */
function chestNeckline(body: Body, covered: Uint8Array | null): { y: number } | null {
  if (!covered) return null;
  const W = body.width;
  const y0 = Math.max(0, Math.round(body.neck.y));
  const y1 = Math.min(body.height - 1, Math.round(body.pelvis.y));
  for (let y = y0; y <= y1; y++) {
    const t = (y - body.neck.y) / Math.max(1, body.pelvis.y - body.neck.y);
    const x = Math.round(body.neck.x + (body.pelvis.x - body.neck.x) * t);
    if (x < 0 || x >= W || !covered[y * W + x]) continue;
    return y - body.neck.y >= body.span * CLEAVAGE_MIN_DEPTH ? { y } : null;
  }
  return null;
}

/** How much lighter the ridge of a collarbone is than the chest round it, at its middle. */
export const CLAVICLE_LIGHT = 0.04;
/** How much darker the hollow just below a collarbone is, at its middle. */
export const CLAVICLE_DARK = 0.07;
/** The ridge's and the hollow's width (x the span, a Gaussian's sigma across the collarbone's line). */
export const CLAVICLE_SIGMA = 0.022;
/** How much darker the hollow at the neck's base between the collarbones is. */
export const NOTCH_DARK = 0.1;
/** The largest grain the chest's fill takes (grey levels, the sigma of the bare skin's fine detail). */
export const SKIN_GRAIN_MAX = 6;

/**
 * The collarbones' relief on a top's or a one-piece's chest fill (issue 38, round 25, part H2): a factor at
 * (x, y), 1 away from them. Each collarbone runs from beside the neck's base out and a little up to its shoulder's
 * joint; the skin on it catches the light (CLAVICLE_LIGHT), the hollow just below it is in shade (CLAVICLE_DARK),
 * both fading out at the two ends, with the hollow at the neck's base between them (NOTCH_DARK). The fill over
 * cgi-model-27's old tee was one flat diffused tone from the neck to the neckline, a skin box.
 */
function clavicleRelief(body: Body): (x: number, y: number) => number {
  const { span, neck } = body;
  const sg = span * CLAVICLE_SIGMA;
  // each collarbone's line: its start beside the neck's base, its direction (unit), length and outward side
  const lines = [body.shoulderL, body.shoulderR].map((sh) => {
    const dir = sh.x < neck.x ? -1 : 1;
    const ax = neck.x + dir * span * 0.05;
    const ay = neck.y + span * 0.05;
    const lx = sh.x - dir * span * 0.06 - ax;
    const ly = sh.y - span * 0.01 - ay;
    const l = Math.max(1, Math.hypot(lx, ly));
    return { ax, ay, ux: lx / l, uy: ly / l, l, dir };
  });
  const top = Math.min(neck.y, body.shoulderL.y, body.shoulderR.y) - span * 0.1;
  const bottom = Math.max(neck.y, body.shoulderL.y, body.shoulderR.y) + span * 0.2;
  const notchR = span * 0.045;
  const notchY = neck.y + span * 0.06;
  return (x, y) => {
    if (y < top || y > bottom) return 1;
    let f = 1;
    for (const { ax, ay, ux, uy, l, dir } of lines) {
      const t = ((x - ax) * ux + (y - ay) * uy) / l;
      if (t < -0.2 || t > 1.1) continue;
      // the distance below the line (downwards in the image on either side)
      const n = ((x - ax) * -uy + (y - ay) * ux) * dir;
      if (n < -4 * sg || n > 6 * sg) continue;
      const end = Math.max(0, Math.min(1, (t + 0.2) / 0.3, (1.1 - t) / 0.35));
      const along = end * end * (3 - 2 * end);
      const ridge = Math.exp(-(((n + 0.3 * sg) / sg) ** 2));
      const hollow = Math.exp(-(((n - 1.8 * sg) / (1.6 * sg)) ** 2));
      f *= 1 + along * (CLAVICLE_LIGHT * ridge - CLAVICLE_DARK * hollow);
    }
    const nx = (x - neck.x) / notchR;
    const ny = (y - notchY) / (span * 0.035);
    if (nx * nx + ny * ny < 9) f *= 1 - NOTCH_DARK * Math.exp(-(nx * nx + ny * ny));
    return f;
  };
}

/**
 * The bare skin's fine grain (issue 38, round 25, part H2): over the person's skin pixels outside `region` within a
 * span of the neck (the neck, the shoulders, the upper arms), the median of the luma's distance from its four
 * neighbours' mean, as a Gaussian sigma, at most SKIN_GRAIN_MAX. A chest fill without it was smoother than the
 * skin round it, a blurred patch.
 */
function skinGrain(img: RgbaImage, skin: Uint8Array, region: Uint8Array, body: Body): number {
  const W = img.width;
  const H = img.height;
  const d = img.data;
  const r = body.span;
  const x0 = Math.max(1, Math.floor(body.neck.x - r));
  const x1 = Math.min(W - 2, Math.ceil(body.neck.x + r));
  const y0 = Math.max(1, Math.floor(body.neck.y - r * 0.6));
  const y1 = Math.min(H - 2, Math.ceil(body.neck.y + r * 0.8));
  const lum = (q: number) => 0.299 * (d[q * 4] ?? 0) + 0.587 * (d[q * 4 + 1] ?? 0) + 0.114 * (d[q * 4 + 2] ?? 0);
  const devs: number[] = [];
  for (let y = y0; y <= y1; y += GRAIN_STEP) {
    for (let x = x0; x <= x1; x += GRAIN_STEP) {
      const p = y * W + x;
      if (!skin[p] || region[p] || !skin[p - 1] || !skin[p + 1] || !skin[p - W] || !skin[p + W]) continue;
      if (region[p - 1] || region[p + 1] || region[p - W] || region[p + W]) continue;
      devs.push(Math.abs(lum(p) - (lum(p - 1) + lum(p + 1) + lum(p - W) + lum(p + W)) / 4));
    }
  }
  if (devs.length < 50) return 0;
  devs.sort((a, b) => a - b);
  // a Gaussian's median absolute deviation is 0.674 sigma; the neighbours' mean takes a fifth of it off again
  return Math.min(SKIN_GRAIN_MAX, ((devs[devs.length >> 1] ?? 0) / 0.674) * 0.8);
}

/** Every how many pixels (across and down) `skinGrain` samples the skin. */
const GRAIN_STEP = 4;

/** A fixed noise value at pixel p, uniform in [-1, 1) (a hash, the same for the same picture). */
function grainAt(p: number): number {
  let h = (p * 0x9e3779b1) ^ 0x5bd1e995;
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  h = Math.imul(h ^ (h >>> 12), 0x297a2d39);
  h ^= h >>> 15;
  return ((h >>> 0) / 4294967296) * 2 - 1;
}

/** The chest's modelling factor at (x, y) (`chestNeckline`): 1 away from the cleavage and the sides. */
function chestModelAt(body: Body, neckline: { y: number }, x: number, y: number, tl: number, tr: number): number {
  let f = 1;
  if (tr - tl > 2) {
    const a = Math.abs(((x - tl) / (tr - tl)) * 2 - 1);
    const s = Math.max(0, Math.min(1, (a - 0.45) / 0.55));
    f *= 1 - CHEST_SIDE_DARK * s * s * (3 - 2 * s);
  }
  const len = body.span * CLEAVAGE_LEN;
  const up = (neckline.y - y) / len;
  if (up > -0.1 && up < 1) {
    const t = (y - body.neck.y) / Math.max(1, body.pelvis.y - body.neck.y);
    const cx = body.neck.x + (body.pelvis.x - body.neck.x) * t;
    const u = Math.max(0, up);
    const sigma = body.span * CLEAVAGE_HALF * (1 - 0.6 * u);
    const along = (1 - u) * (1 - u);
    f *= 1 - CLEAVAGE_DARK * along * Math.exp(-(((x - cx) / sigma) ** 2));
  }
  return f;
}

/**
 * The photo's light (`lightField`) over the part of `region` an upper arm is repainted in (`armShadeAt`'s weight
 * over a half), its median: the level the arm's own colour is shaded about (0 if none of it is in the region).
 */
function armLight(
  sh: NonNullable<ReturnType<typeof armShading>> & { raised?: boolean },
  region: Uint8Array,
  light: ReturnType<typeof lightField>,
  W: number,
): number {
  const r = sh.half * 1.4;
  const x0 = Math.max(0, Math.floor(Math.min(sh.a.x, sh.b.x) - r));
  const x1 = Math.min(W - 1, Math.ceil(Math.max(sh.a.x, sh.b.x) + r));
  const y0 = Math.max(0, Math.floor(Math.min(sh.a.y, sh.b.y) - r));
  const y1 = Math.min(region.length / W - 1, Math.ceil(Math.max(sh.a.y, sh.b.y) + r));
  const own = [0, 0, 0, 0];
  const ls: number[] = [];
  for (let y = y0; y <= y1; y += 2) {
    for (let x = x0; x <= x1; x += 2) {
      if (!region[y * W + x] || armShadeAt(sh, x, y, own) === null || (own[3] ?? 0) < 0.5) continue;
      const l = light.smooth(x, y);
      if (l >= 0) ls.push(l);
    }
  }
  ls.sort((u, v) => u - v);
  return ls[ls.length >> 1] ?? 0;
}

/** The x of a leg's hip-knee-ankle line at row y, or null above its hip or below its ankle. */
function legAxisX(leg: Body['legL'], y: number): number | null {
  for (const [a, b] of [
    [leg.root, leg.mid],
    [leg.mid, leg.end],
  ] as const) {
    if (y < Math.min(a.y, b.y) || y > Math.max(a.y, b.y)) continue;
    const t = b.y === a.y ? 0 : (y - a.y) / (b.y - a.y);
    return a.x + (b.x - a.x) * t;
  }
  return null;
}

/** A bare leg's half-width (x the shin's width) at the knee and at the ankle; the thigh's at the hip is at most
 * `LEG_THIGH` of the shin's (the thigh's measured width is an old skirt's or tutu's there). */
const LEG_KNEE = 0.55;
const LEG_ANKLE = 0.38;
const LEG_THIGH = 0.8;

/**
 * A bare leg's shape and shading where an old garment covered it (issue 38, round 6, part K4): for the pixel
 * (x, y), the nearest undressed leg's coverage (1 inside its outline, a one-pixel ramp at its edge) and its
 * cylinder shading (1.05 on the axis, 0.72 at the edge), or coverage 0. The outline is the pose's leg tapered
 * from the thigh to the ankle, not the old garment's (a dress's tail filled with skin was a blob in its shape).
 */
function legPaint(body: Body, dressed: number, x: number, y: number, into: [number, number]): void {
  into[0] = 0;
  into[1] = 1;
  // the shading from the segment the pixel is deepest in (the thigh's past the knee left a seam across it)
  let bestU = Infinity;
  for (const [i, leg] of [body.legL, body.legR].entries()) {
    if (dressed & (1 << i)) continue;
    const shin = leg.widthEnd;
    const rHip = Math.min(leg.widthRoot * 0.5, shin * LEG_THIGH);
    for (const [a, b, r0, r1] of [
      [leg.root, leg.mid, rHip, shin * LEG_KNEE],
      [leg.mid, leg.end, shin * LEG_KNEE, shin * LEG_ANKLE],
    ] as const) {
      const dx = b.x - a.x;
      const dy = b.y - a.y;
      const len2 = dx * dx + dy * dy || 1;
      const t = Math.max(0, Math.min(1, ((x - a.x) * dx + (y - a.y) * dy) / len2));
      const d = Math.hypot(x - a.x - dx * t, y - a.y - dy * t);
      const r = r0 + (r1 - r0) * t;
      into[0] = Math.max(into[0], Math.max(0, Math.min(1, r - d + 0.5)));
      const u = d / Math.max(1, r);
      if (u >= bestU) continue;
      bestU = u;
      into[1] = 0.72 + 0.33 * Math.sqrt(1 - Math.min(1, u) ** 2);
    }
  }
}

/** A painted leg's copy of the other leg (`LegProfile`) reads that leg out to this share of its capsule's half-width
 * (the capsule's edge is wider than the leg's own outline there: a blend with the backdrop), in this many steps. */
const LEG_DONOR_IN = 0.8;
const LEG_DONOR_BINS = 21;
/** The profile is smoothed down the leg over this many rows either side (the photo's grain, a row's gaps). */
const LEG_DONOR_SMOOTH = 3;
/** A row across the other leg is a source when at least this share of its steps is bare skin the fill keeps. */
const LEG_DONOR_ROW = 0.5;
/** A row without it takes the nearest row's that has it within this (x the span), fading out to there. */
const LEG_DONOR_REACH = 0.1;

/** A leg's two joint segments: from, to, and the painted capsule's radius at each end (`legPaint`'s). */
function legSegments(leg: Body['legL']) {
  const shin = leg.widthEnd;
  const rHip = Math.min(leg.widthRoot * 0.5, shin * LEG_THIGH);
  return [
    [leg.root, leg.mid, rHip, shin * LEG_KNEE],
    [leg.mid, leg.end, shin * LEG_KNEE, shin * LEG_ANKLE],
  ] as const;
}

/** A leg's own bare skin read across it, row by row down its hip-knee-ankle line (`legProfile`). */
interface LegProfile {
  /** rows per segment (one per pixel of the segment's length) */
  rows: [number, number];
  /** rgb per row and step across, rows of the thigh then of the shin */
  rgb: Float32Array;
  /** per row, how much the copy counts against the flat paint (1 on rows of the leg's own skin) */
  weight: Float32Array;
}

/**
 * A leg's own bare skin as a profile across it down its hip-knee-ankle line (issue 38, round 36, part g): at each
 * pixel down each joint segment, `LEG_DONOR_BINS` steps across it out to `LEG_DONOR_IN` of the painted capsule's
 * half-width (not mirrored: the scene's light falls on both legs from the same side), the photo where it is bare
 * skin the fill keeps (`keep`); a step that is not takes its row's nearest that is, a row with under
 * `LEG_DONOR_ROW` of them the nearest row's that has them within `LEG_DONOR_REACH`, its weight fading out to there
 * (smoothed down the leg, `LEG_DONOR_SMOOTH`). Null when no row has. The other leg's painted pixels
 * take it at the same place along and across (`legCopyAt`): a back leg the old dress's tail hid was painted one
 * flat tone in its capsule's outline, a smeared skin wedge beside the seen front leg.
 */
function legProfile(body: Body, leg: Body['legL'], image: RgbaImage, keep: (p: number) => boolean): LegProfile | null {
  const segs = legSegments(leg);
  const rows: [number, number] = [0, 0];
  for (const [s, [a, b]] of segs.entries()) rows[s] = Math.max(2, Math.round(Math.hypot(b.x - a.x, b.y - a.y)));
  const n = rows[0] + rows[1];
  const B = LEG_DONOR_BINS;
  const rgb = new Float32Array(n * B * 3);
  const ok = new Uint8Array(n * B);
  const rowOk = new Uint8Array(n);
  const { width: W, height: H } = body;
  const d = image.data;
  let anyRow = false;
  for (const [s, [a, b, r0, r1]] of segs.entries()) {
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const len = Math.hypot(dx, dy) || 1;
    const m = rows[s] ?? 2;
    for (let j = 0; j < m; j++) {
      const t = j / (m - 1);
      const r = (r0 + (r1 - r0) * t) * LEG_DONOR_IN;
      const row = s ? rows[0] + j : j;
      let got = 0;
      for (let k = 0; k < B; k++) {
        const off = ((k / (B - 1)) * 2 - 1) * r;
        const X = Math.round(a.x + dx * t + (dy / len) * off);
        const Y = Math.round(a.y + dy * t - (dx / len) * off);
        if (X < 0 || Y < 0 || X >= W || Y >= H) continue;
        const q = Y * W + X;
        if (!keep(q)) continue;
        const o = (row * B + k) * 3;
        for (let c = 0; c < 3; c++) rgb[o + c] = d[q * 4 + c] ?? 0;
        ok[row * B + k] = 1;
        got++;
      }
      if (got < B * LEG_DONOR_ROW) continue;
      rowOk[row] = 1;
      anyRow = true;
      // the row's gaps: its nearest step that is skin
      for (let k = 0; k < B; k++) {
        if (ok[row * B + k]) continue;
        for (let e = 1; e < B; e++) {
          const kk = [k - e, k + e].find((v) => v >= 0 && v < B && ok[row * B + v]);
          if (kk === undefined) continue;
          for (let c = 0; c < 3; c++) rgb[(row * B + k) * 3 + c] = rgb[(row * B + kk) * 3 + c] ?? 0;
          break;
        }
      }
    }
  }
  if (!anyRow) return null;
  // rows without enough skin: the nearest row's that has it, within `LEG_DONOR_REACH` spans, its weight falling
  // off to 0 there (the leg's flat paint beyond: the other leg under the new garment's hem is no source)
  const reach = Math.max(2, body.span * LEG_DONOR_REACH);
  const weight = new Float32Array(n);
  for (let row = 0; row < n; row++) {
    if (rowOk[row]) {
      weight[row] = 1;
      continue;
    }
    for (let e = 1; e < reach; e++) {
      const rr = [row - e, row + e].find((v) => v >= 0 && v < n && rowOk[v]);
      if (rr === undefined) continue;
      rgb.copyWithin(row * B * 3, rr * B * 3, (rr + 1) * B * 3);
      weight[row] = 1 - e / reach;
      break;
    }
  }
  // smoothed down the leg (`LEG_DONOR_SMOOTH`)
  const sm = new Float32Array(rgb.length);
  for (let row = 0; row < n; row++) {
    const r0 = Math.max(0, row - LEG_DONOR_SMOOTH);
    const r1 = Math.min(n - 1, row + LEG_DONOR_SMOOTH);
    let rn = 0;
    for (let rr = r0; rr <= r1; rr++) if ((weight[rr] ?? 0) > 0) rn++;
    if (!rn) continue;
    for (let v = 0; v < B * 3; v++) {
      let acc = 0;
      for (let rr = r0; rr <= r1; rr++) if ((weight[rr] ?? 0) > 0) acc += rgb[rr * B * 3 + v] ?? 0;
      sm[row * B * 3 + v] = acc / rn;
    }
  }
  return { rows, rgb: sm, weight };
}

/**
 * A painted leg's pixel (x, y) from the other leg's profile (`legProfile`): the undressed leg whose capsule the
 * pixel lies deepest in, the place along its segment and across it (signed, x its half-width), read at the same
 * segment, share along and share across from the other leg's profile into `into`; false where there is none.
 */
function legCopyAt(
  body: Body,
  dressed: number,
  profiles: readonly (LegProfile | null)[],
  x: number,
  y: number,
  into: number[],
): number {
  let bestU = Infinity;
  let bi = -1;
  let bs = 0;
  let bt = 0;
  let bu = 0;
  for (const [i, leg] of [body.legL, body.legR].entries()) {
    if (dressed & (1 << i)) continue;
    for (const [s, [a, b, r0, r1]] of legSegments(leg).entries()) {
      const dx = b.x - a.x;
      const dy = b.y - a.y;
      const len = Math.hypot(dx, dy) || 1;
      const t = Math.max(0, Math.min(1, ((x - a.x) * dx + (y - a.y) * dy) / (len * len)));
      // signed across the line: positive to the segment's right (x grows for a leg going down)
      const across = ((x - a.x) * dy - (y - a.y) * dx) / len;
      const r = Math.max(1, r0 + (r1 - r0) * t);
      const u = Math.hypot(x - a.x - dx * t, y - a.y - dy * t) / r;
      if (u >= bestU) continue;
      bestU = u;
      bi = i;
      bs = s;
      bt = t;
      bu = across < 0 ? -u : u;
    }
  }
  const prof = bi < 0 ? null : profiles[1 - bi];
  if (!prof) return 0;
  const B = LEG_DONOR_BINS;
  const m = prof.rows[bs] ?? 2;
  // bilinear between the rows and the steps across
  const fr = bt * (m - 1);
  const ra = Math.floor(fr);
  const rb = Math.min(m - 1, ra + 1);
  const wr = fr - ra;
  const fk = ((Math.max(-1, Math.min(1, bu)) + 1) / 2) * (B - 1);
  const ka = Math.floor(fk);
  const kb = Math.min(B - 1, ka + 1);
  const wk = fk - ka;
  const base = bs ? prof.rows[0] : 0;
  const o00 = ((base + ra) * B + ka) * 3;
  const o01 = ((base + ra) * B + kb) * 3;
  const o10 = ((base + rb) * B + ka) * 3;
  const o11 = ((base + rb) * B + kb) * 3;
  const g = prof.rgb;
  for (let c = 0; c < 3; c++)
    into[c] =
      ((g[o00 + c] ?? 0) * (1 - wk) + (g[o01 + c] ?? 0) * wk) * (1 - wr) +
      ((g[o10 + c] ?? 0) * (1 - wk) + (g[o11 + c] ?? 0) * wk) * wr;
  return (prof.weight[base + ra] ?? 0) * (1 - wr) + (prof.weight[base + rb] ?? 0) * wr;
}

/** How far (x the span) skin beside the hair is no source of the fill's skin (the hair's edge blends into it). */
const HAIR_EDGE = 0.03;
/** Skin above the pelvis darker than this share of the body's lit skin (`SKIN_LIT_RANK`) is no source. */
const SKIN_SHADED = 0.8;
/** On an arm (its capsules), skin darker than this share of `SKIN_SHADED`'s level is no source either. */
const SKIN_SHADED_ARM = 0.8;
/** The rank of the body's lit skin: this quantile of the luminance of its source cells below the neck. */
const SKIN_LIT_RANK = 0.5;
/** The share of the skin source cells that must stay for the filter to apply (else all are kept). */
const SKIN_KEEP_MIN = 0.25;

/**
 * The fill's skin comes from the person's unshaded bare skin (issue 38, round 9, part N5): of the small grid's
 * skin cells (`skinW` 1), those at the hair's edge (within `HAIR_EDGE` spans of a cell with hair) and those above
 * the pelvis darker than `SKIN_SHADED` of the body's lit skin (the shadowed neck under the chin, an armpit; not
 * an arm's shaded side, which is its round shading) are dropped. The chest between a camisole's straps was painted from the shaded neck and the blonde hair's edge:
 * a tan-grey panel, darker than her arms; the body's shading is the light field's and the arm's (`armShadeAt`),
 * not the source's. Nothing is dropped if too few cells would stay (`SKIN_KEEP_MIN`).
 */
function trustedSkinSources(
  skinRgb: Float32Array,
  skinW: Float32Array,
  hairN: Float32Array,
  body: Body,
  k: number,
  w: number,
  h: number,
): void {
  const r = Math.max(1, Math.round(body.span * HAIR_EDGE * k));
  // hair cells, dilated by r (separably: rows, then columns)
  const rows = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    let last = -Infinity;
    for (let x = 0; x < w; x++) {
      if ((hairN[y * w + x] ?? 0) > 0) last = x;
      if (x - last <= r) rows[y * w + x] = 1;
    }
    last = Infinity;
    for (let x = w - 1; x >= 0; x--) {
      if ((hairN[y * w + x] ?? 0) > 0) last = x;
      if (last - x <= r) rows[y * w + x] = 1;
    }
  }
  const nearHair = new Uint8Array(w * h);
  for (let x = 0; x < w; x++) {
    let last = -Infinity;
    for (let y = 0; y < h; y++) {
      if (rows[y * w + x]) last = y;
      if (y - last <= r) nearHair[y * w + x] = 1;
    }
    last = Infinity;
    for (let y = h - 1; y >= 0; y--) {
      if (rows[y * w + x]) last = y;
      if (last - y <= r) nearHair[y * w + x] = 1;
    }
  }
  const lumOf = (q: number) =>
    (skinRgb[q * 3] ?? 0) * 0.299 + (skinRgb[q * 3 + 1] ?? 0) * 0.587 + (skinRgb[q * 3 + 2] ?? 0) * 0.114;
  const y0 = Math.max(0, Math.ceil(body.neck.y * k - 0.5));
  const pelvisRow = Math.min(h, Math.ceil(body.pelvis.y * k - 0.5));
  // the body's lit skin: the luminance histogram of its source cells between the neck and the pelvis
  const hist = new Uint32Array(256);
  let lit = 0;
  let total = 0;
  for (let q = 0; q < w * h; q++) if (skinW[q]) total++;
  if (!total) return;
  for (let y = y0; y < pelvisRow; y++) {
    for (let q = y * w; q < y * w + w; q++) {
      if (!skinW[q] || nearHair[q]) continue;
      hist[Math.min(255, Math.round(lumOf(q)))]!++;
      lit++;
    }
  }
  let floor = 0;
  if (lit >= 8) {
    let acc = 0;
    let v = 0;
    while (v < 255 && (acc += hist[v] ?? 0) < lit * SKIN_LIT_RANK) v++;
    floor = v * SKIN_SHADED;
  }
  const drop = new Uint8Array(w * h);
  // an arm's own shaded side is its shading (round across it), kept
  const arms = armCapsules(body);
  const onArm = (x: number, y: number) => {
    for (const c of arms) if (capsuleDepth((x + 0.5) / k, (y + 0.5) / k, c) >= 0) return true;
    return false;
  };
  let kept = 0;
  for (let y = 0; y < h; y++) {
    for (let q = y * w; q < y * w + w; q++) {
      if (!skinW[q]) continue;
      const l = y < pelvisRow ? lumOf(q) : Infinity;
      if (nearHair[q] || l < floor * SKIN_SHADED_ARM || (l < floor && !onArm(q - y * w, y))) drop[q] = 1;
      else kept++;
    }
  }
  if (kept < total * SKIN_KEEP_MIN) return;
  for (let q = 0; q < w * h; q++) if (drop[q]) skinW[q] = 0;
}

/** A torso skin cell of the fill cooler (its warmth, red over blue, lower) than the bare arms' by more than this is
 * taken as skin seen through a sheer layer (a white or grey yoke): its colour is turned to the arms' skin. */
const SHEER_TINT_TOL = 0.004;
/** Over this much cooler the cell takes the arms' skin fully (between the two, in part). */
const SHEER_TINT_FULL = 0.012;
/** The fewest bare arm cells that make the arms' skin a reference. */
const SHEER_ARM_MIN = 12;

/**
 * The chest's and shoulders' skin fill in the bare arms' colour where it came out cooler (issue 38, round 24, part F4):
 * ai-body's old dress has a sheer grey-white yoke over the chest and shoulders; the fill's skin sources about it
 * (a shaded strip of the neck, the shoulders' outline where the yoke's rim blends in) are cooler and darker than her
 * bare arms (warmth 0.07-0.08 against 0.09-0.12): a grey-beige panel between a camisole's straps. The reference is
 * the per-channel median of the skin source cells on the arms (`armCapsules`); a cell of the push-pulled grid above
 * the pelvis, off the arms, cooler than it by over `SHEER_TINT_TOL` takes the arms' skin (fully past
 * `SHEER_TINT_FULL`); the shading is the fill's own (the light field, `chestShading`). A warmer cell (a tan chest, a
 * blush) is left as it is; nothing changes without enough bare arm (`SHEER_ARM_MIN`, an old long sleeve).
 */
function armHueOnTorso(skinRgb: Float32Array, sources: Uint8Array, body: Body, k: number, w: number, h: number): void {
  // the arms on the small grid: each capsule over its own box
  const arm = new Uint8Array(w * h);
  for (const c of armCapsules(body)) {
    const [ax, ay, bx, by, r] = c;
    const xa = Math.max(0, Math.floor((Math.min(ax, bx) - r) * k));
    const xb = Math.min(w - 1, Math.ceil((Math.max(ax, bx) + r) * k));
    const ya = Math.max(0, Math.floor((Math.min(ay, by) - r) * k));
    const yb = Math.min(h - 1, Math.ceil((Math.max(ay, by) + r) * k));
    for (let y = ya; y <= yb; y++)
      for (let x = xa; x <= xb; x++) if (capsuleDepth((x + 0.5) / k, (y + 0.5) / k, c) >= 0) arm[y * w + x] = 1;
  }
  const ch: number[][] = [[], [], []];
  for (let q = 0; q < w * h; q++) {
    if (!sources[q] || !arm[q]) continue;
    for (let c = 0; c < 3; c++) ch[c]?.push(skinRgb[q * 3 + c] ?? 0);
  }
  if ((ch[0]?.length ?? 0) < SHEER_ARM_MIN) return;
  const ref = ch.map((v) => (v.sort((a, b) => a - b), v[v.length >> 1] ?? 0));
  const [r0, g0, b0] = [ref[0] ?? 0, ref[1] ?? 0, ref[2] ?? 0];
  const refWarm = (r0 - b0) / (r0 + g0 + b0 + 1);
  const end = Math.min(h, Math.ceil(body.pelvis.y * k)) * w;
  for (let q = 0; q < end; q++) {
    const r = skinRgb[q * 3] ?? 0;
    const g = skinRgb[q * 3 + 1] ?? 0;
    const b = skinRgb[q * 3 + 2] ?? 0;
    const off = refWarm - (r - b) / (r + g + b + 1);
    if (off <= SHEER_TINT_TOL || arm[q]) continue;
    const t = Math.min(1, (off - SHEER_TINT_TOL) / (SHEER_TINT_FULL - SHEER_TINT_TOL));
    skinRgb[q * 3] = r + (r0 - r) * t;
    skinRgb[q * 3 + 1] = g + (g0 - g) * t;
    skinRgb[q * 3 + 2] = b + (b0 - b) * t;
  }
}

/** A skin-map pixel whose warmth is under this share of the skin's median warmth is no source of the fill's skin. */
export const GREYER_THAN_OWN_SKIN = 0.5;

/** A pixel's warmth: its red over blue, as a share of its sum (a grey or white is 0, skin well above it). */
const warmth = (d: Uint8ClampedArray | Uint8Array, o: number) =>
  ((d[o] ?? 0) - (d[o + 2] ?? 0)) / ((d[o] ?? 0) + (d[o + 1] ?? 0) + (d[o + 2] ?? 0) + 1);

/**
 * The fill's skin sources are warmer than GREYER_THAN_OWN_SKIN of the skin map's median warmth (issue 38, round 10,
 * part P4): the skin map takes an old white or sheer dress's pixels beside the arms and over the shoulders (a
 * white yoke over the skin, the cloth at the armhole: near-neutral greys), and as sources they made the fill a
 * translucent white-grey ghost of the old dress beside a tank's or a camisole's armholes. Read on a coarse grid of
 * the skin map outside the region and the hair; -Infinity (no floor) with too few pixels.
 */
function skinWarmthFloor(img: RgbaImage, region: Uint8Array, maps: Maps, W: number, H: number): number {
  const bins = new Uint32Array(128);
  let n = 0;
  for (let y = 0; y < H; y += 4) {
    for (let x = 0; x < W; x += 4) {
      const p = y * W + x;
      if (!maps.skin[p] || region[p] || (maps.hair[p] ?? 0) >= 128) continue;
      bins[Math.max(0, Math.min(127, Math.round(warmth(img.data, p * 4) * 128 + 32)))]!++;
      n++;
    }
  }
  if (n < 50) return -Infinity;
  let acc = 0;
  let v = 0;
  while (v < 127 && (acc += bins[v] ?? 0) * 2 < n) v++;
  return Math.max(0, ((v - 32) / 128) * GREYER_THAN_OWN_SKIN);
}

/** A pixel is surely the background (a source of its texture) where the person mask is under this. */
const BG_SURE = 26;
/** How far (x the span) a pixel of the fill may be from the background it mirrors. */
const BG_REACH = 1.2;

/** A shoe's fill takes its skin only from skin pixels with skin this many shin widths to each side: the leg's
 * outline is blended with the floor (a pink floor tinted the skin filled over pointe shoes' ribbons pink). */
const SHOE_SKIN_CORE = 0.05;

/** The top of a shoulder above its joint, in shoulder spans. */
export const SHOULDER_TOP_RISE = 0.1;

/** `fillRegion`'s `last` estimate's slots. */
const LAST_ON = 0;
const LAST_LEG = 1;
const LAST_OWN = 2;
const LAST_CHEST = 3;
const LAST_MIRROR = 4;

/**
 * The fill's paint (`fillRegion`), rows y0..y1: each pixel of the region (not a kept rim's) its estimate, the
 * chest's grain and the seam's correction; a bottom's band from below (`fromBelow`) its source's colour. A function
 * of its own: as a loop in `fillRegion` it ran unoptimised for much of a render.
 */
function paintRegion(
  out: RgbaImage,
  region: Uint8Array,
  y0: number,
  y1: number,
  how: {
    fromBelow: Int32Array | null;
    rimKept: Uint8Array | null;
    estimate: (x: number, y: number, into: number[]) => void;
    last: Float64Array;
    grain: number;
    seam: { at: (x: number, y: number, into: number[]) => boolean } | null;
  },
): void {
  const W = out.width;
  const { fromBelow, rimKept, estimate, last, grain, seam } = how;
  const v = [0, 0, 0];
  const sc = [0, 0, 0];
  for (let y = y0; y <= y1; y++) {
    for (let x = 0; x < W; x++) {
      const p = y * W + x;
      const b = fromBelow?.[p] ?? -1;
      if ((!region[p] && b < 0) || rimKept?.[p]) continue;
      if (b >= 0) {
        for (let c = 0; c < 3; c++) out.data[p * 4 + c] = out.data[b * 4 + c] ?? 0;
        continue;
      }
      estimate(x, y, v);
      // the skin's grain (`skinGrain`) on the chest's fill, a fixed noise of its sigma
      const g =
        grain > 0 && (last[LAST_CHEST] ?? 0) > 0 ? grainAt(p) * grain * Math.sqrt(3) * (last[LAST_CHEST] ?? 0) : 0;
      const s = seam?.at(x, y, sc) ? sc : null;
      for (let c = 0; c < 3; c++)
        out.data[p * 4 + c] = Math.max(0, Math.min(255, Math.round((v[c] ?? 0) + g + (s ? (s[c] ?? 0) : 0))));
    }
  }
}

/** Each cell's mean colour (`fillRegion`); only confident cells are sources (`per`: the samples of a whole cell). */
function meanCells(rgb: Float32Array, wt: Float32Array, cells: number, per: number): void {
  for (let q = 0; q < cells; q++) {
    const n = wt[q] ?? 0;
    if (n > 0) {
      rgb[q * 3] = (rgb[q * 3] ?? 0) / n;
      rgb[q * 3 + 1] = (rgb[q * 3 + 1] ?? 0) / n;
      rgb[q * 3 + 2] = (rgb[q * 3 + 2] ?? 0) / n;
      wt[q] = Math.fround(Math.min(1, n / per)) < 0.6 ? 0 : 1;
    }
  }
}

/**
 * The fill's sources box-sampled into its small grids (`fillRegion`): per cell of the grid (k x the photo), the sums
 * of the skin pixels' and the background's colours and their counts, the hair pixels' count, and a bottom's skin
 * histograms (`legSkin`). A function of its own, apart from `fillRegion`'s closures: as a loop inside it, it ran
 * unoptimised for most of a render (the big function is compiled on the loop's stack only after many pixels, its
 * doubles boxed on the heap meanwhile: ~70 MB of garbage a render).
 */
function sampleSources(
  out: RgbaImage,
  region: Uint8Array,
  maps: Maps,
  body: Body,
  grid: { k: number; w: number; h: number; stride: number; warmMin: number; core: number },
  into: {
    skinRgb: Float32Array;
    skinW: Float32Array;
    bgRgb: Float32Array;
    bgW: Float32Array;
    hairN: Float32Array;
    legSkin: Uint32Array[] | null;
  },
): void {
  const { width: W, height: H } = out;
  const { k, w, h, stride, warmMin, core } = grid;
  const { skinRgb, skinW, bgRgb, bgW, hairN, legSkin } = into;
  // (the maps and the pixels read through locals, each column's small cell from a table: the same reads and sums
  // in the same order, without a property load and a floor per pixel)
  const qx = new Int32Array(W);
  for (let x = 0; x < W; x += stride) qx[x] = Math.min(w - 1, Math.floor(x * k));
  const skin = maps.skin;
  const hair = maps.hair;
  const mask = body.mask;
  const px = out.data;
  const pelvisY = body.pelvis.y;
  for (let y = 0; y < H; y += stride) {
    const sy = Math.min(h - 1, Math.floor(y * k));
    const row = y * W;
    const qRow = sy * w;
    for (let x = 0; x < W; x += stride) {
      const p = row + x;
      if (region[p]) continue;
      const q = qRow + (qx[x] ?? 0);
      const o = p * 4;
      const hr = hair[p] ?? 0;
      if (hr >= 128) hairN[q] = (hairN[q] ?? 0) + 1;
      if (skin[p] && hr < 128 && warmth(px, o) >= warmMin && !(core > 0 && !(skin[p - core] && skin[p + core]))) {
        if (legSkin && (mask[p] ?? 0) >= 128) {
          const hist = y > pelvisY ? legSkin[1] : legSkin[0];
          if (hist)
            for (let c = 0; c < 3; c++) {
              const b = c * 256 + (px[o + c] ?? 0);
              hist[b] = (hist[b] ?? 0) + 1;
            }
        }
        skinW[q] = (skinW[q] ?? 0) + 1;
        skinRgb[q * 3] = (skinRgb[q * 3] ?? 0) + (px[o] ?? 0);
        skinRgb[q * 3 + 1] = (skinRgb[q * 3 + 1] ?? 0) + (px[o + 1] ?? 0);
        skinRgb[q * 3 + 2] = (skinRgb[q * 3 + 2] ?? 0) + (px[o + 2] ?? 0);
      } else if ((mask[p] ?? 0) < 100) {
        bgW[q] = (bgW[q] ?? 0) + 1;
        bgRgb[q * 3] = (bgRgb[q * 3] ?? 0) + (px[o] ?? 0);
        bgRgb[q * 3 + 1] = (bgRgb[q * 3 + 1] ?? 0) + (px[o + 1] ?? 0);
        bgRgb[q * 3 + 2] = (bgRgb[q * 3 + 2] ?? 0) + (px[o + 2] ?? 0);
      }
    }
  }
}

/**
 * Fill `region` of `out` from the skin around it (on the body) or the background (off the body), blended into
 * what it meets (`seamCorrection`). `covered`: where the new garment will be drawn over (no seam to match there).
 * `source: 'skin'`: skin everywhere in the region (`paintSkin`). `skinAt`: pixels filled as skin whatever `onBody`
 * says (an old collar beside the neck: `oldCollar`); below 255, at least that share of skin.
 */
export function fillRegion(
  out: RgbaImage,
  region: Uint8Array,
  body: Body,
  maps: Maps,
  light: ReturnType<typeof lightField>,
  slot: EngineSlot,
  covered: Uint8Array | null = null,
  source: 'auto' | 'skin' = 'auto',
  background: BackgroundModel | null = null,
  skinAt: Uint8Array | null = null,
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
  // hair pixels sampled per cell (`trustedSkinSources`: skin at the hair's edge is no source)
  const hairN = new Float32Array(w * h);
  // a bottom's bare legs are painted as legs (`legPaint`) in the person's own skin tone: the median of their
  // visible skin, the legs' own where enough of it shows (a diffused fill was a translucent ghost of the old
  // garment, or a skin blob in its shape)
  // (per channel histograms: 256 bins x 3, for the whole body's skin and the legs' below the pelvis)
  const legSkin = slot === 'bottom' && source === 'auto' ? [new Uint32Array(768), new Uint32Array(768)] : null;
  // box-sample the full image into the small grids, per source kind
  // sources: up to 3x3 samples per small cell
  const stride = Math.max(1, Math.floor(1 / k / 3));
  const warmMin = skinWarmthFloor(out, region, maps, W, H);
  // a shoe's fill: skin sources inside the skin, not on the leg's outline (`SHOE_SKIN_CORE`)
  const core =
    slot === 'shoes'
      ? Math.max(1, Math.round(Math.min(body.legL.widthEnd, body.legR.widthEnd, body.span * 0.4) * SHOE_SKIN_CORE))
      : 0;
  sampleSources(
    out,
    region,
    maps,
    body,
    { k, w, h, stride, warmMin, core },
    { skinRgb, skinW, bgRgb, bgW, hairN, legSkin },
  );
  const per = 1 / (k * k * stride * stride);
  // each cell's mean colour; only confident cells are sources (partly covered cells would pull the old garment in)
  meanCells(skinRgb, skinW, w * h, per);
  meanCells(bgRgb, bgW, w * h, per);
  let legTone: number[] | null = null;
  if (legSkin) {
    const [body0, legs] = [legSkin[0]!, legSkin[1]!];
    const count = (hist: Uint32Array) => hist.subarray(0, 256).reduce((a, b) => a + b, 0);
    const nLegs = count(legs);
    const hist = nLegs >= 40 ? legs : body0.map((v, i) => v + (legs[i] ?? 0));
    const n = count(hist);
    if (n >= 40) {
      const med = (c: number) => {
        let acc = 0;
        for (let v = 0; v < 256; v++) if ((acc += hist[c * 256 + v] ?? 0) * 2 >= n) return v;
        return 255;
      };
      legTone = [med(0), med(1), med(2)];
    }
  }
  trustedSkinSources(skinRgb, skinW, hairN, body, k, w, h);
  // the skin source cells, before the push-pull fills the rest of the grid (`armHueOnTorso`)
  const sources = new Uint8Array(w * h);
  for (let q = 0; q < w * h; q++) if ((skinW[q] ?? 0) > 0) sources[q] = 1;
  pushPullFill(skinRgb, skinW, w, h);
  if ((slot === 'top' || slot === 'one-piece') && source === 'auto') armHueOnTorso(skinRgb, sources, body, k, w, h);
  pushPullFill(bgRgb, bgW, w, h);
  // the whole upper arm from the shoulder's joint (the arm capsules start lower down, where a sleeve's shoulder
  // no longer covers the arm): a sleeveless garment leaves the shoulder bare, so skin is what shows there
  // The upper arm is as wide as its own bare skin shows below an old sleeve (`bareArmHalf`), not as the mask
  // (which there is the sleeve's width): an old tee's sleeve beyond the arm was filled as a skin blob in the
  // sleeve's shape; it is the background now
  const half = [body.armL, body.armR].map((a) => (source === 'skin' ? null : bareArmHalf(body, maps, a)));
  // the upper arm where its own bare skin lies (`upperArmAxis`): the joints' line runs near one side of the arm,
  // and a capsule round it reached past the arm's outline over the old sleeve (a skin box beside a raised arm)
  const axes = [body.armL, body.armR].map((a) =>
    source === 'skin' ? null : upperArmAxis(body, maps, a, out, background),
  );
  // ... and no wider than its bare forearm when an old sleeve hides it down to the elbow (`elbowOnlyArmHalf`)
  const elbowOnly = [body.armL, body.armR].map((a) => (source === 'skin' ? null : elbowOnlyArmHalf(body, maps, a)));
  const upperR = (i: number, r: number) => Math.min(r, axes[i]?.half ?? half[i] ?? Infinity, elbowOnly[i] ?? Infinity);
  // a lowered upper arm an old sleeve hid down to the elbow narrows from the shoulder to the bare forearm's width at
  // the elbow (`elbowEndHalf`; issue 38, round 35): one radius all the way down painted an even-width column, wider
  // than the forearm it stood on, a step at the elbow. (`tR`: the radius at a share t of the way to the elbow)
  const tapered = [body.armL, body.armR].map((a, i) => !body.armRaised[i] && elbowOnly[i] !== null);
  const tR = (i: number, r: number, t: number) => {
    const r0 = upperR(i, r);
    return tapered[i] ? r0 + (elbowEndHalf(r0) - r0) * Math.max(0, Math.min(1, t)) : r0;
  };
  const sx = (i: number) => axes[i]?.dx ?? 0;
  const sy = (i: number) => axes[i]?.dy ?? 0;
  // the share of the way from the shoulder to the elbow by which the line is shifted all the way (issue 38, round
  // 19, part Z4): the bare arm just below an old sleeve's hem (`upperArmAxis`'s `tNear`). Shifted by its share of
  // the way to the elbow, the line ran at 0.4 of the shift there: the repainted upper arm stepped off the bare arm's
  // outline at the hem (a band across a raised arm, a skin bump above it)
  const bend = (i: number) => Math.max(ARM_BEND_MIN, axes[i]?.tNear ?? 1);
  // a point on the upper arm's line, shifted by its share of the way from the shoulder to the bend
  const upperFrom = (i: number, x: number, y: number): [number, number] => {
    const a = i ? body.armR : body.armL;
    const l2 = (a.mid.x - a.root.x) ** 2 + (a.mid.y - a.root.y) ** 2;
    const t =
      l2 > 0
        ? Math.max(0, Math.min(1, ((x - a.root.x) * (a.mid.x - a.root.x) + (y - a.root.y) * (a.mid.y - a.root.y)) / l2))
        : 0;
    const u = Math.min(1, t / bend(i));
    return [x + sx(i) * u, y + sy(i) * u];
  };
  // the shoulder's round end stays at the joint (shifted, a shoulder's top was cut square); the line turns to the
  // bare skin's at the bend, and runs on by it to the elbow
  const shoulders = [body.armL, body.armR].flatMap((a, i) => {
    const w = a.widthRoot * 0.6;
    const r = upperR(i, w);
    const [kx, ky] = upperFrom(i, a.root.x + (a.mid.x - a.root.x) * bend(i), a.root.y + (a.mid.y - a.root.y) * bend(i));
    if (!tapered[i])
      return [
        [a.root.x, a.root.y, kx, ky, r],
        [kx, ky, a.mid.x + sx(i), a.mid.y + sy(i), r],
      ];
    const rk = tR(i, w, bend(i));
    return [
      [a.root.x, a.root.y, kx, ky, r, rk],
      [kx, ky, a.mid.x + sx(i), a.mid.y + sy(i), rk, tR(i, w, 1)],
    ];
  });
  // the upper arm's own shading across it (`armShading`): round, lit like the forearm, not a flat blurred tone
  const armShades =
    source === 'skin'
      ? []
      : [body.armL, body.armR].flatMap((a, i) => {
          const from = { x: a.root.x, y: a.root.y };
          const to = { x: a.mid.x + sx(i), y: a.mid.y + sy(i) };
          const raised = body.armRaised[i] === true;
          const sh = armShading(body, maps, out, a, from, to, upperR(i, a.widthRoot * 0.6), region, raised);
          if (!sh) return [];
          const shade = { ...sh, raised };
          // (a lowered upper arm an old sleeve hid down to the elbow: its hem lies round the elbow, `ELBOW_HEM_WALK`)
          const elbowHem = !raised && elbowOnly[i] !== null;
          // (its shading across it spans the tapered arm, `armShadeAt`'s `halfEnd`)
          const halfEnd = tapered[i] ? tR(i, a.widthRoot * 0.6, 1) : sh.half;
          const hem =
            (sh.nearRgb === null && sh.gain === 1) || elbowHem
              ? hemLine(sh, maps.skin, region, W, H, elbowHem ? ELBOW_HEM_WALK : HEM_WALK)
              : null;
          // (such an arm's own colour and shading run on to its shoulder's top, `armShadeAt`'s `fromJoint`)
          return [{ ...shade, light: armLight(shade, region, light, W), arm: i, hem, fromJoint: elbowHem, halfEnd }];
        });
  // a one-piece's or a top's chest and shoulders above its neckline: round like the body, lit like the person's own
  // lowered arms across them (`chestShading`), not one flat diffused tone (issue 38, round 16, part W2: a
  // camisole's chest between its straps was one too)
  const chest = slot === 'one-piece' || slot === 'top' ? chestShading(armShades) : null;
  const neckline = (slot === 'one-piece' || slot === 'top') && source === 'auto' ? chestNeckline(body, covered) : null;
  // the armhole's shade beside a top's side, by a lowered arm (`armholeShade`; round 37, part f)
  const armhole =
    (slot === 'one-piece' || slot === 'top') && source === 'auto' && covered
      ? armholeShade(body, region, covered)
      : null;
  // the collarbones' relief and the skin's grain on that chest (`clavicleRelief`, `skinGrain`; round 25, part H2)
  const relief = (slot === 'one-piece' || slot === 'top') && source === 'auto';
  const grain = relief ? skinGrain(out, maps.skin, region, body) : 0;
  const clavicleAt = relief ? clavicleRelief(body) : null;
  const armCaps = armCapsules(body).map((c, j): readonly number[] => {
    const i = j >> 1;
    if (j % 2 !== 0) return c;
    const from = upperFrom(i, c[0], c[1]);
    if (!tapered[i]) return [...from, c[2] + sx(i), c[3] + sy(i), upperR(i, c[4])];
    const a = i ? body.armR : body.armL;
    const l2 = (a.mid.x - a.root.x) ** 2 + (a.mid.y - a.root.y) ** 2;
    const t0 = l2 > 0 ? ((c[0] - a.root.x) * (a.mid.x - a.root.x) + (c[1] - a.root.y) * (a.mid.y - a.root.y)) / l2 : 0;
    return [...from, c[2] + sx(i), c[3] + sy(i), tR(i, c[4], t0), tR(i, c[4], 1)];
  });
  const legCaps = legCapsules(body);
  const caps = [...armCaps, ...legCaps, ...shoulders];
  // a leg the new garment covers along its axis on a row is inside it there: the old garment beside it on that
  // row is what was behind the old one (the background beside narrow trousers), not bare leg (a smooth skin-tone
  // band ran down beside a tutu's new jeans); below a bottom's hem the leg is bare (skin under shorts)
  const capsFor = [0, 1, 2, 3].map((dressed) =>
    caps.filter((_, k) => {
      // the leg capsules follow the arms' in `caps`, two per leg
      const i = k - armCaps.length;
      return i < 0 || i >= legCaps.length || !(dressed & (1 << (i >> 1)));
    }),
  );
  // a lowered upper arm painted in its own colour (`armShadeAt`) ends at a crisp outline (`ARM_OWN_EDGE`): its
  // capsules, and the caps without them nor the forearm's, whose round end at the elbow is wider than the arm
  // (`ownOutline`)
  const ownCaps = [0, 1].map((i) =>
    [armCaps[2 * i], shoulders[2 * i], shoulders[2 * i + 1]].filter((c) => c !== undefined),
  );
  const crispFor = capsFor.map((cs) =>
    ownCaps.map((own, i) => cs.filter((c) => !own.includes(c) && c !== armCaps[2 * i + 1])),
  );
  const dressedRows = new Uint8Array(H);
  if (covered && (slot === 'bottom' || slot === 'one-piece')) {
    for (let y = 0; y < H; y++) {
      for (const [i, leg] of [body.legL, body.legR].entries()) {
        const ax = legAxisX(leg, y);
        if (ax !== null && covered[y * W + Math.round(Math.max(0, Math.min(W - 1, ax)))])
          dressedRows[y] = (dressedRows[y] ?? 0) | (1 << i);
      }
    }
  }
  const dressedAt = (y: number) => dressedRows[y] ?? 0;
  const torsoRows = new Float64Array(H * 2).fill(NaN);
  // where a one-piece's or a top's top meets a raised arm's side of the chest (`raisedSideCorners`; a top's since
  // round 19, part Z4: a camisole's chest under the raised arm ended square, the backdrop beside it to its corner)
  const corners =
    (slot === 'one-piece' || slot === 'top') && source === 'auto' ? raisedSideCorners(body, covered, torsoRows) : [];
  const pitV = [0, 0, 0];
  // the armpit's corner under a raised arm, between the upper arm's underside and the chest's side (`armpitWeb`)
  const pit =
    (slot === 'one-piece' || slot === 'top') && source === 'auto'
      ? armpitWeb(
          body,
          region,
          (x, y) => onBodySoft(body, capsFor[dressedAt(y)] ?? [], x, y, torsoRows, corners),
          (p, strict) =>
            background !== null &&
            looksLikeBackground(out, background, p, pitV) &&
            (!strict || nearBackdropLevel(out, pitV, p)),
        )
      : null;
  // the backdrop over the shoulders, above the old garment's outline (`backdropOverShoulders`)
  const overV = [0, 0, 0];
  const over =
    (slot === 'one-piece' || slot === 'top') && source === 'auto' && background
      ? backdropOverShoulders(body, region, maps, (p) => looksLikeBackground(out, background, p, overV))
      : null;
  const overNear = over ? besideMarked(over, W) : null;
  // a raised shoulder's top outline, smooth and inside the old region's stair-stepped top (`raisedShoulderTop`)
  const topV = [0, 0, 0];
  const shoulderTop =
    (slot === 'one-piece' || slot === 'top') && source === 'auto' && background
      ? raisedShoulderTop(
          body,
          maps,
          region,
          [0, 1].map((i) => ({ dx: sx(i), dy: sy(i) })),
          (p) => looksLikeBackground(out, background, p, topV),
        )
      : null;
  const topInset = body.span * RAISED_TOP_INSET;
  const topBand = body.span * RAISED_TOP_BAND;
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
  const ref = lights.length ? Math.max(20, lights[lights.length >> 1] ?? 0) : 0;
  // off the body, the background's own texture copied from beside it (`textureSources`); a diffused colour was a
  // smooth blob without the backdrop's grain, folds or sparkle
  const mirror =
    background && source !== 'skin'
      ? textureSources(
          region,
          (p) => (body.mask[p] ?? 0) < BG_SURE,
          W,
          H,
          body.span * BG_REACH,
          slot === 'bottom' || slot === 'one-piece' ? out : undefined,
        )
      : null;
  // a shoe's fill off the leg (below the ankle, not the instep; or off the mask; or outside the leg's own outline
  // carried down from above the old shoe, `legOwnColumns`): the floor
  const own0 = slot === 'shoes' ? legOwnColumns(region, body, ry0, ry1) : null;
  const floorAt = (x: number, y: number): boolean =>
    (belowAnkle(body, x, y) && !onInstep(body, x, y)) ||
    (body.mask[y * W + x] ?? 0) < 128 ||
    (own0 !== null && (region[y * W + x] ?? 0) > 0 && !own0[y * W + x]);
  const leg: [number, number] = [0, 1];
  // a painted leg's copy from the other leg's own bare skin (`legDonor`): skin the fill keeps, in the mask
  const donorKept = (q: number) =>
    !region[q] && !covered?.[q] && (body.mask[q] ?? 0) >= 128 && (maps.skin[q] ?? 0) > 0 && (maps.hair[q] ?? 0) < 128;
  let profiles: (LegProfile | null)[] | null = null;
  const legProfiles = () => (profiles ??= [body.legL, body.legR].map((l) => legProfile(body, l, out, donorKept)));
  const copy = [0, 0, 0];
  const own = [0, 0, 0, 0];
  const mirrored = [0, 0, 0];
  const mirrorKept = new Map<number, number[]>();
  const lowHere = [0, 0, 0];
  const lowThere = [0, 0, 0];
  // the fill at (x, y): skin on the body, the background off it, times the photo's shading
  // what the last estimate weighed, kept in a typed array (a double in a closure's variable is boxed anew on
  // every write, allocations on every pixel): [ON] the share of skin (`outline`, below), [LEG] the share of a
  // painted leg (`legPaint`), [OWN] the weight of the arm's own colour (`ownAt`, below), [MIRROR] the weight of the
  // bare arm reflected past an old sleeve's hem (`hemMirror`), [CHEST] the weight of the chest's relief (its grain's,
  // in the final pass)
  const last = new Float64Array(5);
  const estimate = (x: number, y: number, into: number[]) => {
    last[LAST_CHEST] = 0;
    const p = y * W + x;
    const fy = Math.min(h - 1, Math.max(0, (y + 0.5) * k - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(h - 1, y0 + 1);
    const wy = fy - y0;
    // a shoe's fill: skin only on the leg itself above the ankle; the floor elsewhere
    const shoeFloor = slot === 'shoes' && floorAt(x, y);
    const forced = (skinAt?.[p] ?? 0) / 255;
    let on =
      source === 'skin' || forced >= 1
        ? 1
        : shoeFloor
          ? 0
          : Math.max(forced, onBodySoft(body, capsFor[legTone ? 3 : dressedAt(y)]!, x, y, torsoRows, corners));
    if (pit?.web[p]) on = 1;
    if (over?.[p]) on = 0;
    else if (overNear?.[p]) on *= (overNear[p] ?? 0) / (OVER_SHOULDER_FEATHER + 1);
    const top = shoulderTop?.[x] ?? NaN;
    if (on > 0 && forced < 1 && y < top + topInset + RAISED_TOP_EDGE && y >= top - topBand)
      on *= softStep(y - top - topInset, RAISED_TOP_EDGE);
    if (legTone) legPaint(body, dressedAt(y), x, y, leg);
    const legOver = legTone !== null && leg[0] > on;
    const copied = legOver ? legCopyAt(body, dressedAt(y), legProfiles(), x, y, copy) : 0;
    if (legOver) on = 0;
    last[LAST_ON] = on;
    last[LAST_LEG] = legOver ? leg[0] : 0;
    last[LAST_OWN] = 0;
    const fx = Math.min(w - 1, Math.max(0, (x + 0.5) * k - 0.5));
    const x0 = Math.floor(fx);
    const x1 = Math.min(w - 1, x0 + 1);
    const wx = fx - x0;
    const l = ref > 0 ? light.smooth(x, y) : -1;
    let shade = l < 0 ? 1 : 1 + 0.5 * (Math.max(0.7, Math.min(1.3, l / ref)) - 1);
    // the upper arm's own colour (`armShading`'s nearest bare sections), times the photo's shading relative to its
    // median over the repainted upper arm (`armLight`): over an old sleeve the light field is the sleeve's, so
    // relative to the region's median it darkened the arm under a dark sleeve)
    let ownW = 0;
    let ownShade = 1;
    let grain = 1;
    let mirrorW = 0;
    if (on > 0) {
      for (const sh of armShades) {
        const f = armShadeAt(sh, x, y, own);
        if (f !== null) {
          shade *= f;
          ownW = own[3] ?? 0;
          // a raised arm's bare arm past the hem reflected onto it (`hemMirror`), where no old sleeve's shadow lies
          // on it (its lit colour is `armShading`'s, `nearRgb`). (On a lowered arm it took away cgi-model-27's seam
          // across the upper arm too, but lit the arm's side against the torso, where the chest's shading is
          // measured, `old-sleeve-background.test.ts` 0.860 -> 0.866 of a 0.865 bound: not kept)
          if (ownW > 0 && sh.hem && sh.raised) {
            // (kept per pixel: the seam's tests ask `estimate` for a pixel several times)
            const kept = mirrorKept.get(p);
            if (kept) {
              mirrorW = kept[0] ?? 0;
              for (let c = 0; c < 3; c++) mirrored[c] = kept[c + 1] ?? 0;
            } else {
              mirrorW = hemMirror(sh.hem, out, maps.skin, region, x, y, mirrored);
              mirrorKept.set(p, [mirrorW, mirrored[0] ?? 0, mirrored[1] ?? 0, mirrored[2] ?? 0]);
            }
          }
          if (l >= 0 && sh.light > 0) ownShade = 1 + 0.5 * (Math.max(0.7, Math.min(1.3, l / sh.light)) - 1);
          // a lowered arm's grain and outline like the bare arm's below the old sleeve (`armGrain`, `ownOutline`)
          if (!sh.raised && ownW > 0) grain = armGrain(sh, out, maps.skin, region, x, y);
          if (!sh.raised && ownW > 0 && on < 1 && forced < 1 && !pit?.web[p] && !over?.[p]) {
            const crisp = crispFor[legTone ? 3 : dressedAt(y)]?.[sh.arm] ?? [];
            on = on * (1 - ownW) + ownOutline(body, crisp, ownCaps[sh.arm] ?? [], x, y, torsoRows, corners) * ownW;
            last[LAST_ON] = on;
          }
          break;
        }
      }
    }
    last[LAST_OWN] = ownW * on;
    last[LAST_MIRROR] = (last[LAST_OWN] ?? 0) * mirrorW;
    // faded in down from the neck's point (the neck's own shading is the seam's, from the skin above)
    const down = (y - body.neck.y) / (body.span * CHEST_SHADE_FADE);
    if (chest && on > 0 && ownW < 1 && down > 0 && y <= body.pelvis.y) {
      const tl = torsoEdgeAt(body, torsoRows, y, 0);
      const tr = torsoEdgeAt(body, torsoRows, y, 1);
      const f = Math.min(1, down);
      if (tr - tl > 2) shade *= 1 + (chestShadeAt(chest, (x - tl) / (tr - tl)) - 1) * (1 - ownW) * f * f * (3 - 2 * f);
    }
    if (neckline && on > 0 && ownW < 1 && down > 0 && y <= neckline.y + body.span * 0.02) {
      const tl = torsoEdgeAt(body, torsoRows, y, 0);
      const tr = torsoEdgeAt(body, torsoRows, y, 1);
      const f = Math.min(1, down);
      shade *= 1 + (chestModelAt(body, neckline, x, y, tl, tr) - 1) * (1 - ownW) * f * f * (3 - 2 * f);
    }
    if (armhole && on > 0) shade *= armhole[p] ?? 1;
    if (clavicleAt && on > 0 && ownW < 1 && y >= body.neck.y - body.span * 0.05 && y <= body.pelvis.y) {
      shade *= 1 + (clavicleAt(x, y) - 1) * (1 - ownW);
      last[LAST_CHEST] = on * (1 - ownW);
    }
    // the background's texture from its source, carried by the difference of the backdrop's light between here
    // and there, for a bottom or a one-piece from its fine estimate (`background.at`; round 17, part X5: the coarse
    // one, diffused across the person from a lit wall, lifted the copy into a dress's tail in the wall's shadow)
    const m = on < 1 && mirror ? (mirror[p] ?? 0) : -1;
    if (m >= 0 && background) {
      // (a top's keeps the coarse one here: its fill beside the chest is measured against the chest's shading; off
      // the torso's sides the fine one since round 19, part Z4: the coarse one, diffused under the person from an
      // old sleeve's dark rim, darkened the copy beside a lowered shoulder, a grey haze)
      const tl = slot === 'top' ? torsoEdgeAt(body, torsoRows, y, 0) : 0;
      const tr = slot === 'top' ? torsoEdgeAt(body, torsoRows, y, 1) : 0;
      const fine = slot === 'bottom' || slot === 'one-piece' || (slot === 'top' && (x < tl || x > tr));
      const light = fine ? background.at : background.low;
      light(x, y, lowHere);
      light(m % W, (m / W) | 0, lowThere);
    }
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
        (skinRgb[q00 + c] ?? 0) * w00 +
        (skinRgb[q01 + c] ?? 0) * w01 +
        (skinRgb[q10 + c] ?? 0) * w10 +
        (skinRgb[q11 + c] ?? 0) * w11;
      const bg =
        m >= 0
          ? (out.data[m * 4 + c] ?? 0) + (lowHere[c] ?? 0) - (lowThere[c] ?? 0)
          : (bgRgb[q00 + c] ?? 0) * w00 +
            (bgRgb[q01 + c] ?? 0) * w01 +
            (bgRgb[q10 + c] ?? 0) * w10 +
            (bgRgb[q11 + c] ?? 0) * w11;
      // the person's shading is the body's (an old tutu's bright tulle lit the background filled over it: a ghost)
      const ownC = (own[c] ?? 0) * ownShade * grain * (1 - mirrorW) + (mirrored[c] ?? 0) * mirrorW;
      const skin = ownW > 0 ? sk * shade * (1 - ownW) + ownC * ownW : sk * shade;
      into[c] = skin * on + bg * (1 - on);
      if (legOver)
        into[c] =
          ((copy[c] ?? 0) * copied + (legTone?.[c] ?? 0) * leg[1] * (1 - copied)) * leg[0] +
          (into[c] ?? 0) * (1 - leg[0]);
    }
  };
  // the hair lies in front of the skin: its colour is not carried into the fill (a brown smear beside a blonde
  // ponytail over the chest)
  // the skin filled on the shoulders meets the backdrop above them as the body's edge, not blended into it
  // (issue 38, round 10, part P4): the backdrop over a shoulder's top, carried into the narrow skin between a
  // tank's armhole and the arm, left it a translucent white ghost of the old dress. (Lower down, beside an arm,
  // the capsules may reach past the arm over the mask's overreach: blended there.)
  const tmp = [0, 0, 0];
  const shouldersLine = Math.max(body.shoulderL.y, body.shoulderR.y);
  // over the shoulders the person's blended outline (or an old garment of the backdrop's colour left beside the
  // fill) is not matched by a skin fill either (as the backdrop above them, round 10, P4): a pixel in the mask, not
  // skin, whose colour lies between the fill's skin beside it and the backdrop's there, at least
  // `OUTLINE_BLEND_SHARE` of the way to the backdrop. Matched, the seam carried the backdrop's level into the skin:
  // ai-body's shoulder top beside a tank top, filled between her white dress's pale rim and the white wall, faded
  // up into a pale blurred patch (where the skin itself passes for the backdrop `backdropOverShoulders` is off)
  const blendV = [0, 0, 0];
  const blendShare = (e: number, fill: readonly number[]): number => {
    if (!background) return -1;
    background.at(e % W, (e / W) | 0, blendV);
    const d = out.data;
    let dd = 0;
    let dot = 0;
    for (let c = 0; c < 3; c++) {
      const a = (blendV[c] ?? 0) - (fill[c] ?? 0);
      dd += a * a;
      dot += ((d[e * 4 + c] ?? 0) - (fill[c] ?? 0)) * a;
    }
    if (dd < OUTLINE_BLEND_APART * OUTLINE_BLEND_APART) return -1;
    const t = dot / dd;
    if (t > 1 + OUTLINE_BLEND_PAST) return -1;
    let off = 0;
    for (let c = 0; c < 3; c++) {
      const a = (fill[c] ?? 0) + ((blendV[c] ?? 0) - (fill[c] ?? 0)) * t - (d[e * 4 + c] ?? 0);
      off += a * a;
    }
    return off <= OUTLINE_BLEND_OFF * OUTLINE_BLEND_OFF ? t : -1;
  };
  // ... and on the person's outline: within `OUTLINE_BLEND_NEAR` spans of the backdrop (a pixel off the mask) along
  // a row, a column or a diagonal. A white old dress's glossy highlight inside the body (beside the hair, by a
  // camisole's strap) passed for such a blend of skin and a white wall, and the region's white pixels on from it
  // were kept as the photo's: a bright white fleck of the old dress by the strap
  const nearReach = Math.max(2, Math.round(body.span * OUTLINE_BLEND_NEAR));
  const nearOutline = (e: number): boolean => {
    const ex = e % W;
    const ey = (e / W) | 0;
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        if (!dx && !dy) continue;
        for (let s = 1; s <= nearReach; s++) {
          const x = ex + dx * s;
          const y = ey + dy * s;
          if (x < 0 || x >= W || y < 0 || y >= H || (body.mask[y * W + x] ?? 0) < 128) return true;
        }
      }
    }
    return false;
  };
  // a seen pixel that may be such a blend: in the mask, not skin, hair, covered or the region's
  const blendCandidate = (e: number) =>
    !region[e] && !covered?.[e] && (body.mask[e] ?? 0) >= 128 && !maps.skin[e] && (maps.hair[e] ?? 0) < 128;
  // (read before the fill: the seen pixels beside the region that are such a blend)
  let blendMarks: Uint8Array | null = null;
  // and the region's own pixels on from them that are a blend nearer the backdrop (`OUTLINE_BLEND_RIM`), within
  // `OUTLINE_BLEND_DEEP` spans: the photo's own outline, left as it is (the old region reaches over the mask's
  // blended rim there, and skin filled over it stood out past the shoulder's outline in stair steps)
  let rimKept: Uint8Array | null = null;
  if (background && source === 'auto' && (slot === 'top' || slot === 'one-piece')) {
    const front: number[] = [];
    const fill = [0, 0, 0];
    const yEnd = Math.min(H - 2, ry1, Math.floor(shouldersLine));
    for (let y = Math.max(1, ry0); y <= yEnd; y++) {
      const row = region.subarray(y * W, y * W + W);
      const a = Math.max(1, row.indexOf(255));
      const b = Math.min(W - 2, row.lastIndexOf(255));
      for (let x = a; x <= b; x++) {
        const q = y * W + x;
        if (!region[q]) continue;
        let read = false;
        for (const e of [q - 1, q + 1, q - W, q + W]) {
          if (blendMarks?.[e] || !blendCandidate(e)) continue;
          if (!read) {
            estimate(x, y, fill);
            read = true;
            if ((last[LAST_ON] ?? 0) < 0.5) break;
          }
          if (blendShare(e, fill) < OUTLINE_BLEND_SHARE || !nearOutline(e)) continue;
          blendMarks ??= new Uint8Array(W * H);
          blendMarks[e] = 1;
          front.push(e);
        }
      }
    }
    const deep = Math.max(1, Math.round(body.span * OUTLINE_BLEND_DEEP));
    for (let step = 0; step < deep && front.length > 0; step++) {
      const next: number[] = [];
      for (const e of front) {
        const x = e % W;
        if (x < 1 || x > W - 2 || e < W || e >= W * (H - 1)) continue;
        for (const r of [e - 1, e + 1, e - W, e + W]) {
          if (!region[r] || rimKept?.[r] || covered?.[r] || (maps.skin[r] ?? 0) > 0) continue;
          estimate(r % W, (r / W) | 0, fill);
          if ((last[LAST_ON] ?? 0) < 0.5 || blendShare(r, fill) < OUTLINE_BLEND_RIM) continue;
          rimKept ??= new Uint8Array(W * H);
          rimKept[r] = 1;
          next.push(r);
        }
      }
      front.length = 0;
      front.push(...next);
    }
  }
  // the photo's backdrop beside a raised arm's side of the chest, from its shoulder's joint down to where the chest's
  // side runs out to the mask's (`ARMPIT_DROP` + `ARMPIT_RAMP`; issue 38, round 36, part c): the skin filled there
  // meets it as the body's edge. Matched to it (the mask reaches past the old tee's side under the raised arm, so
  // the backdrop there is "in the mask"), the seam faded the chest's side into the backdrop's grey over ~20 px up to
  // the region's edge, a blurred skin box with a hard step beyond (cgi-model-27 under a camisole, a maxi dress)
  const sideV = [0, 0, 0];
  const sideKept = new Map<number, boolean>();
  const raisedSideBackdrop = (p: number): boolean => {
    if (!background || source !== 'auto' || (slot !== 'top' && slot !== 'one-piece')) return false;
    const px = p % W;
    const py = (p / W) | 0;
    for (let i = 0; i < 2; i++) {
      if (!body.armRaised[i]) continue;
      const sh = i ? body.shoulderR : body.shoulderL;
      if ((px - body.neck.x) * (sh.x - body.neck.x) <= 0 || Math.abs(px - body.neck.x) < Math.abs(sh.x - body.neck.x))
        continue;
      if (py < sh.y || py > sh.y + body.torsoH * (ARMPIT_DROP + ARMPIT_RAMP)) continue;
      // (kept per edge pixel: the seam asks it for every pixel of the band its edge pixel is the nearest of)
      const kept = sideKept.get(p);
      if (kept !== undefined) return kept;
      const like = looksLikeBackground(out, background, p, sideV);
      sideKept.set(p, like);
      return like;
    }
    return false;
  };
  const raisedSideReach = Math.max(2, body.span * RAISED_SIDE_SEAM);
  const outline = (p: number, q: number) => {
    // above a raised shoulder's top outline (`raisedShoulderTop`) the skin filled below it ends there: matched to
    // the mask's overreach above it (the backdrop's colour), the seam blurred the shoulder's top into the backdrop
    // in the old region's stair steps
    if (((p / W) | 0) < (shoulderTop?.[p % W] ?? NaN) + topInset) {
      estimate(q % W, (q / W) | 0, tmp);
      if ((last[LAST_ON] ?? 0) >= 0.5) return true;
    }
    // a pixel of the person's outline that is a blend of the skin filled beside it and the backdrop (`blendShare`)
    if (blendMarks?.[p]) return true;
    // (by a lowered arm, down to the rows its armpit's web took, the skin meets the backdrop, `armpitWeb`: where the
    // photo beside it is the backdrop's colour, though the mask reaches past the old garment's outline there)
    const side = pit ? (p % W < body.neck.x === body.shoulderL.x < body.neck.x ? 0 : 1) : -1;
    const pitRow = pit?.rows[side] ?? -1;
    if (p > shouldersLine * W && pitRow >= 0 && p <= pitRow * W) {
      if ((body.mask[p] ?? 0) >= 128 && !(background && looksLikeBackground(out, background, p, pitV))) return false;
    } else if (p > shouldersLine * W) return false;
    else if ((body.mask[p] ?? 0) >= 128 && !over?.[p]) return false;
    estimate(q % W, (q / W) | 0, tmp);
    return (last[LAST_ON] ?? 0) >= 0.5;
  };
  // a one-piece's chest fill does not take on what is left of the old garment above it, by the neck (an old
  // collar's rim the old region stops short of): the seam carried its grey down over the chest
  const neckTop = body.neck.y - body.span * NECK_SEAM_RISE;
  const oldAboveNeckline = (e: number) =>
    slot === 'one-piece' &&
    e < body.neck.y * W &&
    e >= neckTop * W &&
    (body.mask[e] ?? 0) >= 128 &&
    !maps.skin[e] &&
    (maps.hair[e] ?? 0) < 128;
  const ownAt = (q: number) => {
    estimate(q % W, (q / W) | 0, tmp);
    return last[LAST_OWN] ?? 0;
  };
  // the repainted upper arm where it is the bare arm reflected past the hem (`hemMirror`) meets the photo as it is:
  // it is the photo's own arm; matched to the old band's dark remnants at the arm's underside, the seam darkened it
  // by ~20 levels across the arm up to the hem, a shadowed band where the sleeve had ended
  const mirrorAt = (q: number) => {
    estimate(q % W, (q / W) | 0, tmp);
    return last[LAST_MIRROR] ?? 0;
  };
  // a bottom's fill meets what is beside it only where both are of one kind: skin beside skin or a painted leg,
  // the backdrop beside the backdrop. Matched across a leg's edge, the backdrop's fill took on the bare calf's
  // tone (a pale skin ghost beside it) and a painted leg the backdrop's (a half-translucent leg)
  const otherKind = (e: number, q: number) => {
    estimate(q % W, (q / W) | 0, tmp);
    const fillSkin = Math.max(last[LAST_ON] ?? 0, last[LAST_LEG] ?? 0) >= 0.5;
    return ((maps.skin[e] ?? 0) > 0 && !fillSkin) || offBackdrop(e, q, fillSkin);
  };
  // a fill of a saturated backdrop's texture beside what is not that backdrop (an old leotard's white bodice above
  // a tutu's waist) is not matched to it either (issue 38, round 17, part X8: it paled the curtain's fill beside the
  // hips into a smooth whitish patch)
  const seamV = [0, 0, 0];
  const offBackdrop = (e: number, q: number, fillSkin: boolean): boolean => {
    if (fillSkin || !background || (mirror?.[q] ?? -1) < 0) return false;
    background.at(e % W, (e / W) | 0, seamV);
    const d = out.data;
    const bmx = Math.max(seamV[0] ?? 0, seamV[1] ?? 0, seamV[2] ?? 0);
    if (bmx <= 0 || (bmx - Math.min(seamV[0] ?? 0, seamV[1] ?? 0, seamV[2] ?? 0)) / bmx < BG_HUE_SAT) return false;
    return (
      !sameHue(d[e * 4] ?? 0, d[e * 4 + 1] ?? 0, d[e * 4 + 2] ?? 0, seamV) &&
      !looksLikeBackground(out, background, e, seamV)
    );
  };
  // the chest's fill under the chin meets the neck seen above it over a short fade (`NECK_SEAM_REACH`)
  const neckReach =
    (slot === 'one-piece' || slot === 'top') && source === 'auto' ? neckSeamReach(body, maps.skin) : null;
  const seam = seamCorrection(
    out,
    region,
    covered,
    Math.max(3, body.span * SEAM_FEATHER),
    estimate,
    ry0,
    ry1,
    maps.hair,
    // no seam across an edge that stays: the backdrop above the shoulders beside a skin fill (round 10, P4); a
    // shoe's floor fill does not take on the foot's skin beside it (a pale smear on the floor next to the instep):
    // only skin-to-skin and floor-to-floor seams are matched there (round 10, P11)
    // the bare arm below an old sleeve's hem beside the upper arm painted in its own colour (round 11, R4): the
    // hem's blended edge there is darker than the arm, matched it drew a dark band above the hem
    slot === 'shoes'
      ? (e, q) => outline(e, q) || ((maps.skin[e] ?? 0) > 0 && floorAt(q % W, (q / W) | 0))
      : slot === 'bottom'
        ? (e, q) => otherKind(e, q)
        : (e, q) =>
            outline(e, q) ||
            ((maps.skin[e] ?? 0) > 0 && ownAt(q) >= ARM_OWN_SEAMLESS) ||
            mirrorAt(q) >= ARM_OWN_SEAMLESS ||
            oldAboveNeckline(e) ||
            (slot === 'one-piece' &&
              offBackdrop(
                e,
                q,
                (estimate(q % W, (q / W) | 0, tmp), Math.max(last[LAST_ON] ?? 0, last[LAST_LEG] ?? 0) >= 0.5),
              )),
    (e) => (raisedSideBackdrop(e) ? raisedSideReach : (neckReach?.(e) ?? Infinity)),
  );
  const fromBelow =
    slot === 'bottom' && source === 'auto' && background
      ? bandsFromBelow(
          out,
          region,
          covered,
          maps.skin,
          (x, y) => (maps.handArea[y * W + x] ?? 0) > 0 || body.onArm(x, y),
          background,
          body.span,
          ry0,
          ry1,
        )
      : null;
  const yLast = fromBelow ? Math.min(H - 1, ry1 + Math.max(2, Math.round(body.span * BAND_RIM))) : ry1;
  paintRegion(out, region, ry0, yLast, { fromBelow, rimKept, estimate, last, grain, seam });
  for (const sh of armShades) if (sh.hem) bridgeHem(sh.hem, out, maps.skin, region, maps.hair);
}

/** How far (x the span, at least 3 px) the fill under the chin takes on the neck seen above it (`neckSeamReach`). */
export const NECK_SEAM_REACH = 0.03;

/**
 * The seam's fade from a seen pixel of the neck under the chin (issue 38, round 30, part M4): from the chin's line
 * down to the neck's base (`NECK_BASE_RISE`), within `COLLAR_REACH` spans of the neck, the fill below meets what is
 * seen there over `NECK_SEAM_REACH` spans, not the seam's whole `SEAM_FEATHER`. Where an old crew collar was, the
 * neck seen above it is a thin strip in the chin's shadow (and its lit sides, a blended collar's edge): carried
 * 0.07 spans down over the chest's fill and out beside the neck, it drew a soft greyish-dark band across the neck
 * where the collar had been (cgi-model-27 under a jumpsuit, a sundress, a camisole). The chin's shadow on the neck
 * ends over a few pixels, as it does on a bare neck. Returns the fade (px) for a seen pixel, Infinity elsewhere.
 */
function neckSeamReach(body: Body, skin: Uint8Array): (edge: number) => number {
  const { width: W, span, neck, head } = body;
  const top = head.chinY - 1;
  const base = neck.y - (neck.y - head.chinY) * NECK_BASE_RISE;
  const half = span * COLLAR_REACH;
  const short = Math.max(3, span * NECK_SEAM_REACH);
  return (e) => {
    const y = (e / W) | 0;
    return skin[e] && y >= top && y <= base && Math.abs((e % W) - neck.x) <= half ? short : Infinity;
  };
}

/** A bottom's old region down a column at most this tall (x the span), with the photo seen below it, is a band. */
const BAND_FROM_BELOW = 0.2;
/** The rows below such a band (x the span) that are its old hem's blurred rim too: taken from below with it. */
const BAND_RIM = 0.015;

/**
 * Where a bottom's fill is the photo just below it, mirrored up (an array over the image, -1 elsewhere; null when
 * nothing is): down each column, a run of the region at most BAND_FROM_BELOW spans tall whose next pixel below is
 * seen (neither the region nor covered) is the band an old dress's hem or a strap leaves across the legs under a
 * new short bottom; the legs below it (their edges, tone and shading) and the backdrop between them go on up
 * through it (where the band lies under something: the new garment or the skin off the arms and hands; the pixels carried up are the
 * skin or the backdrop's colour), with BAND_RIM rows below it. A diffused fill there was a flat translucent band
 * with a step at each thigh's edge.
 */
function bandsFromBelow(
  img: RgbaImage,
  region: Uint8Array,
  covered: Uint8Array | null,
  skin: Uint8Array,
  onArm: (x: number, y: number) => boolean,
  background: BackgroundModel,
  span: number,
  ry0: number,
  ry1: number,
): Int32Array | null {
  const { width: W, height: H } = img;
  const v = [0, 0, 0];
  const most = Math.max(2, Math.round(span * BAND_FROM_BELOW));
  const rim = Math.max(2, Math.round(span * BAND_RIM));
  const seen = (p: number) => !region[p] && !covered?.[p];
  let src: Int32Array | null = null;
  for (let x = 0; x < W; x++) {
    let y = ry0;
    while (y <= ry1) {
      if (!region[y * W + x]) {
        y++;
        continue;
      }
      let e = y;
      while (e + 1 < H && region[(e + 1) * W + x]) e++;
      const n = e - y + 1;
      const over = (y - 1) * W + x;
      const under = y > 0 && (covered?.[over] || (skin[over] && !onArm(x, y - 1)));
      if (under && n <= most && e + 1 + rim < H && seen((e + 1) * W + x)) {
        // the seen run below it (the rim's rows and as far again as the band is tall)
        let d = 1;
        while (d < n + rim && e + 1 + d < H && seen((e + 1 + d) * W + x)) d++;
        if (d > rim) {
          src ??= new Int32Array(W * H).fill(-1);
          const from = e + 1 + rim;
          for (let j = y; j <= e + rim; j++) {
            const q = (from + Math.min(d - 1 - rim, Math.max(0, e + rim - j))) * W + x;
            // (only the legs' skin or the backdrop carried up: not what is left of the old garment below it)
            if (skin[q] || looksLikeBackground(img, background, q, v)) src[j * W + x] = q;
          }
        }
      }
      y = e + 1;
    }
  }
  return src;
}

/**
 * Paint skin into `region` of `out` (a stretch of arm, leg or torso that a new garment leaves bare where the old
 * one covered it): the person's own visible skin diffused in from around the region, times the photo's shading
 * there, blended into what it meets (no hard edge). For the placing stages (tops, bottoms, shoes) that decide
 * themselves where skin must show; `covered`: where a garment will be drawn over (no seam to match there).
 */
export function paintSkin(
  out: RgbaImage,
  region: Uint8Array,
  scene: { body: Body; maps: Maps; light: ReturnType<typeof lightField> },
  covered: Uint8Array | null = null,
): void {
  // blended into the skin and the background it meets, not into old clothes beside it (a lilac tee's colour was
  // carried a third of the way into a band of skin)
  const { mask } = scene.body;
  const skin = scene.maps.skin;
  const noSeam = new Uint8Array(region.length);
  for (let i = 0; i < region.length; i++)
    if ((covered && covered[i]) || ((mask[i] ?? 0) >= 128 && !skin[i])) noSeam[i] = 255;
  fillRegion(out, region, scene.body, scene.maps, scene.light, 'top', noSeam, 'skin');
}

/**
 * A seen pixel beside a skin fill whose colour lies at least this share of the way from the fill's colour to the
 * backdrop's (`fillRegion`'s `blendShare`)...
 */
const OUTLINE_BLEND_SHARE = 0.35;
/** ...at most this far past the backdrop's, ... */
const OUTLINE_BLEND_PAST = 0.3;
/** ...within this many levels of the line between the two, ... */
const OUTLINE_BLEND_OFF = 32;
/** ...where the two are at least this many levels apart, is the outline's blend: the fill is not matched to it. */
const OUTLINE_BLEND_APART = 24;
/** ...and within this far (x the span) of the backdrop (a pixel off the mask): the outline's, not a pale old garment's
 * highlight inside the body. */
const OUTLINE_BLEND_NEAR = 0.05;
/** The region's own pixels on from such a blend at least this share of the way to the backdrop are the outline's... */
const OUTLINE_BLEND_RIM = 0.5;
/** ...within this far of it (x the span): left as the photo's. */
const OUTLINE_BLEND_DEEP = 0.02;

/** How far, in shoulder spans, the fill is blended into what it meets (the photo's own pixels). */
export const SEAM_FEATHER = 0.07;

/**
 * The fill meets the photo seamlessly: at every pixel next to the region that stays seen (not under the new
 * garment: `covered`), the difference between what is there (skin, the background, an old garment the zone stops
 * at, a hand) and the fill beside it is carried into the region, faded out over `radius` pixels and relaxed
 * towards the smooth (harmonic) correction, so a thin strip between skin and the background meets each. A flat
 * fill meeting the photo along the zone's straight lines drew a hard-edged box (at the neckline, the hem, a
 * shoulder); now it is feathered into what is around it, like a seamless clone. Returns the correction per pixel
 * (`at`: false where there is none). `hair` (>= 128): lies in front of the fill, no edge to match (round 9, N5).
 * `apart(edge, q)`: the seen pixel `edge` and the region's pixel `q` beside it meet across an edge that stays, or are
 * of different kinds (the foot's skin beside a floor fill): no seam to match between them. `reach(edge)`: a shorter
 * fade (px) from that seen pixel (the neck under the chin, `NECK_SEAM_REACH`).
 */
export function seamCorrection(
  out: RgbaImage,
  region: Uint8Array,
  covered: Uint8Array | null,
  radius: number,
  estimate: (x: number, y: number, into: number[]) => void,
  ry0: number,
  ry1: number,
  hair: Uint8Array | null = null,
  apart: ((edge: number, q: number) => boolean) | null = null,
  reach: ((edge: number) => number) | null = null,
): { at: (x: number, y: number, into: number[]) => boolean } | null {
  const { width: W, height: H, data } = out;
  const pad = Math.ceil(radius) + 2;
  let bx0 = W;
  let bx1 = -1;
  for (let y = ry0; y <= ry1; y++) {
    const row = region.subarray(y * W, y * W + W);
    const a = row.indexOf(255);
    if (a < 0) continue;
    bx0 = Math.min(bx0, a);
    bx1 = Math.max(bx1, row.lastIndexOf(255));
  }
  if (bx1 < 0) return null;
  const x0 = Math.max(0, bx0 - pad);
  const x1 = Math.min(W - 1, bx1 + pad);
  const y0 = Math.max(0, ry0 - pad);
  const y1 = Math.min(H - 1, ry1 + pad);
  const cw = x1 - x0 + 1;
  const ch = y1 - y0 + 1;
  const resid = new Float32Array(cw * ch * 3);
  const weight = new Float32Array(cw * ch);
  // distance (chamfer) from the seen edge, inside the region
  const dist = new Float32Array(cw * ch).fill(Infinity);
  const v = [0, 0, 0];
  const sum = [0, 0, 0];
  const seen = (p: number) => !region[p] && !(covered && covered[p]) && !(hair && (hair[p] ?? 0) >= 128);
  let any = false;
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const p = y * W + x;
      const b = (y - y0) * cw + x - x0;
      if (region[p]) continue;
      if (!seen(p)) continue;
      // next to the region: the difference to the fill of the region's pixels beside it (the fill's own
      // estimate here may be of another kind: the background beside a leg that is filled with skin)
      let n = 0;
      sum[0] = sum[1] = sum[2] = 0;
      for (let e = 0; e < 4; e++) {
        const q = e === 0 ? (x > 0 ? p - 1 : -1) : e === 1 ? (x < W - 1 ? p + 1 : -1) : e === 2 ? p - W : p + W;
        if (q < 0 || q >= W * H || !region[q] || apart?.(p, q)) continue;
        estimate(q % W, (q / W) | 0, v);
        sum[0] += v[0] ?? 0;
        sum[1] += v[1] ?? 0;
        sum[2] += v[2] ?? 0;
        n++;
      }
      if (!n) continue;
      for (let c = 0; c < 3; c++) resid[b * 3 + c] = (data[p * 4 + c] ?? 0) - (sum[c] ?? 0) / n;
      weight[b] = 1;
      dist[b] = 0;
      any = true;
    }
  }
  if (!any) return null;
  // two-pass chamfer distance through the region from the seen edge
  const reg = new Uint8Array(cw * ch);
  for (let y = 0; y < ch; y++) {
    const o = (y + y0) * W + x0;
    reg.set(region.subarray(o, o + cw), y * cw);
  }
  // (and which edge pixel is nearest: its difference starts the correction)
  const D = Math.SQRT2;
  const near = new Int32Array(cw * ch).fill(-1);
  for (let b = 0; b < cw * ch; b++) if (weight[b] === 1) near[b] = b;
  const relax = (b: number, j: number, step: number) => {
    if ((dist[j] ?? 0) + step < (dist[b] ?? 0)) {
      dist[b] = (dist[j] ?? 0) + step;
      near[b] = near[j] ?? 0;
    }
  };
  for (let y = 0; y < ch; y++) {
    for (let x = 0; x < cw; x++) {
      const b = y * cw + x;
      if (!reg[b]) continue;
      if (x > 0) relax(b, b - 1, 1);
      if (y > 0) {
        relax(b, b - cw, 1);
        if (x > 0) relax(b, b - cw - 1, D);
        if (x < cw - 1) relax(b, b - cw + 1, D);
      }
    }
  }
  for (let y = ch - 1; y >= 0; y--) {
    for (let x = cw - 1; x >= 0; x--) {
      const b = y * cw + x;
      if (!reg[b]) continue;
      if (x < cw - 1) relax(b, b + 1, 1);
      if (y < ch - 1) {
        relax(b, b + cw, 1);
        if (x < cw - 1) relax(b, b + cw + 1, D);
        if (x > 0) relax(b, b + cw - 1, D);
      }
    }
  }
  // the correction: the nearest edge pixel's difference, faded to nothing at `radius` (smooth-stepped)...
  // cells: 2 the seen edge (held), 1 the band (relaxed), 0 the region beyond it (no correction), -1 unseen
  const corr = new Float32Array(cw * ch * 3);
  const cell = new Int8Array(cw * ch).fill(-1);
  const band: number[] = [];
  // (the fade's length: `radius`, or `reach`'s for the nearest edge pixel)
  const fadeOf = (e: number) =>
    reach && e >= 0 ? Math.min(radius, reach((((e / cw) | 0) + y0) * W + (e % cw) + x0)) : radius;
  for (let b = 0; b < cw * ch; b++) {
    const d = dist[b] ?? 0;
    const fade = reg[b] && weight[b] !== 1 && d < radius ? fadeOf(near[b] ?? -1) : radius;
    if (weight[b] === 1) {
      cell[b] = 2;
      for (let c = 0; c < 3; c++) corr[b * 3 + c] = resid[b * 3 + c] ?? 0;
    } else if (reg[b] && d < fade) {
      cell[b] = 1;
      const t = d / fade;
      const f = 1 - t * t * (3 - 2 * t);
      const e = near[b] ?? 0;
      if (e >= 0) for (let c = 0; c < 3; c++) corr[b * 3 + c] = (resid[e * 3 + c] ?? 0) * f;
      band.push(b);
    } else if (reg[b]) cell[b] = 0;
  }
  // ...then relaxed towards the harmonic one (Gauss-Seidel, the seen edge and the band's inner end held): a thin
  // strip between skin and the background meets each of them, not their average. An unseen neighbour (under the
  // garment, or not the region's) holds nothing.
  const order = Int32Array.from(band);
  const N = cw * ch;
  for (let it = 0; it < SEAM_RELAX; it++) {
    for (let k = 0; k < order.length; k++) {
      const b = order[k] ?? 0;
      const x = b % cw;
      let n = 0;
      let r = 0;
      let g = 0;
      let bl = 0;
      for (let e = 0; e < 4; e++) {
        const j = e === 0 ? (x > 0 ? b - 1 : -1) : e === 1 ? (x < cw - 1 ? b + 1 : -1) : e === 2 ? b - cw : b + cw;
        if (j < 0 || j >= N) continue;
        const t = cell[j] ?? 0;
        if (t < 0) continue;
        n++;
        if (t === 0) continue;
        r += corr[j * 3] ?? 0;
        g += corr[j * 3 + 1] ?? 0;
        bl += corr[j * 3 + 2] ?? 0;
      }
      if (!n) continue;
      corr[b * 3] = r / n;
      corr[b * 3 + 1] = g / n;
      corr[b * 3 + 2] = bl / n;
    }
  }
  return {
    at: (x: number, y: number, into: number[]) => {
      if (x < x0 || x > x1 || y < y0 || y > y1) return false;
      const b = (y - y0) * cw + x - x0;
      if (cell[b] !== 1) return false;
      into[0] = corr[b * 3] ?? 0;
      into[1] = corr[b * 3 + 1] ?? 0;
      into[2] = corr[b * 3 + 2] ?? 0;
      return true;
    },
  };
}

/** Gauss-Seidel sweeps over the seam's band (a few pixels wide, started from the nearest edge's difference: twenty sweeps smooth it). */
const SEAM_RELAX = 20;

/** A piece of a one-piece's old region lying within this far (x the span, at least 3 px) of the person's outline... */
const OUTLINE_RIM = 0.012;
/** ...with at least this share of its pixels there, ... */
const OUTLINE_RIM_SHARE = 0.6;
/** ...at most (this x the span) squared in area, ... */
const OUTLINE_RIM_AREA = 0.15;
/**
 * ...and of a blend of the skin beside it and the backdrop (its mean colour within this many levels of the line
 * between theirs: not an old garment's own colour, a black bandeau's cup by the armpit), is no old garment.
 */
const OUTLINE_RIM_BLEND = 24;

/**
 * The person mask's blended rim along a bare shoulder or arm is no old garment (in place, on a one-piece's fill
 * `region`; `filled` cleared with it): pixels there mix the skin with the backdrop, so they are neither the skin
 * map's nor the backdrop's colour, and were filled as loose pale flecks along the outline (a dark skin on a soft
 * pale backdrop: maxi-dress-floral on cgi-model-15 beside both upper arms). A piece of the region of at most
 * OUTLINE_RIM_AREA spans squared with OUTLINE_RIM_SHARE of it within OUTLINE_RIM spans of the outline (off the
 * mask, or the mask's overreach left as the photo's: neither skin, the region nor `covered`), of a blend of the skin
 * round it and the backdrop (`OUTLINE_RIM_BLEND`), is left as the photo's.
 */
export function leaveOutlineRims(
  region: Uint8Array,
  covered: Uint8Array,
  body: Body,
  skin: Uint8Array,
  image: RgbaImage,
  bg: BackgroundModel,
  filled: Uint8Array,
): void {
  const { width: W, height: H, mask, span } = body;
  const d = image.data;
  const r = Math.max(3, Math.round(span * OUTLINE_RIM));
  const maxArea = (span * OUTLINE_RIM_AREA) ** 2;
  const off = (p: number) => (mask[p] ?? 0) < 128 || (!skin[p] && !region[p] && !covered[p]);
  const v = [0, 0, 0];
  // (all pieces judged on the region as it was, then cleared)
  const rims = componentPixels(region, W, H).filter((piece) => {
    if (piece.length > maxArea) return false;
    let near = 0;
    // the piece's, the backdrop's and the skin's round it mean colours
    const own = [0, 0, 0];
    const back = [0, 0, 0];
    const sk = [0, 0, 0, 0];
    for (const p of piece) {
      const x = p % W;
      const y = (p - x) / W;
      for (let c = 0; c < 3; c++) own[c] = (own[c] ?? 0) + (d[p * 4 + c] ?? 0);
      let isNear = false;
      for (let dy = -r; dy <= r; dy++)
        for (let dx = -r; dx <= r; dx++) {
          const xx = x + dx;
          const yy = y + dy;
          const q = yy * W + xx;
          if (xx < 0 || yy < 0 || xx >= W || yy >= H || off(q)) isNear = true;
          else if (skin[q] && (dx === r || dx === -r || dy === r || dy === -r)) {
            for (let c = 0; c < 3; c++) sk[c] = (sk[c] ?? 0) + (d[q * 4 + c] ?? 0);
            sk[3] = (sk[3] ?? 0) + 1;
          }
        }
      if (isNear) near++;
    }
    if (near < piece.length * OUTLINE_RIM_SHARE || !sk[3]) return false;
    const n = piece.length;
    for (const p of piece) {
      bg.at(p % W, Math.floor(p / W), v);
      for (let c = 0; c < 3; c++) back[c] = (back[c] ?? 0) + (v[c] ?? 0);
    }
    const a = [0, 1, 2].map((c) => (sk[c] ?? 0) / (sk[3] ?? 1));
    const b = [0, 1, 2].map((c) => (back[c] ?? 0) / n);
    const o = [0, 1, 2].map((c) => (own[c] ?? 0) / n);
    // the distance from the piece's colour to the line from the skin's to the backdrop's
    let ab = 0;
    let ao = 0;
    for (let c = 0; c < 3; c++) {
      ab += ((b[c] ?? 0) - (a[c] ?? 0)) ** 2;
      ao += ((o[c] ?? 0) - (a[c] ?? 0)) * ((b[c] ?? 0) - (a[c] ?? 0));
    }
    const t = ab > 0 ? Math.max(0, Math.min(1, ao / ab)) : 0;
    const dist = Math.hypot(...[0, 1, 2].map((c) => (o[c] ?? 0) - ((a[c] ?? 0) + t * ((b[c] ?? 0) - (a[c] ?? 0)))));
    return dist <= OUTLINE_RIM_BLEND;
  });
  for (const piece of rims)
    for (const p of piece) {
      region[p] = 0;
      filled[p] = 0;
    }
}
