import { useEffect, useRef, useState } from 'react';
import Sparkles from 'lucide-react/icons/sparkles';
import { Button } from '../../../components/button';
import { SpinnerIcon } from '../../../components/spinner';
import { toast } from '../../../components/use-toast';
import { errorMessage } from '../../../lib/api-error';
import { useUpsell } from '../../../components/upsell/upsell-provider';
import { readGeneration, setCoverFromGeneration, startCoverGeneration, useInvalidateStyles } from '../api/style-editor';
import { GenerationPollError, pollGeneration } from '../lib/poll-generation';
import { createIntent } from '../../../lib/idempotency';
import { useSpendConfirm } from '../../../components/spend-confirm';
import { generationCost } from '@shared/domain/generation';

interface GenerateCoverButtonProps {
  styleId: string;
  /** The new cover (/api/public-image/...) once set. */
  onGenerated: (coverImageUrl: string) => void;
}

/**
 * "Generate cover (1 credit)" for a saved style (spec 02 section 4), asked once (useSpendConfirm): start a
 * generation of the style, poll it every second up to 60 times, then make its result the cover. Errors toast
 * 'Error generating cover'.
 */
export function GenerateCoverButton({ styleId, onGenerated }: GenerateCoverButtonProps) {
  const [busy, setBusy] = useState(false);
  const [intent] = useState(() => createIntent<{ id: string }>());
  const alive = useRef(true);
  const { handleLimitError } = useUpsell();
  const invalidate = useInvalidateStyles();
  const { confirmSpend, spendDialog } = useSpendConfirm();
  const cost = generationCost();

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const generate = async () => {
    setBusy(true);
    try {
      // a second click before the first answer shares its request and key (one credit)
      const { id } = await intent.run(styleId, (key) => startCoverGeneration(styleId, key));
      await pollGeneration(
        async () => {
          if (!alive.current) throw new GenerationPollError('cancelled');
          return readGeneration(id);
        },
        { intervalMs: 1000, maxTries: 60 },
      );
      const updated = await setCoverFromGeneration(styleId, id);
      invalidate();
      if (!alive.current) return;
      if (updated.coverImageUrl) onGenerated(updated.coverImageUrl);
      toast({ title: 'Cover generated' });
    } catch (err) {
      if (!alive.current) return;
      if (handleLimitError(err)) return;
      toast({
        title: 'Error generating cover',
        description: err instanceof GenerationPollError ? err.message : errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      });
    } finally {
      if (alive.current) setBusy(false);
    }
  };

  return (
    <>
      <Button
        variant="outline"
        size="sm"
        onClick={() =>
          confirmSpend(
            { cost, action: 'Generate cover', does: 'renders this style as its cover' },
            () => void generate(),
          )
        }
        disabled={busy}
        data-testid="generate-cover"
      >
        {busy ? <SpinnerIcon /> : <Sparkles className="h-4 w-4" aria-hidden="true" />}
        {busy ? 'Generating cover...' : `Generate cover (${cost} credit${cost === 1 ? '' : 's'})`}
      </Button>
      {spendDialog}
    </>
  );
}
