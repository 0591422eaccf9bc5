/**
 * The one error family. Every non-2xx response body is { message, code }.
 * The SPA shows `message`; limit errors carry the limit.* codes that open the upsell dialogs.
 */
export const ERROR_CODES = {
  badRequest: 'bad_request',
  validation: 'validation_error',
  unauthorized: 'auth.unauthorized',
  /** A valid token of an account that is being deleted, deleted or disabled. */
  accountInactive: 'auth.account_inactive',
  forbidden: 'auth.forbidden',
  notFound: 'not_found',
  methodNotAllowed: 'method_not_allowed',
  conflict: 'conflict',
  payloadTooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  internal: 'internal_error',
  limitPhotoProfiles: 'limit.photo_profiles',
  limitPrivateStyles: 'limit.private_styles',
  limitPublish: 'limit.publish',
  limitCredits: 'limit.credits',
  /** Too many requests of one kind from one user or IP in a short window (429, Retry-After). */
  rateLimited: 'rate_limited',
  /** A dependency failed; nothing is reported done that is not, and the request may be retried. */
  unavailable: 'service_unavailable',
  /** The Stripe-Signature header does not verify against the raw body (webhook). */
  stripeInvalidSignature: 'stripe.invalid_signature',
  billingTrialUsed: 'billing.trial_used',
  billingAlreadySubscribed: 'billing.already_subscribed',
  billingNoSubscription: 'billing.no_subscription',
  billingScheduledChange: 'billing.scheduled_change_pending',
  billingNoScheduledChange: 'billing.no_scheduled_change',
  billingSamePlan: 'billing.same_plan',
  billingNoCustomer: 'billing.no_customer',
  /** The payments provider is not configured or did not answer. */
  billingUnavailable: 'billing.unavailable',
  /** Generation checks (spec 02 section 5). */
  profileRequired: 'profile_required',
  portraitRequired: 'portrait_required',
  fullBodyRequired: 'full_body_required',
  bodyDescriptionRequired: 'body_description_required',
  promptRequired: 'prompt_required',
  noTemplate: 'no_template',
  feedbackNoStyle: 'feedback_no_style',
  templateCompileFailed: 'template.compile_failed',
  /** The image provider or the generation workflow cannot take work now (nothing charged). */
  providerUnavailable: 'provider_unavailable',
  /** The stage cannot sign results (C2PA credentials missing, broken or expired): nothing is charged. */
  provenanceUnavailable: 'provenance_unavailable',
  workflowUnavailable: 'workflow_unavailable',
  influencerAlready: 'influencer.already',
  influencerPlanRequired: 'influencer.plan_required',
  influencerPending: 'influencer.pending',
  influencerNotPending: 'influencer.not_pending',
  exportInProgress: 'export.in_progress',
  /** A direct upload finalized (or taken by a record) already: its form cannot bring other bytes (issue 40). */
  uploadAlreadyUsed: 'upload.already_used',
  consentRequired: 'consent.required',
  ageRequired: 'age.required',
  underAge: 'age.under_minimum',
  ageAlreadySet: 'age.already_set',
  idempotencyInvalidKey: 'idempotency.invalid_key',
  idempotencyKeyReused: 'idempotency.key_reused',
  contentUnsafe: 'content.unsafe',
  /** The current password given to confirm a sensitive action (account deletion) is not the account's. */
  passwordIncorrect: 'auth.password_incorrect',
  /** A token of a deleted account (its tombstone): it cannot re-create the user. */
  accountDeleted: 'auth.account_deleted',
  /** The local API server could not reach a function (local stack only). */
  badGateway: 'bad_gateway',
  /** Too many concurrent writes to the same records outlasted the retries (503); nothing was written. */
  busy: 'busy',
  /** Outfits and variants (shared/domain/outfit.ts). */
  outfitSlotConflict: 'outfit.slot_conflict',
  outfitPieces: 'outfit.pieces',
  variantsRange: 'variants.out_of_range',
  variantsNotReady: 'variants.not_ready',
  /** The full-body check (shared/domain/body-check.ts): refused, or not answered yet. */
  photoNotFullBody: 'photo.not_full_body',
  photoChecking: 'photo.checking',
  /** The Fitly engine does not place accessories (docs/decisions.md). */
  engineAccessory: 'outfit.accessory_unsupported',
  /** An uploaded garment image with no garment the engine can find (before any spend). */
  garmentNotFound: 'garment.not_found',
  /** A garment given as a photo of a model wearing it, which the engine does not take off the model (before any spend). */
  garmentOnModel: 'garment.on_model',
} as const;

export const BUSY_MESSAGE = 'Too many requests at once. Please try again.';

export interface ErrorBody {
  message: string;
  code: string;
}

export class HttpError extends Error {
  readonly status: number;
  readonly code: string;
  /** Fields the body carries beside message and code (e.g. the running export of a 409 export.in_progress). */
  readonly details?: Record<string, unknown>;
  constructor(status: number, code: string, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
  toBody(): ErrorBody & Record<string, unknown> {
    return { ...this.details, message: this.message, code: this.code };
  }
}

export const badRequest = (message: string, code: string = ERROR_CODES.badRequest) => new HttpError(400, code, message);
export const unauthorized = (message = 'Unauthorized') => new HttpError(401, ERROR_CODES.unauthorized, message);
export const forbidden = (message = 'Forbidden') => new HttpError(403, ERROR_CODES.forbidden, message);
export const notFound = (message = 'Not found') => new HttpError(404, ERROR_CODES.notFound, message);
export const conflict = (message: string, code: string = ERROR_CODES.conflict) => new HttpError(409, code, message);
export const accountInactive = (message = 'This account is no longer active') =>
  new HttpError(401, ERROR_CODES.accountInactive, message);

/** What a caught value says about itself (see thrownInfo). */
export interface ThrownInfo {
  name?: string;
  message?: string;
  /** S3's XML error code (`Code`), next to `name` on some SDK errors */
  code?: string;
  /** the AWS SDK's `$metadata.httpStatusCode` */
  httpStatus?: number;
  /** the AWS SDK's whole `$metadata` */
  metadata?: object;
}

/**
 * Read a caught value with checks instead of asserting that it is an Error: AWS SDK v3 exceptions are named
 * after the service's exception (`name`) and carry `$metadata`; anything can be thrown. A field that is absent or
 * of another type is undefined (a thrown string or null gives {}).
 */
export function thrownInfo(err: unknown): ThrownInfo {
  if (typeof err !== 'object' || err === null) return {};
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const metadata = '$metadata' in err && typeof err.$metadata === 'object' && err.$metadata ? err.$metadata : undefined;
  const status = metadata && 'httpStatusCode' in metadata ? metadata.httpStatusCode : undefined;
  return {
    name: 'name' in err ? text(err.name) : undefined,
    message: 'message' in err ? text(err.message) : undefined,
    code: 'Code' in err ? text(err.Code) : undefined,
    httpStatus: typeof status === 'number' ? status : undefined,
    metadata,
  };
}
