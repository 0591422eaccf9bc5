import { useId, useState, type KeyboardEvent } from 'react';
import { useForm, type UseFormSetValue } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Switch } from 'radix-ui';
import Save from 'lucide-react/icons/save';
import Trash2 from 'lucide-react/icons/trash-2';
import X from 'lucide-react/icons/x';
import { normalizeSex, TASK_TYPES } from '@shared/domain/catalog';
import { Button } from '../../../components/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/card';
import { FormField } from '../../../components/form-field';
import { Input } from '../../../components/input';
import { SpinnerIcon } from '../../../components/spinner';
import { toast } from '../../../components/use-toast';
import { errorMessage } from '../../../lib/api-error';
import { cn } from '../../../lib/cn';
import { enumLabel } from '../../../components/badge';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useUpsell } from '../../../components/upsell/upsell-provider';
import { useDeleteStyle, usePromptOptions, useSaveStyle, type AdminCategory } from '../api/style-editor';
import {
  addCategory,
  addTags,
  canSaveStyle,
  emptyStyleForm,
  formToPayload,
  IMAGE_TYPE_OPTIONS,
  removeCategory,
  saveBlocker,
  styleFormSchema,
  SEX_OPTIONS,
  styleToForm,
  toggleTask,
  type AdminStyle,
  type StyleFormValues,
} from '../lib/style-form';
import { GenerateCoverButton } from './generate-cover-button';
import { GarmentSlotField, useGarmentGuess } from '../../../components/garment-slot-field';
import { ImageBlock } from './image-block';
import { SizeChartBlock } from './size-chart-block';

const selectClass =
  'flex h-10 w-full min-w-0 rounded-lg border border-input bg-background px-3 py-2 text-base text-foreground sm:text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 focus-visible:ring-offset-background';

interface StyleFormProps {
  style: AdminStyle | null;
  categories: AdminCategory[];
  categoriesLoading: boolean;
  onSaved: (s: AdminStyle) => void;
  onDeleted: () => void;
}

