import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSpendConfirm, type Spend } from '../../../components/spend-confirm';
import { toast } from '../../../components/use-toast';
import { useStartGeneration, type StartRequest } from '../api/start-generation';
import { GENERATION_STARTED, generationPath, type StartedToast } from '../lib/start-texts';
import { useStartErrorHandler } from './use-start-error';

export interface StartAndOpenArgs {
  /** What to start (the body of its route). */
  request: StartRequest;
  /** What the spend question says: the cost, the button's name, what it does. */
  spend: Spend;
  /** The toast once the server took the start (GENERATION_STARTED unless given). */
  started?: StartedToast;
  /** The failure toast's title ('Generation failed' unless given). */
  errorTitle?: string;
  /** Sees a failure first: answer true when it handled it (then no upsell and no toast). */
  onError?: (err: unknown) => boolean;
}

/**
 * Every start of a generation, in one place (issue 42): ask before the credits are spent (useSpendConfirm), start
 * with the intent's idempotency key (a double click or a retry is one generation), then the "started" toast and
 * the generation's progress page; a failure opens its upsell (a limit) or says why in a toast. Render
 * `spendDialog` once in the page. Each call of the hook is one intent: a page with two start buttons that may
 * start different things calls it twice.
 */
export function useStartAndOpen() {
  const navigate = useNavigate();
  const start = useStartGeneration();
  const { onError } = useStartErrorHandler();
  const { confirmSpend, spendDialog } = useSpendConfirm();
  const { mutate } = start;

  const startAndOpen = useCallback(
    (args: StartAndOpenArgs) =>
      confirmSpend(args.spend, () =>
        mutate(args.request, {
          onSuccess: ({ id }) => {
            toast(args.started ?? GENERATION_STARTED);
            void navigate(generationPath(id));
          },
          onError: (err) => {
            if (args.onError?.(err)) return;
            onError(err, { title: args.errorTitle });
          },
        }),
      ),
    [confirmSpend, mutate, navigate, onError],
  );

  return { startAndOpen, isPending: start.isPending, spendDialog };
}
