/**
 * A pump seen from the front or three quarters: what `drawFront` leaves out of it. Its sides along the foot (the
 * upper's walls rising from the vamp towards the heel, over the foot's edges) and its heel: a thin tapering heel
 * under the heel of the foot, beside the foot on its inner side (where a heel shows behind a foot turned out), its
 * top under the shoe's back and its tip on the floor behind the toes. Colours from the product's own side view.
 */
import type { Box } from '../garment/garment';
import { canvasBox } from './common';
import type { Layer } from '../core/raster';
import type { Point } from '../core/tps';
import type { GrayImage, RgbaImage } from '../core/types';

/** The pump's outline beside the instep, a share of the front's width either side of its middle (drawFront's). */
const SIDE_HALF = 0.344;
/** The walls' top at the back of the foot: this share of the height from the sole to the ankle (0.58 stood the outer
 * wall up as a horn above the vamp's corner: a tray's post, not a shoe's side going back low along the foot). */
const WALL_TOP = 0.52;
/** The walls' top where they meet the vamp's sides (drawFront's vamp reaches this high at its edge). */
const WALL_FRONT = 0.44;
/** A wall seen from the front is this share of the front's width thick, along the foot's edge. */
const WALL_THICK = 0.075;
/** The heel's centre: this share of the front's width beside the middle, on the foot's inner side. */
const HEEL_AT = 0.33;
/** The heel's top (under the shoe's back) and its tip on the floor behind the toes, shares of the height. */
const HEEL_TOP = 0.58;
const HEEL_TIP = 0.1;
/** On the inner side the wall goes on round the heel's back up to this share of the height (over the heel's top). */
const COUNTER_TOP = 0.6;
/**
 * How far the foot is turned out, from its front's height (sole to ankle) over its width: a foot turned out shows its
 * length across (a low, wide front: its heel and counter beside it on the inner side, TURNED_ASPECT or less); a foot
 * pointing at the camera shows its length up the picture (a tall, narrow front, FACING_ASPECT or more): its heel and
 * counter are behind it, and its inner side is a plain wall like the outer one.
 */
const TURNED_ASPECT = 1.1;
const FACING_ASPECT = 1.3;
/** The walls' half width at their top (the back of the shoe, round the heel), a share of SIDE_HALF: they lean in. */
const WALL_IN = 0.72;
/** The heel's half width at its top and at its tip, shares of the front's width. */
const HEEL_HALF_TOP = 0.07;
const HEEL_HALF_TIP = 0.025;

/** How far a foot is turned out (0 pointing at the camera, 1 turned), from its front's width and height (the aspects above). */
export function pumpTurn(width: number, height: number): number {
  return Math.min(1, Math.max(0, (FACING_ASPECT - height / width) / (FACING_ASPECT - TURNED_ASPECT)));
}

type Rgb = [number, number, number];

/** A side view's colour is the median of about this many of its pixels. */
const SAMPLES = 600;

/** The median colour of the side view's opaque pixels in columns [q0, q1] from the toe and rows [r0, r1] from the top. */
function sideColour(
  image: RgbaImage,
  alpha: GrayImage,
  b: Box,
  toeRight: boolean,
  q: [number, number],
  r: [number, number],
): Rgb | null {
  const W = image.width;
  const rs: number[] = [];
  const gs: number[] = [];
  const bs: number[] = [];
  const x0 = Math.round(toeRight ? b.x + b.w * (1 - q[1]) : b.x + b.w * q[0]);
  const x1 = Math.round(toeRight ? b.x + b.w * (1 - q[0]) : b.x + b.w * q[1]);
  const y0 = Math.round(b.y + b.h * r[0]);
  const y1 = Math.round(b.y + b.h * r[1]);
  // a few hundred pixels are enough for a median (a large product shot is not read whole)
  const step = Math.max(1, Math.round(Math.sqrt(((x1 - x0) * (y1 - y0)) / SAMPLES)));
  for (let y = Math.max(0, y0); y < Math.min(image.height, y1); y += step) {
    for (let x = Math.max(0, x0); x < Math.min(W, x1); x += step) {
      if ((alpha.data[y * W + x] ?? 0) < 128) continue;
      const o = (y * W + x) * 4;
      rs.push(image.data[o] ?? 0);
      gs.push(image.data[o + 1] ?? 0);
      bs.push(image.data[o + 2] ?? 0);
    }
  }
  if (rs.length < 4) return null;
  const med = (a: number[]) => a.sort((m, n) => m - n)[a.length >> 1] ?? 0;
  return [med(rs), med(gs), med(bs)];
}

