/** Influencer application rules for the apply form and the admin review (spec 02 sections 4 and 5). */
import * as z from 'zod';
import {
  APPLICATION_MESSAGES,
  MIN_USE_CASE,
  MAX_USE_CASE,
  useCaseError as checkUseCase,
  type ApplicationStatus,
  type ReviewDecision,
} from '@shared/domain/influencer';

export { canApply } from '@shared/domain/influencer';

export const SOCIAL_FIELDS = ['instagramHandle', 'tiktokHandle', 'youtubeChannel', 'otherSocial'] as const;
export type SocialField = (typeof SOCIAL_FIELDS)[number];

export const SOCIAL_LABELS: Record<SocialField, string> = {
  instagramHandle: 'Instagram',
  tiktokHandle: 'TikTok',
  youtubeChannel: 'YouTube',
  otherSocial: 'Other',
};

/** The form's values: every field is a string (empty = not given). */
export const applicationFormSchema = z.object({
  useCase: z.string().superRefine((v, ctx) => {
    const msg = checkUseCase(v);
    if (msg) ctx.addIssue({ code: 'custom', message: msg });
    else if (v.trim().length > MAX_USE_CASE)
      ctx.addIssue({ code: 'custom', message: `At most ${MAX_USE_CASE} characters` });
  }),
  instagramHandle: z.string().max(200, 'At most 200 characters'),
  tiktokHandle: z.string().max(200, 'At most 200 characters'),
  youtubeChannel: z.string().max(200, 'At most 200 characters'),
  otherSocial: z.string().max(200, 'At most 200 characters'),
});
export type ApplicationFormValues = z.infer<typeof applicationFormSchema>;

export const EMPTY_APPLICATION_FORM: ApplicationFormValues = {
  useCase: '',
  instagramHandle: '',
  tiktokHandle: '',
  youtubeChannel: '',
  otherSocial: '',
};

export interface ApplyBody {
  useCase: string;
  instagramHandle?: string;
  tiktokHandle?: string;
  youtubeChannel?: string;
  otherSocial?: string;
}

/** The POST /api/influencer/apply body: trimmed, empty social fields left out. */
export function toApplyBody(values: ApplicationFormValues): ApplyBody {
  const body: ApplyBody = { useCase: values.useCase.trim() };
  for (const f of SOCIAL_FIELDS) {
    const v = values[f].trim();
    if (v) body[f] = v;
  }
  return body;
}

/** The live counter under the use case: trimmed length, and whether it reaches the minimum. */
export function useCaseCount(text: string): { count: number; min: number; enough: boolean; label: string } {
  const count = text.trim().length;
  return {
    count,
    min: MIN_USE_CASE,
    enough: count >= MIN_USE_CASE,
    label: `${count} / ${MIN_USE_CASE} characters minimum`,
  };
}

/** Submit is disabled under the minimum (and while sending). */
export const canSubmitApplication = (useCase: string, pending = false): boolean =>
  !pending && checkUseCase(useCase) === null;

/** The decisions an admin may take on an application: both for a pending one, none otherwise. */
export const reviewDecisionsFor = (app: { status: ApplicationStatus } | null | undefined): ReviewDecision[] =>
  app?.status === 'pending' ? ['approved', 'rejected'] : [];

export const STATUS_FILTERS = ['all', 'pending', 'approved', 'rejected'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export const statusLabel = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** The social links an application lists, in a fixed order, without the empty ones. */
export function socialsOf(
  app: Partial<Record<SocialField, string | null>>,
): { field: SocialField; label: string; value: string }[] {
  return SOCIAL_FIELDS.flatMap((field) => {
    const value = app[field]?.trim();
    return value ? [{ field, label: SOCIAL_LABELS[field], value }] : [];
  });
}

/** The name to show for an applicant: first and last name, else the username, else the e-mail. */
export function applicantName(
  u:
    | { firstName?: string | null; lastName?: string | null; username?: string | null; email?: string | null }
    | null
    | undefined,
): string {
  const full = [u?.firstName, u?.lastName]
    .filter((p) => p && p.trim())
    .join(' ')
    .trim();
  return full || u?.username || u?.email || 'Unknown user';
}

export { APPLICATION_MESSAGES };
