import { Link } from 'react-router-dom';
import { adviseSize, type SizeChart } from '@shared/domain/size-advice';
import type { PhotoProfile } from '@shared/schemas/photo-profile';
import { buttonClasses } from '../../../components/button';

/** The size drawn in the preview, with the size advice for the profile's measurements (issue 25). */
export function SizeLine({
  id,
  chart,
  advice,
  size,
  onSize,
  profile,
  drawn,
}: {
  id: string;
  chart: SizeChart;
  advice: ReturnType<typeof adviseSize> | null;
  size: string | null;
  onSize: (s: string) => void;
  profile: PhotoProfile;
  drawn: boolean;
}) {
  if (!advice || advice.kind === 'missing')
    return (
      <p className="text-sm" data-testid="preview-size-missing">
        {advice?.summary ?? 'Add your measurements to this photo profile to see which size fits and preview it.'}{' '}
        <Link
          to={`/profiles/${encodeURIComponent(profile.id)}/edit#measurements`}
          className={buttonClasses({ variant: 'link' })}
        >
          Add measurements
        </Link>
      </p>
    );
  return (
    <div className="grid gap-2 rounded-xl border border-border p-3" data-testid="preview-size">
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor={`${id}-size`} className="text-sm font-medium">
          Size to preview
        </label>
        <select
          id={`${id}-size`}
          value={size ?? ''}
          onChange={(e) => onSize(e.target.value)}
          className="h-9 rounded-lg border border-input bg-background px-2 text-base text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:text-sm"
          data-testid="preview-size-select"
        >
          {chart.sizes.map((s) => (
            <option key={s.name} value={s.name}>
              {s.name}
              {advice.kind === 'recommended' && s.name === advice.size ? ' (your size)' : ''}
            </option>
          ))}
        </select>
        {advice.kind === 'recommended' ? (
          <span className="text-sm font-semibold" data-testid="preview-size-recommended">
            Your size: {advice.alternative ? `between ${advice.size} and ${advice.alternative}` : advice.size}
          </span>
        ) : null}
      </div>
      <p className="text-xs text-muted-foreground" aria-live="polite">
        {advice.summary}
        {drawn ? ' The preview draws the chosen size’s fit.' : ''}
      </p>
    </div>
  );
}
