import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod';
import Copy from 'lucide-react/icons/copy';
import Check from 'lucide-react/icons/check';
import Braces from 'lucide-react/icons/braces';
import { Button } from '../../../components/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/card';
import { FormField } from '../../../components/form-field';
import { Input } from '../../../components/input';
import { SpinnerIcon } from '../../../components/spinner';
import { toast } from '../../../components/use-toast';
import { errorMessage } from '../../../lib/api-error';
import { cn } from '../../../lib/cn';
import { RAW_TEMPLATE_TOKENS, SETTINGS, TASK_TYPES, VIBES } from '@shared/domain/catalog';
import { enumLabel } from '../../../components/badge';
import { usePhotoProfiles, type StyleSummary } from '../../../api/catalog';
import { StylePicker } from '../../../components/style-picker';
import { compileErrorDetail, RAW_TEST_MESSAGES, samplesFromSelection } from '../lib/raw-test';
import {
  useAdminRawTemplates,
  useCompileRawTemplate,
  useDeleteRawTemplate,
  useSaveRawTemplate,
  type AdminRawTemplate,
} from '../api/admin-templates';
import {
  DEFAULT_SAMPLES,
  prettyJson,
  rawDraftFrom,
  rawDraftSchema,
  SAMPLE_KEYS,
  toRawBody,
  toSampleUrls,
  type RawDraft,
  type SampleUrls,
} from '../lib/templates';
import { EnumSelectField, fieldClasses, NamedOptions, preClasses, SelectField } from '../../../components/admin-ui';
import {
  TemplateEditorCard,
  TemplateListCard,
  TemplateNameField,
  TemplateWorkbench,
  type EditorProps,
} from './template-editor-shell';

const COPIED_MS = 2000;

const TOKEN_HELP: Record<(typeof RAW_TEMPLATE_TOKENS)[number], string> = {
  '{{STYLE_REF_URL}}': 'style reference image',
  '{{PORTRAIT_URL}}': "profile's portrait",
  '{{FULL_BODY_URL}}': "profile's full-body photo",
  '{{BACKGROUND_URL}}': 'background image',
};

const SAMPLE_LABELS: Record<keyof SampleUrls, string> = {
  style: 'Style reference URL',
  portrait: 'Portrait URL',
  fullBody: 'Full body URL',
  background: 'Background URL',
};

/** /admin/raw-templates: raw templates list, editor and compile test (admins only). */
export default function AdminRawTemplatesPage() {
  const list = useAdminRawTemplates();
  return (
    <TemplateWorkbench
      title="Raw Templates"
      description="JSON templates sent as they are to the image model, with the image URLs filled in."
      columns="lg:grid-cols-[minmax(0,0.9fr)_minmax(0,1.4fr)_minmax(0,1.1fr)]"
      query={list}
      schema={rawDraftSchema}
      defaults={rawDraftFrom(null)}
      draftFrom={rawDraftFrom}
      list={(p) => (
        <TemplateListCard
          {...p}
          newTestId="new-raw-template"
          itemTestId="raw-template-item"
          listLabel="Raw templates"
          emptyText="No raw templates yet. Create the first one."
          skeletonClassName="h-16 rounded-lg"
          itemClassName="gap-1"
          renderItem={(t) => <RawTemplateLine t={t} />}
        />
      )}
      editor={(p) => <RawEditor {...p} />}
      panel={(draft) => <CompilePanel jsonText={draft.jsonText} />}
    />
  );
}

function RawTemplateLine({ t }: { t: AdminRawTemplate }) {
  return (
    <>
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
    </>
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

function RawEditor(props: EditorProps<AdminRawTemplate, RawDraft>) {
  const { register, getValues, formState } = props.form;
  const save = useSaveRawTemplate();
  const del = useDeleteRawTemplate();
  const [copied, markCopied] = useCopied();

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(getValues('jsonText'));
      markCopied();
    } catch {
      toast({ title: 'Copy failed', description: 'The clipboard is not available here.', variant: 'destructive' });
    }
  };

  return (
    <TemplateEditorCard
      {...props}
      toBody={toRawBody}
      save={save}
      del={del}
      formLabel="raw template"
      newDescription="New templates start with ratio 4:5, jpeg output and 1 image."
      deleteDescription={'"{name}" will be deleted and no longer offered on the generate page.'}
      leftActions={
        <Button variant="outline" onClick={copy} data-testid="copy-template">
          {copied ? <Check className="h-4 w-4" aria-hidden="true" /> : <Copy className="h-4 w-4" aria-hidden="true" />}
          <span aria-live="polite">{copied ? 'Copied' : 'Copy template'}</span>
        </Button>
      }
    >
      <TemplateNameField field={register('name')} error={formState.errors.name?.message} />
      <div className="grid gap-4 sm:grid-cols-3">
        <EnumSelectField id="raw-task" label="Task type" values={TASK_TYPES} field={register('taskType')} />
        <EnumSelectField id="raw-vibe" label="Vibe" values={VIBES} field={register('vibeCategory')} />
        <EnumSelectField id="raw-setting" label="Setting" values={SETTINGS} field={register('settingCategory')} />
      </div>
      <div className="grid gap-4 sm:grid-cols-[minmax(0,10rem)_1fr] sm:items-end">
        <FormField label="Priority" error={formState.errors.priority?.message} hint="Lower comes first.">
          <Input type="number" inputMode="numeric" min={0} max={99999} step={1} {...register('priority')} />
        </FormField>
        <div className="flex flex-col gap-3 pb-1 sm:flex-row sm:gap-6">
          <label className="inline-flex items-center gap-2 text-sm font-medium">
            <input type="checkbox" className="h-4 w-4 accent-primary" {...register('requiresFullBody')} />
            Requires full body
          </label>
          <label className="inline-flex items-center gap-2 text-sm font-medium">
            <input type="checkbox" className="h-4 w-4 accent-primary" {...register('enabled')} />
            Enabled
          </label>
        </div>
      </div>
      <FormField
        label="Template JSON"
        error={formState.errors.jsonText?.message}
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
          className={cn(fieldClasses, 'min-h-64 resize-y font-mono text-xs sm:text-xs')}
          {...register('jsonText')}
        />
      </FormField>
    </TemplateEditorCard>
  );
}

