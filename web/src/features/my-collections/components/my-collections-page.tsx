import { useId, useMemo, useState } from 'react';
import { AccessDenied, CREATOR_ACCESS_MESSAGE } from '../../../components/access-denied';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Switch } from 'radix-ui';
import { Link } from 'react-router-dom';
import FolderHeart from 'lucide-react/icons/folder-heart';
import Pencil from 'lucide-react/icons/pencil';
import Plus from 'lucide-react/icons/plus';
import Trash2 from 'lucide-react/icons/trash-2';
import X from 'lucide-react/icons/x';
import { isCreatorRole } from '@shared/domain/roles';
import { AppImage } from '../../../components/app-image';
import { Button, buttonClasses } from '../../../components/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/card';
import { Dialog, DialogClose, DialogContent } from '../../../components/dialog';
import { FormField } from '../../../components/form-field';
import { Input } from '../../../components/input';
import { PageHeader } from '../../../components/page-header';
import { Skeleton } from '../../../components/skeleton';
import { PageSpinner, SpinnerIcon } from '../../../components/spinner';
import { toast } from '../../../components/use-toast';
import { errorMessage } from '../../../lib/api-error';
import { cn } from '../../../lib/cn';
import { useCurrentUser } from '../../../api/current-user';
import { StyleChoice, StyleSearch } from '../../../components/style-picker';
import { Badge } from '../../../components/badge';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import {
  useCollectionStyle,
  useCreateCollection,
  useDeleteCollection,
  useMyCollection,
  useMyCollections,
  useUpdateCollection,
  type MyCollection,
} from '../api/my-collections';
import {
  COLLECTION_MESSAGES,
  collectionFormSchema,
  emptyCollectionForm,
  stylesCountLabel,
  type CollectionFormValues,
} from '../lib/collection-rules';

/** /influencer/collections: the caller's collections (spec 02 section 2, My Collections). */
export default function MyCollectionsPage() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <PageSpinner />;
  if (!isCreatorRole(user))
    return (
      <AccessDenied message={CREATOR_ACCESS_MESSAGE}>
        {/* a shopper keeps styles as favourites (issue 39); collections are made by creators */}
        <Link to="/favorites" className={buttonClasses()} data-testid="access-denied-favorites">
          Your favorites
        </Link>
        <Link to="/collections" className={buttonClasses({ variant: 'outline' })}>
          Browse collections
        </Link>
      </AccessDenied>
    );
  return <MyCollections />;
}

type Editing = { mode: 'create' } | { mode: 'edit'; collection: MyCollection } | null;

