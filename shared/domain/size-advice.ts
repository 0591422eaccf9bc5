/**
 * Size advice (issue 25): which size of a garment fits a person, from the brand's size chart (garment
 * measurements per size and the fit the brand intends) and the person's own measurements. The one place of
 * this rule: the style page, the preview and the result call it, the style editor and the photo profile
 * validate with the schemas below. Everything is computed in centimetres; inches are converted on the way in.
 *
 * The rule: for each circumference the chart and the person both have (chest, waist, hips), the ease is the
 * garment's measurement minus the body's. The brand's fit names the ease it intends (EASE_CM). A size's misfit
 * is the distance of each ease from that range, a tight one (ease below the range) counting double and a
 * garment smaller than the body (ease < 0) four times: a size up that is a little roomy beats a size down that
 * pinches. The size with the least misfit is recommended; when the next size is almost as good, both are named
 * ("between sizes"). Length and inseam do not choose the size: they are described ("to mid-thigh", "full
 * length"). Nothing is guessed: a missing measurement is named, never filled in.
 */
import * as z from 'zod';
import { lazySchema } from '../schemas/lazy-schema';

export const FITS = ['slim', 'regular', 'relaxed'] as const;
export type Fit = (typeof FITS)[number];
export const UNITS = ['cm', 'in'] as const;
export type Unit = (typeof UNITS)[number];
export const CM_PER_INCH = 2.54;

/** Garment measurements a size chart can give. Circumferences (full round, not flat width) and lengths. */
export const CHART_AREAS = ['chest', 'waist', 'hips', 'length', 'inseam'] as const;
export type ChartArea = (typeof CHART_AREAS)[number];
/** The person's measurements a photo profile can keep (all optional). */
export const BODY_FIELDS = ['height', 'chest', 'waist', 'hips', 'inseam'] as const;
export type BodyField = (typeof BODY_FIELDS)[number];
export const CIRCUMFERENCES = ['chest', 'waist', 'hips'] as const;
type Circumference = (typeof CIRCUMFERENCES)[number];

export const AREA_LABELS: Record<ChartArea | BodyField, string> = {
  chest: 'Chest',
  waist: 'Waist',
  hips: 'Hips',
  length: 'Length',
  inseam: 'Inseam',
  height: 'Height',
};

/** Plausible ranges in cm: outside them a value is a typo or the wrong unit. */
export const BODY_RANGES_CM: Record<BodyField, readonly [number, number]> = {
  height: [120, 230],
  chest: [60, 170],
  waist: [45, 170],
  hips: [60, 180],
  inseam: [50, 110],
};
export const GARMENT_RANGES_CM: Record<ChartArea, readonly [number, number]> = {
  chest: [60, 210],
  waist: [40, 210],
  hips: [60, 220],
  length: [20, 170],
  inseam: [20, 120],
};

/** The ease (garment minus body, cm) each fit intends, per circumference. */
export const EASE_CM: Record<Circumference, Record<Fit, readonly [number, number]>> = {
  chest: { slim: [2, 7], regular: [7, 14], relaxed: [14, 24] },
  waist: { slim: [0, 4], regular: [2, 8], relaxed: [6, 14] },
  hips: { slim: [2, 6], regular: [5, 10], relaxed: [9, 18] },
};

/** A second size is named too when its misfit is within this of the best one's (cm). */
export const BETWEEN_SIZES_CM = 1.5;
/** Looser than the fit intends by more than this in every area, even in the smallest size: below the range. */
export const TOO_BIG_CM = 8;

export const SIZE_MESSAGES = {
  sizesRequired: 'Add at least one size',
  tooManySizes: 'A size chart has at most 15 sizes',
  nameRequired: 'Every size needs a name',
  duplicateName: 'Each size needs its own name',
  measurementRequired: 'Give every size at least one measurement',
  sameMeasurements: 'Give every size the same measurements',
  unit: 'Choose cm or in',
  fit: 'Choose slim, regular or relaxed',
} as const;

export const toCm = (v: number, unit: Unit) => (unit === 'in' ? v * CM_PER_INCH : v);
const fromCm = (v: number, unit: Unit) => (unit === 'in' ? v / CM_PER_INCH : v);
const round1 = (v: number) => Math.round(v * 10) / 10;

