/**
 * HTTP fakes of the outside image providers, following their documented request and response shapes
 * (FASHN: POST /v1/run, GET /v1/status/{id}; Gemini: POST /v1beta/models/{model}:generateContent).
 * A request that does not match the documented shape is answered 400 and recorded in `violations`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

export interface Fake {
  url: string;
  requests: { method: string; path: string; body: any; headers: http.IncomingHttpHeaders }[];
  violations: string[];
  close(): Promise<void>;
}

type Answer = { status: number; body: unknown };
async function serve(
  handler: (req: http.IncomingMessage, body: any, fake: Fake) => Answer | Promise<Answer>,
): Promise<Fake> {
  const fake = { requests: [], violations: [] } as unknown as Fake;
  const server = http.createServer(
    (req, res) =>
      void (async () => {
        const chunks: Buffer[] = [];
        for await (const c of req) chunks.push(c as Buffer);
        const raw = Buffer.concat(chunks).toString();
        let body: any = null;
        try {
          body = raw ? JSON.parse(raw) : null;
        } catch {
          fake.violations.push('body is not JSON');
        }
        fake.requests.push({ method: req.method ?? '', path: req.url ?? '', body, headers: req.headers });
        const out = await handler(req, body, fake);
        res.writeHead(out.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(out.body));
      })(),
  );
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise((r) => {
      server.close(() => r());
      server.closeAllConnections();
    });
  return fake;
}

export const fakeResultPng = () =>
  sharp({ create: { width: 64, height: 80, channels: 3, background: '#3a6ea5' } })
    .png()
    .toBuffer();

const isImageRef = (v: unknown) =>
  typeof v === 'string' && (/^data:image\/[\w+.-]+;base64,/.test(v) || /^https?:\/\//.test(v));

export interface FashnFakeOptions {
  apiKey: string;
  /** Answer /v1/run with 429 RateLimitExceeded this many times first. */
  throttleRuns?: number;
  /** Report the prediction as failed with this runtime error name. */
  failWith?: string;
  /** Only the Nth /v1/run (1-based) fails with `failWith` (e.g. step 2 of a chained outfit). */
  failRun?: number;
  /** Status polls answered "processing" before "completed". */
  pollsBeforeDone?: number;
  /**
   * FASHN's webhook delivery: when /v1/run carries ?webhook_url=..., the prediction ends right away and the
   * fake POSTs the final status payload to that URL through this function (tests route it to our handler).
   * Without it no webhook is sent (the fallback poll must finish the job).
   */
  deliver?: (url: string, payload: unknown) => Promise<unknown>;
}

