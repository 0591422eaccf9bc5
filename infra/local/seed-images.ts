/**
 * Seed images, drawn at seed time as SVG and encoded to WebP with sharp: each style's garment as a product shot
 * (./garment-art.ts), and the drawn placeholder people of the demo profiles and the landing demo.
 * Deterministic per style so a reseed produces the same bytes.
 */
import sharp from 'sharp';
import type { StyleImageType } from '../../shared/domain/catalog';
import { garmentSvg, type GarmentKind } from './garment-art';

export interface Palette {
  top: string;
  bottom: string;
  accent: string;
  bg: string;
}

const SKIN = ['#f1c9a5', '#d9a27c', '#a86b45', '#7a4a2c'] as const;

function figure(p: Palette, skin: string, dress: boolean): string {
  const legs = dress
    ? `<path d="M225 330 L375 330 L410 560 L190 560 Z" fill="${p.top}"/>`
    : `<path d="M232 400 L298 400 L292 640 L246 640 Z" fill="${p.bottom}"/><path d="M302 400 L368 400 L354 640 L308 640 Z" fill="${p.bottom}"/>`;
  return `
    <ellipse cx="300" cy="700" rx="120" ry="16" fill="#000" opacity="0.12"/>
    <rect x="282" y="150" width="36" height="40" rx="10" fill="${skin}"/>
    <circle cx="300" cy="118" r="48" fill="${skin}"/>
    <path d="M252 100 Q300 40 348 100 Q340 70 300 64 Q260 70 252 100Z" fill="#3b2a20"/>
    ${dress ? `<rect x="250" y="560" width="26" height="90" fill="${skin}"/><rect x="324" y="560" width="26" height="90" fill="${skin}"/>` : ''}
    ${legs}
    <path d="M215 190 L385 190 L400 410 L200 410 Z" fill="${p.top}"/>
    <path d="M215 190 L170 380 L200 388 L238 240 Z" fill="${p.top}"/><path d="M385 190 L430 380 L400 388 L362 240 Z" fill="${p.top}"/>
    <circle cx="182" cy="396" r="15" fill="${skin}"/><circle cx="418" cy="396" r="15" fill="${skin}"/>
    <path d="M278 190 L300 232 L322 190 Z" fill="${skin}"/>
    <rect x="232" y="640" width="64" height="22" rx="10" fill="${p.accent}"/><rect x="304" y="640" width="64" height="22" rx="10" fill="${p.accent}"/>`;
}

function garment(p: Palette, dress: boolean): string {
  return dress
    ? `<ellipse cx="300" cy="690" rx="170" ry="18" fill="#000" opacity="0.1"/>
       <path d="M250 150 L350 150 L372 260 L440 640 L160 640 L228 260 Z" fill="${p.top}"/>
       <path d="M250 150 Q300 200 350 150" fill="none" stroke="${p.accent}" stroke-width="8"/>
       <rect x="228" y="300" width="144" height="14" fill="${p.accent}"/>`
    : `<ellipse cx="300" cy="640" rx="190" ry="18" fill="#000" opacity="0.1"/>
       <path d="M200 170 L260 150 Q300 190 340 150 L400 170 L470 330 L420 352 L392 290 L392 600 L208 600 L208 290 L180 352 L130 330 Z" fill="${p.top}"/>
       <path d="M300 185 L300 600" stroke="${p.accent}" stroke-width="6"/>
       <circle cx="300" cy="260" r="7" fill="${p.accent}"/><circle cx="300" cy="340" r="7" fill="${p.accent}"/><circle cx="300" cy="420" r="7" fill="${p.accent}"/>`;
}

function laydown(p: Palette): string {
  return `
    <g transform="translate(70 60) scale(0.55)">${garment(p, false)}</g>
    <path d="M400 120 L470 120 L480 420 L446 420 L436 200 L426 420 L392 420 Z" fill="${p.bottom}" transform="translate(-10 20)"/>
    <rect x="110" y="520" width="120" height="46" rx="20" fill="${p.accent}"/><rect x="250" y="530" width="120" height="46" rx="20" fill="${p.accent}"/>
    <rect x="410" y="500" width="110" height="90" rx="14" fill="${p.accent}" opacity="0.85"/><path d="M430 500 Q465 450 500 500" fill="none" stroke="${p.accent}" stroke-width="8"/>
    <circle cx="480" cy="640" r="34" fill="none" stroke="${p.bottom}" stroke-width="8"/>`;
}

export function styleSvg(kind: StyleImageType | 'cover', p: Palette, index: number): string {
  const dress = index % 3 === 1;
  const skin = SKIN[index % SKIN.length] ?? SKIN[0];
  const body =
    kind === 'model_wearer' || kind === 'cover'
      ? figure(p, skin, dress)
      : kind === 'product_only'
        ? garment(p, dress)
        : laydown(p);
  const bg =
    kind === 'product_laydown'
      ? `<rect width="600" height="750" fill="${p.bg}"/><path d="M0 0 L600 750 M600 0 L0 750" stroke="#fff" stroke-opacity="0.08" stroke-width="60"/>`
      : `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.bg}"/><stop offset="1" stop-color="#ffffff" stop-opacity="0.6"/></linearGradient></defs><rect width="600" height="750" fill="url(#g)"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="750" viewBox="0 0 600 750">${bg}${body}</svg>`;
}

/**
 * A style's pictures: its garment drawn as a product shot (./garment-art.ts) in the style's colours, on white for
 * the picture the engine reads (`prompt`), on the style's own background for the cover.
 */
export async function renderStyleImage(kind: 'prompt' | 'cover', garment: GarmentKind, p: Palette): Promise<Buffer> {
  const bottom = garment === 'jeans' || garment === 'skirt';
  const svg = garmentSvg(
    garment,
    { main: bottom ? p.bottom : p.top, accent: p.accent },
    { background: kind === 'prompt' ? '#ffffff' : p.bg },
  );
  return sharp(Buffer.from(svg))
    .resize(kind === 'prompt' ? 800 : 600)
    .webp({ quality: kind === 'prompt' ? 88 : 78 })
    .toBuffer();
}

/**
 * A product of a style drawn as its own product shot on white (./garment-art.ts): the pieces that have a drawing
 * (outerwear, tops, bottoms, dresses) in the colour the style wears them in.
 */
export async function renderProductImage(garment: GarmentKind, main: string, accent: string): Promise<Buffer> {
  const svg = garmentSvg(garment, { main, accent }, { background: '#ffffff' });
  return sharp(Buffer.from(svg)).resize(480).webp({ quality: 82 }).toBuffer();
}

/** A plain portrait or full-body placeholder person (demo photo profiles and the landing demo). */
export async function renderPerson(kind: 'portrait' | 'fullBody', index: number): Promise<Buffer> {
  const p: Palette = { top: '#8fa3b8', bottom: '#4a5563', accent: '#2d3540', bg: '#e9e4dc' };
  const svg = styleSvg('model_wearer', p, index);
  const img = sharp(Buffer.from(svg));
  return kind === 'portrait'
    ? img.extract({ left: 150, top: 20, width: 300, height: 300 }).resize(512, 512).jpeg({ quality: 85 }).toBuffer()
    : img.jpeg({ quality: 85 }).toBuffer();
}