/** The limits as the person reads them, rounded inwards (in inches, 60 cm is 23.62 in: "23.7", never "23.6"). */
function rangeMessage(label: string, [lo, hi]: readonly [number, number], unit: Unit): string {
  const lower = Math.ceil(Math.round(fromCm(lo, unit) * 1000) / 100) / 10;
  const upper = Math.floor(Math.round(fromCm(hi, unit) * 1000) / 100) / 10;
  return `${label} must be between ${lower} and ${upper} ${unit}`;
}

const measurement = /* @__PURE__ */ lazySchema(() => z.number({ error: 'Enter a number' }).finite());

const sizeRowSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    name: z.string().trim().min(1, SIZE_MESSAGES.nameRequired).max(12, 'A size name has at most 12 characters'),
    chest: measurement.optional(),
    waist: measurement.optional(),
    hips: measurement.optional(),
    length: measurement.optional(),
    inseam: measurement.optional(),
  }),
);
export type SizeRow = z.output<typeof sizeRowSchema>;

const sizeChartShape = /* @__PURE__ */ lazySchema(() =>
  z.object({
    unit: z.enum(UNITS, { error: SIZE_MESSAGES.unit }),
    fit: z.enum(FITS, { error: SIZE_MESSAGES.fit }),
    sizes: z.array(sizeRowSchema).min(1, SIZE_MESSAGES.sizesRequired).max(15, SIZE_MESSAGES.tooManySizes),
  }),
);
/** A chart as stored with its style and returned by the reads (checked on the way in; read back as is). */
export const storedSizeChartSchema = sizeChartShape;

/** A size chart as the creator enters it (in the chart's unit); checked as a whole. */
export const sizeChartSchema = /* @__PURE__ */ lazySchema(() =>
  sizeChartShape.superRefine((chart, ctx) => {
    const seen = new Set<string>();
    chart.sizes.forEach((row, i) => {
      const key = row.name.toLowerCase();
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', path: ['sizes', i, 'name'], message: SIZE_MESSAGES.duplicateName });
      seen.add(key);
      const given = CHART_AREAS.filter((a) => row[a] !== undefined);
      if (!given.length)
        ctx.addIssue({ code: 'custom', path: ['sizes', i], message: SIZE_MESSAGES.measurementRequired });
      for (const a of given) {
        const cm = toCm(row[a]!, chart.unit);
        const range = GARMENT_RANGES_CM[a];
        if (cm < range[0] || cm > range[1])
          ctx.addIssue({
            code: 'custom',
            path: ['sizes', i, a],
            message: rangeMessage(AREA_LABELS[a], range, chart.unit),
          });
      }
    });
    const first = chart.sizes[0];
    if (first) {
      const areas = CHART_AREAS.filter((a) => first[a] !== undefined).join();
      chart.sizes.forEach((row, i) => {
        const own = CHART_AREAS.filter((a) => row[a] !== undefined).join();
        // an empty row (or after an empty first row) has its own message: one message per row
        if (i > 0 && own && areas && own !== areas)
          ctx.addIssue({ code: 'custom', path: ['sizes', i], message: SIZE_MESSAGES.sameMeasurements });
      });
    }
  }),
);
export type SizeChart = z.output<typeof sizeChartSchema>;

/** A person's measurements as entered (the unit chosen in the form); all optional. */
export const bodyMeasurementsSchema = /* @__PURE__ */ lazySchema(() =>
  z
    .object({
      unit: z.enum(UNITS, { error: SIZE_MESSAGES.unit }),
      height: measurement.optional(),
      chest: measurement.optional(),
      waist: measurement.optional(),
      hips: measurement.optional(),
      inseam: measurement.optional(),
    })
    .superRefine((m, ctx) => {
      for (const f of BODY_FIELDS) {
        const v = m[f];
        if (v === undefined) continue;
        const cm = toCm(v, m.unit);
        const range = BODY_RANGES_CM[f];
        if (cm < range[0] || cm > range[1])
          ctx.addIssue({ code: 'custom', path: [f], message: rangeMessage(AREA_LABELS[f], range, m.unit) });
      }
    }),
);
export type BodyMeasurementsInput = z.output<typeof bodyMeasurementsSchema>;