export async function startFashnFake(o: FashnFakeOptions): Promise<Fake & { runs: number; webhookUrls: string[] }> {
  const png = (await fakeResultPng()).toString('base64');
  let throttled = 0;
  const polls = new Map<string, number>();
  let counter = 0;
  const samples = new Map<string, number>();
  const fails = (id: string) => !!o.failWith && (o.failRun === undefined || id === `pred-${o.failRun}`);
  const final = (id: string) =>
    fails(id)
      ? { id, status: 'failed', output: null, error: { name: o.failWith, message: `${o.failWith} happened` } }
      : {
          id,
          status: 'completed',
          output: Array.from({ length: samples.get(id) ?? 1 }, () => `data:image/png;base64,${png}`),
          error: null,
        };
  const fake = (await serve((req, body, f) => {
    if (req.headers.authorization !== `Bearer ${o.apiKey}`)
      return { status: 401, body: { error: 'UnauthorizedAccess' } };
    const [reqPath, reqQuery = ''] = (req.url ?? '').split('?');
    if (req.method === 'POST' && reqPath === '/v1/run') {
      (fake as any).runs = ((fake as any).runs ?? 0) + 1;
      const i = body?.inputs ?? {};
      const problems = [
        typeof body?.model_name !== 'string' && 'model_name missing',
        !isImageRef(i.model_image) && 'inputs.model_image must be a URL or base64 data URI',
        !isImageRef(i.garment_image) && 'inputs.garment_image must be a URL or base64 data URI',
        i.category !== undefined &&
          !['auto', 'tops', 'bottoms', 'one-pieces'].includes(i.category) &&
          'inputs.category invalid',
        i.mode !== undefined && !['performance', 'balanced', 'quality'].includes(i.mode) && 'inputs.mode invalid',
        i.garment_photo_type !== undefined &&
          !['auto', 'flat-lay', 'model'].includes(i.garment_photo_type) &&
          'inputs.garment_photo_type invalid',
        i.num_samples !== undefined &&
          !(Number.isInteger(i.num_samples) && i.num_samples >= 1 && i.num_samples <= 4) &&
          'inputs.num_samples must be 1 to 4',
      ].filter(Boolean) as string[];
      if (problems.length) {
        f.violations.push(...problems);
        return { status: 400, body: { error: 'BadRequest', message: problems.join('; ') } };
      }
      if (throttled < (o.throttleRuns ?? 0)) {
        throttled++;
        return { status: 429, body: { error: 'RateLimitExceeded', message: 'Too many requests' } };
      }
      const id = `pred-${++counter}`;
      polls.set(id, 0);
      samples.set(id, i.num_samples ?? 1);
      const webhookUrl = new URLSearchParams(reqQuery).get('webhook_url');
      if (webhookUrl) (fake as any).webhookUrls.push(webhookUrl);
      if (webhookUrl && o.deliver) {
        polls.set(id, Number.MAX_SAFE_INTEGER / 2); // the prediction has ended
        const payload = final(id);
        setTimeout(
          () =>
            void o.deliver!(webhookUrl, payload).catch((err) => f.violations.push(`webhook delivery failed: ${err}`)),
          10,
        );
      }
      return { status: 200, body: { id, error: null } };
    }
    const m = /^\/v1\/status\/([\w-]+)$/.exec(req.url ?? '');
    const id = m?.[1];
    if (req.method === 'GET' && id) {
      if (!polls.has(id)) return { status: 404, body: { error: 'NotFound' } };
      const n = polls.get(id)! + 1;
      polls.set(id, n);
      if (n <= (o.pollsBeforeDone ?? 1))
        return { status: 200, body: { id, status: 'processing', output: null, error: null } };
      return { status: 200, body: final(id) };
    }
    return { status: 404, body: { error: 'NotFound' } };
  })) as Fake & { runs: number; webhookUrls: string[] };
  fake.runs = 0;
  fake.webhookUrls = [];
  return fake;
}

export async function startGeminiFake(o: {
  apiKey: string;
  blockReason?: string;
  status?: number;
  /** Answer this long after the request (a slow render). */
  delayMs?: number;
  /** The first N answers carry bytes that are not an image (storing the result then throws: a crash mid-render). */
  corruptFirst?: number;
}): Promise<Fake> {
  const png = (await fakeResultPng()).toString('base64');
  let answered = 0;
  return serve(async (req, body, f) => {
    if (o.delayMs) await new Promise((r) => setTimeout(r, o.delayMs));
    if (req.headers['x-goog-api-key'] !== o.apiKey)
      return { status: 403, body: { error: { code: 403, status: 'PERMISSION_DENIED', message: 'API key not valid' } } };
    if (req.method !== 'POST' || !/^\/v1beta\/models\/[\w.-]+:generateContent$/.test(req.url ?? ''))
      return { status: 404, body: { error: { code: 404, status: 'NOT_FOUND' } } };
    const parts = body?.contents?.[0]?.parts;
    const problems = [
      !Array.isArray(parts) && 'contents[0].parts missing',
      Array.isArray(parts) && !parts.some((p: any) => typeof p.text === 'string') && 'no text part',
      Array.isArray(parts) &&
        !parts.some((p: any) => (p.inline_data ?? p.inlineData)?.data && (p.inline_data ?? p.inlineData)?.mime_type) &&
        'no inline_data image part',
    ].filter(Boolean) as string[];
    if (problems.length) {
      f.violations.push(...problems);
      return { status: 400, body: { error: { code: 400, status: 'INVALID_ARGUMENT', message: problems.join('; ') } } };
    }
    if (o.status)
      return {
        status: o.status,
        body: { error: { code: o.status, status: o.status === 429 ? 'RESOURCE_EXHAUSTED' : 'INTERNAL' } },
      };
    if (o.blockReason) return { status: 200, body: { promptFeedback: { blockReason: o.blockReason } } };
    const data = answered++ < (o.corruptFirst ?? 0) ? Buffer.from('this is not an image').toString('base64') : png;
    // generationConfig.candidateCount (variants): that many candidates, each with an image
    const count = Math.max(1, Number(body?.generationConfig?.candidateCount ?? 1));
    const candidate = {
      content: { role: 'model', parts: [{ text: 'Here you go' }, { inlineData: { mimeType: 'image/png', data } }] },
      finishReason: 'STOP',
    };
    return { status: 200, body: { candidates: Array.from({ length: count }, () => candidate) } };
  });
}
