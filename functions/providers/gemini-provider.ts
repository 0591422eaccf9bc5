/**
 * Gemini (Creative mode): image editing through generateContent with the prompt text and inline images;
 * the image comes back inline (candidates[0].content.parts[].inlineData). Synchronous.
 */
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
    async submit(req: RenderRequest): Promise<RenderOutcome> {
      const parts: Record<string, unknown>[] = [
        { text: req.prompt ?? 'Show the person in the first image wearing the outfit from the second image. Keep the face and body identical.' },
        { inline_data: { mime_type: req.person.contentType, data: req.person.bytes.toString('base64') } },
      ];
      if (req.garment) parts.push({ inline_data: { mime_type: req.garment.contentType, data: req.garment.bytes.toString('base64') } });
      if (req.background) parts.push({ inline_data: { mime_type: req.background.contentType, data: req.background.bytes.toString('base64') } });
      let res: Response;
      try {
        res = await fetch(`${base}/v1beta/models/${model}:generateContent`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-goog-api-key': cfg.apiKey },
          body: JSON.stringify({ contents: [{ role: 'user', parts }], generationConfig: { responseModalities: ['IMAGE'] } }),
          signal: AbortSignal.timeout(cfg.timeoutMs ?? 60_000),
        });
      } catch (err) {
        throw new ProviderTimeout(`Gemini did not answer: ${(err as Error).message}`);
      }
      const body = (await res.json().catch(() => ({}))) as Record<string, any>;
      if (res.status === 429) throw new ProviderThrottled(`Gemini ${body?.error?.status ?? 'RESOURCE_EXHAUSTED'}`);
      if (res.status >= 500) throw new ProviderTimeout(`Gemini server error ${res.status}`);
      if (!res.ok) throw new ProviderRejected(`The image provider refused the request (${body?.error?.message ?? res.status})`);
      if (body.promptFeedback?.blockReason) throw new ProviderRejected('The request was blocked by the provider\'s safety filters.');
      const candidate = body.candidates?.[0];
      const image = (candidate?.content?.parts ?? []).find((p: any) => p.inlineData?.data || p.inline_data?.data);
      if (!image) {
        if (candidate?.finishReason === 'SAFETY' || candidate?.finishReason === 'PROHIBITED_CONTENT')
          throw new ProviderRejected('The request was blocked by the provider\'s safety filters.');
        throw new ProviderRejected('The image provider returned no image');
      }
      const inline = image.inlineData ?? image.inline_data;
      return { status: 'done', image: { bytes: Buffer.from(inline.data, 'base64'), contentType: inline.mimeType ?? inline.mime_type ?? 'image/png' } };
    },
    async poll(): Promise<RenderOutcome> {
      throw new Error('Gemini renders synchronously');
    },
  };
}
