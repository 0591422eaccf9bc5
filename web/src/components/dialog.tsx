import type { ReactNode } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import X from 'lucide-react/icons/x';
import { cn } from '../lib/cn';
import { useReturnFocus } from './return-focus';

export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

const overlay = 'fixed inset-0 z-50 bg-black/50';

interface ContentProps {
  title: string;
  /** Visible description under the title; pass hideDescription to keep it for screen readers only. */
  description?: string;
  hideTitle?: boolean;
  hideDescription?: boolean;
  children?: ReactNode;
  className?: string;
  /** Where focus goes when the dialog closes (default: back to what opened it, ./return-focus.ts). */
  onCloseAutoFocus?: (e: Event) => void;
}

/** The portal, overlay and content shared by the dialog and the sheet: title, description, children, close button. */
function PanelContent({
  title,
  description,
  hideTitle,
  hideDescription,
  children,
  className,
  onCloseAutoFocus,
  titleClassName,
  closeLabel,
}: ContentProps & { titleClassName?: string; closeLabel: string }) {
  const focus = useReturnFocus(onCloseAutoFocus);
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className={overlay} />
      <RadixDialog.Content
        className={className}
        onOpenAutoFocus={focus.onOpenAutoFocus}
        onCloseAutoFocus={focus.onCloseAutoFocus}
        {...(description ? {} : { 'aria-describedby': undefined })}
      >
        <RadixDialog.Title className={cn('text-lg font-semibold', titleClassName, hideTitle && 'sr-only')}>
          {title}
        </RadixDialog.Title>
        {description ? (
          <RadixDialog.Description className={cn('text-sm text-muted-foreground', hideDescription && 'sr-only')}>
            {description}
          </RadixDialog.Description>
        ) : null}
        {children}
        <RadixDialog.Close
          aria-label={closeLabel}
          className="absolute right-3 top-3 rounded-md p-1.5 text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <X className="h-5 w-5" aria-hidden="true" />
        </RadixDialog.Close>
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}

/** A centred modal dialog with a title (always present for screen readers) and a close button. */
export function DialogContent({ className, ...props }: ContentProps) {
  return (
    <PanelContent
      {...props}
      closeLabel="Close"
      className={cn(
        'fixed left-1/2 top-1/2 z-50 grid max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-2xl border border-border bg-card p-6 text-card-foreground shadow-xl focus:outline-none',
        className,
      )}
    />
  );
}

/** A side panel (sheet) built on Dialog: used by the mobile menu. */
export function SheetContent({ className, side = 'right', ...props }: ContentProps & { side?: 'left' | 'right' }) {
  return (
    <PanelContent
      {...props}
      closeLabel="Close menu"
      titleClassName="pr-10"
      className={cn(
        'fixed inset-y-0 z-50 flex w-[85vw] max-w-xs flex-col gap-4 overflow-y-auto border-border bg-card p-5 text-card-foreground shadow-xl focus:outline-none',
        side === 'right' ? 'right-0 border-l' : 'left-0 border-r',
        className,
      )}
    />
  );
}
