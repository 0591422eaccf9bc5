/**
 * Drawn garments: flat product shots (front view, laid down) from SVG, in any colours. The one source of both the
 * local catalogue's style pictures (./seed-images.ts) and the engine's garment fixtures
 * (test/fixtures/garments/draw.ts, which only picks the fixtures' colours): there is no product photo set in the
 * repository, and drawings are reproducible and free of rights.
 * Every picture is one garment on a plain background, the kind of product shot the Fitly engine reads.
 */
export const GARMENT_KINDS = ['tee', 'shirt', 'jacket', 'jeans', 'skirt', 'dress'] as const;
export type GarmentKind = (typeof GARMENT_KINDS)[number];

export interface GarmentColours {
  /** The cloth. */
  main: string;
  /** Neckband, buttons, zip, jeans' stitching, the dress's waist seam. */
  accent: string;
  /** Pockets, hem band, waistbands (default: the cloth shaded by a translucent black). */
  trim?: string;
  /** A jacket's lapels (default: `trim`, else a shade). */
  lapel?: string;
  /** The inside of the back neck seen through the neckline (tee: default `accent`; jacket: a dark shade). */
  inside?: string;
  /** A shirt's collar (default: the cloth). */
  collar?: string;
  /** Buttons and rivets (default: `accent`). */
  button?: string;
  /** The zip's teeth on a jacket (default: a light translucent line). */
  stitch?: string;
}

const S = 800;
/** Trim drawn as the cloth in shadow when no colour of its own is given. */
const SHADE = 'rgba(0,0,0,0.12)';

const seam = (d: string, colour = 'rgba(0,0,0,0.28)') =>
  `<path d="${d}" fill="none" stroke="${colour}" stroke-width="2" stroke-dasharray="6 4"/>`;
const fold = (d: string, width = 10, opacity = 0.22) =>
  `<path d="${d}" fill="none" stroke="#000" stroke-opacity="${opacity}" stroke-width="${width}" stroke-linecap="round"/>`;
const highlight = (d: string, width = 12) =>
  `<path d="${d}" fill="none" stroke="#fff" stroke-opacity="0.18" stroke-width="${width}" stroke-linecap="round"/>`;

interface Shape {
  outline: string;
  under?: string;
  folds: string;
  details: string;
}

