/**
 * The Fitly engine's try-on: analyse the person (at <= 1024 px), refuse what is not a whole body, find each
 * garment, then for each in layering order: place it (TPS body, limb pieces), let hair, neck, hands and forearms
 * stay in front, fill what the old garment of the same slot showed outside the new one (skin or background
 * diffused from around it), carry the photo's light onto the garment and composite with a soft edge, at the
 * photo's own resolution.
 */
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
import { detectGarment, type DetectedGarment, type EngineSlot } from './garment/garment';
import { evenPhotoLight, sharpenEnlarged } from './garment/product-photo';
import { refuseIfWorn } from './garment/from-model';
import { analyzePerson, scaleAnalysis } from './perception/analyze';
import { copyRgba, enlargeRgba, erode, newGray, shrinkRgba } from './core/image-ops';
import { placeGarment, type PlaceDebug } from './place/place';
import type { DrapeFlare } from './place/common';
import { newLayer, type Layer } from './core/raster';
import { EngineRefusal } from './checks/refusal';
import type { GrayImage, ModelRuntime, PersonAnalysis, RgbaImage } from './core/types';
import { variantFor, type VariantOptions } from './look/variants';
import {
  clip,
  oldBesideHand,
  oldByColour,
  oldClothRim,
  oldShoulderRim,
  oldYokeRim,
  leaveLooseHair,
  oldDarkIslands,
  leaveArmSlits,
  leaveSkinOutline,
  oldArmEdge,
  oldCollar,
  closeUnderarm,
  easeCover,
  wrapSides,
  rowExtents,
  easeOverBody,
  bustOverOld,
  occlude,
} from './compose/occlusion';
import {
  bareUpperArms,
  leaveArmSkin,
  oldCuffBands,
  fillRegion,
  leaveBesideArms,
  leaveOutlineRims,
  oldBesideHips,
  oldNeckRim,
  oldRegion,
  oldShoes,
  oldTopEnd,
} from './compose/fill';
import { composite, smoothCutEdges } from './compose/composite';
import { readScene, type Scene } from './compose/scene';
import { legwearUnder } from './compose/legwear';

export { readScene, type Scene };

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
  /** Each garment drawn: its slot, its box, and a skirt's or a dress's own flare from the hips (`drapeCone`). */
  placed: { slot: EngineSlot; bbox: { x: number; y: number; w: number; h: number }; drape?: DrapeFlare }[];
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
/**
 * A garment picture whose longest side is under this is enlarged to GARMENT_MAX (a cubic, `enlargeRgba`) before
 * its outline is found: cut out, cleaned and warped at 200 px, a shop's thumbnail came out with a sawtooth edge,
 * dots as squarish blobs and stripes and knit as steps and streaks.
 */
export const GARMENT_ENLARGE_BELOW = 400;

