import { useEffect, useRef, useState, type FormEvent } from 'react';
import Plus from 'lucide-react/icons/plus';
import Copy from 'lucide-react/icons/copy';
import Check from 'lucide-react/icons/check';
import Braces from 'lucide-react/icons/braces';
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
import { RAW_TEMPLATE_TOKENS, SETTINGS, TASK_TYPES, VIBES } from '../../../../../shared/domain/catalog';
import { enumLabel } from '../../../components/badge';
import { usePhotoProfiles, useStyles } from '../../../api/catalog';
import { compileErrorDetail, RAW_TEST_MESSAGES, samplesFromSelection } from '../lib/raw-test';
import { useAdminRawTemplates, useCompileRawTemplate, useDeleteRawTemplate, useSaveRawTemplate, type AdminRawTemplate } from '../api/admin-templates';
import { DEFAULT_SAMPLES, newRawDraft, prettyJson, rawDraftFrom, rawDraftProblems, toRawBody, toSampleUrls, type RawDraft, type SampleUrls } from '../lib/templates';
import { AccessDenied, AdminOnly, fieldClasses, preClasses, SelectField } from '../../../components/admin-ui';
import { ConfirmDialog } from '../../../components/confirm-dialog';

const COPIED_MS = 2000;

const TOKEN_HELP: Record<(typeof RAW_TEMPLATE_TOKENS)[number], string> = {
  '{{STYLE_REF_URL}}': 'style reference image',
  '{{PORTRAIT_URL}}': "profile's portrait",
  '{{FULL_BODY_URL}}': "profile's full-body photo",
  '{{BACKGROUND_URL}}': 'background image',
};

const SAMPLE_LABELS: Record<keyof SampleUrls, string> = { style: 'Style reference URL', portrait: 'Portrait URL', fullBody: 'Full body URL', background: 'Background URL' };

/** /admin/raw-templates: raw templates list, editor and compile test (admins only). */
export default function AdminRawTemplatesPage() {
  return (
    <AdminOnly>
      <RawTemplatesWorkbench />
    </AdminOnly>
  );
}

function RawTemplatesWorkbench() {
  const list = useAdminRawTemplates();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [draft, setDraft] = useState<RawDraft>(newRawDraft);

  if (isApiError(list.error) && list.error.status === 403) return <AccessDenied />;

  const select = (t: AdminRawTemplate | null) => {
    setSelectedId(t?.id ?? null);
    setDraft(rawDraftFrom(t));
  };

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-10">
      <PageHeader title="Raw Templates" description="JSON templates sent as they are to the image model, with the image URLs filled in." />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,0.9fr)_minmax(0,1.4fr)_minmax(0,1.1fr)] lg:items-start">
        <RawTemplateList templates={list.data} loading={list.isPending} failed={list.isError} selectedId={selectedId} onSelect={select} />
        <RawEditor key={selectedId ?? 'new'} selectedId={selectedId} draft={draft} setDraft={setDraft} onSaved={select} onDeleted={() => select(null)} />
        <CompilePanel jsonText={draft.jsonText} />
      </div>
    </div>
  );
}

