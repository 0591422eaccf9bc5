import { useCallback } from 'react';
import { toast } from '../../../components/use-toast';
import { errorMessage } from '../../../lib/api-error';
import { useUpsell } from '../../../components/upsell/upsell-provider';

/**
 * A failed start (spec 02 section 8): a limit error opens its upsell; anything else is the toast
 * "Generation failed" with the server message or 'Could not start generation' (title overridable).
 */
export function useStartErrorHandler() {
  const { handleLimitError, openUpsell } = useUpsell();
  const onError = useCallback(
    (err: unknown, opts: { title?: string; fallback?: string } = {}) => {
      if (handleLimitError(err)) return;
      toast({
        title: opts.title ?? 'Generation failed',
        description: errorMessage(err, opts.fallback ?? 'Could not start generation'),
        variant: 'destructive',
      });
    },
    [handleLimitError],
  );
  return { onError, openUpsell };
}
