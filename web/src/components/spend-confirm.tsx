import { useCallback, useRef, useState, type ReactNode } from 'react';
import { formatCredits } from '../../../shared/domain/plans';
import { useCurrentUser } from '../api/current-user';
import {
  creditsWord,
  spendChoiceRemembered,
  spendConfirmOff,
  spendNeedsConfirm,
  turnSpendConfirmOff,
} from '../lib/spend-confirm';
import { AlertConfirmDialog } from './alert-dialog';

export interface Spend {
  /** Credits the action spends. */
  cost: number;
  /** What the button is called, e.g. "Quick Try" (the dialog's sentence starts with it). */
  action: string;
  /** What it does, after the action's name: "renders this look on your photo". */
  does?: string;
}

interface Asked extends Spend {
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

  const remembered = spendChoiceRemembered();
  const spendDialog = asked ? (
    <AlertConfirmDialog
      open
      onOpenChange={(open) => {
        if (open) return;
        setAsked(null);
        const back = opener.current;
        // after the dialog has gone (its focus trap lets go on unmount)
        window.setTimeout(() => {
          if (back?.isConnected) back.focus();
        }, 0);
      }}
      title={`Spend ${creditsWord(asked.cost)}?`}
      confirmLabel={`Spend ${creditsWord(asked.cost)}`}
      confirmVariant="default"
      confirmTestId="spend-confirm"
      onConfirm={onConfirm}
      description={
        <>
          <p data-testid="spend-confirm-cost">
            {asked.action} {asked.does ?? 'starts a render'} for{' '}
            <strong className="text-foreground">{creditsWord(asked.cost)}</strong>.
          </p>
          {typeof user?.credits === 'number' ? (
            <p data-testid="spend-confirm-balance">
              You have {creditsWord(user.credits)}; {formatCredits(user.credits - asked.cost)} will be left. A render
              that fails is refunded.
            </p>
          ) : null}
        </>
      }
    >
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 h-4 w-4 shrink-0 accent-primary"
          checked={dontAsk}
          onChange={(e) => setDontAsk(e.target.checked)}
          data-testid="spend-confirm-off"
        />
        <span>
          Don&apos;t ask again {remembered ? 'on this device' : 'during this visit'}
          <span className="block text-xs text-muted-foreground">
            {remembered
              ? 'The cost stays on every button.'
              : 'Without cookies accepted nothing is stored: you will be asked again next time.'}
          </span>
        </span>
      </label>
    </AlertConfirmDialog>
  ) : null;

  return { confirmSpend, spendDialog };
}
