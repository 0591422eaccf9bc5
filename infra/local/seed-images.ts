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

/** Prints a piece's cloth may carry. */
export const PIECE_PRINTS = ['stripes', 'floral', 'graphic'] as const;
export type PiecePrint = (typeof PIECE_PRINTS)[number];

/** One piece of a style as seed-catalog.json describes it (a product of its Shop This Look). */
export interface LookPiece {
  /** Its drawing (./garment-art.ts). */
  drawing: GarmentKind;
  /** Its product category (Outerwear, Tops, Bottoms, Dresses, Shoes, Accessories). */
  category: string;
  /** Its cloth: one of the style's colours, or a colour of its own (default by category). */
  colour?: 'top' | 'bottom' | 'accent' | `#${string}`;
  print?: PiecePrint;
}

/** The colour of a piece's cloth: its own, else the style's colour its category is worn in. */
export function pieceColour(p: Palette, piece: LookPiece): string {
  const c =
    piece.colour ??
    (piece.category === 'Bottoms' ? 'bottom' : /^(Shoes|Accessories)$/.test(piece.category) ? 'accent' : 'top');
  return c.startsWith('#') ? c : p[c as 'top' | 'bottom' | 'accent'];
}

/** A piece drawn as a product shot (800 x 800 SVG) in its colours, with its print. */
export function pieceSvg(p: Palette, piece: LookPiece, background: string | null): string {
  const main = pieceColour(p, piece);
  // details (neckband, buttons, stitching) in the style's accent, or its top colour where the cloth is the accent
  const accent = main === p.accent ? p.top : p.accent;
  const id = `print-${piece.drawing}`;
  const prints: Record<PiecePrint, string> = {
    stripes: `<pattern id="${id}" width="40" height="40" patternUnits="userSpaceOnUse"><rect width="40" height="40" fill="${main}"/><rect y="22" width="40" height="16" fill="${accent}"/></pattern>`,
    floral: `<pattern id="${id}" width="90" height="90" patternUnits="userSpaceOnUse"><rect width="90" height="90" fill="${main}"/>${[
      [22, 24],
      [67, 68],
    ]
      .map(
        ([x, y]) =>
          [0, 72, 144, 216, 288]
            .map(
              (a) =>
                `<ellipse cx="${x}" cy="${y! - 9}" rx="5" ry="9" fill="${accent}" transform="rotate(${a} ${x} ${y})"/>`,
            )
            .join('') + `<circle cx="${x}" cy="${y}" r="4" fill="${p.bottom}"/>`,
      )
      .join(
        '',
      )}<path d="M 60 20 q 8 -6 14 2 M 20 70 q 6 -8 14 -2" stroke="${p.bottom}" stroke-width="3" fill="none"/></pattern>`,
    graphic: `<pattern id="${id}" width="800" height="800" patternUnits="userSpaceOnUse"><rect width="800" height="800" fill="${main}"/><circle cx="400" cy="330" r="95" fill="none" stroke="${accent}" stroke-width="22"/><path d="M 340 370 L 400 270 L 460 370 Z" fill="${accent}"/><rect x="300" y="450" width="200" height="26" fill="${accent}"/></pattern>`,
  };
  return garmentSvg(
    piece.drawing,
    { main, accent },
    piece.print ? { background, defs: prints[piece.print], fill: `url(#${id})` } : { background },
  );
}

/** The order a look's pieces are laid out in: outer and upper pieces first, then bottoms, shoes, accessories. */
const LAYOUT_ORDER = ['Outerwear', 'Dresses', 'Tops', 'Bottoms', 'Shoes', 'Accessories'];
/** Cells of the look's picture per number of pieces: [x, y, size] as fractions of the width. */
const CELLS: Record<number, [number, number, number][]> = {
  1: [[0, 0.125, 1]],
  2: [
    [0.2, 0, 0.6],
    [0.2, 0.65, 0.6],
  ],
  3: [
    [0, 0.02, 0.54],
    [0.46, 0.02, 0.54],
    [0.2, 0.6, 0.64],
  ],
  4: [
    [0, 0.02, 0.52],
    [0.48, 0.02, 0.52],
    [0, 0.64, 0.52],
    [0.48, 0.64, 0.52],
  ],
};

/** The pieces a look's picture shows, in the order they are laid out: all of them. */
export const lookPieces = <P extends LookPiece>(pieces: readonly P[]): P[] =>
  [...pieces].sort((a, b) => LAYOUT_ORDER.indexOf(a.category) - LAYOUT_ORDER.indexOf(b.category));

/**
 * A style's cover: its whole look in one picture, every piece it names laid flat side by side in the style's
 * colours on the style's background (one piece: that piece alone), 600 x 750, so the picture shows what the
 * style's title, description and products name.
 */
export async function renderLookImage(pieces: readonly LookPiece[], p: Palette): Promise<Buffer> {
  const ordered = lookPieces(pieces);
  const cells = CELLS[ordered.length];
  if (!cells) throw new Error(`a look of ${ordered.length} pieces has no layout`);
  const [w, h] = [600, 750];
  const layers = await Promise.all(
    ordered.map(async (piece, i) => {
      const [x, y, size] = cells[i]!;
      const px = Math.round(size * w);
      return {
        input: await sharp(Buffer.from(pieceSvg(p, piece, null)))
          .resize(px, px)
          .png()
          .toBuffer(),
        left: Math.round(x * w),
        top: Math.round(y * w),
      };
    }),
  );
  return sharp({ create: { width: w, height: h, channels: 3, background: p.bg } })
    .composite(layers)
    .webp({ quality: 78 })
    .toBuffer();
}

/**
 * The piece the try-on reads (the style's prompt picture, 800 px on white): its main piece, the first in the
 * look's order (outerwear, a dress, else the top). A style is one garment to the try-on today (Quick Try, the
 * preview, the outfit builder's pieces), and the engine reads one garment per picture: a flat-lay of several
 * would be read as one shape (docs/decisions.md, "Issue 39: a catalogue that tells the truth").
 */
export async function renderPromptImage(pieces: readonly LookPiece[], p: Palette): Promise<Buffer> {
  const main = lookPieces(pieces)[0];
  if (!main) throw new Error('a style has at least one piece');
  return sharp(Buffer.from(pieceSvg(p, main, '#ffffff')))
    .resize(800)
    .webp({ quality: 88 })
    .toBuffer();
}

/** A product of a style drawn as its own product shot on white (./garment-art.ts), in the style's colours. */
export async function renderProductImage(p: Palette, piece: LookPiece): Promise<Buffer> {
  return sharp(Buffer.from(pieceSvg(p, piece, '#ffffff')))
    .resize(480)
    .webp({ quality: 82 })
    .toBuffer();
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
