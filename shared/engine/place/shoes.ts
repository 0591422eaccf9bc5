/** Placing shoes: each shoe of the pair on its own foot. */
import type { Body } from '../perception/body';
import { shoesLayout } from '../garment/garment-anchors';
import type { Box } from '../garment/garment';
import { drawGrid, newLayer, type Layer } from '../core/raster';
import type { Point } from '../core/tps';
import type { GrayImage, RgbaImage } from '../core/types';
import { canvasBox, maskRunAt, type PlacedGarment } from './common';
import { bootRoom, drawBootFront, newBootArea, type BootArea, type BootFront } from './shoe-boot';
import {
  ankleProfile,
  drawPumpHeel,
  instepSkin,
  legRowsAbove,
  ownSkin,
  paleNearby,
  profileAt,
  pumpGloss,
  pumpTurn,
  type LegRow,
} from './shoe-heel';
import { pointeFoot, type PointeFoot } from './shoe-pointe';
import { rearBesideShin, type RearFoot } from './shoe-rear';
import { profileFoot, profileHeight, rearShaftBand, shadeRearShaft, shadeRearToe } from './shoe-profile';
import { drawTrainerFront, trainerPalette, type FrontAt } from './shoe-trainer';

/** Feet closer than this many shin widths across are one behind the other (not side by side). */
export const FEET_CLOSE = 0.6;
/** A shoe may be drawn up to this many times its own height for its width (a foot seen from the front is tall). */
const SHOE_STRETCH = 2.8;
/** A foot whose outline below the ankle reaches less than this many shin widths sideways faces the camera. */
export const FOOT_FRONT_REACH = 0.45;
/** Seen from the front, a shoe shows its toe end: this share of its side view's length, from the toe. */
const TOE_END = 0.4;
/** A side view at least this tall for its length is a boot: seen from the front, its shaft goes up the shin. */
const BOOT_ASPECT = 0.9;
/** A boot's shaft seen from the front is this many times its own shin's width at the ankle. */
const SHAFT_WIDE = 1.3;
/** A shoe seen from the front is at most this many times its own shin's width at the ankle across. */
const FRONT_WIDE = 1.7;
/** A foot whose ankle is this many shin widths higher in the picture than the other's is behind the other leg. */
export const FAR_STEP = 0.5;
/** Seen from the front, a shoe's collar (not a boot's) is this many shin widths below the ankle's keypoint. */
const FRONT_BELOW = 0.15;
/** A pump on the rear leg beside the front shin (shoe-rear.ts) is this many times the leg's visible width long. */
const REAR_PUMP_LONG = 3;
/** ...and at most this many times its own height (up to the rear ankle: over the old shoe's straps there). */
const REAR_PUMP_STRETCH = 2;
/** A rear foot's side view in profile is at most this many times its own height (as tall as the foot shows). */
const PROFILE_STRETCH = 1.5;

/** A rear pump in profile lowered onto its sole is drawn in this many columns (its sole's line followed). */
const SOLE_COLS = 24;
/** ...its toe box (this share of its length from the toe) as tall as the foot under it... */
const TOE_BOX = 0.35;
/** ...the side view at most this many times its height for that. */
const TOE_COVER = 1.6;

/** How far each column of a side view's box (from its left) has its lowest opaque row above the box's bottom. */
function soleDrops(alpha: GrayImage, b: Box): { drop: number[]; thick: number[] } {
  const W = alpha.width;
  const x0 = Math.round(b.x);
  const y0 = Math.round(b.y);
  const y1 = Math.round(b.y + b.h) - 1;
  const drop: number[] = [];
  const thick: number[] = [];
  for (let x = x0; x < x0 + Math.round(b.w); x++) {
    let y = y1;
    while (y >= y0 && (alpha.data[y * W + x] ?? 0) < 128) y--;
    let t = y0;
    while (t < y && (alpha.data[t * W + x] ?? 0) < 128) t++;
    drop.push(y < y0 ? 0 : y1 - y);
    thick.push(y < y0 ? 0 : y - t + 1);
  }
  return { drop, thick };
}

/** Composite `from` over `to` where `keep(x, y)` holds (a shoe drawn on its own, hidden behind the other shin). */
function mergeClipped(to: Layer, from: Layer, keep: (x: number, y: number) => boolean | number): void {
  if (from.x1 < from.x0) return;
  const W = to.width;
  for (let y = from.y0; y <= from.y1; y++) {
    for (let x = from.x0; x <= from.x1; x++) {
      const o = (y * W + x) * 4;
      let a = (from.data[o + 3] ?? 0) / 255;
      if (a <= 0) continue;
      // (a share: that much of the pixel kept)
      const k = keep(x, y);
      if (k === false || k === 0) continue;
      if (typeof k === 'number') a *= Math.min(1, k);
      const da = (to.data[o + 3] ?? 0) / 255;
      const na = a + da * (1 - a);
      for (let c = 0; c < 3; c++)
        to.data[o + c] = ((from.data[o + c] ?? 0) * a + (to.data[o + c] ?? 0) * da * (1 - a)) / na;
      to.data[o + 3] = na * 255;
      if (x < to.x0) to.x0 = x;
      if (x > to.x1) to.x1 = x;
      if (y < to.y0) to.y0 = y;
      if (y > to.y1) to.y1 = y;
    }
  }
}

/** The highest row of the shoe's pixels within columns [x0, x1) of its box (the top of its toe end). */
function topRow(alpha: GrayImage, b: Box, x0: number, x1: number): number {
  const W = alpha.width;
  for (let y = Math.floor(b.y); y < b.y + b.h; y++) {
    for (let x = Math.floor(x0); x < x1; x++) if ((alpha.data[y * W + x] ?? 0) >= 128) return y;
  }
  return b.y;
}

/** Which way a side-view shoe's toe points in its box: the collar (the highest part) is over the heel. */
function toeDirection(alpha: GrayImage, b: Box): 1 | -1 {
  const W = alpha.width;
  let sum = 0;
  let n = 0;
  // the top fifth of the shoe's rows: where its collar is
  for (let y = b.y; y < b.y + Math.max(1, Math.round(b.h * 0.2)); y++) {
    for (let x = b.x; x < b.x + b.w; x++) {
      if ((alpha.data[y * W + x] ?? 0) >= 128) {
        sum += x;
        n++;
      }
    }
  }
  const collar = n ? sum / n : b.x + b.w / 2;
  return collar > b.x + b.w / 2 ? -1 : 1;
}

/**
 * Shoes: each shoe of the pair on its own foot, its toe where the foot reaches past its ankle (else outwards;
 * mirrored when the product shot has it the other way), its sole across the shin's direction (from the knee to the
 * ankle), over the whole foot and the old shoe (their extent across, the lower sole) and from the sole up to just
 * below the ankle (stretched up to SHOE_STRETCH times its own height). Feet one behind the other each take the
 * visible foot. What of the old shoe it leaves is filled as old clothing.
 */
