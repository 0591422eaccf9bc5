import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import Copy from 'lucide-react/icons/copy';
import { Button } from '../button';
import { Dialog, DialogContent } from '../dialog';
import { Tooltip } from '../tooltip';
import { toast } from '../use-toast';
import { errorMessage } from '../../lib/api-error';
import { DEFAULT_SHARE_EXPIRY_DAYS, SHARE_EXPIRY_DAYS, SHARE_MAX_IMAGES, SHARE_MESSAGES } from '@shared/domain/shares';
import { oneOf } from '../../lib/one-of';
import { createShareSchema } from '@shared/schemas/share';
import { useCreateShare, type OwnerShare } from '../../api/shares';

type ShareFormIn = z.input<typeof createShareSchema>;
type ShareFormOut = z.output<typeof createShareSchema>;

export interface ShareCandidate {
  id: string;
  title: string;
}

const expiryLabel = (d: number) => (d === 1 ? '1 day' : `${d} days`);

/**
 * "Share": pick which of the results to show (1 to 4), how long the link lives and whether your name and
 * handle appear; then the link to copy. Nothing about the photo profile is ever shared.
 */
export function ShareDialog({
  open,
  onOpenChange,
  candidates,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  candidates: ShareCandidate[];
}) {
  const create = useCreateShare();
  const [created, setCreated] = useState<OwnerShare | null>(null);
  const form = useForm<ShareFormIn, unknown, ShareFormOut>({
    resolver: zodResolver(createShareSchema),
    defaultValues: { generationIds: [], expiresInDays: DEFAULT_SHARE_EXPIRY_DAYS, showOwner: false },
  });

  useEffect(() => {
    if (open) {
      form.reset({
        generationIds: candidates.slice(0, SHARE_MAX_IMAGES).map((c) => c.id),
        expiresInDays: DEFAULT_SHARE_EXPIRY_DAYS,
        showOwner: false,
      });
      setCreated(null);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const link = created ? `${window.location.origin}${created.url}` : '';
  const chosen = form.watch('generationIds') ?? [];
  const submit = async (values: ShareFormOut) => {
    try {
      const s = await create.mutateAsync({
        generationIds: values.generationIds,
        expiresInDays: oneOf(SHARE_EXPIRY_DAYS, values.expiresInDays, DEFAULT_SHARE_EXPIRY_DAYS),
        showOwner: values.showOwner,
      });
      setCreated(s);
      toast({
        title: SHARE_MESSAGES.created,
        description: `Anyone with the link can see ${s.images.length === 1 ? 'this look' : 'these looks'} until ${new Date(s.expiresAt).toLocaleDateString()}.`,
      });
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'Could not create the link'), variant: 'destructive' });
    }
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast({ title: 'Link copied' });
    } catch {
      toast({ title: 'Copy the link from the field', variant: 'destructive' });
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Share for feedback"
        description="Friends can vote for their favourite and leave a short reaction. Only the images you choose are shared, each labelled with what made it."
      >
        {created ? (
          <div className="space-y-3" data-testid="share-created">
            <label className="block text-sm font-medium" htmlFor="share-link">
              Your link
            </label>
            <div className="flex gap-2">
              <input
                id="share-link"
                readOnly
                value={link}
                className="h-10 min-w-0 flex-1 rounded-lg border border-input bg-background px-3 text-sm"
                data-testid="share-link"
                onFocus={(e) => e.currentTarget.select()}
              />
              <Tooltip content="Copy link">
                <Button type="button" size="icon" variant="outline" onClick={copy} aria-label="Copy link">
                  <Copy className="h-4 w-4" aria-hidden="true" />
                </Button>
              </Tooltip>
            </div>
            <p className="text-xs text-muted-foreground">
              You can revoke it any time under My shares; it stops working within a minute.
            </p>
            <div className="flex justify-end">
              <Button type="button" onClick={() => onOpenChange(false)}>
                Done
              </Button>
            </div>
          </div>
        ) : (
          <form className="space-y-4" onSubmit={form.handleSubmit(submit)} noValidate>
            {candidates.length > 1 ? (
              <Controller
                control={form.control}
                name="generationIds"
                render={({ field, fieldState }) => (
                  <fieldset
                    className="space-y-2"
                    aria-describedby={fieldState.error ? 'share-images-error' : undefined}
                  >
                    <legend className="text-sm font-medium">Images to share</legend>
                    {candidates.map((c) => (
                      <label key={c.id} className="flex items-center gap-2 text-sm">
                        <input
                          type="checkbox"
                          className="h-4 w-4"
                          checked={field.value.includes(c.id)}
                          onChange={(e) =>
                            field.onChange(
                              e.target.checked
                                ? field.value.length < SHARE_MAX_IMAGES
                                  ? [...field.value, c.id]
                                  : field.value
                                : field.value.filter((x) => x !== c.id),
                            )
                          }
                        />
                        {c.title}
                      </label>
                    ))}
                    {fieldState.error ? (
                      <p id="share-images-error" role="alert" className="text-xs text-destructive dark:text-red-400">
                        {fieldState.error.message}
                      </p>
                    ) : null}
                  </fieldset>
                )}
              />
            ) : null}
            <Controller
              control={form.control}
              name="expiresInDays"
              render={({ field }) => (
                <fieldset className="space-y-2">
                  <legend className="text-sm font-medium">Link expires after</legend>
                  <div className="flex flex-wrap gap-3">
                    {SHARE_EXPIRY_DAYS.map((d) => (
                      <label key={d} className="flex items-center gap-2 text-sm">
                        <input
                          type="radio"
                          name="share-expiry"
                          className="h-4 w-4"
                          checked={field.value === d}
                          onChange={() => field.onChange(d)}
                          data-testid={`share-expiry-${d}`}
                        />
                        {expiryLabel(d)}
                      </label>
                    ))}
                  </div>
                </fieldset>
              )}
            />
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 h-4 w-4"
                {...form.register('showOwner')}
                data-testid="share-show-owner"
              />
              <span>
                Show my name and handle
                <span className="block text-xs text-muted-foreground">
                  Off: your name and handle are hidden. The looks still show you (your face and body as rendered), so
                  share them only with people you trust. Your original photos are not part of the link.
                </span>
              </span>
            </label>
            <div className="flex justify-end gap-2">
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={create.isPending || chosen.length === 0} data-testid="share-create">
                {create.isPending ? 'Creating link...' : 'Create link'}
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
