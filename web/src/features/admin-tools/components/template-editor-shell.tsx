/**
 * The template-editor shell shared by /admin/prompts and /admin/raw-templates: the admin gate, the
 * three-column workbench (list, editor, test panel), the template list with its loading, error and empty
 * states, and the editor card with save/delete (toasts with the spec's texts, a confirmation before delete).
 * The workbench owns the editor's react-hook-form form (validated by the page's zod schema; errors show after
 * the first submit, then live); selecting a template resets it. Each page brings its own fields, list line
 * and test panel (which sees the live draft).
 */
import { useState, type ReactNode } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type * as z from 'zod';
import Plus from 'lucide-react/icons/plus';
import { AccessDenied, AdminOnly } from '../../../components/admin-ui';
import { Button } from '../../../components/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/card';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormField } from '../../../components/form-field';
import { Input } from '../../../components/input';
import { PageHeader } from '../../../components/page-header';
import { Skeleton } from '../../../components/skeleton';
import { SpinnerIcon } from '../../../components/spinner';
import { toast } from '../../../components/use-toast';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { cn } from '../../../lib/cn';

interface Template {
  id: string;
  name: string;
}

interface ListQuery<T> {
  data: T[] | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

interface Draft extends FieldValues {
  name: string;
}

export interface EditorProps<T, D extends Draft> {
  selectedId: string | null;
  form: UseFormReturn<D>;
  /** The live value of the Name field. */
  name: string;
  onSaved: (t: T) => void;
  onDeleted: () => void;
}

/** The admin page: gate, header and the three columns; the editor is remounted per selection. */
export function TemplateWorkbench<T extends Template, D extends Draft>(props: {
  title: string;
  description: string;
  columns: string;
  query: ListQuery<T>;
  schema: z.ZodType<D, D>;
  /** The form of a new template (what draftFrom(null) gives). */
  defaults: DefaultValues<D>;
  draftFrom: (t: T | null) => D;
  list: (p: {
    templates: T[] | undefined;
    loading: boolean;
    failed: boolean;
    selectedId: string | null;
    onSelect: (t: T | null) => void;
  }) => ReactNode;
  editor: (p: EditorProps<T, D>) => ReactNode;
  panel: (draft: D) => ReactNode;
}) {
  return (
    <AdminOnly>
      <Workbench {...props} />
    </AdminOnly>
  );
}

function Workbench<T extends Template, D extends Draft>({
  title,
  description,
  columns,
  query,
  schema,
  defaults,
  draftFrom,
  list,
  editor,
  panel,
}: Parameters<typeof TemplateWorkbench<T, D>>[0]) {
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const form = useForm<D>({ resolver: zodResolver(schema), defaultValues: defaults });
  const draft = form.watch();

  if (isApiError(query.error) && query.error.status === 403) return <AccessDenied />;

  const select = (t: T | null) => {
    setSelectedId(t?.id ?? null);
    form.reset(draftFrom(t));
  };

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-10">
      <PageHeader title={title} description={description} />
      <div className={cn('grid gap-6 lg:items-start', columns)}>
        {list({ templates: query.data, loading: query.isPending, failed: query.isError, selectedId, onSelect: select })}
        <div key={selectedId ?? 'new'} className="min-w-0">
          {editor({ selectedId, form, name: draft.name, onSaved: select, onDeleted: () => select(null) })}
        </div>
        {panel(draft)}
      </div>
    </div>
  );
}