export function placeShoes(
  image: RgbaImage,
  alpha: GrayImage,
  found: Body,
  tint: [number, number, number],
  oldShoes: (Box | null)[],
  person: RgbaImage | null = null,
): PlacedGarment {
  // both ankle keypoints on one foot: the second foot looked for in the mask beside it
  const { body: sep, farSole } = separateFeet(found);
  const layout = shoesLayout(alpha);
  const shoes = layout.shoes.slice(0, 2);
  const labels = new Uint8Array(alpha.width * alpha.height);
  shoes.forEach((b, k) => {
    for (let y = b.y; y < b.y + b.h; y++) for (let x = b.x; x < b.x + b.w; x++) labels[y * alpha.width + x] = k + 1;
  });
  const anchors: { from: Point; to: Point }[] = [];
  const grid: Point[][] = [];
  // feet one behind the other (ankles closer than FEET_CLOSE shin widths across): one foot's mask hides the other's,
  // so each shoe takes the whole visible foot, the farther foot's (its ankle higher in the picture) raised by the
  // ankles' difference and drawn first, the nearer one over it (not two half shoes bunched on one foot)
  const w0 = Math.min(Math.max(sep.legL.widthEnd, sep.legR.widthEnd), sep.span * 0.4);
  const close = Math.abs(sep.legL.end.x - sep.legR.end.x) < w0 * FEET_CLOSE;
  const foundW = [found.legL.widthEnd, found.legR.widthEnd];
  // close ankles whose feet part below them into two runs of the mask: each foot its own (by the nearer leg line)
  const ownBoxes = farSole === null && close ? ownFeet(sep, w0) : null;
  // ...or whose rear foot is seen in profile beside the front one (its toe reaching out on one side): its shoe the
  // side view on it, shown past the front foot; the front foot's box that foot only (shoe-profile.ts)
  // (a boot too: its foot in profile there, its shaft behind the front one's, which leaves that foot uncovered)
  const profile = farSole === null && close && !ownBoxes && shoes[0] ? profileFoot(sep, w0, FEET_CLOSE, person) : null;
  // ...or whose farther ankle keypoint is on the nearer shin, the rear leg beside it (shoe-rear.ts): its ankle and
  // foot there (its shoe drawn first, shown past the front shin's skin)
  const nearSep = sep.legL.end.y > sep.legR.end.y ? sep.legL : sep.legR;
  const rear =
    farSole === null && !ownBoxes && !profile
      ? rearBesideShin(
          sep,
          person,
          person ? shinColour(person, nearSep.end, nearSep.mid, nearSep.widthEnd) : null,
          FAR_STEP,
        )
      : null;
  const body = rear ? withRear(sep, rear) : sep;
  const legs = [body.legL, body.legR];
  const feet = legs.map((leg, i) => {
    if (ownBoxes) return ownBoxes[i]!;
    if (rear && i === rear.far) return rear.box;
    if (profile) {
      if (i === profile.far) return profile.box;
      const box = footBox(body, leg.end, leg.widthEnd, (i ? found.legR : found.legL).widthEnd);
      const a = profile.toe > 0 ? box.x : Math.max(box.x, profile.edge);
      const b = profile.toe > 0 ? Math.min(box.x + box.w, profile.edge) : box.x + box.w;
      return b - a > leg.widthEnd * 0.5 ? { ...box, x: a, w: b - a } : box;
    }
    const far = (i ? body.legR : body.legL).end.y < (i ? body.legL : body.legR).end.y;
    // the nearer foot where the other was found beside it: the whole visible foot, as before (not cut at the middle)
    // (its extent across under the other's sole)
    if (farSole !== null && !far) {
      const w = (i ? found.legR : found.legL).widthEnd;
      return footBox(found, leg.end, w, w, farSole);
    }
    const box = footBox(body, leg.end, leg.widthEnd, (i ? found.legR : found.legL).widthEnd);
    // the other foot found beside the first: its sole where its bulge ends (not the nearer foot's sole below it)
    if (farSole === null || box.y + box.h <= farSole) return box;
    return { ...box, h: Math.max(farSole - box.y, leg.widthEnd * 0.8) };
  });
  // the farther foot (its ankle higher in the picture) first, the nearer one over it
  const order = body.legL.end.y > body.legR.end.y ? [1, 0] : [0, 1];
  // a pair's boots are one height: their side views' mean height over length (shoe-boot.ts)
  const pairAspect = shoes.length ? shoes.reduce((s, b) => s + b.h / Math.max(1, b.w), 0) / shoes.length : undefined;
  // where boots were drawn on their shins' smoothed outline (shoe-boot.ts: their own room)
  let bootArea: BootArea | null = null;
  return {
    room: (base) => bootRoom(base, bootArea),
    drawBody(layer) {
      for (const side of order) {
        const leg = side === 0 ? body.legL : body.legR;
        const near = side === 0 ? body.legR : body.legL;
        const k = shoes.length === 1 ? 0 : side;
        const b = shoes[k];
        const foot = feet[side];
        if (!b || !foot) continue;
        // the shin's direction: the shoe's "up" leans with it (half the shin's tilt, at most 11 degrees)
        let angle = Math.atan2(leg.mid.x - leg.end.x, leg.end.y - leg.mid.y);
        angle = Math.max(-0.2, Math.min(0.2, angle * 0.5));
        const up = { x: Math.sin(angle), y: -Math.cos(angle) };
        const across = { x: -up.y, y: up.x };
        // the toe: where the foot reaches past its ankle in the mask, when it plainly does; else outwards (the
        // image-left foot's toe to the image left; legs may cross: by the feet, not the hips)
        const other = near.end;
        // (the rear foot in profile: its toe where it reaches out)
        const inProfile = profile?.far === side;
        // (a pump on the rear leg beside the front shin: seen from the side, its toe behind that shin, its back and
        // heel where the foot shows: its open instep seen from the front would leave the old shoe's straps)
        const rearPump = rear?.far === side && frontKind(alpha, b) === 'pump';
        const reachX = inProfile
          ? profile.toe * leg.widthEnd
          : rearPump
            ? -rear.side * leg.widthEnd
            : foot.x + foot.w / 2 - leg.end.x;
        const want = Math.abs(reachX) > leg.widthEnd * 0.2 ? Math.sign(reachX) : leg.end.x < other.x ? -1 : 1;
        const flip = toeDirection(alpha, b) !== want;
        // over the whole foot and the old shoe where one was found (its extent across), its sole on the foot's
        // (the mask's lowest row under the ankle; the old shoe's box is grown past it by the mask's margin), and
        // from the sole up to the ankle (no floating shoe under a gap of floor)
        const old = oldShoes[side] ?? null;
        const back = rear && rearPump ? (rear.side > 0 ? foot.x + foot.w : foot.x) : 0;
        const x0 =
          rear && rearPump
            ? rear.side > 0
              ? back - rear.width * REAR_PUMP_LONG
              : back
            : Math.min(foot.x, old?.x ?? Infinity);
        const x1 =
          rear && rearPump
            ? x0 + rear.width * REAR_PUMP_LONG
            : Math.max(foot.x + foot.w, old ? old.x + old.w : -Infinity);
        const width = (x1 - x0) * 1.04;
        let soleY = Math.max(foot.y + foot.h, old ? old.y + old.h - leg.widthEnd * 0.2 : -Infinity);
        if (close && !ownBoxes && !profile && !rear) {
          // the farther foot stands higher in the picture by the ankles' difference
          if (near.end.y > leg.end.y) soleY -= near.end.y - leg.end.y;
        }
        const reach = soleY - (leg.end.y + w0 * 0.05);
        const sole = { x: (x0 + x1) / 2, y: soleY };
        // a foot facing the camera (its outline below the ankle barely reaches sideways): the shoe seen from the
        // front, its toe end (TOE_END of the side view, from the toe) compressed to the foot's width, the toe on
        // the foot's outer side, from the sole to the ankle; else the side view
        const front = Math.abs(reachX) < leg.widthEnd * FOOT_FRONT_REACH;
        const toeRight = toeDirection(alpha, b) === 1;
        const kind = frontKind(alpha, b);
        // (a boot on a rear foot in profile: its foot only, below its instep; its shaft is behind the front shin)
        const bootFoot = inProfile && kind === 'boot' ? bootFootTop(alpha, b, toeRight) : null;
        const src: Box = front
          ? { x: toeRight ? b.x + b.w * (1 - TOE_END) : b.x, y: b.y, w: b.w * TOE_END, h: b.h }
          : bootFoot !== null
            ? { ...b, y: bootFoot, h: b.y + b.h - bootFoot }
            : b;
        const top = front ? topRow(alpha, b, src.x, src.x + src.w) : src.y;
        const srcH = Math.max(1, b.y + b.h - top);
        const own = (width * (front || bootFoot !== null ? srcH : b.h)) / (front ? 2 * src.w : src.w);
        // a foot on its toes seen from the front (on pointe): the shoe along the foot, from its tip on the floor up to
        // its ankle, as wide as the foot (shoe-pointe.ts), not a flat shoe on the floor under it; in an old shoe that
        // was found (the mask's solid run its outline; a sandal's foot between its straps is not)
        // (a boot too: its foot along the pointed foot, shoe-boot.ts `pointe`)
        const pointe = front && old ? pointeFoot(body, leg.end, foot.x + foot.w / 2, leg.widthEnd, old) : null;
        // seen from the front, a shoe (not a boot) ends just below the ankle (FRONT_BELOW; feet one behind the
        // other: at it, the farther one's raised shoe still shows), however tall the old shoe was (what of a high-top stays above it is filled as the leg going on into the shoe): not a tall box
        const height = front
          ? kind === 'boot'
            ? Math.max(own, reach, (old?.h ?? 0) * 0.9)
            : Math.max(Math.min(own, reach), reach - (close ? 0 : w0 * FRONT_BELOW))
          : inProfile || rearPump
            ? // the rear foot in profile: the side view at its own proportions, at least as tall as the foot shows
              Math.max(
                own,
                Math.min(
                  profile ? profileHeight(alpha, src, toeRight, profile) : reach,
                  own * (profile ? PROFILE_STRETCH : REAR_PUMP_STRETCH),
                ),
              )
            : Math.max(own, Math.min(Math.max(reach, (old?.h ?? 0) * 1.02), own * SHOE_STRETCH));
        // (a pump on a rear foot in profile that stands flat: each column of its side view lowered onto the sole,
        // not its arch lifted off the floor over the foot's sole; its toe box as tall as the foot under it there
        // (the median over its columns past the front foot): no toes above it)
        const drops = inProfile && kind === 'pump' ? soleDrops(alpha, src) : null;
        let lift = 1;
        if (drops && profile) {
          const need: number[] = [];
          drops.drop.forEach((_, i) => {
            const q = toeRight ? (src.w - i) / src.w : i / src.w;
            if (q > TOE_BOX) return;
            let u = i / src.w - 0.5;
            if (flip) u = -u;
            const dx = Math.round(sole.x + across.x * u * width);
            if (dx < 0 || dx >= body.width || (dx - profile.edge) * profile.toe < 0) return;
            let fy = Math.round(profile.top - w0 * 0.5);
            while (fy < sole.y && (body.mask[fy * body.width + dx] ?? 0) < 128) fy++;
            const thick = ((drops.thick[i] ?? 0) / srcH) * height;
            if (thick > 0) need.push((sole.y - fy) / thick);
          });
          need.sort((p, q) => p - q);
          lift = Math.max(1, Math.min(TOE_COVER, need[Math.floor(need.length / 2)] ?? 1));
        }
        const drop = drops?.drop ?? null;
        // the front view: the toe end twice, mirrored, its toe at each side of the foot and its back (the vamp,
        // the collar) in the middle: a shoe's front rises from the sides to the instep
        const mapHalf =
          (half: number) =>
          (x: number, y: number): Point => {
            let u: number;
            if (front) {
              const q = toeRight ? (src.x + src.w - x) / src.w : (x - src.x) / src.w;
              u = half * 0.5 * Math.sqrt(Math.max(0, 1 - q));
            } else {
              u = (x - src.x) / src.w - 0.5;
              if (flip) u = -u;
            }
            const down = drop ? (drop[Math.max(0, Math.min(drop.length - 1, Math.round(x - src.x)))] ?? 0) : 0;
            const v = (1 - (y + down - top) / srcH) * lift;
            return {
              x: sole.x + across.x * u * width + up.x * v * height,
              y: sole.y + across.y * u * width + up.y * v * height,
            };
          };
        const map = mapHalf(-1);
        anchors.push({ from: { x: b.x + b.w / 2, y: b.y + b.h }, to: sole });
        const [sx0, sx1, sy1] = [src.x, src.x + src.w, src.y + src.h];
        grid.push([map(sx0, top), map(sx1, top), map(sx1, sy1), map(sx0, sy1)]);
        // (a rear boot's foot in profile is in the front leg's shade: as dark as the front boot's shaded sides)
        const shade = bootFoot !== null ? REAR_BOOT_SHADE : 1;
        const source = {
          image,
          alpha: alpha.data,
          labels,
          part: k + 1,
          tint: [tint[0] * shade, tint[1] * shade, tint[2] * shade] satisfies [number, number, number],
        };
        // drawn on its own, then merged (a farther foot's shoe hidden behind the nearer shin)
        const drawn = newLayer(layer.width, layer.height);
        // a boot's shaft: its own shin's width only (not the feet's box, which may take both feet)
        const shaftW = leg.widthEnd * SHAFT_WIDE;
        const bootHalf = shaftW / 2;
        if (front) {
          // the front drawn as a shoe seen from the front (not the toe end mirrored): narrower than the foot
          const knee = leg.mid;
          // the lower shin's colour over an old shoe (filled with the floor); on a bare foot the foot's own (its
          // instep, 0.3-0.8 of the way from the sole to the ankle), not a legging's above it
          const inst = { x: foot.x + foot.w / 2, y: sole.y - height * 0.2 };
          const instTop = { x: inst.x + up.x * height * 2.5, y: inst.y + up.y * height * 2.5 };
          const skin =
            kind === 'pump' && person
              ? old
                ? shinColour(person, leg.end, knee, leg.widthEnd)
                : shinColour(person, inst, instTop, leg.widthEnd)
              : null;
          // on the foot's middle (the old shoe beside it is filled); a boot between that and its own leg's axis (where
          // its shaft stands)
          const axis = pointe ? unit(pointe.top.x - pointe.tip.x, pointe.top.y - pointe.tip.y) : null;
          const along = pointe && axis ? { sole: pointe.tip, across: { x: -axis.y, y: axis.x }, up: axis } : null;
          const at = {
            sole:
              kind === 'boot'
                ? {
                    x: (sole.x + leg.end.x + (Math.abs(up.y) > 0.2 ? (up.x * (sole.y - leg.end.y)) / up.y : 0)) / 2,
                    y: sole.y,
                  }
                : { x: foot.x + foot.w / 2, y: sole.y },
            across,
            up,
            // (the nearer foot whose ankle shared its run with the other: as wide as its own ankle found, not half the run)
            width: Math.min(
              width,
              (farSole !== null && near.end.y < leg.end.y ? (foundW[side] ?? 0) : leg.widthEnd) * FRONT_WIDE,
            ),
            height,
            outer: leg.end.x < other.x ? -1 : 1,
            // (on its toes: along the foot, its vamp deeper: the foot's top faces the camera; POINTE_*)
            ...(pointe && along
              ? {
                  ...along,
                  width: (pointe.width * POINTE_WIDE) / (2 * TOE_HALF),
                  height: Math.max(
                    pointe.width,
                    (leg.end.x - pointe.tip.x) * along.up.x + (leg.end.y - pointe.tip.y) * along.up.y,
                  ),
                  pointe: true,
                }
              : {}),
          };
          // a standing pump over an old shoe whose lowest part (the person mask's middle in the foot's lowest
          // quarter: the toe on the floor, not an old heel behind it) lies plainly to one side of the ankle (TOE_ASIDE
          // shin widths): the foot points that way (seen three quarters), its toe that way (TOE_SHIFT, as far as the
          // foot is turned out) and its heel and counter on the other side, whichever foot it is (not a symmetric
          // front, a low wide tray, with its heel beside the toe)
          const aside = old && kind === 'pump' && !pointe ? toeAside(body, foot, sole.y, leg.end) : 0;
          const pointsAside = Math.abs(aside) > leg.widthEnd * TOE_ASIDE;
          const toe = pointsAside
            ? Math.sign(aside) *
              Math.min(TOE_SHIFT, (TOE_SHIFT_GAIN * Math.abs(aside)) / Math.max(1, at.width)) *
              pumpTurn(at.width, at.height)
            : 0;
          // a boot: one smooth piece on its shin's outline, flowing into its foot (shoe-boot.ts); a trainer drawn
          // as one seen from the front (shoe-trainer.ts)
          // (a shoe on a foot on pointe: its side view along the pointed foot, its toe at the tip on the floor, its
          // sole up the foot's back and its heel up at the ankle: not a shoe seen from the front standing on its toe)
          if (pointe && kind !== 'boot') {
            const lean = pointe.tip.x - pointe.top.x;
            const dir = Math.abs(lean) > pointe.width * POINTE_LEAN ? Math.sign(lean) : at.outer;
            const p = smoothProfile(alpha, b);
            drawGrid(drawn, { ...source, alpha: solidAlpha(alpha, p) }, b, 32, 4, pointeMap(alpha, b, p, pointe, dir));
          } else if (kind === 'boot') {
            bootArea ??= newBootArea(layer.width, layer.height);
            drawBootFront(
              drawn,
              image,
              alpha,
              b,
              tint,
              body.mask,
              toeRight,
              {
                ...bootAt(at, leg, reachX, other, near.mid, pairAspect),
                person,
                // (the rear foot in profile beside it wears its own boot)
                rearToe: profile && profile.far !== side ? profile.toe : undefined,
              },
              bootArea,
            );
            // (the rear foot in profile beside it: its calf showing on the heel's side wears the rear boot's shaft,
            // behind this one, going on behind its foot)
            if (profile && profile.far !== side && person) {
              const calf = rearShaftBand(body, person, profile, leg.end, leg.mid, leg.widthEnd, drawn.y0, leg.end.y);
              if (calf)
                shadeRearShaft(drawn, profile, calf, leg.widthEnd, leg.end.y, sole.y - (profile.box.y + profile.box.h));
            }
          } else if (kind === 'closed') drawTrainerFront(drawn, trainerPalette(image, alpha, b), tint, at, bootHalf);
          // (a pump standing: seen from the front, `drawFront`)
          const underHeel =
            kind === 'pump' && !pointe
              ? drawFront(drawn, image, alpha, b, kind, tint, toe ? { ...at, toe } : at, bootHalf)
              : [];
          // (under a pump's lifted heel nothing of the foot: the heel below it, the floor behind; its edge the shoe's
          // own, no skin fringe)
          const kept = underHeel.map((o) => [
            drawn.data[o * 4] ?? 0,
            drawn.data[o * 4 + 1] ?? 0,
            drawn.data[o * 4 + 2] ?? 0,
            drawn.data[o * 4 + 3] ?? 0,
          ]);
          // a pump's instep is the person's own foot, from the vamp's throat up to the ankle (not a patch
          // standing on the foot's middle): a bare foot's as it is in the photo; over an old shoe's fill, the photo's
          // own skin where it shows, else the lower shin's colour
          if (kind === 'pump' && person && skin && !pointe) {
            const th = at.height * (pointe ? POINTE_VAMP * 0.75 : PUMP_THROAT);
            const throat = { x: at.sole.x + at.up.x * th, y: at.sole.y + at.up.y * th };
            // a bare foot's (its own pixels) upright over the foot's middle, up to the ankle's height; over an old
            // shoe's fill leaning to the ankle, where it meets the leg
            const top = old ? leg.end : { x: at.sole.x, y: leg.end.y };
            const half0 = at.width * TOE_HALF * 0.5;
            // (over an old shoe: the ankle just above it, its colour and shading across, goes on down into the
            // opening, as wide as it shows)
            const ankle = old ? ankleProfile(person, leg.end, knee, leg.widthEnd, skin) : null;
            const half1 = old ? (ankle?.half ?? leg.widthEnd * 0.33) : half0 * 0.7;
            const fill = old ? instepSkin(person, throat, top, half0, half1, skin) : skin;
            // (the foot flaring from the ankle out to the vamp's sides at its throat, under the vamp)
            const foot = ankle ? at.width * INSTEP_FLARE : half0;
            // (the leg's own rows above the old shoe, as many as the instep is long, for a foot it hides)
            // (not on pointe: the old satin's ribbons crossing the ankle would be mirrored down the foot)
            const legRows =
              ankle && !pointe
                ? legRowsAbove(
                    person,
                    leg.end,
                    knee,
                    leg.widthEnd,
                    skin,
                    Math.hypot(top.x - throat.x, top.y - throat.y),
                  )
                : null;
            // (the flared foot on the person's mask only: the old shoe's outline, not the floor beside it)
            drawInstep(drawn, person, throat, top, foot, half1, skin, !old, fill, ankle?.colours, body.mask, legRows);
          }
          underHeel.forEach((o, i) => drawn.data.set(kept[i] ?? [0, 0, 0, 0], o * 4));
          // its sides along the foot and its heel (shoe-heel.ts)
          if (kind === 'pump' && !pointe)
            drawPumpHeel(
              drawn,
              image,
              alpha,
              b,
              toeRight,
              tint,
              pointsAside ? { ...at, outer: Math.sign(aside), aside: toe !== 0 } : at,
            );
        } else {
          drawGrid(drawn, source, { ...src, y: top, h: srcH }, drop ? SOLE_COLS : 6, 3, map);
          // (a rear boot's foot or pump in profile: a toe box with a crown, an underside and a sole, in the front
          // shoe's shadow where it comes out from behind it; not a flat tab or wedge)
          if (inProfile && (bootFoot !== null || kind === 'pump')) shadeRearToe(drawn, profile, kind === 'pump');
        }
        if (drawn.x1 < drawn.x0) continue;
        drawn.x1 = Math.min(drawn.x1, layer.width - 1);
        // the farther foot (its ankle FAR_STEP shin widths higher in the picture) is behind the nearer leg: its
        // shoe is hidden where that shin is (not a shoe floating on the front leg)
        const behind = near.end.y - leg.end.y > w0 * FAR_STEP;
        const shin = { x: near.mid.x - near.end.x, y: near.mid.y - near.end.y };
        const shinL2 = shin.x * shin.x + shin.y * shin.y || 1;
        mergeClipped(layer, drawn, (x, y) => {
          // the rear foot in profile shows past the front foot only
          // (and on that foot's outline: not a block jutting out past its toes and under its sole)
          // (past the front foot's own side, which widens from its ankle to its toes: no bare strip of the rear foot
          // between the two shoes)
          if (inProfile) return Math.min(profile.past(x, y), profile.onFoot(x, y, kind === 'pump'));
          // (the rear leg beside the front shin: past that shin's skin only)
          if (rear) {
            // (a boot: above the rear ankle that edge's first row's, the rear shaft rising beside the front one)
            const i = Math.min(kind === 'boot' ? Math.max(0, y - rear.y0) : y - rear.y0, rear.edge.length - 1);
            const past = (x - (rear.edge[i] ?? NaN)) * rear.side >= 0;
            if (rear.far === side) return past;
            // (the front boot on its own shin, not one wide shaft over both, down to the rear foot's sole)
            if (kind === 'boot' && y <= rear.box.y + rear.box.h) return !past;
          }
          if (!behind) return true;
          const t = ((x - near.end.x) * shin.x + (y - near.end.y) * shin.y) / shinL2;
          if (t <= 0 || t > 1) return true;
          return (
            Math.hypot(x - near.end.x - shin.x * t, y - near.end.y - shin.y * t) > near.widthEnd * (0.5 + 0.25 * t)
          );
        });
      }
    },
    drawLimbs() {},
    debug: { anchors, grid },
  };
}

