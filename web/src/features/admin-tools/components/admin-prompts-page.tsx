import { useState, type FormEvent } from 'react';
import Plus from 'lucide-react/icons/plus';
import FlaskConical from 'lucide-react/icons/flask-conical';
import FileText from 'lucide-react/icons/file-text';
import { AppImage } from '../../../components/app-image';
import { Button } from '../../../components/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/card';
import { FormField } from '../../../components/form-field';
import { Input } from '../../../components/input';
import { PageHeader } from '../../../components/page-header';
import { Skeleton } from '../../../components/skeleton';
import { SpinnerIcon } from '../../../components/spinner';
import { toast } from '../../../components/use-toast';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { cn } from '../../../lib/cn';
import { BODY_DESCRIPTION_TOKEN, TASK_TYPES } from '../../../../../shared/domain/catalog';
import { usePhotoProfiles, useStyles } from '../../../api/catalog';
import { enumLabel } from '../../../components/badge';
import { useAdminPrompts, useCategories, useDeletePrompt, useSavePrompt, useTestPrompt, type AdminPromptTemplate } from '../api/admin-templates';
import { EMPTY_PROMPT_DRAFT, prettyJson, promptDraftFrom, promptDraftProblems, promptTestProblem, toPromptBody, type PromptDraft } from '../lib/templates';
import { AccessDenied, AdminOnly, fieldClasses, preClasses, SelectField } from '../../../components/admin-ui';
import { ConfirmDialog } from '../../../components/confirm-dialog';

/** /admin/prompts: prompt templates list, editor and tester (admins only). */
export default function AdminPromptsPage() {
  return (
    <AdminOnly>
      <PromptsWorkbench />
    </AdminOnly>
  );
}

function PromptsWorkbench() {
  const prompts = useAdminPrompts();
  const categories = useCategories();
  const categoryName = (id: string) => categories.data?.find((c) => c.id === id)?.name ?? id;
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [draft, setDraft] = useState<PromptDraft>(EMPTY_PROMPT_DRAFT);

  if (isApiError(prompts.error) && prompts.error.status === 403) return <AccessDenied />;

  const select = (t: AdminPromptTemplate | null) => {
    setSelectedId(t?.id ?? null);
    setDraft(promptDraftFrom(t));
  };

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-10">
      <PageHeader title="Prompt Templates" description="Write the prompts used for style generations and check what a style and profile produce." />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,0.9fr)_minmax(0,1.3fr)_minmax(0,1.2fr)] lg:items-start">
        <TemplateList templates={prompts.data} loading={prompts.isPending} failed={prompts.isError} selectedId={selectedId} onSelect={select} categoryName={categoryName} />
        <PromptEditor key={selectedId ?? 'new'} selectedId={selectedId} draft={draft} setDraft={setDraft} onSaved={select} onDeleted={() => select(null)} />
        <PromptTester />
      </div>
    </div>
  );
}

