import { describe, expect, it } from 'vitest';
import { SIZE_MESSAGES } from '@shared/domain/size-advice';
import { chartToForm, checkSizeChart, emptySizeRow, NOT_A_NUMBER, type SizeChartForm } from './size-chart-form';
import { formToPayload, styleFormSchema, emptyStyleForm } from './style-form';

const row = (name: string, chest = '', length = '') => ({ ...emptySizeRow(), name, chest, length });
const chart = (rows: SizeChartForm['rows'], unit: SizeChartForm['unit'] = 'cm'): SizeChartForm => ({
  fit: 'regular',
  unit,
  rows,
});
const issues = (f: SizeChartForm) => {
  const r = checkSizeChart(f);
  return r.ok ? [] : r.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('the size chart block', () => {
  it('reads typed text as numbers (a decimal comma too) and leaves empty fields out', () => {
    expect(checkSizeChart(chart([row('S', '96,5', '68'), row('M', ' 102 ', '70')]))).toEqual({
      ok: true,
      chart: {
        fit: 'regular',
        unit: 'cm',
        sizes: [
          { name: 'S', chest: 96.5, length: 68 },
          { name: 'M', chest: 102, length: 70 },
        ],
      },
    });
  });

  it('puts each issue on the field it names, rows before fields', () => {
    expect(issues(chart([row('M', '100'), row('m', '104')]))).toEqual([`rows.1.name: ${SIZE_MESSAGES.duplicateName}`]);
    expect(issues(chart([row('S', '96', '68'), row('M')]))).toEqual([`rows.1: ${SIZE_MESSAGES.measurementRequired}`]);
    expect(issues(chart([row('S', '96'), row('M', 'abc')]))).toEqual([`rows.1.chest: ${NOT_A_NUMBER}`]);
    expect(issues(chart([row('S', '96', '68'), row('M', '102', '700')]))).toEqual([
      'rows.1.length: Length must be between 20 and 170 cm',
    ]);
    expect(issues(chart([row('S', '102')], 'in'))).toEqual(['rows.0.chest: Chest must be between 23.7 and 82.6 in']);
    expect(issues(chart([]))).toEqual([`rows: ${SIZE_MESSAGES.sizesRequired}`]);
  });

  it('shows a stored chart (cm) as text, and an absent one as a fresh single row', () => {
    expect(chartToForm({ unit: 'cm', fit: 'slim', sizes: [{ name: '30', waist: 78, inseam: 81 }] })).toEqual({
      fit: 'slim',
      unit: 'cm',
      rows: [{ name: '30', chest: '', waist: '78', hips: '', length: '', inseam: '81' }],
    });
    expect(chartToForm(null).rows).toEqual([emptySizeRow()]);
  });

  it('is checked by the style form only while the style has a chart, and sent as null without one', () => {
    const base = { ...emptyStyleForm(), name: 'Tee', promptImageUrl: '/api/public-image/x.jpg' };
    const bad = { ...base, sizeChart: chart([row('S', '-1')]) };
    expect(styleFormSchema.safeParse(bad).success).toBe(true);
    expect(formToPayload(bad).sizeChart).toBeNull();
    const on = styleFormSchema.safeParse({ ...bad, hasSizeChart: true });
    expect(on.success ? [] : on.error.issues.map((i) => i.path.join('.'))).toEqual(['sizeChart.rows.0.chest']);
    expect(formToPayload({ ...base, hasSizeChart: true, sizeChart: chart([row('S', '96')]) }).sizeChart).toEqual({
      fit: 'regular',
      unit: 'cm',
      sizes: [{ name: 'S', chest: 96 }],
    });
  });
});