const now = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());

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
 * is refused (`on_model_garment`), else it is skin-coloured cloth. A picture with no garment found in it is looked
 * at too: a person in it is refused as `on_model_garment` (what to use instead), not as "no garment".
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
  const up = GARMENT_MAX / Math.max(g.image.width, g.image.height);
  const resized =
    k < 1
      ? shrinkRgba(g.image, Math.round(g.image.width * k), Math.round(g.image.height * k))
      : Math.max(g.image.width, g.image.height) < GARMENT_ENLARGE_BELOW
        ? enlargeRgba(g.image, Math.round(g.image.width * up), Math.round(g.image.height * up))
        : g.image;
  let det: DetectedGarment;
  try {
    det = detectGarment(resized, g.slot, Math.max(1, resized.width / g.image.width));
  } catch (err) {
    // no garment found: a photo of someone wearing one, uploaded without saying so, is refused for that reason
    if (err instanceof EngineRefusal && err.code === 'no_garment') await refuseIfWorn(runtime, resized);
    throw err;
  }
  if (det.slot === 'accessory') throw new EngineRefusal('unsupported_garment');
  // the picture the outline belongs to: the product photo, or the photo turned upright
  let image = det.image ?? resized;
  if (up > 1 && resized !== g.image) {
    const rim = fillRim(image, det.alpha, Math.ceil(up));
    det = { ...det, alpha: rim.alpha };
    // its stripes, dots and knit crisp again (the enlargement's ramps steepened, `sharpenEnlarged`)
    image = sharpenEnlarged(rim.image, rim.alpha, resized.width / g.image.width);
  }
  // a photo of someone wearing it is refused on the picture as taken (the light evened below made a rust jumpsuit's
  // 200 px photo read as a person to the pose model)
  let skinCloth = false;
  const share = skinShare(image, det.alpha);
  if (share >= SAFETY_GATE.personCheckSkinShare) {
    if (showsPerson(await analyzePerson(runtime, image))) throw new EngineRefusal('on_model_garment');
    skinCloth = share >= SAFETY_GATE.skinClothShare;
  }
  // the product photo's own light (its sides and sleeves darker than its middle) is not the cloth's colour
  if (det.slot === 'top' || det.slot === 'outerwear' || det.slot === 'one-piece')
    image = evenPhotoLight(image, det.alpha);
  const prepared: PreparedGarment = { image, det, skinCloth };
  if (cache) {
    const byKey = cache.get(g.image) ?? new Map<string, PreparedGarment>();
    byKey.set(key, prepared);
    cache.set(g.image, byKey);
  }
  return prepared;
}

/**
 * An enlarged picture's rim (cut-out pixels within `r` of the outside) painted the colour of the cut-out just
 * inside it (the mean of the pixels deeper than `r` in a window of `r` either side): enlarged 3x, the thumbnail's
 * one-pixel mix of cloth and white background is 3-6 pixels wide, wider than the warp's rim clean-up
 * (`cleanSource`) reads, and a pale dashed line ran along every sleeve. Its coverage: its share of cloth between
 * that colour and the background's beside it, half coverage at half cloth (the cut-out takes anything off the
 * white: a coat 6 px wider a side, its shoulders' points read as a hood's, and worn to mid-thigh). A rim pixel with
 * no deeper pixel near it (a strap narrower than 2r) is left as it is; a faint one (under half coverage) reads
 * `RIM_FAINT_REACH` times farther first.
 */
function fillRim(image: RgbaImage, alpha: GrayImage, r: number): { image: RgbaImage; alpha: GrayImage } {
  const W = image.width;
  const H = image.height;
  const a = alpha.data;
  const inner = erode(a, W, H, r);
  const d = image.data;
  const out = copyRgba(image);
  const o = out.data;
  const outAlpha = newGray(W, H);
  outAlpha.data.set(a);
  const oa = outAlpha.data;
  const innerNear = (x: number, y: number, R: number) => {
    for (let yy = Math.max(0, y - R); yy <= Math.min(H - 1, y + R); yy++)
      for (let xx = Math.max(0, x - R); xx <= Math.min(W - 1, x + R); xx++) if (inner[yy * W + xx]) return true;
    return false;
  };
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const p = y * W + x;
      if ((a[p] ?? 0) < 1 || inner[p]) continue;
      let n = 0;
      let cr = 0;
      let cg = 0;
      let cb = 0;
      let nb = 0;
      let br = 0;
      let bg = 0;
      let bb = 0;
      // a faint pixel (under half coverage) farther out than r from the cloth inside: read wider (left as it
      // was, its pale blend of cloth and white drew a light line along the outline)
      const R = (a[p] ?? 0) < 128 && !innerNear(x, y, r) ? RIM_FAINT_REACH * r : r;
      for (let yy = Math.max(0, y - R); yy <= Math.min(H - 1, y + R); yy++) {
        for (let xx = Math.max(0, x - R); xx <= Math.min(W - 1, x + R); xx++) {
          const q = yy * W + xx;
          if (inner[q]) {
            cr += d[q * 4] ?? 0;
            cg += d[q * 4 + 1] ?? 0;
            cb += d[q * 4 + 2] ?? 0;
            n++;
          } else if ((a[q] ?? 0) < 16) {
            br += d[q * 4] ?? 0;
            bg += d[q * 4 + 1] ?? 0;
            bb += d[q * 4 + 2] ?? 0;
            nb++;
          }
        }
      }
      if (!n) continue;
      cr /= n;
      cg /= n;
      cb /= n;
      o[p * 4] = cr;
      o[p * 4 + 1] = cg;
      o[p * 4 + 2] = cb;
      if (!nb) continue;
      // its coverage: its share of cloth between the cloth inside and the background beside it, half at half
      const er = cr - br / nb;
      const eg = cg - bg / nb;
      const eb = cb - bb / nb;
      const dd = er * er + eg * eg + eb * eb;
      if (dd < RIM_UNMIX_CONTRAST * RIM_UNMIX_CONTRAST) continue;
      const dot =
        ((d[p * 4] ?? 0) - br / nb) * er + ((d[p * 4 + 1] ?? 0) - bg / nb) * eg + ((d[p * 4 + 2] ?? 0) - bb / nb) * eb;
      const share = Math.max(0, Math.min(1, dot / dd));
      oa[p] = Math.min(a[p] ?? 0, Math.round(Math.max(0, Math.min(1, share * 2 - 0.5)) * 255));
    }
  }
  return { image: out, alpha: outAlpha };
}