/**
 * A pump's sides and heel seen from the front (`at`: drawFront's frame: the sole's middle, the directions across
 * and up the foot, the front's width and height, the outer side; `aside`: the foot turned that way, its toe on the
 * outer side). The walls go over what is drawn (the instep's
 * edges are the shoe's sides); the heel under it (behind the foot and the vamp).
 */
export function drawPumpHeel(
  layer: Layer,
  image: RgbaImage,
  alpha: GrayImage,
  b: Box,
  toeRight: boolean,
  tint: Rgb,
  at: { sole: Point; across: Point; up: Point; width: number; height: number; outer: number; aside?: boolean },
): void {
  const { sole, across, up, width, height, outer } = at;
  if (width < 4 || height < 4) return;
  // the upper's side (the middle of the side view, between its top line and the sole) and the heel (the side
  // view's heel end, its lowest rows)
  const wall = sideColour(image, alpha, b, toeRight, [0.45, 0.7], [0.25, 0.85]);
  const heel = sideColour(image, alpha, b, toeRight, [0.8, 0.97], [0.6, 0.95]) ?? wall;
  if (!wall || !heel) return;
  const turn = pumpTurn(width, height);
  const { X0, X1, Y0, Y1 } = canvasBox(sole, across, up, width, height, layer);
  const W = layer.width;
  const put = (o: number, c: Rgb, shade: number, a: number, under: boolean): void => {
    const d = (layer.data[o + 3] ?? 0) / 255;
    if (under) {
      // behind what is there
      const na = d + a * (1 - d);
      if (na <= 0) return;
      for (let k = 0; k < 3; k++) {
        layer.data[o + k] =
          ((layer.data[o + k] ?? 0) * d + Math.min(255, (c[k] ?? 0) * shade * (tint[k] ?? 0)) * a * (1 - d)) / na;
      }
      layer.data[o + 3] = na * 255;
    } else {
      const na = a + d * (1 - a);
      for (let k = 0; k < 3; k++) {
        layer.data[o + k] =
          (Math.min(255, (c[k] ?? 0) * shade * (tint[k] ?? 0)) * a + (layer.data[o + k] ?? 0) * d * (1 - a)) / na;
      }
      layer.data[o + 3] = na * 255;
    }
  };
  for (let y = Y0; y <= Y1; y++) {
    for (let x = X0; x <= X1; x++) {
      const dx = x - sole.x;
      const dy = y - sole.y;
      const u = (dx * across.x + dy * across.y) / width;
      const v = (dx * up.x + dy * up.y) / height;
      if (v < 0 || v > 1) continue;
      const o = (y * W + x) * 4;
      const au = Math.abs(u);
      let drew = false;
      // the walls: along the foot's edges, from the vamp's sides up to the back of the shoe (their top rising
      // from the front's edge to WALL_TOP), narrowing a little towards the heel
      // (on the inner side the wall goes on round the back of the heel, over the heel's top: its counter)
      // (a foot pointing at the camera: the inner side as the outer, its counter behind the foot)
      const inSide = u * outer < 0 && turn > 0;
      // (a foot turned aside, `aside`: the counter no higher than the wall, going on from the vamp's topline, no fin)
      const wallTop = inSide && !at.aside ? WALL_TOP + (COUNTER_TOP - WALL_TOP) * turn : WALL_TOP;
      const s = Math.min(1, Math.max(0, (v - WALL_FRONT) / (wallTop - WALL_FRONT)));
      // (the outer wall leans in towards the narrower heel as it goes back, hugging the foot; the inner one stands
      // over the heel's top, low: no tall post flaring out round it)
      const hw = SIDE_HALF * (1 - (1 - WALL_IN) * s * (inSide ? 1 - turn : 1));
      // thinning to its top (the shoe's top line curving back round the heel, not a square post)
      const inner = hw - WALL_THICK * (inSide ? 1 + 0.4 * turn : 1) * Math.sqrt(Math.max(0, 1 - s * s));
      // (a foot turned aside, `aside`, its toe on the outer side: that side is the vamp's toe going back to its tip,
      // drawFront's, with no wall standing up beside it)
      if (v >= WALL_FRONT - 0.06 && v <= wallTop && !(at.aside && u * outer > 0)) {
        const a = Math.min(
          1,
          Math.max(0, (hw - au) * width + 0.5),
          Math.max(0, (au - inner) * width + 0.5),
          Math.max(0, (wallTop - v) * height + 0.5),
        );
        if (a > 0) {
          // darker towards the foot's edge (the wall turns away from the camera)
          const t = Math.min(1, Math.max(0, (au - inner) / Math.max(1e-6, hw - inner)));
          put(o, wall, 0.95 - 0.25 * t, a, false);
          drew = true;
        }
      }
      // the heel: a thin tapering heel on the inner side, from under the shoe's back to its tip on the floor
      // (only as much as the foot is turned out: a foot pointing at the camera hides it)
      if (v >= HEEL_TIP && v <= HEEL_TOP && u * outer < 0 && turn > 0) {
        const k = (v - HEEL_TIP) / (HEEL_TOP - HEEL_TIP);
        const half = HEEL_HALF_TIP + (HEEL_HALF_TOP - HEEL_HALF_TIP) * k * k;
        const off = Math.abs(au - HEEL_AT);
        const a = Math.min(
          1,
          Math.max(0, (half - off) * width + 0.5),
          Math.max(0, (v - HEEL_TIP) * height + 0.5),
          Math.max(0, (HEEL_TOP - v) * height + 0.5),
        );
        if (a > 0) {
          // shaded round: lighter on its middle
          const shade = 0.6 + 0.25 * Math.cos((Math.PI / 2) * Math.min(1, off / Math.max(1e-6, half)));
          put(o, heel, shade, a, true);
          drew = true;
        }
      }
      if (!drew) continue;
      if (x < layer.x0) layer.x0 = x;
      if (x > layer.x1) layer.x1 = x;
      if (y < layer.y0) layer.y0 = y;
      if (y > layer.y1) layer.y1 = y;
    }
  }
}

