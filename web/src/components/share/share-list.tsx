import { useState } from 'react';
import { Link } from 'react-router-dom';
import Link2 from 'lucide-react/icons/link-2';
import { Button } from '../button';
import { ConfirmDialog } from '../confirm-dialog';
import { Skeleton } from '../skeleton';
import { toast } from '../use-toast';
import { errorMessage } from '../../lib/api-error';
import { SHARE_MESSAGES } from '@shared/domain/shares';
import { useMyShares, useRevokeShare, type OwnerShare } from '../../api/shares';

const STATE_LABEL: Record<OwnerShare['state'], string> = {
  live: 'Live',
  expired: 'Expired',
  revoked: 'Revoked',
  taken_down: 'Taken down after a report',
};
const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The owner's shares (all, or those showing one result) with their votes and reactions, and Revoke. */
export function ShareList({
  generationId,
  emptyText = 'You have not shared any look yet.',
}: {
  generationId?: string;
  emptyText?: string;
}) {
  const q = useMyShares();
  const revoke = useRevokeShare();
  const [confirming, setConfirming] = useState<OwnerShare | null>(null);
  if (q.isPending) return <Skeleton className="h-20 w-full" />;
  if (q.isError) return <p className="text-sm text-muted-foreground">Could not load your shares.</p>;
  const shares = (q.data ?? []).filter((s) => !generationId || s.generationIds.includes(generationId));
  if (!shares.length) return <p className="text-sm text-muted-foreground">{emptyText}</p>;

  const confirm = async () => {
    if (!confirming) return;
    try {
      await revoke.mutateAsync(confirming.id);
      toast({ title: SHARE_MESSAGES.revoked, description: 'The link stops working within a minute.' });
      setConfirming(null);
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'Could not revoke the link'), variant: 'destructive' });
    }
  };

  return (
    <>
      <ul className="divide-y divide-border" data-testid="share-list">
        {shares.map((s) => (
          <li key={s.id} className="space-y-2 py-3" data-testid="share-row" data-share-id={s.id} data-state={s.state}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div className="min-w-0">
                <p className="flex items-center gap-2 text-sm font-medium">
                  <Link2 className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                  {s.state === 'live' ? (
                    <Link to={s.url} className="truncate underline-offset-2 hover:underline" data-testid="share-url">
                      {`${window.location.origin}${s.url}`}
                    </Link>
                  ) : (
                    <span className="truncate text-muted-foreground">{STATE_LABEL[s.state]} link</span>
                  )}
                </p>
                <p className="text-xs text-muted-foreground">
                  {STATE_LABEL[s.state]} &middot; {s.images.length} {s.images.length === 1 ? 'image' : 'images'}{' '}
                  &middot; {s.state === 'live' ? `expires ${when(s.expiresAt)}` : `created ${when(s.createdAt)}`}
                  {s.showOwner ? ' · shows your name' : ''}
                </p>
              </div>
              {s.state === 'live' ? (
                <Button variant="outline" size="sm" onClick={() => setConfirming(s)} data-testid="share-revoke">
                  Revoke
                </Button>
              ) : null}
            </div>
            <p className="text-sm" data-testid="share-votes">
              {s.totalVotes === 1 ? '1 vote' : `${s.totalVotes} votes`}
              {s.totalVotes > 0
                ? `: ${s.votes.map((v, i) => `${s.images[i]?.styleName ?? `Look ${i + 1}`} ${v.votes}`).join(', ')}`
                : ''}
            </p>
            {s.reactions.length ? (
              <ul className="space-y-1" aria-label="Reactions">
                {s.reactions.map((r, i) => (
                  // plain text: React escapes it; nothing is rendered as HTML
                  <li key={i} className="rounded-lg bg-muted px-3 py-1.5 text-sm" data-testid="share-reaction">
                    {r.text}
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={!!confirming}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Revoke this link?"
        description="Nobody can open it any more (within a minute, caches included). Votes and reactions stay visible to you."
        confirmLabel="Revoke"
        pending={revoke.isPending}
        onConfirm={confirm}
      />
    </>
  );
}
