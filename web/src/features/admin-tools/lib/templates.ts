/** Pure rules of the prompt-template and raw-template editors (spec 02 sections 3, 4, 5 and 9). */
import {
  RAW_TEMPLATE_DEFAULTS,
  SETTINGS,
  TASK_TYPES,
  VIBES,
  type Setting,
  type TaskType,
  type Vibe,
} from '@shared/domain/catalog';
import {
  COLOR_GRADES,
  CREATIVE_BACKGROUNDS,
  DEFAULT_CREATIVE_LOOK,
  type ColorGrade,
  type CreativeBackground,
} from '@shared/domain/creative-look';
import * as z from 'zod';
import { oneOf } from '../../../lib/one-of';

/** A text field that must hold more than white space. */
const filled = (message: string) => z.string().refine((v) => v.trim() !== '', message);

/* ---------- prompt templates ---------- */

export interface PromptDraft {
  name: string;
  description: string;
  task: TaskType;
  styleCategory: string;
  previewImageUrl: string;
  template: string;
  creativeBackground: CreativeBackground;
  colorGrade: ColorGrade;
}

export interface PromptBody {
  name: string;
  description: string;
  task: TaskType;
  styleCategory: string | null;
  previewImageUrl: string | null;
  template: string;
  creativeBackground: CreativeBackground;
  colorGrade: ColorGrade;
}

export const EMPTY_PROMPT_DRAFT: PromptDraft = {
  name: '',
  description: '',
  task: 'OUTFIT_TRYON',
  styleCategory: '',
  previewImageUrl: '',
  template: '',
  creativeBackground: DEFAULT_CREATIVE_LOOK.background,
  colorGrade: DEFAULT_CREATIVE_LOOK.grade,
};

const asTask = (v: string | null | undefined): TaskType => oneOf(TASK_TYPES, v, 'OUTFIT_TRYON');

export function promptDraftFrom(
  t:
    | {
        name: string;
        description: string | null;
        task: string;
        styleCategory: string | null;
        previewImageUrl: string | null;
        template: string;
        creativeBackground?: string | null;
        colorGrade?: string | null;
      }
    | null
    | undefined,
): PromptDraft {
  if (!t) return { ...EMPTY_PROMPT_DRAFT };
  return {
    name: t.name,
    description: t.description ?? '',
    task: asTask(t.task),
    styleCategory: t.styleCategory ?? '',
    previewImageUrl: t.previewImageUrl ?? '',
    template: t.template ?? '',
    creativeBackground: oneOf(CREATIVE_BACKGROUNDS, t.creativeBackground, DEFAULT_CREATIVE_LOOK.background),
    colorGrade: oneOf(COLOR_GRADES, t.colorGrade, DEFAULT_CREATIVE_LOOK.grade),
  };
}

export const PROMPT_MESSAGES = {
  nameRequired: 'Name is required',
  templateRequired: 'Template text is required',
} as const;

/** The prompt editor's form: name and template text are required. */
export const promptDraftSchema = z.object({
  name: filled(PROMPT_MESSAGES.nameRequired),
  description: z.string(),
  task: z.enum(TASK_TYPES),
  styleCategory: z.string(),
  previewImageUrl: z.string(),
  template: filled(PROMPT_MESSAGES.templateRequired),
  creativeBackground: z.enum(CREATIVE_BACKGROUNDS),
  colorGrade: z.enum(COLOR_GRADES),
}) satisfies z.ZodType<PromptDraft>;

export const toPromptBody = (d: PromptDraft): PromptBody => ({
  name: d.name.trim(),
  description: d.description.trim(),
  task: d.task,
  styleCategory: d.styleCategory.trim() || null,
  previewImageUrl: d.previewImageUrl.trim() || null,
  template: d.template.trim(),
  creativeBackground: d.creativeBackground,
  colorGrade: d.colorGrade,
});

/* ---------- raw templates ---------- */

export interface RawDraft {
  name: string;
  taskType: TaskType;
  vibeCategory: Vibe;
  settingCategory: Setting;
  requiresFullBody: boolean;
  priority: string;
  enabled: boolean;
  jsonText: string;
}

