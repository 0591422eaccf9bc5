/**
 * The Rekognition adapter against an HTTP fake of DetectModerationLabels (AWS JSON 1.1 protocol, the
 * documented request and response shapes), and the local nsfwjs adapter on real pixels.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localModerator, rekognitionModerator } from './moderation';

interface Seen {
  target: string;
  contentType: string;
  authorization: string;
  body: any;
}

let server: http.Server;
let url: string;
const seen: Seen[] = [];
let answer: { status: number; body: unknown } = { status: 200, body: { ModerationLabels: [] } };

beforeAll(async () => {
  server = http.createServer(
    (req, res) =>
      void (async () => {
        const chunks: Buffer[] = [];
        for await (const c of req) chunks.push(c as Buffer);
        seen.push({
          target: String(req.headers['x-amz-target']),
          contentType: String(req.headers['content-type']),
          authorization: String(req.headers.authorization ?? ''),
          body: JSON.parse(Buffer.concat(chunks).toString() || 'null'),
        });
        res.writeHead(answer.status, { 'content-type': 'application/x-amz-json-1.1' });
        res.end(JSON.stringify(answer.body));
      })(),
  );
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const photo = (w = 1600, h = 1200) =>
  sharp({ create: { width: w, height: h, channels: 4, background: { r: 200, g: 120, b: 60, alpha: 0.5 } } })
    .png()
    .toBuffer();

describe('Rekognition adapter (HTTP fake)', () => {
  it('sends the documented DetectModerationLabels request: signed, JSON 1.1, a JPEG of at most 1024 px in Image.Bytes, MinConfidence', async () => {
    answer = { status: 200, body: { ModerationLabels: [], ModerationModelVersion: '7.0', ContentTypes: [] } };
    const verdict = await rekognitionModerator({ endpoint: url }).moderate(await photo());
    expect(verdict).toEqual({ safe: true, reasons: [], labels: [] });
    const req = seen.at(-1)!;
    expect(req.target).toBe('RekognitionService.DetectModerationLabels');
    expect(req.contentType).toBe('application/x-amz-json-1.1');
    expect(req.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=.*\/rekognition\/aws4_request/);
    expect(Object.keys(req.body).sort()).toEqual(['Image', 'MinConfidence']);
    expect(req.body.MinConfidence).toBe(60);
    const bytes = Buffer.from(req.body.Image.Bytes, 'base64');
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('jpeg');
    expect(Math.max(meta.width!, meta.height!)).toBe(1024);
  });

  it('turns blocking labels into an unsafe verdict with the reasons', async () => {
    answer = {
      status: 200,
      body: {
        ModerationLabels: [
          { Confidence: 97.1, Name: 'Explicit Nudity', ParentName: '', TaxonomyLevel: 1 },
          { Confidence: 97.1, Name: 'Exposed Male Genitalia', ParentName: 'Explicit Nudity', TaxonomyLevel: 2 },
          { Confidence: 99, Name: 'Swimwear or Underwear', ParentName: '', TaxonomyLevel: 1 },
        ],
        ModerationModelVersion: '7.0',
      },
    };
    const verdict = await rekognitionModerator({ endpoint: url }).moderate(await photo(300, 200));
    expect(verdict.safe).toBe(false);
    expect(verdict.reasons).toEqual(['Explicit Nudity']);
  });

  it('a service error (InvalidImageFormatException) fails loudly instead of passing the image', async () => {
    answer = {
      status: 400,
      body: { __type: 'InvalidImageFormatException', Message: 'Request has invalid image format' },
    };
    await expect(rekognitionModerator({ endpoint: url }).moderate(await photo(300, 200))).rejects.toMatchObject({
      name: 'InvalidImageFormatException',
    });
  });
});

describe('local adapter (nsfwjs on TensorFlow.js WASM)', () => {
  it('classifies a real drawn picture of a dressed person as safe, with all five classes', async () => {
    const { renderPerson } = await import('../../infra/local/seed-images');
    const verdict = await localModerator().moderate(await renderPerson('fullBody', 1));
    expect(verdict.safe).toBe(true);
    expect(verdict.labels.map((l) => l.name).sort()).toEqual(['Drawing', 'Hentai', 'Neutral', 'Porn', 'Sexy']);
    expect(verdict.labels.reduce((s, l) => s + l.confidence, 0)).toBeCloseTo(1, 2);
  }, 30_000);

  it('runs on the engine threads once the local stack starts them, with the verdict it gives in process', async () => {
    const { renderPerson } = await import('../../infra/local/seed-images');
    const { poolMetrics, stopEnginePool, warmEnginePool } = await import('../engine/pool');
    const image = await renderPerson('fullBody', 1);
    const inProcess = await localModerator().moderate(image);
    const before = poolMetrics.moderations;
    await warmEnginePool();
    try {
      const onThread = await localModerator().moderate(image);
      expect(poolMetrics.moderations).toBe(before + 1);
      expect(onThread.safe).toBe(inProcess.safe);
      for (const l of inProcess.labels)
        expect(onThread.labels.find((x) => x.name === l.name)?.confidence).toBeCloseTo(l.confidence, 3);
    } finally {
      await stopEnginePool();
    }
    // stopped: back in process
    await localModerator().moderate(image);
    expect(poolMetrics.moderations).toBe(before + 1);
  }, 90_000);
});
