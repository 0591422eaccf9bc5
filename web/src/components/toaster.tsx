import { Toast } from 'radix-ui';
import X from 'lucide-react/icons/x';
import { cn } from '../lib/cn';
import { TOAST_DURATION_MS, dismissToast, useToast } from './use-toast';

/**
 * Renders the toast state with Radix Toast: 5000 ms, swipe right past 50 px to dismiss, F8 focuses the
 * notifications region. One Toaster lives in the app providers.
 */
export function Toaster() {
  const { toasts } = useToast();
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50} label="Notification">
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          type={t.variant === 'destructive' ? 'foreground' : 'background'}
          data-variant={t.variant ?? 'default'}
          className={cn(
            'toast-root group pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg',
            'data-[state=open]:animate-toast-in data-[state=closed]:opacity-0 transition-opacity',
            t.variant === 'destructive'
              ? 'border-red-700 bg-red-700 text-white'
              : 'border-border bg-card text-card-foreground',
          )}
        >
          <div className="grid gap-1">
            {t.title ? <Toast.Title className="text-sm font-semibold">{t.title}</Toast.Title> : null}
            {t.description ? (
              <Toast.Description
                className={cn('text-sm', t.variant === 'destructive' ? 'text-white' : 'text-muted-foreground')}
              >
                {t.description}
              </Toast.Description>
            ) : null}
          </div>
          <Toast.Close
            aria-label="Close notification"
            className="absolute right-2 top-2 rounded-md p-1 opacity-80 hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <X className="h-4 w-4" aria-hidden="true" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        hotkey={['F8']}
        label="Notifications ({hotkey})"
        className="fixed bottom-0 right-0 z-[100] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none sm:bottom-4 sm:right-4"
      />
    </Toast.Provider>
  );
}
