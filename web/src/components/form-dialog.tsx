import type { FormEventHandler, ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod';
import { Button, type ButtonVariant } from './button';
import { Dialog, DialogContent } from './dialog';
import { FormField } from './form-field';
import { Input } from './input';
import { SpinnerIcon } from './spinner';

/**
 * A dialog holding one form: fields, Cancel and the submit button (spinner and pending label while it runs).
 * It cannot be closed while pending; `onClosed` runs when the user closes it (to reset the form).
 */
export function FormDialog({
  open,
  onOpenChange,
  onClosed,
  title,
  description,
  formLabel,
  onSubmit,
  pending,
  submitLabel,
  pendingLabel,
  submitDisabled,
  submitTestId,
  submitVariant = 'destructive',
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onClosed?: () => void;
  title: string;
  description: string;
  formLabel: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  pending: boolean;
  submitLabel: string;
  /** The submit button's text while pending (default: submitLabel). */
  pendingLabel?: string;
  submitDisabled?: boolean;
  submitTestId?: string;
  submitVariant?: ButtonVariant;
  children: ReactNode;
}) {
  const change = (next: boolean) => {
    if (pending) return;
    if (!next) onClosed?.();
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent title={title} description={description}>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={formLabel}>
          {children}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => change(false)} disabled={pending}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant={submitVariant}
              disabled={submitDisabled || pending}
              data-testid={submitTestId}
            >
              {pending ? <SpinnerIcon /> : null}
              {pending ? (pendingLabel ?? submitLabel) : submitLabel}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The confirmation word a typed-confirmation dialog asks for (trimmed, case-sensitive). */
export const typedConfirmationSchema = (word: string) =>
  z.object({ typed: z.string().refine((v) => v.trim() === word, `Type ${word} to confirm`) });

/**
 * A destructive action confirmed by typing a word ("Type DELETE to confirm"): the submit button is enabled
 * once the word is typed; `onConfirm` runs the action (the dialog resets when closed).
 */
export function TypedConfirmDialog({
  word,
  error,
  onConfirm,
  ...dialog
}: Omit<Parameters<typeof FormDialog>[0], 'onSubmit' | 'submitDisabled' | 'onClosed' | 'children'> & {
  word: string;
  /** An inline error (role=alert) above the field. */
  error?: string | null;
  /** Runs with the form's reset (call it after success). */
  onConfirm: (reset: () => void) => void;
}) {
  const schema = typedConfirmationSchema(word);
  const { register, handleSubmit, watch, reset } = useForm<z.infer<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { typed: '' },
  });
  const confirmed = schema.safeParse({ typed: watch('typed') }).success;
  return (
    <FormDialog
      {...dialog}
      onClosed={() => reset()}
      onSubmit={handleSubmit(() => {
        if (!dialog.pending) onConfirm(() => reset());
      })}
      submitDisabled={!confirmed}
    >
      {error ? (
        <p role="alert" className="text-sm text-destructive dark:text-red-400">
          {error}
        </p>
      ) : null}
      <FormField label={`Type ${word} to confirm`}>
        <Input autoComplete="off" autoCapitalize="characters" spellCheck={false} {...register('typed')} />
      </FormField>
    </FormDialog>
  );
}
