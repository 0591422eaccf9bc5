/**
 * FASHN's webhook, whole (declared in shared/routes/generations.ts, POST /api/providers/fashn/webhook): the URL
 * we give with each prediction (signed per generation with a key derived from the FASHN API key), its check,
 * and the route's answer. Kept apart from the render queue so the API's webhook route stays small; the job it
 * hands over is finished by render-webhook-intake.ts in a render worker.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { unauthorized } from '../../../shared/errors';
import { loadProviderKeys, type ProviderKeys } from '../providers';
import { invokeRenderWorker, type RenderWorkerEvent } from './render-invoker';

/** The provider's webhook for this generation (FASHN calls it when the prediction ends), when we have a public origin. */
export function webhookUrl(generationId: string, secret: string | undefined): string | undefined {
  const origin = process.env.PUBLIC_ORIGIN?.replace(/\/$/, '');
  if (!origin || !secret) return undefined;
  return `${origin}/api/providers/fashn/webhook?generation=${encodeURIComponent(generationId)}&sig=${webhookSignature(generationId, secret)}`;
}

export function webhookSignature(generationId: string, secret: string): string {
  return createHmac('sha256', `webhook:${secret}`).update(generationId).digest('base64url');
}

/** What the webhook works with: the provider keys and the render worker it hands the job to. */
export interface FashnWebhookDeps {
  keys: () => Promise<Pick<ProviderKeys, 'fashnApiKey'>>;
  invokeWorker: (event: RenderWorkerEvent) => Promise<void>;
}

const production: FashnWebhookDeps = { keys: loadProviderKeys, invokeWorker: invokeRenderWorker };

/**
 * FASHN's webhook (POST /api/providers/fashn/webhook?generation=&sig=): checks the URL's signature and hands
 * the job to a render worker, which re-reads the prediction from FASHN (the body is never trusted: its `id`
 * only tells the worker which prediction ended, see completeAsyncRender). False when the signature is wrong.
 */
export async function acceptFashnWebhook(
  generationId: string,
  sig: string,
  body?: unknown,
  deps: FashnWebhookDeps = production,
): Promise<boolean> {
  const keys = await deps.keys();
  if (!keys.fashnApiKey || !generationId || !sig) return false;
  const expected = Buffer.from(webhookSignature(generationId, keys.fashnApiKey));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  const id = typeof body === 'object' && body !== null && 'id' in body ? body.id : undefined;
  const predictionId = typeof id === 'string' && /^[\w-]{1,128}$/.test(id) ? id : undefined;
  await deps.invokeWorker({ generationId, provider: 'fashn', action: 'complete', predictionId });
  return true;
}

/** The route's answer: 200 `{ received: true }` once handed over; 401 when the signature is wrong. */
export async function receiveFashnWebhook(
  query: { generation?: string; sig?: string },
  body: unknown,
  deps: FashnWebhookDeps = production,
): Promise<{ received: true }> {
  if (!(await acceptFashnWebhook(query.generation ?? '', query.sig ?? '', body, deps)))
    throw unauthorized('Invalid webhook signature');
  return { received: true };
}