/** The list column: "New", then skeletons, an error, the empty text or one button per template. */
export function TemplateListCard<T extends Template>({
  templates,
  loading,
  failed,
  selectedId,
  onSelect,
  newTestId,
  itemTestId,
  listLabel,
  emptyText,
  skeletonClassName,
  itemClassName,
  renderItem,
}: {
  templates: T[] | undefined;
  loading: boolean;
  failed: boolean;
  selectedId: string | null;
  onSelect: (t: T | null) => void;
  newTestId: string;
  itemTestId: string;
  listLabel: string;
  emptyText: string;
  skeletonClassName: string;
  itemClassName: string;
  renderItem: (t: T) => ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle>Templates</CardTitle>
        <Button size="sm" variant="outline" onClick={() => onSelect(null)} data-testid={newTestId}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          New
        </Button>
      </CardHeader>
      <CardContent>
        {loading ? (
          <div className="space-y-2" aria-busy="true" aria-label="Loading templates">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className={skeletonClassName} />
            ))}
          </div>
        ) : failed ? (
          <p role="alert" className="text-sm text-destructive dark:text-red-400">
            Failed to load templates.
          </p>
        ) : !templates?.length ? (
          <p className="text-sm text-muted-foreground">{emptyText}</p>
        ) : (
          <ul className="flex max-h-[70vh] flex-col gap-1.5 overflow-y-auto" aria-label={listLabel}>
            {templates.map((t) => (
              <li key={t.id}>
                <button
                  type="button"
                  onClick={() => onSelect(t)}
                  aria-current={selectedId === t.id ? 'true' : undefined}
                  data-testid={itemTestId}
                  className={cn(
                    'flex w-full flex-col items-start rounded-lg border px-3 py-2 text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                    itemClassName,
                    selectedId === t.id
                      ? 'border-primary bg-accent text-accent-foreground'
                      : 'border-border hover:bg-muted',
                  )}
                >
                  {renderItem(t)}
                </button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

interface Mutation<V, R> {
  mutate: (v: V, opts: { onSuccess: (r: R) => void; onError: (err: unknown) => void }) => void;
  isPending: boolean;
}

/**
 * The editor card: the form (errors show after the first submit), Create/Save, Delete behind a confirmation;
 * `leftActions` go before Delete (the raw editor's Copy button).
 */
export function TemplateEditorCard<T extends Template, D extends Draft, B>({
  selectedId,
  form,
  name,
  onSaved,
  onDeleted,
  toBody,
  save,
  del,
  formLabel,
  newDescription,
  deleteDescription,
  leftActions,
  children,
}: EditorProps<T, D> & {
  toBody: (d: D) => B;
  save: Mutation<{ id: string | null; body: B }, T>;
  del: Mutation<string, unknown>;
  formLabel: string;
  newDescription: string;
  deleteDescription: string;
  leftActions?: ReactNode;
  children: ReactNode;
}) {
  const [confirmOpen, setConfirmOpen] = useState(false);
  const editing = !!selectedId;

  const submit = form.handleSubmit((draft) =>
    save.mutate(
      { id: selectedId, body: toBody(draft) },
      {
        onSuccess: (t) => {
          toast({ title: editing ? 'Template updated' : 'Template created', description: `"${t.name}" was saved.` });
          onSaved(t);
        },
        onError: (err) =>
          toast({
            title: 'Error',
            description: errorMessage(err, editing ? 'Failed to update template' : 'Failed to create template'),
            variant: 'destructive',
          }),
      },
    ),
  );

  const remove = () => {
    if (!selectedId) return;
    del.mutate(selectedId, {
      onSuccess: () => {
        toast({ title: 'Template deleted' });
        setConfirmOpen(false);
        onDeleted();
      },
      onError: (err) =>
        toast({ title: 'Error', description: errorMessage(err, 'Failed to delete template'), variant: 'destructive' }),
    });
  };

  const deleteButton = editing ? (
    <Button variant="destructive" onClick={() => setConfirmOpen(true)} disabled={del.isPending}>
      Delete
    </Button>
  ) : null;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{editing ? 'Edit template' : 'New template'}</CardTitle>
        <CardDescription>{editing ? name || 'Untitled' : newDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          onSubmit={(e) => void submit(e)}
          noValidate
          className="flex flex-col gap-4"
          aria-label={`${editing ? 'Edit' : 'New'} ${formLabel}`}
        >
          {children}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
            {leftActions ? (
              <div className="flex flex-col gap-2 sm:flex-row">
                {leftActions}
                {deleteButton}
              </div>
            ) : (
              (deleteButton ?? <span />)
            )}
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? <SpinnerIcon /> : null}
              {editing ? 'Save' : 'Create'}
            </Button>
          </div>
        </form>
      </CardContent>
      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title="Delete template?"
        description={deleteDescription.replace('{name}', name)}
        pending={del.isPending}
        onConfirm={remove}
      />
    </Card>
  );
}

/** The Name field every template has (required; its message from the page's schema). */
export function TemplateNameField({ field, error }: { field: UseFormRegisterReturn; error: string | undefined }) {
  return (
    <FormField label="Name" error={error}>
      <Input maxLength={120} autoComplete="off" {...field} />
    </FormField>
  );
}
