/**
 * The capacity model (docs/capacity.md) as code: what a stage is sized for, and the provider slots and API
 * throttles that follow from it. The stage config (./stage-config.ts) takes its numbers from here, and the tables
 * of docs/capacity.md are generated from here (`npx tsx infra/ops/capacity-doc.ts --write`;
 * test/infra/capacity-doc.test.ts fails when the doc and the code disagree). No CDK import: the doc generator
 * and the tests run it as plain TypeScript.
 */
import { PROVIDER_CONCURRENCY, PROVIDER_NAMES, type ProviderName } from '../../shared/domain/render-queue';

/** What one stage is built to carry. */
export interface CapacityTarget {
  /** Looks (generations) a day. */
  looksPerDay: number;
  /**
   * Views a second of one viral shared look that the API must answer at once (each view's JSON, GET
   * /api/l/{token}, reaches the origin: it carries the viewer's own vote; the page and the images are cached at
   * the edge). 0: not planned for (dev).
   */
  viralShareViewsPerSecond: number;
}

/** A day's traffic runs in its busy hours: the peak rate is this multiple of the day's average (assumption). */
export const PEAK_FACTOR = 3;
/** API requests per look: the start, ~3 gallery polls, the result URL (bench: `apiRequests` in render-queue.ts). */
export const API_REQUESTS_PER_LOOK = 5;
/**
 * Seconds a look holds one of the provider's slots (the slot is taken at the claim and freed when the result is
 * stored). FASHN: 10-20 s a prediction (the figure; 15 s used); Gemini: an image model's call, ~10-15 s
 * (assumption); the Fitly engine: ~1.3-1.7 s of CPU on the render worker plus storing (bench `engine`).
 */
export const PROVIDER_SECONDS_PER_LOOK: Record<ProviderName, number> = { fashn: 15, gemini: 12, engine: 2 };
/** The render worker's time per look with a provider answering in 2 s (bench, render queue), for its concurrency. */
export const RENDER_WORKER_SECONDS_PER_LOOK = 2.2;
/** An API request's duration in its function (bench, render queue: ~80 ms at 512 MB). */
export const API_SECONDS_PER_REQUEST = 0.08;
/** The smallest API throttle of any stage (a developer's own clicking must never meet it). */
export const MIN_API_THROTTLE = { rateLimit: 50, burstLimit: 100 } as const;

export const peakLooksPerSecond = (t: Pick<CapacityTarget, 'looksPerDay'>): number =>
  (t.looksPerDay / 86_400) * PEAK_FACTOR;

const roundUp = (n: number, step: number) => Math.ceil(n / step) * step;

/**
 * Slots per provider: enough for the whole peak on that provider (whichever mode the stage gives it), never below
 * the code's defaults (PROVIDER_CONCURRENCY). The provider's own account must allow as many concurrent jobs
 * (FASHN's default is 6): `-c providerConcurrency=fashn:6` caps a stage to its contract (./stage-config.ts).
 */
export function providerSlots(t: CapacityTarget): Record<ProviderName, number> {
  const peak = peakLooksPerSecond(t);
  return Object.fromEntries(
    PROVIDER_NAMES.map((p) => [p, Math.max(PROVIDER_CONCURRENCY[p], Math.ceil(peak * PROVIDER_SECONDS_PER_LOOK[p]))]),
  ) as Record<ProviderName, number>;
}

/** API requests a second at peak: the looks' own requests plus one viral share's views. */
export const peakApiRequestsPerSecond = (t: CapacityTarget): number =>
  peakLooksPerSecond(t) * API_REQUESTS_PER_LOOK + t.viralShareViewsPerSecond;

/** The HTTP API stage throttle: the peak rounded up to 100 requests a second, burst twice that. */
export function apiThrottle(t: CapacityTarget): { rateLimit: number; burstLimit: number } {
  const rate = Math.max(MIN_API_THROTTLE.rateLimit, roundUp(peakApiRequestsPerSecond(t), 100));
  return { rateLimit: rate, burstLimit: Math.max(MIN_API_THROTTLE.burstLimit, 2 * rate) };
}

/** Lambda concurrency at peak: API functions and render workers (a synchronous provider's wait included). */
export function peakConcurrency(t: CapacityTarget): { api: number; renderWorker: number } {
  return {
    api: Math.ceil(peakApiRequestsPerSecond(t) * API_SECONDS_PER_REQUEST),
    renderWorker: Math.ceil(peakLooksPerSecond(t) * RENDER_WORKER_SECONDS_PER_LOOK),
  };
}

/**
 * `-c providerConcurrency=fashn:6,gemini:20`: caps (or raises) a provider's slots to what its account allows.
 * Unknown providers and non-positive numbers are refused.
 */
export function parseProviderConcurrency(text: string | undefined): Partial<Record<ProviderName, number>> {
  if (!text) return {};
  const out: Partial<Record<ProviderName, number>> = {};
  for (const part of text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [name = '', value = ''] = part.split(':').map((s) => s.trim());
    const n = Number(value);
    if (!(PROVIDER_NAMES as readonly string[]).includes(name) || !Number.isInteger(n) || n < 1)
      throw new Error(
        `-c providerConcurrency=${text}: use provider:slots pairs, e.g. fashn:6,gemini:20 (providers: ${PROVIDER_NAMES.join(', ')})`,
      );
    out[name as ProviderName] = n;
  }
  return out;
}

/** The environment that carries the slots to every function (read by slotPolicy in shared/domain/render-queue.ts). */
export const providerConcurrencyEnv = (slots: Record<ProviderName, number>): Record<string, string> =>
  Object.fromEntries(PROVIDER_NAMES.map((p) => [`PROVIDER_CONCURRENCY_${p.toUpperCase()}`, String(slots[p])]));