/** One style's form: create or update, delete, images, categories, tags, tasks, visibility. */
export function StyleForm({ style, categories, categoriesLoading, onSaved, onDeleted }: StyleFormProps) {
  const id = useId();
  const form = useForm<StyleFormValues>({
    defaultValues: style ? styleToForm(style) : emptyStyleForm(),
    resolver: zodResolver(styleFormSchema),
  });
  const values = form.watch();
  const [categoryError, setCategoryError] = useState<string | null>(null);
  const [tagDraft, setTagDraft] = useState('');
  const [tagError, setTagError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const prompts = usePromptOptions();
  const save = useSaveStyle();
  const del = useDeleteStyle();
  const { handleLimitError } = useUpsell();

  const set: UseFormSetValue<StyleFormValues> = (name, value) => form.setValue(name, value, { shouldDirty: true });
  // the engine's guess of the prompt image's slot (a model photo has none: the engine does not take those)
  const guess = useGarmentGuess(values.styleImageType === 'model_wearer' ? null : values.promptImageUrl || null);

  const pickCategory = (catId: string) => {
    if (!catId) return;
    const res = addCategory(values.categoryIds, catId);
    if (res.ok) {
      set('categoryIds', res.ids);
      setCategoryError(null);
    } else {
      setCategoryError(res.message);
    }
  };

  const commitTags = (raw: string) => {
    const res = addTags(values.tags, raw);
    set('tags', res.tags);
    setTagError(res.error);
    if (!res.error) setTagDraft('');
  };

  const onTagKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault();
      commitTags(tagDraft);
    } else if (e.key === 'Backspace' && !tagDraft && values.tags.length) {
      set('tags', values.tags.slice(0, -1));
    }
  };

  const submit = (values: StyleFormValues) => {
    const pending = tagDraft.trim() ? addTags(values.tags, tagDraft) : null;
    const body = formToPayload(
      pending && !pending.error ? { ...values, tags: pending.tags } : values,
      guess === 'pending' ? null : guess,
    );
    save.mutate(
      { id: style?.id ?? null, body },
      {
        onSuccess: (saved) => {
          toast({ title: style ? 'Style updated successfully' : 'Style created successfully' });
          if (pending && !pending.error) {
            set('tags', pending.tags);
            setTagDraft('');
          }
          if (saved?.id) onSaved(saved);
        },
        onError: (err) => {
          if (handleLimitError(err)) return;
          toast({
            title: style ? 'Failed to update style' : 'Failed to create style',
            description: errorMessage(err, 'Please try again.'),
            variant: 'destructive',
          });
        },
      },
    );
  };

  const doDelete = () => {
    if (!style) return;
    del.mutate(style.id, {
      onSuccess: () => {
        toast({ title: 'Style deleted' });
        setConfirmDelete(false);
        onDeleted();
      },
      onError: (err) =>
        toast({
          title: 'Failed to delete style',
          description: errorMessage(err, 'Please try again.'),
          variant: 'destructive',
        }),
    });
  };

  const task0 = values.tasks[0] ?? 'OUTFIT_TRYON';
  const promptChoices = (prompts.data ?? []).filter((p) => p.task === task0 || p.id === values.defaultPromptTemplateId);
  const blocker = saveBlocker(values);
  const catName = (cid: string) => categories.find((c) => c.id === cid)?.name ?? cid;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{style ? `Edit “${style.name}”` : 'New style'}</CardTitle>
        <CardDescription>A name and a prompt image are required.</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          onSubmit={form.handleSubmit(submit)}
          noValidate
          className="space-y-6"
          aria-label={style ? 'Edit style' : 'New style'}
          data-testid="style-form"
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Style name">
              <Input
                value={values.name}
                onChange={(e) => set('name', e.target.value)}
                maxLength={120}
                autoComplete="off"
              />
            </FormField>
            <FormField label="Audience">
              <select
                className={selectClass}
                value={values.sex}
                onChange={(e) => set('sex', normalizeSex(e.target.value) ?? values.sex)}
              >
                {SEX_OPTIONS.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </FormField>
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-desc`} className="text-sm font-medium">
              Description
            </label>
            <textarea
              id={`${id}-desc`}
              rows={3}
              maxLength={2000}
              value={values.description}
              onChange={(e) => set('description', e.target.value)}
              className="w-full min-w-0 rounded-lg border border-input bg-background px-3 py-2 text-base text-foreground placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:text-sm"
            />
          </div>

          {/* Categories */}
          <div className="space-y-2">
            <FormField label="Categories (up to 3)" error={categoryError ?? undefined}>
              <select
                className={selectClass}
                value=""
                disabled={categoriesLoading}
                onChange={(e) => pickCategory(e.target.value)}
                data-testid="category-picker"
              >
                <option value="">{categoriesLoading ? 'Loading categories...' : 'Add a category...'}</option>
                {categories.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                    {values.categoryIds.includes(c.id) ? ' (selected)' : ''}
                  </option>
                ))}
              </select>
            </FormField>
            {values.categoryIds.length ? (
              <ul className="flex flex-wrap gap-2" aria-label="Selected categories">
                {values.categoryIds.map((cid) => (
                  <li key={cid}>
                    <Chip
                      label={catName(cid)}
                      onRemove={() => {
                        set('categoryIds', removeCategory(values.categoryIds, cid));
                        setCategoryError(null);
                      }}
                    />
                  </li>
                ))}
              </ul>
            ) : null}
          </div>

          {/* Tags */}
          <div className="space-y-2">
            <FormField label="Tags" hint="Press Enter or type a comma to add a tag." error={tagError ?? undefined}>
              <Input
                value={tagDraft}
                onChange={(e) => setTagDraft(e.target.value.replace(/,$/, ''))}
                onKeyDown={onTagKey}
                onBlur={() => tagDraft.trim() && commitTags(tagDraft)}
              />
            </FormField>
            {values.tags.length ? (
              <ul className="flex flex-wrap gap-2" aria-label="Selected tags">
                {values.tags.map((t) => (
                  <li key={t}>
                    <Chip
                      label={t}
                      onRemove={() =>
                        set(
                          'tags',
                          values.tags.filter((x) => x !== t),
                        )
                      }
                    />
                  </li>
                ))}
              </ul>
            ) : null}
          </div>

          {/* Tasks */}
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">Tasks</legend>
            <p className="text-xs text-muted-foreground">
              The first task picks the prompt templates. At least one is needed.
            </p>
            <div className="grid gap-2 sm:grid-cols-2">
              {TASK_TYPES.map((t) => (
                <label key={t} className="flex items-center gap-2 rounded-lg border border-border px-3 py-2 text-sm">
                  <input
                    type="checkbox"
                    className="h-4 w-4 accent-primary"
                    checked={values.tasks.includes(t)}
                    onChange={(e) => set('tasks', toggleTask(values.tasks, t, e.target.checked))}
                  />
                  {enumLabel(t)}
                </label>
              ))}
            </div>
          </fieldset>

          {/* Style image type */}
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">Style image type</legend>
            <div className="grid gap-2 sm:grid-cols-3">
              {IMAGE_TYPE_OPTIONS.map((o) => (
                <label
                  key={o.value}
                  className={cn(
                    'flex cursor-pointer flex-col gap-0.5 rounded-lg border px-3 py-2 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                    values.styleImageType === o.value ? 'border-primary bg-primary/5' : 'border-border',
                  )}
                >
                  <span className="flex items-center gap-2 font-medium">
                    <input
                      type="radio"
                      name={`${id}-image-type`}
                      value={o.value}
                      checked={values.styleImageType === o.value}
                      onChange={() => set('styleImageType', o.value)}
                      className="h-4 w-4"
                    />
                    {o.label}
                  </span>
                  <span className="text-xs text-muted-foreground">{o.hint}</span>
                </label>
              ))}
            </div>
          </fieldset>

          <ImageBlock
            title="Prompt image"
            note="The outfit only, no person: the AI dresses your photo profile in what it sees."
            type="style_prompt"
            value={values.promptImageUrl}
            onChange={(url, original) => {
              set('promptImageUrl', url);
              set('promptImageOriginalUrl', original);
              // a new picture: its own guess until the creator says otherwise
              if (url !== values.promptImageUrl) set('garmentSlot', null);
            }}
            uploadError="Error uploading prompt image"
            allowUrl
            testId="prompt-image"
          />
          {values.promptImageUrl && values.styleImageType !== 'model_wearer' ? (
            <GarmentSlotField
              name={`${id}-garment-slot`}
              value={values.garmentSlot}
              guess={guess}
              onChange={(slot) => set('garmentSlot', slot)}
            />
          ) : null}
          <ImageBlock
            title="Cover image"
            note="Shown on cards in Explore and collections. Without one, the prompt image is used."
            type="style_cover"
            value={values.coverImageUrl ?? ''}
            onChange={(url) => set('coverImageUrl', url || null)}
            uploadError="Error uploading cover image"
            testId="cover-image"
          />
          {style ? <GenerateCoverButton styleId={style.id} onGenerated={(url) => set('coverImageUrl', url)} /> : null}

          <FormField label="Default prompt template" hint="Used for product-only and laydown styles.">
            <select
              className={selectClass}
              value={values.defaultPromptTemplateId ?? ''}
              onChange={(e) => set('defaultPromptTemplateId', e.target.value || null)}
              disabled={prompts.isPending}
            >
              <option value="">{prompts.isPending ? 'Loading templates...' : 'None (automatic)'}</option>
              {promptChoices.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </FormField>

          <SizeChartBlock form={form} />

          <div className="flex items-start justify-between gap-4 rounded-xl border border-border p-4">
            <div className="min-w-0">
              <label htmlFor={`${id}-public`} className="text-sm font-medium">
                Public
              </label>
              <p id={`${id}-public-desc`} className="mt-0.5 text-xs text-muted-foreground">
                Public styles appear in Explore and can be added to collections. Private styles are visible to you only.
              </p>
            </div>
            <Switch.Root
              id={`${id}-public`}
              checked={values.isPublic}
              onCheckedChange={(v) => set('isPublic', v)}
              aria-describedby={`${id}-public-desc`}
              data-testid="style-public"
              className="relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent bg-input transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background data-[state=checked]:bg-primary"
            >
              <Switch.Thumb className="pointer-events-none block h-5 w-5 rounded-full bg-background shadow-sm ring-0 transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0" />
            </Switch.Root>
          </div>

          <div className="flex flex-col gap-3 border-t border-border pt-4 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-xs text-muted-foreground" aria-live="polite">
              {blocker ??
                (style ? 'Changes are saved when you click Update Style.' : 'Add products after creating the style.')}
            </p>
            <div className="flex flex-col-reverse gap-2 sm:flex-row">
              {style ? (
                <Button variant="destructive" onClick={() => setConfirmDelete(true)} disabled={del.isPending}>
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                  Delete Style
                </Button>
              ) : null}
              <Button type="submit" disabled={!canSaveStyle(values) || save.isPending} data-testid="save-style">
                {save.isPending ? <SpinnerIcon /> : <Save className="h-4 w-4" aria-hidden="true" />}
                {style ? 'Update Style' : 'Create Style'}
              </Button>
            </div>
          </div>
        </form>
      </CardContent>
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Delete this style?"
        description="Deleting a style also deletes its products and removes it from your collections. This cannot be undone."
        pending={del.isPending}
        onConfirm={doDelete}
      />
    </Card>
  );
}

function Chip({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <span className="inline-flex max-w-full items-center gap-1 rounded-full border border-border bg-muted py-0.5 pl-3 pr-1 text-xs font-medium">
      <span className="truncate">{label}</span>
      <button
        type="button"
        onClick={onRemove}
        aria-label={`Remove ${label}`}
        className="rounded-full p-1 text-muted-foreground hover:bg-border hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <X className="h-3 w-3" aria-hidden="true" />
      </button>
    </span>
  );
}