/**
 * Under a garment's pixel less opaque than this the photo still shows (over 2%): an old garment there is painted
 * too (`fillUnderSoftEdge`).
 */
const SOFT_EDGE_SHOWS = 250;
/** A garment's pixel this opaque or more is `covered`: no fill under it (the fill's seams need not match there). */
const COVERED_ALPHA = 160;
/** Passes of `fillUnderSoftEdge` inward from the uncovered pixels (a soft edge is a few pixels wide). */
const SOFT_EDGE_PASSES = 6;

/** The old garment's pixels under the garment's soft edge (coverage COVERED_ALPHA to SOFT_EDGE_SHOWS). */
function softEdgeOld(layer: Layer, old: Uint8Array, head: Uint8Array): number[] {
  const { width: W, height: H, data: alpha } = layer;
  const out: number[] = [];
  // (within the garment's box)
  for (let y = Math.max(0, layer.y0); y <= Math.min(H - 1, layer.y1); y++) {
    for (let x = Math.max(0, layer.x0); x <= Math.min(W - 1, layer.x1); x++) {
      const i = y * W + x;
      const a = alpha[i * 4 + 3] ?? 0;
      if (a >= COVERED_ALPHA && a < SOFT_EDGE_SHOWS && old[i] && !head[i]) out.push(i);
    }
  }
  return out;
}

/**
 * The old garment under a garment's soft edge (coverage COVERED_ALPHA to SOFT_EDGE_SHOWS), which the fill leaves
 * (`covered`), takes the mean colour of its 8 neighbours already painted or seen (uncovered, or taken in an earlier
 * pass), pass by pass inward; in place, marked in `filled`. Issue 38, round 29, part L5: left as the photo, an old
 * garment showed through a fifth to a third of it: a lilac speck of cgi-model-27's tee at a hoodie's side under her
 * raised arm (and, with `leaveOutlineRims` judging a one-piece's pieces joined through them, a dark crescent of
 * cgi-model-15's black top at a jumpsuit's bust). After the fill: filled with the region, those pixels moved the
 * fill's own estimates (a pale patch on a repainted upper arm).
 */
