/**
 * The metrics' thresholds and constants (issue 38, point 2): the one place for them. A render fails a metric when
 * its value is past the threshold (see `failuresOf` in measure-all.ts for the direction of each).
 */
export const METRIC_THRESHOLDS = {
  /** A pixel is the photo's own when no channel differs by more than this (the engine copies untouched pixels). */
  unchangedMax: 6,
  /** "Was skin in the photo": the face's skin model with its chroma spread x this (and a wider luminance range). */
  skinBeforeSpread: 1.6,

  /** Torso left bare: share of the torso (shoulder line + torsoTop .. hips, inset, arms out) newly skin. */
  bareTorsoMax: 0.05,
  torsoTop: 0.2,
  torsoInset: 0.06,

  /** Old clothes of the replaced slot(s) still showing unchanged: share of their labelled area. */
  oldShowingMax: 0.08,

  /** Holes in an upper garment (old top or background enclosed by the garment and the arms): share of its torso area. */
  topHolesMax: 0.01,

  /**
   * Hard-edged fill: straight (axis-aligned), sharp (a step of >= hardStep in a channel) edges between a painted
   * region (changed, not garment) and the photo's own pixels, runs of >= hardRunMin x span, total length in spans.
   */
  hardStep: 28,
  hardRunMin: 0.06,
  hardFillMax: 0.35,
  /**
   * Seams of the engine's paint (`paintSeams`): a painted pixel differs from the photo by more than paintDiff in a
   * channel (a feathered border within it is the photo's); a seam is a luminance step of paintStep or more.
   */
  paintDiff: 10,
  paintStep: 20,
  /** Flat paint (`flatPaint`): grid cell and reach in spans, the share of the photo's texture, its least texture. */
  flatCell: 0.03,
  flatReach: 0.12,
  flatRatio: 0.4,
  flatMinTexture: 6,

  /** A sleeveless garment: share of the shoulders and upper arms left as they were (or bared to skin). */
  shouldersKeptMin: 0.8,
  /** The hem's length against the garment's own (0 hip, 1 knee, 2 ankle): the largest difference. */
  lengthErrorMax: 0.3,
  /** A skirt or dress: share of the gap between the legs' axes (crotch to hem) not covered (culottes). */
  legGapOpenMax: 0.08,
  /** Wide legs: the render's hem-to-waist width ratio over the product's, at least. */
  legWidthRatioMin: 0.75,

  /** Legwear and shoes: share of the shins and feet not under the new garment (nor old clothes it replaces) unchanged. */
  legsKeptMin: 0.9,
  /** Shoes on the feet: the largest offset of a shoe from its foot (ankle column, below the ankle, down to the sole), in spans. */
  shoeOffsetMax: 0.12,

  /** A drop shadow drawn as cloth: share of the cut-out's boundary that is a neutral darkening of the background, 3 px deep. */
  shadowEdgeMax: 0.25,
  /** The drawn garment's hem against the hips' line, degrees. */
  tiltMaxDeg: 5,
  /** The garment's colour in the render against its product photo under the scene's light (CIEDE2000). */
  deltaEMax: 12,
} as const;

/**
 * The evaluation set's thresholds (test/engine/eval/eval-metrics.ts `evalFailures`), set against the judgement by
 * eye of main 042c7c7's renders (docs/engine.md "Metrics against the eye").
 */
export const EVAL_THRESHOLDS = {
  /**
   * The metrics of issue 38 (measure-all.ts `failuresOf`) the evaluation fails a render on: those that fire on
   * renders the eye calls flawed or broken and not on good ones. Left out: shadowEdge and slotRight (the product
   * photo's, not the render's), bareTorso, oldShowing and deltaE (on 042c7c7's renders they fire on
   * good renders about as often as on broken ones; see docs/engine.md "Metrics against the eye"), legGapOpen and
   * topHoles (not seen to fire there: untested against the eye).
   */
  seen: ['lengthError', 'shouldersKept', 'hardFill', 'shoeOffset'] as string[],
  /**
   * The torso's coverage (`torsoCoverage` since round 24's M1: from 0.2 torso heights below the shoulders' line to
   * the hips, arms out, and below the garment's own hem only bare skin; the figures below were read on the older
   * shoulders-to-hips measure; the new one reads higher on most renders) by the garment's kind: the shoulders of a
   * camisole or a tank are bare, a cardigan's and a blazer's front are open (the blazer's lapels and V: 0.79-0.91 on the renders the
   * eye calls good at c020421), a knee-length coat is worn open too (its V from the collar down shows the top under
   * it: 0.86-0.90 on the six coats the eye calls good at 52de4f7, since round 16's W5 set its sleeves in at the
   * shoulder's corner), a strapped maxi dress bares the shoulders and the chest above its
   * bodice as a camisole does (since round 5, H7, it keeps its straps); the rest as the gallery's
   * (THRESHOLDS.topCoverage, 0.9).
   */
  coverageMin: {
    camisole: 0.75,
    tank: 0.8,
    cardigan: 0.8,
    blazer: 0.8,
    'knee-coat': 0.8,
    'maxi-dress': 0.75,
  } as Record<string, number>,
  /** Shoes: the drawn shoes' solidity over the product's. */
  shoeShapeMax: 0.2,
  /** Shoes: the share of them off the legs and feet. */
  shoeOffLegMax: 0.1,
  /** Shoes that reach above the ankles: the shins' share under them, at least. */
  shaftOnLegMin: 0.8,
  /**
   * The shins and feet kept (legsKept): the eye forgives a little repainting below a garment (0.87 on a good mini
   * skirt); a leg repainted as a smeared blob or a blurred ghost scores 0.63-0.84 (a narrow margin: see
   * docs/engine.md "Metrics against the eye"). The gallery's and the quality test's 0.9 stay.
   */
  legsKeptMin: 0.85,
  /** Trousers and jumpsuits: the photo's background between the legs covered by them (legs merged), at most. */
  legGapFilledMax: 0.3,
  /** A sleeved garment: the upper arms' share under it (the smaller arm's), at least. */
  sleevesDrawnMin: 0.5,
  /**
   * Seams of the engine's paint (`paintSeams`, in spans), at most. Set against the judgement by eye of 63b169a's
   * flat-lay renders (192): above 0.6 are 37 of the 57 the eye calls smeared and 13 of the 78 it calls good;
   * with it the metrics agree with the eye on 71% of those renders (61% without). docs/engine.md "Metrics
   * against the eye".
   */
  paintSeamsMax: 0.6,
  /**
   * Flat paint (`flatPaint`, square spans x 100), at most: it replaces `paintSeams` in the eval's failures (which
   * only carried little more than the base rate: at 2e19623 it failed 66 good renders against 107 flawed ones). Set
   * on 70 flat-lay renders judged at 2ffe2f3: above 8, 20 flawed or broken and 2 good; the metrics agree with the
   * eye on 79% of them with it, 67% with `paintSeams`. docs/engine.md "Metrics against the eye".
   */
  flatPaintMax: 8,
  /**
   * `paintSeams` in the eval's failures only past a gross seam: at 70c9102 with `flatPaint` alone the metrics passed
   * one render the eye calls broken (shorts-chino@cgi-model-2~mirrored: a tutu-shaped halo whose copied glitter is
   * not flat, 4.98 seams); above 3.5 they pass none, and agree with the eye on 70.8% (69.8% without).
   */
  paintSeamsGrossMax: 3.5,
};