export type RawTemplateBody = Omit<RawDraft, 'priority'> & { priority: number };

/** The starter JSON of a new raw template: ratio 4:5, jpeg, 1 image. */
export const STARTER_JSON = JSON.stringify(
  {
    prompt: 'Dress the person in the outfit from the style reference. Keep the face and body identical.',
    images: { person: '{{FULL_BODY_URL}}', face: '{{PORTRAIT_URL}}', style_reference: '{{STYLE_REF_URL}}' },
    output: {
      aspect_ratio: RAW_TEMPLATE_DEFAULTS.aspectRatio,
      format: RAW_TEMPLATE_DEFAULTS.outputFormat,
      num_images: RAW_TEMPLATE_DEFAULTS.numImages,
    },
  },
  null,
  2,
);

export const newRawDraft = (): RawDraft => ({
  name: '',
  taskType: 'OUTFIT_TRYON',
  vibeCategory: VIBES[0],
  settingCategory: SETTINGS[0],
  requiresFullBody: false,
  priority: String(RAW_TEMPLATE_DEFAULTS.priority),
  enabled: true,
  jsonText: STARTER_JSON,
});

export function rawDraftFrom(
  t:
    | {
        name: string;
        taskType: string;
        vibeCategory: string | null;
        settingCategory: string | null;
        requiresFullBody: boolean;
        priority: number;
        enabled: boolean;
        jsonText: string;
      }
    | null
    | undefined,
): RawDraft {
  if (!t) return newRawDraft();
  return {
    name: t.name,
    taskType: oneOf(TASK_TYPES, t.taskType, 'OUTFIT_TRYON'),
    vibeCategory: oneOf(VIBES, t.vibeCategory, VIBES[0]),
    settingCategory: oneOf(SETTINGS, t.settingCategory, SETTINGS[0]),
    requiresFullBody: !!t.requiresFullBody,
    priority: String(t.priority ?? RAW_TEMPLATE_DEFAULTS.priority),
    enabled: t.enabled !== false,
    jsonText: t.jsonText ?? '',
  };
}

const RAW_MESSAGES = {
  nameRequired: 'Name is required',
  priority: 'Priority must be a whole number between 0 and 99999',
  jsonRequired: 'Template JSON is required',
} as const;

/** The raw editor's form (the server checks the JSON and its tokens). */
export const rawDraftSchema = z.object({
  name: filled(RAW_MESSAGES.nameRequired),
  taskType: z.enum(TASK_TYPES),
  vibeCategory: z.enum(VIBES),
  settingCategory: z.enum(SETTINGS),
  requiresFullBody: z.boolean(),
  priority: z.string().refine((v) => /^\d+$/.test(v.trim()) && Number(v.trim()) <= 99_999, RAW_MESSAGES.priority),
  enabled: z.boolean(),
  jsonText: filled(RAW_MESSAGES.jsonRequired),
}) satisfies z.ZodType<RawDraft>;

export const toRawBody = (d: RawDraft): RawTemplateBody => ({
  ...d,
  name: d.name.trim(),
  priority: Number(d.priority.trim()),
});

/** The sample images of the compile test, in the order the form shows them. */
export const SAMPLE_KEYS = ['style', 'portrait', 'fullBody', 'background'] as const;
export type SampleUrls = Partial<Record<(typeof SAMPLE_KEYS)[number], string>>;

export const DEFAULT_SAMPLES: Required<SampleUrls> = {
  style: 'https://example.com/samples/style.jpg',
  portrait: 'https://example.com/samples/portrait.jpg',
  fullBody: 'https://example.com/samples/full-body.jpg',
  background: 'https://example.com/samples/background.jpg',
};

/** The compile call's sampleUrls: trimmed, empty ones left out. */
export function toSampleUrls(s: Required<SampleUrls>): SampleUrls {
  const out: SampleUrls = {};
  for (const k of SAMPLE_KEYS) {
    const v = s[k].trim();
    if (v) out[k] = v;
  }
  return out;
}

/** Pretty JSON for the <pre> panels. */
export const prettyJson = (v: unknown): string => {
  try {
    return JSON.stringify(v, null, 2) ?? '';
  } catch {
    return String(v);
  }
};