function TemplateList({
  templates,
  loading,
  failed,
  selectedId,
  onSelect,
  categoryName,
}: {
  categoryName: (id: string) => string;
  templates: AdminPromptTemplate[] | undefined;
  loading: boolean;
  failed: boolean;
  selectedId: string | null;
  onSelect: (t: AdminPromptTemplate | null) => void;
}) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle>Templates</CardTitle>
        <Button size="sm" variant="outline" onClick={() => onSelect(null)} data-testid="new-prompt">
          <Plus className="h-4 w-4" aria-hidden="true" />
          New
        </Button>
      </CardHeader>
      <CardContent>
        {loading ? (
          <div className="space-y-2" aria-busy="true" aria-label="Loading templates">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-14 rounded-lg" />
            ))}
          </div>
        ) : failed ? (
          <p role="alert" className="text-sm text-destructive dark:text-red-400">
            Failed to load templates.
          </p>
        ) : !templates?.length ? (
          <p className="text-sm text-muted-foreground">No templates yet. Create the first one.</p>
        ) : (
          <ul className="flex max-h-[70vh] flex-col gap-1.5 overflow-y-auto" aria-label="Prompt templates">
            {templates.map((t) => (
              <li key={t.id}>
                <button
                  type="button"
                  onClick={() => onSelect(t)}
                  aria-current={selectedId === t.id ? 'true' : undefined}
                  data-testid="prompt-item"
                  className={cn(
                    'flex w-full flex-col items-start gap-0.5 rounded-lg border px-3 py-2 text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                    selectedId === t.id ? 'border-primary bg-accent text-accent-foreground' : 'border-border hover:bg-muted',
                  )}
                >
                  <span className="flex w-full items-center gap-2 text-sm font-medium">
                    <FileText className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                    <span className="truncate">{t.name}</span>
                  </span>
                  <span className="text-xs text-muted-foreground">
                    {enumLabel(t.task)}
                    {t.styleCategory ? ` · ${categoryName(t.styleCategory)}` : ''}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function PromptEditor({
  selectedId,
  draft,
  setDraft,
  onSaved,
  onDeleted,
}: {
  selectedId: string | null;
  draft: PromptDraft;
  setDraft: (d: PromptDraft) => void;
  onSaved: (t: AdminPromptTemplate) => void;
  onDeleted: () => void;
}) {
  const save = useSavePrompt();
  const del = useDeletePrompt();
  const categories = useCategories();
  const [showErrors, setShowErrors] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const problems = promptDraftProblems(draft);
  const editing = !!selectedId;
  const set = <K extends keyof PromptDraft>(k: K, v: PromptDraft[K]) => setDraft({ ...draft, [k]: v });
  const categoryOptions = categories.data ?? [];
  const unknownCategory = draft.styleCategory && !categoryOptions.some((c) => c.id === draft.styleCategory);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setShowErrors(true);
    if (Object.keys(problems).length) return;
    save.mutate(
      { id: selectedId, body: toPromptBody(draft) },
      {
        onSuccess: (t) => {
          toast({ title: editing ? 'Template updated' : 'Template created', description: `"${t.name}" was saved.` });
          setShowErrors(false);
          onSaved(t);
        },
        onError: (err) => toast({ title: 'Error', description: errorMessage(err, editing ? 'Failed to update template' : 'Failed to create template'), variant: 'destructive' }),
      },
    );
  };

  const remove = () => {
    if (!selectedId) return;
    del.mutate(selectedId, {
      onSuccess: () => {
        toast({ title: 'Template deleted' });
        setConfirmOpen(false);
        onDeleted();
      },
      onError: (err) => toast({ title: 'Error', description: errorMessage(err, 'Failed to delete template'), variant: 'destructive' }),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{editing ? 'Edit template' : 'New template'}</CardTitle>
        <CardDescription>{editing ? draft.name || 'Untitled' : 'Fill in the fields and create the template.'}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={editing ? 'Edit prompt template' : 'New prompt template'}>
          <FormField label="Name" error={showErrors ? problems.name : undefined}>
            <Input value={draft.name} onChange={(e) => set('name', e.target.value)} maxLength={120} autoComplete="off" />
          </FormField>
          <FormField label="Description">
            <Input value={draft.description} onChange={(e) => set('description', e.target.value)} maxLength={2000} autoComplete="off" />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField id="prompt-task" label="Task" value={draft.task} onChange={(v) => set('task', v as PromptDraft['task'])}>
              {TASK_TYPES.map((t) => (
                <option key={t} value={t}>
                  {enumLabel(t)}
                </option>
              ))}
            </SelectField>
            <SelectField id="prompt-category" label="Style category" value={draft.styleCategory} onChange={(v) => set('styleCategory', v)}>
              <option value="">None (any style)</option>
              {categoryOptions.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
              {unknownCategory ? <option value={draft.styleCategory}>{draft.styleCategory}</option> : null}
            </SelectField>
          </div>
          <FormField label="Preview image URL">
            <Input value={draft.previewImageUrl} onChange={(e) => set('previewImageUrl', e.target.value)} placeholder="https://… or /api/public-image/…" autoComplete="off" />
          </FormField>
          <FormField
            label="Template text"
            error={showErrors ? problems.template : undefined}
            hint={
              <>
                <code className="rounded bg-muted px-1 font-mono">{BODY_DESCRIPTION_TOKEN}</code> is replaced by the photo profile&apos;s body description.
              </>
            }
          >
            <textarea rows={9} value={draft.template} onChange={(e) => set('template', e.target.value)} maxLength={20000} className={cn(fieldClasses, 'min-h-40 resize-y font-mono')} />
          </FormField>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
            {editing ? (
              <Button variant="destructive" onClick={() => setConfirmOpen(true)} disabled={del.isPending}>
                Delete
              </Button>
            ) : (
              <span />
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
        description={`"${draft.name}" will be deleted. Styles that use it fall back to another template.`}
        pending={del.isPending}
        onConfirm={remove}
      />
    </Card>
  );
}

function PromptTester() {
  const styles = useStyles();
  const profiles = usePhotoProfiles();
  const test = useTestPrompt();
  const [styleId, setStyleId] = useState('');
  const [profileId, setProfileId] = useState('');

  const run = () => {
    const problem = promptTestProblem(styleId, profileId);
    if (problem) {
      toast({ title: problem, description: 'Please select a style and a photo profile.', variant: 'destructive' });
      return;
    }
    test.mutate(
      { styleId, photoProfileId: profileId },
      { onError: (err) => toast({ title: 'Test failed', description: errorMessage(err, 'Failed to test the prompt'), variant: 'destructive' }) },
    );
  };

  const result = test.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <FlaskConical className="h-5 w-5 text-brand" aria-hidden="true" />
          Prompt tester
        </CardTitle>
        <CardDescription>See the prompt and request a style would produce for one of your photo profiles. No credits are used.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <SelectField id="tester-style" label="Style" value={styleId} onChange={setStyleId} disabled={styles.isPending}>
          <option value="">{styles.isPending ? 'Loading styles…' : 'Select a style'}</option>
          {(styles.data ?? []).map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="tester-profile"
          label="Photo profile"
          value={profileId}
          onChange={setProfileId}
          disabled={profiles.isPending}
          hint={!profiles.isPending && !profiles.data?.length ? 'You have no photo profile yet: create one under Photo profiles.' : undefined}
        >
          <option value="">{profiles.isPending ? 'Loading profiles…' : 'Select a photo profile'}</option>
          {(profiles.data ?? []).map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </SelectField>
        <Button onClick={run} disabled={test.isPending}>
          {test.isPending ? <SpinnerIcon /> : <FlaskConical className="h-4 w-4" aria-hidden="true" />}
          Test prompt
        </Button>

        {result ? (
          <section aria-label="Test result" className="flex flex-col gap-3" data-testid="prompt-test-result">
            <div>
              <h3 className="text-sm font-medium">Prompt</h3>
              <p className="mt-1 whitespace-pre-line break-words rounded-lg bg-muted/60 p-3 text-sm" data-testid="prompt-test-prompt">
                {result.prompt}
              </p>
            </div>
            {result.templateUsed ? (
              <p className="text-sm">
                <span className="font-medium">Template used: </span>
                <span data-testid="prompt-test-template">{result.templateUsed.name}</span>
                <span className="text-muted-foreground"> ({enumLabel(result.templateUsed.task)})</span>
              </p>
            ) : null}
            {result.imageUrl ? (
              <div>
                <h3 className="text-sm font-medium">Style image</h3>
                <AppImage src={result.imageUrl} alt="The style's prompt image" className="mt-1 w-40 rounded-lg" width={4} height={5} imgClassName="h-full w-full object-cover" />
              </div>
            ) : null}
            <div>
              <h3 className="text-sm font-medium">Full payload</h3>
              <pre className={cn(preClasses, 'mt-1')} tabIndex={0} role="region" aria-label="Full payload JSON">
                {prettyJson(result.fullPayload)}
              </pre>
            </div>
          </section>
        ) : null}
      </CardContent>
    </Card>
  );
}
