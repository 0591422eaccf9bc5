import { formatCredits } from '@shared/domain/plans';
import { creditsWord } from '../lib/spend-confirm';
import { AlertConfirmDialog } from './alert-dialog';
import type { Asked } from './spend-confirm';

/** The question useSpendConfirm asks before credits are spent (its own chunk: see spend-confirm.tsx). */
export default function SpendConfirmDialog({
  asked,
  credits,
  remembered,
  dontAsk,
  onDontAsk,
  onConfirm,
  onClose,
}: {
  asked: Asked;
  credits: number | null;
  remembered: boolean;
  dontAsk: boolean;
  onDontAsk: (v: boolean) => void;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <AlertConfirmDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
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
          {credits !== null ? (
            <p data-testid="spend-confirm-balance">
              You have {creditsWord(credits)}; {formatCredits(credits - asked.cost)} will be left. A render that fails
              is refunded.
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
          onChange={(e) => onDontAsk(e.target.checked)}
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
  );
}