/** Measurements as stored: centimetres, one decimal. */
export type BodyMeasurementsCm = Partial<Record<BodyField, number>>;

/** A chart as stored: the same sizes in centimetres, one decimal (the editor shows it in cm afterwards). */
export function sizeChartToCm(chart: SizeChart): SizeChart {
  return {
    unit: 'cm',
    fit: chart.fit,
    sizes: chart.sizes.map((row) => {
      const out: SizeRow = { name: row.name };
      for (const a of CHART_AREAS) {
        const v = row[a];
        if (v !== undefined) out[a] = round1(toCm(v, chart.unit));
      }
      return out;
    }),
  };
}

/** The stored measurements (cm): each of BODY_FIELDS, absent when not given. */
export const bodyMeasurementsCmSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    height: z.number().optional(),
    chest: z.number().optional(),
    waist: z.number().optional(),
    hips: z.number().optional(),
    inseam: z.number().optional(),
  }),
);

export function measurementsToCm(m: BodyMeasurementsInput): BodyMeasurementsCm {
  const out: BodyMeasurementsCm = {};
  for (const f of BODY_FIELDS) {
    const v = m[f];
    if (v !== undefined) out[f] = round1(toCm(v, m.unit));
  }
  return out;
}

export interface AreaNote {
  area: ChartArea;
  /** "close fit", "as intended", "roomy", "tight", "to mid-thigh", "full length" ... */
  note: string;
  /** Garment minus body in cm, for circumferences and inseam. */
  easeCm?: number;
}

export type SizeAdvice =
  | {
      kind: 'recommended';
      size: string;
      /** The other size worth considering when the person is between two (else undefined). */
      alternative?: string;
      notes: AreaNote[];
      /** Measurements the chart could use that the person has not given (named, never guessed). */
      missing: BodyField[];
      /** One sentence for screen readers and the result page. */
      summary: string;
    }
  | { kind: 'missing'; missing: BodyField[]; summary: string }
  | { kind: 'out_of_range'; direction: 'larger' | 'smaller'; nearest: string; summary: string };

function easeNote(ease: number, [lo, hi]: readonly [number, number], fit: Fit): string {
  if (ease < 0) return 'tight';
  if (ease < lo) return 'close fit';
  if (ease <= hi) return `${fit} fit, as intended`;
  return 'roomy';
}

/** Where a top or dress of this length (from the shoulder's high point) ends on a person of this height. */
export function lengthNote(lengthCm: number, heightCm: number): string {
  const r = lengthCm / heightCm;
  if (r < 0.23) return 'cropped, above the waist';
  if (r < 0.31) return 'to the waist';
  if (r < 0.41) return 'to the hips';
  if (r < 0.52) return 'to mid-thigh';
  if (r < 0.64) return 'to the knee';
  if (r < 0.76) return 'to mid-calf';
  if (r < 0.85) return 'to the ankle';
  return 'floor length';
}

export function inseamNote(ease: number): string {
  if (ease < -6) return `cropped, about ${Math.round(-ease)} cm above the ankle`;
  if (ease <= 3) return 'full length';
  return `long: about ${Math.round(ease)} cm to turn up`;
}

/** "chest", "chest and height", "chest, waist and hips". */
export const listWords = (words: string[]) =>
  words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;

/**
 * The size to take from `chart` for a person with `body` (cm). Missing measurements are named; a person
 * outside the chart is told which way.
 */
