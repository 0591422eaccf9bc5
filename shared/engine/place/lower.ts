/** Placing a bottom: trousers leg by leg along the legs, a skirt as one piece over both legs. */
import type { Body } from '../perception/body';
import { lowerLayout, PART_LEFT, PART_RIGHT, PART_TORSO } from '../garment/garment-anchors';
import { drawStrip, type Layer } from '../core/raster';
import { dilate } from '../core/image-ops';
import type { Point } from '../core/tps';
import type { GrayImage, RgbaImage } from '../core/types';
import type { VariantOptions } from '../look/variants';
import { at } from '../core/pixels';
import {
  legsEdges,
  coneHalf,
  dist,
  drapeRoom,
  type DrapeFlare,
  fillPolygon,
  hemOnBody,
  lerp,
  limbStrip,
  LOWER_LANDMARKS,
  lowestHem,
  pathLength,
  ROOM_SOFT,
  SKIRT_FLARE,
  softRoom,
  type PlacedGarment,
} from './common';

/** A trouser leg is at most this many times the leg's width in the mask (wide-leg trousers stay wide). */
const WIDE_LEG = 2.6;
/** Shorts: a leg whose hem is above SHORTS_KNEE of the thigh's length is at most SHORTS_LEG times the thigh's width. */
const SHORTS_KNEE = 0.9;
const SHORTS_LEG = 1.35;
/** How far a fitted (not wide) long trouser leg's outer edge comes in to its leg's own (`hugOuter`), 0..1. */
const LEG_HUG = 0.8;

/** The waist line of a bottom: a little above the hip joints, or up to bare skin when the midriff shows. */
export function waistY(body: Body, top: number | null): number {
  const dflt = body.pelvis.y - body.torsoH * 0.22;
  return top === null ? dflt : Math.min(dflt, top);
}

export function placeTrousers(
  image: RgbaImage,
  alpha: GrayImage,
  g: ReturnType<typeof lowerLayout>,
  person: Body,
  variant: VariantOptions,
  tint: [number, number, number],
  wy: number,
): PlacedGarment {
  const legs = g.legs!;
  const crotch = g.crotch!;
  const { span, torsoH } = person;
  const ease = variant.ease;
  const slack = span * 0.02 * ease;
  const [wl, wr] = person.torsoEdges(wy);
  const srcWaistW = Math.max(1, (g.edgeR[0] ?? 0) - (g.edgeL[0] ?? 0));
  const dstWaistW = wr - wl + 2 * slack;
  const scale = dstWaistW / srcWaistW;
  const crotchY = person.pelvis.y + torsoH * CROTCH_DROP;
  const [hl, hr] = person.torsoEdges(person.pelvis.y);
  const crotchRow = crotch.y - g.top;
  const H = g.hem - g.top;
  const srcLegLen = g.hem - crotch.y;
  const anchors: { from: Point; to: Point }[] = [];
  // where the legs touch above the gap the photo shows (thighs together), the seam between the two trouser legs
  // (legs apart from the knees down under an old dress or skirt: the gap carried up to the crotch, `gapFromCrotch`)
  // (trousers whose legs reach that far: shorts part at their own crotch, `partHems`)
  const reach = Math.min(1, srcLegLen / srcWaistW / 1.45) * variant.length;
  const hemY = crotchY + reach * ((person.legL.end.y + person.legR.end.y) / 2 - crotchY);
  // a leg behind the other whose ankle keypoint lies on the front shin: its ankle from the mask (`backLegFromMask`;
  // trousers whose hem is below the knees only: shorts never reach the back shin)
  const knees = Math.max(person.legL.mid.y, person.legR.mid.y);
  const body = hemY > knees ? backLegFromMask(person, crotchY) : person;
  const gaps = shinGapClosed(body, gapFromCrotch(body, crotchY, openGaps(body, crotchY), hemY), crotchY, hemY);
  const seam = inseamLine(body, crotchY, gaps, hemY);
  // each leg's outline as drawn: its room (a wide leg hangs off the leg in the mask)
  const outlines: Point[][] = [[], []];
  // legs crossing (above the hem) with the left one in front: it is drawn over the right one, and its inner edge
  // as drawn (thighs side by side above the crossing meet on the seam down to `crossSeamEnd`)
  const leftFront = leftLegInFront(body, crotchY, hemY);
  const crossEnd = legsCross(body, crotchY, hemY) ? crossSeamEnd(body, crotchY) : null;
  const front = crossEnd === null ? null : leftFront ? 0 : 1;
  let frontIn: Point[] | null = null;
  let frontOut: Point[] | null = null;
  const draw = (layer: Layer, side: 0 | 1) => {
    const leg = side === 0 ? body.legL : body.legR;
    const part = side === 0 ? PART_LEFT : PART_RIGHT;
    const sign = side === 0 ? -1 : 1;
    const so: Point[] = [];
    const si: Point[] = [];
    const dOut: Point[] = [];
    const dIn: Point[] = [];
    // above the crotch: waist line to crotch line, straight
    const outerWaist = { x: side === 0 ? wl - slack : wr + slack, y: wy };
    const innerWaist = { x: body.axisX(wy), y: wy };
    const outerHip = { x: (side === 0 ? hl : hr) + sign * slack * 2, y: crotchY };
    const innerCrotch = { x: body.axisX(crotchY), y: crotchY };
    // (the outer side out to the hip's own outline where it curves out past the straight line, `hipCurve`, in
    // HIP_SECTIONS: with 5 the chords across the curve left 3 px of it outside)
    const hip = hipCurve(body, side, outerWaist, outerHip);
    const upper = hip ? HIP_SECTIONS : 5;
    for (let i = 0; i < upper; i++) {
      const t = i / upper;
      const row = Math.round(t * crotchRow);
      so.push({ x: legs.outer[row * 2 + side] ?? 0, y: g.top + row });
      si.push({ x: legs.inner[row * 2 + side] ?? 0, y: g.top + row });
      const o = lerp(outerWaist, outerHip, t);
      dOut.push(hip ? { x: o.x + sign * hip(o.y), y: o.y } : o);
      dIn.push(lerp(innerWaist, innerCrotch, t));
    }
    // below: along the leg (hip -> knee -> ankle), from the crotch-level section
    const path = [lerp(outerHip, innerCrotch, 0.5), leg.mid, leg.end];
    const legLen = pathLength(path);
    // full-length trousers end at the ankle; shorter ones (shorts, cropped) keep their share of the leg
    const srcWaistW2 = Math.max(1, (g.edgeR[0] ?? 0) - (g.edgeL[0] ?? 0));
    const share = Math.min(1, srcLegLen / srcWaistW2 / 1.45);
    const len = Math.min(legLen * share * variant.length, legLen + leg.widthEnd * 0.25);
    // (each edge read down to where it still runs along the leg: below, a slanted hem's or its anti-aliased last
    // rows' edge runs across the leg, `legEdgeEnds`)
    const ends = legEdgeEnds(legs, side, crotchRow, H);
    const srcAt = (t: number) => {
      const ro = Math.round(crotchRow + t * (ends.outer - crotchRow));
      const ri = Math.round(crotchRow + t * (ends.inner - crotchRow));
      return {
        o: { x: legs.outer[ro * 2 + side] ?? 0, y: g.top + ro },
        i: { x: legs.inner[ri * 2 + side] ?? 0, y: g.top + ri },
      };
    };
    const a = srcAt(0);
    const b = srcAt(1);
    const thighLen = dist(path[0]!, leg.mid);
    // shorts (the hem above the knee): each leg hugs its thigh, at most SHORTS_LEG times it (a flat lay's leg
    // opening, as wide as half the waist, drew two legs each much wider than the thigh, one block like a skirt)
    const short = len < thighLen * SHORTS_KNEE;
    const wideCap = short ? SHORTS_LEG * ease : WIDE_LEG;
    // (the thigh's own width at the hem: the mask's width across touching thighs is both of them)
    const thighW = short ? thighWidth(body, side, lerp(path[0]!, leg.mid, len / thighLen).y) : leg.widthRoot;
    const shinLen = Math.max(1, dist(leg.mid, leg.end));
    const widthAt = (t: number) => {
      const s = srcAt(t);
      // (long trousers: the flat lay's hem row itself is its anti-aliased bottom edge, a few pixels across: read the
      // leg's width just above it)
      const above = short ? s : srcAt(Math.max(0, t - HEM_ROWS));
      const own = Math.max(dist(s.o, s.i), dist(above.o, above.i)) * scale * ease;
      const along = t * len;
      const onThigh = along < thighLen;
      // (long trousers: the thigh's width blends into the calf's over KNEE_BLEND of each either side of the knee: a
      // switch at the knee stepped the outer edge in there, a jog where the legs' own width bounds the leg)
      const k = short ? (onThigh ? 0 : 1) : kneeBlend(along, thighLen, shinLen);
      const limb = thighW + (leg.widthEnd - thighW) * k;
      // long trousers: at least the leg's OWN width on this row (`legOwnWidth`: axis to the outer edge, and to the gap
      // or the middle between the axes), not the mask's run at one point, which over touching thighs or calves is
      // both legs (each leg drawn 1.1x that, the two one slab); the cap stays the measured width (wide legs wide)
      const y = onThigh
        ? lerp(path[0]!, leg.mid, along / thighLen).y
        : lerp(leg.mid, leg.end, Math.min(1, (along - thighLen) / shinLen)).y;
      const least = short ? limb : legOwnWidth(body, side, y, limb);
      // the garment's own width (wide legs stay wide), at least the leg's, at most WIDE_LEG times it
      return Math.max(least * 1.1 * ease + slack, Math.min(own, limb * wideCap));
    };
    // a fitted long leg (jeans, chinos: not wide) hangs close round its own leg (`hugOuter`), a wide one as it is
    const hemW = widthAt(1);
    const fitted = short ? 0 : LEG_HUG * (1 - legWideness(hemW, leg.widthEnd * 1.1 * ease + slack));
    const st = limbStrip(a.o, a.i, b.o, b.i, outerHip, innerCrotch, path, len, widthAt, 16);
    // the source sections follow the garment's own leg edges, not a straight line
    for (let i = 0; i < st.so.length; i++) {
      const s = srcAt(i / (st.so.length - 1));
      st.so[i] = s.o;
      st.si[i] = s.i;
    }
    // each leg on its own side of the gap between the legs (a wide leg's room goes outward): the two trouser legs
    // overlapping across the gap drew one slab that read as a skirt
    // (shorts' legs narrower than their half of the hips: each at least to the crotch's line where no gap shows, or
    // the background showed through a hole below the crotch)
    if (short)
      for (const p of st.dIn)
        if (!gaps(p.y)) p.x = side === 0 ? Math.max(p.x, innerCrotch.x) : Math.min(p.x, innerCrotch.x);
    // (a long leg's cloth hangs from the hip past the knee: its outer edge bridges the leg's bend inward there)
    if (!short) hangOuter(st.dOut, side);
    // (shorts: the outer side hangs from the hip, never out past it: a flat lay's leg flaring to its cuff drew a box
    // wider than the hips, the hip bulging past the body)
    if (short) for (const p of st.dOut) p.x = side === 0 ? Math.max(p.x, outerHip.x) : Math.min(p.x, outerHip.x);
    if (!short) hugOuter(body, st.dOut, side, fitted, slack);
    keepLegGap(body, st.dIn, side, seam, gaps, legWideness(hemW, leg.widthEnd * 1.1 * ease + slack), slack, {
      under: leftFront ? 1 : 0,
      frontEnd: side === front ? crossEnd : null,
    });
    // two leg openings at the hem where the legs touch there (not one column with a slit)
    // (shorts: the legs part from a crotch SHORTS_CROTCH of the way from the hip to the knee down to the hem, an
    // inseam as short as the garment's own; a notch at the hem alone read as one block, a skirt)
    const hem = st.dIn.at(-1);
    if (!hem) throw new RangeError('A trouser leg drawn without sections');
    const hemY = hem.y;
    const crotchAt = leg.root.y + (leg.mid.y - leg.root.y) * SHORTS_CROTCH;
    const rise = short ? Math.max(span * HEM_RISE * SHORTS_HEM_RISE, hemY - crotchAt) : span * HEM_RISE;
    partHems(body, st.dIn, side, seam, gaps, rise, short ? SHORTS_HEM_PART : 1);
    // the front leg over a leg moved out from behind it (`backLegFromMask`): its inner edge no further over than the
    // back leg's axis below the thighs' seam (`frontOverBack`), the back leg's cloth showing beside it to its hem
    if (side === front && legBehind.has(body)) frontOverBack(body, st.dIn, side, crossEnd ?? crotchY);
    // the right leg (drawn over the left) without the photo's dark outline along its inner edge on the seam
    // the leg on top without the photo's dark outline along its inner edge where it lies over the other leg: the
    // right one on the seam (above the hem's parting), the left one in front where the legs cross
    const bottom = st.dIn[st.dIn.length - 1]!;
    const over =
      side === 0 && leftFront
        ? st.dIn.map((p) => !gaps(p.y))
        : side === 1 && seam
          ? st.dIn.map((p) => dist(p, bottom) > rise && !gaps(p.y) && seam(p.y) !== null)
          : null;
    const labels = over ? blankInnerOutline(g, alpha.width, side, st.si, over) : g.labels;
    if (side === 0 && leftFront) frontIn = st.dIn.slice();
    if (side === front && !frontIn) frontIn = st.dIn.slice();
    if (side === front) frontOut = st.dOut.slice();
    drawStrip(
      layer,
      { image, alpha: alpha.data, labels, part, tint },
      [...so, ...st.so],
      [...si, ...st.si],
      [...dOut, ...st.dOut],
      [...dIn, ...st.dIn],
      3,
    );
    outlines[side] = [...dOut, ...st.dOut, ...[...dIn, ...st.dIn].reverse()];
    if (layer.call >= 0)
      anchors.push(
        { from: a.o, to: outerHip },
        { from: a.i, to: innerCrotch },
        { from: b.o, to: st.dOut[st.dOut.length - 1]! },
      );
  };
  return {
    drawBody(layer) {
      // the leg in front drawn last, over the other (legs side by side: the left first, under the right on the seam)
      draw(layer, leftFront ? 1 : 0);
      const first = layer.call;
      draw(layer, leftFront ? 0 : 1);
      const [callL, callR] = leftFront ? [layer.call, first] : [first, layer.call];
      // the line the legs' shades meet on: the seam, or the front leg's inner edge
      const line = frontIn ? edgeLine(frontIn) : seam;
      shadeLegs(layer, body, callL, callR, crotchY, line, gaps, !frontIn);
      shadeInseam(
        layer,
        body,
        callL,
        callR,
        crotchY,
        line,
        gaps,
        frontIn && frontOut ? { outer: edgeLine(frontOut), call: leftFront ? callL : callR } : null,
      );
    },
    drawLimbs() {},
    room(base) {
      // each leg's own outline, with a sub-pixel edge
      const out = new Uint8Array(base);
      for (const o of outlines) fillPolygon(out, body.width, body.height, o);
      return softRoom(out, body, wy);
    },
    debug: { anchors, grid: [] },
  };
}

