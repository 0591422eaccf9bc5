/** Shared pieces of the admin tools: the admin gate, field looks, a confirmation dialog, a section title. */
import type { ChangeEvent, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { enumLabel } from './badge';
import { AccessDenied } from './access-denied';
import { PageSpinner } from './spinner';
import { isAdmin } from '@shared/domain/roles';
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

/**
 * A labelled native select (the admin forms' enum pickers): controlled by `value`/`onChange`, or a form field
 * by `field` (react-hook-form's register()).
 */
export function SelectField({
  id,
  label,
  value,
  onChange,
  field,
  children,
  hint,
  disabled,
}: {
  id: string;
  label: string;
  children: ReactNode;
  hint?: ReactNode;
  disabled?: boolean;
} & (
  | { value: string; onChange: (value: string) => void; field?: never }
  | { field: UseFormRegisterReturn; value?: never; onChange?: never }
)) {
  const control = field ?? { value, onChange: (e: ChangeEvent<HTMLSelectElement>) => onChange?.(e.target.value) };
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        disabled={disabled}
        className={selectClasses}
        aria-describedby={hint ? `${id}-hint` : undefined}
        {...control}
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

/** A select's options: the placeholder (value "") first, then one option per item, by name. */
export function NamedOptions({
  placeholder,
  items,
}: {
  placeholder: string;
  items: readonly { id: string; name: string }[] | undefined;
}) {
  return (
    <>
      <option value="">{placeholder}</option>
      {(items ?? []).map((i) => (
        <option key={i.id} value={i.id}>
          {i.name}
        </option>
      ))}
    </>
  );
}

/** A SelectField over a fixed list of enum values, labelled by enumLabel. */
export function EnumSelectField({
  values,
  ...props
}: {
  id: string;
  label: string;
  values: readonly string[];
  field: UseFormRegisterReturn;
}) {
  return (
    <SelectField {...props}>
      {values.map((v) => (
        <option key={v} value={v}>
          {enumLabel(v)}
        </option>
      ))}
    </SelectField>
  );
}

export { AccessDenied };
