import type { ReactNode } from 'react';
import CircleAlert from 'lucide-react/icons/circle-alert';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import { cn } from '../lib/cn';

/** An inline notice box; `role=alert` only when asked (it is announced at once). */
export function Notice({
  title,
  children,
  tone = 'info',
  live,
  className,
}: {
  title?: ReactNode;
  children?: ReactNode;
  tone?: 'info' | 'warning';
  live?: boolean;
  className?: string;
}) {
  const Icon = tone === 'warning' ? TriangleAlert : CircleAlert;
  return (
    <div
      role={live ? 'alert' : undefined}
      className={cn(
        'flex gap-3 rounded-xl border p-4 text-sm',
        tone === 'warning'
          ? 'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-50'
          : 'border-border bg-muted/60 text-foreground',
        className,
      )}
    >
      <Icon className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
      <div className="min-w-0 space-y-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div className="space-y-2">{children}</div> : null}
      </div>
    </div>
  );
}