/** The body with the rear leg beside the front shin (shoe-rear.ts): its ankle there, as wide as it shows. */
function withRear(body: Body, rear: RearFoot): Body {
  const farLeg = rear.far ? body.legR : body.legL;
  const nearLeg = rear.far ? body.legL : body.legR;
  const moved = { ...farLeg, end: rear.ankle, widthEnd: rear.width };
  return { ...body, legL: rear.far ? nearLeg : moved, legR: rear.far ? moved : nearLeg };
}

/** A boot's foot in its side view: the rows below the top of its column this share of its length from the toe (its instep, in front of the shaft). */
const BOOT_INSTEP = 0.5;

/** A rear boot's foot in profile is drawn this much darker (behind the front leg, in its shade). */
const REAR_BOOT_SHADE = 0.85;

/** The top row of a boot's foot in its side view (its instep's height: the shaft above is behind a front shin). */
function bootFootTop(alpha: GrayImage, b: Box, toeRight: boolean): number {
  const x = toeRight ? b.x + b.w * (1 - BOOT_INSTEP) : b.x + b.w * BOOT_INSTEP;
  return topRow(alpha, b, Math.round(x) - 1, Math.round(x) + 2);
}

/** A boot's front: on the foot's sole, up its own leg's shin; its toe where the foot plainly reaches past its ankle. */
function bootAt(
  at: { sole: Point; width: number; height: number; pointe?: boolean },
  leg: { end: Point; mid: Point; widthEnd: number },
  reachX: number,
  other: Point,
  otherKnee?: Point,
  aspect?: number,
): BootFront {
  const toe = Math.abs(reachX) > leg.widthEnd * 0.2 ? Math.sign(reachX) : 0;
  return {
    sole: at.sole,
    width: at.width,
    height: at.height,
    ankle: leg.end,
    knee: leg.mid,
    shinW: leg.widthEnd,
    toe,
    other,
    otherKnee,
    aspect,
    pointe: at.pointe,
  };
}

/** Both ankles in one run of the mask at most this many times the wider ankle's width: the keypoints are on one foot. */
const ONE_FOOT_RUN = 1.2;
/** A leg's own width at the ankle where both ankles sit in one run: this share of the run. */
const SHARED_SHIN = 0.55;
/** The second foot: the mask below the ankles bulges this many of those shin widths past the legs' run at the ankle. */
const FOOT_BULGE = 0.25;
/** ...and at most this many: a foot reaching further past the legs is seen from the side (not looked at here). */
const FOOT_BULGE_MAX = 1;
/** That foot's sole: the lowest row on which it still reaches this many shin widths past the run (its toes' tips). */
const FAR_SOLE_BULGE = 0.1;

/**
 * Feet one behind the other whose two ankle keypoints sit on one foot (both in one run of the mask no wider than
 * one leg's ankle width, ONE_FOOT_RUN): the other foot is where the mask below the farther (higher) ankle bulges
 * past the legs' run at that ankle (FOOT_BULGE), on one side; the farther ankle is moved to that side's edge of the
 * run, and each leg's width at the ankle is its share of the run (SHARED_SHIN), not the pair's. Else the body as
 * it is (no bulge: the farther foot is hidden).
 */
export function separateFeet(body: Body): { body: Body; farSole: number | null } {
  const none = { body, farSole: null };
  const { height: H } = body;
  const { legL, legR } = body;
  const w0 = Math.min(Math.max(legL.widthEnd, legR.widthEnd), body.span * 0.4);
  // close across and at about one height (a foot on a higher step behind the nearer shin is not on this foot)
  if (!(w0 > 0) || Math.abs(legL.end.x - legR.end.x) >= w0 * FEET_CLOSE) return none;
  if (Math.abs(legL.end.y - legR.end.y) >= w0 * FEET_CLOSE) return none;
  const farL = legL.end.y < legR.end.y;
  const far = farL ? legL : legR;
  const near = farL ? legR : legL;
  const runAt = (y: number, x: number) => maskRunAt(body, y, x);
  const run = runAt(far.end.y, far.end.x);
  if (!run || near.end.x < run[0] || near.end.x > run[1] || run[1] - run[0] + 1 > w0 * ONE_FOOT_RUN) return none;
  const shin = (run[1] - run[0] + 1) * SHARED_SHIN;
  // down the blob from the farther ankle to the nearer foot's sole: how far past the run each row reaches
  let cx = (run[0] + run[1]) / 2;
  let left = 0;
  let right = 0;
  const rows: [number, number, number][] = [];
  for (let y = Math.round(far.end.y); y < Math.min(H, near.end.y + w0 * 1.9); y++) {
    const r = runAt(y, cx);
    if (!r) break;
    rows.push([y, r[0], r[1]]);
    cx = (r[0] + r[1]) / 2;
  }
  // the nearer foot's own toes at the sole (its lowest rows) are not the other foot
  const last = rows.length ? rows[rows.length - 1]![0] : 0;
  for (const [y, a, b] of rows) {
    if (y > last - shin * 0.3) break;
    left = Math.max(left, run[0] - a);
    right = Math.max(right, b - run[1]);
  }
  const bulge = Math.max(left, right);
  if (bulge < shin * FOOT_BULGE || bulge > shin * FOOT_BULGE_MAX || left === right) return none;
  // the other foot's sole: the lowest row still reaching past the run on its side (its toes' tips, not its widest)
  let farSole = far.end.y;
  for (const [y, a, b] of rows) {
    if (y > last - shin * 0.3) break;
    if ((right > left ? b - run[1] : run[0] - a) >= shin * FAR_SOLE_BULGE) farSole = y;
  }
  const x = right > left ? run[1] - shin * 0.15 : run[0] + shin * 0.15;
  const moved = { ...far, end: { x, y: far.end.y }, widthEnd: Math.min(far.widthEnd, shin) };
  const kept = { ...near, widthEnd: Math.min(near.widthEnd, shin) };
  return { body: { ...body, legL: farL ? moved : kept, legR: farL ? kept : moved }, farSole };
}

