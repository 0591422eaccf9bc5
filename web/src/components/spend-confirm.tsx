import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useCurrentUser } from '../api/current-user';
import { spendChoiceRemembered, spendConfirmOff, spendNeedsConfirm, turnSpendConfirmOff } from '../lib/spend-confirm';

const loadDialog = () => import('./spend-confirm-dialog');
const SpendConfirmDialog = lazy(loadDialog);

export interface Spend {
  /** Credits the action spends. */
  cost: number;
  /** What the button is called, e.g. "Quick Try" (the dialog's sentence starts with it). */
  action: string;
  /** What it does, after the action's name: "renders this look on your photo". */
  does?: string;
}

export interface Asked extends Spend {
  go: () => void;
}

/**
 * Ask once before credits are spent (issue 39, web/src/lib/spend-confirm.ts): `confirmSpend(spend, go)` runs `go`
 * at once where nothing needs asking (unlimited credits, "don't ask again", a balance too low: the server's answer
 * opens the upsell), else after the person confirms in a dialog that says the cost and the balance. Render
 * `spendDialog` once in the page.
 */
export function useSpendConfirm(): { confirmSpend: (spend: Spend, go: () => void) => void; spendDialog: ReactNode } {
  const { user } = useCurrentUser();
  const [asked, setAsked] = useState<Asked | null>(null);
  const [dontAsk, setDontAsk] = useState(false);
  // the confirm button answers once: a double click on it is one spend (the start's idempotency covers the rest)
  const answered = useRef(false);
  // the button that asked: focus goes back to it when the question is cancelled (the dialog has no Radix trigger)
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    // fetch the dialog's chunk once the page is idle, so the question opens at once when asked
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 200));
    idle(() => void loadDialog());
  }, []);

  const confirmSpend = useCallback(
    (spend: Spend, go: () => void) => {
      const ask = spendNeedsConfirm({
        cost: spend.cost,
        credits: typeof user?.credits === 'number' ? user.credits : null,
        unlimited: !!user?.hasUnlimitedCredits,
        off: !!user && spendConfirmOff(user.id),
      });
      if (!ask) return go();
      answered.current = false;
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setDontAsk(false);
      setAsked({ ...spend, go });
    },
    [user],
  );

  const onConfirm = () => {
    if (!asked || answered.current) return;
    answered.current = true;
    if (dontAsk && user) turnSpendConfirmOff(user.id);
    const { go } = asked;
    setAsked(null);
    go();
  };

  const spendDialog = asked ? (
    // the dialog's code (Radix's focus trap and scroll lock) is its own chunk, fetched while the page is idle: it
    // is not in the first load of every page that spends (issue 39 budgets)
    <Suspense fallback={null}>
      <SpendConfirmDialog
        asked={asked}
        credits={typeof user?.credits === 'number' ? user.credits : null}
        remembered={spendChoiceRemembered()}
        dontAsk={dontAsk}
        onDontAsk={setDontAsk}
        onConfirm={onConfirm}
        onClose={() => {
          setAsked(null);
          const back = opener.current;
          // after the dialog has gone (its focus trap lets go on unmount)
          window.setTimeout(() => {
            if (back?.isConnected) back.focus();
          }, 0);
        }}
      />
    </Suspense>
  ) : null;

  return { confirmSpend, spendDialog };
}
