/** The share routes on the wire (issue 15): requests (the web forms use the same schemas), then the responses. */
import * as z from 'zod';
import { isSafeText, normalizeText, UNSAFE_TEXT_MESSAGE } from '../domain/text-rules';
import {
  DEFAULT_SHARE_EXPIRY_DAYS,
  REACTION_MAX_LENGTH,
  REPORT_REASON_MAX_LENGTH,
  SHARE_EXPIRY_DAYS,
  SHARE_MAX_IMAGES,
  SHARE_MIN_IMAGES,
  AI_LABEL,
  SHARE_VIEW_STATES,
} from '../domain/shares';
import { lazySchema } from './lazy-schema';

const nstr = /* @__PURE__ */ lazySchema(() => z.string().nullable());

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

// Responses (the route table's `response`: see common.ts)
const shareVoteCountSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ generationId: z.string(), votes: z.number() }),
);
export const ownerShareSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    token: z.string(),
    url: z.string(),
    generationIds: z.array(z.string()),
    images: z.array(z.object({ generationId: z.string(), url: z.string(), styleName: nstr })),
    showOwner: z.boolean(),
    state: z.enum(SHARE_VIEW_STATES),
    expiresAt: z.string(),
    createdAt: z.string(),
    endedAt: nstr,
    votes: z.array(shareVoteCountSchema),
    totalVotes: z.number(),
    reactions: z.array(z.object({ text: z.string(), updatedAt: z.string() })),
  }),
);
export const ownerShareListSchema = /* @__PURE__ */ lazySchema(() => z.array(ownerShareSchema));
export const publicShareSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    title: z.string(),
    description: z.string(),
    label: z.literal(AI_LABEL),
    images: z.array(
      z.object({
        index: z.number(),
        generationId: z.string(),
        url: z.string(),
        width: z.number(),
        height: z.number(),
        styleName: nstr,
        votes: z.number(),
        label: z.literal(AI_LABEL),
        madeBy: z.enum(['generative', 'engine']),
      }),
    ),
    styles: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        products: z.array(
          z.object({
            name: z.string(),
            brand: nstr,
            links: z.array(
              z.object({ retailer: z.string(), url: z.string(), price: z.number().nullable(), currency: nstr }),
            ),
          }),
        ),
      }),
    ),
    owner: z.object({ name: nstr, handle: z.string() }).nullable(),
    totalVotes: z.number(),
    myVote: nstr,
    myReaction: nstr,
    expiresAt: z.string(),
  }),
);
export const shareReportViewSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    shareId: z.string(),
    reason: z.string(),
    createdAt: z.string(),
    url: nstr,
    imageCount: z.number(),
  }),
);
export const shareReportListSchema = /* @__PURE__ */ lazySchema(() => z.array(shareReportViewSchema));
export const shareTakeDownSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({ shareId: z.string(), resolvedReports: z.number() }),
);
export type OwnerShare = z.output<typeof ownerShareSchema>;
export type PublicShare = z.output<typeof publicShareSchema>;
