import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

/** A landing section: an anchor id, an eyebrow, the h2 and an intro, then content. */
export function Section({
  id,
  eyebrow,
  title,
  intro,
  children,
  className,
  testId,
}: {
  id?: string;
  eyebrow?: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  const headingId = `${id ?? testId ?? title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-heading`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn('px-4 py-16 sm:px-6 sm:py-20', className)}
      data-testid={testId}
    >
      <div className="mx-auto max-w-6xl">
        <div className="mx-auto mb-10 max-w-2xl text-center">
          {eyebrow ? <p className="mb-2 text-sm font-semibold uppercase tracking-wider text-brand">{eyebrow}</p> : null}
          <h2 id={headingId} className="text-3xl font-bold tracking-tight sm:text-4xl">
            {title}
          </h2>
          {intro ? <p className="mt-4 text-lg text-muted-foreground">{intro}</p> : null}
        </div>
        {children}
      </div>
    </section>
  );
}
