/** Shared pieces of the admin tools: the admin gate, field looks, a confirmation dialog, a section title. */
import type { ReactNode } from 'react';
import { AccessDenied } from './access-denied';
import { PageSpinner } from './spinner';
import { isAdmin } from '../../../shared/domain/roles';
import { useCurrentUser } from '../api/current-user';

export const fieldClasses =
  'w-full min-w-0 rounded-lg border border-input bg-background px-3 py-2 text-base text-foreground sm:text-sm ' +
  'placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 focus-visible:ring-offset-background ' +
  'disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-destructive';

export const selectClasses = `h-10 ${fieldClasses}`;

export const preClasses =
  'max-h-96 overflow-auto whitespace-pre-wrap break-words rounded-lg border border-border bg-muted/60 p-3 font-mono text-xs text-foreground';

/** Renders its children for admins only; others see 'Access Denied'. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <PageSpinner />;
  if (!isAdmin(user)) return <AccessDenied />;
  return <>{children}</>;
}

/** A labelled native select (the admin forms' enum pickers). */
export function SelectField({
  id,
  label,
  value,
  onChange,
  children,
  hint,
  disabled,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
  hint?: ReactNode;
  disabled?: boolean;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        className={selectClasses}
        aria-describedby={hint ? `${id}-hint` : undefined}
      >
        {children}
      </select>
      {hint ? (
        <div id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </div>
      ) : null}
    </div>
  );
}

export { AccessDenied };
