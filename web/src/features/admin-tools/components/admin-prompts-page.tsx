import {
  COLOR_GRADES,
  COLOR_GRADE_LABELS,
  CREATIVE_BACKGROUNDS,
  CREATIVE_BACKGROUND_LABELS,
} from '@shared/domain/creative-look';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type * as z from 'zod';
import { MISSING_SELECTION, promptTestSchema } from '@shared/schemas/admin';
import FlaskConical from 'lucide-react/icons/flask-conical';
import FileText from 'lucide-react/icons/file-text';
import { AppImage } from '../../../components/app-image';
import { Button } from '../../../components/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/card';
import { FormField } from '../../../components/form-field';
import { Input } from '../../../components/input';
import { SpinnerIcon } from '../../../components/spinner';
import { toast } from '../../../components/use-toast';
import { errorMessage } from '../../../lib/api-error';
import { cn } from '../../../lib/cn';
import { BODY_DESCRIPTION_TOKEN, TASK_TYPES } from '@shared/domain/catalog';
import { usePhotoProfiles } from '../../../api/catalog';
import { StylePicker } from '../../../components/style-picker';
import { enumLabel } from '../../../components/badge';
import {
  useAdminPrompts,
  useCategories,
  useDeletePrompt,
  useSavePrompt,
  useTestPrompt,
  type AdminPromptTemplate,
} from '../api/admin-templates';
import { prettyJson, promptDraftFrom, promptDraftSchema, toPromptBody, type PromptDraft } from '../lib/templates';
import { EnumSelectField, fieldClasses, NamedOptions, preClasses, SelectField } from '../../../components/admin-ui';
import {
  TemplateEditorCard,
  TemplateListCard,
  TemplateNameField,
  TemplateWorkbench,
  type EditorProps,
} from './template-editor-shell';

/** /admin/prompts: prompt templates list, editor and tester (admins only). */
export default function AdminPromptsPage() {
  const prompts = useAdminPrompts();
  return (
    <TemplateWorkbench
      title="Prompt Templates"
      description="Write the prompts used for style generations and check what a style and profile produce."
      columns="lg:grid-cols-[minmax(0,0.9fr)_minmax(0,1.3fr)_minmax(0,1.2fr)]"
      query={prompts}
      schema={promptDraftSchema}
      defaults={promptDraftFrom(null)}
      draftFrom={promptDraftFrom}
      list={(p) => <PromptList {...p} />}
      editor={(p) => <PromptEditor {...p} />}
      panel={() => <PromptTester />}
    />
  );
}

function PromptList(props: {
  templates: AdminPromptTemplate[] | undefined;
  loading: boolean;
  failed: boolean;
  selectedId: string | null;
  onSelect: (t: AdminPromptTemplate | null) => void;
}) {
  const categories = useCategories();
  const categoryName = (id: string) => categories.data?.find((c) => c.id === id)?.name ?? id;
  return (
    <TemplateListCard
      {...props}
      newTestId="new-prompt"
      itemTestId="prompt-item"
      listLabel="Prompt templates"
      emptyText="No templates yet. Create the first one."
      skeletonClassName="h-14 rounded-lg"
      itemClassName="gap-0.5"
      renderItem={(t) => (
        <>
          <span className="flex w-full items-center gap-2 text-sm font-medium">
            <FileText className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <span className="truncate">{t.name}</span>
          </span>
          <span className="text-xs text-muted-foreground">
            {enumLabel(t.task)}
            {t.styleCategory ? ` · ${categoryName(t.styleCategory)}` : ''}
          </span>
        </>
      )}
    />
  );
}