/** An instep over an old shoe's fill takes its colour from this many of the photo's own skin pixels there, at least. */
const OWN_SKIN_MIN = 30;

/**
 * The colour of a pump's instep over an old shoe's fill: the median of the photo's own skin pixels (the shin's
 * chromaticity, `skin`) in the corridor from the vamp's throat to the ankle (`half0` to `half1` either side), the
 * foot seen above the old shoe's opening (paler or darker than the shin's median: the fill then matches the foot
 * it joins, not a band of another tone); the shin's colour where too few show.
 */
export function instepSkin(
  person: RgbaImage,
  throat: Point,
  ankle: Point,
  half0: number,
  half1: number,
  skin: Rgb,
): Rgb {
  const ax = ankle.x - throat.x;
  const ay = ankle.y - throat.y;
  const len2 = ax * ax + ay * ay;
  if (len2 < 4) return skin;
  const len = Math.sqrt(len2);
  const pad = Math.max(half0, half1) + 1;
  const W = person.width;
  const X0 = Math.max(0, Math.floor(Math.min(throat.x, ankle.x) - pad));
  const X1 = Math.min(W - 1, Math.ceil(Math.max(throat.x, ankle.x) + pad));
  const Y0 = Math.max(0, Math.floor(Math.min(throat.y, ankle.y) - pad));
  const Y1 = Math.min(person.height - 1, Math.ceil(Math.max(throat.y, ankle.y) + pad));
  const sum = skin[0] + skin[1] + skin[2] + 1;
  const rs: number[] = [];
  const gs: number[] = [];
  const bs: number[] = [];
  for (let y = Y0; y <= Y1; y++) {
    for (let x = X0; x <= X1; x++) {
      const t = ((x - throat.x) * ax + (y - throat.y) * ay) / len2;
      // the lower part of the corridor (the foot, not the ankle's top where it fades into the leg)
      if (t < 0 || t > 0.8) continue;
      const off = Math.abs((x - throat.x) * ay - (y - throat.y) * ax) / len;
      if (off > (half0 + (half1 - half0) * t) * 0.8) continue;
      const o = (y * W + x) * 4;
      const r = person.data[o] ?? 0;
      const g = person.data[o + 1] ?? 0;
      const b = person.data[o + 2] ?? 0;
      const ps = r + g + b + 1;
      if (
        Math.hypot(r / ps - skin[0] / sum, g / ps - skin[1] / sum) >= 0.035 ||
        ps <= sum * 0.55 ||
        ps >= sum * 1.4 ||
        paleness(r, g, b, skin) >= 0.5
      ) {
        continue;
      }
      rs.push(r);
      gs.push(g);
      bs.push(b);
    }
  }
  if (rs.length < OWN_SKIN_MIN) return skin;
  const med = (a: number[]) => a.sort((m, n) => m - n)[a.length >> 1] ?? 0;
  return [med(rs), med(gs), med(bs)];
}

