/**
 * Gemini (Creative mode): image editing through generateContent with the prompt text and inline images;
 * the image comes back inline (candidates[0].content.parts[].inlineData). Synchronous.
 */
import { thrownInfo } from '../../../shared/errors';
import type { ImageProvider, RenderOutcome, RenderRequest } from './types';
import { ProviderRejected, ProviderThrottled, ProviderTimeout } from './types';

export interface GeminiConfig {
  apiKey: string;
  baseUrl?: string;
  model?: string;
  timeoutMs?: number;
}

export function createGeminiProvider(cfg: GeminiConfig): ImageProvider {
  const base = (cfg.baseUrl ?? 'https://generativelanguage.googleapis.com').replace(/\/$/, '');
  const model = cfg.model ?? 'gemini-2.5-flash-image';
  return {
    name: 'gemini',
    multiGarment: true,
    async submit(req: RenderRequest): Promise<RenderOutcome> {
      const garments = req.garments?.length
        ? req.garments
        : req.garment
          ? [{ image: req.garment, slot: null, photoType: req.garmentPhotoType }]
          : [];
      const outfitText =
        garments.length > 1
          ? ` The outfit has ${garments.length} pieces, given in layering order after the person: ${garments.map((g, i) => `${i + 1}. ${g.slot ?? 'piece'}`).join(', ')}. Dress the person in all of them at once, layered in that order.`
          : '';
      const parts: Record<string, unknown>[] = [
        {
          text:
            (req.prompt ??
              'Show the person in the first image wearing the outfit from the second image. Keep the face and body identical.') +
            outfitText,
        },
        { inline_data: { mime_type: req.person.contentType, data: req.person.bytes.toString('base64') } },
      ];
      for (const g of garments)
        parts.push({ inline_data: { mime_type: g.image.contentType, data: g.image.bytes.toString('base64') } });
      if (req.background)
        parts.push({
          inline_data: { mime_type: req.background.contentType, data: req.background.bytes.toString('base64') },
        });
      const wanted = Math.max(1, req.samples ?? 1);
      const images: { bytes: Buffer; contentType: string }[] = [];
      // several candidates per call; a model that answers fewer is asked again for the rest (bounded)
      for (let call = 0; images.length < wanted && call < wanted; call++) {
        const count = wanted - images.length;
        let res: Response;
        try {
          res = await fetch(`${base}/v1beta/models/${model}:generateContent`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-goog-api-key': cfg.apiKey },
            body: JSON.stringify({
              contents: [{ role: 'user', parts }],
              generationConfig: { responseModalities: ['IMAGE'], ...(count > 1 ? { candidateCount: count } : {}) },
            }),
            signal: AbortSignal.timeout(cfg.timeoutMs ?? 60_000),
          });
        } catch (err) {
          throw new ProviderTimeout(`Gemini did not answer: ${thrownInfo(err).message}`);
        }
        const body = (await res.json().catch(() => ({}))) as Record<string, any>;
        if (res.status === 429) throw new ProviderThrottled(`Gemini ${body?.error?.status ?? 'RESOURCE_EXHAUSTED'}`);
        if (res.status >= 500) throw new ProviderTimeout(`Gemini server error ${res.status}`);
        if (!res.ok)
          throw new ProviderRejected(`The image provider refused the request (${body?.error?.message ?? res.status})`);
        if (body.promptFeedback?.blockReason)
          throw new ProviderRejected("The request was blocked by the provider's safety filters.");
        const candidates: any[] = body.candidates ?? [];
        for (const candidate of candidates) {
          const image = (candidate?.content?.parts ?? []).find((p: any) => p.inlineData?.data || p.inline_data?.data);
          if (!image) continue;
          const inline = image.inlineData ?? image.inline_data;
          images.push({
            bytes: Buffer.from(inline.data, 'base64'),
            contentType: inline.mimeType ?? inline.mime_type ?? 'image/png',
          });
        }
        if (!images.length) {
          if (candidates.some((c) => c?.finishReason === 'SAFETY' || c?.finishReason === 'PROHIBITED_CONTENT'))
            throw new ProviderRejected("The request was blocked by the provider's safety filters.");
          throw new ProviderRejected('The image provider returned no image');
        }
      }
      if (images.length < wanted) throw new ProviderRejected('The image provider returned fewer images than asked for');
      const all = images.slice(0, wanted);
      return { status: 'done', image: all[0]!, more: all.slice(1) };
    },
    async poll(): Promise<RenderOutcome> {
      throw new Error('Gemini renders synchronously');
    },
  };
}
