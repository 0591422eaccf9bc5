/**
 * Content safety: the one place for thresholds, the texts people see and how a classifier's raw answer
 * becomes a verdict. The adapters (functions/lib/moderation.ts) call these pure functions.
 *
 * - Local (nsfwjs MobileNetV2, classes Drawing, Hentai, Neutral, Porn, Sexy): Porn and Hentai block from 0.80.
 *   "Sexy" (swimwear, lingerie, bare shoulders) is ordinary fashion for a try-on product and does not block.
 *   The local model knows nothing of violence; that is the AWS adapter's job (documented limitation).
 * - AWS (Rekognition DetectModerationLabels, taxonomy v7 with the v6 names still answered by older models):
 *   a label blocks when it, or its top-level parent, is in `block` with at least that confidence (0-100).
 *   Swimwear or Underwear, Suggestive, Alcohol, Tobacco etc. do not block.
 */
import { ERROR_CODES } from '../errors';
export const CONTENT_UNSAFE_CODE = ERROR_CODES.contentUnsafe;

/** Blocking thresholds by class or label name: looked up with whatever name a classifier answers. */
interface ContentSafetyRules {
  readonly local: { readonly block: Record<string, number> };
  readonly rekognition: {
    /** MinConfidence sent with the request: labels below it are not returned at all. */
    readonly minConfidence: 60;
    readonly block: Record<string, number>;
  };
}

export const CONTENT_SAFETY: ContentSafetyRules = {
  local: { block: { Porn: 0.8, Hentai: 0.8 } },
  rekognition: {
    minConfidence: 60,
    block: {
      Explicit: 80,
      'Explicit Nudity': 80,
      'Non-Explicit Nudity of Intimate parts and Kissing': 90,
      Violence: 85,
      'Graphic Violence': 85,
      'Graphic Violence Or Gore': 85,
      'Visually Disturbing': 85,
      'Hate Symbols': 85,
    },
  },
};

/** Which image a check was about (refusals are counted per kind in the admin area). */
export const IMAGE_CHECK_KINDS = [
  'photo_profile',
  'outfit',
  'style_image',
  'avatar',
  'remote_image',
  'template_input',
  'generation_result',
  'image',
] as const;
export type ImageCheckKind = (typeof IMAGE_CHECK_KINDS)[number];

export const CONTENT_SAFETY_MESSAGES = {
  unsafeUpload:
    "This image can't be used: our safety check found nudity or violence in it. Please choose another image.",
  unsafeResult: 'The generated image did not pass our safety check, so it was not kept. Your credit was refunded.',
  takenDown: 'This style was taken down after a report and cannot be made public again.',
} as const;

export interface ModerationLabel {
  name: string;
  /** 0..1 */
  confidence: number;
}

export interface ModerationVerdict {
  safe: boolean;
  /** The labels that blocked it (empty when safe). */
  reasons: string[];
  /** Every label the classifier reported (for logs; never shown with the image). */
  labels: ModerationLabel[];
}

/** nsfwjs predictions -> verdict. */
export function verdictFromNsfw(predictions: { className: string; probability: number }[]): ModerationVerdict {
  const labels = predictions.map((p) => ({ name: p.className, confidence: p.probability }));
  const reasons = labels
    .filter((l) => {
      const threshold = CONTENT_SAFETY.local.block[l.name];
      return threshold !== undefined && l.confidence >= threshold;
    })
    .map((l) => l.name);
  return { safe: reasons.length === 0, reasons, labels };
}

/** Rekognition ModerationLabels -> verdict (a label blocks by its own name or its parent's). */
export function verdictFromRekognition(
  moderationLabels: { Name?: string; ParentName?: string; Confidence?: number }[],
): ModerationVerdict {
  const labels = moderationLabels.map((l) => ({ name: l.Name ?? '', confidence: (l.Confidence ?? 0) / 100 }));
  const reasons = new Set<string>();
  for (const l of moderationLabels) {
    const confidence = l.Confidence ?? 0;
    for (const name of [l.Name, l.ParentName]) {
      const min = name ? CONTENT_SAFETY.rekognition.block[name] : undefined;
      if (min !== undefined && confidence >= min) reasons.add(name!);
    }
  }
  return { safe: reasons.size === 0, reasons: [...reasons], labels };
}
