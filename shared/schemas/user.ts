import * as z from 'zod';
import { ROLES } from '../domain/roles';
import { PLAN_IDS, STARTER_GRANT_STATES } from '../domain/plans';
import { RENDERER_NAMES } from '../domain/render-copy';
import { lazySchema } from './lazy-schema';

export const roleSchema = /* @__PURE__ */ lazySchema(() =>
  z.enum(ROLES, { message: `Role must be one of ${ROLES.join(', ')}` }),
);
export const planSchema = /* @__PURE__ */ lazySchema(() => z.enum(PLAN_IDS));

/** GET /api/auth/user: every field of spec 01 section 3 (and the user fields spec 02 uses). */
export const currentUserSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    id: z.string(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    handle: z.string(),
    username: z.string(),
    profileImageUrl: z.string().nullable(),
    credits: z.number().int().nonnegative(),
    hasUnlimitedCredits: z.boolean(),
    role: roleSchema,
    currentRole: roleSchema,
    permanentRole: roleSchema,
    currentPlan: planSchema,
    subscriptionStatus: z.string(),
    hasUsedTrial: z.boolean(),
    isTrialEligible: z.boolean(),
    isInfluencer: z.boolean(),
    influencerSince: z.string().nullable(),
    nextScheduledPlan: planSchema.nullable(),
    nextScheduledPlanDate: z.string().nullable(),
    isPublic: z.boolean(),
    showCollections: z.boolean(),
    onboarded: z.boolean(),
    createdAt: z.string(),
    /** The free look at sign-up (issue 39): granted, withheld because the address had it before, or null. */
    starterGrant: z.enum(STARTER_GRANT_STATES).nullable(),
  }),
);
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const switchRoleSchema = /* @__PURE__ */ lazySchema(() => z.object({ role: roleSchema }).strict());
export type SwitchRoleInput = z.infer<typeof switchRoleSchema>;

/** GET /api/config: what the SPA needs at run time, so one build serves every environment. */
export const runtimeConfigSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    stage: z.string(),
    local: z.boolean(),
    auth: z.object({
      userPoolId: z.string(),
      userPoolClientId: z.string(),
      region: z.string(),
      /** Local mode only: where the SPA reaches the Cognito API (cognito-local behind the same origin). */
      userPoolEndpoint: z.string().optional(),
      /** Local mode only: the fixed e-mail confirmation code cognito-local accepts. */
      localConfirmationCode: z.string().optional(),
    }),
    /**
     * Who renders each mode here: the SPA's words per provider (shared/domain/render-copy.ts, issue 39). Always
     * sent; optional for the SPA, which says neither "photorealistic" nor "preview" while it does not know.
     */
    renderers: z.object({ exact: z.enum(RENDERER_NAMES.exact), creative: z.enum(RENDERER_NAMES.creative) }).optional(),
  }),
);
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