export function adviseSize(chart: SizeChart, body: BodyMeasurementsCm): SizeAdvice {
  const sizes = chart.sizes.map((row) => ({
    name: row.name,
    cm: Object.fromEntries(
      CHART_AREAS.filter((a) => row[a] !== undefined).map((a) => [a, toCm(row[a]!, chart.unit)]),
    ) as Partial<Record<ChartArea, number>>,
  }));
  const charted = CHART_AREAS.filter((a) => sizes.every((s) => s.cm[a] !== undefined));
  const circumferences = CIRCUMFERENCES.filter((a) => charted.includes(a));
  const needed: BodyField[] = [
    ...circumferences,
    ...(charted.includes('length') ? (['height'] as const) : []),
    ...(charted.includes('inseam') ? (['inseam'] as const) : []),
  ];
  const missing = needed.filter((f) => body[f] === undefined);
  const compared = circumferences.filter((a) => body[a] !== undefined);
  if (!compared.length) {
    const want = missing.length ? missing : circumferences.length ? [...circumferences] : [];
    return {
      kind: 'missing',
      missing: want,
      summary: want.length
        ? `Add your ${listWords(want.map((f) => AREA_LABELS[f].toLowerCase()))} to your photo profile to see which size fits.`
        : 'This size chart gives no chest, waist or hip measurement to compare with.',
    };
  }

  const misfit = (s: (typeof sizes)[number]) =>
    compared.reduce((sum, a) => {
      const ease = s.cm[a]! - body[a]!;
      const [lo, hi] = EASE_CM[a][chart.fit];
      if (ease < 0) return sum + (lo - ease) * 2 + -ease * 2;
      if (ease < lo) return sum + (lo - ease) * 2;
      if (ease > hi) return sum + (ease - hi);
      return sum;
    }, 0);
  const scored = sizes.map((s, index) => ({ ...s, index, misfit: misfit(s) }));
  const tooSmallEverywhere = scored.every((s) => compared.some((a) => s.cm[a]! < body[a]!));
  if (tooSmallEverywhere) {
    const largest = scored.reduce((a, b) => (b.cm[compared[0]!]! > a.cm[compared[0]!]! ? b : a));
    return {
      kind: 'out_of_range',
      direction: 'larger',
      nearest: largest.name,
      summary: `Even the largest size (${largest.name}) is smaller than your ${listWords(compared.filter((a) => largest.cm[a]! < body[a]!))}: this garment is not made in your size.`,
    };
  }
  const tooBigEverywhere = scored.every((s) =>
    compared.every((a) => s.cm[a]! - body[a]! > EASE_CM[a][chart.fit][1] + TOO_BIG_CM),
  );
  if (tooBigEverywhere) {
    const smallest = scored.reduce((a, b) => (b.cm[compared[0]!]! < a.cm[compared[0]!]! ? b : a));
    return {
      kind: 'out_of_range',
      direction: 'smaller',
      nearest: smallest.name,
      summary: `Even the smallest size (${smallest.name}) is much looser than a ${chart.fit} fit on you: this garment is not made in your size.`,
    };
  }
  const ranked = [...scored].sort((a, b) => a.misfit - b.misfit || a.index - b.index);
  const best = ranked[0]!;
  const next = ranked[1];
  const alternative =
    next && next.misfit - best.misfit <= BETWEEN_SIZES_CM && Math.abs(next.index - best.index) === 1
      ? next.name
      : undefined;

  const notes: AreaNote[] = compared.map((a) => {
    const ease = round1(best.cm[a]! - body[a]!);
    return { area: a, note: easeNote(ease, EASE_CM[a][chart.fit], chart.fit), easeCm: ease };
  });
  if (best.cm.length !== undefined && body.height !== undefined)
    notes.push({ area: 'length', note: lengthNote(best.cm.length, body.height) });
  if (best.cm.inseam !== undefined && body.inseam !== undefined) {
    const ease = round1(best.cm.inseam - body.inseam);
    notes.push({ area: 'inseam', note: inseamNote(ease), easeCm: ease });
  }
  const described = notes.map((n) => `${AREA_LABELS[n.area].toLowerCase()}: ${n.note}`).join('; ');
  const addMore = missing.length
    ? ` Add your ${listWords(missing.map((f) => AREA_LABELS[f].toLowerCase()))} for a fuller answer.`
    : '';
  return {
    kind: 'recommended',
    size: best.name,
    ...(alternative ? { alternative } : {}),
    notes,
    missing,
    summary: `${alternative ? `Between ${best.name} and ${alternative}: ${best.name} fits best` : `Size ${best.name} fits best`} (${described}).${addMore}`,
  };
}