/** Two feet apart below close ankles: each foot's own runs on at least this many rows (a share of the shin's width). */
const OWN_ROWS = 0.35;
/** ...and the farther foot's sole at least this many shin widths below the nearer ankle (both feet on one floor). */
const OWN_FLOOR = 0.5;
/** ...and the two leg lines there at least this many shin widths apart across (else no line tells the feet apart). */
const LINES_APART = 0.3;

/**
 * Close ankles (one behind the other) whose feet part below them: the rows of the mask under the ankles where it
 * is two (or more) runs, each run given to the leg whose line (knee to ankle, carried on down) passes nearer; each
 * foot's box is its own runs' extent, its sole the lowest row it has a run on. Null when the feet do not part (or
 * the two leg lines run together: nothing tells which run is whose), for the whole-foot boxes as before.
 */
export function ownFeet(body: Body, w0: number): [Box, Box] | null {
  const { mask, width: W, height: H } = body;
  const legs = [body.legL, body.legR];
  const lineX = (i: number, y: number): number => {
    const { end, mid } = legs[i]!;
    const dy = end.y - mid.y;
    return dy > 1 ? end.x + ((end.x - mid.x) * (y - end.y)) / dy : end.x;
  };
  const xa = Math.max(0, Math.round(Math.min(legs[0]!.end.x, legs[1]!.end.x) - w0 * 1.5));
  const xb = Math.min(W - 1, Math.round(Math.max(legs[0]!.end.x, legs[1]!.end.x) + w0 * 1.5));
  const y0 = Math.max(0, Math.round(Math.min(legs[0]!.end.y, legs[1]!.end.y)));
  const y1 = Math.min(H, Math.round(Math.max(legs[0]!.end.y, legs[1]!.end.y) + w0 * 1.9));
  const ext = [0, 1].map(() => ({ minX: Infinity, maxX: -Infinity, sole: -1, rows: 0 }));
  const minRun = Math.max(2, w0 * 0.1);
  for (let y = y0; y < y1; y++) {
    const lx = [lineX(0, y), lineX(1, y)];
    if (Math.abs((lx[0] ?? 0) - (lx[1] ?? 0)) < w0 * LINES_APART) continue;
    // the mask's pixels on this row, each to the leg whose line is nearer (split at the middle between the lines)
    const cut = ((lx[0] ?? 0) + (lx[1] ?? 0)) / 2;
    const lo = (lx[0] ?? 0) < (lx[1] ?? 0) ? 0 : 1;
    const part = [0, 1].map(() => ({ a: Infinity, b: -Infinity, n: 0 }));
    for (let x = xa; x <= xb; x++) {
      if ((mask[y * W + x] ?? 0) < 128) continue;
      const p = part[x < cut ? lo : 1 - lo]!;
      p.a = Math.min(p.a, x);
      p.b = Math.max(p.b, x);
      p.n++;
    }
    for (let i = 0; i < 2; i++) {
      const p = part[i]!;
      if (p.n < minRun || y < legs[i]!.end.y) continue;
      const e = ext[i]!;
      e.sole = y;
      if (y < legs[i]!.end.y + w0 * 0.25) continue;
      e.minX = Math.min(e.minX, p.a);
      e.maxX = Math.max(e.maxX, p.b);
      e.rows++;
    }
  }
  if (ext.some((e) => e.rows < w0 * OWN_ROWS)) return null;
  // both feet on one floor: the farther foot's own sole well below the nearer ankle (a foot on a higher step, whose
  // "own" pixels are the nearer shin's, is hidden behind that shin: not taken here)
  const far = legs[0]!.end.y < legs[1]!.end.y ? 0 : 1;
  if (ext[far]!.sole < legs[1 - far]!.end.y + w0 * OWN_FLOOR) return null;
  const box = (i: number): Box => {
    const e = ext[i]!;
    const ankle = legs[i]!.end;
    const h = Math.max(w0 * 0.8, e.sole - ankle.y + w0 * 0.15);
    const w = Math.min(Math.max(e.maxX - e.minX, w0 * 0.9), w0 * 1.5) * 1.06;
    return { x: (e.minX + e.maxX) / 2 - w / 2, y: e.sole + w0 * 0.04 - h, w, h };
  };
  return [box(0), box(1)];
}

/**
 * The box a shoe takes: the foot below the ankle, followed down through the mask from the ankle (the run of mask
 * pixels under it, row by row, so the other foot or a shadow beside it is not taken), to the sole; as wide as
 * the foot's widest row.
 */
export function footBox(body: Body, ankle: Point, shinW: number, depthW = shinW, below = -Infinity): Box {
  const { mask, width: W, height: H } = body;
  const w0 = Math.min(shinW, body.span * 0.4);
  let cx = ankle.x;
  let sole = Math.round(ankle.y);
  let minX = Infinity;
  let maxX = -Infinity;
  // (as deep as the leg's own ankle width: on feet whose ankles share one run, the width found before halving it)
  const yEnd = Math.min(H, Math.round(ankle.y + Math.min(Math.max(shinW, depthW), body.span * 0.4) * 1.9));
  // this foot only: not past the middle between the ankles
  const other = Math.abs(ankle.x - body.legL.end.x) < 1e-6 ? body.legR.end : body.legL.end;
  const split = Math.round((ankle.x + other.x) / 2);
  // feet one behind the other: no middle between them (each takes the whole visible foot)
  const apart = Math.abs(ankle.x - other.x) >= w0 * FEET_CLOSE;
  const lo = apart && other.x < ankle.x ? Math.max(0, split) : 0;
  const hi = apart && other.x > ankle.x ? Math.min(W - 1, split) : W - 1;
  for (let y = Math.max(0, Math.round(ankle.y)); y < yEnd; y++) {
    const row = y * W;
    // the mask pixel nearest the foot's centre line on this row
    let seed = -1;
    for (let d = 0; d <= w0 * 0.6 && seed < 0; d++) {
      const a = Math.round(cx - d);
      const b = Math.round(cx + d);
      if (a >= 0 && a < W && (mask[row + a] ?? 0) >= 128) seed = a;
      else if (b >= 0 && b < W && (mask[row + b] ?? 0) >= 128) seed = b;
    }
    if (seed < 0) break;
    let a = seed;
    let b = seed;
    const lim = w0 * 1.1;
    while (a > lo && (mask[row + a - 1] ?? 0) >= 128 && cx - a < lim) a--;
    while (b < hi && (mask[row + b + 1] ?? 0) >= 128 && b - cx < lim) b++;
    sole = y;
    // its extent across: below the ankle (and below `below`: the other foot's sole beside it)
    if (y > ankle.y + w0 * 0.25 && y > below) {
      minX = Math.min(minX, a);
      maxX = Math.max(maxX, b);
    }
    cx = cx * 0.8 + ((a + b) / 2) * 0.2;
  }
  if (!(maxX > minX)) {
    minX = ankle.x - w0 * 0.7;
    maxX = ankle.x + w0 * 0.7;
  }
  const h = Math.max(w0 * 0.8, sole - ankle.y + w0 * 0.15);
  const w = Math.min(Math.max(maxX - minX, w0 * 0.9), w0 * 1.5) * 1.06;
  const mid = (minX + maxX) / 2;
  return { x: mid - w / 2, y: sole + w0 * 0.04 - h, w, h };
}

/** The person mask's middle across the foot's box (`foot`) in its lowest quarter up from the sole, less the ankle's x. */
function toeAside(body: Body, foot: Box, soleY: number, ankle: Point): number {
  const W = body.width;
  const x0 = Math.max(0, Math.round(foot.x));
  const x1 = Math.min(W - 1, Math.round(foot.x + foot.w));
  const y1 = Math.min(body.height - 1, Math.round(soleY));
  const y0 = Math.max(0, Math.round(soleY - (soleY - ankle.y) * 0.25));
  let sx = 0;
  let n = 0;
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      if ((body.mask[y * W + x] ?? 0) < 128) continue;
      sx += x;
      n++;
    }
  }
  return n ? sx / n - ankle.x : 0;
}

/** What a shoe seen from the front is drawn as: a closed shoe, a pump (open over the instep) or a boot. */
export type FrontKind = 'closed' | 'pump' | 'boot';

/** A side view whose middle (the arch, 0.45-0.75 of its length from the toe) stands this share of its height off the ground is a heel. */
const ARCH_GAP = 0.15;
/** The toe box's half width, a share of the foot's width (narrower than the foot at the ball). */
const TOE_HALF = 0.43;
/** The sole seen from the front: at most this share of the toe box's height (its own share of the side view's). */
const SOLE_MAX = 0.3;
/** A closed shoe seen from the front: its toe box's share of the height from the sole to the ankle. */
const CLOSED_TOE = 0.42;
/** A pump seen from the front: its toe box's share of the height from the sole to the ankle. */
const PUMP_TOE = 0.37;
/** A pump's throat in the middle of its front: this share of the height from the sole to the ankle. */
const PUMP_THROAT = PUMP_TOE * 0.75;
/** A pump's throat rises this share of the height from its middle to the vamp's sides, as |across|^CURVE (1.3: a U
 * dipping over the toes and sweeping up into the walls; 2 was a flat-cut band with the walls standing at its ends). */
const PUMP_THROAT_RISE = 0.2;
/** A pump or a shoe on a foot on its toes (shoe-pointe.ts): this many times the foot's width across, its vamp this
 * share of the height from the tip to the ankle (the foot's top faces the camera), its heel hidden behind. */
const POINTE_WIDE = 1.15;
const POINTE_VAMP = 0.6;
const PUMP_THROAT_CURVE = 1.3;
/** A pump's toe seen from the front is round underneath, not a flat-bottomed tray: its lower outline a parabola
 * across, rising this share of the vamp's height from its tip at the middle to its full width; the tip reaches
 * PUMP_TOE_DROP of that below the sole (the pointed toe comes forward past the toes), so its corners rise only a
 * little off the sole's row (the foot's sides stay covered) and its tip is no drip hanging below the foot. */
const PUMP_TOE_ROUND = 0.7;
const PUMP_TOE_DROP = 0.15;
/** A standing pump's upper seen from the front: pixels read brighter than GLOSS_FROM times its median (luma) are the
 * side view's gloss stripe (a straight pale dash across the vamp), replaced by the median fully GLOSS_SOFT above that. */
const GLOSS_FROM = 1.1;
const GLOSS_SOFT = 0.4;
/** ...its gloss shown instead where a patent toe box seen from the front catches the light: a soft highlight on its
 * ridge, at RIDGE_AT of the toe box's height, RIDGE_ACROSS of its half width and RIDGE_ALONG of its height wide
 * (one standard deviation), at most RIDGE_MOST of the gloss's colour. */
const RIDGE_AT = 0.5;
const RIDGE_ACROSS = 0.28;
const RIDGE_ALONG = 0.3;
const RIDGE_MOST = 0.55;
/** Over an old shoe, the instep flares from the ankle to this share of the front's width either side at the throat (the vamp's sides there). */
const INSTEP_FLARE = TOE_HALF * 0.7;
/** A standing pump over an old shoe whose middle is more than TOE_ASIDE shin widths beside the ankle points that way:
 * its toe shifted that way by TOE_SHIFT_GAIN times that offset (a share of the front's width, at most TOE_SHIFT). */
const TOE_ASIDE = 0.15;
const TOE_SHIFT_GAIN = 1.5;
const TOE_SHIFT = 0.25;
/** ...and its throat's lowest point this share of that shift that way (the opening seen three quarters). */
const THROAT_TOWARDS = 0.6;
/** ...and on the heel's side its vamp stretched back by this share of that shift (not shifted off its unshifted side:
 * the old shoe's fill, skin on some people, showing as a patch under it between its heel and its toe). */