function MyCollections() {
  const collections = useMyCollections();
  const [editing, setEditing] = useState<Editing>(null);
  const [toDelete, setToDelete] = useState<MyCollection | null>(null);
  const [managedId, setManagedId] = useState<string | null>(null);
  const del = useDeleteCollection();

  const confirmDelete = () => {
    if (!toDelete) return;
    del.mutate(toDelete.id, {
      onSuccess: () => {
        toast({ title: 'Collection deleted' });
        if (managedId === toDelete.id) setManagedId(null);
        setToDelete(null);
      },
      onError: (err) =>
        toast({
          title: COLLECTION_MESSAGES.deleteFailed,
          description: errorMessage(err, 'Please try again.'),
          variant: 'destructive',
        }),
    });
  };

  const managed = collections.data?.find((c) => c.id === managedId) ?? null;

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-10">
      <PageHeader
        title="My Collections"
        description="Group your public styles into collections. Public collections appear on the Collections page and your profile."
        actions={
          <>
            <Link to="/collections" className={buttonClasses({ variant: 'outline' })}>
              View public collections
            </Link>
            <Button onClick={() => setEditing({ mode: 'create' })} data-testid="new-collection">
              <Plus className="h-4 w-4" aria-hidden="true" />
              New collection
            </Button>
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)]">
        <section aria-labelledby="my-collections-list" className="min-w-0 space-y-3">
          <h2 id="my-collections-list" className="sr-only">
            Your collections
          </h2>
          {collections.isPending ? (
            <div className="space-y-3" aria-busy="true" aria-label="Loading collections">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className="h-28 w-full rounded-2xl" />
              ))}
            </div>
          ) : collections.isError ? (
            <p className="text-sm text-destructive dark:text-red-400">Could not load your collections.</p>
          ) : collections.data.length === 0 ? (
            <div className="flex flex-col items-start gap-3 rounded-2xl border border-dashed border-border p-6">
              <FolderHeart className="h-6 w-6 text-brand" aria-hidden="true" />
              <p className="font-semibold">No collections yet</p>
              <p className="text-sm text-muted-foreground">
                Create your first collection, then add public styles to it.
              </p>
              <Button onClick={() => setEditing({ mode: 'create' })}>
                <Plus className="h-4 w-4" aria-hidden="true" />
                Create collection
              </Button>
            </div>
          ) : (
            <ul className="space-y-3" data-testid="collection-list">
              {collections.data.map((c) => (
                <li key={c.id}>
                  <Card className={cn('p-4', c.id === managedId && 'border-primary')} data-testid="collection-item">
                    <div className="flex items-start gap-3">
                      <AppImage src={c.coverImage} alt="" className="aspect-square w-14 shrink-0 rounded-lg" />
                      <div className="min-w-0 flex-1">
                        <h3 className="truncate font-semibold">{c.name}</h3>
                        <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                          <Badge tone={c.isPublic ? 'brand' : 'outline'}>{c.isPublic ? 'Public' : 'Private'}</Badge>
                          <span>{stylesCountLabel(c.styleCount)}</span>
                        </div>
                        {c.description ? (
                          <p className="mt-1 line-clamp-2 text-sm text-muted-foreground">{c.description}</p>
                        ) : null}
                      </div>
                    </div>
                    <div className="mt-3 flex flex-wrap gap-2">
                      <Button
                        size="sm"
                        variant={c.id === managedId ? 'default' : 'outline'}
                        onClick={() => setManagedId(c.id)}
                        aria-pressed={c.id === managedId}
                      >
                        Manage styles<span className="sr-only"> of {c.name}</span>
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => setEditing({ mode: 'edit', collection: c })}
                        aria-label={`Edit ${c.name}`}
                      >
                        <Pencil className="h-4 w-4" aria-hidden="true" />
                        Edit
                      </Button>
                      <Button size="sm" variant="ghost" onClick={() => setToDelete(c)} aria-label={`Delete ${c.name}`}>
                        <Trash2 className="h-4 w-4" aria-hidden="true" />
                        Delete
                      </Button>
                    </div>
                  </Card>
                </li>
              ))}
            </ul>
          )}
        </section>
        <div className="min-w-0">
          {managed ? (
            <ManageStyles key={managed.id} collection={managed} />
          ) : (
            <div className="rounded-2xl border border-dashed border-border p-6 text-sm text-muted-foreground">
              {collections.data?.length
                ? 'Choose “Manage styles” on a collection to add or remove styles.'
                : 'Your collection’s styles will show here.'}
            </div>
          )}
        </div>
      </div>

      <CollectionDialog editing={editing} onClose={() => setEditing(null)} onCreated={(id) => setManagedId(id)} />
      <ConfirmDialog
        open={!!toDelete}
        onOpenChange={(o) => !o && setToDelete(null)}
        title="Delete this collection?"
        description={`“${toDelete?.name ?? ''}” will be deleted. The styles in it are kept.`}
        pending={del.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}

