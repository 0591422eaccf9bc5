/**
 * The photo profile's "Measurements (optional)" form (issue 25): the text typed per field, checked by the API's
 * own schema (shared/domain/size-advice.ts bodyMeasurementsSchema: the same ranges and messages), sent in the
 * unit chosen, stored in cm.
 */
import * as z from 'zod';
import {
  BODY_FIELDS,
  bodyMeasurementsSchema,
  type BodyField,
  type BodyMeasurementsCm,
  type BodyMeasurementsInput,
  type Unit,
  UNITS,
} from '@shared/domain/size-advice';

export const MEASUREMENT_HINTS: Record<BodyField, string> = {
  height: 'Without shoes',
  chest: 'All the way round, at the fullest part',
  waist: 'All the way round, at the natural waist',
  hips: 'All the way round, at the widest part',
  inseam: 'Crotch to ankle, inside the leg',
};

/** The stored measurements (cm) as form values. */
export function measurementsToForm(m: BodyMeasurementsCm | null | undefined): MeasurementsFormValues {
  const out: { unit: Unit } & Record<BodyField, string> = {
    unit: 'cm',
    height: '',
    chest: '',
    waist: '',
    hips: '',
    inseam: '',
  };
  for (const f of BODY_FIELDS) if (m?.[f] !== undefined) out[f] = String(m[f]);
  return out;
}

const numberText = z
  .string()
  .transform((t) => t.trim().replace(',', '.'))
  .transform((t) => (t === '' ? undefined : Number(t)))
  .optional();

/** Text to numbers (empty: not given; other text: "Enter a number"), then the API's check with its messages. */
export const measurementsFormSchema = z
  .object({
    unit: z.enum(UNITS),
    height: numberText,
    chest: numberText,
    waist: numberText,
    hips: numberText,
    inseam: numberText,
  })
  .pipe(bodyMeasurementsSchema);

export type MeasurementsFormValues = z.input<typeof measurementsFormSchema>;
export type MeasurementsFormOutput = BodyMeasurementsInput;

/** Whether the form says something else than what is stored (typed, changed or cleared; blanks around a number are no change). */
export function measurementsChanged(
  values: MeasurementsFormValues,
  stored: BodyMeasurementsCm | null | undefined,
): boolean {
  const before = measurementsToForm(stored);
  const typed = (v: string | undefined) => (v ?? '').trim();
  return values.unit !== before.unit || BODY_FIELDS.some((f) => typed(values[f]) !== before[f]);
}