function PromptEditor(props: EditorProps<AdminPromptTemplate, PromptDraft>) {
  const { register, watch, formState } = props.form;
  const save = useSavePrompt();
  const del = useDeletePrompt();
  const categories = useCategories();
  const categoryOptions = categories.data ?? [];
  const styleCategory = watch('styleCategory');
  const unknownCategory = styleCategory && !categoryOptions.some((c) => c.id === styleCategory);

  return (
    <TemplateEditorCard
      {...props}
      toBody={toPromptBody}
      save={save}
      del={del}
      formLabel="prompt template"
      newDescription="Fill in the fields and create the template."
      deleteDescription={'"{name}" will be deleted. Styles that use it fall back to another template.'}
    >
      <TemplateNameField field={register('name')} error={formState.errors.name?.message} />
      <FormField label="Description">
        <Input maxLength={2000} autoComplete="off" {...register('description')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <EnumSelectField id="prompt-task" label="Task" values={TASK_TYPES} field={register('task')} />
        <SelectField id="prompt-category" label="Style category" field={register('styleCategory')}>
          <option value="">None (any style)</option>
          {categoryOptions.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
          {unknownCategory ? <option value={styleCategory}>{styleCategory}</option> : null}
        </SelectField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          id="prompt-background"
          label="Engine background"
          field={register('creativeBackground')}
          hint="Creative mode on the Fitly engine (no AI provider): the person is placed on this background."
        >
          {CREATIVE_BACKGROUNDS.map((b) => (
            <option key={b} value={b}>
              {CREATIVE_BACKGROUND_LABELS[b]}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="prompt-grade"
          label="Engine colour grade"
          field={register('colorGrade')}
          hint="Applied to the whole Creative result on the Fitly engine."
        >
          {COLOR_GRADES.map((g) => (
            <option key={g} value={g}>
              {COLOR_GRADE_LABELS[g]}
            </option>
          ))}
        </SelectField>
      </div>
      <FormField label="Preview image URL">
        <Input placeholder="https://… or /api/public-image/…" autoComplete="off" {...register('previewImageUrl')} />
      </FormField>
      <FormField
        label="Template text"
        error={formState.errors.template?.message}
        hint={
          <>
            <code className="rounded bg-muted px-1 font-mono">{BODY_DESCRIPTION_TOKEN}</code> is replaced by the photo
            profile&apos;s body description.
          </>
        }
      >
        <textarea
          rows={9}
          maxLength={20000}
          className={cn(fieldClasses, 'min-h-40 resize-y font-mono')}
          {...register('template')}
        />
      </FormField>
    </TemplateEditorCard>
  );
}

function PromptTester() {
  const profiles = usePhotoProfiles();
  const test = useTestPrompt();
  const { register, handleSubmit, watch, setValue, formState } = useForm<
    z.input<typeof promptTestSchema>,
    unknown,
    z.output<typeof promptTestSchema>
  >({ resolver: zodResolver(promptTestSchema), defaultValues: { styleId: '', photoProfileId: '' } });

  const run = handleSubmit(
    (body) =>
      test.mutate(body, {
        onError: (err) =>
          toast({
            title: 'Test failed',
            description: errorMessage(err, 'Failed to test the prompt'),
            variant: 'destructive',
          }),
      }),
    () =>
      toast({
        title: MISSING_SELECTION,
        description: 'Please select a style and a photo profile.',
        variant: 'destructive',
      }),
  );

  const result = test.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <FlaskConical className="h-5 w-5 text-brand" aria-hidden="true" />
          Prompt tester
        </CardTitle>
        <CardDescription>
          See the prompt and request a style would produce for one of your photo profiles. No credits are used.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <form onSubmit={(e) => void run(e)} noValidate className="flex flex-col gap-4" aria-label="Test a prompt">
          <StylePicker
            legend="Style"
            value={watch('styleId') || null}
            onChange={(s) => setValue('styleId', s.id, { shouldValidate: formState.isSubmitted })}
            invalid={!!formState.errors.styleId}
            testId="tester-style"
          />
          <SelectField
            id="tester-profile"
            label="Photo profile"
            field={register('photoProfileId')}
            disabled={profiles.isPending}
            hint={
              !profiles.isPending && !profiles.data?.length
                ? 'You have no photo profile yet: create one under Photo profiles.'
                : undefined
            }
          >
            <NamedOptions
              placeholder={profiles.isPending ? 'Loading profiles…' : 'Select a photo profile'}
              items={profiles.data}
            />
          </SelectField>
          <Button type="submit" disabled={test.isPending}>
            {test.isPending ? <SpinnerIcon /> : <FlaskConical className="h-4 w-4" aria-hidden="true" />}
            Test prompt
          </Button>
        </form>

        {result ? (
          <section aria-label="Test result" className="flex flex-col gap-3" data-testid="prompt-test-result">
            <div>
              <h3 className="text-sm font-medium">Prompt</h3>
              <p
                className="mt-1 whitespace-pre-line break-words rounded-lg bg-muted/60 p-3 text-sm"
                data-testid="prompt-test-prompt"
              >
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
                <AppImage
                  src={result.imageUrl}
                  alt="The style's prompt image"
                  className="mt-1 w-40 rounded-lg"
                  width={4}
                  height={5}
                  imgClassName="h-full w-full object-cover"
                />
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