const HEEL_STRETCH = 0.5;
/** A standing pump's vamp seen from the front (shares of the height from the sole to the ankle, across the vamp's
 * half width): its throat's lowest point VAMP_THROAT up, a rounded U (a circle's arc across) rising to VAMP_EDGE at
 * the vamp's sides. */
const VAMP_THROAT = 0.38;
const VAMP_EDGE = 0.5;
/** ...seen three quarters (a foot turned aside, `at.toe`): the vamp a cap over the toes rising to VAMP_PEAK at
 * VAMP_PEAK_AT of the front's width towards the toe, its top falling to the toe's tip (VAMP_TIP_TOP at its end) and,
 * on the heel's side, one smooth topline going back along the shoe's side: sagging (a half cosine) to VAMP_SIDE at
 * VAMP_LOW_AT of the way from the peak to the back, then rising (a quarter cosine, steepest at its end) to VAMP_EDGE
 * at the back, into the walls and the counter (shoe-heel.ts). (A quarter ellipse dropping to 0.36 over 0.22 of the
 * width, then a slow rise, was a scalloped step: a lobe over the toes, a notch, the wall standing up behind it.) */
const VAMP_PEAK = 0.5;
const VAMP_PEAK_AT = 0.06;
const VAMP_TIP_TOP = 0.4;
const VAMP_SIDE = 0.45;
const VAMP_LOW_AT = 0.45;
function vampTop(t: number): number {
  return VAMP_THROAT + (VAMP_EDGE - VAMP_THROAT) * (1 - Math.sqrt(Math.max(0, 1 - t * t)));
}
/** The three-quarter vamp's top at `w` across (towards the toe, a share of the front's width) of a vamp from `-back`
 * (the heel's side) to `fore` (the toe's side). */
function vampTopAside(w: number, back: number, fore: number): number {
  if (w >= VAMP_PEAK_AT) {
    const s = Math.min(1, (w - VAMP_PEAK_AT) / Math.max(1e-6, fore - VAMP_PEAK_AT));
    return VAMP_PEAK - (VAMP_PEAK - VAMP_TIP_TOP) * s * s;
  }
  const d = VAMP_PEAK_AT - w;
  const low = Math.max(1e-6, (back + VAMP_PEAK_AT) * VAMP_LOW_AT);
  if (d < low) return VAMP_SIDE + ((VAMP_PEAK - VAMP_SIDE) * (1 + Math.cos((Math.PI * d) / low))) / 2;
  const s = Math.min(1, (d - low) / Math.max(1e-6, back + VAMP_PEAK_AT - low));
  return VAMP_SIDE + (VAMP_EDGE - VAMP_SIDE) * (1 - Math.cos((Math.PI / 2) * s));
}
/** A standing pump's pointed toe: its half width at the tip a share of the vamp's (TOE_TIP), its outline underneath
 * rising as |across|^TOE_POINT (1: a V to the tip, 2: the old round parabola). */
const TOE_TIP = 0.3;
const TOE_POINT = 1.2;
/** ...on a foot turned aside (`at.toe`, TOE_SHIFT at most), the toe's side widens up the foot this share less. */
const TOE_FLANK = 0.5;
/** A standing pump seen three quarters stands on its heel: its bottom on the heel's side rises from HEEL_LIFT_FROM of
 * that side's half width to its back by the side view's heel seat (its highest gap under the sole over
 * HEEL_SEAT_FROM-0.97 of its length from the toe, over the toe end's height, in the toe box's), at most HEEL_LIFT_MAX
 * of the height, as much as the foot is turned: the stiletto (shoe-heel.ts) shows under the back of the foot. */
const HEEL_LIFT_FROM = 0.2;
const HEEL_LIFT_MAX = 0.22;
const HEEL_SEAT_FROM = 0.45;
/** A closed shoe's tongue seen from the front: this share of its half width either side of the middle. */
const TONGUE = 0.45;

/** Each column of a side view's box: its highest and lowest opaque rows (-1: empty). */
function profile(alpha: GrayImage, b: Box): { x0: number; n: number; top: Int32Array; bot: Int32Array } {
  const W = alpha.width;
  const x0 = Math.round(b.x);
  const n = Math.max(1, Math.min(W - x0, Math.round(b.w)));
  const top = new Int32Array(n).fill(-1);
  const bot = new Int32Array(n).fill(-1);
  const y0 = Math.round(b.y);
  const y1 = Math.min(alpha.height, Math.round(b.y + b.h));
  for (let i = 0; i < n; i++) {
    for (let y = y0; y < y1; y++) {
      if ((alpha.data[y * W + x0 + i] ?? 0) < 128) continue;
      if ((top[i] ?? 0) < 0) top[i] = y;
      bot[i] = y;
    }
  }
  return { x0, n, top, bot };
}

/** A shoe on a foot on pointe (shoe-pointe.ts `pointeFoot`) is its side view along the foot: its length this many
 * times the foot's from its tip to its ankle row (the heel up behind the ankle)... */
const POINTE_LONG = 1;
/** ...its forefoot (POINTE_FORE of its length from the toe, the median of its columns' heights) this many of the
 * foot's widths across, its upper on the side the foot points to (its tip leans that way from the ankle by more
 * than POINTE_LEAN of its width; else outwards), its sole on the other (the foot's back). */
const POINTE_THICK = 1.15;
const POINTE_FORE: [number, number] = [0.15, 0.6];
const POINTE_LEAN = 0.15;
/** Its toe narrowed by up to POINTE_TAPER across at the tip, less up to POINTE_TAPER_END of its length: the pointed
 * foot narrows to its tip on the floor (not a round toe box wider than the foot above it). */
const POINTE_TAPER = 0.35;
const POINTE_TAPER_END = 0.45;
/** Its columns' centres and scales across smoothed over this share of its length. */
const POINTE_SMOOTH = 0.06;

/**
 * The side view `b` along a foot on pointe: its toe at the foot's tip on the floor, its length up the foot's axis
 * to the ankle (POINTE_LONG), across it its forefoot's centre line on the foot's and as wide as the foot
 * (POINTE_THICK), its upper toward `dir` (the instep's side) and its sole and heel on the foot's back.
 */
function pointeMap(
  alpha: GrayImage,
  b: Box,
  p: ReturnType<typeof profile>,
  foot: PointeFoot,
  dir: number,
): (x: number, y: number) => Point {
  const toeRight = toeDirection(alpha, b) === 1;
  const thick: number[] = [];
  for (let i = 0; i < p.n; i++) {
    const q = toeRight ? 1 - i / Math.max(1, p.n - 1) : i / Math.max(1, p.n - 1);
    const t = p.top[i] ?? -1;
    const u = p.bot[i] ?? -1;
    if (q < POINTE_FORE[0] || q > POINTE_FORE[1] || t < 0 || u < 0) continue;
    thick.push(u - t + 1);
  }
  thick.sort((m, n) => m - n);
  const th = thick[thick.length >> 1] ?? b.h;
  const wide = foot.width * POINTE_THICK;
  const kA = wide / Math.max(1, th);
  // each column's centre (its run's middle, the empty ones the nearest's; smoothed over POINTE_SMOOTH of the length)
  // on the foot's axis, and no wider across than the forefoot (a collar or a heel taller than it is pressed to it,
  // the narrowest scale over the window):
  // a straight shoe along the straight pointed foot, its toe as round as the product's
  const mid = new Float32Array(p.n);
  const k = new Float32Array(p.n);
  let last = b.y + b.h / 2;
  let lastT = th;
  for (let i = 0; i < p.n; i++) {
    const t = p.top[i] ?? -1;
    const u = p.bot[i] ?? -1;
    if (t >= 0 && u >= 0) {
      last = (t + u) / 2;
      lastT = u - t + 1;
    }
    mid[i] = last;
    const q = toeRight ? 1 - i / Math.max(1, p.n - 1) : i / Math.max(1, p.n - 1);
    k[i] = Math.min(kA, wide / Math.max(1, lastT)) * (1 - POINTE_TAPER * Math.max(0, 1 - q / POINTE_TAPER_END));
  }
  const r = Math.max(1, Math.round(p.n * POINTE_SMOOTH));
  const cen = new Float32Array(p.n);
  const sc = new Float32Array(p.n);
  for (let i = 0; i < p.n; i++) {
    let sm = 0;
    let sk = kA;
    let m = 0;
    for (let j = Math.max(0, i - r); j <= Math.min(p.n - 1, i + r); j++) {
      sm += mid[j] ?? 0;
      sk = Math.min(sk, k[j] ?? kA);
      m++;
    }
    cen[i] = sm / m;
    sc[i] = sk;
  }
  const ax = unit(foot.top.x - foot.tip.x, foot.top.y - foot.tip.y);
  const len = Math.hypot(foot.top.x - foot.tip.x, foot.top.y - foot.tip.y) * POINTE_LONG;
  // (across: the normal to the foot's axis on the instep's side)
  const s = -ax.y * dir >= 0 ? 1 : -1;
  const n = { x: -ax.y * s, y: ax.x * s };
  const kL = len / Math.max(1, b.w);
  return (x, y) => {
    const i = Math.max(0, Math.min(p.n - 1, Math.round(x - p.x0)));
    const along = (toeRight ? b.x + b.w - x : x - b.x) * kL;
    const off = ((cen[i] ?? y) - y) * (sc[i] ?? kA);
    return { x: foot.tip.x + ax.x * along + n.x * off, y: foot.tip.y + ax.y * along + n.y * off };
  };
}

/** A side view's columns' top and bottom rows (`profile`), each the median over POINTE_SMOOTH of its length either
 * side: no notches where a pale mesh or sole was taken for the backdrop (a small product photo's ragged edge), its
 * outline's wide hollows (a pump's throat, its arch) kept. */
function smoothProfile(alpha: GrayImage, b: Box): ReturnType<typeof profile> {
  const p = profile(alpha, b);
  const r = Math.max(1, Math.round(p.n * POINTE_SMOOTH));
  const median = (v: Int32Array, i: number) => {
    const w: number[] = [];
    for (let j = Math.max(0, i - r); j <= Math.min(p.n - 1, i + r); j++) if ((v[j] ?? -1) >= 0) w.push(v[j] ?? 0);
    w.sort((m, n) => m - n);
    return w[w.length >> 1] ?? -1;
  };
  const top = new Int32Array(p.n).fill(-1);
  const bot = new Int32Array(p.n).fill(-1);
  for (let i = 0; i < p.n; i++) {
    if ((p.top[i] ?? -1) < 0) continue;
    top[i] = median(p.top, i);
    bot[i] = median(p.bot, i);
  }
  return { ...p, top, bot };
}

/** A side view's alpha made solid inside its smoothed columns (`smoothProfile`; their edge rows as they were). */
function solidAlpha(alpha: GrayImage, p: ReturnType<typeof profile>): Uint8Array {
  const out = alpha.data.slice();
  const W = alpha.width;
  for (let i = 0; i < p.n; i++) {
    const t = p.top[i] ?? -1;
    if (t < 0) continue;
    for (let y = t + 1; y < (p.bot[i] ?? -1) && y < alpha.height; y++) out[y * W + p.x0 + i] = 255;
  }
  return out;
}

/** The kind of a side view: a boot (tall), a pump (its arch off the ground) or a closed shoe. */
export function frontKind(alpha: GrayImage, b: Box): FrontKind {
  if (b.h > b.w * BOOT_ASPECT) return 'boot';
  const p = profile(alpha, b);
  const toeRight = toeDirection(alpha, b) === 1;
  const bottom = b.y + b.h - 1;
  let gap = 0;
  let n = 0;
  for (let q = 0.45; q <= 0.75; q += 0.05) {
    const i = Math.round((toeRight ? 1 - q : q) * (p.n - 1));
    if ((p.bot[i] ?? 0) < 0) continue;
    gap += bottom - (p.bot[i] ?? 0);
    n++;
  }
  return n && gap / n > b.h * ARCH_GAP ? 'pump' : 'closed';
}