export function placeSkirt(
  image: RgbaImage,
  alpha: GrayImage,
  g: ReturnType<typeof lowerLayout>,
  body: Body,
  variant: VariantOptions,
  tint: [number, number, number],
  wy: number,
): PlacedGarment {
  const { span } = body;
  const ease = variant.ease;
  const slack = span * 0.02 * ease;
  const [wl, wr] = body.torsoEdges(wy);
  const srcWaistW = Math.max(1, (g.edgeR[2] ?? 0) - (g.edgeL[2] ?? 0));
  const scale = (wr - wl + 2 * slack) / srcWaistW;
  const H = g.hem - g.top;
  // its length against its own waist, on the body's hips, knees and ankles (a midi to mid-calf on any legs)
  const ownHem = hemOnBody(body, H / srcWaistW, LOWER_LANDMARKS, wy);
  const length = Math.min((ownHem - wy) * variant.length, lowestHem(body) - wy);
  const { edgeL, edgeR } = skirtEdges(g);
  const so: Point[] = [];
  const si: Point[] = [];
  const dOut: Point[] = [];
  const dIn: Point[] = [];
  const sections = 16;
  // per section: its row, the body it must cover, its own width, and the most it may be
  const secs: { t: number; row: number; y: number; bl: number; br: number; floor: number; own: number; max: number }[] =
    [];
  let cap = 0;
  for (let i = 0; i <= sections; i++) {
    const t = i / sections;
    const row = Math.round(t * H);
    const y = wy + t * length;
    // the legs' own extent (not the old garment's flare, nor the arms hanging beside them)
    const [bl, br] = legsEdges(body, y, body.span * 0.45);
    const [tl, tr] = body.torsoEdges(Math.min(y, body.pelvis.y));
    // (the hips' width down to the crotch: the legs' below)
    const bw = Math.max(br - bl, y < body.pelvis.y + body.torsoH * 0.15 ? tr - tl : 0);
    // the legs as the mask shows them on this row (the joints' widths are capped: thighs are wider)
    const [ml, mr] = maskLegsExtent(body, y);
    const legsW = Math.max(bw, mr - ml);
    // its own flare (an A-line), up to SKIRT_FLARE spans a side past the legs from mid-thigh down
    const ramp = Math.max(0, Math.min(1, (y - body.pelvis.y) / (body.torsoH * 0.5)));
    cap = Math.max(cap, bw + 2 * slack + span * SKIRT_FLARE * 2 * ramp);
    secs.push({
      t,
      row,
      y,
      bl,
      br,
      floor: bw + 2 * slack,
      own: ((edgeR[row] ?? 0) - (edgeL[row] ?? 0)) * scale * ease,
      // the cap never narrows going down (the knee's step from thigh to shin cut a notch in the skirt's side),
      // but stays within SKIRT_FLARE a side of the legs on this row (inside what the safety gate allows)
      max: Math.min(cap, legsW + 2 * slack + span * SKIRT_FLARE * 2),
    });
  }
  // its own A-line: from the hips down it may widen as its outline does on the photo (its hem's width over its
  // hips', capped at DRAPE_FLARE_MAX), from the body's hips, whatever the legs do below (feet together at the
  // ankles made every maxi a tube): `drapeCone`, which the safety gate allows
  const drape = skirtFlare(secs, body.pelvis.y, wy + length);
  for (const s of secs) {
    const half = coneHalf(body, s.y, drape);
    if (half) s.max = Math.max(s.max, 2 * half + 2 * slack);
  }
  // legs brought together lower down (a stride's crossing shins) bring the sides in from above along a line,
  // not a bulge over the thighs pinched at the knee
  const rise = span * 0.02;
  for (let i = sections - 1; i >= 0; i--) secs[i]!.max = Math.min(secs[i]!.max, secs[i + 1]!.max + rise);
  for (const { t, row, y, bl, br, floor, own, max } of secs) {
    const w = Math.max(Math.min(own, max), floor);
    // centred on the body's axis at the waist, on the legs lower down: eased from one to the other (a switch
    // half-way stepped the skirt's sides sideways)
    const k = Math.max(0, Math.min(1, (t - 0.25) / 0.5));
    const mix = k * k * (3 - 2 * k);
    const cx = body.axisX(y) * (1 - mix) + ((bl + br) / 2) * mix;
    so.push({ x: edgeL[row] ?? 0, y: g.top + row });
    si.push({ x: edgeR[row] ?? 0, y: g.top + row });
    dOut.push({ x: cx - w / 2, y });
    dIn.push({ x: cx + w / 2, y });
  }
  return {
    drawBody(layer) {
      drawStrip(layer, { image, alpha: alpha.data, labels: g.labels, part: PART_TORSO, tint }, so, si, dOut, dIn, 6);
    },
    drawLimbs() {},
    // one piece across the gap between the legs (not culottes), its flare kept
    // and its own outline as placed (within that flare: the room's edge, the legs' blocky outline grown, cut its
    // sides into steps), with a sub-pixel edge
    room(base) {
      const room = drapeRoom(body, base, wy + length, SKIRT_FLARE);
      const own = new Uint8Array(room.length);
      fillPolygon(own, body.width, body.height, [...dOut, ...[...dIn].reverse()]);
      const grown = dilate(own, body.width, body.height, Math.max(1, Math.round(body.span * ROOM_SOFT)));
      for (let i = 0; i < grown.length; i++) if (grown[i] && i / body.width >= wy) room[i] = 255;
      return softRoom(room, body, wy);
    },
    drape,
    debug: { anchors: so.map((s, i) => ({ from: s, to: dOut[i]! })), grid: [dOut, dIn] },
  };
}

