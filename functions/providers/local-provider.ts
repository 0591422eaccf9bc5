/**
 * The local provider: offline and deterministic. Composites the outfit onto the person's photo with sharp
 * and adds a caption of the style or template name, so results differ per input. Two pipelines because
 * sharp composites before resizing.
 */
import type { OverlayOptions } from 'sharp';
import { loadSharp } from '../lib/sharp-loader';
import type { ImageProvider, RenderOutcome, RenderRequest } from './types';

const W = 768;
const H = 960;

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

export async function renderLocal(req: RenderRequest): Promise<Buffer> {
  const sharp = await loadSharp();
  const base = await sharp(req.background?.bytes ?? req.person.bytes).rotate().resize(W, H, { fit: 'cover', position: 'attention' }).toBuffer();
  const layers: OverlayOptions[] = [];
  if (req.background) {
    const person = await sharp(req.person.bytes).rotate().resize(Math.round(W * 0.7), Math.round(H * 0.8), { fit: 'inside' }).toBuffer();
    const meta = await sharp(person).metadata();
    layers.push({ input: person, left: Math.round((W - (meta.width ?? 0)) / 2), top: H - (meta.height ?? 0) - 40 });
  }
  if (req.garment) {
    const gw = Math.round(W * (req.mode === 'exact' ? 0.46 : 0.4));
    const garment = await sharp(req.garment.bytes).rotate().resize(gw, Math.round(H * 0.5), { fit: 'inside' }).png().toBuffer();
    const meta = await sharp(garment).metadata();
    const framed = await sharp({
      create: { width: (meta.width ?? gw) + 16, height: (meta.height ?? gw) + 16, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 0.85 } },
    })
      .composite([{ input: garment, left: 8, top: 8 }])
      .png()
      .toBuffer();
    layers.push({ input: framed, left: req.mode === 'exact' ? Math.round((W - (meta.width ?? gw)) / 2) : W - (meta.width ?? gw) - 40, top: req.mode === 'exact' ? Math.round(H * 0.28) : 40 });
  }
  const label = escapeXml(`${req.caption} · ${req.mode === 'exact' ? 'Exact' : 'Creative'}`.slice(0, 60));
  const caption = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="72"><rect width="${W}" height="72" fill="#111" fill-opacity="0.72"/><text x="24" y="46" font-family="DejaVu Sans, Arial, sans-serif" font-size="28" fill="#fff">${label}</text></svg>`,
  );
  layers.push({ input: caption, left: 0, top: H - 72 });
  return sharp(base).composite(layers).jpeg({ quality: 86 }).toBuffer();
}

export const localProvider: ImageProvider = {
  name: 'local',
  async submit(req): Promise<RenderOutcome> {
    return { status: 'done', image: { bytes: await renderLocal(req), contentType: 'image/jpeg' } };
  },
  async poll(): Promise<RenderOutcome> {
    throw new Error('The local provider renders synchronously');
  },
};
