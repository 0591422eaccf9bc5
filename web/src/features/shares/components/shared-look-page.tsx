import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod';
import { Link, useParams } from 'react-router-dom';
import AlertCircle from 'lucide-react/icons/circle-alert';
import Flag from 'lucide-react/icons/flag';
import Heart from 'lucide-react/icons/heart';
import ExternalLink from 'lucide-react/icons/external-link';
import { Button, buttonClasses } from '../../../components/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/card';
import { FormDialog } from '../../../components/form-dialog';
import { FormField } from '../../../components/form-field';
import { Skeleton } from '../../../components/skeleton';
import { toast } from '../../../components/use-toast';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { cn } from '../../../lib/cn';
import { REACTION_MAX_LENGTH, REPORT_REASON_MAX_LENGTH, SHARE_MESSAGES, cleanReaction } from '@shared/domain/shares';
import { shareReportSchema } from '@shared/schemas/share';
import { AiBadge, EngineNote } from '../../../components/ai-badge';
import { madeByNote } from '@shared/domain/provenance';
import { usePublicShare, useReaction, useReportShare, useVote, type PublicShare } from '../../../api/shares';

/** /l/{token}: a shared look, for anyone with the link (signed out too): vote, react, report. */
export default function SharedLookPage() {
  const { token = '' } = useParams();
  const q = usePublicShare(token);
  useDocumentTitle(q.data ? q.data.title : 'Shared look');
  if (q.isPending)
    return (
      <div className="mx-auto grid w-full max-w-5xl gap-4 px-4 py-8 sm:grid-cols-2">
        <Skeleton className="aspect-[4/5] w-full" />
        <Skeleton className="aspect-[4/5] w-full" />
      </div>
    );
  if (q.isError || !q.data) return <ShareGone notFound={isApiError(q.error) && q.error.status === 404} />;
  return <SharedLook token={token} share={q.data} />;
}

function ShareGone({ notFound }: { notFound: boolean }) {
  return (
    <div
      className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center gap-4 px-4 py-16 text-center"
      data-testid="share-gone"
    >
      <AlertCircle className="h-10 w-10 text-muted-foreground" aria-hidden="true" />
      <h1 className="text-2xl font-bold">{notFound ? '404: Look not found' : 'Could not load this look'}</h1>
      <p className="text-muted-foreground">
        {notFound
          ? `${SHARE_MESSAGES.notFound} The link may have expired or been revoked.`
          : 'Please try again in a moment.'}
      </p>
      <Link to="/" className={buttonClasses({ variant: 'outline' })}>
        Discover Fitly
      </Link>
    </div>
  );
}

function SharedLook({ token, share: s }: { token: string; share: PublicShare }) {
  const vote = useVote(token);
  const [reporting, setReporting] = useState(false);
  const cast = async (generationId: string) => {
    try {
      await vote.mutateAsync(generationId);
      toast({ title: 'Vote saved', description: 'You can change it any time.' });
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'Could not save your vote'), variant: 'destructive' });
    }
  };
  const many = s.images.length > 1;
  return (
    <div className="mx-auto w-full max-w-6xl space-y-8 px-4 py-8 sm:px-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{s.title}</h1>
        <p className="text-sm text-muted-foreground">
          {s.owner ? (
            <>Shared by {s.owner.name ? `${s.owner.name} (@${s.owner.handle})` : `@${s.owner.handle}`}. </>
          ) : null}
          {many ? 'Vote for your favourite.' : 'Tell them what you think.'}{' '}
          {s.totalVotes === 1 ? '1 vote so far.' : `${s.totalVotes} votes so far.`}
        </p>
      </header>
      <ul
        className={cn(
          'grid gap-4',
          s.images.length === 1
            ? 'mx-auto max-w-md'
            : s.images.length === 2
              ? 'sm:grid-cols-2'
              : 'sm:grid-cols-2 lg:grid-cols-4',
        )}
      >
        {s.images.map((img) => {
          const mine = s.myVote === img.generationId;
          const name = img.styleName ?? `Look ${img.index + 1}`;
          return (
            <li
              key={img.generationId}
              className="space-y-2"
              data-testid="shared-image"
              data-generation-id={img.generationId}
            >
              <div
                className={cn(
                  'relative overflow-hidden rounded-2xl border bg-muted',
                  mine ? 'border-primary ring-2 ring-primary' : 'border-border',
                )}
              >
                <img
                  src={img.url}
                  alt={`${img.label} try-on look: ${name}`}
                  width={img.width}
                  height={img.height}
                  className="h-auto w-full"
                  loading={img.index === 0 ? 'eager' : 'lazy'}
                />
                <AiBadge className="absolute left-2 top-2" madeBy={img.madeBy} />
              </div>
              {img.madeBy === 'engine' ? <EngineNote /> : null}
              <div className="flex items-center justify-between gap-2">
                <p className="min-w-0 truncate text-sm font-medium">{name}</p>
                <span className="text-sm text-muted-foreground" data-testid="vote-count">
                  {img.votes} {img.votes === 1 ? 'vote' : 'votes'}
                </span>
              </div>
              <Button
                type="button"
                className="w-full"
                variant={mine ? 'default' : 'outline'}
                aria-pressed={mine}
                disabled={vote.isPending}
                onClick={() => void cast(img.generationId)}
                data-testid="vote-button"
              >
                <Heart className={cn('h-4 w-4', mine && 'fill-current')} aria-hidden="true" />
                {/* several looks: each button names the look it votes for (not "this one" twice) */}
                {mine ? 'Your favourite' : many ? `Vote for look ${img.index + 1}` : 'I like it'}
                {mine && many ? <span className="sr-only"> (look {img.index + 1})</span> : null}
              </Button>
            </li>
          );
        })}
      </ul>
      <div className="grid gap-6 lg:grid-cols-2">
        <ReactionCard token={token} current={s.myReaction} />
        {s.styles.some((st) => st.products.some((p) => p.links.length)) ? (
          <Card>
            <CardHeader>
              <CardTitle>Shop the look</CardTitle>
            </CardHeader>
            <CardContent className="space-y-4">
              {s.styles.map((st) => (
                <div key={st.id} className="space-y-2">
                  <p className="text-sm font-semibold">{st.name}</p>
                  <ul className="space-y-1 text-sm">
                    {st.products.flatMap((p) =>
                      p.links.map((l) => (
                        <li key={`${p.name}-${l.url}`}>
                          <a
                            href={l.url}
                            target="_blank"
                            rel="noopener noreferrer nofollow sponsored"
                            className="inline-flex items-center gap-1 text-brand underline-offset-2 hover:underline"
                          >
                            {p.brand ? `${p.brand} ` : ''}
                            {p.name} at {l.retailer}
                            {l.price !== null ? ` (${l.price}${l.currency ? ` ${l.currency}` : ''})` : ''}
                            <ExternalLink className="h-3 w-3" aria-hidden="true" />
                          </a>
                        </li>
                      )),
                    )}
                  </ul>
                </div>
              ))}
            </CardContent>
          </Card>
        ) : null}
      </div>
      <footer className="flex flex-wrap items-center justify-between gap-3 border-t border-border pt-4 text-xs text-muted-foreground">
        <p data-testid="share-made-by">
          {madeByNote(s.images.map((img) => img.madeBy))} This link expires on{' '}
          {new Date(s.expiresAt).toLocaleDateString()}.
        </p>
        <Button type="button" variant="ghost" size="sm" onClick={() => setReporting(true)} data-testid="report-share">
          <Flag className="h-4 w-4" aria-hidden="true" />
          Report this look
        </Button>
      </footer>
      <ReportDialog token={token} open={reporting} onOpenChange={setReporting} />
    </div>
  );
}

