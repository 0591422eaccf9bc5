import type { ReactNode } from 'react';
import { AppImage } from './app-image';
import { cn } from '../lib/cn';
import type { PhotoProfile, PromptTemplate } from '../api/catalog';
import { Badge } from './badge';
import { Link } from 'react-router-dom';
import { profileQualifies, type Mode } from '@shared/domain/generation';
import { photosOf } from '../lib/generate-validation';
import { Notice } from './alert';
import { buttonClasses } from './button';
import { SpinnerIcon } from './spinner';

const cardLabel =
  'flex cursor-pointer items-center gap-3 rounded-xl border border-border bg-card p-3 transition-colors hover:bg-muted/60 ' +
  'has-[:checked]:border-primary has-[:checked]:ring-1 has-[:checked]:ring-primary has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring ' +
  'has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60';

/** Native radios in a fieldset (arrow keys move between them), drawn as cards. */
export function RadioCards<T extends { id: string }>({
  legend,
  name,
  items,
  value,
  onChange,
  render,
  isDisabled,
  className,
  testId,
}: {
  legend: ReactNode;
  name: string;
  items: readonly T[];
  value: string | null;
  onChange: (id: string) => void;
  render: (item: T) => ReactNode;
  isDisabled?: (item: T) => boolean;
  className?: string;
  testId?: string;
}) {
  return (
    <fieldset className="min-w-0" data-testid={testId}>
      <legend className="mb-2 text-sm font-semibold">{legend}</legend>
      <div className={cn('grid gap-2', className)}>
        {items.map((item) => (
          <label key={item.id} className={cardLabel}>
            <input
              type="radio"
              name={name}
              value={item.id}
              checked={value === item.id}
              disabled={isDisabled?.(item)}
              onChange={() => onChange(item.id)}
              className="h-4 w-4 shrink-0 accent-primary"
            />
            {render(item)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function ProfileChoice({ profile, note }: { profile: PhotoProfile; note?: ReactNode }) {
  return (
    <span className="flex min-w-0 flex-1 items-center gap-3">
      <AppImage
        src={profile.portraitUrl}
        alt={`${profile.name} portrait`}
        width={1}
        height={1}
        className="h-12 w-12 shrink-0 rounded-lg"
      />
      <span className="min-w-0 flex-1">
        <span className="flex flex-wrap items-center gap-2">
          <span className="truncate text-sm font-medium">{profile.name}</span>
          {profile.isDefault ? <Badge tone="brand">Default</Badge> : null}
        </span>
        <span className="block text-xs text-muted-foreground">
          {profile.fullBodyUrl ? 'Portrait and full body' : 'Portrait only'}
          {note ? <> · {note}</> : null}
        </span>
      </span>
    </span>
  );
}

export function PromptChoice({ prompt }: { prompt: PromptTemplate }) {
  return (
    <span className="min-w-0 flex-1">
      <span className="block text-sm font-medium">{prompt.name}</span>
      {prompt.description ? <span className="block text-xs text-muted-foreground">{prompt.description}</span> : null}
    </span>
  );
}

/**
 * The photo-profile choice of a generate page: a loading line, the "No photo profile" notice with the way to
 * create one, or the profiles as radio cards, those that lack the photo the mode needs disabled with the reason.
 */
export function ModeProfilePicker({
  name,
  mode,
  pending,
  profiles,
  value,
  onChange,
}: {
  name: string;
  mode: Mode;
  pending: boolean;
  profiles: readonly PhotoProfile[];
  value: string | null;
  onChange: (id: string) => void;
}) {
  if (pending)
    return (
      <div className="flex items-center gap-2 text-sm text-muted-foreground">
        <SpinnerIcon /> Loading photo profiles...
      </div>
    );
  if (profiles.length === 0)
    return (
      <Notice tone="warning" title="No photo profile">
        <p>Create a photo profile to try on outfits.</p>
        <Link to="/profiles/new" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          Create Photo Profile
        </Link>
      </Notice>
    );
  return <ProfileRadioCards name={name} mode={mode} profiles={profiles} value={value} onChange={onChange} />;
}

/** The photo profiles as radio cards; those that lack the photo the mode needs are disabled with the reason. */
export function ProfileRadioCards({
  name,
  mode,
  profiles,
  value,
  onChange,
  legend = 'Photo profile',
  exactNote = 'Needs a full-body photo',
  testId,
}: {
  name: string;
  mode: Mode;
  profiles: readonly PhotoProfile[];
  value: string | null;
  onChange: (id: string) => void;
  legend?: string;
  /** What a disabled profile says in Exact mode. */
  exactNote?: string;
  testId?: string;
}) {
  const qualifies = (p: PhotoProfile) => profileQualifies(mode, photosOf(p));
  return (
    <RadioCards
      legend={legend}
      name={name}
      items={profiles}
      value={value}
      onChange={onChange}
      isDisabled={(p) => !qualifies(p)}
      render={(p) => (
        <ProfileChoice
          profile={p}
          note={!qualifies(p) ? (mode === 'exact' ? exactNote : 'Needs a portrait') : undefined}
        />
      )}
      className="sm:grid-cols-2"
      testId={testId}
    />
  );
}