/** The compile test: a style template and a photo profile are required (one message at a time). */
const compileFormSchema = z.object({
  styleId: z.string().min(1, RAW_TEST_MESSAGES.styleRequired),
  profileId: z.string().min(1, RAW_TEST_MESSAGES.profileRequired),
  samples: z.object({ style: z.string(), portrait: z.string(), fullBody: z.string(), background: z.string() }),
});
type CompileForm = z.infer<typeof compileFormSchema>;

function CompilePanel({ jsonText }: { jsonText: string }) {
  const compile = useCompileRawTemplate();
  const profiles = usePhotoProfiles();
  const { register, handleSubmit, getValues, setValue, watch, formState } = useForm<CompileForm>({
    resolver: zodResolver(compileFormSchema),
    defaultValues: { styleId: '', profileId: '', samples: DEFAULT_SAMPLES },
  });
  const [outcome, setOutcome] = useState<{ ok: true; output: string } | { ok: false; error: string } | null>(null);

  // the chosen style as its picker row had it (the picker pages through GET /api/styles; issue 41)
  const [style, setStyle] = useState<StyleSummary | null>(null);
  const styleId = watch('styleId');

  /** A style and a profile fill the sample URLs with their images (still editable). */
  const fillSamples = (chosen: StyleSummary | null = style) => {
    const { profileId, samples } = getValues();
    setValue(
      'samples',
      samplesFromSelection(samples, {
        style: chosen,
        profile: profiles.data?.find((x) => x.id === profileId),
        origin: window.location.origin,
      }),
    );
  };

  const run = handleSubmit(
    ({ samples }) =>
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
      ),
    (invalid) => {
      // the style first, then the profile (one message at a time)
      const title = invalid.styleId?.message ?? invalid.profileId?.message ?? RAW_TEST_MESSAGES.styleRequired;
      setOutcome({ ok: false, error: title });
      toast({ title, variant: 'destructive' });
    },
  );

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
        <form onSubmit={(e) => void run(e)} noValidate className="flex flex-col gap-4" aria-label="Compile test">
          <StylePicker
            legend="Style template"
            value={styleId || null}
            onChange={(s) => {
              setStyle(s);
              setValue('styleId', s.id, { shouldValidate: formState.isSubmitted });
              fillSamples(s);
            }}
            invalid={!!formState.errors.styleId}
            testId="raw-test-style"
          />
          <SelectField
            id="raw-test-profile"
            label="Photo profile"
            field={register('profileId', { onChange: () => fillSamples() })}
            hint={
              profiles.data && profiles.data.length === 0
                ? 'You have no photo profile yet: create one under Photo Profiles.'
                : undefined
            }
          >
            <NamedOptions placeholder="Select a profile..." items={profiles.data} />
          </SelectField>
          {SAMPLE_KEYS.map((k) => (
            <FormField key={k} label={SAMPLE_LABELS[k]}>
              <Input type="url" autoComplete="off" {...register(`samples.${k}`)} />
            </FormField>
          ))}
          <Button type="submit" disabled={compile.isPending}>
            {compile.isPending ? <SpinnerIcon /> : <Braces className="h-4 w-4" aria-hidden="true" />}
            Compile
          </Button>
        </form>
        {outcome ? (
          outcome.ok ? (
            <div>
              <h3 className="text-sm font-medium">Output</h3>
              <pre
                className={cn(preClasses, 'mt-1')}
                tabIndex={0}
                role="region"
                aria-label="Compiled JSON"
                data-testid="compile-output"
              >
                {outcome.output}
              </pre>
            </div>
          ) : (
            <p
              role="alert"
              className="rounded-lg border border-destructive/40 p-3 text-sm text-destructive dark:text-red-400"
              data-testid="compile-error"
            >
              {outcome.error}
            </p>
          )
        ) : null}
      </CardContent>
    </Card>
  );
}