function RawTemplateList({
  templates,
  loading,
  failed,
  selectedId,
  onSelect,
}: {
  templates: AdminRawTemplate[] | undefined;
  loading: boolean;
  failed: boolean;
  selectedId: string | null;
  onSelect: (t: AdminRawTemplate | null) => void;
}) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle>Templates</CardTitle>
        <Button size="sm" variant="outline" onClick={() => onSelect(null)} data-testid="new-raw-template">
          <Plus className="h-4 w-4" aria-hidden="true" />
          New
        </Button>
      </CardHeader>
      <CardContent>
        {loading ? (
          <div className="space-y-2" aria-busy="true" aria-label="Loading templates">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-16 rounded-lg" />
            ))}
          </div>
        ) : failed ? (
          <p role="alert" className="text-sm text-destructive dark:text-red-400">
            Failed to load templates.
          </p>
        ) : !templates?.length ? (
          <p className="text-sm text-muted-foreground">No raw templates yet. Create the first one.</p>
        ) : (
          <ul className="flex max-h-[70vh] flex-col gap-1.5 overflow-y-auto" aria-label="Raw templates">
            {templates.map((t) => (
              <li key={t.id}>
                <button
                  type="button"
                  onClick={() => onSelect(t)}
                  aria-current={selectedId === t.id ? 'true' : undefined}
                  data-testid="raw-template-item"
                  className={cn(
                    'flex w-full flex-col items-start gap-1 rounded-lg border px-3 py-2 text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                    selectedId === t.id ? 'border-primary bg-accent text-accent-foreground' : 'border-border hover:bg-muted',
                  )}
                >
                  <span className="w-full truncate text-sm font-medium">{t.name}</span>
                  <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
                    <span>{enumLabel(t.taskType)}</span>
                    <span aria-hidden="true">·</span>
                    <span>Priority {t.priority}</span>
                    <span
                      className={cn(
                        'rounded-full border px-2 py-px font-medium',
                        t.enabled
                          ? 'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-100'
                          : 'border-border bg-muted text-muted-foreground',
                      )}
                    >
                      {t.enabled ? 'Enabled' : 'Disabled'}
                    </span>
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

function useCopied(): [boolean, () => void] {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return [
    copied,
    () => {
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_MS);
    },
  ];
}

function RawEditor({
  selectedId,
  draft,
  setDraft,
  onSaved,
  onDeleted,
}: {
  selectedId: string | null;
  draft: RawDraft;
  setDraft: (d: RawDraft) => void;
  onSaved: (t: AdminRawTemplate) => void;
  onDeleted: () => void;
}) {
  const save = useSaveRawTemplate();
  const del = useDeleteRawTemplate();
  const [showErrors, setShowErrors] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [copied, markCopied] = useCopied();
  const editing = !!selectedId;
  const problems = rawDraftProblems(draft);
  const set = <K extends keyof RawDraft>(k: K, v: RawDraft[K]) => setDraft({ ...draft, [k]: v });

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(draft.jsonText);
      markCopied();
    } catch {
      toast({ title: 'Copy failed', description: 'The clipboard is not available here.', variant: 'destructive' });
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setShowErrors(true);
    if (Object.keys(problems).length) return;
    save.mutate(
      { id: selectedId, body: toRawBody(draft) },
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
        <CardDescription>{editing ? draft.name || 'Untitled' : 'New templates start with ratio 4:5, jpeg output and 1 image.'}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={editing ? 'Edit raw template' : 'New raw template'}>
          <FormField label="Name" error={showErrors ? problems.name : undefined}>
            <Input value={draft.name} onChange={(e) => set('name', e.target.value)} maxLength={120} autoComplete="off" />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-3">
            <SelectField id="raw-task" label="Task type" value={draft.taskType} onChange={(v) => set('taskType', v as RawDraft['taskType'])}>
              {TASK_TYPES.map((t) => (
                <option key={t} value={t}>
                  {enumLabel(t)}
                </option>
              ))}
            </SelectField>
            <SelectField id="raw-vibe" label="Vibe" value={draft.vibeCategory} onChange={(v) => set('vibeCategory', v as RawDraft['vibeCategory'])}>
              {VIBES.map((t) => (
                <option key={t} value={t}>
                  {enumLabel(t)}
                </option>
              ))}
            </SelectField>
            <SelectField id="raw-setting" label="Setting" value={draft.settingCategory} onChange={(v) => set('settingCategory', v as RawDraft['settingCategory'])}>
              {SETTINGS.map((t) => (
                <option key={t} value={t}>
                  {enumLabel(t)}
                </option>
              ))}
            </SelectField>
          </div>
          <div className="grid gap-4 sm:grid-cols-[minmax(0,10rem)_1fr] sm:items-end">
            <FormField label="Priority" error={showErrors ? problems.priority : undefined} hint="Lower comes first.">
              <Input type="number" inputMode="numeric" min={0} max={99999} step={1} value={draft.priority} onChange={(e) => set('priority', e.target.value)} />
            </FormField>
            <div className="flex flex-col gap-3 pb-1 sm:flex-row sm:gap-6">
              <label className="inline-flex items-center gap-2 text-sm font-medium">
                <input type="checkbox" className="h-4 w-4 accent-primary" checked={draft.requiresFullBody} onChange={(e) => set('requiresFullBody', e.target.checked)} />
                Requires full body
              </label>
              <label className="inline-flex items-center gap-2 text-sm font-medium">
                <input type="checkbox" className="h-4 w-4 accent-primary" checked={draft.enabled} onChange={(e) => set('enabled', e.target.checked)} />
                Enabled
              </label>
            </div>
          </div>
          <FormField
            label="Template JSON"
            error={showErrors ? problems.jsonText : undefined}
            hint={
              <div className="space-y-1">
                <p>Allowed tokens (nothing else may appear in double braces):</p>
                <ul className="flex flex-col gap-0.5">
                  {RAW_TEMPLATE_TOKENS.map((t) => (
                    <li key={t}>
                      <code className="rounded bg-muted px-1 font-mono text-foreground">{t}</code> {TOKEN_HELP[t]}
                    </li>
                  ))}
                </ul>
              </div>
            }
          >
            <textarea
              rows={16}
              spellCheck={false}
              value={draft.jsonText}
              onChange={(e) => set('jsonText', e.target.value)}
              className={cn(fieldClasses, 'min-h-64 resize-y font-mono text-xs sm:text-xs')}
            />
          </FormField>
          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button variant="outline" onClick={copy} data-testid="copy-template">
                {copied ? <Check className="h-4 w-4" aria-hidden="true" /> : <Copy className="h-4 w-4" aria-hidden="true" />}
                <span aria-live="polite">{copied ? 'Copied' : 'Copy template'}</span>
              </Button>
              {editing ? (
                <Button variant="destructive" onClick={() => setConfirmOpen(true)} disabled={del.isPending}>
                  Delete
                </Button>
              ) : null}
            </div>
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
        description={`"${draft.name}" will be deleted and no longer offered on the generate page.`}
        pending={del.isPending}
        onConfirm={remove}
      />
    </Card>
  );
}

function CompilePanel({ jsonText }: { jsonText: string }) {
  const compile = useCompileRawTemplate();
  const styles = useStyles();
  const profiles = usePhotoProfiles();
  const [styleId, setStyleId] = useState('');
  const [profileId, setProfileId] = useState('');
  const [samples, setSamples] = useState(DEFAULT_SAMPLES);
  const [outcome, setOutcome] = useState<{ ok: true; output: string } | { ok: false; error: string } | null>(null);

  /** A style and a profile fill the sample URLs with their images (still editable). */
  const choose = (next: { styleId?: string; profileId?: string }) => {
    const sId = next.styleId ?? styleId;
    const pId = next.profileId ?? profileId;
    setStyleId(sId);
    setProfileId(pId);
    setSamples((s) =>
      samplesFromSelection(s, {
        style: styles.data?.find((x) => x.id === sId),
        profile: profiles.data?.find((x) => x.id === pId),
        origin: window.location.origin,
      }),
    );
  };

  const refuse = (title: string) => {
    setOutcome({ ok: false, error: title });
    toast({ title, variant: 'destructive' });
  };

  const run = () => {
    if (!styleId) return refuse(RAW_TEST_MESSAGES.styleRequired);
    if (!profileId) return refuse(RAW_TEST_MESSAGES.profileRequired);
    compile.mutate(
      { jsonText, sampleUrls: toSampleUrls(samples) },
      {
        onSuccess: (res) => setOutcome({ ok: true, output: prettyJson(res?.input) }),
        onError: (err) => {
          // The server's message already starts with "Compile failed: ": say it once.
          const detail = compileErrorDetail(errorMessage(err, ''));
          setOutcome({ ok: false, error: detail ? `Compile failed: ${detail}` : 'Compile failed' });
          toast({ title: 'Compile failed', description: detail || undefined, variant: 'destructive' });
        },
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Braces className="h-5 w-5 text-brand" aria-hidden="true" />
          Test
        </CardTitle>
        <CardDescription>Compile the JSON in the editor with sample image URLs.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <SelectField id="raw-test-style" label="Style template" value={styleId} onChange={(v) => choose({ styleId: v })}>
          <option value="">Select a style...</option>
          {(styles.data ?? []).map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="raw-test-profile"
          label="Photo profile"
          value={profileId}
          onChange={(v) => choose({ profileId: v })}
          hint={profiles.data && profiles.data.length === 0 ? 'You have no photo profile yet: create one under Photo Profiles.' : undefined}
        >
          <option value="">Select a profile...</option>
          {(profiles.data ?? []).map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </SelectField>
        {(Object.keys(SAMPLE_LABELS) as (keyof SampleUrls)[]).map((k) => (
          <FormField key={k} label={SAMPLE_LABELS[k]}>
            <Input type="url" value={samples[k]} onChange={(e) => setSamples({ ...samples, [k]: e.target.value })} autoComplete="off" />
          </FormField>
        ))}
        <Button onClick={run} disabled={compile.isPending}>
          {compile.isPending ? <SpinnerIcon /> : <Braces className="h-4 w-4" aria-hidden="true" />}
          Compile
        </Button>
        {outcome ? (
          outcome.ok ? (
            <div>
              <h3 className="text-sm font-medium">Output</h3>
              <pre className={cn(preClasses, 'mt-1')} tabIndex={0} role="region" aria-label="Compiled JSON" data-testid="compile-output">
                {outcome.output}
              </pre>
            </div>
          ) : (
            <p role="alert" className="rounded-lg border border-destructive/40 p-3 text-sm text-destructive dark:text-red-400" data-testid="compile-error">
              {outcome.error}
            </p>
          )
        ) : null}
      </CardContent>
    </Card>
  );
}