/**
 * A skirt's own flare: its width at the hem over its width where the body's hips are, as its outline (the
 * product photo's) gives them; 1 for a tube or a skirt narrower at the hem.
 */
function skirtFlare(secs: { y: number; own: number }[], hipY: number, hemY: number): DrapeFlare {
  const hem = secs[secs.length - 1]!.own;
  let hip = secs[0]!.own;
  for (let i = 1; i < secs.length; i++) {
    const a = secs[i - 1]!;
    const b = secs[i]!;
    if (b.y < hipY) continue;
    hip = a.y >= hipY ? a.own : a.own + ((b.own - a.own) * (hipY - a.y)) / (b.y - a.y || 1);
    break;
  }
  return { flare: hip > 0 ? Math.max(1, hem / hip) : 1, hemY };
}

/**
 * A skirt's edges row by row as drawn, but below its widest row near the hem (where a curved hem rises at the
 * sides) carried on along the sides' line: the hem's curve stays the garment's own outline (its alpha), not a
 * narrow last row stretched to the skirt's whole width.
 */
function skirtEdges(g: ReturnType<typeof lowerLayout>): { edgeL: Float32Array; edgeR: Float32Array } {
  const H = g.hem - g.top + 1;
  const edgeL = new Float32Array(g.edgeL);
  const edgeR = new Float32Array(g.edgeR);
  const from = Math.floor(H * 0.75);
  let widest = H - 1;
  let best = -1;
  for (let r = from; r < H; r++) {
    const w = (edgeR[r] ?? 0) - (edgeL[r] ?? 0);
    if (w >= best) {
      best = w;
      widest = r;
    }
  }
  const back = Math.max(1, Math.round(H * 0.1));
  const a = Math.max(0, widest - back);
  const dl = ((edgeL[widest] ?? 0) - (edgeL[a] ?? 0)) / (widest - a || 1);
  const dr = ((edgeR[widest] ?? 0) - (edgeR[a] ?? 0)) / (widest - a || 1);
  for (let r = widest + 1; r < H; r++) {
    edgeL[r] = (edgeL[widest] ?? 0) + dl * (r - widest);
    edgeR[r] = (edgeR[widest] ?? 0) + dr * (r - widest);
  }
  return { edgeL, edgeR };
}

/**
 * How far (px, >= 0) a trouser's outer edge above the crotch goes out past the straight line from its waist to its
 * hip (`waist` to `hip`, on `side`) on row y: to the hip's own outline in the mask where it curves out past that line
 * and comes back to it by the crotch (the hips' flesh, wider than the body's capped torso edges: cgi-model-15's,
 * 6-7 px past it on each side), at most HIP_OUT spans; 0 on a row whose walk out from the body's axis meets an arm
 * (`onArm`: a hand or forearm against the hip). The side drawn straight left her bodysuit's side outside it, which
 * the bottom's ease (`easeOverBody`) grew shapeless smeared cloth over: soft bulges with fuzzy edges at both hips, a
 * notch and a skin fleck where the bodysuit ends. null (the side straight, as before) where the outline at the
 * crotch's row lies more than HIP_BACK spans past the line (an old dress or skirt flaring on down past the hips:
 * ai-body's) or nowhere a pixel past it.
 */
function hipCurve(body: Body, side: 0 | 1, waist: Point, hip: Point): ((y: number) => number) | null {
  const { width: W, height: H, mask, span } = body;
  const out = side === 0 ? -1 : 1;
  // the outline's distance past the line on row y, or null where the walk meets an arm or leaves the picture
  const past = (y0: number): number | null => {
    const y = Math.round(y0);
    if (y < 0 || y >= H) return null;
    let x = Math.round(body.axisX(y));
    if (at(mask, y * W + x) < 128) return null;
    while (x + out >= 0 && x + out < W && at(mask, y * W + x + out) >= 128) {
      if (body.onArm(x + out, y)) return null;
      x += out;
    }
    const t = Math.max(0, Math.min(1, (y - waist.y) / (hip.y - waist.y || 1)));
    return (x - (waist.x + (hip.x - waist.x) * t)) * out;
  };
  const atCrotch = past(hip.y);
  if (atCrotch === null || atCrotch > span * HIP_BACK) return null;
  // (a side whose outline nowhere lies past the line keeps its 5 straight sections as before)
  const rows = Math.max(1, Math.round(hip.y - waist.y));
  let any = false;
  for (let i = 0; i < rows && !any; i++) any = (past(waist.y + i) ?? 0) >= 1;
  return any ? (y: number) => Math.max(0, Math.min(span * HIP_OUT, past(y) ?? 0)) : null;
}
/** A trouser's outer edge goes at most this far (x the span) out past its straight line to the hip's outline. */
const HIP_OUT = 0.05;
/** ...only where that outline at the crotch's row lies at most this far (x the span) past the line. */
const HIP_BACK = 0.01;
/** The sections a trouser's side is drawn in from the waist to the crotch where it follows the hip's outline. */
const HIP_SECTIONS = 10;

/** The legs' outer edges in the mask on row y, searched out from the legs' joints (as `drapeRoom` does). */
function maskLegsExtent(body: Body, y: number): [number, number] {
  const { width: W, height: H, mask } = body;
  const yy = Math.max(0, Math.min(H - 1, Math.round(y)));
  let l = Infinity;
  let r = -Infinity;
  for (const leg of [body.legL, body.legR]) {
    const thigh = yy <= leg.mid.y;
    const a = thigh ? leg.root : leg.mid;
    const b = thigh ? leg.mid : leg.end;
    const t = Math.max(0, Math.min(1, (yy - a.y) / (b.y - a.y || 1)));
    const cx = Math.round(a.x + (b.x - a.x) * t);
    const half = (thigh ? leg.widthRoot : leg.widthEnd) * 0.75;
    for (let x = Math.max(0, Math.round(cx - half)); x <= Math.min(W - 1, Math.round(cx + half)); x++) {
      if ((mask[yy * W + x] ?? 0) < 128) continue;
      l = Math.min(l, x);
      r = Math.max(r, x);
    }
  }
  return r >= l ? [l, r] : [0, 0];
}

/**
 * A thigh's own width on row y: from its axis out to the mask's edge on its outer side, and in to the gap or to the
 * middle between the legs' axes where the thighs touch (the mask's run across touching thighs is both of them);
 * at most the leg's own measured width.
 */
function thighWidth(body: Body, side: 0 | 1, y: number): number {
  const max = (side === 0 ? body.legL : body.legR).widthRoot;
  const run = ownRun(body, side, y, max);
  const w = run && run.outer + run.inner;
  return !w || w < max * 0.3 ? max : Math.min(max, w);
}

/**
 * A long trouser leg's least width on row y: twice the farther of the leg's own edges from its axis (`ownRun`: the
 * strip is centred on the axis, and the sum of the two runs left a calf bulging past the axis bare beside it), at
 * least OWN_LEG_MIN of the leg's measured width `max` (where the legs cross, the axes meet and the middle between
 * them says nothing), at most `max`.
 */
function legOwnWidth(body: Body, side: 0 | 1, y: number, max: number): number {
  const run = ownRun(body, side, y, max);
  return run ? Math.max(max * OWN_LEG_MIN, Math.min(max, 2 * Math.max(run.outer, run.inner))) : max;
}
/**
 * A long trouser leg's outer edge (its destination sections, hip to hem; in place) bridged over any dent inward: the
 * cloth hangs from the hip, over the knee, to the hem, and never follows the leg's bend inward at the knee (the strip
 * turning with the leg's axis there jogged the outer edge in, a step at the knee like a torn warp). Each point is
 * moved out to the outer hull of the sections (x as a function of y).
 */
function hangOuter(dOut: Point[], side: 0 | 1): void {
  const out = side === 0 ? -1 : 1;
  const hull: Point[] = [];
  for (const p of dOut) {
    // (monotone chain down the rows: drop a hull point that lies inside the line from its neighbour to p)
    while (hull.length >= 2) {
      const a = hull[hull.length - 2];
      const b = hull[hull.length - 1];
      if (!a || !b || p.y <= a.y) break;
      const onLine = a.x + ((p.x - a.x) * (b.y - a.y)) / (p.y - a.y);
      if ((b.x - onLine) * out > 0) break;
      hull.pop();
    }
    hull.push(p);
  }
  for (const p of dOut) {
    for (let i = 0; i + 1 < hull.length; i++) {
      const a = hull[i];
      const b = hull[i + 1];
      if (!a || !b || p.y < a.y || p.y > b.y || b.y <= a.y) continue;
      const x = a.x + ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y);
      if ((x - p.x) * out > 0) p.x = x;
      break;
    }
  }
}

/**
 * A fitted long trouser leg's outer edge (its destination sections below the hip; in place) brought in to the leg's
 * own outer edge in the mask plus HUG_EASE spans and the slack, by `k` (0..1; 0 for a wide leg): the strip is centred
 * on the leg's axis, off the leg's middle, and as wide as twice its farther side, so each leg stood out past its leg
 * and hung straight from the hip (`hangOuter`), the two one column with no knee or ankle to it. Only inward, eased in
 * from the hip over the first HUG_FROM of the sections.
 */
