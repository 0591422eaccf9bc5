import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type * as z from 'zod';
import LinkIcon from 'lucide-react/icons/link';
import Plus from 'lucide-react/icons/plus';
import Trash2 from 'lucide-react/icons/trash-2';
import { userLinkSchema, type UserLinkInput } from '@shared/schemas/discovery';
import { LINK_FIELDS_REQUIRED, MAX_USER_LINKS } from '@shared/domain/profile-rules';
import { Button } from '../../../components/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/card';
import { FormField } from '../../../components/form-field';
import { Input } from '../../../components/input';
import { SpinnerIcon } from '../../../components/spinner';
import { toast } from '../../../components/use-toast';
import { errorMessage } from '../../../lib/api-error';
import { useAddLink, useDeleteLink, useUserLinks } from '../api/settings';

/** Links tab (influencers only): the links shown on the public profile. */
export function LinksTab() {
  const links = useUserLinks(true);
  const add = useAddLink();
  const del = useDeleteLink();
  const list = links.data ?? [];
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<z.input<typeof userLinkSchema>, unknown, UserLinkInput>({
    resolver: zodResolver(userLinkSchema),
    defaultValues: { title: '', url: '' },
  });

  const submit = handleSubmit(
    (link) =>
      add.mutate(link, {
        onSuccess: () => {
          reset();
          toast({ title: 'Link added' });
        },
        onError: (err) =>
          toast({
            variant: 'destructive',
            title: 'Failed to add link',
            description: errorMessage(err, 'Please try again.'),
          }),
      }),
    (invalid) => {
      const message = invalid.title?.message ?? invalid.url?.message ?? LINK_FIELDS_REQUIRED;
      toast({
        variant: 'destructive',
        title: message === LINK_FIELDS_REQUIRED ? 'Error' : 'Failed to add link',
        description: message,
      });
    },
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Links</CardTitle>
        <CardDescription>Shown on your public profile, in this order. Up to {MAX_USER_LINKS} links.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {links.isPending ? (
          <div className="h-16 animate-pulse rounded-xl bg-muted" aria-busy="true" />
        ) : list.length === 0 ? (
          <p className="rounded-xl border border-dashed border-border p-4 text-center text-sm text-muted-foreground">
            No links yet. Add your shop, blog or social pages.
          </p>
        ) : (
          <ul className="flex flex-col gap-2" data-testid="settings-links">
            {list.map((l) => (
              <li key={l.id} className="flex items-center gap-3 rounded-xl border border-border p-3">
                <LinkIcon className="h-4 w-4 shrink-0 text-brand" aria-hidden="true" />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium">{l.title}</p>
                  <a
                    href={l.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="block truncate text-xs text-muted-foreground hover:underline"
                  >
                    {l.url}
                  </a>
                </div>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Delete link ${l.title}`}
                  disabled={del.isPending && del.variables === l.id}
                  onClick={() =>
                    del.mutate(l.id, {
                      onSuccess: () => toast({ title: 'Link deleted' }),
                      onError: (err) =>
                        toast({
                          variant: 'destructive',
                          title: 'Failed to delete link',
                          description: errorMessage(err, 'Please try again.'),
                        }),
                    })
                  }
                >
                  {del.isPending && del.variables === l.id ? (
                    <SpinnerIcon />
                  ) : (
                    <Trash2 className="h-4 w-4" aria-hidden="true" />
                  )}
                </Button>
              </li>
            ))}
          </ul>
        )}
        <form
          onSubmit={(e) => void submit(e)}
          noValidate
          className="flex flex-col gap-4 border-t border-border pt-5"
          aria-label="Add a link"
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Title" error={errors.title?.message}>
              <Input maxLength={100} placeholder="My shop" {...register('title')} />
            </FormField>
            <FormField label="URL" error={errors.url?.message}>
              <Input type="url" inputMode="url" placeholder="https://..." {...register('url')} />
            </FormField>
          </div>
          <div className="flex justify-end">
            <Button type="submit" disabled={add.isPending || list.length >= MAX_USER_LINKS}>
              {add.isPending ? <SpinnerIcon /> : <Plus className="h-4 w-4" aria-hidden="true" />}
              Add link
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
