import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Check from 'lucide-react/icons/check';
import Sparkles from 'lucide-react/icons/sparkles';
import {
  SELECT_ONE_STYLE,
  type PreferenceBrand,
  type PreferenceColor,
  type PreferenceStyle,
} from '../../../../../shared/domain/preferences';
import { Button, buttonClasses } from '../../../components/button';
import { PageHeader } from '../../../components/page-header';
import { SpinnerIcon } from '../../../components/spinner';
import { toast } from '../../../components/use-toast';
import { apiJson } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { CURRENT_USER_KEY } from '../../../api/current-user';
import { AFTER_ONBOARDING_PATH } from '../../../lib/onboarding-gate';
import { BRAND_OPTIONS, COLOR_OPTIONS, STYLE_OPTIONS, toggleValue } from '../lib/options';

interface Preferences {
  styles: PreferenceStyle[];
  brands: PreferenceBrand[];
  colors: PreferenceColor[];
  onboarded?: boolean;
}

const PREFERENCES_KEY = ['/api/user/preferences'] as const;

/** /onboarding (spec 01 sections 2, 5 and 7): styles (at least one), brands and colours, then /dashboard. */
export default function OnboardingPage() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const saved = useQuery<Preferences>({ queryKey: PREFERENCES_KEY });
  const [styles, setStyles] = useState<PreferenceStyle[]>([]);
  const [brands, setBrands] = useState<PreferenceBrand[]>([]);
  const [colors, setColors] = useState<PreferenceColor[]>([]);
  const [prefilled, setPrefilled] = useState(false);

  // Coming back to onboarding later: start from the saved choices.
  useEffect(() => {
    if (prefilled || !saved.data) return;
    setPrefilled(true);
    setStyles(saved.data.styles ?? []);
    setBrands(saved.data.brands ?? []);
    setColors(saved.data.colors ?? []);
  }, [saved.data, prefilled]);

  const save = useMutation({
    mutationFn: (body: Preferences) => apiJson<Preferences>('POST', '/api/preferences', body),
    onSuccess: async (data) => {
      qc.setQueryData(PREFERENCES_KEY, data);
      await qc.invalidateQueries({ queryKey: CURRENT_USER_KEY });
      toast({ title: 'Preferences saved!', description: 'Your style profile has been created.' });
      navigate(AFTER_ONBOARDING_PATH);
    },
    onError: () => toast({ variant: 'destructive', title: 'Error', description: 'Failed to save preferences' }),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (styles.length === 0) {
      toast({ variant: 'destructive', title: SELECT_ONE_STYLE, description: 'Help us understand your preferences' });
      return;
    }
    save.mutate({ styles, brands, colors });
  };

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      <PageHeader
        title="Tell us your style"
        description="Pick what you like and we will tailor styles and looks to you. You can change this later."
      />
      <form onSubmit={submit} noValidate className="flex flex-col gap-8" aria-label="Style preferences">
        <OptionGroup legend="Styles you like" hint="Pick at least one." testId="onboarding-styles">
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {STYLE_OPTIONS.map((o) => (
              <OptionButton
                key={o.id}
                pressed={styles.includes(o.id)}
                onClick={() => setStyles((v) => toggleValue(v, o.id))}
                corner
                className="flex-col items-start p-3 pr-7 text-left"
              >
                <span className="font-semibold">{o.label}</span>
                <span className="text-xs font-normal text-muted-foreground">{o.hint}</span>
              </OptionButton>
            ))}
          </div>
        </OptionGroup>
        <OptionGroup legend="Brands you wear" hint="Optional." testId="onboarding-brands">
          <div className="flex flex-wrap gap-2">
            {BRAND_OPTIONS.map((o) => (
              <OptionButton
                key={o.id}
                pressed={brands.includes(o.id)}
                onClick={() => setBrands((v) => toggleValue(v, o.id))}
                className="rounded-full px-4 py-2"
              >
                {o.label}
              </OptionButton>
            ))}
          </div>
        </OptionGroup>
        <OptionGroup legend="Colours you love" hint="Optional." testId="onboarding-colors">
          <div className="grid grid-cols-3 gap-2 sm:grid-cols-6">
            {COLOR_OPTIONS.map((o) => (
              <OptionButton
                key={o.id}
                pressed={colors.includes(o.id)}
                onClick={() => setColors((v) => toggleValue(v, o.id))}
                className="gap-2 px-3 py-2"
              >
                <span
                  className="h-5 w-5 shrink-0 rounded-full border border-black/15 dark:border-white/25"
                  style={{ backgroundColor: o.swatch }}
                  aria-hidden="true"
                />
                <span className="truncate">{o.label}</span>
              </OptionButton>
            ))}
          </div>
        </OptionGroup>
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