function hugOuter(body: Body, dOut: Point[], side: 0 | 1, k: number, slack: number): void {
  if (k <= 0 || dOut.length < 4) return;
  const { width: W, height: H, mask } = body;
  const leg = side === 0 ? body.legL : body.legR;
  const out = side === 0 ? -1 : 1;
  const ease = body.span * HUG_EASE + slack;
  const shift = dOut.map((p, i) => {
    const y = Math.round(p.y);
    const ax = legAxisX(leg, y);
    if (ax === null || y < 0 || y >= H) return 0;
    let x = Math.round(ax);
    while (x + out >= 0 && x + out < W && (mask[y * W + x + out] ?? 0) >= 128) x += out;
    const over = (p.x - (x + out * ease)) * out;
    const from = Math.min(1, i / Math.max(1, (dOut.length - 1) * HUG_FROM));
    return over > 0 ? over * k * from * from * (3 - 2 * from) : 0;
  });
  // (smoothed over HUG_SMOOTH sections either side: the leg's outline bends at the knee, and a shift following it
  // section by section kinked the edge there)
  for (let i = 0; i < dOut.length; i++) {
    const p = dOut[i];
    if (!p) continue;
    let sum = 0;
    let wt = 0;
    for (let j = -HUG_SMOOTH; j <= HUG_SMOOTH; j++) {
      const w = HUG_SMOOTH + 1 - Math.abs(j);
      sum += (shift[Math.max(0, Math.min(dOut.length - 1, i + j))] ?? 0) * w;
      wt += w;
    }
    p.x -= out * (sum / wt);
  }
}
/** A fitted leg's outer edge this far (x the span, plus the slack) past the leg's; eased in over this share. */
const HUG_EASE = 0.012;
const HUG_FROM = 0.2;
const HUG_SMOOTH = 2;

/**
 * How far a long trouser leg's width bound has gone from the thigh's to the calf's (0..1) at `along` the leg: 0 above
 * KNEE_BLEND of the thigh's length above the knee, 1 below KNEE_BLEND of the shin's below it, smooth between.
 */
function kneeBlend(along: number, thighLen: number, shinLen: number): number {
  const a = thighLen * (1 - KNEE_BLEND);
  const b = thighLen + shinLen * KNEE_BLEND;
  const t = Math.max(0, Math.min(1, (along - a) / Math.max(1, b - a)));
  return t * t * (3 - 2 * t);
}
const KNEE_BLEND = 0.3;
/** A long trouser leg is at least this share of the leg's width measured in the mask (both legs where they touch). */
const OWN_LEG_MIN = 0.55;
/** Long trousers: the garment's own leg width at the hem read this share of its leg's length above the hem row. */
const HEM_ROWS = 0.02;

/** The leg's runs in the mask on row y from its axis: out to the outer edge, and in to the gap or the axes' middle. */
function ownRun(body: Body, side: 0 | 1, y: number, max: number): { outer: number; inner: number } | null {
  const { width: W, height: H, mask } = body;
  const leg = side === 0 ? body.legL : body.legR;
  const yy = Math.max(0, Math.min(H - 1, Math.round(y)));
  const ax = legAxisX(leg, yy);
  const other = legAxisX(side === 0 ? body.legR : body.legL, yy);
  if (ax === null || other === null) return null;
  const out = side === 0 ? -1 : 1;
  const run = (dir: number, limit: number) => {
    let d = 0;
    while (d < limit) {
      const x = Math.round(ax + dir * (d + 1));
      if (x < 0 || x >= W || (mask[yy * W + x] ?? 0) < 128) break;
      d++;
    }
    return d;
  };
  const outer = run(out, max);
  const inner = run(-out, Math.min(max, Math.abs(other - ax) / 2));
  return { outer, inner };
}

/**
 * The last rows (from the garment's top) down to which a flat lay's trouser leg's outer and inner edges still run
 * along the leg: below them the edge runs across it, along a slanted hem (chino shorts' leg openings rise to the
 * inseam: the inner edge moved 13 px a row along the cuff) or the hem's anti-aliased last rows (the edge read 0, or
 * half the leg across). The leg's sections read there put the hem's inner corner on the cuff's far end or on x 0:
 * the warp dragged the cuff's dark outline into a torn notch between the legs at the hem. Scanned up from the hem
 * over the leg's lowest HEM_EDGE_SCAN share, while the edge steps more than HEM_EDGE_STEP px a row.
 */
function legEdgeEnds(
  legs: { outer: Float32Array; inner: Float32Array },
  side: 0 | 1,
  crotchRow: number,
  hemRow: number,
): { outer: number; inner: number } {
  const stop = Math.max(crotchRow + 1, Math.round(hemRow - (hemRow - crotchRow) * HEM_EDGE_SCAN));
  const end = (xs: Float32Array) => {
    let r = hemRow;
    const at = (row: number) => xs[row * 2 + side] ?? 0;
    const bad = (row: number) => {
      const across = ((legs.inner[row * 2 + side] ?? 0) - (legs.outer[row * 2 + side] ?? 0)) * (side === 0 ? 1 : -1);
      return across <= 0 || Math.abs(at(row) - at(row - 1)) > HEM_EDGE_STEP;
    };
    while (r > stop && bad(r)) r--;
    return r;
  };
  return { outer: end(legs.outer), inner: end(legs.inner) };
}
/** A leg's edge running across it steps more than this (px a row); looked for over this share of the leg's rows. */
const HEM_EDGE_STEP = 2;
const HEM_EDGE_SCAN = 0.25;

/** A leg's axis at row y (hip -> knee -> ankle, carried on past the ankle), or null above the hip. */
function legAxisX(leg: Body['legL'], y: number): number | null {
  if (y < leg.root.y) return null;
  const thigh = y <= leg.mid.y;
  const a = thigh ? leg.root : leg.mid;
  const b = thigh ? leg.mid : leg.end;
  return a.x + ((b.x - a.x) * (y - a.y)) / (b.y - a.y || 1);
}

/**
 * The gap between the legs on row y that the photo shows: [the left leg's inner edge, the right leg's inner edge],
 * the first and last background pixels of the mask between the legs' axes. null where it shows none (above the
 * hips, legs that touch or cross, an old skirt or dress over them: there the joints' widths are the old garment's
 * and read a slit at the crotch of legs that touch; holding each leg to its side of the midline pinched the strips
 * of legs one in front of the other).
 */
export function legGapAt(body: Body, y: number): [number, number] | null {
  const { width: W, height: H, mask } = body;
  const yy = Math.round(y);
  if (yy < 0 || yy >= H) return null;
  const xl = legAxisX(body.legL, yy);
  const xr = legAxisX(body.legR, yy);
  if (xl === null || xr === null) return null;
  if (xr - xl < 2) return null;
  const a = Math.max(0, Math.ceil(xl));
  const b = Math.min(W - 1, Math.floor(xr));
  let gl = -1;
  let gr = -1;
  for (let x = a; x <= b; x++)
    if ((mask[yy * W + x] ?? 0) < 128) {
      gl = x;
      break;
    }
  for (let x = b; x >= a; x--)
    if ((mask[yy * W + x] ?? 0) < 128) {
      gr = x;
      break;
    }
  return gl >= 0 && gr >= gl ? [gl, gr] : null;
}

/**
 * The gap between the legs on row y where it is at least GAP_OPEN spans wide: a narrower sliver (legs that nearly
 * touch, the mask's edge stepping) is cloth for both trouser legs' ease anyway, and each leg's inner edge following
 * it row by row tore a jagged slit with notches down the middle.
 */
function openGapAt(body: Body, y: number): [number, number] | null {
  const gap = legGapAt(body, y);
  return gap && gap[1] - gap[0] + 1 >= body.span * GAP_OPEN ? gap : null;
}

/**
 * The open gaps between the legs (`openGapAt`) row by row below `y0`, kept only where they run on for GAP_RUN spans
 * of rows: a gap that opens for a few rows (calves that nearly touch) switched each leg's inner edge between the
 * gap and the seam, a zigzag with notches of background.
 */
export function openGaps(body: Body, y0: number): (y: number) => [number, number] | null {
  const from = Math.max(0, Math.ceil(y0));
  const to = Math.min(body.height - 1, Math.round(Math.max(body.legL.end.y, body.legR.end.y) + body.span * 0.3));
  const gaps: ([number, number] | null)[] = [];
  for (let y = from; y <= to; y++) gaps.push(openGapAt(body, y));
  const run = Math.max(2, body.span * GAP_RUN);
  for (let i = 0; i < gaps.length;) {
    if (!gaps[i]) {
      i++;
      continue;
    }
    let j = i;
    while (j < gaps.length && gaps[j]) j++;
    if (j - i < run) for (let k = i; k < j; k++) gaps[k] = null;
    i = j;
  }
  return (y: number) => {
    const i = Math.round(y) - from;
    return i >= 0 && i < gaps.length ? gaps[i]! : openGapAt(body, y);
  };
}

/**
 * The gap between the legs carried up from where it opens to the crotch, where the legs are apart at the knees (the
 * first open gap's top at most GAP_KNEE spans below the knees' line): above it the mask's legs are an old dress's or
 * skirt's one block (ai-body: the gap opens at her dress's hem, by the knees), and the trouser legs met on a seam
 * there, one slab down to the knee. Two trouser legs on legs apart part from the crotch: the gap's edges run on up
 * straight from its top (its edges GAP_TOP spans below where it opens) to a point at the crotch, on the line between
 * the legs; the fill paints the backdrop there over the old garment. Legs that touch at the knees keep their seam;
 * a garment whose hem (`hemY`, about) ends above the gap's top (shorts) parts at its own crotch.
 */
