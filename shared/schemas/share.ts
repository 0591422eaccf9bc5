/** Request bodies of the share routes (issue 15); the web forms use the same schemas. */
import * as z from 'zod';
import { isSafeText, normalizeText, UNSAFE_TEXT_MESSAGE } from '../domain/text-rules';
import {
  DEFAULT_SHARE_EXPIRY_DAYS,
  REACTION_MAX_LENGTH,
  REPORT_REASON_MAX_LENGTH,
  SHARE_EXPIRY_DAYS,
  SHARE_MAX_IMAGES,
  SHARE_MIN_IMAGES,
} from '../domain/shares';
import { lazySchema } from './lazy-schema';

const id = /* @__PURE__ */ lazySchema(() =>
  z
    .string()
    .min(1)
    .max(128)
    .regex(/^[A-Za-z0-9_-]+$/, 'Invalid id'),
);

/** POST /api/shares */
export const createShareSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    generationIds: z
      .array(id, { message: `Choose ${SHARE_MIN_IMAGES} to ${SHARE_MAX_IMAGES} results to share.` })
      .min(SHARE_MIN_IMAGES, `Choose ${SHARE_MIN_IMAGES} to ${SHARE_MAX_IMAGES} results to share.`)
      .max(SHARE_MAX_IMAGES, `Choose ${SHARE_MIN_IMAGES} to ${SHARE_MAX_IMAGES} results to share.`),
    expiresInDays: z
      // zod 4 takes a union's options as an array: its output is ShareExpiryDays
      .union(
        SHARE_EXPIRY_DAYS.map((d) => z.literal(d)),
        {
          message: `The link can last ${SHARE_EXPIRY_DAYS.join(', ')} days.`,
        },
      )
      .default(DEFAULT_SHARE_EXPIRY_DAYS),
    showOwner: z.boolean().default(false),
  }),
);
export type CreateShareInput = z.infer<typeof createShareSchema>;

/** PUT /api/l/{token}/vote */
export const shareVoteSchema = /* @__PURE__ */ lazySchema(() => z.object({ generationId: id }));

/** PUT /api/l/{token}/reaction (the service also cleans the text: shared/domain/shares.ts cleanReaction) */
export const shareReactionSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    text: z
      .string({ message: 'Write a reaction first.' })
      .max(REACTION_MAX_LENGTH * 4, `Keep your reaction to ${REACTION_MAX_LENGTH} characters.`),
  }),
);

/** POST /api/l/{token}/report */
export const shareReportSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    reason: z
      .string({ message: 'Tell us what is wrong with this look.' })
      .trim()
      .min(1, 'Tell us what is wrong with this look.')
      .max(REPORT_REASON_MAX_LENGTH, `The reason can be at most ${REPORT_REASON_MAX_LENGTH} characters`)
      .transform(normalizeText)
      .refine(isSafeText, `The reason ${UNSAFE_TEXT_MESSAGE}`),
  }),
);