/**
 * A shoe seen from the front, drawn pixel by pixel: the toe box narrower than the foot (TOE_HALF), rounded at its
 * corners and shaded round; along the bottom a band of the product's own sole (its colour and its share of the
 * toe end's height); above it the upper, read from the side view so that the toe's end is at the foot's middle
 * and the side back to the middle of the shoe (its stripe, its logo) shows on the foot's outer side only, once. A
 * pump's vamp ends low over the toes (its throat dips in the middle) and the instep above it is the person's own
 * (`skin`, the lower shin's colour), fading into the leg at the ankle; a boot's upper goes up to the ankle as wide
 * as its shaft (`topHalf`).
 */
function drawFront(
  layer: Layer,
  image: RgbaImage,
  alpha: GrayImage,
  b: Box,
  kind: FrontKind,
  tint: [number, number, number],
  at: FrontAt,
  topHalf: number,
): number[] {
  const { sole, across, up, width, height, outer } = at;
  // (the layer's pixels under a standing pump's lifted heel and along its edge, HEEL_LIFT_*: as drawn here, kept so
  // when the instep is drawn under them)
  const under: number[] = [];
  if (width < 2 || height < 2) return under;
  const p = profile(alpha, b);
  const toeRight = toeDirection(alpha, b) === 1;
  const col = (q: number): number => {
    const c = Math.round((toeRight ? 1 - q : q) * (p.n - 1));
    for (let d = 0; d < p.n; d++) {
      if (c - d >= 0 && (p.top[c - d] ?? 0) >= 0) return c - d;
      if (c + d < p.n && (p.top[c + d] ?? 0) >= 0) return c + d;
    }
    return c;
  };
  const W = image.width;
  // the sole: from the bottom of the toe end's columns up, the rows the colour of its lowest row
  const pix = (x: number, y: number): number => (Math.round(y) * W + Math.round(x)) * 4;
  const dist = (o1: number, o2: number): number =>
    Math.abs((image.data[o1] ?? 0) - (image.data[o2] ?? 0)) +
    Math.abs((image.data[o1 + 1] ?? 0) - (image.data[o2 + 1] ?? 0)) +
    Math.abs((image.data[o1 + 2] ?? 0) - (image.data[o2 + 2] ?? 0));
  const runs: number[] = [];
  const heights: number[] = [];
  for (let q = 0.08; q <= 0.3; q += 0.04) {
    const i = col(q);
    const bot = p.bot[i] ?? 0;
    const top = p.top[i] ?? 0;
    if (bot < 0) continue;
    const x = p.x0 + i;
    // the sole's top: the highest edge (a step or a seam line) in the column's lower part
    const h = bot - top + 1;
    let edge = bot;
    for (let y = Math.round(bot - h * 0.05); y >= Math.max(top + 2, bot - h * 0.45); y--) {
      if (dist(pix(x, y), pix(x, y + 2)) > 60) edge = y;
    }
    runs.push(bot - edge);
    heights.push(h);
  }
  runs.sort((a, c) => a - c);
  heights.sort((a, c) => a - c);
  const colH = heights.length ? (heights[heights.length >> 1] ?? 0) : b.h;
  const run = runs.length ? (runs[runs.length >> 1] ?? 0) : 0;
  // a sole of its own colour: its share; none (a pump's sole is the upper's colour): a thin band, darker
  const ownSole = kind !== 'pump' && run < colH * SOLE_MAX * 1.5 && run > colH * 0.05;
  // (on its toes the sole faces the floor: none seen from the front)
  const soleShare = at.pointe ? 0 : ownSole ? Math.min(SOLE_MAX, run / colH) : 0.12;
  const soleSrc = ownSole ? run : Math.max(1, colH * 0.12);
  const toeH = kind === 'pump' ? (at.pointe ? POINTE_VAMP : PUMP_TOE) : kind === 'boot' ? 0.55 : CLOSED_TOE;
  const soleV = toeH * soleShare;
  const qMid = kind === 'pump' ? 0.06 : 0.12;
  const qOut = kind === 'pump' ? 0.35 : 0.5;
  const topHalfU = Math.min(TOE_HALF, topHalf / width);
  // a closed shoe's collar: round the ankle (a little narrower than a boot's shaft), narrower than the toe box
  const collarHalf = Math.max(TOE_HALF * 0.55, Math.min(TOE_HALF * 0.86, topHalfU * 0.85));
  // (a standing pump: its vamp rising over the instep to a rounded throat, `vampTop`; on a foot turned aside, as much
  // as it is, its toe pointed, TOE_TIP, TOE_POINT, and its vamp a cap over the toes, `vampTopAside`)
  const standing = kind === 'pump' && !at.pointe;
  const turned = standing ? Math.min(1, Math.abs(at.toe ?? 0) / TOE_SHIFT) : 0;
  const halfAt = (v: number): number => {
    // a pump's pointed toe: narrow at the tip (low in the middle), as wide as the ball at the throat
    if (kind === 'pump') {
      return TOE_HALF * 0.8 * (0.55 + 0.45 * Math.sqrt(Math.min(1, v / toeH)));
    }
    if (kind === 'boot') {
      const s = Math.max(0, Math.min(1, (v - toeH * 0.6) / (1 - toeH * 0.6)));
      return TOE_HALF + (topHalfU - TOE_HALF) * s * s * (3 - 2 * s);
    }
    // a closed shoe: the toe box a dome (its sides round in towards its top), the upper narrowing to the collar
    // round the ankle
    if (v < toeH) return TOE_HALF * (1 - 0.14 * (v / toeH) ** 2);
    const s = Math.min(1, (v - toeH) / (1 - toeH));
    return TOE_HALF * 0.86 + (collarHalf - TOE_HALF * 0.86) * s * (2 - s);
  };
  const topAt = (t: number): number =>
    standing
      ? vampTop(t)
      : kind === 'pump'
        ? toeH * 0.75 + PUMP_THROAT_RISE * t ** PUMP_THROAT_CURVE
        : kind === 'boot'
          ? 0.95
          : 1 - 0.3 * t * t;
  const toeTop = Math.max(1e-6, topAt(1));
  // (a standing pump seen three quarters: its heel seat's height, HEEL_LIFT_*)
  let seat = 0;
  if (turned) {
    for (let q = HEEL_SEAT_FROM; q <= 0.97; q += 0.01) {
      const bot = p.bot[col(q)] ?? -1;
      if (bot >= 0) seat = Math.max(seat, b.y + b.h - 1 - bot);
    }
  }
  const lift = turned * Math.min(HEEL_LIFT_MAX, (seat / Math.max(1, colH)) * toeH);
  // (the toe's side of a standing pump on a foot turned aside: its tip TOE_TIP of the vamp's half width)
  const tipHalf = TOE_HALF * 0.8 * (0.55 + (TOE_TIP - 0.55) * turned);
  // (on its toes: the tip round, as wide as the toe there)
  const r = at.pointe ? halfAt(0) * width : Math.min(width, height) * 0.12;
  const roundToe = kind === 'pump' && !at.pointe;
  // (its tip below the sole's row)
  const drop = roundToe ? PUMP_TOE_ROUND * PUMP_TOE_DROP * toeH : 0;
  // the source's footprint for one destination pixel (a shrink reads a small block)
  const step = Math.max(1, Math.min(4, Math.round(colH / Math.max(1, toeH * height))));
  const read = (x: number, y: number, out: number[]): boolean => {
    let rs = 0;
    let gs = 0;
    let bs = 0;
    let as = 0;
    for (let j = 0; j < step; j++) {
      for (let i = 0; i < step; i++) {
        const sx = Math.round(x + i - (step - 1) / 2);
        const sy = Math.round(y + j - (step - 1) / 2);
        if (sx < 0 || sy < 0 || sx >= W || sy >= image.height) continue;
        const a = alpha.data[sy * W + sx] ?? 0;
        if (a < 128) continue;
        const o = (sy * W + sx) * 4;
        rs += (image.data[o] ?? 0) * a;
        gs += (image.data[o + 1] ?? 0) * a;
        bs += (image.data[o + 2] ?? 0) * a;
        as += a;
      }
    }
    if (!as) return false;
    out[0] = rs / as;
    out[1] = gs / as;
    out[2] = bs / as;
    return true;
  };
  // (a standing pump: its upper's colour and gloss, `pumpGloss`)
  const gloss = roundToe ? pumpGloss(image, alpha, b, toeRight) : null;
  // the canvas's bounding box in the picture
  const { X0, X1, Y0, Y1 } = canvasBox(sole, across, up, width, height, layer, Math.ceil(drop * height));
  const rgb = [0, 0, 0];
  for (let y = Y0; y <= Y1; y++) {
    for (let x = X0; x <= X1; x++) {
      const dx = x - sole.x;
      const dy = y - sole.y;
      const v = (dx * up.x + dy * up.y) / height;
      if (v < -drop - 1 / height || v > 1) continue;
      // (a standing pump on a foot turned to one side: its toe towards where the foot points, `at.toe`, the shift
      // fading to none at the vamp's sides' top; on the heel's side stretched back HEEL_STRETCH of that way, not
      // shifted off the old shoe: no patch of its fill under the vamp between its heel and its toe)
      const shift = (at.toe ?? 0) * Math.max(0, 1 - Math.max(0, v) / toeTop);
      const u0 = (dx * across.x + dy * across.y) / width - shift;
      // (a standing pump's toe side, on a foot turned that way: its flank widening less up the foot than the shift
      // fades, TOE_FLANK: the toe's outline goes back from its tip, a pointed toe seen three quarters, no blunt end)
      const hw0 = halfAt(Math.max(0, v));
      const hw =
        standing && u0 * (at.toe ?? 0) > 0
          ? tipHalf + (hw0 - tipHalf) * (1 - (TOE_FLANK * Math.abs(at.toe ?? 0)) / TOE_SHIFT)
          : hw0;
      const u = u0 * shift < 0 ? (u0 * hw) / (hw + HEEL_STRETCH * Math.abs(shift)) : u0;
      const t = Math.min(1, Math.abs(u) / hw);
      // (...its throat's lowest point that way too, THROAT_TOWARDS of the toe's shift: the opening seen three
      // quarters, a short steep side towards the toe and a long one going back towards the heel)
      const dip = Math.max(-hw * 0.6, Math.min(hw * 0.6, (at.toe ?? 0) * THROAT_TOWARDS));
      // (a standing pump seen three quarters: its vamp a cap over the toes, its throat curving down to its lower
      // side going back to the heel, `vampTopAside`, as much as the foot is turned aside)
      const fore = u * (at.toe ?? 0) > 0;
      const top = standing
        ? (turned < 1 ? topAt(t) * (1 - turned) : 0) +
          (turned ? turned * vampTopAside(u * Math.sign(at.toe ?? 0), fore ? hw0 : hw, fore ? hw : hw0) : 0)
        : topAt(dip ? Math.min(1, Math.abs(u - dip) / (hw - Math.sign(u - dip) * dip)) : t);
      // (a pump's toe round underneath: its bottom rising towards its sides, PUMP_TOE_ROUND)
      // (...and on the heel's side of one seen three quarters lifted towards its back on its heel, HEEL_LIFT_*)
      const back =
        lift && !fore ? Math.max(0, Math.min(1, (Math.abs(u) / hw - HEEL_LIFT_FROM) / (1 - HEEL_LIFT_FROM))) : 0;
      const vb =
        (roundToe
          ? PUMP_TOE_ROUND *
            toeH *
            ((Math.abs(u) / (TOE_HALF * 0.8)) ** (fore ? 2 + (TOE_POINT - 2) * turned : 2) - PUMP_TOE_DROP)
          : 0) +
        lift * back * back * (3 - 2 * back);
      if (back > 0 && v < vb + 0.5 / height && Math.abs(u) < hw) under.push(y * layer.width + x);
      // coverage: inside the outline (soft by half a pixel), the bottom corners rounded
      let cov = Math.min(1, Math.max(0, (hw - Math.abs(u)) * width + 0.5), Math.max(0, (v - vb) * height + 0.5));
      const ex = (Math.abs(u) - hw) * width + r;
      const ey = r - v * height;
      if (ex > 0 && ey > 0) cov = Math.min(cov, Math.max(0, Math.min(1, r + 0.5 - Math.hypot(ex, ey))));
      const inShoe = Math.min(cov, Math.max(0, Math.min(1, (top - v) * height + 0.5)));
      const o = (y * layer.width + x) * 4;
      if (inShoe > 0) {
        // where on the side view: the toe's end in the middle, the outer side back along the shoe
        const uo = u * outer;
        let q = Math.max(0, uo >= 0 ? qMid + qOut * t : qMid - qMid * 0.8 * t);
        // a closed shoe's tongue (its middle above the toe box): back along its top towards the collar (the laces)
        const tongue = kind === 'closed' && t < TONGUE && v > toeH;
        if (tongue) q = qMid + 0.2 * Math.min(1, (v - toeH) / (1 - toeH));
        const i = col(q);
        const bot = p.bot[i] ?? 0;
        const ctop = p.top[i] ?? 0;
        const sx = p.x0 + i;
        const vp = (v - vb) * height;
        const soleTop = soleV * height;
        let sy: number;
        let shade = 0.8 + 0.2 * Math.cos((Math.PI / 2) * t);
        if (vp < soleTop) {
          sy = bot - (vp / soleTop) * soleSrc;
          if (!ownSole) shade *= 0.6;
        } else {
          const h = Math.min(1, (vp - soleTop) / Math.max(1, (top - vb) * height - soleTop));
          const base = bot - soleSrc;
          sy = tongue ? ctop + (base - ctop) * 0.12 : base - h * Math.max(0, base - ctop - 1);
          if (vp - soleTop < 1) shade *= 0.8;
          // the eyestay's edge beside the tongue
          if (kind === 'closed' && v > toeH && Math.abs(t - TONGUE) * hw * width < 0.8) shade *= 0.75;
        }
        if (!read(sx, Math.max(ctop, Math.min(bot, sy)), rgb)) continue;
        const a = inShoe;
        // (a standing pump's upper: the side view's gloss stripe taken out, its gloss on the toe box's ridge)
        // (a matte product, no gloss found: its upper as it is, any paler detail kept)
        let g = 0;
        if (gloss?.gloss && vp >= soleTop) {
          const lu = 0.3 * gloss.upper[0] + 0.59 * gloss.upper[1] + 0.11 * gloss.upper[2];
          const l = 0.3 * (rgb[0] ?? 0) + 0.59 * (rgb[1] ?? 0) + 0.11 * (rgb[2] ?? 0);
          const w = Math.max(0, Math.min(1, (l - lu * GLOSS_FROM) / (lu * GLOSS_SOFT)));
          for (let c = 0; c < 3; c++) rgb[c] = (rgb[c] ?? 0) * (1 - w) + (gloss.upper[c] ?? 0) * w;
          const du = u / (TOE_HALF * 0.8 * RIDGE_ACROSS);
          const dv = (v - toeH * RIDGE_AT) / (toeH * RIDGE_ALONG);
          g = RIDGE_MOST * Math.exp(-0.5 * (du * du + dv * dv));
        }
        for (let c = 0; c < 3; c++) {
          const d = Math.min(255, (rgb[c] ?? 0) * shade * (tint[c] ?? 0));
          layer.data[o + c] = gloss?.gloss ? d + (Math.min(255, (gloss.gloss[c] ?? 0) * (tint[c] ?? 0)) - d) * g : d;
        }
        layer.data[o + 3] = a * 255;
      } else continue;
      if (x < layer.x0) layer.x0 = x;
      if (x > layer.x1) layer.x1 = x;
      if (y < layer.y0) layer.y0 = y;
      if (y > layer.y1) layer.y1 = y;
    }
  }
  return under;
}