export function gapFromCrotch(
  body: Body,
  crotchY: number,
  gapAt: (y: number) => [number, number] | null,
  hemY = Infinity,
): (y: number) => [number, number] | null {
  const knees = (body.legL.mid.y + body.legR.mid.y) / 2;
  const y0 = Math.ceil(crotchY);
  let top = -1;
  for (let y = y0; y <= knees + body.span * GAP_KNEE && top < 0; y++) if (gapAt(y)) top = y;
  if (top < 0 || top - crotchY < body.span * GAP_LOW || top > hemY) return gapAt;
  const yt = Math.round(top + body.span * GAP_TOP);
  const atYt = gapAt(yt);
  const ty = atYt ? yt : top;
  const edge = atYt ?? gapAt(top);
  if (!edge) return gapAt;
  const apex = body.axisX(crotchY);
  return (y: number) => {
    if (y <= crotchY || y >= ty) return gapAt(y);
    const t = (y - crotchY) / (ty - crotchY);
    return [apex + (edge[0] - apex) * t, apex + (edge[1] + 1 - apex) * t - 1];
  };
}
/**
 * A gap between the legs only at the shins, closing again a little above the hem (shins apart, ankles touching:
 * cgi-model-23), left out: the trouser legs parted round it and met again below it, a diamond hole at the shin over
 * one hem, read as a tear. A gap whose rows all lie below the knees and whose last row is within GAP_CARRY of the
 * inseam (crotch to hem) above the hem; the legs meet on the seam there as where they touch.
 */
function shinGapClosed(
  body: Body,
  gapAt: (y: number) => [number, number] | null,
  crotchY: number,
  hemY: number,
): (y: number) => [number, number] | null {
  const knees = Math.max(body.legL.mid.y, body.legR.mid.y);
  let first = -1;
  let last = -1;
  for (let y = Math.ceil(crotchY); y <= hemY; y++)
    if (gapAt(y)) {
      if (first < 0) first = y;
      last = y;
    }
  if (first < knees || hemY - last > (hemY - crotchY) * GAP_CARRY || hemY - last < 2) return gapAt;
  return (y: number) => (y >= first && y <= last ? null : gapAt(y));
}
/** A gap closing at most this share of the inseam (crotch to hem) above the hem. */
const GAP_CARRY = 0.3;

/** The gap carried up when it opens at most this far (x the span) below the knees; its edges read this far below. */
const GAP_KNEE = 0.1;
const GAP_TOP = 0.05;
/** A gap whose top is within this (x the span) of the crotch needs no carrying up. */
const GAP_LOW = 0.1;

/** The narrowest gap between the legs (x the span) a trouser leg's inner edge follows, and its least run of rows. */
const GAP_OPEN = 0.1;
const GAP_RUN = 0.15;

/**
 * How wide a trouser leg is for its leg, 0..1: 0 for a leg up to WIDE_FROM times the leg's own width at its hem
 * (jeans, chinos), 1 from WIDE_FULL times (wide-leg trousers, a jumpsuit's relaxed legs).
 */
function legWideness(hemW: number, limbW: number): number {
  const r = hemW / Math.max(1, limbW);
  return Math.max(0, Math.min(1, (r - WIDE_FROM) / (WIDE_FULL - WIDE_FROM)));
}
const WIDE_FROM = 1.3;
const WIDE_FULL = 1.8;
/**
 * How far (x the span, plus the trousers' slack) a wide trouser leg's inner edge may lie past the leg's own inner
 * edge, into the gap, and at most this share of its own half of the gap (the rest shows).
 */
const WIDE_INSEAM_EASE = 0.01;
const WIDE_INTO_GAP = 0.35;

/**
 * A trouser leg's destination sections kept on its own side of the gap between the legs (in place): an inner edge
 * past the leg's own inner edge (the gap's edge in the mask) is brought back to it, so the background the photo
 * shows between the legs shows between the trouser legs too (an ease of the span's 0.01 plus the trousers' slack
 * into the gap covered a third of it, and the mask's edge already bleeds over it: jeans on legs apart read as one
 * slab). A wide leg (`wide` 1) keeps that ease, up to WIDE_INTO_GAP of its half of the gap (its room outward is taken
 * already: it hangs up to WIDE_LEG times the leg, near the safety gate's room past the legs; giving the outer side
 * what the inner one lost stepped the sides out at the top of the gap, off the silhouette, or bulged them).
 */
function keepLegGap(
  body: Body,
  dIn: Point[],
  side: 0 | 1,
  seam: ((y: number) => number | null) | null,
  gapAt: (y: number) => [number, number] | null,
  wide: number,
  slack: number,
  cross: { under: 0 | 1; frontEnd: number | null } = { under: 0, frontEnd: null },
): void {
  const ease = body.span * WIDE_INSEAM_EASE + slack;
  // (at least CROSS_SEAM_SLOPE times as long as the edge moves across: a wide leg's own edge lies far past the seam,
  // and a short ramp drew a folded corner at the knee)
  const end0 = cross.frontEnd;
  const atEnd = end0 === null ? null : dIn.reduce((a, b) => (Math.abs(b.y - end0) < Math.abs(a.y - end0) ? b : a));
  const seamAtEnd = end0 === null ? null : seam?.(end0);
  const shift = atEnd && seamAtEnd !== null && seamAtEnd !== undefined ? Math.abs(atEnd.x - seamAtEnd) : 0;
  const ramp = Math.max(body.span * CROSS_SEAM_RAMP, shift * CROSS_SEAM_SLOPE);
  for (let i = 1; i < dIn.length; i++) {
    const p = dIn[i]!;
    const gap = gapAt(p.y);
    if (!gap) {
      // legs that touch: each trouser leg up to the seam between them (the first drawn, the left, a little past
      // it, under the right one's edge: no background line between the two)
      const x = seam?.(p.y);
      if (x === null || x === undefined) continue;
      // (and at least up to it: a leg narrower than its half, a thigh-hugging short's, left a hairline slit of the
      // old garment or background down the seam)
      const on = side === cross.under ? x + (side === 0 ? 1 : -1) * body.span * SEAM_UNDERLAP : x;
      // (the front one of legs crossing lower down: from the seam back to its own inner edge over the last
      // CROSS_SEAM_RAMP spans above the seam's end, not a step out there, a folded corner)
      const end = cross.frontEnd;
      const t = end === null ? 0 : Math.max(0, Math.min(1, 1 - (end - p.y) / ramp));
      p.x = on + (p.x - on) * t * t * (3 - 2 * t);
      continue;
    }
    const into = wide * Math.min(ease, ((gap[1] - gap[0]) / 2) * WIDE_INTO_GAP);
    const bound = side === 0 ? gap[0] + into : gap[1] - into;
    const over = side === 0 ? p.x - bound : bound - p.x;
    if (over <= 0) continue;
    p.x = bound;
  }
}

/**
 * Where the legs touch at the hem, the two trouser legs' inner edges part towards it (in place): from `rise` above the
 * hem (HEM_RISE spans; shorts from their crotch) down, each leg's inner edge turns away from the seam, HEM_PART spans a side at the hem, an inverted V
 * between two leg openings (meeting on the seam down to the hem, the two legs read as one column with a slit).
 */
function partHems(
  body: Body,
  dIn: Point[],
  side: 0 | 1,
  seam: ((y: number) => number | null) | null,
  gapAt: (y: number) => [number, number] | null,
  rise: number,
  wider = 1,
): void {
  const last = dIn.at(-1);
  if (!seam || !last || dIn.length < 2) return;
  let along = 0;
  // (the distance along the edge as it was: measured to the point below once parted, the parting's own sideways
  // shift counted as length, and the V rose a third as high as meant)
  let below = last;
  for (let i = dIn.length - 1; i >= 1 && along < rise; i--) {
    const p = dIn[i]!;
    if (i < dIn.length - 1) along += dist(p, below);
    below = { x: p.x, y: p.y };
    const f = Math.max(0, 1 - along / rise);
    const x = seam(p.y);
    if (x === null || gapAt(p.y)) continue;
    // (shorts: a rounded crotch between the openings, not a narrow slit that opens at the hem only)
    const part = body.span * HEM_PART * wider * (wider > 1 ? Math.sqrt(f) : f);
    if (side === 0) p.x = Math.min(p.x, x + body.span * SEAM_UNDERLAP * (1 - f) - part);
    else p.x = Math.max(p.x, x + part);
  }
}

/**
 * The garment's part labels with a trouser leg's inner outline left out (a copy of `g.labels`) on the source rows
 * between sections `over` the other leg (the right leg on the seam, the left one in front where the legs cross):
 * the flat lay's dark edge line, OUTLINE_BAND of the waist wide, drawn there came out as a ragged dark line (each
 * row's edge pixel a step). Unlabelled pixels are not read by the warp, so the leg's cloth ends just short of its
 * inner edge, over the other leg's cloth. The leg underneath keeps its outline (hidden, and without it its cloth
 * ended short of the seam).
 */
function blankInnerOutline(
  g: ReturnType<typeof lowerLayout>,
  W: number,
  side: 0 | 1,
  si: Point[],
  over: boolean[],
): Uint8Array {
  const legs = g.legs;
  if (!legs || !over.some(Boolean)) return g.labels;
  const band = Math.max(2, Math.round(((g.edgeR[0] ?? 0) - (g.edgeL[0] ?? 0)) * OUTLINE_BAND));
  const part = side === 0 ? PART_LEFT : PART_RIGHT;
  const out = g.labels.slice();
  for (let i = 0; i + 1 < si.length; i++) {
    if (!over[i] || !over[i + 1]) continue;
    for (let y = Math.round(si[i]!.y); y < Math.round(si[i + 1]!.y); y++) {
      const row = y - g.top;
      if (row < 0 || row > g.hem - g.top) continue;
      const edge = legs.inner[row * 2 + side] ?? 0;
      const x0 = Math.max(0, Math.floor(side === 0 ? edge - band : edge - 1));
      const x1 = Math.min(W - 1, Math.ceil(side === 0 ? edge + 1 : edge + band));
      for (let x = x0; x <= x1; x++) if (out[y * W + x] === part) out[y * W + x] = 0;
    }
  }
  return out;
}

