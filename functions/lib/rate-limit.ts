/**
 * Rate limits (rules and texts: shared/domain/rate-limits.ts): count a request per user (or anonymous viewer)
 * and per client address in its fixed window, and refuse it with 429 and Retry-After once either is over.
 * The shares service calls assertRate for its actions; the request pipeline calls routeRateLimiter for every
 * route whose entry names `rateLimit` (functions/lib/http.ts), in the groups that install it.
 */
import { ERROR_CODES, HttpError } from '../../shared/errors';
import {
  RATE_LIMITS,
  RATE_MESSAGES,
  rateRetryAfter,
  rateWindowStart,
  withinLimit,
  type RateAction,
  type RateSubject,
} from '../../shared/domain/rate-limits';
import { userViewerId } from '../../shared/domain/shares';
import { countRequest } from '../../shared/repositories/rate-limit-repository';
import type { Db } from '../../shared/repositories/table';
import { getDb } from './aws';
import { hashIp } from './ip-hash';
import { logger } from './logger';

export interface RateCaller {
  /** `user:<id>` for a signed-in caller, or the anonymous viewer id; null when neither is known yet */
  who: string | null;
  /** salted hash of the caller's IP (hashIp); null when unknown */
  ipHash: string | null;
}

/** 429 `rate_limited`; the pipeline answers it with Retry-After (the seconds until the window ends). */
export class RateLimited extends HttpError {
  readonly retryAfter: number;
  constructor(action: RateAction, retryAfter: number) {
    super(429, ERROR_CODES.rateLimited, RATE_MESSAGES[action]);
    this.retryAfter = retryAfter;
  }
}

/** Count the request per user/viewer and per IP; throws RateLimited (429) once either is over its limit. */
export async function assertRate(db: Db, action: RateAction, caller: RateCaller, now = new Date()): Promise<void> {
  const windowStart = rateWindowStart(action, now);
  const ttl = Math.floor(new Date(windowStart).getTime() / 1000) + RATE_LIMITS[action].windowSeconds + 3600;
  const subjects: [RateSubject, string | null][] = [
    ['user', caller.who],
    ['ip', caller.ipHash],
  ];
  for (const [subject, who] of subjects) {
    if (!who) continue;
    const count = await countRequest(db, action, subject, who, windowStart, ttl);
    if (!withinLimit(action, subject, count)) {
      logger.warn('rate limited', { action, subject, count });
      throw new RateLimited(action, rateRetryAfter(action, now));
    }
  }
}

/** What the pipeline knows of a caller when it checks a route's limit. */
export interface RouteCaller {
  userId: string | null;
  clientIp: string | null;
}
export type RouteRateLimiter = (action: RateAction, caller: RouteCaller) => Promise<void>;

/**
 * A loopback address names no one: behind CloudFront a viewer never has one, and on the local stack every caller
 * does (one machine), so it is not counted per address (each user still is).
 */
export const isLoopback = (ip: string | null): boolean =>
  !!ip && (/^127\./.test(ip) || ip === '::1' || ip === '::ffff:127.0.0.1');

/** The pipeline's limiter: the signed-in user (as `user:<id>`, like the shares' counters) and the client's IP. */
export const routeRateLimiter: RouteRateLimiter = async (action, caller) =>
  assertRate(getDb(), action, {
    who: caller.userId ? userViewerId(caller.userId) : null,
    ipHash: isLoopback(caller.clientIp) ? null : await hashIp(caller.clientIp),
  });
