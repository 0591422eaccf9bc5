import type * as z from 'zod';
import { describe, expect, it } from 'vitest';
import {
  adviseSize,
  bodyMeasurementsSchema,
  lengthNote,
  measurementsToCm,
  SIZE_MESSAGES,
  sizeChartSchema,
  sizeChartToCm,
  type SizeChart,
} from './size-advice';
import { renderFitFor, RENDER_EASE_RANGE } from './size-fit';

/** A regular-fit tee: chest circumference per size (cm) and length from the shoulder. */
const tee: SizeChart = sizeChartSchema.parse({
  unit: 'cm',
  fit: 'regular',
  sizes: [
    { name: 'S', chest: 96, length: 68 },
    { name: 'M', chest: 102, length: 70 },
    { name: 'L', chest: 108, length: 72 },
    { name: 'XL', chest: 114, length: 74 },
  ],
});

const issues = (input: unknown, schema: z.ZodType = sizeChartSchema) => {
  const r = schema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('adviseSize', () => {
  it('recommends the size whose ease is what the brand intends, with a note per area', () => {
    const advice = adviseSize(tee, { chest: 92, height: 175 });
    expect(advice).toMatchObject({ kind: 'recommended', size: 'M' });
    if (advice.kind !== 'recommended') throw new Error('unreachable');
    expect(advice.notes).toEqual([
      { area: 'chest', note: 'regular fit, as intended', easeCm: 10 },
      { area: 'length', note: 'to the hips' },
    ]);
    expect(advice.summary).toBe('Size M fits best (chest: regular fit, as intended; length: to the hips).');
  });

  it('names both sizes when the person is between two', () => {
    // chest 95: M has ease 7 (the bottom of regular), L 13 (near its top): both fit as intended
    const advice = adviseSize(tee, { chest: 95 });
    expect(advice).toMatchObject({ kind: 'recommended', size: 'M', alternative: 'L' });
    expect(advice.summary).toMatch(/^Between M and L: M fits best/);
    // not between sizes when one is clearly better
    expect(adviseSize(tee, { chest: 92 })).not.toHaveProperty('alternative');
  });

  it('prefers a size up that is a little roomy over a size down that pinches', () => {
    // chest 100: M (ease 2) is tight against regular's 7; L (ease 8) is as intended
    expect(adviseSize(tee, { chest: 100 })).toMatchObject({ size: 'L' });
    // chest 104: M would be smaller than the body
    const a = adviseSize(tee, { chest: 104 });
    expect(a).toMatchObject({ size: 'XL' });
  });

  it('says when the person is outside the chart, and which way', () => {
    expect(adviseSize(tee, { chest: 120 })).toMatchObject({ kind: 'out_of_range', direction: 'larger', nearest: 'XL' });
    expect(adviseSize(tee, { chest: 66 })).toMatchObject({ kind: 'out_of_range', direction: 'smaller', nearest: 'S' });
    expect(adviseSize(tee, { chest: 120 }).summary).toMatch(/largest size \(XL\) is smaller than your chest/);
  });

  it('never guesses: missing measurements are named', () => {
    expect(adviseSize(tee, {})).toEqual({
      kind: 'missing',
      missing: ['chest', 'height'],
      summary: 'Add your chest and height to your photo profile to see which size fits.',
    });
    // a chest is enough to choose; the height is asked for the length note
    const partial = adviseSize(tee, { chest: 92 });
    expect(partial).toMatchObject({ kind: 'recommended', size: 'M' });
    expect(partial.summary).toMatch(/Add your height for a fuller answer\.$/);
    expect(partial).toMatchObject({ missing: ['height'] });
    expect(adviseSize(tee, { chest: 92, height: 175 })).toMatchObject({ missing: [] });
    // a chart of trousers needs the waist and hips, not the chest
    const jeans = sizeChartSchema.parse({
      unit: 'cm',
      fit: 'slim',
      sizes: [
        { name: '30', waist: 78, hips: 96, inseam: 81 },
        { name: '32', waist: 83, hips: 101, inseam: 81 },
      ],
    });
    expect(adviseSize(jeans, { chest: 95 })).toMatchObject({ kind: 'missing', missing: ['waist', 'hips', 'inseam'] });
    const fit = adviseSize(jeans, { waist: 80, hips: 97, inseam: 84 });
    expect(fit).toMatchObject({ kind: 'recommended', size: '32' });
    if (fit.kind === 'recommended')
      expect(fit.notes.at(-1)).toEqual({ area: 'inseam', note: 'full length', easeCm: -3 });
  });

  it('reads a chart in inches as the same chart in centimetres', () => {
    const inches = sizeChartSchema.parse({
      unit: 'in',
      fit: 'regular',
      sizes: tee.sizes.map((s) => ({ name: s.name, chest: s.chest! / 2.54, length: s.length! / 2.54 })),
    });
    for (const chest of [88, 92, 95, 100, 104, 110])
      expect(adviseSize(inches, { chest, height: 170 })).toEqual(adviseSize(tee, { chest, height: 170 }));
  });

  it('describes lengths against the height', () => {
    expect(lengthNote(34, 170)).toBe('cropped, above the waist');
    expect(lengthNote(45, 170)).toBe('to the waist');
    expect(lengthNote(85, 170)).toBe('to mid-thigh');
    expect(lengthNote(105, 170)).toBe('to the knee');
    expect(lengthNote(160, 170)).toBe('floor length');
  });
});

describe('size chart validation (the style editor)', () => {
  it('accepts a well-formed chart', () => expect(issues(tee)).toEqual([]));

  it('refuses missing sizes, duplicate names, empty rows and mixed measurements', () => {
    expect(issues({ unit: 'cm', fit: 'regular', sizes: [] })).toEqual([`sizes: ${SIZE_MESSAGES.sizesRequired}`]);
    expect(
      issues({
        unit: 'cm',
        fit: 'regular',
        sizes: [
          { name: 'M', chest: 100 },
          { name: 'm', chest: 104 },
        ],
      }),
    ).toEqual([`sizes.1.name: ${SIZE_MESSAGES.duplicateName}`]);
    expect(issues({ unit: 'cm', fit: 'regular', sizes: [{ name: 'M' }] })).toContain(
      `sizes.0: ${SIZE_MESSAGES.measurementRequired}`,
    );
    // an empty row is told that, once (not also "the same measurements"), first or later
    expect(
      issues({
        unit: 'cm',
        fit: 'regular',
        sizes: [{ name: 'S', chest: 96 }, { name: 'M' }],
      }),
    ).toEqual([`sizes.1: ${SIZE_MESSAGES.measurementRequired}`]);
    expect(
      issues({
        unit: 'cm',
        fit: 'regular',
        sizes: [{ name: 'S' }, { name: 'M', chest: 96 }],
      }),
    ).toEqual([`sizes.0: ${SIZE_MESSAGES.measurementRequired}`]);
    expect(
      issues({
        unit: 'cm',
        fit: 'regular',
        sizes: [
          { name: 'S', chest: 96, length: 68 },
          { name: 'M', chest: 102 },
        ],
      }),
    ).toEqual([`sizes.1: ${SIZE_MESSAGES.sameMeasurements}`]);
    expect(issues({ unit: 'cm', fit: 'regular', sizes: [{ name: '  ', chest: 96 }] })).toEqual([
      `sizes.0.name: ${SIZE_MESSAGES.nameRequired}`,
    ]);
  });

  it('refuses negative and out-of-range values, in the unit the creator used', () => {
    expect(issues({ unit: 'cm', fit: 'slim', sizes: [{ name: 'S', chest: -96 }] })).toEqual([
      'sizes.0.chest: Chest must be between 60 and 210 cm',
    ]);
    // 96 in is 244 cm: the wrong unit, caught by the range
    expect(issues({ unit: 'in', fit: 'slim', sizes: [{ name: 'S', chest: 96 }] })).toEqual([
      'sizes.0.chest: Chest must be between 23.7 and 82.6 in',
    ]);
    // the limits the message names are themselves accepted (rounded inwards: 23.6 in is 59.9 cm, 82.7 in 210.1 cm)
    expect(
      issues({
        unit: 'in',
        fit: 'slim',
        sizes: [
          { name: 'S', chest: 23.7 },
          { name: 'M', chest: 82.6 },
        ],
      }),
    ).toEqual([]);
    expect(issues({ unit: 'in', fit: 'slim', sizes: [{ name: 'S', chest: 23.6 }] })).toHaveLength(1);
    expect(issues({ unit: 'in', fit: 'slim', sizes: [{ name: 'S', chest: 82.7 }] })).toHaveLength(1);
    expect(issues({ unit: 'mm', fit: 'slim', sizes: [{ name: 'S', chest: 960 }] })).toEqual([
      `unit: ${SIZE_MESSAGES.unit}`,
    ]);
    expect(issues({ unit: 'cm', fit: 'baggy', sizes: [{ name: 'S', chest: 96 }] })).toEqual([
      `fit: ${SIZE_MESSAGES.fit}`,
    ]);
  });
});

describe('sizeChartToCm (the chart as stored)', () => {
  it('converts a chart in inches to centimetres, one decimal, keeping names, fit and the areas given', () => {
    const chart = sizeChartSchema.parse({
      unit: 'in',
      fit: 'relaxed',
      sizes: [
        { name: ' S ', chest: 38, length: 27 },
        { name: 'M', chest: 40, length: 28 },
      ],
    });
    expect(sizeChartToCm(chart)).toEqual({
      unit: 'cm',
      fit: 'relaxed',
      sizes: [
        { name: 'S', chest: 96.5, length: 68.6 },
        { name: 'M', chest: 101.6, length: 71.1 },
      ],
    });
    // a chart in cm is kept as is, and the stored chart passes the editor's own check again
    expect(sizeChartToCm(tee)).toEqual(tee);
    expect(issues(sizeChartToCm(chart))).toEqual([]);
  });
});

describe('body measurements (the photo profile)', () => {
  it('are optional, range-checked and stored in centimetres', () => {
    expect(issues({ unit: 'cm' }, bodyMeasurementsSchema)).toEqual([]);
    expect(issues({ unit: 'cm', height: 17 }, bodyMeasurementsSchema)).toEqual([
      'height: Height must be between 120 and 230 cm',
    ]);
    expect(issues({ unit: 'cm', waist: -80 }, bodyMeasurementsSchema)).toEqual([
      'waist: Waist must be between 45 and 170 cm',
    ]);
    expect(issues({ unit: 'in', height: 47.3, inseam: 43.3 }, bodyMeasurementsSchema)).toEqual([]);
    expect(issues({ unit: 'in', height: 230 }, bodyMeasurementsSchema)).toEqual([
      'height: Height must be between 47.3 and 90.5 in',
    ]);
    expect(issues({ unit: 'cm', chest: Number.NaN }, bodyMeasurementsSchema)).toHaveLength(1);
    expect(issues({ unit: 'cm', chest: '96' }, bodyMeasurementsSchema)).toEqual(['chest: Enter a number']);
    const inches = bodyMeasurementsSchema.parse({ unit: 'in', height: 69, chest: 38 });
    expect(measurementsToCm(inches)).toEqual({ height: 175.3, chest: 96.5 });
  });
});

describe('renderFitFor (how a preview draws a size)', () => {
  it('draws the recommended size at about the default fit, a size up looser and longer, a size down closer', () => {
    const body = { chest: 92, height: 175 };
    expect(adviseSize(tee, body)).toMatchObject({ size: 'M' });
    // the default girth is the body plus a regular fit's middle ease (10.5 cm): 102.5 cm
    expect(renderFitFor(tee, body, 'M')).toEqual({ ease: 0.995, length: 1 });
    expect(renderFitFor(tee, body, 'L')).toEqual({ ease: 1.054, length: 1.029 });
    expect(renderFitFor(tee, body, 'S')).toEqual({ ease: 0.937, length: 0.971 });
    const eases = ['S', 'M', 'L', 'XL'].map((n) => renderFitFor(tee, body, n)!.ease);
    expect([...eases].sort((a, b) => a - b)).toEqual(eases);
  });

  it('reads an inch chart as the same garment in cm', () => {
    const inches = sizeChartSchema.parse({
      unit: 'in',
      fit: 'regular',
      sizes: tee.sizes.map((s) => ({ name: s.name, chest: s.chest! / 2.54, length: s.length! / 2.54 })),
    });
    expect(renderFitFor(inches, { chest: 92, height: 175 }, 'L')).toEqual(
      renderFitFor(tee, { chest: 92, height: 175 }, 'L'),
    );
  });

  it('never guesses: an unknown size or no comparable circumference gives null', () => {
    expect(renderFitFor(tee, { chest: 92 }, 'XXL')).toBeNull();
    expect(renderFitFor(tee, { height: 175 }, 'M')).toBeNull();
    expect(renderFitFor(tee, {}, 'M')).toBeNull();
  });

  it('keeps a preview within a drawable range for a size far off the body', () => {
    expect(renderFitFor(tee, { chest: 60 }, 'XL')!.ease).toBe(RENDER_EASE_RANGE[1]);
    expect(renderFitFor(tee, { chest: 150 }, 'S')!.ease).toBe(RENDER_EASE_RANGE[0]);
    // out of the chart: no recommended size to measure length against, so the length stays the default
    expect(renderFitFor(tee, { chest: 150 }, 'S')!.length).toBe(1);
  });
});