/**
 * A pump's instep seen from the front: the person's own foot from the vamp's throat (`throat`, `half0` either
 * side) up to the ankle (`half1`), drawn under the shoe: a bare foot's (`bare`) own pixels, as they are in the
 * photo (the shoe's opening shows the foot, unchanged); over an old shoe (which the fill replaces with the floor) the photo's own pixels where they are skin (or
 * hosiery: the lower shin's colour, `skin`), else that colour, shaded round, fading into the leg at the ankle.
 */
/** Over an old shoe, the instep's photo pixels within this share of its half width of a pale satin pixel are the
 * ribbon's blended edge (pointe shoes' ribbons crossing the instep), not the foot's skin. */
const INSTEP_PALE_EDGE = 0.08;
/** Over an old shoe, the instep's photo pixels of the shin's hue up to this many times its brightness are the foot's own
 * skin (the top of the foot faces the light: brighter than the shin, not the 1.4 of `ownSkin`'s default). */
const INSTEP_BRIGHT = 1.7;

function drawInstep(
  layer: Layer,
  person: RgbaImage,
  throat: Point,
  ankle: Point,
  half0: number,
  half1: number,
  skin: [number, number, number],
  bare: boolean,
  fill: [number, number, number] = skin,
  across: [number, number, number][] | null = null,
  mask: Uint8Array | null = null,
  leg: LegRow[] | null = null,
): void {
  const box = (top: Point, h1: number) => {
    const pad = Math.max(half0, h1) + 1;
    return {
      X0: Math.max(0, Math.floor(Math.min(throat.x, top.x) - pad)),
      X1: Math.min(layer.width - 1, Math.ceil(Math.max(throat.x, top.x) + pad)),
      Y0: Math.max(0, Math.floor(Math.min(throat.y, top.y) - pad)),
      Y1: Math.min(layer.height - 1, Math.ceil(Math.max(throat.y, top.y) + pad)),
    };
  };
  let { X0, X1, Y0, Y1 } = box(ankle, half1);
  const W = layer.width;
  // (a pale ribbon's blended edge, this far round it, is not the foot's skin either: `paleNearby`)
  const edge = Math.max(1, Math.round(Math.max(half0, half1) * INSTEP_PALE_EDGE));
  // over an old shoe: the foot's own skin seen down from the ankle, mirrored on down past where the old shoe's
  // opening ends (`instepMirror`), not a flat tone below a hard edge
  const got: [number, number] = [0, 0];
  const mirror = bare
    ? null
    : instepMirror(person, X0, X1, Y0, Y1, Math.min(throat.y, ankle.y), half1, skin, edge, got);
  // over an old shoe that hides the foot below the ankle (no skin run down from it to mirror): the instep runs up to
  // the leg's lowest skin row, as wide as the leg's run there, and is the leg's own rows mirrored down
  // (`legRowsAbove`), not the ankle's mean profile (the same all along: a flat column) fading over the old shoe's
  // edge (a seam line where it showed through); only a leg whose skin shows from just above the ankle (rows found
  // higher are the shin, the ankle between them hidden or another leg's)
  const leg0 = !bare && !mirror && across && leg ? leg[0] : undefined;
  const legRows = leg0 && ankle.y - leg0.y <= half1 * LEG_TOP_ABOVE ? leg : null;
  if (leg0 && legRows) {
    ankle = { x: (leg0.l + leg0.r) / 2, y: leg0.y };
    half1 = (leg0.r - leg0.l + 1) / 2;
    ({ X0, X1, Y0, Y1 } = box(ankle, half1));
  }
  const ax = ankle.x - throat.x;
  const ay = ankle.y - throat.y;
  const len2 = ax * ax + ay * ay;
  if (len2 < 4) return;
  const len = Math.sqrt(len2);
  // (each row's brightness evened to the rows' mean: mirrored to and fro, a leg darkening or lightening along would
  // give bands across)
  const rowGain = legRows ? evenRows(person, legRows) : null;
  for (let y = Y0; y <= Y1; y++) {
    for (let x = X0; x <= X1; x++) {
      const t = ((x - throat.x) * ax + (y - throat.y) * ay) / len2;
      if (t < -0.1 || t > 1) continue;
      const signed = ((y - throat.y) * ax - (x - throat.x) * ay) / len;
      const off = Math.abs(signed);
      // (the ankle's profile: the foot flares from the ankle down to the throat, concave like a foot's sides)
      const hw = across
        ? (half1 + (half0 - half1) * (1 - Math.min(1, Math.max(0, t))) ** 2) * (1 + 2 * Math.min(0, t))
        : half0 + (half1 - half0) * Math.max(0, t);
      let a = Math.max(0, Math.min(1, (hw - off) / 2 + 0.5));
      // fading into the leg over the last fifth below the ankle (the leg's own rows mirrored down meet it as one)
      if (!legRows) a = Math.min(a, Math.max(0, Math.min(1, (1 - t) / 0.2)));
      if (a <= 0) continue;
      if (across && mask && (mask[y * W + x] ?? 0) < 128) continue;
      const o = (y * W + x) * 4;
      const below = (layer.data[o + 3] ?? 0) / 255;
      if (below >= 1) continue;
      // the photo's own pixel where it is skin (the instep seen through the old shoe's opening)
      const pr = person.data[o] ?? 0;
      const pg = person.data[o + 1] ?? 0;
      const pb = person.data[o + 2] ?? 0;
      // (over an old shoe: how much it is skin, softly at the limits, so the photo's skin and the fill meet
      // without a ragged edge of near-white or near-skin pixels)
      const own = bare
        ? 1
        : Math.min(ownSkin(pr, pg, pb, skin, INSTEP_BRIGHT), 1 - paleNearby(person, x, y, edge, skin));
      const shade = 0.78 + 0.22 * Math.cos((Math.PI / 2) * Math.min(1, off / Math.max(1, hw)));
      // (else the foot's own skin tone seen there, shaded round: `fill`)
      const f = (shade / 0.95) * (1 - own);
      // (the ankle's own profile across where it was read: its shading, not a flat tone)
      const u = (signed * Math.sign(-ay || 1)) / (2 * Math.max(1, hw)) + 0.5;
      const tone =
        legRows && rowGain ? legAt(person, legRows, rowGain, (1 - t) * len, u) : across ? profileAt(across, u) : null;
      // (the foot's own skin above, mirrored down, where the column shows enough of it: in place of the tone, and of
      // the photo's own pixels on the old opening's rim, `got[1]`)
      const src = mirror ? mirror(x, y) : -1;
      const mine = src >= 0 && got[1] ? 0 : own;
      const c =
        src >= 0
          ? [
              pr * mine + (person.data[src] ?? 0) * (1 - mine),
              pg * mine + (person.data[src + 1] ?? 0) * (1 - mine),
              pb * mine + (person.data[src + 2] ?? 0) * (1 - mine),
            ]
          : tone
            ? [pr * own + tone[0] * (1 - own), pg * own + tone[1] * (1 - own), pb * own + tone[2] * (1 - own)]
            : [pr * own + fill[0] * f, pg * own + fill[1] * f, pb * own + fill[2] * f];
      // under what the shoe drew there
      const na = below + a * (1 - below);
      for (let k = 0; k < 3; k++) {
        layer.data[o + k] = ((layer.data[o + k] ?? 0) * below + Math.min(255, c[k] ?? 0) * a * (1 - below)) / na;
      }
      layer.data[o + 3] = na * 255;
      if (x < layer.x0) layer.x0 = x;
      if (x > layer.x1) layer.x1 = x;
      if (y < layer.y0) layer.y0 = y;
      if (y > layer.y1) layer.y1 = y;
    }
  }
}

/** The leg's lowest skin row is the instep's top only within this many ankle half widths above the ankle keypoint
 * (the old shoe's collar edge, its anti-aliased rows); higher, the ankle between is hidden (crossed legs, a rear leg
 * behind the front one) and its mean profile is kept. */
const LEG_TOP_ABOVE = 1.5;

/**
 * The leg's own colour `d` pixels below its lowest skin row (`rows`, lowest first), mirrored to and fro over them,
 * at `u` across its run there (0 its image-left end, 1 its right), read between pixels.
 */
function legAt(person: RgbaImage, rows: LegRow[], gain: Float64Array, d: number, u: number): [number, number, number] {
  const n = rows.length;
  const k = Math.floor(Math.max(0, d)) % (2 * n);
  const i = k < n ? k : 2 * n - 1 - k;
  const row = rows[i];
  const g = gain[i] ?? 1;
  if (!row) return [0, 0, 0];
  const fx = row.l + Math.max(0, Math.min(1, u)) * (row.r - row.l);
  const x0 = Math.floor(fx);
  const x1 = Math.min(row.r, x0 + 1);
  const w = fx - x0;
  const o0 = (row.y * person.width + x0) * 4;
  const o1 = (row.y * person.width + x1) * 4;
  const at = (o: number) => person.data[o] ?? 0;
  return [
    (at(o0) * (1 - w) + at(o1) * w) * g,
    (at(o0 + 1) * (1 - w) + at(o1 + 1) * w) * g,
    (at(o0 + 2) * (1 - w) + at(o1 + 2) * w) * g,
  ];
}