/** The outline, folds and details of each kind, in an 800 x 800 box (colours filled in by garmentSvg). */
function shapeOf(kind: GarmentKind, c: GarmentColours): Shape {
  switch (kind) {
    case 'tee':
      return {
        outline:
          'M 330 120 Q 400 165 470 120 L 560 140 L 700 250 L 640 340 L 575 300 L 580 700 Q 400 715 220 700 L 225 300 L 160 340 L 100 250 L 240 140 Z',
        under: `<path d="M 330 120 Q 400 100 470 120 Z" fill="${c.inside ?? c.accent}"/>`,
        folds:
          fold('M 300 420 Q 320 520 300 640') +
          fold('M 500 380 Q 480 500 510 650', 8) +
          fold('M 240 320 Q 260 330 250 380', 12, 0.3) +
          highlight('M 400 300 Q 410 480 395 660', 18),
        details:
          `<path d="M 330 120 Q 400 165 470 120" fill="none" stroke="${c.accent}" stroke-width="14"/>` +
          seam('M 240 140 L 225 300') +
          seam('M 560 140 L 575 300') +
          seam('M 222 680 Q 400 695 578 680'),
      };
    case 'shirt':
      return {
        outline:
          'M 335 105 L 400 150 L 465 105 L 560 128 L 640 240 L 700 560 L 640 575 L 585 330 L 580 720 Q 400 735 220 720 L 215 330 L 160 575 L 100 560 L 160 240 L 240 128 Z',
        folds:
          fold('M 300 400 Q 320 540 300 680', 9, 0.12) +
          fold('M 510 380 Q 490 520 515 690', 8, 0.12) +
          fold('M 150 330 Q 140 420 125 520', 8, 0.14) +
          fold('M 650 330 Q 660 420 675 520', 8, 0.14),
        details:
          // collar, placket, buttons, cuffs, yoke seams, pocket
          `<path d="M 335 105 L 400 150 L 372 190 L 320 125 Z M 465 105 L 400 150 L 428 190 L 480 125 Z" fill="${c.collar ?? c.main}" stroke="rgba(0,0,0,0.3)" stroke-width="2"/>` +
          '<rect x="388" y="150" width="24" height="575" fill="none" stroke="rgba(0,0,0,0.18)" stroke-width="2"/>' +
          [210, 290, 370, 450, 530, 610, 690]
            .map((y) => `<circle cx="400" cy="${y}" r="6" fill="${c.button ?? c.accent}" stroke="rgba(0,0,0,0.35)"/>`)
            .join('') +
          '<path d="M 107 525 L 165 538 M 693 525 L 635 538" stroke="rgba(0,0,0,0.3)" stroke-width="2"/>' +
          seam('M 240 128 L 215 330') +
          seam('M 560 128 L 585 330') +
          '<rect x="250" y="250" width="70" height="80" fill="none" stroke="rgba(0,0,0,0.22)" stroke-width="2"/>',
      };
    case 'jacket':
      return {
        outline:
          'M 330 95 L 400 130 L 470 95 L 575 120 L 655 235 L 710 575 L 645 590 L 600 340 L 600 720 L 200 720 L 200 340 L 155 590 L 90 575 L 145 235 L 225 120 Z',
        under: `<path d="M 330 95 Q 400 70 470 95 Z" fill="${c.inside ?? 'rgba(0,0,0,0.55)'}"/>`,
        folds:
          fold('M 290 380 Q 300 520 285 700', 12, 0.25) +
          fold('M 520 380 Q 510 520 525 700', 12, 0.25) +
          fold('M 130 330 Q 120 440 110 560', 10, 0.3) +
          fold('M 670 330 Q 680 440 690 560', 10, 0.3) +
          highlight('M 250 250 Q 260 400 245 560', 20),
        details:
          // lapels, zip, pockets, hem band, cuffs
          `<path d="M 330 95 L 400 130 L 350 300 L 300 140 Z M 470 95 L 400 130 L 450 300 L 500 140 Z" fill="${c.lapel ?? c.trim ?? SHADE}" stroke="rgba(0,0,0,0.4)" stroke-width="2"/>` +
          `<path d="M 400 130 L 400 720" stroke="${c.accent}" stroke-width="5"/>` +
          `<path d="M 400 130 L 400 720" stroke="${c.stitch ?? 'rgba(255,255,255,0.45)'}" stroke-width="2" stroke-dasharray="3 3"/>` +
          `<rect x="240" y="520" width="110" height="20" fill="${c.trim ?? SHADE}" stroke="rgba(0,0,0,0.4)"/>` +
          `<rect x="450" y="520" width="110" height="20" fill="${c.trim ?? SHADE}" stroke="rgba(0,0,0,0.4)"/>` +
          `<rect x="200" y="680" width="400" height="40" fill="${c.trim ?? SHADE}" stroke="rgba(0,0,0,0.35)"/>` +
          '<path d="M 95 545 L 152 558 M 705 545 L 648 558" stroke="rgba(0,0,0,0.45)" stroke-width="3"/>' +
          seam('M 225 120 L 200 340') +
          seam('M 575 120 L 600 340'),
      };
    case 'jeans':
      return {
        outline: 'M 255 60 L 545 60 L 560 130 L 600 740 L 430 745 L 405 260 L 395 260 L 370 745 L 200 740 L 240 130 Z',
        folds:
          fold('M 300 300 Q 290 500 300 720', 10, 0.25) +
          fold('M 500 300 Q 510 500 500 720', 10, 0.25) +
          fold('M 330 520 Q 280 540 240 530', 6, 0.3) +
          fold('M 470 520 Q 520 540 560 530', 6, 0.3) +
          highlight('M 270 200 Q 285 420 275 700', 20) +
          highlight('M 530 200 Q 515 420 525 700', 20),
        details:
          `<rect x="250" y="60" width="300" height="32" fill="${c.trim ?? SHADE}" stroke="${c.accent}" stroke-width="2" stroke-dasharray="5 3"/>` +
          `<circle cx="400" cy="76" r="7" fill="${c.button ?? c.accent}"/>` +
          seam('M 400 92 L 400 230 Q 400 250 380 255', c.accent) +
          seam('M 262 100 Q 300 150 345 110', c.accent) +
          seam('M 538 100 Q 500 150 455 110', c.accent) +
          seam('M 205 715 L 368 718', c.accent) +
          seam('M 432 718 L 595 715', c.accent),
      };
    case 'skirt':
      return {
        outline: 'M 290 150 L 510 150 L 515 185 Q 600 420 650 640 Q 400 680 150 640 Q 200 420 285 185 Z',
        folds:
          [220, 290, 360, 440, 510, 580]
            .map((x) => fold(`M ${400 + (x - 400) * 0.35} 200 L ${x} 640`, 8, 0.22))
            .join('') + highlight('M 330 200 L 260 620', 16),
        details:
          `<rect x="285" y="150" width="230" height="35" fill="${c.trim ?? 'rgba(0,0,0,0.15)'}" stroke="rgba(0,0,0,0.35)"/>` +
          seam('M 155 625 Q 400 662 645 625'),
      };
    case 'dress':
      return {
        outline:
          'M 300 60 L 340 60 Q 400 130 460 60 L 500 60 L 510 150 Q 540 190 535 240 L 515 360 Q 600 560 640 760 Q 400 790 160 760 Q 200 560 285 360 L 265 240 Q 260 190 290 150 Z',
        folds:
          fold('M 330 400 Q 300 580 260 750', 10, 0.25) +
          fold('M 470 400 Q 500 580 540 750', 10, 0.25) +
          fold('M 400 420 L 400 760', 8, 0.18) +
          highlight('M 360 160 Q 370 260 350 350', 16),
        details:
          `<path d="M 285 360 Q 400 375 515 360" fill="none" stroke="${c.accent}" stroke-width="8"/>` +
          seam('M 300 60 Q 290 110 290 150') +
          seam('M 500 60 Q 510 110 510 150') +
          seam('M 165 745 Q 400 775 635 745'),
      };
  }
}

