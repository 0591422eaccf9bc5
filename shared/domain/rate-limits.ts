/**
 * Every rate limit of the product, one place (issue 40, item 8): fixed windows counted in DynamoDB (one counter
 * item per action, subject and window, expiring with TTL), per signed-in user (or anonymous viewer) and per
 * client address. Per IP is looser than per user: several people may share one address (an office, a mobile
 * carrier). A request over a limit is a 429 `rate_limited` with Retry-After (the seconds until its window ends).
 *
 * - share.*: shared looks (links, votes, reactions, reports), enforced by the shares service.
 * - media.*: routes that make the server do image or model work for free (no credit is spent): a photo
 *   profile's photos (image pipeline, content check and the full-body check on the engine), uploads (image
 *   pipeline and content check), and fetching a remote image. Enforced by the request pipeline for every route
 *   whose entry names the action (`rateLimit` in shared/routes).
 */
export type RateAction =
  'share.create' | 'share.vote' | 'share.reaction' | 'share.report' | 'media.photo' | 'media.upload' | 'media.fetch';
export type RateSubject = 'user' | 'ip';
export const RATE_ACTIONS = [
  'share.create',
  'share.vote',
  'share.reaction',
  'share.report',
  'media.photo',
  'media.upload',
  'media.fetch',
] as const satisfies readonly RateAction[];

export interface RateRule {
  /** Length of a fixed window, seconds. */
  windowSeconds: number;
  /** Most requests per window and subject. */
  limit: Record<RateSubject, number>;
}

export const RATE_LIMITS: Record<RateAction, RateRule> = {
  'share.create': { windowSeconds: 3600, limit: { user: 20, ip: 60 } },
  'share.vote': { windowSeconds: 600, limit: { user: 30, ip: 120 } },
  'share.reaction': { windowSeconds: 600, limit: { user: 10, ip: 60 } },
  'share.report': { windowSeconds: 3600, limit: { user: 5, ip: 20 } },
  // A new profile is one request with two photos; a person fixing refused photos tries several times.
  'media.photo': { windowSeconds: 600, limit: { user: 30, ip: 90 } },
  // Outfit and style images, the avatar, direct uploads and their finalize: a style with several pictures.
  'media.upload': { windowSeconds: 60, limit: { user: 20, ip: 60 } },
  // A product page or image fetched from the web (SSRF-guarded), then processed.
  'media.fetch': { windowSeconds: 60, limit: { user: 10, ip: 30 } },
};

export const RATE_MESSAGES = {
  'share.create': 'You are creating share links too quickly. Please wait a while and try again.',
  'share.vote': 'Too many votes in a short time. Please wait a few minutes and try again.',
  'share.reaction': 'Too many reactions in a short time. Please wait a few minutes and try again.',
  'share.report': 'Too many reports in a short time. Please try again later.',
  'media.photo': 'Too many photo changes in a short time. Please wait a few minutes and try again.',
  'media.upload': 'Too many uploads in a short time. Please wait a minute and try again.',
  'media.fetch': 'Too many images fetched in a short time. Please wait a minute and try again.',
} as const satisfies Record<RateAction, string>;

/** Start of the window `now` falls in (ISO, second precision). */
export function rateWindowStart(action: RateAction, now = new Date()): string {
  const w = RATE_LIMITS[action].windowSeconds * 1000;
  return new Date(Math.floor(now.getTime() / w) * w).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Seconds until the window `now` falls in ends (Retry-After). */
export function rateRetryAfter(action: RateAction, now = new Date()): number {
  const w = RATE_LIMITS[action].windowSeconds * 1000;
  return Math.max(1, Math.ceil((Math.floor(now.getTime() / w) * w + w - now.getTime()) / 1000));
}

/** True when one more request is allowed after `count` were counted in this window. */
export const withinLimit = (action: RateAction, subject: RateSubject, countAfterThis: number): boolean =>
  countAfterThis <= RATE_LIMITS[action].limit[subject];