/** A leg's inner edge as drawn (its destination sections, top to bottom) as x on row y; null off its rows. */
function edgeLine(dIn: Point[]): (y: number) => number | null {
  return (y: number) => {
    for (let i = 0; i + 1 < dIn.length; i++) {
      const a = dIn[i]!;
      const b = dIn[i + 1]!;
      if (y < Math.min(a.y, b.y) || y > Math.max(a.y, b.y)) continue;
      return a.x + ((b.x - a.x) * (y - a.y)) / (b.y - a.y || 1);
    }
    return null;
  };
}
/** The flat lay's outline along a trouser leg's inner edge, left out on the seam: its width (x the waist's). */
const OUTLINE_BAND = 0.008;

/** The inverted V between the trouser legs' openings at the hem: its height and half-width at the hem (x the span). */
const HEM_RISE = 0.12;
const HEM_PART = 0.025;
/**
 * Shorts' legs part at the hem so much higher and wider (x HEM_RISE, HEM_PART): each opening round its own thigh
 * (4x, 0.1 spans a side at the hem: the V read as a slit in one block, legs-merged).
 */
const SHORTS_HEM_RISE = 3;
const SHORTS_HEM_PART = 7;
/**
 * Shorts' crotch, where their legs part (legs that touch): this share of the way from the hip joint to the knee (0.3:
 * the V began low, a dark blur above it, one block).
 */
const SHORTS_CROTCH = 0.2;

/** How far (x the span) the left trouser leg goes on under the right one past the seam where the legs touch. */
const SEAM_UNDERLAP = 0.03;
/** Legs side by side (not one in front of the other): their axes at least this many mean leg widths apart. */
const SIDE_BY_SIDE = 0.7;
/** The shade along the boundary between the two trouser legs: its width (x the span) and depth at the seam. */
const INSEAM_SHADE_W = 0.05;
const INSEAM_SHADE = 0.45;
/** The fold where one trouser leg meets the other: its half-width (x the span, at least a pixel) and depth. */
const INSEAM_CREASE_W = 0.006;
const INSEAM_CREASE = 0.35;
/** The seam's offset from the middle between the legs' axes is averaged over this many spans along the legs. */
const SEAM_SMOOTH = 0.25;
/** Each trouser leg turning away from the light towards its sides: the band (x the leg's half-width) and depth. */
const LEG_TURN_W = 0.45;
const LEG_TURN = 0.22;
/**
 * A trouser leg's side where it meets the other leg on the seam (no gap between them): the band (x the leg's
 * half-width) and depth of its turn, the other leg shading it.
 */
const LEG_MEET_W = 1;
const LEG_MEET = 0.55;
/**
 * ...on rows where the legs meet on the seam with no gap showing between them, that band is at most this wide (x the
 * span), a valley into the fold on the seam: over the whole half-width of a wide flat leg, with a wide soft bell on
 * the seam, it was a broad dark smudge down the middle, one column; each wide leg keeps its own light now.
 */
const LEG_FOLD_W = 0.1;
/** ...eased over the rows within this far (x the span) up and down. */
const FOLD_EASE = 0.05;
/** Legs parting below the seam: the meeting side's valley eases to a plain turn as the edge leaves it (x the span). */
const PARTED_MEET = 0.12;
/** A trouser leg's run on a row is looked for this far (x the span) either side of its axis. */
const RUN_REACH = 0.1;
/** ...its runs parted by at most this many pixels (x the span, at least 2) of another's are one run. */
const RUN_JOIN = 0.015;
/**
 * A trouser leg whose inner edge lies past the seam by at most this (x the span: twice SEAM_UNDERLAP, the left leg's
 * underlap plus the hem's rounding) is still on it below the other leg's higher hem.
 */
const UNDER_SEAM = 2 * SEAM_UNDERLAP;

/**
 * Where the legs touch, the line the two trouser legs meet on: from the body's axis at the crotch to the middle of
 * the first gap the photo shows between them (thighs together, knees or calves apart), and below that from one
 * gap's middle to the next across the rows where the gap closes (legs that nearly touch show it on some rows only:
 * each leg's inner edge switching between the gap's edge and its own width drew a zigzag), on rows where the legs
 * stand side by side. Where the photo shows no gap on the legs at all: `touchingSeam` (legs crossing or one in front of the
 * other: each leg keeps its own width there); below the last gap it goes on along the legs at that gap's offset.
 */
export function inseamLine(
  body: Body,
  crotchY: number,
  gapAt: (y: number) => [number, number] | null = openGaps(body, crotchY),
  hemY = Infinity,
): ((y: number) => number | null) | null {
  const end = Math.min(body.height - 1, Math.round(Math.max(body.legL.end.y, body.legR.end.y)));
  const y0 = Math.ceil(crotchY);
  const rows: number[] = [];
  const mids: number[] = [];
  for (let y = y0; y <= end; y++) {
    const gap = gapAt(y);
    if (!gap || !sideBySide(body, y)) continue;
    rows.push(y);
    mids.push((gap[0] + gap[1]) / 2);
  }
  if (!rows.length) return touchingSeam(body, crotchY, hemY);
  // smoothed along the legs: the gap's middle as an offset from the middle between the legs' axes (hip -> knee ->
  // ankle), averaged over SEAM_SMOOTH spans (the mask's edges between nearly touching legs step from row to row,
  // and a shorter average drew a wavy seam, a tear, down legs that touch)
  const between = (y: number) => {
    const l = legAxisX(body.legL, y);
    const r = legAxisX(body.legR, y);
    return l === null || r === null ? body.axisX(y) : (l + r) / 2;
  };
  const off = mids.map((m, i) => m - between(rows[i] ?? 0));
  const k = body.span * SEAM_SMOOTH;
  const smooth = off.map((_, i) => {
    let sum = 0;
    let n = 0;
    for (let j = i; j >= 0 && (rows[i] ?? 0) - (rows[j] ?? 0) <= k; j--, n++) sum += off[j] ?? 0;
    for (let j = i + 1; j < rows.length && (rows[j] ?? 0) - (rows[i] ?? 0) <= k; j++, n++) sum += off[j] ?? 0;
    return sum / n;
  });
  off.splice(0, off.length, ...smooth);
  rows.unshift(crotchY);
  off.unshift(body.axisX(crotchY) - between(crotchY));
  const last = rows[rows.length - 1] ?? 0;
  const end2 = Math.max(body.legL.end.y, body.legR.end.y) + body.span * 0.3;
  return (y: number) => {
    if (y <= crotchY || y > end2 || !sideBySide(body, y)) return null;
    // below the last gap: on along the legs at its offset (each leg's own width there left a hole where the strip's
    // inner edge went from the seam to the leg's own width)
    if (y > last) return between(y) + (off[off.length - 1] ?? 0);
    // the gap rows either side of y (binary search)
    let lo = 0;
    let hi = rows.length - 1;
    while (hi - lo > 1) {
      const m = (lo + hi) >> 1;
      if ((rows[m] ?? 0) <= y) lo = m;
      else hi = m;
    }
    const ya = rows[lo] ?? 0;
    const yb = rows[hi] ?? 0;
    return between(y) + (off[lo] ?? 0) + (((off[hi] ?? 0) - (off[lo] ?? 0)) * (y - ya)) / (yb - ya || 1);
  };
}

/**
 * The seam where the photo shows no gap between the legs at all (legs together down to the feet): the middle
 * between the legs' axes, eased from the body's axis at the crotch over SEAM_SMOOTH spans. null where the axes
 * cross (one leg in front of the other: each leg keeps its own width). Without it the two trouser legs were drawn
 * each across the other down to the hem, one column.
 */
function touchingSeam(body: Body, crotchY: number, hemY: number): ((y: number) => number | null) | null {
  const end = Math.max(body.legL.end.y, body.legR.end.y) + body.span * 0.3;
  const between = (y: number) => {
    const l = legAxisX(body.legL, y);
    const r = legAxisX(body.legR, y);
    return l === null || r === null ? null : { l, r, m: (l + r) / 2 };
  };
  // legs crossing (one in front of the other) keep each its own width below where the thighs stop standing side by
  // side (`crossSeamEnd`); above it they meet on the seam (each drawn its own width there, one block to the knee)
  // (legs crossing below the garment's hem, about `hemY`: shorts on thighs side by side above a catwalk's crossed
  // knees or shins meet on a seam and part at their crotch; without it they were one block)
  const at = between(crotchY);
  if (!at) return null;
  const until = legsCross(body, crotchY, hemY) ? crossSeamEnd(body, crotchY) : end;
  if (until === null) return null;
  const off0 = body.axisX(crotchY) - at.m;
  const k = body.span * SEAM_SMOOTH;
  return (y: number) => {
    if (y <= crotchY || y > until) return null;
    const b = between(y);
    return b ? b.m + off0 * Math.max(0, 1 - (y - crotchY) / k) : null;
  };
}
/**
 * A leg standing behind the other (its foot higher in the picture by FRONT_FOOT spans; the legs' axes crossing,
 * `legsCross`: legs whose axes do not cross meet on a seam, each on its own side, two legs already) whose ankle
 * keypoint lies on the front leg (within HIDDEN_ON_FRONT of the front leg's shin width of its axis) and deeper inside the mask from
 * the back leg's outer side than its own knee (an ankle is narrower than a knee: one deeper in lies on the other
 * leg): the back leg's ankle moved out along its row to the mask's outer edge there less ANKLE_SHARE of the knee's
 * depth (the back shin is what shows beside the front one). cgi-model-4's back ankle lay on the front shin (11 px
 * past the front leg's axis; its real shin showed beside it): its trouser leg was drawn behind the front one, hidden
 * by it from the knee down, one column with one hem. The moved leg is taken as behind the other (`legBehind`: drawn
 * under the front leg, each its own width below the thighs, as legs that cross), now showing beside it to its own
 * hem. A copy of the body with that leg replaced, or the body itself.
 */
