import type { ReactNode } from 'react';
import { AlertDialog as RadixAlertDialog } from 'radix-ui';
import { buttonClasses, type ButtonVariant } from './button';
import { SpinnerIcon } from './spinner';
import { useReturnFocus } from './return-focus';

/**
 * A confirmation that interrupts (Radix AlertDialog, role alertdialog): it does not close on an outside click,
 * focus starts on Cancel, Escape or Cancel changes nothing; the action runs `onConfirm` (the caller closes it).
 * For a choice with consequences that is not a deletion form (e.g. a shorter retention period).
 */
export function AlertConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  confirmVariant = 'destructive',
  pending,
  confirmDisabled,
  onConfirm,
  confirmTestId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  /** More content under the description (loading and error states). */
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  confirmVariant?: ButtonVariant;
  /** The action runs (spinner; the dialog cannot be closed meanwhile). */
  pending?: boolean;
  /** The action cannot run yet (e.g. what it would do is still being read). */
  confirmDisabled?: boolean;
  onConfirm: () => void;
  confirmTestId?: string;
}) {
  const focus = useReturnFocus();
  return (
    <RadixAlertDialog.Root open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <RadixAlertDialog.Portal>
        <RadixAlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <RadixAlertDialog.Content
          onOpenAutoFocus={focus.onOpenAutoFocus}
          onCloseAutoFocus={focus.onCloseAutoFocus}
          className="fixed left-1/2 top-1/2 z-50 grid max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-2xl border border-border bg-card p-6 text-card-foreground shadow-xl focus:outline-none"
        >
          <RadixAlertDialog.Title className="text-lg font-semibold">{title}</RadixAlertDialog.Title>
          <RadixAlertDialog.Description asChild>
            <div className="flex flex-col gap-2 text-sm text-muted-foreground">{description}</div>
          </RadixAlertDialog.Description>
          {children}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <RadixAlertDialog.Cancel className={buttonClasses({ variant: 'outline' })} disabled={pending}>
              {cancelLabel}
            </RadixAlertDialog.Cancel>
            <button
              type="button"
              className={buttonClasses({ variant: confirmVariant })}
              onClick={onConfirm}
              disabled={pending || confirmDisabled}
              data-testid={confirmTestId}
            >
              {pending ? <SpinnerIcon /> : null}
              {confirmLabel}
            </button>
          </div>
        </RadixAlertDialog.Content>
      </RadixAlertDialog.Portal>
    </RadixAlertDialog.Root>
  );
}
