import { useForm, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Ruler from 'lucide-react/icons/ruler';
import Lock from 'lucide-react/icons/lock';
import { AREA_LABELS, BODY_FIELDS, UNITS } from '@shared/domain/size-advice';
import { Button } from '../../../components/button';
import { FormField } from '../../../components/form-field';
import { Input } from '../../../components/input';
import type { PhotoProfile } from '../../../api/photo-profiles';
import {
  MEASUREMENT_HINTS,
  measurementsFormSchema,
  measurementsToForm,
  type MeasurementsFormOutput,
  type MeasurementsFormValues,
} from './measurements-form-rules';

/** Where a deep link lands on the edit page: /profiles/{id}/edit#measurements (the section's heading, focused). */
export const MEASUREMENTS_ANCHOR = 'measurements';

const selectClass =
  'flex h-10 w-full min-w-0 rounded-lg border border-input bg-background px-3 py-2 text-base text-foreground sm:text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 focus-visible:ring-offset-background';

export type MeasurementsForm = UseFormReturn<MeasurementsFormValues, unknown, MeasurementsFormOutput>;

/** The measurements' own form state (their own schema), saved by the profile form's one Save. */
export function useMeasurementsForm(profile: PhotoProfile | undefined): MeasurementsForm {
  return useForm<MeasurementsFormValues, unknown, MeasurementsFormOutput>({
    resolver: zodResolver(measurementsFormSchema),
    mode: 'onTouched',
    defaultValues: measurementsToForm(profile?.measurements),
  });
}

/**
 * "Measurements (optional)" on a photo profile's edit page (issue 25): height, chest, waist, hips and inseam in
 * cm or in, private to the owner, used to recommend a size on styles with a size chart. Part of the profile form
 * (issue 39): its one "Save Changes" saves them too (PUT /api/photo-profiles/{id}/measurements), so nothing typed
 * here is lost; "Clear measurements" empties the fields and Save removes them.
 */
export function MeasurementsSection({ form }: { form: MeasurementsForm }) {
  const {
    register,
    watch,
    reset,
    formState: { errors },
  } = form;
  const unit = watch('unit');
  const values = watch();
  const anyTyped = BODY_FIELDS.some((f) => (values[f] ?? '').trim() !== '');
  return (
    <section
      aria-labelledby={MEASUREMENTS_ANCHOR}
      className="flex flex-col gap-4 border-t border-border pt-5"
      data-testid="profile-measurements"
    >
      <div>
        <h2
          id={MEASUREMENTS_ANCHOR}
          tabIndex={-1}
          className="flex items-center gap-2 rounded-md text-lg font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Ruler className="h-5 w-5" aria-hidden="true" />
          Measurements (optional)
        </h2>
        <p className="mt-1 flex items-start gap-1.5 text-sm text-muted-foreground">
          <Lock className="mt-0.5 h-3.5 w-3.5 shrink-0" aria-hidden="true" />
          <span>
            Private: only you see them. Styles with a size chart use them to suggest your size. They are deleted with
            this profile and included in your data export.
          </span>
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label="Unit">
          <select className={selectClass} {...register('unit')}>
            {UNITS.map((u) => (
              <option key={u} value={u}>
                {u === 'cm' ? 'Centimetres (cm)' : 'Inches (in)'}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {BODY_FIELDS.map((f) => (
          <FormField
            key={f}
            label={`${AREA_LABELS[f]} (${unit})`}
            hint={MEASUREMENT_HINTS[f]}
            error={errors[f]?.message}
          >
            <Input inputMode="decimal" autoComplete="off" {...register(f)} />
          </FormField>
        ))}
      </div>
      {anyTyped ? (
        <div>
          <Button
            variant="outline"
            size="sm"
            onClick={() =>
              reset({ unit, height: '', chest: '', waist: '', hips: '', inseam: '' }, { keepDefaultValues: true })
            }
            data-testid="measurements-clear"
          >
            Clear measurements
          </Button>
        </div>
      ) : null}
    </section>
  );
}
