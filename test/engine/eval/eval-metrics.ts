/**
 * The evaluation's metrics, through one function (`evalMetrics`): the gallery's metrics of issue 23
 * (test/engine/metrics.ts `measure`, with category-aware coverage), those of issue 38 that see what a person sees
 * (`measureAll`), the outline's (shoes merged, their shape and place, sleeves drawn: test/engine/metrics/outline.ts) and the safety gate's measures. Which of them fail a render, and where, is
 * `evalFailures` (thresholds in test/engine/metrics/thresholds.ts `EVAL_THRESHOLDS`), checked against the
 * judgement by eye (docs/engine.md "Metrics against the eye").
 */
import type { EngineSlot, PersonAnalysis, RgbaImage, TryOnResult } from '../../../shared/engine';
import { CLOTHES, measure, THRESHOLDS, type RenderMetrics } from '../metrics';
import {
  failuresOf,
  LENGTH,
  measureAll,
  type AllMetrics,
  type GarmentTruth as MetricTruth,
} from '../metrics/measure-all';
import { bodyFrom } from '../../../shared/engine/perception/body';
import { metricContext } from '../metrics/context';
import { torsoCoverage } from '../metrics/cover';
import { EVAL_THRESHOLDS as E } from '../metrics/thresholds';
import type { PhotoCondition } from './conditions';
import type { GarmentLength, GarmentTruth } from './garments';
import type { PersonVariant } from './people';

/** Everything a metric may need about one render. */
export interface EvalCaseInput {
  caseId: string;
  /** The fixture's name and the variant of its photo. */
  personName: string;
  variant: PersonVariant;
  /** The person's photo as given to the engine (the variant's pixels). */
  person: RgbaImage;
  /** The analysis of that photo (keypoints and mask at its size). */
  analysis: PersonAnalysis;
  /** The key of the photo's hand-labelled clothes in CLOTHES (test/engine/metrics.ts), null when none. */
  labels: string | null;
  /** The engine's result (its image, layers, placed garments, safety verdict, timings). */
  result: TryOnResult;
  /** The garment's truth (category, slot, length, sleeveless, wide legs) and its true transparent cut-out. */
  truth: GarmentTruth;
  cutout: RgbaImage;
  /** The product image as given to the engine, and the photo condition it was made under. */
  product: RgbaImage;
  condition: PhotoCondition;
  /** The slot the engine was told (the catalogue's) and the one it guessed from the outline alone. */
  slot: EngineSlot;
  guessedSlot: EngineSlot | null;
}

export interface EvalMetrics extends RenderMetrics {
  /** The safety gate's own measures (shares 0..1) and verdict. */
  bareTorso: number;
  bareBust: number;
  offBody: number;
  detached: number;
  safetyOk: boolean;
  /** The slot guessed from the outline alone was the garment's own. */
  slotGuessRight: boolean;
  /** The metrics of issue 38 (test/engine/metrics/measure-all.ts), the gate's and the legacy ones left out. */
  seen: Omit<AllMetrics, 'gate' | 'legacy' | 'slot'>;
  /** Those of them past their thresholds (`failuresOf`). */
  seenFailures: string[];
  /** The metrics that missed their threshold. */
  failures: string[];
}

/**
 * The slot guessed from the outline alone is right: the garment's own slot, or a top for outerwear (an outline
 * does not tell a jacket from a shirt; the catalogue says which it is).
 */
export function slotGuessRight(slot: EngineSlot, guessed: EngineSlot | null): boolean {
  return guessed === slot || (slot === 'outerwear' && guessed === 'top');
}

/** Where a length falls on the legs (LENGTH: 0 at the hips, 1 at the knees, 2 at the ankles). */
const ON_LEGS: Partial<Record<GarmentLength, number>> = {
  hip: LENGTH.hip,
  'mid-thigh': LENGTH.mini,
  knee: LENGTH.knee,
  'mid-calf': LENGTH.midi,
  ankle: LENGTH.maxi,
};

/** The evaluation's garment truth as the metrics read it (skirts and dresses: one piece across the legs). */
export function metricTruth(t: GarmentTruth): MetricTruth {
  const skirt = ['mini-skirt', 'maxi-skirt', 'midi-dress', 'maxi-dress'].includes(t.category);
  return {
    category: t.category,
    slot: t.slot,
    length: t.slot === 'shoes' ? undefined : ON_LEGS[t.length],
    sleeveless: t.sleeveless,
    wideLegs: t.wideLegs,
    skirt,
  };
}

/** Coverage's threshold by the garment's kind (a camisole leaves the shoulders bare, a cardigan its front open). */
export function coverageMin(t: GarmentTruth): number {
  if (t.slot === 'bottom') return THRESHOLDS.legCoverage;
  return E.coverageMin[t.category] ?? THRESHOLDS.topCoverage;
}