/**
 * How much a photo pixel seen on a pump's instep over an old shoe is the person's skin (1) or not (0): its
 * chromaticity within 0.035 of the shin's (`skin`) and its brightness 0.55-1.4 times it (H6's rule), soft over
 * the last 0.01 of the distance and the outer 0.1 / 0.15 of the brightness range.
 */
export function ownSkin(r: number, g: number, b: number, skin: Rgb, bright = 1.4): number {
  const sum = skin[0] + skin[1] + skin[2] + 1;
  const ps = r + g + b + 1;
  const d = Math.hypot(r / ps - skin[0] / sum, g / ps - skin[1] / sum);
  const clamp = (x: number) => Math.max(0, Math.min(1, x));
  return Math.min(
    clamp((0.035 - d) / 0.01),
    clamp((ps - sum * 0.55) / (sum * 0.1)),
    clamp((sum * bright - ps) / (sum * 0.15)),
    // (a pale satin shoe or ribbon: brighter than the shin and bluer, though its hue passes: not skin)
    1 - paleness(r, g, b, skin),
  );
}

/** The most pale-satin pixel (`paleness`) of the photo within `r` pixels of (x, y): a ribbon's blended edge beside
 * it is not the foot's skin either. */
export function paleNearby(person: RgbaImage, x: number, y: number, r: number, skin: Rgb): number {
  let most = 0;
  for (let yy = Math.max(0, y - r); yy <= Math.min(person.height - 1, y + r); yy++) {
    for (let xx = Math.max(0, x - r); xx <= Math.min(person.width - 1, x + r); xx++) {
      const o = (yy * person.width + xx) * 4;
      most = Math.max(most, paleness(person.data[o] ?? 0, person.data[o + 1] ?? 0, person.data[o + 2] ?? 0, skin));
    }
  }
  return most;
}

function paleness(r: number, g: number, b: number, skin: Rgb): number {
  const sum = skin[0] + skin[1] + skin[2] + 1;
  const ps = r + g + b + 1;
  const clamp = (x: number) => Math.max(0, Math.min(1, x));
  return clamp((ps - sum * PALE_BRIGHT) / (sum * 0.05)) * clamp((b / ps - skin[2] / sum - PALE_BLUE) / 0.01 + 0.5);
}

/** A pixel `PALE_BRIGHT` times brighter than the shin's median whose blue share is `PALE_BLUE` above the shin's is
 * a pale satin shoe or ribbon (pointe shoes), not the foot's skin seen through the old shoe's opening. */
const PALE_BRIGHT = 1.1;
const PALE_BLUE = 0.015;

