/**
 * The engine's quality metrics (test/engine/metrics/): the metrics of issue 23 (`measure`, `THRESHOLDS`) and
 * those of issue 38 that see what a person sees (`measureAll`, `failuresOf`, `METRIC_THRESHOLDS`).
 */
export { CLOTHES, measure, THRESHOLDS, type Clothes, type RenderMetrics } from './metrics/legacy';
export { METRIC_THRESHOLDS } from './metrics/thresholds';
export {
  failuresOf,
  LENGTH,
  measureAll,
  type AllMetrics,
  type GarmentTruth,
  type MeasureInput,
} from './metrics/measure-all';
export { metricContext, type MetricContext } from './metrics/context';
export { bareTorso, hardFill, oldShowing, topHoles } from './metrics/cover';
export { hemTilt, legGapOpen, legWidthRatio, lengthError, shouldersKept } from './metrics/shape';
export { legsKept, shoeOffset } from './metrics/legs';
export { colourDelta, productTilt, shadowEdge, slotGuess } from './metrics/product';
export { FIXTURE_TRUTH } from './metrics/fixture-truth';
