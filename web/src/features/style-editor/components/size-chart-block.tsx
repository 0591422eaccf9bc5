import { useId, useRef, type ComponentProps } from 'react';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import Plus from 'lucide-react/icons/plus';
import Ruler from 'lucide-react/icons/ruler';
import Trash2 from 'lucide-react/icons/trash-2';
import { AREA_LABELS, CHART_AREAS, FITS, UNITS } from '@shared/domain/size-advice';
import { Button } from '../../../components/button';
import { Input } from '../../../components/input';
import { isOneOf } from '../../../lib/one-of';
import { emptySizeRow, FIT_OPTIONS, UNIT_OPTIONS } from '../lib/size-chart-form';
import type { StyleFormValues } from '../lib/style-form';

const MAX_SIZES = 15;

const selectClass =
  'flex h-10 w-full min-w-0 rounded-lg border border-input bg-background px-3 py-2 text-base text-foreground sm:text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 focus-visible:ring-offset-background';

const errorClass = 'text-sm text-destructive dark:text-red-400';

/**
 * The style's size chart (issue 25): the fit the brand intends, the unit the measurements are typed in, and one
 * row per size (its name and garment measurements). Part of the style form: saved with Create/Update Style,
 * checked by the shared rule (errors on the fields they name, the first one focused).
 */
export function SizeChartBlock({ form }: { form: UseFormReturn<StyleFormValues> }) {
  const id = useId();
  const { control, register, setValue, watch, formState, clearErrors } = form;
  const rows = useFieldArray({ control, name: 'sizeChart.rows' });
  const has = watch('hasSizeChart');
  const unit = watch('sizeChart.unit');
  const addRef = useRef<HTMLButtonElement>(null);
  const errors = formState.errors.sizeChart;
  const listError = errors?.rows?.message ?? errors?.rows?.root?.message;

  const toggle = (on: boolean) => {
    setValue('hasSizeChart', on, { shouldDirty: true });
    if (!on) clearErrors('sizeChart');
  };

  return (
    <fieldset className="space-y-3 rounded-xl border border-border p-4" data-testid="size-chart">
      <legend className="flex items-center gap-2 px-1 text-sm font-medium">
        <Ruler className="h-4 w-4" aria-hidden="true" />
        Size chart (optional)
      </legend>
      <p className="text-xs text-muted-foreground">
        Garment measurements per size: chest, waist and hips all the way round, length from the shoulder, inseam.
        Shoppers who add their measurements see which size fits them. Saved in centimetres.
      </p>
      {!has ? (
        <Button variant="outline" size="sm" onClick={() => toggle(true)} data-testid="size-chart-add">
          <Plus className="h-4 w-4" aria-hidden="true" />
          Add a size chart
        </Button>
      ) : (
        <>
          <div className="grid gap-3 sm:grid-cols-2">
            <div className="flex flex-col gap-1.5">
              <label htmlFor={`${id}-fit`} className="text-sm font-medium">
                Fit the brand intends
              </label>
              <select
                id={`${id}-fit`}
                className={selectClass}
                {...register('sizeChart.fit', { validate: (v) => isOneOf(FITS, v) })}
              >
                {FIT_OPTIONS.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </div>
            <div className="flex flex-col gap-1.5">
              <label htmlFor={`${id}-unit`} className="text-sm font-medium">
                Unit of the measurements
              </label>
              <select
                id={`${id}-unit`}
                className={selectClass}
                {...register('sizeChart.unit', { validate: (v) => isOneOf(UNITS, v) })}
              >
                {UNIT_OPTIONS.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <ol className="space-y-3" aria-label="Sizes">
            {rows.fields.map((field, i) => {
              const rowErrors = errors?.rows?.[i];
              const rowError = rowErrors?.message;
              const nameError = rowErrors?.name?.message;
              const rowErrorId = rowError ? `${id}-row-${i}-error` : undefined;
              return (
                <li key={field.id} className="rounded-lg border border-border p-3" data-testid="size-row">
                  <fieldset aria-describedby={rowErrorId}>
                    <legend className="sr-only">Size {i + 1}</legend>
                    {rowError ? (
                      <p id={rowErrorId} className={`${errorClass} mb-2`}>
                        {rowError}
                      </p>
                    ) : null}
                    <div className="grid grid-cols-3 gap-2 sm:grid-cols-6">
                      <SizeInput
                        id={`${id}-${i}-name`}
                        label="Size name"
                        error={nameError}
                        inputProps={{ ...register(`sizeChart.rows.${i}.name`), maxLength: 12, autoComplete: 'off' }}
                      />
                      {CHART_AREAS.map((a) => (
                        <SizeInput
                          key={a}
                          id={`${id}-${i}-${a}`}
                          label={`${AREA_LABELS[a]} (${unit})`}
                          error={rowErrors?.[a]?.message}
                          inputProps={{
                            ...register(`sizeChart.rows.${i}.${a}`),
                            inputMode: 'decimal',
                            autoComplete: 'off',
                          }}
                        />
                      ))}
                    </div>
                    <div className="mt-2 flex justify-end">
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() => {
                          rows.remove(i);
                          addRef.current?.focus();
                        }}
                        aria-label={`Remove size ${i + 1}${watch(`sizeChart.rows.${i}.name`) ? ` (${watch(`sizeChart.rows.${i}.name`)})` : ''}`}
                      >
                        <Trash2 className="h-4 w-4" aria-hidden="true" />
                        Remove
                      </Button>
                    </div>
                  </fieldset>
                </li>
              );
            })}
          </ol>
          {listError ? <p className={errorClass}>{listError}</p> : null}
          <div className="flex flex-wrap gap-2">
            <Button
              ref={addRef}
              variant="outline"
              size="sm"
              disabled={rows.fields.length >= MAX_SIZES}
              onClick={() =>
                rows.append(emptySizeRow(), {
                  shouldFocus: true,
                  focusName: `sizeChart.rows.${rows.fields.length}.name`,
                })
              }
              data-testid="size-chart-add-row"
            >
              <Plus className="h-4 w-4" aria-hidden="true" />
              Add a size
            </Button>
            <Button variant="ghost" size="sm" onClick={() => toggle(false)} data-testid="size-chart-remove">
              <Trash2 className="h-4 w-4" aria-hidden="true" />
              Remove the size chart
            </Button>
          </div>
        </>
      )}
    </fieldset>
  );
}

function SizeInput({
  id,
  label,
  error,
  inputProps,
}: {
  id: string;
  label: string;
  error: string | undefined;
  inputProps: ComponentProps<typeof Input>;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium">
        {label}
      </label>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="h-9 px-2"
        {...inputProps}
      />
      {error ? (
        <p id={`${id}-error`} className="text-xs text-destructive dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