/** The ankle's cross profile: this many bins across its skin run. */
const PROFILE_BINS = 16;
/** The rows read for it: this many, after skipping the first few (an old shoe's collar edge, anti-aliased). */
const PROFILE_ROWS = 8;
const PROFILE_SKIP = 2;
/** A row is the ankle's when its skin run round the leg's axis is at least this share of the shin's width. */
const PROFILE_MIN_RUN = 0.35;
/** How far up the leg the ankle's first skin rows are looked for, in shin widths above the ankle keypoint. */
const PROFILE_REACH = 1.5;

/** Whether (x, y) is of the shin's own skin colour `skin` (`ownSkin`), false off the photo's sides. */
function shinSkinAt(person: RgbaImage, skin: Rgb): (x: number, y: number) => boolean {
  const W = person.width;
  return (x, y) => {
    if (x < 0 || x >= W) return false;
    const o = (y * W + x) * 4;
    return ownSkin(person.data[o] ?? 0, person.data[o + 1] ?? 0, person.data[o + 2] ?? 0, skin) > 0.5;
  };
}

/**
 * A row's run of skin round the leg's axis at `ax` ([left, right], through gaps of at most 2 pixels), starting at
 * the skin pixel nearest the axis within 0.2 shin widths, reaching at most 0.75 shin widths from it; null when no
 * skin lies near the axis (`ankleProfile`, `legRowsAbove`).
 */
function skinRunAt(
  skinAt: (x: number, y: number) => boolean,
  ax: number,
  y: number,
  shinW: number,
): [number, number] | null {
  const lim = Math.round(shinW * 0.75);
  let c = -1;
  for (let d = 0; d <= shinW * 0.2 && c < 0; d++) {
    if (skinAt(ax - d, y)) c = ax - d;
    else if (skinAt(ax + d, y)) c = ax + d;
  }
  if (c < 0) return null;
  let l = c;
  for (let x = c - 1, gap = 0; x >= ax - lim && gap <= 2; x--) {
    if (skinAt(x, y)) {
      l = x;
      gap = 0;
    } else gap++;
  }
  let r = c;
  for (let x = c + 1, gap = 0; x <= ax + lim && gap <= 2; x++) {
    if (skinAt(x, y)) {
      r = x;
      gap = 0;
    } else gap++;
  }
  return [l, r];
}

/**
 * The ankle as the photo shows it just above an old shoe: the lowest rows of the leg whose run of skin round the
 * leg's axis (`ownSkin` of the shin's colour) is a real ankle's width, each row's run split into PROFILE_BINS
 * across and averaged: the colour and the shading (darker at its edges, lit on one side) of the leg going on down
 * into the new shoe's opening, and the run's half width. Null where no such rows show (a leg covered to above
 * the ankle).
 */
export function ankleProfile(
  person: RgbaImage,
  ankle: Point,
  knee: Point,
  shinW: number,
  skin: Rgb,
): { colours: Rgb[]; half: number } | null {
  const W = person.width;
  const sums = new Float64Array(PROFILE_BINS * 4);
  const widths: number[] = [];
  const skinAt = shinSkinAt(person, skin);
  const dy = knee.y - ankle.y;
  if (dy >= -1) return null;
  let found = 0;
  const yTop = Math.max(0, Math.round(ankle.y - shinW * PROFILE_REACH));
  for (
    let y = Math.min(person.height - 1, Math.round(ankle.y));
    y >= yTop && found < PROFILE_SKIP + PROFILE_ROWS;
    y--
  ) {
    const ax = Math.round(ankle.x + ((knee.x - ankle.x) * (y - ankle.y)) / dy);
    const run = skinRunAt(skinAt, ax, y, shinW);
    if (!run) {
      if (found) break;
      continue;
    }
    const [l, r] = run;
    // (a row cut short by a crease or a strap is skipped)
    if (r - l + 1 < shinW * PROFILE_MIN_RUN) continue;
    found++;
    if (found <= PROFILE_SKIP) continue;
    widths.push(r - l + 1);
    for (let x = l; x <= r; x++) {
      const k = Math.min(PROFILE_BINS - 1, Math.floor(((x - l + 0.5) / (r - l + 1)) * PROFILE_BINS));
      const o = (y * W + x) * 4;
      sums[k * 4] = (sums[k * 4] ?? 0) + (person.data[o] ?? 0);
      sums[k * 4 + 1] = (sums[k * 4 + 1] ?? 0) + (person.data[o + 1] ?? 0);
      sums[k * 4 + 2] = (sums[k * 4 + 2] ?? 0) + (person.data[o + 2] ?? 0);
      sums[k * 4 + 3] = (sums[k * 4 + 3] ?? 0) + 1;
    }
  }
  if (widths.length < PROFILE_ROWS / 2) return null;
  const colours: Rgb[] = [];
  for (let k = 0; k < PROFILE_BINS; k++) {
    const n = sums[k * 4 + 3] ?? 0;
    if (!n) return null;
    colours.push([(sums[k * 4] ?? 0) / n, (sums[k * 4 + 1] ?? 0) / n, (sums[k * 4 + 2] ?? 0) / n]);
  }
  widths.sort((a, b) => a - b);
  return { colours, half: (widths[widths.length >> 1] ?? 0) / 2 };
}

