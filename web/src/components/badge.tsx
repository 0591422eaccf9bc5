import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

const tones = {
  neutral: 'border-border bg-muted text-foreground',
  brand: 'border-transparent bg-primary text-primary-foreground',
  outline: 'border-border bg-transparent text-foreground',
  warning: 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100',
} as const;

export function Badge({
  children,
  tone = 'neutral',
  className,
}: {
  children: ReactNode;
  tone?: keyof typeof tones;
  className?: string;
}) {
  return (
    <span
      className={cn(
        'inline-flex max-w-full items-center gap-1 truncate rounded-full border px-2.5 py-0.5 text-xs font-medium',
        tones[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}

/** OUTFIT_TRYON -> Outfit Tryon, URBAN_NIGHT -> Urban Night. */
export const enumLabel = (v: string | null | undefined): string =>
  (v ?? '')
    .toLowerCase()
    .split('_')
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');