/**
 * The legacy legs' coverage samples the thigh from its root to 0.9 of the way to the knee: a garment that ends
 * above the knee (shorts, a mini) is measured down to its own hem only (LENGTH: the share of hip-to-knee it covers).
 */
function legCoverage(c: EvalCaseInput): number | null {
  const len = ON_LEGS[c.truth.length];
  if (c.slot !== 'bottom' || len === undefined || len >= 0.9) return null;
  return len;
}

/** The metrics past their thresholds, by the garment's kind. */
export function evalFailures(
  m: Omit<EvalMetrics, 'failures'>,
  t: GarmentTruth,
  safety: TryOnResult['safety'],
): string[] {
  const failures: string[] = [];
  if (m.insideSilhouette < THRESHOLDS.insideSilhouette) failures.push('insideSilhouette');
  if (m.coverage !== null && m.coverage < coverageMin(t)) failures.push('coverage');
  if (m.oldVisible !== null && m.oldVisible > THRESHOLDS.oldVisible) failures.push('oldVisible');
  if (m.untouchedMad > THRESHOLDS.untouchedMad) failures.push('untouchedMad');
  if (m.wristsVisible.some((v) => v < THRESHOLDS.wristVisible)) failures.push('wristsVisible');
  const s = m.seen;
  const under = (name: string, v: number | null, min: number) => {
    if (v !== null && v < min) failures.push(name);
  };
  const over = (name: string, v: number | null, max: number) => {
    if (v !== null && v > max) failures.push(name);
  };
  over('shoeShape', s.shoeShape, E.shoeShapeMax);
  over('shoesMerged', s.shoesMerged, 0);
  under('shaftOnLeg', s.shaftOnLeg, E.shaftOnLegMin);
  over('shoeOffLeg', s.shoeOffLeg, E.shoeOffLegMax);
  for (const f of m.seenFailures) if (E.seen.includes(f) && !failures.includes(f)) failures.push(f);
  over('legGapFilled', s.legGapFilled, E.legGapFilledMax);
  under('legsKept', s.legsKept, E.legsKeptMin);
  under('sleevesDrawn', s.sleevesDrawn, E.sleevesDrawnMin);
  over('flatPaint', s.flatPaint, E.flatPaintMax);
  over('paintSeams', s.paintSeams, E.paintSeamsGrossMax);
  if (!safety.ok) failures.push(`safety:${safety.code}`);
  return failures;
}

/** The legs' coverage as `measure` samples it (7 px across each thigh's axis), from 0.1 of hip-to-knee to 0.8 x `len`. */
function legCoverageTo(c: EvalCaseInput, len: number): number | null {
  const body = bodyFrom(c.analysis);
  const garment = c.result.layers.garment.data;
  const W = c.person.width;
  let n = 0;
  let on = 0;
  for (const leg of [body.legL, body.legR]) {
    for (let t = 0.1; t <= len * 0.8; t += 0.05) {
      const x = Math.round(leg.root.x + (leg.mid.x - leg.root.x) * t);
      const y = Math.round(leg.root.y + (leg.mid.y - leg.root.y) * t);
      for (let dx = -3; dx <= 3; dx++) {
        n++;
        if (garment[y * W + x + dx]! >= 128) on++;
      }
    }
  }
  return n ? on / n : null;
}

export function evalMetrics(c: EvalCaseInput): EvalMetrics {
  // measure() reads the labels by name: an unlabelled photo (or variant) gets no old-garment measure
  const m = measure(c.labels ?? `${c.personName}~unlabelled`, c.slot, c.person, c.analysis, c.result);
  const short = legCoverage(c);
  if (short !== null) m.coverage = legCoverageTo(c, short);
  // an upper garment: the torso below the neckline, down to its hem (below it, only skin counts: `torsoCoverage`)
  if (c.slot === 'top' || c.slot === 'outerwear' || c.slot === 'one-piece')
    m.coverage = torsoCoverage(metricContext(c.person, c.result.image, c.analysis, c.result.layers.garment.data));
  const truth = metricTruth(c.truth);
  const all = measureAll({
    person: c.person,
    analysis: c.analysis,
    tryOn: c.result,
    product: c.product,
    slotGiven: c.slot,
    truth,
    clothes: c.labels ? CLOTHES[c.labels] : undefined,
  });
  const { gate: _gate, legacy: _legacy, slot: _slot, ...seen } = all;
  const values = {
    ...m,
    bareTorso: c.result.safety.bareTorso,
    bareBust: c.result.safety.bareBust,
    offBody: c.result.safety.offBody,
    detached: c.result.safety.detached,
    safetyOk: c.result.safety.ok,
    slotGuessRight: slotGuessRight(c.truth.slot, c.guessedSlot),
    seen,
    seenFailures: failuresOf(all, truth),
  };
  return { ...values, failures: evalFailures(values, c.truth, c.result.safety) };
}