/** The reaction is cleaned as the service cleans it (cleanReaction): the message of the first problem. */
const reactionFormSchema = z.object({
  text: z.string().transform((text, ctx) => {
    const clean = cleanReaction(text);
    if (clean.ok) return clean.text;
    ctx.addIssue({ code: 'custom', message: clean.message });
    return z.NEVER;
  }),
});

function ReactionCard({ token, current }: { token: string; current: string | null }) {
  const react = useReaction(token);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof reactionFormSchema>, unknown, z.output<typeof reactionFormSchema>>({
    resolver: zodResolver(reactionFormSchema),
    defaultValues: { text: current ?? '' },
    values: { text: current ?? '' },
    reValidateMode: 'onSubmit',
  });
  const text = watch('text');
  const error = errors.text?.message;
  const submit = handleSubmit(async ({ text: clean }) => {
    try {
      await react.mutateAsync(clean);
      toast({ title: 'Reaction sent' });
    } catch (err) {
      setError('text', { message: errorMessage(err, 'Could not send your reaction') });
    }
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Leave a reaction</CardTitle>
      </CardHeader>
      <CardContent>
        <form className="space-y-2" noValidate onSubmit={(e) => void submit(e)}>
          <label htmlFor="reaction" className="sr-only">
            Your reaction
          </label>
          <textarea
            id="reaction"
            maxLength={REACTION_MAX_LENGTH}
            rows={2}
            placeholder="Love the second one!"
            aria-invalid={!!error}
            aria-describedby="reaction-help"
            className="w-full rounded-lg border border-input bg-background px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            data-testid="reaction-input"
            {...register('text')}
          />
          <div className="flex items-center justify-between gap-2">
            <p
              id="reaction-help"
              className={cn('text-xs', error ? 'text-destructive dark:text-red-400' : 'text-muted-foreground')}
              role={error ? 'alert' : undefined}
            >
              {error ?? `${[...text].length}/${REACTION_MAX_LENGTH}. Only the person who shared this sees it.`}
            </p>
            <Button type="submit" size="sm" disabled={react.isPending} data-testid="reaction-send">
              {current ? 'Update' : 'Send'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/** Report a shared look; the reason is checked by the route's own schema. */
function ReportDialog({
  token,
  open,
  onOpenChange,
}: {
  token: string;
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const report = useReportShare(token);
  const {
    register,
    handleSubmit,
    watch,
    reset,
    formState: { errors },
  } = useForm<z.input<typeof shareReportSchema>, unknown, z.output<typeof shareReportSchema>>({
    resolver: zodResolver(shareReportSchema),
    defaultValues: { reason: '' },
  });
  const submit = handleSubmit(async ({ reason }) => {
    try {
      await report.mutateAsync(reason);
      toast({ title: 'Report sent', description: 'Thank you. Our team will review this look.' });
      onOpenChange(false);
      reset();
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'Could not send the report'), variant: 'destructive' });
    }
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Report this look"
      description="Tell us what is wrong (for example: it shows someone without their consent, or it is explicit)."
      formLabel="Report this look"
      onSubmit={(e) => void submit(e)}
      pending={report.isPending}
      submitLabel="Send report"
      submitDisabled={!watch('reason').trim()}
    >
      <FormField label="Reason" error={errors.reason?.message}>
        <textarea
          maxLength={REPORT_REASON_MAX_LENGTH}
          rows={3}
          className="w-full rounded-lg border border-input bg-background px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-[invalid=true]:border-destructive"
          {...register('reason')}
        />
      </FormField>
    </FormDialog>
  );
}