function CollectionDialog({
  editing,
  onClose,
  onCreated,
}: {
  editing: Editing;
  onClose: () => void;
  onCreated: (id: string) => void;
}) {
  return (
    <Dialog open={!!editing} onOpenChange={(o) => !o && onClose()}>
      {editing ? (
        <DialogContent
          title={editing.mode === 'create' ? 'New collection' : 'Edit collection'}
          description={editing.mode === 'create' ? 'Give it a name; you can add styles right after.' : undefined}
        >
          <CollectionForm
            key={editing.mode === 'edit' ? editing.collection.id : 'new'}
            editing={editing}
            onDone={onClose}
            onCreated={onCreated}
          />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function CollectionForm({
  editing,
  onDone,
  onCreated,
}: {
  editing: NonNullable<Editing>;
  onDone: () => void;
  onCreated: (id: string) => void;
}) {
  const id = useId();
  const create = useCreateCollection();
  const update = useUpdateCollection();
  const initial: CollectionFormValues =
    editing.mode === 'edit'
      ? {
          name: editing.collection.name ?? '',
          description: editing.collection.description ?? '',
          isPublic: !!editing.collection.isPublic,
        }
      : emptyCollectionForm();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<CollectionFormValues>({ resolver: zodResolver(collectionFormSchema), defaultValues: initial });
  const pending = create.isPending || update.isPending;

  const onSubmit = (values: CollectionFormValues) => {
    if (editing.mode === 'create') {
      create.mutate(values, {
        onSuccess: (c) => {
          toast({ title: 'Collection created' });
          if (c?.id) onCreated(c.id);
          onDone();
        },
        onError: (err) =>
          toast({
            title: COLLECTION_MESSAGES.createFailed,
            description: errorMessage(err, 'Please try again.'),
            variant: 'destructive',
          }),
      });
    } else {
      update.mutate(
        { id: editing.collection.id, body: values },
        {
          onSuccess: () => {
            toast({ title: 'Collection updated' });
            onDone();
          },
          onError: (err) =>
            toast({
              title: COLLECTION_MESSAGES.updateFailed,
              description: errorMessage(err, 'Please try again.'),
              variant: 'destructive',
            }),
        },
      );
    }
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4">
      <FormField label="Name" error={errors.name?.message}>
        <Input {...register('name')} maxLength={120} autoComplete="off" />
      </FormField>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-desc`} className="text-sm font-medium">
          Description
        </label>
        <textarea
          id={`${id}-desc`}
          rows={3}
          maxLength={2000}
          {...register('description')}
          className="w-full min-w-0 rounded-lg border border-input bg-background px-3 py-2 text-base text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:text-sm"
        />
        {errors.description ? (
          <p className="text-sm text-destructive dark:text-red-400">{errors.description.message}</p>
        ) : null}
      </div>
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <label htmlFor={`${id}-public`} className="text-sm font-medium">
            Public
          </label>
          <p id={`${id}-public-desc`} className="mt-0.5 text-xs text-muted-foreground">
            Public collections are listed on the Collections page and your profile.
          </p>
        </div>
        <Controller
          control={control}
          name="isPublic"
          render={({ field }) => (
            <Switch.Root
              id={`${id}-public`}
              checked={field.value}
              onCheckedChange={field.onChange}
              aria-describedby={`${id}-public-desc`}
              data-testid="collection-public"
              className="relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent bg-input transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background data-[state=checked]:bg-primary"
            >
              <Switch.Thumb className="pointer-events-none block h-5 w-5 rounded-full bg-background shadow-sm ring-0 transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0" />
            </Switch.Root>
          )}
        />
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={pending} data-testid="save-collection">
          {pending ? <SpinnerIcon /> : null}
          {editing.mode === 'create' ? 'Create collection' : 'Save changes'}
        </Button>
      </div>
    </form>
  );
}

function ManageStyles({ collection }: { collection: MyCollection }) {
  const detail = useMyCollection(collection.id);
  const change = useCollectionStyle();
  const [busyId, setBusyId] = useState<string | null>(null);

  const inCollection = useMemo(() => new Set((detail.data?.styles ?? []).map((s) => s.id)), [detail.data]);

  const run = (styleId: string, action: 'add' | 'remove', name: string) => {
    setBusyId(styleId);
    change.mutate(
      { id: collection.id, styleId, action },
      {
        onSuccess: () => toast({ title: action === 'add' ? `Added “${name}”` : `Removed “${name}”` }),
        onError: (err) =>
          toast({
            title: action === 'add' ? 'Could not add the style' : 'Could not remove the style',
            description: errorMessage(err, COLLECTION_MESSAGES.updateFailed),
            variant: 'destructive',
          }),
        onSettled: () => setBusyId(null),
      },
    );
  };

  return (
    <Card data-testid="manage-styles">
      <CardHeader>
        <CardTitle>Styles in “{collection.name}”</CardTitle>
        <CardDescription>Only public styles can be added to collections.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {detail.isPending ? (
          <div className="space-y-2" aria-busy="true">
            <Skeleton className="h-14 w-full rounded-lg" />
            <Skeleton className="h-14 w-full rounded-lg" />
          </div>
        ) : detail.isError ? (
          <p className="text-sm text-destructive dark:text-red-400">Could not load this collection.</p>
        ) : detail.data.styles.length === 0 ? (
          <p className="rounded-lg border border-dashed border-border p-4 text-sm text-muted-foreground">
            No styles yet. Search below and add some.
          </p>
        ) : (
          <ul
            className="divide-y divide-border rounded-lg border border-border"
            aria-label="Styles in this collection"
            data-testid="collection-styles"
          >
            {detail.data.styles.map((s) => (
              <li key={s.id} className="flex items-center gap-3 p-2">
                <AppImage
                  src={s.coverImageUrl ?? s.coverImage}
                  alt=""
                  className="aspect-[4/5] w-12 shrink-0 rounded-md"
                />
                <span className="min-w-0 flex-1 truncate text-sm font-medium">{s.name}</span>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => run(s.id, 'remove', s.name)}
                  disabled={busyId === s.id}
                  aria-label={`Remove ${s.name}`}
                >
                  {busyId === s.id ? <SpinnerIcon /> : <X className="h-4 w-4" aria-hidden="true" />}
                  <span className="hidden sm:inline">Remove</span>
                </Button>
              </li>
            ))}
          </ul>
        )}

        <div className="space-y-3">
          <h3 className="text-sm font-semibold">Add public styles</h3>
          {/* public styles a page at a time, searched on the server as you type (issue 41) */}
          <StyleSearch label="Search public styles" hide={inCollection} testId="style-search">
            {(choices) => (
              <ul
                className="grid max-h-[28rem] grid-cols-1 gap-2 overflow-y-auto pr-1 sm:grid-cols-2"
                aria-label="Public styles"
                data-testid="style-picker"
              >
                {choices.map((s) => (
                  <li key={s.id} className="flex min-w-0 items-center gap-3 rounded-lg border border-border p-2">
                    <StyleChoice style={s} />
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => run(s.id, 'add', s.name)}
                      disabled={busyId === s.id}
                      aria-label={`Add ${s.name}`}
                    >
                      {busyId === s.id ? <SpinnerIcon /> : <Plus className="h-4 w-4" aria-hidden="true" />}
                      Add
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </StyleSearch>
        </div>
      </CardContent>
    </Card>
  );
}
