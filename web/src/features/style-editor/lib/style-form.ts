/**
 * The style editor's pure rules (spec 02 sections 3 and 5): form values and their wire shape, the save
 * rule, the category picker (at most 3, no duplicates), tag chips and the product form's messages.
 */
import * as z from 'zod';
import type { AdminStyleView } from '@shared/schemas/admin';
import {
  MAX_STYLE_CATEGORIES,
  normalizeSex,
  STYLE_IMAGE_TYPES,
  TASK_TYPES,
  type StyleImageType,
  type StyleSex,
  type TaskType,
} from '@shared/domain/catalog';
import { isOneOf, oneOf } from '../../../lib/one-of';
import { MAX_STYLE_TAGS, normalizeTags, STYLE_MESSAGES } from '@shared/domain/style-rules';
import { GARMENT_SLOTS, type GarmentSlot } from '@shared/domain/outfit';
import { chartToForm, checkSizeChart, newSizeChartForm, type SizeChartForm } from './size-chart-form';

export { STYLE_MESSAGES };

/** A style as GET /api/admin/styles lists it. */
export type AdminStyle = AdminStyleView;

export interface StyleFormValues {
  name: string;
  description: string;
  sex: StyleSex;
  categoryIds: string[];
  tags: string[];
  tasks: TaskType[];
  styleImageType: StyleImageType;
  promptImageUrl: string;
  promptImageOriginalUrl: string | null;
  coverImageUrl: string | null;
  defaultPromptTemplateId: string | null;
  isPublic: boolean;
  /** Whether the style has a size chart (the block's values are kept while it is switched off). */
  hasSizeChart: boolean;
  sizeChart: SizeChartForm;
  /** The slot its garment takes (issue 39); null: not said (the engine's guess is shown and saved). */
  garmentSlot: GarmentSlot | null;
}

export const SEX_OPTIONS: { value: StyleSex; label: string }[] = [
  { value: 'man', label: 'Men' },
  { value: 'woman', label: 'Women' },
  { value: 'unisex', label: 'Unisex' },
];

export const IMAGE_TYPE_OPTIONS: { value: StyleImageType; label: string; hint: string }[] = [
  { value: 'model_wearer', label: 'Model wearer', hint: 'The outfit shown as worn' },
  { value: 'product_only', label: 'Product only', hint: 'Product shot on a plain background' },
  { value: 'product_laydown', label: 'Product laydown', hint: 'Items laid out flat' },
];

export const emptyStyleForm = (): StyleFormValues => ({
  name: '',
  description: '',
  sex: 'unisex',
  categoryIds: [],
  tags: [],
  tasks: ['OUTFIT_TRYON'],
  styleImageType: 'model_wearer',
  promptImageUrl: '',
  promptImageOriginalUrl: null,
  coverImageUrl: null,
  defaultPromptTemplateId: null,
  isPublic: true,
  hasSizeChart: false,
  sizeChart: newSizeChartForm(),
  garmentSlot: null,
});

/** A saved style as form values (unknown wire spellings fall back to the defaults). */
export function styleToForm(s: AdminStyle): StyleFormValues {
  const tasks = (s.tasks ?? []).filter((t) => isOneOf(TASK_TYPES, t));
  return {
    name: s.name ?? '',
    description: s.description ?? '',
    sex: normalizeSex(String(s.sex ?? '').toLowerCase()) ?? 'unisex',
    categoryIds: [...(s.categoryIds ?? [])].slice(0, MAX_STYLE_CATEGORIES),
    tags: [...(s.tags ?? [])],
    tasks: tasks.length ? tasks : ['OUTFIT_TRYON'],
    styleImageType: oneOf(STYLE_IMAGE_TYPES, s.styleImageType, 'model_wearer'),
    promptImageUrl: s.promptImageUrl ?? '',
    promptImageOriginalUrl: s.promptImageOriginalUrl ?? null,
    coverImageUrl: s.coverImageUrl ?? null,
    defaultPromptTemplateId: s.defaultPromptTemplateId ?? null,
    isPublic: s.isPublic !== false,
    hasSizeChart: !!s.sizeChart,
    sizeChart: chartToForm(s.sizeChart),
    garmentSlot: isOneOf(GARMENT_SLOTS, s.garmentSlot) ? s.garmentSlot : null,
  };
}

/** The chart of the payload: null without one; the form's schema checked it before any save. */
function chartPayload(v: Pick<StyleFormValues, 'hasSizeChart' | 'sizeChart'>) {
  if (!v.hasSizeChart) return null;
  const checked = checkSizeChart(v.sizeChart);
  if (!checked.ok) throw new Error('The size chart was not checked before saving');
  return checked.chart;
}

/**
 * The body of POST /api/admin/styles and PATCH /api/admin/styles/{id}; `guess` is the engine's guess of the prompt
 * image's slot, saved when the creator did not choose another (what they saw is what shoppers get, issue 39).
 */
export function formToPayload(v: StyleFormValues, guess: GarmentSlot | null = null) {
  return {
    name: v.name.trim(),
    description: v.description.trim(),
    sex: v.sex,
    categoryIds: v.categoryIds,
    tags: v.tags,
    tasks: v.tasks,
    styleImageType: v.styleImageType,
    promptImageUrl: v.promptImageUrl.trim(),
    promptImageOriginalUrl: v.promptImageOriginalUrl || null,
    coverImageUrl: v.coverImageUrl || null,
    defaultPromptTemplateId: v.defaultPromptTemplateId || null,
    isPublic: v.isPublic,
    sizeChart: chartPayload(v),
    garmentSlot: v.styleImageType === 'model_wearer' ? null : (v.garmentSlot ?? guess),
  };
}