/** The leg above an old shoe read for a pump's instep: at most this many shin widths of its rows. */
const LEG_ROWS_REACH = 0.6;
/** ...a row whose skin run is more than this times the lowest rows' (their median) is another leg's skin beside it
 * (legs crossing): the rows end there. */
const LEG_ROW_WIDER = 1.35;
/** ...and their runs' ends are smoothed over this many rows either side (anti-aliased steps, not the outline's). */
const LEG_ROW_SMOOTH = 2;

/** One row of the leg's skin run above an old shoe: its row and its image-left and right ends. */
export interface LegRow {
  y: number;
  l: number;
  r: number;
}

/**
 * The leg's own rows just above an old shoe, lowest first: each row's run of skin round the leg's axis (as
 * `ankleProfile` reads them, after its PROFILE_SKIP anti-aliased rows of the old shoe's edge), up to `want` rows
 * (at most LEG_ROWS_REACH shin widths), stopping where the run breaks or widens into the other leg's skin. A pump's
 * instep over an old shoe that hides the foot mirrors these down: the leg's own shading across and grain along going
 * on into the new shoe, joined to it without a seam (not the lowest rows' mean profile, the same all along: a flat
 * column). Null when fewer than PROFILE_ROWS / 2 show.
 */
export function legRowsAbove(
  person: RgbaImage,
  ankle: Point,
  knee: Point,
  shinW: number,
  skin: Rgb,
  want: number,
): LegRow[] | null {
  const dy = knee.y - ankle.y;
  if (dy >= -1) return null;
  const skinAt = shinSkinAt(person, skin);
  const rows: LegRow[] = [];
  const most = Math.min(Math.max(PROFILE_ROWS, Math.ceil(want)), Math.ceil(shinW * LEG_ROWS_REACH));
  let found = 0;
  const yTop = Math.max(0, Math.round(ankle.y - shinW * PROFILE_REACH));
  for (let y = Math.min(person.height - 1, Math.round(ankle.y)); y >= yTop && rows.length < most; y--) {
    const ax = Math.round(ankle.x + ((knee.x - ankle.x) * (y - ankle.y)) / dy);
    const run = skinRunAt(skinAt, ax, y, shinW);
    if (!run) {
      if (found) break;
      continue;
    }
    const [l, r] = run;
    if (r - l + 1 < shinW * PROFILE_MIN_RUN) {
      if (rows.length) break;
      continue;
    }
    found++;
    if (found <= PROFILE_SKIP) continue;
    if (rows.length >= PROFILE_ROWS / 2) {
      const ws = rows.map((q) => q.r - q.l + 1).sort((a, b) => a - b);
      if (r - l + 1 > (ws[ws.length >> 1] ?? 0) * LEG_ROW_WIDER) break;
    }
    rows.push({ y, l, r });
  }
  if (rows.length < PROFILE_ROWS / 2) return null;
  const med = (k: 'l' | 'r', i: number): number => {
    const near: number[] = [];
    for (let j = Math.max(0, i - LEG_ROW_SMOOTH); j <= Math.min(rows.length - 1, i + LEG_ROW_SMOOTH); j++) {
      near.push(rows[j]?.[k] ?? 0);
    }
    near.sort((a, b) => a - b);
    return near[near.length >> 1] ?? 0;
  };
  return rows.map((q, i) => ({ y: q.y, l: med('l', i), r: med('r', i) }));
}

