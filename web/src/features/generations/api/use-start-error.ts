import { useCallback } from 'react';
import { toast } from '../../../components/use-toast';
import { errorMessage } from '../../../lib/api-error';
import { useUpsell } from '../../upsell/upsell-provider';

/** A failed start (spec 02 section 8): a limit opens its upsell; anything else is the "Generation failed" toast. */
export function useStartErrorHandler(title = 'Generation failed', fallback = 'Could not start generation') {
  const { handleLimitError, openUpsell } = useUpsell();
  const onError = useCallback(
    (err: unknown) => {
      if (handleLimitError(err)) return;
      toast({ title, description: errorMessage(err, fallback), variant: 'destructive' });
    },
    [handleLimitError, title, fallback],
  );
  return { onError, openUpsell };
}

export const GENERATION_STARTED = {
  title: 'Generation started!',
  description: 'Your AI try-on is being created. Check your dashboard shortly.',
} as const;