function backLegFromMask(body: Body, crotchY: number): Body {
  const { width: W, height: H, mask, span } = body;
  const dy = body.legL.end.y - body.legR.end.y;
  if (Math.abs(dy) <= span * FRONT_FOOT || !legsCross(body, crotchY)) return body;
  const backRight = dy > 0;
  const back = backRight ? body.legR : body.legL;
  const front = backRight ? body.legL : body.legR;
  const out = backRight ? 1 : -1;
  const fa = legAxisX(front, back.end.y);
  if (fa === null || Math.abs(back.end.x - fa) > front.widthEnd * HIDDEN_ON_FRONT) return body;
  // the mask's edge on the back leg's outer side of (x, y), walked along the row; null off the mask
  const inMask = (x: number, y: number) => x >= 0 && x < W && y >= 0 && y < H && at(mask, y * W + x) >= 128;
  const edge = (x0: number, y0: number): number | null => {
    const y = Math.round(y0);
    let x = Math.round(x0);
    if (!inMask(x, y)) return null;
    while (inMask(x + out, y)) x += out;
    return x;
  };
  const ek = edge(back.mid.x, back.mid.y);
  const ea = edge(back.end.x, back.end.y);
  if (ek === null || ea === null) return body;
  const kneeDepth = (ek - back.mid.x) * out;
  const ankleDepth = (ea - back.end.x) * out;
  if (kneeDepth <= 0 || ankleDepth <= kneeDepth) return body;
  const leg = { ...back, end: { x: ea - out * kneeDepth * ANKLE_SHARE, y: back.end.y } };
  const moved = backRight ? { ...body, legR: leg } : { ...body, legL: leg };
  legBehind.add(moved);
  return moved;
}
/**
 * The front leg's inner edge (its destination sections, in place; `side` the front leg) over a back leg that
 * `backLegFromMask` moved out from behind it, below `from`: at most to the back leg's axis (down to its ankle; below,
 * on from there parallel to the front leg's axis). The front leg drawn its own width about its axis covered the
 * back shin the photo shows beside it (the front leg's axis off its shin's middle towards the back leg: cgi-model-4's
 * front leg reached 25 px past the mask's edge): one column with one hem.
 */
function frontOverBack(body: Body, dIn: Point[], side: 0 | 1, from: number): void {
  const front = side === 0 ? body.legL : body.legR;
  const back = side === 0 ? body.legR : body.legL;
  const fEnd = legAxisX(front, back.end.y);
  if (fEnd === null) return;
  for (const p of dIn) {
    if (p.y <= from) continue;
    const f = legAxisX(front, p.y);
    const b = p.y <= back.end.y ? legAxisX(back, p.y) : f === null ? null : back.end.x + f - fEnd;
    if (b === null) continue;
    p.x = side === 0 ? Math.min(p.x, b) : Math.max(p.x, b);
  }
}

/** Bodies whose back leg `backLegFromMask` moved out from behind the front one: their legs count as crossing. */
const legBehind = new WeakSet<Body>();
/** The crotch's line this share of the torso's height below the hip joints. */
const CROTCH_DROP = 0.14;
/** The back ankle on the front leg: within this share of the front shin's width of its axis. */
const HIDDEN_ON_FRONT = 0.3;
/** The back ankle moved to this share of its knee's depth inside the mask's outer edge. */
const ANKLE_SHARE = 0.5;

/** Legs' axes crossed by more than this (x the span): one leg in front of the other, no seam between them. */
const TOUCH_CROSS = 0.05;

/**
 * The legs' axes cross (by more than TOUCH_CROSS spans) between the crotch and the ankles (or `until`, a garment's
 * hem, if higher): one leg in front.
 */
function legsCross(body: Body, crotchY: number, until = Infinity): boolean {
  // (a leg moved out from behind the other, `backLegFromMask`: behind it from the knees down)
  if (legBehind.has(body) && until > Math.min(body.legL.mid.y, body.legR.mid.y)) return true;
  const ankles = Math.min(until, (body.legL.end.y + body.legR.end.y) / 2);
  for (let y = Math.ceil(crotchY); y <= ankles; y++) {
    const l = legAxisX(body.legL, y);
    const r = legAxisX(body.legR, y);
    if (l !== null && r !== null && r - l < -body.span * TOUCH_CROSS) return true;
  }
  return false;
}

/**
 * Where the legs cross, whether the left one (in the image) is in front: its foot lower in the picture (nearer the
 * camera: cgi-model-27's and cgi-model-4's crossing legs). Its trouser leg is then drawn over the right one's (each
 * its own tube); drawn under it, the front leg's trouser showed only below the back one's, a flap folded at the hem.
 */
function leftLegInFront(body: Body, crotchY: number, until = Infinity): boolean {
  return body.legL.end.y - body.legR.end.y > body.span * FRONT_FOOT && legsCross(body, crotchY, until);
}

/**
 * Legs that cross lower down: the last row from the crotch down on which they still stand side by side (the seam
 * between the thighs ends there), or null when that is less than CROSS_SEAM_MIN spans below the crotch.
 */
function crossSeamEnd(body: Body, crotchY: number): number | null {
  const ankles = (body.legL.end.y + body.legR.end.y) / 2;
  let y = Math.ceil(crotchY);
  while (y < ankles && sideBySide(body, y)) y++;
  return y - crotchY < body.span * CROSS_SEAM_MIN ? null : y;
}
/** Thighs side by side at least this far (x the span) below the crotch meet on a seam above a crossing. */
const CROSS_SEAM_MIN = 0.3;
/** The front leg's inner edge goes from the seam to its own over this far (x the span) above the seam's end. */
const CROSS_SEAM_RAMP = 0.3;
const CROSS_SEAM_SLOPE = 4;
/** The front leg's foot at least this much lower (x the span) than the back one's. */
const FRONT_FOOT = 0.1;

/** The legs side by side on row y: their axes apart by at least SIDE_BY_SIDE of their mean width there. */
function sideBySide(body: Body, y: number): boolean {
  const xl = legAxisX(body.legL, y);
  const xr = legAxisX(body.legR, y);
  if (xl === null || xr === null) return false;
  const w = (l: Body['legL']) => (y <= l.mid.y ? l.widthRoot : l.widthEnd);
  return xr - xl >= (SIDE_BY_SIDE * (w(body.legL) + w(body.legR))) / 2;
}

/**
 * The shade between two trouser legs (in place): below the crotch, the cloth within INSEAM_SHADE_W of where one
 * leg meets the other (the draw calls `a` and `b` part) or of the gap between them is darkened towards that edge,
 * as each leg turns away from the light there: without it the two legs read as one slab.
 */
function shadeInseam(
  layer: Layer,
  body: Body,
  a: number,
  b: number,
  crotchY: number,
  seam: ((y: number) => number | null) | null,
  gapAt: (y: number) => [number, number] | null,
  front: { outer: (y: number) => number | null; call: number } | null = null,
): void {
  const crossing = front !== null;
  const { width: W, data, stamp } = layer;
  const w = Math.max(2, body.span * INSEAM_SHADE_W);
  const ramp = body.torsoH * 0.05;
  const y0 = Math.max(0, Math.ceil(crotchY));
  const y1 = Math.min(layer.height - 1, layer.y1);
  const edges: number[] = [];
  const folds: number[] = [];
  const crease = Math.max(1.5, body.span * INSEAM_CREASE_W);
  const soft: number[] = [];
  const seamW = w * SEAM_SHADE_W;
  const owner = (p: number) => ((data[p * 4 + 3] ?? 0) < 128 ? 0 : stamp[p] === a ? 1 : stamp[p] === b ? 2 : 3);
  for (let y = y0; y <= y1; y++) {
    const xl = legAxisX(body.legL, y);
    const xr = legAxisX(body.legR, y);
    if (xl === null || xr === null) continue;
    const lo = Math.max(1, Math.floor(Math.min(xl, xr)));
    const hi = Math.min(W - 1, Math.ceil(Math.max(xl, xr)));
    edges.length = 0;
    folds.length = 0;
    soft.length = 0;
    const sx = seamOn(body, seam, gapAt, y);
    const ox = front?.outer(y + 0.5) ?? null;
    // legs crossing: the front leg's edge over the back one lies past the legs' axes wherever the two cross at a
    // slant (a wide front leg's inner edge beyond the back leg's axis at mid-thigh, its outer edge over the back leg's
    // hem beside it): looked for across the whole drawn row, one leg meeting the other only (not a leg's outer side
    // on the background). Between the axes alone, the shade along it stopped mid-thigh, one column below.
    const from = crossing ? Math.max(1, layer.x0) : lo;
    const to = crossing ? Math.min(W - 1, layer.x1) : hi;
    for (let x = from; x <= to; x++) {
      const p = y * W + x;
      const o = owner(p);
      const q = owner(p - 1);
      if ((x < lo || x > hi) && !(o && q && o !== q && o < 3 && q < 3)) continue;
      // one leg meeting the other on the seam: at the seam's own (smooth, sub-pixel) line, not at the pixel where
      // the legs' cloth changes (a step on every row: a ragged dark line)
      // (the front leg's outer edge over the back leg likewise at its own line)
      const near = (v: number | null) =>
        o && q && o !== q && v !== null && Math.abs(x - 0.5 - v) < body.span * SEAM_NEAR;
      const e = near(sx) && sx !== null ? sx : near(ox) && ox !== null ? ox : x - 0.5;
      // one leg meeting the other, or a leg's edge at the gap between them (the seam's line: once, shaded below)
      if (o !== q && (o === 1 || o === 2 || q === 1 || q === 2) && e !== sx) edges.push(e);
      // one leg meeting the other: a fold, not only a shade (on the seam, a soft one)
      if (o && q && o !== q) (e === sx ? soft : folds).push(e);
    }
    if (!edges.length && !soft.length) continue;
    const ramped = Math.min(1, (y - crotchY) / ramp);
    const k = INSEAM_SHADE * ramped;
    const sLo = Math.min(lo, ...edges, ...soft);
    const sHi = Math.max(hi, ...edges, ...soft);
    const castW = crossing ? body.span * CAST_W : 0;
    const reach = Math.max(w, castW);
    for (let x = Math.max(0, Math.floor(sLo - reach)); x <= Math.min(W - 1, Math.ceil(sHi + reach)); x++) {
      const p = y * W + x;
      if (!owner(p)) continue;
      let d = Infinity;
      for (const e of edges) d = Math.min(d, Math.abs(x + 0.5 - e));
      let ds = Infinity;
      for (const e of soft) ds = Math.min(ds, Math.abs(x + 0.5 - e));
      // legs crossing: the front leg casts a shadow on the back one beside where it lies over it (CAST deep, CAST_W
      // spans wide, on the back leg's cloth only): a crease shading both legs alike read as one column with a line
      let db = Infinity;
      if (front && (stamp[p] === a || stamp[p] === b) && stamp[p] !== front.call)
        for (const e of [...folds, ...soft]) db = Math.min(db, Math.abs(x + 0.5 - e));
      const cast = db < castW ? 1 - CAST * ramped * (1 - db / castW) ** 1.5 : 1;
      if (d >= w && ds >= seamW && cast >= 1) continue;
      let f = d < w ? 1 - k * (1 - d / w) ** 2 : 1;
      // on the seam: a soft fold, a smooth bell (a V's bottom, or a narrow crease, off the pixel grid read as a
      // drawn dark line stepping from row to row)
      if (ds < seamW) f = Math.min(f, 1 - SEAM_SHADE * ramped * (1 - (ds / seamW) ** 2) ** 2);
      // legs crossing: the front leg keeps its light up to its edge (FRONT_EDGE_SHADE of the shade), the back one
      // is shaded beside it: one leg over the other, not a fold shading both alike (a crease in one column)
      if (front && stamp[p] === front.call) f = 1 - (1 - f) * FRONT_EDGE_SHADE;
      f = Math.min(f, cast);
      let dc = Infinity;
      for (const e of folds) dc = Math.min(dc, Math.abs(x + 0.5 - e));
      if (dc < crease) f *= 1 - INSEAM_CREASE * ramped * (1 - dc / crease);
      data[p * 4] = (data[p * 4] ?? 0) * f;
      data[p * 4 + 1] = (data[p * 4 + 1] ?? 0) * f;
      data[p * 4 + 2] = (data[p * 4 + 2] ?? 0) * f;
    }
  }
}