function fillUnderSoftEdge(out: RgbaImage, layer: Layer, old: Uint8Array, head: Uint8Array, filled: Uint8Array): void {
  const W = out.width;
  const H = out.height;
  const d = out.data;
  const alpha = layer.data;
  let pending = softEdgeOld(layer, old, head);
  if (pending.length === 0) return;
  // what may be read: the uncovered pixels (the fill's or the photo's own), then those taken in earlier passes
  const taken = new Uint8Array(W * H);
  const rgb: number[] = [];
  for (let pass = 0; pass < SOFT_EDGE_PASSES && pending.length > 0; pass++) {
    const next: number[] = [];
    const took: number[] = [];
    rgb.length = 0;
    for (const p of pending) {
      const x = p % W;
      const y = (p / W) | 0;
      let r = 0;
      let g = 0;
      let b = 0;
      let n = 0;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          const yy = y + dy;
          if ((dx === 0 && dy === 0) || xx < 0 || yy < 0 || xx >= W || yy >= H) continue;
          const q = yy * W + xx;
          if ((alpha[q * 4 + 3] ?? 0) >= COVERED_ALPHA && !taken[q]) continue;
          r += d[q * 4] ?? 0;
          g += d[q * 4 + 1] ?? 0;
          b += d[q * 4 + 2] ?? 0;
          n++;
        }
      }
      if (n === 0) {
        next.push(p);
        continue;
      }
      took.push(p);
      rgb.push(r / n, g / n, b / n);
    }
    if (took.length === 0) break;
    for (const [k, p] of took.entries()) {
      d[p * 4] = rgb[k * 3] ?? 0;
      d[p * 4 + 1] = rgb[k * 3 + 1] ?? 0;
      d[p * 4 + 2] = rgb[k * 3 + 2] ?? 0;
      taken[p] = 1;
      filled[p] = 255;
    }
    pending = next;
  }
}
/**
 * Where the garment covers the photo (coverage COVERED_ALPHA or more: `covered`) and where the old garment shows
 * outside it (`old`, not the head: the fill's `region`, marked in `filled` too). A function of its own: as a loop in
 * `tryOn` it ran unoptimised over the whole frame in each render.
 */
function splitOld(
  layer: Layer,
  old: Uint8Array,
  head: Uint8Array,
  filled: Uint8Array,
): { region: Uint8Array; covered: Uint8Array } {
  const n = layer.width * layer.height;
  const region = new Uint8Array(n);
  const covered = new Uint8Array(n);
  const alpha = layer.data;
  for (let i = 0; i < n; i++) {
    if ((alpha[i * 4 + 3] ?? 0) >= COVERED_ALPHA) covered[i] = 255;
    else if (old[i] && !head[i]) {
      region[i] = 255;
      filled[i] = 255;
    }
  }
  return { region, covered };
}