/** The profile's colour at `s` across it (0: its image-left edge, 1: its right), interpolated between bins. */
export function profileAt(colours: Rgb[], s: number): Rgb {
  const f = Math.max(0, Math.min(colours.length - 1, s * colours.length - 0.5));
  const i = Math.floor(f);
  const j = Math.min(colours.length - 1, i + 1);
  const w = f - i;
  const a = colours[i];
  const b = colours[j];
  if (!a || !b) throw new RangeError(`No colour at ${s} across a profile of ${colours.length}`);
  return [a[0] + (b[0] - a[0]) * w, a[1] + (b[1] - a[1]) * w, a[2] + (b[2] - a[2]) * w];
}

/** The product's highlight: its pixels this many times brighter (luma) than the upper's median are its gloss. */
const GLOSS_OVER = 1.25;
/** ...read on the toe end (this share of the side view's length from the toe), down to the sole's top. */
const GLOSS_TOE_END = 0.45;
/** ...and it is one when at least this share of the toe end's pixels are that bright (else a matte shoe). */
const GLOSS_SHARE = 0.005;

const luma = (c: ArrayLike<number>): number => 0.3 * (c[0] ?? 0) + 0.59 * (c[1] ?? 0) + 0.11 * (c[2] ?? 0);

/**
 * A side view's upper and its gloss: the median colour of the toe end's opaque pixels, and the median of those
 * GLOSS_OVER times brighter than it (a patent shoe's highlight stripe along its side), null where too few are.
 * Seen from the front that stripe, read on the toe box where the side view has it, is a straight pale dash across
 * the vamp; the front takes its colour for a highlight of its own on the toe box's ridge instead.
 */
export function pumpGloss(
  image: RgbaImage,
  alpha: GrayImage,
  b: Box,
  toeRight: boolean,
): { upper: Rgb; gloss: Rgb | null } | null {
  const upper = sideColour(image, alpha, b, toeRight, [0, GLOSS_TOE_END], [0, 0.85]);
  if (!upper) return null;
  const W = image.width;
  const x0 = Math.max(0, Math.round(toeRight ? b.x + b.w * (1 - GLOSS_TOE_END) : b.x));
  const x1 = Math.min(W, Math.round(toeRight ? b.x + b.w : b.x + b.w * GLOSS_TOE_END));
  const y0 = Math.max(0, Math.round(b.y));
  const y1 = Math.min(image.height, Math.round(b.y + b.h * 0.85));
  const step = Math.max(1, Math.round(Math.sqrt(((x1 - x0) * (y1 - y0)) / (SAMPLES * 8))));
  const lu = luma(upper);
  const rs: number[] = [];
  const gs: number[] = [];
  const bs: number[] = [];
  let n = 0;
  for (let y = y0; y < y1; y += step) {
    for (let x = x0; x < x1; x += step) {
      if ((alpha.data[y * W + x] ?? 0) < 128) continue;
      n++;
      const o = (y * W + x) * 4;
      const px = [image.data[o] ?? 0, image.data[o + 1] ?? 0, image.data[o + 2] ?? 0];
      if (luma(px) < lu * GLOSS_OVER) continue;
      rs.push(px[0] ?? 0);
      gs.push(px[1] ?? 0);
      bs.push(px[2] ?? 0);
    }
  }
  if (rs.length < Math.max(3, n * GLOSS_SHARE)) return { upper, gloss: null };
  const med = (a: number[]) => a.sort((m, k) => m - k)[a.length >> 1] ?? 0;
  return { upper, gloss: [med(rs), med(gs), med(bs)] };
}