/** Save (Create Style / Update Style) is enabled only with a name and a prompt image. */
export const canSaveStyle = (v: Pick<StyleFormValues, 'name' | 'promptImageUrl'>): boolean =>
  !!v.name.trim() && !!v.promptImageUrl.trim();

/** Why save is disabled, for the hint under the buttons (null when it is enabled). */
export function saveBlocker(v: Pick<StyleFormValues, 'name' | 'promptImageUrl'>): string | null {
  if (!v.name.trim()) return STYLE_MESSAGES.nameRequired;
  if (!v.promptImageUrl.trim()) return STYLE_MESSAGES.promptImageRequired;
  return null;
}

/**
 * The form's schema for react-hook-form (zod resolver): the save rule above, on the field it names, and the
 * size chart (when the style has one) by the shared rule, each issue on the chart's field it names.
 */
export const styleFormSchema = z.custom<StyleFormValues>().superRefine((v, ctx) => {
  const problem = saveBlocker(v);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [v.name.trim() ? 'promptImageUrl' : 'name'] });
  if (!v.hasSizeChart) return;
  const chart = checkSizeChart(v.sizeChart);
  if (!chart.ok)
    for (const issue of chart.issues)
      ctx.addIssue({ code: 'custom', message: issue.message, path: ['sizeChart', ...issue.path] });
});

export type PickResult = { ok: true; ids: string[] } | { ok: false; message: string };

/** Add a category to the selection: no duplicates ('Category already selected'), at most 3 ('Maximum 3 categories allowed'). */
export function addCategory(selected: readonly string[], id: string): PickResult {
  if (selected.includes(id)) return { ok: false, message: STYLE_MESSAGES.duplicateCategory };
  if (selected.length >= MAX_STYLE_CATEGORIES) return { ok: false, message: STYLE_MESSAGES.maxCategories };
  return { ok: true, ids: [...selected, id] };
}

export const removeCategory = (selected: readonly string[], id: string): string[] => selected.filter((c) => c !== id);

export type TagResult = { tags: string[]; error: string | null };

/** Add the comma-separated entries of `raw` to the chips (trimmed, de-duplicated, at most 10). */
export function addTags(current: readonly string[], raw: string): TagResult {
  const entries = raw
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  if (!entries.length) return { tags: [...current], error: null };
  const res = normalizeTags([...current, ...entries]);
  if (!res.ok) return { tags: [...current], error: `At most ${MAX_STYLE_TAGS} tags allowed` };
  return { tags: res.value, error: null };
}

/** Toggle a task; the last one cannot be removed (a style needs at least one task). */
export function toggleTask(tasks: readonly TaskType[], task: TaskType, on: boolean): TaskType[] {
  if (on) return tasks.includes(task) ? [...tasks] : [...tasks, task];
  const next = tasks.filter((t) => t !== task);
  return next.length ? next : [...tasks];
}

const trimmedText = z.string().transform((v) => v.trim());

/**
 * The "Add a product" form: name and URL required after trimming, a price a positive number, a currency a
 * 3-letter code (the messages of the products route's schema); every field stays a string.
 */
export const productFormSchema = z.object({
  name: z.string().refine((v) => v.trim() !== '', STYLE_MESSAGES.productNameRequired),
  brand: z.string(),
  category: z.string(),
  imageUrl: z.string(),
  url: trimmedText
    .refine((v) => v !== '', STYLE_MESSAGES.productUrlRequired)
    .refine((v) => v === '' || /^https?:\/\/[^\s/]+/i.test(v), STYLE_MESSAGES.productUrlInvalid),
  retailer: z.string(),
  price: trimmedText.refine(
    (v) => !v || (Number.isFinite(Number(v)) && Number(v) >= 0),
    'Price must be a positive number',
  ),
  currency: trimmedText.refine((v) => !v || /^[a-z]{3}$/i.test(v), 'Currency must be a 3-letter code'),
  affiliateCode: z.string(),
});

export type ProductFormValues = z.input<typeof productFormSchema>;

export const emptyProductForm = (): ProductFormValues => ({
  name: '',
  brand: '',
  category: '',
  imageUrl: '',
  url: '',
  retailer: '',
  price: '',
  currency: '',
  affiliateCode: '',
});

const opt = (s: string): string | undefined => s.trim() || undefined;

/** The body of POST /api/admin/products with its first link. */
export function productPayload(styleId: string, v: ProductFormValues) {
  const price = v.price.trim();
  return {
    styleId,
    name: v.name.trim(),
    brand: opt(v.brand),
    category: opt(v.category),
    imageUrl: opt(v.imageUrl),
    links: [
      {
        url: v.url.trim(),
        retailer: opt(v.retailer),
        price: price ? Number(price) : undefined,
        currency: opt(v.currency)?.toUpperCase(),
        affiliateCode: opt(v.affiliateCode),
      },
    ],
  };
}

/** "Used 1 time" / "Used 12 times". */
export const usageLabel = (n: number | null | undefined): string => {
  const c = n ?? 0;
  return `Used ${c.toLocaleString('en-US')} ${c === 1 ? 'time' : 'times'}`;
};

/** The category names of a style, in its order, at most 3 (unknown ids are skipped). */
export function categoryNames(
  ids: readonly string[] | null | undefined,
  categories: readonly { id: string; name: string }[],
): string[] {
  const byId = new Map(categories.map((c) => [c.id, c.name]));
  return (ids ?? [])
    .map((id) => byId.get(id))
    .filter((n): n is string => !!n)
    .slice(0, MAX_STYLE_CATEGORIES);
}
