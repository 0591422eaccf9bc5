import { useState, type ComponentType } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Tabs } from 'radix-ui';
import ShieldCheck from 'lucide-react/icons/shield-check';
import Trash2 from 'lucide-react/icons/trash-2';
import { Button } from '../../../components/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/card';
import { TypedConfirmDialog } from '../../../components/form-dialog';
import { PageHeader } from '../../../components/page-header';
import { PageSpinner } from '../../../components/spinner';
import { toast } from '../../../components/use-toast';
import { errorMessage } from '../../../lib/api-error';
import type { CurrentUser } from '@shared/schemas/user';
import { useCurrentUser } from '../../../api/current-user';
import { useDeleteAllPhotos } from '../../../api/photo-profiles';
import { InfluencerTab } from './influencer-tab';
import { LinksTab } from './links-tab';
import { ProfileTab } from './profile-tab';
import { RetentionSection } from './retention-section';
import { ExportSection } from './export-section';
import { DeleteAccountSection } from './delete-account-section';

/** What the user types to confirm "Delete all my photos". */
export const DELETE_CONFIRMATION = 'DELETE';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The settings tabs (spec 02 section 2): Profile, Links (influencers only), Influencer, Privacy.
 * The open tab is in the query (?tab=links), so other screens can link to a tab.
 */
interface TabDef {
  value: string;
  label: string;
  Panel: ComponentType<{ user: CurrentUser }>;
  influencerOnly?: boolean;
}

const TABS: readonly TabDef[] = [
  { value: 'profile', label: 'Profile', Panel: ProfileTab },
  { value: 'links', label: 'Links', Panel: LinksTab, influencerOnly: true },
  { value: 'influencer', label: 'Influencer', Panel: InfluencerTab },
  { value: 'privacy', label: 'Privacy', Panel: PrivacyTab },
];

/** The tabs a user sees (Links only for influencers). */
export const tabsFor = (user: Pick<CurrentUser, 'isInfluencer'>): readonly TabDef[] =>
  TABS.filter((t) => !t.influencerOnly || user.isInfluencer);

const tabTrigger =
  'inline-flex h-9 items-center justify-center gap-2 whitespace-nowrap rounded-md px-3 text-sm font-medium text-muted-foreground transition-colors sm:px-4 ' +
  'hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring ' +
  'data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm';

/** /settings */
export default function SettingsPage() {
  const { user, isLoading } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  if (!user) return isLoading ? <PageSpinner label="Loading settings" /> : null;
  const tabs = tabsFor(user);
  const requested = params.get('tab');
  const value = tabs.some((t) => t.value === requested) ? requested! : tabs[0]!.value;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <PageHeader title="Settings" />
      <Tabs.Root
        value={value}
        onValueChange={(next) =>
          setParams(
            (p) => {
              p.set('tab', next);
              return p;
            },
            { replace: true, preventScrollReset: true },
          )
        }
        className="flex flex-col gap-6"
      >
        <Tabs.List
          aria-label="Settings sections"
          className="inline-flex w-fit max-w-full gap-1 overflow-x-auto rounded-lg bg-muted p-1"
        >
          {tabs.map((t) => (
            <Tabs.Trigger key={t.value} value={t.value} className={tabTrigger}>
              {t.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {tabs.map(({ value: v, Panel }) => (
          <Tabs.Content key={v} value={v} className="focus-visible:outline-none">
            <Panel user={user} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  );
}

function PrivacyTab() {
  const [open, setOpen] = useState(false);
  return (
    <Card>
      <CardHeader className="flex-row items-center gap-2">
        <ShieldCheck className="h-5 w-5 text-brand" aria-hidden="true" />
        <CardTitle>Privacy</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <RetentionSection />
        <ExportSection />
        <div className="flex flex-col gap-4 rounded-xl border border-destructive/40 p-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0">
            <h3 className="font-semibold">Delete all my photos</h3>
            <CardDescription className="mt-1">
              Deletes every photo profile with its portrait and full-body photos, and every image you generated. Your
              credit history is kept. This cannot be undone.
            </CardDescription>
          </div>
          <Button variant="destructive" className="shrink-0" onClick={() => setOpen(true)}>
            <Trash2 className="h-4 w-4" aria-hidden="true" />
            Delete all my photos
          </Button>
        </div>
        <DeleteAccountSection />
      </CardContent>
      <DeleteAllPhotosDialog open={open} onOpenChange={setOpen} />
    </Card>
  );
}

function DeleteAllPhotosDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const del = useDeleteAllPhotos();
  return (
    <TypedConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete all my photos?"
      description="Every photo profile, its photos and every generated image will be deleted for good. Your credit history is kept."
      formLabel="Confirm deleting all photos"
      word={DELETE_CONFIRMATION}
      pending={del.isPending}
      submitLabel="Delete everything"
      pendingLabel="Deleting..."
      onConfirm={(reset) =>
        del.mutate(undefined, {
          onSuccess: (res) => {
            toast({
              title: 'Photos deleted',
              description: `Deleted ${plural(res.deletedProfiles, 'photo profile', 'photo profiles')} and ${plural(res.deletedObjects, 'file', 'files')}.`,
            });
            reset();
            onOpenChange(false);
          },
          onError: (err) =>
            toast({
              variant: 'destructive',
              title: 'Delete failed',
              description: errorMessage(err, 'Could not delete your photos. Please try again.'),
            }),
        })
      }
    />
  );
}
