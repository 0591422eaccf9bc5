import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/card';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { Skeleton } from '../../../components/skeleton';
import { toast } from '../../../components/use-toast';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { AccessDenied, AdminOnly } from '../../../components/admin-ui';
import {
  useRefusalSummary,
  useShareReports,
  useStyleReports,
  useTakeDown,
  useTakeDownShare,
} from '../api/content-safety';

const KIND_LABELS: Record<string, string> = {
  photo_profile: 'Photo profile photos',
  outfit: 'Outfit images',
  style_image: 'Style images',
  avatar: 'Avatars',
  remote_image: 'Images from the web',
  template_input: 'Template inputs',
  generation_result: 'Generated results',
  image: 'Other images',
};

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** /admin/safety: what the content-safety checks refused (counts and reasons, never the image) and reported styles to take down. */
export default function AdminSafetyPage() {
  return (
    <AdminOnly>
      <SafetyDesk />
    </AdminOnly>
  );
}

function SafetyDesk() {
  const summary = useRefusalSummary();
  const reports = useStyleReports();
  const takeDown = useTakeDown();
  if (isApiError(summary.error) && summary.error.status === 403) return <AccessDenied />;

  const s = summary.data;
  return (
    <div className="mx-auto w-full max-w-5xl space-y-6 px-4 py-8 sm:px-6 sm:py-10">
      <PageHeader
        title="Content Safety"
        description="Images the automatic checks refused, and reports of public images."
      />
      <Card data-testid="refusals">
        <CardHeader>
          <CardTitle>Refused images (last 30 days)</CardTitle>
          <CardDescription>Counts and reasons only: refused images are never stored.</CardDescription>
        </CardHeader>
        <CardContent>
          {!s ? (
            <Skeleton className="h-24 w-full" />
          ) : (
            <div className="grid gap-6 sm:grid-cols-3">
              <div>
                <p className="text-3xl font-bold" data-testid="refusals-total">
                  {s.total}
                </p>
                <p className="text-sm text-muted-foreground">refused in total</p>
              </div>
              <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1 text-sm" aria-label="By kind">
                {Object.entries(s.byKind)
                  .filter(([, n]) => n > 0)
                  .map(([k, n]) => (
                    <div key={k} className="contents">
                      <dt className="text-muted-foreground">{KIND_LABELS[k] ?? k}</dt>
                      <dd className="text-right font-medium">{n}</dd>
                    </div>
                  ))}
              </dl>
              <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1 text-sm" aria-label="By reason">
                {Object.entries(s.byReason).map(([r, n]) => (
                  <div key={r} className="contents">
                    <dt className="text-muted-foreground">{r}</dt>
                    <dd className="text-right font-medium">{n}</dd>
                  </div>
                ))}
              </dl>
            </div>
          )}
        </CardContent>
      </Card>

      <ReportsCard
        title="Reported styles"
        description="Taking a style down hides it, deletes its images and every identical copy, and closes its reports."
        reports={reports.data}
        listTestId="style-reports"
        itemTestId="safety-report"
        itemData={(r) => ({ 'data-style-id': r.styleId })}
        target={(r) => (
          <Link
            to={`/style/${encodeURIComponent(r.styleId)}`}
            className="font-medium underline-offset-2 hover:underline"
          >
            {r.styleName}
          </Link>
        )}
        confirmTitle="Take this style down?"
        confirmDescription={(r) =>
          `"${r?.styleName ?? ''}" becomes private and its own images are deleted. This cannot be undone.`
        }
        pending={takeDown.isPending}
        takeDown={async (r) => {
          const res = await takeDown.mutateAsync(r.id);
          const copies = res.identicalCopyStyleIds.length;
          return `${res.styleIds.length} style(s) hidden, ${res.deletedImages} image(s) deleted.${
            copies ? ` ${copies} other public style(s) show an identical image: review them.` : ''
          }`;
        }}
        failure="Could not take the style down"
      />
      <SharedLookReports />
    </div>
  );
}

/** Reported shared looks (/l/{token}): taking one down ends the link at once and deletes its copies. */
function SharedLookReports() {
  const reports = useShareReports();
  const takeDown = useTakeDownShare();
  return (
    <ReportsCard
      title="Reported shared looks"
      description="Links people shared for feedback and a viewer reported. Taking one down ends the link and deletes its images."
      reports={reports.data}
      listTestId="share-reports"
      itemTestId="share-report"
      itemData={(r) => ({ 'data-share-id': r.shareId })}
      target={(r) =>
        r.url ? (
          <a
            href={r.url}
            target="_blank"
            rel="noopener noreferrer"
            className="font-medium underline-offset-2 hover:underline"
          >
            Shared look ({r.imageCount} {r.imageCount === 1 ? 'image' : 'images'})
          </a>
        ) : (
          <span className="font-medium text-muted-foreground">Shared look (no longer live)</span>
        )
      }
      confirmTitle="Take this shared look down?"
      confirmDescription={() =>
        'The link stops working and its images are deleted. The owner sees it as taken down after a report.'
      }
      pending={takeDown.isPending}
      takeDown={async (r) => {
        await takeDown.mutateAsync(r.id);
        return 'The shared look is gone (404 within a minute) and its copies are deleted.';
      }}
      failure="Could not take the shared look down"
    />
  );
}

/** A card of open reports, each with what was reported, the reason and "Take down" behind a confirmation. */
function ReportsCard<R extends { id: string; reason: string; createdAt: string }>({
  title,
  description,
  reports,
  listTestId,
  itemTestId,
  itemData,
  target,
  confirmTitle,
  confirmDescription,
  pending,
  takeDown,
  failure,
}: {
  title: string;
  description: string;
  reports: R[] | undefined;
  listTestId: string;
  itemTestId: string;
  itemData: (r: R) => Record<`data-${string}`, string>;
  target: (r: R) => ReactNode;
  confirmTitle: string;
  confirmDescription: (r: R | null) => string;
  pending: boolean;
  /** Takes the report's subject down; resolves to the success toast's description. */
  takeDown: (r: R) => Promise<string>;
  failure: string;
}) {
  const [confirming, setConfirming] = useState<R | null>(null);
  const confirm = async () => {
    if (!confirming) return;
    try {
      toast({ title: 'Taken down', description: await takeDown(confirming) });
      setConfirming(null);
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, failure), variant: 'destructive' });
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        {!reports ? (
          <Skeleton className="h-16 w-full" />
        ) : reports.length === 0 ? (
          <p className="text-sm text-muted-foreground">No open reports.</p>
        ) : (
          <ul className="divide-y divide-border" data-testid={listTestId}>
            {reports.map((r) => (
              <li
                key={r.id}
                className="flex flex-wrap items-center justify-between gap-3 py-3"
                data-testid={itemTestId}
                {...itemData(r)}
              >
                <div className="min-w-0">
                  {target(r)}
                  <p className="text-sm text-muted-foreground">
                    &ldquo;{r.reason}&rdquo; &middot; {when(r.createdAt)}
                  </p>
                </div>
                <Button variant="destructive" onClick={() => setConfirming(r)}>
                  Take down
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <ConfirmDialog
        open={!!confirming}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={confirmTitle}
        description={confirmDescription(confirming)}
        confirmLabel="Take down"
        pending={pending}
        onConfirm={confirm}
      />
    </Card>
  );
}
