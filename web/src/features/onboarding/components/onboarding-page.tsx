import type { ReactNode } from 'react';
import { useController, useForm, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type * as z from 'zod';
import { Link, useNavigate } from 'react-router-dom';
import Check from 'lucide-react/icons/check';
import Sparkles from 'lucide-react/icons/sparkles';
import { PREFERENCE_BRANDS, PREFERENCE_COLORS, PREFERENCE_STYLES, SELECT_ONE_STYLE } from '@shared/domain/preferences';
import { preferencesSchema, type PreferencesInput } from '@shared/schemas/discovery';
import { Button, buttonClasses } from '../../../components/button';
import { PageHeader } from '../../../components/page-header';
import { SpinnerIcon } from '../../../components/spinner';
import { toast } from '../../../components/use-toast';
import { cn } from '../../../lib/cn';
import { isOneOf } from '../../../lib/one-of';
import { AFTER_ONBOARDING_PATH } from '../../../lib/onboarding-gate';
import { BRAND_OPTIONS, COLOR_OPTIONS, STYLE_OPTIONS, toggleValue } from '../lib/options';
import { usePreferences, useSavePreferences } from '../api/preferences';

type FormValues = z.input<typeof preferencesSchema>;
type GroupName = keyof FormValues;

const NO_CHOICES: FormValues = { styles: [], brands: [], colors: [] };

interface Option {
  id: string;
  label: string;
  hint?: string;
  swatch?: string;
}

/** The three choice groups: the field they fill, their look and what one option shows. */
const GROUPS: readonly {
  name: GroupName;
  legend: string;
  hint: string;
  options: readonly Option[];
  list: string;
  button: string;
  corner?: boolean;
  render: (o: Option) => ReactNode;
}[] = [
  {
    name: 'styles',
    legend: 'Styles you like',
    hint: 'Pick at least one.',
    options: STYLE_OPTIONS,
    list: 'grid grid-cols-2 gap-3 sm:grid-cols-4',
    button: 'flex-col items-start p-3 pr-7 text-left',
    corner: true,
    render: (o) => (
      <>
        <span className="font-semibold">{o.label}</span>
        <span className="text-xs font-normal text-muted-foreground">{o.hint}</span>
      </>
    ),
  },
  {
    name: 'brands',
    legend: 'Brands you wear',
    hint: 'Optional.',
    options: BRAND_OPTIONS,
    list: 'flex flex-wrap gap-2',
    button: 'rounded-full px-4 py-2',
    render: (o) => o.label,
  },
  {
    name: 'colors',
    legend: 'Colours you love',
    hint: 'Optional.',
    options: COLOR_OPTIONS,
    list: 'grid grid-cols-3 gap-2 sm:grid-cols-6',
    button: 'gap-2 px-3 py-2',
    render: (o) => (
      <>
        <span
          className="h-5 w-5 shrink-0 rounded-full border border-black/15 dark:border-white/25"
          style={{ backgroundColor: o.swatch }}
          aria-hidden="true"
        />
        <span className="truncate">{o.label}</span>
      </>
    ),
  },
];

/** /onboarding (spec 01 sections 2, 5 and 7): styles (at least one), brands and colours, then /dashboard. */
export default function OnboardingPage() {
  const navigate = useNavigate();
  const saved = usePreferences();
  // Coming back to onboarding later: start from the saved choices (what the user already changed stays).
  const { control, handleSubmit } = useForm<FormValues, unknown, PreferencesInput>({
    resolver: zodResolver(preferencesSchema),
    defaultValues: NO_CHOICES,
    values: saved.data
      ? {
          styles: saved.data.styles.filter((v) => isOneOf(PREFERENCE_STYLES, v)),
          brands: saved.data.brands.filter((v) => isOneOf(PREFERENCE_BRANDS, v)),
          colors: saved.data.colors.filter((v) => isOneOf(PREFERENCE_COLORS, v)),
        }
      : undefined,
    resetOptions: { keepDirtyValues: true },
  });

  const save = useSavePreferences();

  const submit = handleSubmit(
    (body) =>
      save.mutate(body, {
        onSuccess: () => {
          toast({ title: 'Preferences saved!', description: 'Your style profile has been created.' });
          void navigate(AFTER_ONBOARDING_PATH);
        },
        onError: () => toast({ variant: 'destructive', title: 'Error', description: 'Failed to save preferences' }),
      }),
    (invalid) =>
      toast({
        variant: 'destructive',
        title: invalid.styles?.message ?? SELECT_ONE_STYLE,
        description: 'Help us understand your preferences',
      }),
  );

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      <PageHeader
        title="Tell us your style"
        description="Pick what you like and we will tailor styles and looks to you. You can change this later."
      />
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-8" aria-label="Style preferences">
        {GROUPS.map((g) => (
          <ChoiceGroup key={g.name} control={control} {...g} />
        ))}
        <div className="flex flex-col-reverse items-stretch gap-3 border-t border-border pt-6 sm:flex-row sm:items-center sm:justify-between">
          <Link
            to={AFTER_ONBOARDING_PATH}
            className={buttonClasses({ variant: 'ghost' })}
            data-testid="onboarding-skip"
          >
            Skip for now
          </Link>
          <Button type="submit" size="lg" disabled={save.isPending} data-testid="onboarding-submit">
            {save.isPending ? <SpinnerIcon /> : <Sparkles className="h-4 w-4" aria-hidden="true" />}
            {save.isPending ? 'Saving...' : 'Save preferences'}
          </Button>
        </div>
      </form>
    </div>
  );
}

/** One group of toggle buttons bound to a list field of the form. */
function ChoiceGroup({
  control,
  name,
  legend,
  hint,
  options,
  list,
  button,
  corner,
  render,
}: (typeof GROUPS)[number] & { control: Control<FormValues, unknown, PreferencesInput> }) {
  const { field } = useController({ control, name });
  const chosen: readonly string[] = field.value ?? [];
  return (
    <OptionGroup legend={legend} hint={hint} testId={`onboarding-${name}`}>
      <div className={list}>
        {options.map((o) => (
          <OptionButton
            key={o.id}
            pressed={chosen.includes(o.id)}
            onClick={() => field.onChange(toggleValue(chosen, o.id))}
            corner={corner}
            className={button}
          >
            {render(o)}
          </OptionButton>
        ))}
      </div>
    </OptionGroup>
  );
}

function OptionGroup({
  legend,
  hint,
  children,
  testId,
}: {
  legend: string;
  hint: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <fieldset className="min-w-0" data-testid={testId}>
      <legend className="text-lg font-semibold">{legend}</legend>
      <p className="mb-3 text-sm text-muted-foreground">{hint}</p>
      {children}
    </fieldset>
  );
}

/** A toggle button (aria-pressed) with a check mark when selected. */
function OptionButton({
  pressed,
  onClick,
  children,
  className,
  corner,
}: {
  pressed: boolean;
  onClick: () => void;
  children: ReactNode;
  className?: string;
  corner?: boolean;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        'relative flex min-w-0 items-center rounded-xl border text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        pressed
          ? 'border-primary bg-primary/10 text-foreground ring-1 ring-primary'
          : 'border-border bg-card hover:bg-muted',
        className,
      )}
    >
      {pressed && !corner ? <Check className="mr-1.5 h-4 w-4 shrink-0 text-brand" aria-hidden="true" /> : null}
      {children}
      {pressed && corner ? <Check className="absolute right-2 top-2 h-4 w-4 text-brand" aria-hidden="true" /> : null}
    </button>
  );
}