/** A faint rim pixel (under half coverage) with no cloth inside within r reads its colours this many times r out. */
const RIM_FAINT_REACH = 2;
/** An enlarged picture's rim pixel's coverage is its share of cloth only where cloth and background differ by this much. */
const RIM_UNMIX_CONTRAST = 40;

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
    const shoesOld = slot === 'shoes' ? oldShoes(person, body, maps, scene.legwear) : null;
    let p = placeGarment(image, det.alpha, slot, body, variant, tint, {
      waistTop: waist,
      oldShoes: shoesOld?.boxes,
      person: slot === 'shoes' ? person : undefined,
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
    // the body piece's own sides, row by row (a top's sides are wrapped there, not past its sleeves' outlines)
    const bodyRows = slot === 'top' || slot === 'outerwear' ? rowExtents(layer) : null;
    // the garment before the person is let in front of it: the gate joins pieces only a hand parts through it
    const behind = alphaOnGrid(layer);
    occlude(layer, body, maps, slot, 'body');
    p.drawLimbs(layer);
    // the body piece meets its sleeves under the arms
    if (slot === 'top' || slot === 'outerwear') closeUnderarm(layer, body, maps, head);
    // an arm bent out to the side: its upper arm below a short sleeve is left bare (`upperArmOut`)
    const armOpen: number[] = [];
    p.armsOut?.((q) => {
      if ((layer.data[q * 4 + 3] ?? 0) === 0) armOpen.push(q);
    });
    occlude(layer, body, maps, slot, 'hair');
    clip(layer, p.room ? p.room(roomFor(slot)) : roomFor(slot));
    clip(layer, head, true);
    lap('warp');
    // the old garment of this slot, where the new one does not cover it
    // under a short bottom the old bottom's leggings below it are legwear too
    const kept = slot === 'bottom' ? legwearUnder(person, body, maps.skin, scene.legwear, layer.y1) : scene.legwear;
    const old = shoesOld
      ? shoesOld.region
      : oldRegion(body, maps, slot, layer.y1, waist, topEnd, kept, person, scene.background, p.hemY ?? null);
    // the old garment beside a hand (a skirt's flare between the hand and the hip) is the old garment too (not a
    // top's: its old region reaches over the old bottom worn on below it)
    if (slot === 'bottom' || slot === 'one-piece') oldBesideHand(old, body, maps, person, scene.background);
    // beside a top's hips the flare of an old skirt below the waist (a tutu) stays as it is
    if (p.hips) oldBesideHips(old, body, p.hips);
    // a sleeveless top: an old sleeve is the arm's skin (its hem band and a raised arm's shoulder included)
    if (p.sleeveless) {
      bareUpperArms(body, maps, old, person);
      // but a bare arm's own skin the skin map missed is not an old sleeve (left as the photo's)
      leaveArmSkin(old, body, maps, person);
    }
    // a sleeved top: an old sleeve's dark cuff below the new sleeve, which the skin map took, is the old garment
    else if (slot === 'top' || slot === 'outerwear') oldCuffBands(body, maps, old, person, layer);
    // the backdrop the mask takes in beside a bare arm is no old garment (whatever the old garment's colour)
    if (slot !== 'bottom' && slot !== 'shoes') leaveBesideArms(old, body, maps, person, scene.background);
    // a top's ease covers the old garment in the narrow gaps it leaves (not a fill of skin there)
    if (slot === 'top' || slot === 'outerwear') easeCover(layer, old, body, maps, head, person, p.sleeveless);
    // a top wraps the body below the shoulders: no strip of old cloth left beside its sides (an old bottom's hips)
    if (slot === 'top' || slot === 'outerwear') wrapSides(layer, body, maps, head, person, scene.background, bodyRows);
    // (and not over the upper arm beside it where an arm is bent out, `upperArmOut`: bare after the sleeves, it stays so)
    for (let k = 0; k < armOpen.length; k++) layer.data[(armOpen[k] ?? 0) * 4 + 3] = 0;
    // a one-piece's ease covers the old garment in a thin strip on the body beside its edge (not a fill there); a
    // bottom's beside its waistband only (an old bodysuit's waist beside jeans' waistband was a skin-coloured blur)
    if (slot === 'one-piece') easeOverBody(layer, old, body, maps, head);
    else if (slot === 'bottom') easeOverBody(layer, old, body, maps, head, true);
    // and over an old strapless top's bust standing out past its side (`bustOverOld`)
    if (slot === 'one-piece') bustOverOld(layer, old, body, maps, head, person, p.sleeveless === true);
    // the blended edge of an old string or strap above the neckline is the old garment too (read from the old
    // region itself, before the skin's own colour-taken pixels join it)
    if (slot === 'top' || slot === 'one-piece')
      oldClothRim(old, body, maps, head, person, scene.skin, scene.background);
    // above a top's or a dress's neckline an old sheer yoke or shoulder over the skin is the old garment too
    if (slot === 'top' || slot === 'one-piece') oldByColour(old, body, maps.skin, person, scene.skin);
    // and the dark blotches of it (a glossy dress's reflections) that the skin map took, enclosed by it
    if (slot === 'top' || slot === 'one-piece') oldDarkIslands(old, body, maps, head, person);
    // and its grey edge in the outline's blended rim over the shoulders' tops
    if (slot === 'top' || slot === 'one-piece')
      oldShoulderRim(old, body, maps, head, person, scene.skin, scene.background);
    // and its pale grey rim round that at the shoulders and armholes (a sheer yoke's edge the skin map took)
    if (slot === 'top' || slot === 'one-piece') oldYokeRim(old, body, maps, head, person, scene.skin, scene.background);
    // but a bare arm's or shoulder's own blended outline beside it is the skin's (`leaveSkinOutline`)
    if (slot === 'top' || slot === 'one-piece') leaveSkinOutline(old, body, maps, head, person, scene.background);
    // but a slit of it in an arm's skin is the arm's own shadowed edge
    if (slot === 'top' || slot === 'one-piece') leaveArmSlits(old, body, maps);
    // and an arm's outline blended with a dark old garment beside it is the old garment's edge (`oldArmEdge`)
    if (slot === 'top' || slot === 'one-piece') oldArmEdge(old, body, maps, head, person);
    // an old crew collar between the chin and the neck's keypoint, touching the old garment, is the old garment too
    const collar =
      slot === 'top' || slot === 'one-piece'
        ? oldCollar(old, body, maps, head, person, scene.skin, scene.background)
        : null;
    // a one-piece: the dark rim an old collar leaves just above its old region by the neck is the old garment too
    if (slot === 'one-piece') oldNeckRim(old, body, maps, head, person);
    // but loose hair over the shoulders that the hair map missed is the hair, not the old garment (`leaveLooseHair`)
    if (slot === 'top' || slot === 'one-piece')
      leaveLooseHair(old, body, maps, head, person, scene.skin, scene.background);
    // the outline where hands, arms and skin cut it: no specks, pin-holes or 1-px stairs (before the fill reads it)
    smoothCutEdges(layer, body.span, [maps.hands, head]);
    // where the new garment will hide what is under it (the fill's seams there need not match)
    const { region, covered } = splitOld(layer, old, head, filled);
    // a one-piece: the mask's blended rim along a bare shoulder or arm is no old garment (`leaveOutlineRims`)
    if (slot === 'one-piece') {
      // (judged with the old garment under the soft edge joined to its pieces: a piece the soft edge joins to the
      // rest is no rim of the outline, `fillUnderSoftEdge`)
      const soft = softEdgeOld(layer, old, head);
      for (let k = 0; k < soft.length; k++) region[soft[k] ?? 0] = 255;
      leaveOutlineRims(region, covered, body, maps.skin, person, scene.background, filled);
      for (let k = 0; k < soft.length; k++) region[soft[k] ?? 0] = 0;
    }
    // the upper arm left bare there (`upperArmOut`) is the arm's skin out to the person's outline: the old top's
    // bust stood in front of it, so the fill's arm (as wide as its few bare pixels) left the rest to the backdrop,
    // a pale patch under the sleeve
    let skinAt = collar;
    if (armOpen.length > 0) {
      skinAt = collar ? collar.slice() : new Uint8Array(W * H);
      for (let k = 0; k < armOpen.length; k++) {
        const q = armOpen[k] ?? 0;
        if ((body.mask[q] ?? 0) >= 128) skinAt[q] = 255;
      }
    }
    fillRegion(out, region, body, maps, light, slot, covered, 'auto', scene.background, skinAt);
    // the old garment showing through the garment's soft edge takes the colours just outside it
    fillUnderSoftEdge(out, layer, old, head, filled);
    lap('fill');
    composite(out, layer, scene.garmentLight, coverage);
    lap('composite');
    placed.push({
      slot,
      bbox: {
        x: layer.x0,
        y: layer.y0,
        w: Math.max(0, layer.x1 - layer.x0 + 1),
        h: Math.max(0, layer.y1 - layer.y0 + 1),
      },
      ...(p.drape ? { drape: p.drape } : {}),
    });
    debug.push(p.debug);
    pieces.push({ slot, alpha: alphaOnGrid(layer), behind, skinCloth, ...(p.drape ? { drape: p.drape } : {}) });
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
