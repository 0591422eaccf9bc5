import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import Ruler from 'lucide-react/icons/ruler';
import {
  adviseSize,
  AREA_LABELS,
  CHART_AREAS,
  listWords,
  type SizeAdvice,
  type SizeChart,
} from '@shared/domain/size-advice';
import type { PhotoProfile } from '@shared/schemas/photo-profile';
import { buttonClasses } from './button';
import { Card, CardContent, CardHeader, CardTitle } from './card';

const selectClass =
  'flex h-10 w-full min-w-0 rounded-lg border border-input bg-background px-3 py-2 text-base text-foreground sm:text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 focus-visible:ring-offset-background';

const FIT_LABELS = { slim: 'Slim fit', regular: 'Regular fit', relaxed: 'Relaxed fit' } as const;

interface SizeAdvicePanelProps {
  /** The style's size chart (cm); without one the panel shows nothing. */
  chart: SizeChart | null | undefined;
  signedIn: boolean;
  /** The caller's photo profiles (undefined while loading). */
  profiles: PhotoProfile[] | undefined;
  profilesError?: boolean;
  /** The profile to start with (a result's own profile); else the default one. */
  preferredProfileId?: string | null;
}

/**
 * "Your size" for a style with a size chart (issue 25), computed in the browser by the one rule of
 * shared/domain/size-advice.ts from the chosen photo profile's measurements. The answer is text (a heading-led
 * region that announces changes), never colour only; a missing measurement is named with a link to add it.
 */
export function SizeAdvicePanel({
  chart,
  signedIn,
  profiles,
  profilesError,
  preferredProfileId,
}: SizeAdvicePanelProps) {
  const id = useId();
  const [chosen, setChosen] = useState<string | null>(null);
  if (!chart) return null;
  const list = profiles ?? [];
  const profile =
    list.find((p) => p.id === chosen) ??
    list.find((p) => p.id === preferredProfileId) ??
    list.find((p) => p.isDefault) ??
    list[0];

  let body;
  if (!signedIn)
    body = (
      <p className="text-sm text-muted-foreground">Sign in and add your measurements to see which size fits you.</p>
    );
  else if (profilesError)
    body = <p className="text-sm text-destructive dark:text-red-400">Your photo profiles could not be loaded.</p>;
  else if (!profiles)
    body = (
      <div className="h-12 animate-pulse rounded-lg bg-muted" aria-busy="true" aria-label="Loading your measurements" />
    );
  else if (!profile)
    body = (
      <div className="space-y-2 text-sm">
        <p>Create a photo profile with your measurements to see which size fits you.</p>
        <Link to="/profiles/new" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          Create a photo profile
        </Link>
      </div>
    );
  else body = <Advice advice={adviseSize(chart, profile.measurements ?? {})} profile={profile} />;

  return (
    <Card data-testid="size-advice">
      <CardHeader>
        <CardTitle id={`${id}-title`} className="flex items-center gap-2">
          <Ruler className="h-4 w-4" aria-hidden="true" />
          Size advice
        </CardTitle>
        <p className="text-xs text-muted-foreground">{FIT_LABELS[chart.fit]}, by the brand&apos;s size chart</p>
      </CardHeader>
      <CardContent className="space-y-4">
        {signedIn && list.length > 1 ? (
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-profile`} className="text-sm font-medium">
              Measurements of
            </label>
            <select
              id={`${id}-profile`}
              className={selectClass}
              value={profile?.id ?? ''}
              onChange={(e) => setChosen(e.target.value)}
              data-testid="size-advice-profile"
            >
              {list.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div aria-live="polite" aria-atomic="true">
          {body}
        </div>
        <ChartTable chart={chart} />
      </CardContent>
    </Card>
  );
}

function Advice({ advice, profile }: { advice: SizeAdvice; profile: PhotoProfile }) {
  // lands on the edit page's measurements section, focused (app/scroll-manager.tsx)
  const edit = `/profiles/${encodeURIComponent(profile.id)}/edit#measurements`;
  if (advice.kind === 'missing')
    return (
      <div className="space-y-2 text-sm" data-testid="size-advice-missing">
        <p>{advice.summary}</p>
        {/* a long profile name is cut with an ellipsis (full text in the title), never widening a phone's page */}
        <Link
          to={edit}
          title={`Add measurements to “${profile.name}”`}
          className={buttonClasses({ variant: 'outline', size: 'sm', className: 'max-w-full' })}
        >
          <span className="truncate">Add measurements to “{profile.name}”</span>
        </Link>
      </div>
    );
  if (advice.kind === 'out_of_range')
    return (
      <div className="space-y-2 text-sm" data-testid="size-advice-out-of-range">
        <p className="font-semibold">No size fits you well</p>
        <p>{advice.summary}</p>
      </div>
    );
  return (
    <div className="space-y-2" data-testid="size-advice-result">
      <p className="text-lg font-semibold" data-testid="size-advice-size">
        {advice.alternative ? `Between ${advice.size} and ${advice.alternative}` : `Your size: ${advice.size}`}
      </p>
      {advice.alternative ? (
        <p className="text-sm">
          {advice.size} fits best; {advice.alternative} is almost as good.
        </p>
      ) : null}
      <ul className="space-y-1 text-sm" aria-label={`How size ${advice.size} fits`}>
        {advice.notes.map((n) => (
          <li key={n.area}>
            <span className="font-medium">{AREA_LABELS[n.area]}:</span> {n.note}
          </li>
        ))}
      </ul>
      {advice.missing.length ? (
        <p className="text-sm" data-testid="size-advice-add-more">
          Add your {listWords(advice.missing.map((f) => AREA_LABELS[f].toLowerCase()))} for a fuller answer.
        </p>
      ) : null}
      <p className="text-xs text-muted-foreground">
        From the measurements of “{profile.name}”.{' '}
        <Link
          to={edit}
          className="underline underline-offset-2 hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring rounded-sm"
        >
          Edit measurements
        </Link>
      </p>
    </div>
  );
}

function ChartTable({ chart }: { chart: SizeChart }) {
  const areas = CHART_AREAS.filter((a) => chart.sizes.some((s) => s[a] !== undefined));
  return (
    <details className="text-sm">
      <summary className="cursor-pointer rounded-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
        Size chart (garment, {chart.unit})
      </summary>
      <div className="mt-2 overflow-x-auto">
        <table className="w-full text-left tabular-nums">
          <thead>
            <tr className="border-b border-border">
              <th scope="col" className="py-1 pr-3 font-medium">
                Size
              </th>
              {areas.map((a) => (
                <th key={a} scope="col" className="py-1 pr-3 font-medium">
                  {AREA_LABELS[a]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {chart.sizes.map((s) => (
              <tr key={s.name} className="border-b border-border last:border-0">
                <th scope="row" className="py-1 pr-3 font-medium">
                  {s.name}
                </th>
                {areas.map((a) => (
                  <td key={a} className="py-1 pr-3">
                    {s[a] ?? '—'}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
