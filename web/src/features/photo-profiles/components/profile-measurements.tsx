import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Ruler from 'lucide-react/icons/ruler';
import Lock from 'lucide-react/icons/lock';
import { AREA_LABELS, BODY_FIELDS, UNITS } from '../../../../../shared/domain/size-advice';
import { Button } from '../../../components/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/card';
import { FormField } from '../../../components/form-field';
import { Input } from '../../../components/input';
import { SpinnerIcon } from '../../../components/spinner';
import { toast } from '../../../components/use-toast';
import { errorMessage } from '../../../lib/api-error';
import { useSaveMeasurements, type PhotoProfile } from '../../../api/photo-profiles';
import {
  MEASUREMENT_HINTS,
  measurementsFormSchema,
  measurementsToForm,
  type MeasurementsFormOutput,
  type MeasurementsFormValues,
} from './measurements-form-rules';

const selectClass =
  'flex h-10 w-full min-w-0 rounded-lg border border-input bg-background px-3 py-2 text-base text-foreground sm:text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 focus-visible:ring-offset-background';

/**
 * "Measurements (optional)" on a photo profile's edit page (issue 25): height, chest, waist, hips and inseam in
 * cm or in, private to the owner, used to recommend a size on styles with a size chart. Saved on its own
 * (PUT /api/photo-profiles/{id}/measurements), apart from the profile form's photos.
 */
export function ProfileMeasurements({ profile }: { profile: PhotoProfile }) {
  const id = useId();
  const save = useSaveMeasurements(profile.id);
  const [status, setStatus] = useState('');
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors },
  } = useForm<MeasurementsFormValues, unknown, MeasurementsFormOutput>({
    resolver: zodResolver(measurementsFormSchema),
    mode: 'onTouched',
    defaultValues: measurementsToForm(profile.measurements),
  });
  const unit = watch('unit');

  const send = (body: MeasurementsFormOutput, cleared: boolean) =>
    save.mutate(body, {
      onSuccess: (saved) => {
        reset(measurementsToForm(saved.measurements));
        const text = cleared ? 'Measurements removed' : 'Measurements saved';
        setStatus(text);
        toast({ title: text });
      },
      onError: (err) => {
        setStatus('');
        toast({
          variant: 'destructive',
          title: 'Could not save your measurements',
          description: errorMessage(err, 'Please try again.'),
        });
      },
    });

  return (
    <Card className="mt-6" data-testid="profile-measurements">
      <CardHeader>
        <CardTitle id={`${id}-title`} className="flex items-center gap-2">
          <Ruler className="h-5 w-5" aria-hidden="true" />
          Measurements (optional)
        </CardTitle>
        <CardDescription className="flex items-start gap-1.5">
          <Lock className="mt-0.5 h-3.5 w-3.5 shrink-0" aria-hidden="true" />
          <span>
            Private: only you see them. Styles with a size chart use them to suggest your size. They are deleted with
            this profile and included in your data export.
          </span>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          aria-labelledby={`${id}-title`}
          onSubmit={(e) => void handleSubmit((v) => send(v, false))(e)}
          className="flex flex-col gap-4"
        >
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
          <div className="grid gap-4 sm:grid-cols-3 lg:grid-cols-5">
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
          <div className="flex flex-col-reverse gap-3 border-t border-border pt-4 sm:flex-row sm:items-center sm:justify-end">
            <p
              className="text-sm text-muted-foreground sm:mr-auto"
              aria-live="polite"
              data-testid="measurements-status"
            >
              {status}
            </p>
            {profile.measurements ? (
              <Button
                variant="outline"
                disabled={save.isPending}
                onClick={() => send({ unit: 'cm' }, true)}
                data-testid="measurements-clear"
              >
                Remove measurements
              </Button>
            ) : null}
            <Button type="submit" disabled={save.isPending} data-testid="measurements-save">
              {save.isPending ? <SpinnerIcon /> : null}
              Save measurements
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