/** Each leg row's gain to the rows' mean brightness (the sum of its run's channels over its run's length). */
function evenRows(person: RgbaImage, rows: LegRow[]): Float64Array {
  const mean = new Float64Array(rows.length);
  rows.forEach((row, i) => {
    let sum = 0;
    for (let x = row.l; x <= row.r; x++) {
      const o = (row.y * person.width + x) * 4;
      sum += (person.data[o] ?? 0) + (person.data[o + 1] ?? 0) + (person.data[o + 2] ?? 0);
    }
    mean[i] = sum / Math.max(1, row.r - row.l + 1);
  });
  let all = 0;
  for (const m of mean) all += m;
  all /= Math.max(1, rows.length);
  return mean.map((m) => (m > 0 ? all / m : 1));
}

/** A column of the instep over an old shoe mirrors its own skin down when at least this many of its rows, down from
 * the ankle, are the foot's skin in one run. */
const MIRROR_MIN_RUN = 4;
/** The skin run's lower end is smoothed across this many columns either side (the old opening's edge, not its
 * anti-aliased steps). */
const MIRROR_SMOOTH = 2;
/** ...mirrored about this share of the run above its end (the opening's rim, its shadow on the foot, replaced too). */
const MIRROR_EDGE = 0.12;
/** ...only a run that starts within this share of the ankle's half width below the ankle (the foot going on down
 * from the leg, seen through the old shoe's opening). */
const MIRROR_FROM_ANKLE = 0.3;
/** ...or one that goes on from such a run beside it (at most MIRROR_REACH columns off), overlapping it and ending
 * within this many rows of its end per column between them (the foot flaring out past the ankle, below its own top
 * outline: the old opening's edge goes on smoothly across it). */
const MIRROR_STEP = 3;
const MIRROR_REACH = 4;
/** A column's run ending this many times MIRROR_MIN_RUN above the middle of the runs round it is cut short (a crease,
 * the leg's front edge): it reads its nearest whole neighbour's. */
const MIRROR_BROKEN = 2;
/** ...and mirrors nothing unless such runs show across at least this share of the ankle's width. */
const MIRROR_ACROSS = 0.6;

/**
 * The instep's photo pixels over an old shoe, column by column: the run of the foot's own skin (`ownSkin` of the
 * shin's colour, no pale ribbon within `edge`) down from the ankle's row (`from`), and where it ends (the old
 * shoe's opening). A pixel below that end (and on the opening's rim just above it) reads the photo's pixel as far
 * above it (mirrored, to and fro within the run): the foot's own colour, shading across and grain going on down
 * into the new shoe's opening, meeting the skin above without an edge. Returns the source pixel's byte offset (and
 * `out[1]` 1 on the rim, where it replaces the photo's own pixel), or -1 (no run in that column: the caller's tone).
 */
function instepMirror(
  person: RgbaImage,
  X0: number,
  X1: number,
  Y0: number,
  Y1: number,
  from: number,
  ankleHalf: number,
  skin: [number, number, number],
  edge: number,
  out: [number, number],
): ((x: number, y: number) => number) | null {
  const W = person.width;
  const n = X1 - X0 + 1;
  const start = new Float64Array(n).fill(-1);
  const end = new Float64Array(n).fill(-1);
  // pale satin pixels (`paleNearby` of one pixel) grown by `edge`, once for the box (not a window per pixel)
  const bx0 = Math.max(0, X0 - edge);
  const by0 = Math.max(0, Y0 - edge);
  const bw = Math.min(W - 1, X1 + edge) - bx0 + 1;
  const bh = Math.min(person.height - 1, Y1 + edge) - by0 + 1;
  const pale = new Uint8Array(bw * bh);
  for (let y = 0; y < bh; y++)
    for (let x = 0; x < bw; x++) pale[y * bw + x] = paleNearby(person, x + bx0, y + by0, 0, skin) >= 0.5 ? 1 : 0;
  const grow = (from: Uint8Array, dx: number, dy: number): Uint8Array => {
    const to = new Uint8Array(bw * bh);
    for (let y = 0; y < bh; y++) {
      for (let x = 0; x < bw; x++) {
        if (!from[y * bw + x]) continue;
        for (let k = -edge; k <= edge; k++) {
          const xx = x + k * dx;
          const yy = y + k * dy;
          if (xx >= 0 && yy >= 0 && xx < bw && yy < bh) to[yy * bw + xx] = 1;
        }
      }
    }
    return to;
  };
  const paleNear = grow(grow(pale, 1, 0), 0, 1);
  const isSkin = (x: number, y: number): boolean => {
    const o = (y * W + x) * 4;
    return (
      ownSkin(person.data[o] ?? 0, person.data[o + 1] ?? 0, person.data[o + 2] ?? 0, skin, INSTEP_BRIGHT) > 0.5 &&
      !paleNear[(y - by0) * bw + x - bx0]
    );
  };
  for (let i = 0; i < n; i++) {
    const x = X0 + i;
    let s = -1;
    let e = -1;
    for (let y = Math.max(Y0, Math.round(from)); y <= Y1; y++) {
      const k = isSkin(x, y);
      if (s < 0) {
        if (k) s = e = y;
        continue;
      }
      // (through a gap of one pixel: a crease)
      if (k) e = y;
      else if (y - e > 1) break;
    }
    if (s >= 0 && e - s + 1 >= MIRROR_MIN_RUN) {
      start[i] = s;
      end[i] = e + 1;
    }
  }
  // a run from the ankle down is the foot itself; one starting lower is a patch of the old shoe that passes the skin
  // test, unless it goes on from such a run beside it (the foot flaring out past the ankle below its own top outline:
  // its end within MIRROR_STEP rows a column of a taken run's, overlapping it): taken outwards from the ankle's runs
  const taken = new Uint8Array(n);
  for (let i = 0; i < n; i++)
    if ((start[i] ?? -1) >= 0 && (start[i] ?? 0) - from <= ankleHalf * MIRROR_FROM_ANKLE) taken[i] = 1;
  for (const dir of [-1, 1]) {
    for (let i = dir < 0 ? n - 2 : 1; i >= 0 && i < n; i += dir) {
      if (taken[i] || (start[i] ?? -1) < 0) continue;
      for (let k = 1; k <= MIRROR_REACH && !taken[i]; k++) {
        const j = i - k * dir;
        if (j < 0 || j >= n || !taken[j]) continue;
        if (Math.abs((end[i] ?? 0) - (end[j] ?? 0)) <= MIRROR_STEP * k && (start[i] ?? 0) < (end[j] ?? 0)) taken[i] = 2;
      }
    }
  }
  for (let i = 0; i < n; i++) {
    if (taken[i]) continue;
    start[i] = -1;
    end[i] = -1;
  }
  // the foot seen through a low-cut old shoe's opening has such runs across at least MIRROR_ACROSS of the ankle's
  // width; fewer are a high-top's collar and laces that pass the skin test (nothing mirrored)
  let runs = 0;
  for (let i = 0; i < n; i++) if (taken[i] === 1) runs++;
  if (runs < 2 * ankleHalf * MIRROR_ACROSS) return null;
  // the run's ends smoothed across (the medians of the columns round it that have one)
  const ends = new Float64Array(n).fill(-1);
  const starts = new Float64Array(n).fill(-1);
  const median = (of: Float64Array, i: number): number => {
    const near: number[] = [];
    for (let j = Math.max(0, i - MIRROR_SMOOTH); j <= Math.min(n - 1, i + MIRROR_SMOOTH); j++) {
      if ((end[j] ?? -1) >= 0) near.push(of[j] ?? 0);
    }
    near.sort((a, b) => a - b);
    return near[near.length >> 1] ?? 0;
  };
  for (let i = 0; i < n; i++) {
    if ((end[i] ?? -1) < 0) continue;
    const s0 = Math.max(start[i] ?? 0, median(start, i));
    starts[i] = s0;
    ends[i] = Math.max(s0 + MIRROR_MIN_RUN, median(end, i));
  }
  // (a column with no run of its own between such columns, a crease or the leg's front edge breaking it, reads its
  // nearest neighbour's within MIRROR_SMOOTH columns: not the tone, a dark line down the foot)
  // (and so does a column whose run is cut short there, ending MIRROR_BROKEN runs' least length above the runs round
  // it, MIRROR_REACH columns either side)
  const broken = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    if ((ends[i] ?? -1) < 0) continue;
    const near: number[] = [];
    for (let j = Math.max(0, i - MIRROR_REACH); j <= Math.min(n - 1, i + MIRROR_REACH); j++)
      if ((ends[j] ?? -1) >= 0) near.push(ends[j] ?? 0);
    near.sort((a, b) => a - b);
    if ((ends[i] ?? 0) < (near[near.length >> 1] ?? 0) - MIRROR_BROKEN * MIRROR_MIN_RUN) broken[i] = 1;
  }
  const reads = new Int32Array(n).map((_, i) => i);
  for (let i = 0; i < n; i++) {
    if ((ends[i] ?? -1) >= 0 && !broken[i]) continue;
    const inside = (ends[i] ?? -1) < 0;
    reads[i] = inside ? -1 : i;
    for (let k = 1; k <= (inside ? MIRROR_SMOOTH : MIRROR_REACH) && reads[i] === (inside ? -1 : i); k++) {
      const l = i - k;
      const r = i + k;
      const ok = (j: number) => (ends[j] ?? -1) >= 0 && !broken[j];
      if (inside ? ok(l) && ok(r) : ok(l) || ok(r))
        reads[i] = ok(l) && (!ok(r) || (ends[l] ?? 0) > (ends[r] ?? 0)) ? l : r;
    }
  }
  return (x: number, y: number): number => {
    const i = reads[x - X0] ?? -1;
    if (i < 0) return -1;
    const e = ends[i] ?? -1;
    if (e < 0) return -1;
    const s = starts[i] ?? 0;
    // (about MIRROR_EDGE of the run above its end: the old opening's rim, its shadow on the foot, is replaced too,
    // not mirrored down: `out[1]` 1 there)
    const m = Math.max(1, Math.round((e - s) * MIRROR_EDGE));
    if (y < e - m) return -1;
    const run = Math.max(1, e - m - s);
    // mirrored about that row, to and fro within the run
    const d = (y - e + m) % (2 * run);
    out[0] = (Math.round(d < run ? e - m - 1 - d : s + (d - run)) * W + X0 + i) * 4;
    out[1] = y < e ? 1 : 0;
    return out[0];
  };
}

/** The colour of the lower shin (skin or hosiery): the median along its axis, a fifth to a third up to the knee. */
export function shinColour(
  person: RgbaImage,
  ankle: Point,
  knee: Point,
  shinW: number,
): [number, number, number] | null {
  const rs: number[] = [];
  const gs: number[] = [];
  const bs: number[] = [];
  for (let t = 0.15; t <= 0.35; t += 0.025) {
    for (let s = -0.2; s <= 0.2; s += 0.1) {
      const len = Math.hypot(knee.x - ankle.x, knee.y - ankle.y) || 1;
      const x = Math.round(ankle.x + (knee.x - ankle.x) * t - ((knee.y - ankle.y) / len) * s * shinW);
      const y = Math.round(ankle.y + (knee.y - ankle.y) * t + ((knee.x - ankle.x) / len) * s * shinW);
      if (x < 0 || y < 0 || x >= person.width || y >= person.height) continue;
      const o = (y * person.width + x) * 4;
      rs.push(person.data[o] ?? 0);
      gs.push(person.data[o + 1] ?? 0);
      bs.push(person.data[o + 2] ?? 0);
    }
  }
  if (!rs.length) return null;
  const med = (a: number[]) => a.sort((x, y) => x - y)[a.length >> 1] ?? 0;
  return [med(rs), med(gs), med(bs)];
}

const unit = (x: number, y: number): Point => {
  const l = Math.hypot(x, y) || 1;
  return { x: x / l, y: y / l };
};
