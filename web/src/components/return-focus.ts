import { useCallback, useRef } from 'react';

/**
 * Focus back to what opened a dialog (issue 39). Radix returns focus to the dialog's Trigger, and to nothing
 * (<body>) when the dialog was opened from code: a button's onClick setting `open`, a menu item, a card's action.
 * The element that had focus when the dialog opened is remembered (Radix's open auto-focus event fires before
 * focus moves into the dialog) and focused again when it closes, if it is still on the page; a caller's own
 * onCloseAutoFocus that prevents the default keeps the last word.
 */
export function useReturnFocus(onCloseAutoFocus?: (e: Event) => void) {
  const opener = useRef<HTMLElement | null>(null);
  const onOpenAutoFocus = useCallback(() => {
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, []);
  const onClose = useCallback(
    (e: Event) => {
      onCloseAutoFocus?.(e);
      if (e.defaultPrevented) return;
      const el = opener.current;
      opener.current = null;
      if (!el?.isConnected) return; // Radix's own behaviour (its Trigger, if any)
      e.preventDefault();
      el.focus({ preventScroll: true });
    },
    [onCloseAutoFocus],
  );
  return { onOpenAutoFocus, onCloseAutoFocus: onClose };
}
