/**
 * The evaluation's metrics, through one function (`evalMetrics`) so richer metrics (issue 38, point 2:
 * test/engine/metrics/) plug in here without touching the runner or the tests. Today: the gallery's metrics
 * (test/engine/metrics.ts `measure`) and the safety gate's measures, with the gallery's thresholds.
 */
import type { EngineSlot, PersonAnalysis, RgbaImage, TryOnResult } from '../../../shared/engine';
import { measure, THRESHOLDS, type RenderMetrics } from '../metrics';
import type { PhotoCondition } from './conditions';
import type { GarmentTruth } from './garments';
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

export function evalMetrics(c: EvalCaseInput): EvalMetrics {
  // measure() reads the labels by name: an unlabelled photo (or variant) gets no old-garment measure
  const m = measure(c.labels ?? `${c.personName}~unlabelled`, c.slot, c.person, c.analysis, c.result);
  const failures: string[] = [];
  if (m.insideSilhouette < THRESHOLDS.insideSilhouette) failures.push('insideSilhouette');
  if (
    m.coverage !== null &&
    (c.slot === 'bottom' ? m.coverage < THRESHOLDS.legCoverage : m.coverage < THRESHOLDS.topCoverage)
  )
    failures.push('coverage');
  if (m.oldVisible !== null && m.oldVisible > THRESHOLDS.oldVisible) failures.push('oldVisible');
  if (m.untouchedMad > THRESHOLDS.untouchedMad) failures.push('untouchedMad');
  if (m.wristsVisible.some((v) => v < THRESHOLDS.wristVisible)) failures.push('wristsVisible');
  if (!c.result.safety.ok) failures.push(`safety:${c.result.safety.code}`);
  return {
    ...m,
    bareTorso: c.result.safety.bareTorso,
    bareBust: c.result.safety.bareBust,
    offBody: c.result.safety.offBody,
    detached: c.result.safety.detached,
    safetyOk: c.result.safety.ok,
    slotGuessRight: slotGuessRight(c.truth.slot, c.guessedSlot),
    failures,
  };
}
