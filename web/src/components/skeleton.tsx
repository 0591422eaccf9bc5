import type { HTMLAttributes } from 'react';
import { cn } from '../lib/cn';

/** A pulsing placeholder block; decorative (give the surrounding region aria-busy). Add rounding via className. */
export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div aria-hidden="true" className={cn('animate-pulse bg-muted', className)} {...props} />;
}