/**
 * The seam's x on row y where the two trouser legs meet on it (no open gap between them there), else null.
 */
function seamOn(
  body: Body,
  seam: ((y: number) => number | null) | null,
  gapAt: (y: number) => [number, number] | null,
  y: number,
): number | null {
  if (!seam || gapAt(y)) return null;
  return seam(y + 0.5);
}
/** Legs crossing: the share of the shade along the front leg's edges that falls on the front leg's own cloth. */
const FRONT_EDGE_SHADE = 0.35;
/** Legs crossing: the shadow the front leg casts on the back one beside its edges: its width (x the span), depth. */
const CAST_W = 0.12;
const CAST = 0.5;
/** A boundary between the two trouser legs this close to the seam (x the span) is drawn on the seam's line. */
const SEAM_NEAR = 0.03;
/**
 * The shade on the seam, a smooth bell: its half-width (x INSEAM_SHADE_W) and depth: the fold where the legs meet
 * (1.2 and 0.3 with the broad valley: a soft smudge; much narrower, its sides' curve read as steps of light).
 */
const SEAM_SHADE_W = 0.7;
const SEAM_SHADE = 0.4;

/**
 * Each trouser leg shaded as a tube (in place): below the crotch, the cloth within LEG_TURN_W of its half-width from
 * either side of its own run on the row (the leg drawn by call `a` or `b`, found around its own axis) is darkened
 * towards that side, as the leg turns away from the light: two tubes, not one flat slab across legs that touch.
 */
function shadeLegs(
  layer: Layer,
  body: Body,
  a: number,
  b: number,
  crotchY: number,
  seam: ((y: number) => number | null) | null,
  gapAt: (y: number) => [number, number] | null,
  meet: boolean,
): void {
  const { width: W, data, stamp } = layer;
  const ramp = body.torsoH * 0.1;
  const y0 = Math.max(0, Math.ceil(crotchY));
  const y1 = Math.min(layer.height - 1, layer.y1);
  const x0 = Math.max(0, layer.x0);
  const x1 = Math.min(W - 1, layer.x1);
  // the share of rows within FOLD_EASE spans on which the legs meet on the seam, over a half (the valley's width eases
  // between the fold's and the gap's; switched on a row, a few rows where the gap closed drew a pale tick across them)
  const sxs: (number | null)[] = [];
  for (let y = y0; y <= y1; y++) sxs.push(seamOn(body, seam, gapAt, y));
  const sums = [0];
  for (const v of sxs) sums.push((sums[sums.length - 1] ?? 0) + (v === null ? 0 : 1));
  const ease = Math.max(1, Math.round(body.span * FOLD_EASE));
  const foldShare = (i: number) => {
    const a = Math.max(0, i - ease);
    const b = Math.min(sxs.length, i + ease + 1);
    return Math.max(0, 2 * (((sums[b] ?? 0) - (sums[a] ?? 0)) / Math.max(1, b - a)) - 1);
  };
  for (let y = y0; y <= y1; y++) {
    const k = LEG_TURN * Math.min(1, (y - crotchY) / ramp);
    const sx = sxs[y - y0] ?? null;
    const fold = foldShare(y - y0);
    for (const side of [0, 1]) {
      const leg = side ? body.legR : body.legL;
      const call = side ? b : a;
      const ax = legAxisX(leg, y);
      if (ax === null) continue;
      const mine = (x: number) => (data[(y * W + x) * 4 + 3] ?? 0) >= 128 && stamp[y * W + x] === call;
      // the leg's run on this row: the longest of its own runs within RUN_REACH spans of its axis (the nearest one
      // was, on some rows, a 1-px sliver of it showing on the seam beside the other leg's edge: those rows went
      // unshaded, a barcode of pale streaks across the leg where the legs' axes meet)
      // (runs parted by at most RUN_JOIN px of the other leg are one: the sliver shaded with the leg, not a pale dash)
      const c = Math.round(ax);
      const reach = Math.max(1, Math.round(body.span * RUN_REACH));
      const join = Math.max(2, Math.round(body.span * RUN_JOIN));
      let l = -1;
      let r = -2;
      for (let x = Math.max(x0, c - reach); x <= Math.min(x1, c + reach); x++) {
        if (!mine(x)) continue;
        let a = x;
        for (let z = x - 1, gap = 0; z >= x0 && gap <= join; z--) {
          if (!mine(z)) gap++;
          else {
            a = z;
            gap = 0;
          }
        }
        let e = x;
        for (let z = x + 1, gap = 0; z <= x1 && gap <= join; z++) {
          if (!mine(z)) gap++;
          else {
            e = z;
            gap = 0;
          }
        }
        if (e - a > r - l) {
          l = a;
          r = e;
        }
        x = e;
      }
      if (r < l) continue;
      const half = (r - l + 1) / 2;
      const band = Math.max(2, half * LEG_TURN_W);
      // its side on the seam at the seam's own line (the pixel where the other leg's cloth begins steps each row)
      const near = body.span * SEAM_NEAR;
      let lo = side && sx !== null && Math.abs(l - sx) < near ? sx : l;
      let hi = !side && sx !== null && Math.abs(r + 1 - sx) < near ? sx : r + 1;
      // the side that meets the other leg on the seam turns deeper and over more of the leg (the other leg shades
      // it): two tubes meeting in a valley, not one slab with a thin fold (legs side by side only: the front leg's
      // edge across a crossed leg is not a valley)
      // (and where the legs part below the seam, at the hem's V or a short's crotch: the valley eased out over the
      // V's width, `PARTED_MEET`; switched off where the edge left the seam, it stepped the shade square beside the V)
      // (and where a gap opens between the legs below the knee, from the seam's own line through it: switched off on
      // the gap's first row, the valley stopped in a dark step across the legs at the knee, wide legs and jeans on
      // ai-body, the legs below it one flat slab)
      const line = sx ?? (meet ? (seam?.(y + 0.5) ?? null) : null);
      const fromSeam = line === null ? Infinity : side ? l - line : line - (r + 1);
      // (a leg going on past the seam by no more than its underlap, where the other leg's hem ends above it: still
      // on the seam, its valley measured from the seam's line; switched to a plain turn there, a pale square patch
      // at the top of the hems' V between the valley's shade above and below it)
      const under = meet && line !== null && fromSeam < -near && fromSeam >= -near - body.span * UNDER_SEAM;
      if (under && side) lo = line;
      if (under && !side) hi = line;
      const open =
        fromSeam < -near && !under ? 1 : Math.max(0, Math.min(1, (fromSeam - near) / (body.span * PARTED_MEET)));
      const onSeam = meet && open < 1;
      const meetW =
        half * LEG_MEET_W + (Math.min(half * LEG_MEET_W, body.span * LEG_FOLD_W) - half * LEG_MEET_W) * fold;
      const deep = Math.max(band, meetW * (1 - open) + band * open);
      const kMeet = (LEG_MEET * (1 - open) + LEG_TURN * open) * Math.min(1, (y - crotchY) / ramp);
      for (let x = l; x <= r; x++) {
        if (!mine(x)) continue;
        const dl = Math.max(0, x + 0.5 - lo);
        const dh = Math.max(0, hi - x - 0.5);
        const din = side ? dl : dh;
        const dout = side ? dh : dl;
        let f = dout < band ? 1 - k * (1 - dout / band) ** 2 : 1;
        if (onSeam) {
          if (din < deep) f = Math.min(f, 1 - kMeet * (1 - din / deep) ** 2);
        } else if (din < band) f = Math.min(f, 1 - k * (1 - din / band) ** 2);
        if (f >= 1) continue;
        const o = (y * W + x) * 4;
        data[o] = (data[o] ?? 0) * f;
        data[o + 1] = (data[o + 1] ?? 0) * f;
        data[o + 2] = (data[o + 2] ?? 0) * f;
      }
    }
  }
}
