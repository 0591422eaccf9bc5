/**
 * The style editor's size chart block as form values (issue 25): every measurement is the text typed, the chart
 * is checked by the one rule of shared/domain/size-advice.ts (sizeChartSchema) and its issues land on the
 * fields they name. Stored in cm: a saved chart comes back in cm, whatever unit it was entered in.
 */
import {
  CHART_AREAS,
  sizeChartSchema,
  type ChartArea,
  type Fit,
  type SizeChart,
  type Unit,
} from '@shared/domain/size-advice';

export type SizeRowForm = { name: string } & Record<ChartArea, string>;

export interface SizeChartForm {
  fit: Fit;
  unit: Unit;
  rows: SizeRowForm[];
}

export const FIT_OPTIONS: { value: Fit; label: string }[] = [
  { value: 'slim', label: 'Slim' },
  { value: 'regular', label: 'Regular' },
  { value: 'relaxed', label: 'Relaxed' },
];
export const UNIT_OPTIONS: { value: Unit; label: string }[] = [
  { value: 'cm', label: 'Centimetres (cm)' },
  { value: 'in', label: 'Inches (in)' },
];

export const NOT_A_NUMBER = 'Enter a number';

export const emptySizeRow = (): SizeRowForm => ({ name: '', chest: '', waist: '', hips: '', length: '', inseam: '' });

export const newSizeChartForm = (): SizeChartForm => ({ fit: 'regular', unit: 'cm', rows: [emptySizeRow()] });

/** A stored chart as form values (none: a fresh chart, shown once the creator adds one). */
export function chartToForm(chart: SizeChart | null | undefined): SizeChartForm {
  if (!chart) return newSizeChartForm();
  return {
    fit: chart.fit,
    unit: chart.unit,
    rows: chart.sizes.map((s) => {
      const row = emptySizeRow();
      row.name = s.name;
      for (const a of CHART_AREAS) row[a] = s[a] === undefined ? '' : String(s[a]);
      return row;
    }),
  };
}

/** One issue, on the path of the form's values under the chart (`rows.1.chest`, `rows.1`, `rows`, `fit`). */
export interface ChartIssue {
  path: (string | number)[];
  message: string;
}

export type ChartCheck = { ok: true; chart: SizeChart } | { ok: false; issues: ChartIssue[] };

const parseNumber = (text: string): number | null | undefined => {
  const t = text.trim().replace(',', '.');
  if (!t) return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
};

/**
 * Check the chart as typed: text that is no number is refused here, the rest by sizeChartSchema. Issues on a
 * whole row come first (the form shows them above the row's fields; the fields' own go into the same entry).
 */
export function checkSizeChart(form: SizeChartForm): ChartCheck {
  const typed: ChartIssue[] = [];
  const sizes = form.rows.map((row, i) => {
    const out: Record<string, string | number> = { name: row.name };
    for (const a of CHART_AREAS) {
      const n = parseNumber(row[a]);
      if (n === null) typed.push({ path: ['rows', i, a], message: NOT_A_NUMBER });
      else if (n !== undefined) out[a] = n;
    }
    return out;
  });
  const parsed = sizeChartSchema.safeParse({ fit: form.fit, unit: form.unit, sizes });
  if (parsed.success && !typed.length) return { ok: true, chart: parsed.data };
  const fromSchema: ChartIssue[] = parsed.success
    ? []
    : parsed.error.issues.map((i) => ({
        path: i.path.map((p) => (p === 'sizes' ? 'rows' : typeof p === 'symbol' ? String(p) : p)),
        message: i.message,
      }));
  // a field that is no number is not also "missing" from its row: drop the schema's row-level complaint then
  const typedRows = new Set(typed.map((t) => t.path[1]));
  const all = [...fromSchema.filter((i) => !(i.path.length === 2 && typedRows.has(i.path[1]))), ...typed];
  return { ok: false, issues: [...all.filter((i) => i.path.length <= 2), ...all.filter((i) => i.path.length > 2)] };
}
