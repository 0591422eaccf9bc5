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

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** Where a garment of a slot goes on the figure (fractions of the height), so a chained outfit stacks visibly. */
const SLOT_TOP: Record<string, number> = {
  top: 0.22,
  'one-piece': 0.26,
  outerwear: 0.18,
  bottom: 0.5,
  shoes: 0.74,
  accessory: 0.06,
};

/** A deterministic small variation per seed (variant): hue turn and offset, so variants differ visibly. */
const seedShift = (seed: number) => ({ hue: (seed * 47) % 360, dx: ((seed * 37) % 5) * 12 - 24 });

export async function renderLocal(req: RenderRequest, seed = 0): Promise<Buffer> {
  const sharp = await loadSharp();
  const base = await sharp(req.background?.bytes ?? req.person.bytes)
    .rotate()
    .resize(W, H, { fit: 'cover', position: 'attention' })
    .toBuffer();
  const layers: OverlayOptions[] = [];
  if (req.background) {
    const person = await sharp(req.person.bytes)
      .rotate()
      .resize(Math.round(W * 0.7), Math.round(H * 0.8), { fit: 'inside' })
      .toBuffer();
    const meta = await sharp(person).metadata();
    layers.push({ input: person, left: Math.round((W - (meta.width ?? 0)) / 2), top: H - (meta.height ?? 0) - 40 });
  }
  const shift = seedShift(seed);
  if (req.garment && req.slot) {
    // a piece of an outfit: smaller, placed by slot (chained steps stack on the previous step's result)
    const gw = Math.round(W * (req.slot === 'accessory' || req.slot === 'shoes' ? 0.22 : 0.34));
    let g = sharp(req.garment.bytes)
      .rotate()
      .resize(gw, Math.round(H * 0.26), { fit: 'inside' });
    if (seed) g = g.modulate({ hue: shift.hue });
    const garment = await g.png().toBuffer();
    const meta = await sharp(garment).metadata();
    const left = Math.min(
      W - (meta.width ?? gw),
      Math.max(0, Math.round((W - (meta.width ?? gw)) / 2) + shift.dx + (req.slot === 'accessory' ? 220 : 0)),
    );
    layers.push({ input: garment, left, top: Math.round(H * (SLOT_TOP[req.slot] ?? 0.3)) });
  } else if (req.garment) {
    const gw = Math.round(W * (req.mode === 'exact' ? 0.46 : 0.4));
    let g = sharp(req.garment.bytes)
      .rotate()
      .resize(gw, Math.round(H * 0.5), { fit: 'inside' });
    if (seed) g = g.modulate({ hue: shift.hue });
    const garment = await g.png().toBuffer();
    const meta = await sharp(garment).metadata();
    const framed = await sharp({
      create: {
        width: (meta.width ?? gw) + 16,
        height: (meta.height ?? gw) + 16,
        channels: 4,
        background: { r: 255, g: 255, b: 255, alpha: 0.85 },
      },
    })
      .composite([{ input: garment, left: 8, top: 8 }])
      .png()
      .toBuffer();
    layers.push({
      input: framed,
      left: req.mode === 'exact' ? Math.round((W - (meta.width ?? gw)) / 2) : W - (meta.width ?? gw) - 40,
      top: req.mode === 'exact' ? Math.round(H * 0.28) : 40,
    });
  }
  // an intermediate step of a chained outfit carries no caption (only the final image is ever shown)
  if (req.step && req.step.index < req.step.count - 1)
    return sharp(base).composite(layers).jpeg({ quality: 90 }).toBuffer();
  const label = escapeXml(
    `${req.caption}${seed ? ` · v${seed + 1}` : ''} · ${req.mode === 'exact' ? 'Exact' : 'Creative'}`.slice(0, 60),
  );
  const caption = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="72"><rect width="${W}" height="72" fill="#111" fill-opacity="0.72"/><text x="24" y="46" font-family="DejaVu Sans, Arial, sans-serif" font-size="28" fill="#fff">${label}</text></svg>`,
  );
  layers.push({ input: caption, left: 0, top: H - 72 });
  return sharp(base).composite(layers).jpeg({ quality: 86 }).toBuffer();
}

export const localProvider: ImageProvider = {
  name: 'local',
  multiGarment: false,
  async submit(req): Promise<RenderOutcome> {
    // variants: one render per seed
    const images = [];
    for (let seed = 0; seed < Math.max(1, req.samples ?? 1); seed++)
      images.push({ bytes: await renderLocal(req, seed), contentType: 'image/jpeg' });
    return { status: 'done', image: images[0]!, more: images.slice(1) };
  },
  async poll(): Promise<RenderOutcome> {
    throw new Error('The local provider renders synchronously');
  },
};
