import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';

interface FormFieldProps {
  label: string;
  /** The control: an <input> (or Input) element; id, aria-invalid and aria-describedby are wired up. */
  children: ReactElement<Record<string, unknown>>;
  error?: string;
  hint?: ReactNode;
  id?: string;
}

/** A labelled control with its hint and inline error, linked for assistive technology. */
export function FormField({ label, children, error, hint, id }: FormFieldProps) {
  const auto = useId();
  const fieldId = id ?? `field-${auto}`;
  const hintId = hint ? `${fieldId}-hint` : undefined;
  const errorId = error ? `${fieldId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const control = isValidElement(children)
    ? cloneElement(children, { id: fieldId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })
    : children;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={fieldId} className="text-sm font-medium">
        {label}
      </label>
      {control}
      {hint ? (
        <div id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </div>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-destructive dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
