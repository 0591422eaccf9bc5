/** Helpers for tests that send images: multipart bodies, image fixtures and a look into the buckets. */
import { randomBytes, randomUUID } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { createS3Client } from '../../infra/local/s3-sdk';

export type Part = string | { filename: string; content: Buffer; type?: string };

/** A multipart/form-data body as a browser sends it, plus its content-type header. */
export function multipart(parts: Record<string, Part | undefined>): { body: Buffer; headers: Record<string, string> } {
  const boundary = `----tryonTest${randomUUID().replace(/-/g, '')}`;
  const chunks: Buffer[] = [];
  for (const [name, part] of Object.entries(parts)) {
    if (part === undefined) continue;
    if (typeof part === 'string') {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${part}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${part.filename}"\r\nContent-Type: ${part.type ?? 'image/jpeg'}\r\n\r\n`,
        ),
        part.content,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const file = (content: Buffer, filename = 'photo.jpg', type = 'image/jpeg') => ({ filename, content, type });

/** A JPEG carrying EXIF with a camera make and GPS coordinates. */
export function jpegWithGps(width = 400, height = 300, background = '#c08040'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'X1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 0/1' },
    })
    .toBuffer();
}

export function noisyJpeg(width = 600, height = 400): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919) % 251;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

export const truncated = (b: Buffer) => b.subarray(0, Math.floor(b.length * 0.85));

/** A file that starts like a JPEG and is `size` bytes long (for size limits; never decoded). */
export const oversized = (size: number) =>
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(size - 4, 0x20)]);

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
/** A valid blank 1-bit PNG of any dimensions; 20000x20000 is about 50 KB. */
export function hugeBlankPng(width = 20000, height = 20000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1;
  const raw = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export function bucketClient(endpoint: string) {
  const s3 = createS3Client({ endpoint });
  return {
    async list(bucket: string, prefix: string): Promise<string[]> {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const res = await s3.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
        );
        keys.push(...(res.Contents ?? []).map((o) => o.Key!));
        token = res.IsTruncated ? res.NextContinuationToken : undefined;
      } while (token);
      return keys;
    },
    async get(bucket: string, key: string): Promise<Buffer> {
      const res = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return Buffer.from(await res.Body!.transformToByteArray());
    },
    async put(bucket: string, key: string, body: Buffer): Promise<void> {
      await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body }));
    },
  };
}

/** A JPEG of random noise (incompressible): about 12 MB at 2400x1800, quality 100. With EXIF and GPS. */
export function randomNoiseJpeg(width = 2400, height = 1800): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
    .withExif({ IFD0: { Make: 'PhoneCo', Model: 'X1' } })
    .toBuffer();
}

/** Send a presigned POST as a browser form would (fields first, then the file). */
export async function postForm(
  url: string,
  fields: Record<string, string>,
  content: Buffer,
  type: string,
): Promise<Response> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(content)], { type }), 'upload');
  return fetch(url, { method: 'POST', body: form });
}
