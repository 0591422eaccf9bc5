/**
 * FASHN (Exact mode): POST /v1/run then GET /v1/status/{id} (docs.fashn.ai). Rate and concurrency limits
 * (429) are thrown as ProviderThrottled for the workflow's retry with backoff; runtime failures reported by
 * /status (ImageLoadError, NSFWError, PoseError, ...) end the generation with a readable message.
 */
import { thrownInfo } from '../../../shared/errors';
import type { ImageProvider, RenderOutcome, RenderRequest } from './types';
import { ProviderRejected, ProviderThrottled, ProviderTimeout } from './types';

export interface FashnConfig {
  apiKey: string;
  baseUrl?: string;
  model?: string;
  timeoutMs?: number;
}

const RUNTIME_MESSAGES: Record<string, string> = {
  ImageLoadError: 'The provider could not read one of the photos. Try another photo.',
  NSFWError: 'The image was flagged as inappropriate by the provider and was not generated.',
  PhotoTypeError: 'The outfit photo type could not be recognised. Try another outfit image.',
  PoseError: 'The pose in the full-body photo could not be detected. Try a clearer full-body photo.',
  ContentModerationError: 'The image was refused by content moderation.',
  PipelineError: 'The provider failed to render this look. Please try again.',
  ThirdPartyError: 'The provider failed to render this look. Please try again.',
};

const dataUri = (b: Buffer, type: string) => `data:${type};base64,${b.toString('base64')}`;

export function createFashnProvider(cfg: FashnConfig): ImageProvider {
  const base = (cfg.baseUrl ?? 'https://api.fashn.ai').replace(/\/$/, '');
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${cfg.apiKey}` };

  async function call(path: string, init: RequestInit): Promise<Record<string, any>> {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, { ...init, headers, signal: AbortSignal.timeout(cfg.timeoutMs ?? 20_000) });
    } catch (err) {
      throw new ProviderTimeout(`FASHN did not answer: ${thrownInfo(err).message}`);
    }
    const text = await res.text();
    let body: Record<string, any> = {};
    try {
      body = text ? JSON.parse(text) : {};
    } catch {
      /* not JSON */
    }
    if (res.status === 429) {
      const name = body?.error?.name ?? body?.error ?? 'RateLimitExceeded';
      if (name === 'OutOfCredits')
        throw new ProviderRejected('The image provider is out of credits. Please try again later.');
      throw new ProviderThrottled(`FASHN ${name}`);
    }
    if (res.status >= 500) throw new ProviderTimeout(`FASHN server error ${res.status}`);
    if (!res.ok)
      throw new ProviderRejected(
        `The image provider refused the request (${res.status} ${body?.error?.name ?? body?.error ?? ''})`.trim(),
      );
    return body;
  }

  return {
    name: 'fashn',
    multiGarment: false,
    async submit(req: RenderRequest): Promise<RenderOutcome> {
      if (!req.garment) throw new ProviderRejected('Exact mode needs an outfit image');
      // FASHN posts the prediction's final status to webhook_url (a query parameter of /v1/run).
      const path = req.webhookUrl ? `/v1/run?webhook_url=${encodeURIComponent(req.webhookUrl)}` : '/v1/run';
      const body = await call(path, {
        method: 'POST',
        body: JSON.stringify({
          model_name: cfg.model ?? 'tryon-v1.6',
          inputs: {
            model_image: dataUri(req.person.bytes, req.person.contentType),
            garment_image: dataUri(req.garment.bytes, req.garment.contentType),
            category:
              req.slot === 'top' || req.slot === 'outerwear'
                ? 'tops'
                : req.slot === 'bottom'
                  ? 'bottoms'
                  : req.slot === 'one-piece'
                    ? 'one-pieces'
                    : 'auto',
            mode: 'balanced',
            garment_photo_type: req.garmentPhotoType,
            // The result comes back inline, so we never fetch a URL handed to us by a third party.
            return_base64: true,
            // variants: several samples of the same try-on (1 to 4)
            ...((req.samples ?? 1) > 1 ? { num_samples: req.samples } : {}),
          },
        }),
      });
      if (body.error)
        throw new ProviderRejected(RUNTIME_MESSAGES[body.error?.name] ?? 'The image provider refused the request');
      if (typeof body.id !== 'string') throw new ProviderTimeout('FASHN returned no prediction id');
      return { status: 'pending', jobId: body.id, pollAfterSeconds: 3 };
    },
    async poll(jobId: string): Promise<RenderOutcome> {
      const body = await call(`/v1/status/${encodeURIComponent(jobId)}`, { method: 'GET' });
      if (body.status === 'completed') {
        const outs = (Array.isArray(body.output) ? body.output : []).filter(
          (o: unknown): o is string => typeof o === 'string',
        );
        if (!outs.length) throw new ProviderRejected('The image provider returned no image');
        const inlines = outs.map((o: string) => /^data:([\w/+.-]+);base64,(.+)$/s.exec(o));
        if (inlines.every(Boolean)) {
          const images = inlines.map((m: RegExpExecArray | null) => ({
            bytes: Buffer.from(m![2]!, 'base64'),
            contentType: m![1]!,
          }));
          return { status: 'done', image: images[0]!, more: images.slice(1) };
        }
        return { status: 'done', imageUrl: outs[0]!, moreUrls: outs.slice(1) };
      }
      if (body.status === 'failed') {
        const name: unknown = body.error?.name;
        throw new ProviderRejected(
          (typeof name === 'string' ? name && RUNTIME_MESSAGES[name] : undefined) ??
            body.error?.message ??
            'The image provider failed to render this look',
        );
      }
      return { status: 'pending', jobId, pollAfterSeconds: 3 };
    },
  };
}
