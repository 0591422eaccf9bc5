/**
 * Every metric of one render (issue 38, point 2): `measureAll(input)` -> values (null where a metric does not
 * apply or its truth is unknown) and `failuresOf(values)` -> the names of the metrics past their threshold.
 * The one entry the gallery (test/engine/gallery.ts), the real-model quality test and the evaluation set's
 * runner call.
 */
import type { EngineSlot, PersonAnalysis, RgbaImage, TryOnResult } from '../../../shared/engine';
import { metricContext } from './context';
import { bareTorso, flatPaint, hardFill, oldShowing, paintSeams, topHoles } from './cover';
import { legsKept, shoeOffset } from './legs';
import { colourDelta, productCutout, productTilt, shadowEdge, slotGuess } from './product';
import { legGapFilled, shaftOnLeg, shoeOffLeg, shoeShape, shoesMerged, sleevesDrawn } from './outline';
import { hemTilt, legGapOpen, legWidthRatio, lengthError, shouldersKept } from './shape';
import { CLOTHES, measure, type RenderMetrics } from './legacy';
import type { Polygon } from './pixels';
import { METRIC_THRESHOLDS as T } from './thresholds';

/** Garment lengths on the legs (the hem: 0 at the hips, 1 at the knees, 2 at the ankles). */
export const LENGTH = { hip: 0, mini: 0.45, aboveKnee: 0.8, knee: 1, midi: 1.45, maxi: 1.9, floor: 2 } as const;

/** What is known of the garment for sure (an evaluation set's drawn garments; a fixture's by eye). */
export interface GarmentTruth {
  /** A name for the kind: 'tank', 'tee', 'coat', 'maxi-dress', 'wide-leg-trousers', ... (reported only). */
  category?: string;
  slot: EngineSlot;
  /** Where its hem falls when worn (LENGTH scale), for coats, dresses, skirts and trousers. */
  length?: number;
  /** Straps or bare shoulders (a camisole, a tank, a strapless dress). */
  sleeveless?: boolean;
  /** Wide-leg trousers (the hem as wide as the hips or more). */
  wideLegs?: boolean;
  /** One piece across the legs (a skirt, a dress, a long coat): never split into two legs. */
  skirt?: boolean;
  /** The garment's true colours are skin-like (beige, nude): its cloth is not bare skin. */
  skinCloth?: boolean;
}

export interface MeasureInput {
  /** The person's photo and its analysis (at the photo's size). */
  person: RgbaImage;
  analysis: PersonAnalysis;
  /** The render (defaults to `tryOn.image`). */
  result?: RgbaImage;
  tryOn: TryOnResult;
  /** The product image as given to the engine (null: none, e.g. an outfit measured as a whole). */
  product: RgbaImage | null;
  /** The slot the engine was told (null: it guessed from the outline). */
  slotGiven: EngineSlot | null;
  truth?: GarmentTruth;
  /** The person's old clothes, polygons per slot (test/fixtures/people/clothes.json), or a fixture's name. */
  clothes?: Partial<Record<EngineSlot, Polygon[]>>;
  fixture?: string;
}

export interface AllMetrics {
  /** The slot the engine drew (the first garment placed). */
  slot: EngineSlot | null;
  bareTorso: number;
  oldShowing: number | null;
  topHoles: number | null;
  hardFill: number;
  /** Seams of the engine's paint against the photo (smears, blotches, ghosts), in spans (./cover.ts). */
  paintSeams: number;
  flatPaint: number;
  shouldersKept: number | null;
  lengthError: number | null;
  legGapOpen: number | null;
  legWidthRatio: number | null;
  legsKept: number | null;
  shoeOffset: number | null;
  shadowEdge: number | null;
  productTilt: number | null;
  hemTilt: number | null;
  slotGuessed: EngineSlot | 'refused' | null;
  slotRight: boolean | null;
  deltaE: number | null;
  deltaEUntinted: number | null;
  /** Shoes (./outline.ts): solidity over the product's, parts merged, share off the legs, shins under a shaft. */
  shoeShape: number | null;
  shoesMerged: number | null;
  shoeOffLeg: number | null;
  shaftOnLeg: number | null;
  /** Trousers and jumpsuits: the background between the legs in the photo that the garment covers (legs merged). */
  legGapFilled: number | null;
  /** A sleeved garment (tops, outerwear, dresses not sleeveless): the upper arms under it (the smaller arm's). */
  sleevesDrawn: number | null;
  /** The safety gate's own measures (the engine's verdict, kept for comparison). */
  gate: { ok: boolean; bareTorso: number; bareBust: number; offBody: number; detached: number };
  /** The metrics of issue 23 (needs the fixture's name for the labelled clothes). */
  legacy: RenderMetrics | null;
}

/** Shoes cut below the ankle (a trainer's collar, a pump) have no shaft to sit on the shin; unknown kinds are measured. */
const LOW_SHOES = ['trainers', 'sneakers', 'heels', 'pumps', 'flats', 'sandals', 'loafers'];
export function hasShaft(category: string | undefined): boolean {
  return category === undefined || !LOW_SHOES.includes(category);
}