/**
 * One garment as an 800 x 800 SVG: `fill` is a colour or a paint server (`url(#id)`) defined in `defs`;
 * `background` null leaves it transparent. Soft fold shading (blurred) and a light from the top left, clipped to
 * the outline, then the sharp details.
 */
export function garmentSvg(
  kind: GarmentKind,
  colours: GarmentColours,
  opts: { background?: string | null; fill?: string; defs?: string } = {},
): string {
  const s = shapeOf(kind, colours);
  const id = kind;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}" viewBox="0 0 ${S} ${S}">
  <defs>
    ${opts.defs ?? ''}
    <linearGradient id="${id}-light" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#fff" stop-opacity="0.18"/>
      <stop offset="0.55" stop-color="#fff" stop-opacity="0"/>
      <stop offset="1" stop-color="#000" stop-opacity="0.16"/>
    </linearGradient>
    <filter id="${id}-blur"><feGaussianBlur stdDeviation="7"/></filter>
    <g id="${id}-folds">${s.folds}</g>
    <clipPath id="${id}-clip"><path d="${s.outline}" fill-rule="nonzero"/></clipPath>
  </defs>
  ${opts.background ? `<rect width="${S}" height="${S}" fill="${opts.background}"/>` : ''}
  ${s.under ?? ''}
  <path d="${s.outline}" fill="${opts.fill ?? colours.main}" stroke="rgba(0,0,0,0.35)" stroke-width="2"/>
  <g clip-path="url(#${id}-clip)">
    <use href="#${id}-folds" filter="url(#${id}-blur)"/>
    <rect width="${S}" height="${S}" fill="url(#${id}-light)"/>
    ${s.details}
  </g>
</svg>`;
}