export function measureAll(input: MeasureInput): AllMetrics {
  const { person, analysis, tryOn, truth } = input;
  const result = input.result ?? tryOn.image;
  const ctx = metricContext(person, result, analysis, tryOn.layers.garment.data);
  const slot = tryOn.placed[0]?.slot ?? null;
  const clothes = input.clothes ?? (input.fixture ? CLOTHES[input.fixture] : undefined);
  const upper = slot === 'top' || slot === 'outerwear' || slot === 'one-piece';
  const product = input.product ? productCutout(input.product, truth?.slot ?? input.slotGiven ?? slot) : null;
  const guess = input.product && truth ? slotGuess(input.product, truth.slot) : null;
  const colour = slot === 'shoes' ? null : colourDelta(ctx, product);
  const trousers = slot === 'bottom' && !truth?.skirt;
  return {
    slot,
    bareTorso: bareTorso(ctx, truth?.skinCloth ?? false),
    oldShowing: slot ? oldShowing(ctx, slot, clothes) : null,
    topHoles: slot ? topHoles(ctx, slot) : null,
    hardFill: hardFill(ctx),
    paintSeams: paintSeams(ctx),
    flatPaint: flatPaint(ctx),
    shouldersKept: upper ? shouldersKept(ctx) : null,
    lengthError: truth?.length !== undefined && slot !== 'top' ? lengthError(ctx, truth.length) : null,
    legGapOpen: truth?.skirt ? legGapOpen(ctx) : null,
    legWidthRatio: trousers ? legWidthRatio(ctx, product?.alpha ?? null) : null,
    legsKept: slot ? legsKept(ctx, slot, clothes) : null,
    shoeOffset: slot === 'shoes' ? shoeOffset(ctx) : null,
    shadowEdge: product && slot !== 'shoes' ? shadowEdge(product.image, product.alpha) : null,
    productTilt: product ? productTilt(product.alpha) : null,
    // a top's or a jacket's hem (a dress's is cut by the legs' gap and its slits: not a line)
    hemTilt: slot === 'top' || slot === 'outerwear' ? hemTilt(ctx) : null,
    slotGuessed: guess?.guessed ?? null,
    slotRight: guess?.right ?? null,
    deltaE: colour?.deltaE ?? null,
    deltaEUntinted: colour?.deltaEUntinted ?? null,
    shoeShape: slot === 'shoes' ? shoeShape(ctx, product?.alpha ?? null) : null,
    shoesMerged: slot === 'shoes' ? shoesMerged(ctx, product?.alpha ?? null) : null,
    shoeOffLeg: slot === 'shoes' ? shoeOffLeg(ctx) : null,
    shaftOnLeg: slot === 'shoes' && hasShaft(truth?.category) ? shaftOnLeg(ctx) : null,
    legGapFilled: (slot === 'bottom' || slot === 'one-piece') && truth && !truth.skirt ? legGapFilled(ctx) : null,
    sleevesDrawn: upper && truth && !truth.sleeveless ? sleevesDrawn(ctx) : null,
    gate: {
      ok: tryOn.safety.ok,
      bareTorso: tryOn.safety.bareTorso,
      bareBust: tryOn.safety.bareBust,
      offBody: tryOn.safety.offBody,
      detached: tryOn.safety.detached,
    },
    legacy: slot && input.fixture ? measure(input.fixture, slot, person, analysis, tryOn) : null,
  };
}

/**
 * The metrics past their thresholds. Truth-dependent ones apply only when the truth says so: shouldersKept for
 * a sleeveless garment, legWidthRatio for wide legs; the others whenever they were measured.
 */
export function failuresOf(m: AllMetrics, truth?: GarmentTruth): string[] {
  const f: string[] = [];
  const over = (name: keyof AllMetrics, v: number | null, max: number) => {
    if (v !== null && v > max) f.push(name);
  };
  const under = (name: keyof AllMetrics, v: number | null, min: number) => {
    if (v !== null && v < min) f.push(name);
  };
  over('bareTorso', m.bareTorso, T.bareTorsoMax);
  over('oldShowing', m.oldShowing, T.oldShowingMax);
  over('topHoles', m.topHoles, T.topHolesMax);
  over('hardFill', m.hardFill, T.hardFillMax);
  if (truth?.sleeveless) under('shouldersKept', m.shouldersKept, T.shouldersKeptMin);
  over('lengthError', m.lengthError === null ? null : Math.abs(m.lengthError), T.lengthErrorMax);
  over('legGapOpen', m.legGapOpen, T.legGapOpenMax);
  if (truth?.wideLegs) under('legWidthRatio', m.legWidthRatio, T.legWidthRatioMin);
  under('legsKept', m.legsKept, T.legsKeptMin);
  over('shoeOffset', m.shoeOffset, T.shoeOffsetMax);
  over('shadowEdge', m.shadowEdge, T.shadowEdgeMax);
  over('hemTilt', m.hemTilt, T.tiltMaxDeg);
  if (m.slotRight === false) f.push('slotRight');
  over('deltaE', m.deltaE, T.deltaEMax);
  return f;
}
