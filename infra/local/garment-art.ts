/**
 * Drawn garments: flat product shots (front view, laid down) from SVG, in any colours. The one source of both the
 * local catalogue's style pictures (./seed-images.ts) and the engine's garment fixtures
 * (test/fixtures/garments/draw.ts, which only picks the fixtures' colours): there is no product photo set in the
 * repository, and drawings are reproducible and free of rights.
 * Every picture is one garment on a plain background, the kind of product shot the Fitly engine reads.
 */
export const GARMENT_KINDS = [
  // the engine fixtures' six (test/fixtures/garments/draw.ts)
  'tee',
  'shirt',
  'jacket',
  'jeans',
  'skirt',
  'dress',
  // tops
  'sweater',
  'turtleneck',
  'hoodie',
  'polo',
  'cami',
  'vest',
  'fleece',
  'cropped-cardigan',
  // outerwear
  'trench',
  'blazer',
  'bomber',
  'shell',
  'quilted-jacket',
  'fringe-jacket',
  // bottoms
  'trousers',
  'wide-trousers',
  'joggers',
  'cargo-pants',
  'shorts',
  'tights',
  'midi-skirt',
  // one-pieces
  'slip-dress',
  'wrap-dress',
  'floral-midi',
  // shoes (a pair, side view)
  'sneakers',
  'loafers',
  'ankle-boots',
  'heels',
  'espadrilles',
  'brogues',
  // accessories
  'earrings',
  'hoops',
  'tote',
  'clutch',
  'fringe-bag',
  'straw-hat',
  'cap',
  'beanie',
  'belt',
] as const;
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
  /** Patterns the details use. */
  defs?: string;
  /** Drawn over the outline and not clipped to it: fringe hanging below a hem. */
  after?: string;
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
    default:
      return moreShapeOf(kind, c);
  }
}

/** Ribbing: short parallel lines across a band (a knit's neck, cuffs and hem). */
const rib = (x0: number, x1: number, y0: number, y1: number, step = 12) => {
  let d = '';
  for (let x = x0 + step / 2; x < x1; x += step) d += `M ${x} ${y0} L ${x} ${y1} `;
  return `<path d="${d}" stroke="rgba(0,0,0,0.2)" stroke-width="3"/>`;
};
/** Ribbing along a sleeve's cuff: a band between two points, lines across it. */
const cuff = (ax: number, ay: number, bx: number, by: number, depth: number, colour: string) => {
  const dx = bx - ax;
  const dy = by - ay;
  const len = Math.hypot(dx, dy);
  const [nx, ny] = [(-dy / len) * depth, (dx / len) * depth];
  let lines = '';
  for (let t = 0.1; t < 1; t += 0.15)
    lines += `M ${ax + dx * t} ${ay + dy * t} L ${ax + dx * t + nx} ${ay + dy * t + ny} `;
  return (
    `<path d="M ${ax} ${ay} L ${bx} ${by} L ${bx + nx} ${by + ny} L ${ax + nx} ${ay + ny} Z" fill="${colour}" stroke="rgba(0,0,0,0.3)" stroke-width="2"/>` +
    `<path d="${lines}" stroke="rgba(0,0,0,0.2)" stroke-width="3"/>`
  );
};
const buttons = (x: number, ys: number[], colour: string, r = 7) =>
  ys.map((y) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${colour}" stroke="rgba(0,0,0,0.35)"/>`).join('');
const stroke = (d: string, colour: string, width = 4) =>
  `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>`;

/** A long-sleeve knit's outline (sweater, turtleneck, hoodie, fleece): shoulders dropped, sleeves to the cuffs. */
const KNIT =
  'L 570 140 L 655 250 L 710 580 L 640 598 L 590 330 L 585 700 Q 400 712 215 700 L 210 330 L 160 598 L 90 580 L 145 250 L 230 140 Z';
const KNIT_FOLDS =
  fold('M 300 400 Q 320 540 300 660', 9, 0.16) +
  fold('M 510 380 Q 490 520 515 660', 8, 0.16) +
  fold('M 150 330 Q 140 420 120 540', 8, 0.18) +
  fold('M 650 330 Q 660 420 680 540', 8, 0.18) +
  highlight('M 400 260 Q 410 450 395 640', 18);
const knitCuffsAndHem = (c: GarmentColours) =>
  cuff(90, 580, 160, 598, -34, c.trim ?? c.main) +
  cuff(640, 598, 710, 580, -34, c.trim ?? c.main) +
  `<rect x="212" y="660" width="376" height="44" fill="${c.trim ?? c.main}" stroke="rgba(0,0,0,0.3)" stroke-width="2"/>` +
  rib(212, 588, 662, 702);

/** A coat's or jacket's outline from the neck's width down to `hem`. */
const coat = (hem: number, wide = 0) =>
  `M 330 95 L 400 130 L 470 95 L 575 120 L 655 235 L 710 575 L 645 590 L 600 340 L ${600 + wide} ${hem} L ${200 - wide} ${hem} L 200 340 L 155 590 L 90 575 L 145 235 L 225 120 Z`;
const COAT_FOLDS =
  fold('M 290 380 Q 300 520 285 700', 12, 0.22) +
  fold('M 520 380 Q 510 520 525 700', 12, 0.22) +
  fold('M 130 330 Q 120 440 110 560', 10, 0.26) +
  fold('M 670 330 Q 680 440 690 560', 10, 0.26) +
  highlight('M 250 250 Q 260 400 245 560', 20);

/** Two legs from a waistband at y 60 down to `hem`; `flare` widens them at the hem, `taper` narrows them. */
const legs = (hem: number, flare = 0, taper = 0) =>
  `M 255 60 L 545 60 L 560 130 L ${600 + flare - taper} ${hem} L ${430 - flare + taper} ${hem + 5} L 405 260 L 395 260 L ${370 + flare - taper} ${hem + 5} L ${200 - flare + taper} ${hem} L 240 130 Z`;
const LEG_FOLDS =
  fold('M 300 300 Q 290 500 300 720', 10, 0.2) +
  fold('M 500 300 Q 510 500 500 720', 10, 0.2) +
  highlight('M 270 200 Q 285 420 275 700', 18) +
  highlight('M 530 200 Q 515 420 525 700', 18);

/** One shoe seen from the side, toe to the right, in a box about 330 x 170 from (0, 0). */
function shoeProfile(kind: GarmentKind): { upper: string; sole: string; extra: (c: GarmentColours) => string } {
  switch (kind) {
    case 'sneakers':
      return {
        upper: 'M 20 60 Q 20 30 60 30 L 130 40 Q 190 70 250 90 Q 320 105 325 140 L 20 140 Z',
        sole: 'M 12 138 L 330 138 Q 334 165 300 168 L 20 168 Q 8 165 12 138 Z',
        extra: (c) =>
          stroke('M 120 50 L 150 90 M 140 45 L 175 92 M 160 55 L 200 96 M 180 66 L 222 100', c.accent, 5) +
          stroke('M 40 110 Q 150 95 250 120', 'rgba(0,0,0,0.25)', 3),
      };
    case 'loafers':
      return {
        upper: 'M 25 85 Q 30 60 70 62 L 150 70 Q 230 72 290 100 Q 330 115 325 145 L 25 145 Z',
        sole: 'M 18 143 L 330 143 Q 332 160 305 162 L 60 162 L 58 172 L 18 172 Z',
        extra: (c) =>
          `<path d="M 170 82 Q 215 78 255 98 L 250 112 Q 212 96 175 98 Z" fill="${c.accent}" stroke="rgba(0,0,0,0.35)"/>` +
          stroke('M 160 74 Q 230 80 280 104', 'rgba(0,0,0,0.3)', 3),
      };
    case 'ankle-boots':
      return {
        upper: 'M 30 0 L 130 0 L 140 70 Q 230 80 295 105 Q 330 120 325 145 L 25 145 Z',
        sole: 'M 18 143 L 330 143 Q 332 160 305 162 L 75 162 L 72 175 L 22 175 Z',
        extra: (c) =>
          `<rect x="30" y="0" width="100" height="14" fill="${c.accent}" opacity="0.6"/>` +
          stroke('M 125 10 L 135 120', 'rgba(0,0,0,0.3)', 3),
      };
    case 'heels':
      return {
        upper:
          'M 30 60 Q 40 40 70 48 L 110 70 L 150 90 Q 240 96 300 118 Q 325 130 320 142 L 200 142 Q 120 108 40 100 Z',
        sole: 'M 36 98 L 70 100 L 70 172 L 42 172 Z M 200 140 L 322 140 Q 326 152 300 154 L 205 152 Z',
        extra: (c) => stroke('M 70 60 Q 140 40 170 95', c.accent, 6) + stroke('M 110 70 L 240 110', c.accent, 6),
      };
    case 'espadrilles':
      return {
        upper: 'M 25 95 Q 30 75 70 78 L 150 78 Q 240 82 295 108 Q 325 122 322 138 L 25 138 Z',
        sole: 'M 16 136 L 330 136 Q 334 168 300 170 L 24 170 Q 12 166 16 136 Z',
        extra: (c) =>
          `<path d="${[150, 156, 162].map((y) => `M 24 ${y} L 326 ${y}`).join(' ')}" stroke="${c.accent}" stroke-width="3" stroke-dasharray="10 5"/>` +
          stroke('M 150 80 Q 200 70 280 104', 'rgba(0,0,0,0.25)', 3),
      };
    case 'brogues':
    default:
      return {
        upper: 'M 22 70 Q 25 45 65 48 L 140 60 Q 220 70 285 98 Q 330 115 325 145 L 22 145 Z',
        sole: 'M 14 143 L 330 143 Q 333 160 305 162 L 62 162 L 60 172 L 14 172 Z',
        extra: (c) =>
          stroke('M 130 62 L 150 95 M 150 66 L 170 98 M 170 70 L 190 100', c.accent, 4) +
          `<path d="M 210 80 Q 240 100 235 140" fill="none" stroke="rgba(0,0,0,0.45)" stroke-width="3" stroke-dasharray="2 7" stroke-linecap="round"/>` +
          `<path d="M 40 100 Q 120 92 200 104" fill="none" stroke="rgba(0,0,0,0.45)" stroke-width="3" stroke-dasharray="2 7" stroke-linecap="round"/>`,
      };
  }
}

/** A pair of shoes: the left one a little higher and behind, both toes to the right. */
function shoes(kind: GarmentKind, c: GarmentColours): Shape {
  const s = shoeProfile(kind);
  const placed = (x: number, y: number) =>
    `<g transform="translate(${x} ${y})"><path d="${s.sole}" fill="${c.trim ?? '#f4f1ea'}" stroke="rgba(0,0,0,0.4)" stroke-width="2"/>${s.extra(c)}</g>`;
  // the outline is both uppers, moved into place with their own coordinates
  const shift = (d: string, x: number, y: number) =>
    d.replace(/(-?\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?)/g, (_, a: string, b: string) => `${Number(a) + x} ${Number(b) + y}`);
  return {
    outline: [45, 420].map((x, i) => `${shift(s.upper, x, 300 + i * 20)} ${shift(s.sole, x, 300 + i * 20)}`).join(' '),
    folds: highlight('M 95 360 Q 185 360 285 400', 14) + highlight('M 470 380 Q 560 380 660 420', 14),
    details: placed(45, 300) + placed(420, 320),
  };
}

/** The kinds beyond the engine fixtures' six. */
function moreShapeOf(kind: GarmentKind, c: GarmentColours): Shape {
  switch (kind) {
    case 'sweater':
      // a crewneck: a round ribbed neckband, no collar, no buttons; ribbed cuffs and hem
      return {
        outline: 'M 330 120 Q 400 170 470 120 ' + KNIT,
        under: `<path d="M 330 120 Q 400 100 470 120 Z" fill="${c.inside ?? 'rgba(0,0,0,0.35)'}"/>`,
        folds: KNIT_FOLDS,
        details:
          `<path d="M 326 118 Q 400 176 474 118" fill="none" stroke="${c.trim ?? c.main}" stroke-width="22"/>` +
          `<path d="M 326 118 Q 400 176 474 118" fill="none" stroke="rgba(0,0,0,0.22)" stroke-width="22" stroke-dasharray="3 9"/>` +
          knitCuffsAndHem(c) +
          seam('M 230 140 L 210 330') +
          seam('M 570 140 L 590 330'),
      };
    case 'turtleneck':
      // a tall folded neck tube above a long-sleeve knit
      return {
        outline: 'M 335 30 L 465 30 L 470 125 ' + KNIT.replace('Z', 'L 330 125 Z'),
        folds: KNIT_FOLDS + fold('M 345 80 L 455 80', 6, 0.25),
        details:
          `<rect x="335" y="30" width="130" height="52" fill="${c.trim ?? c.main}" stroke="rgba(0,0,0,0.3)" stroke-width="2"/>` +
          rib(335, 465, 32, 80, 10) +
          rib(340, 460, 84, 124, 10) +
          knitCuffsAndHem(c),
      };
    case 'hoodie':
      // a hood behind the neck, drawstrings, a kangaroo pocket; wide and long (oversized)
      return {
        outline:
          'M 305 135 Q 280 25 400 15 Q 520 25 495 135 L 590 150 L 670 260 L 730 600 L 655 618 L 605 340 L 605 720 Q 400 735 195 720 L 195 340 L 145 618 L 70 600 L 130 260 L 210 150 Z',
        under: `<path d="M 330 130 Q 400 60 470 130 Q 400 175 330 130 Z" fill="${c.inside ?? 'rgba(0,0,0,0.4)'}"/>`,
        folds: KNIT_FOLDS + fold('M 320 60 Q 400 20 480 60', 10, 0.2),
        details:
          `<path d="M 330 130 Q 400 60 470 130" fill="none" stroke="rgba(0,0,0,0.35)" stroke-width="4"/>` +
          stroke('M 375 160 L 370 290 M 425 160 L 430 290', c.accent, 6) +
          `<path d="M 290 470 L 510 470 L 545 620 L 255 620 Z" fill="none" stroke="rgba(0,0,0,0.3)" stroke-width="3"/>` +
          cuff(70, 600, 145, 618, -36, c.trim ?? c.main) +
          cuff(655, 618, 730, 600, -36, c.trim ?? c.main) +
          `<rect x="197" y="672" width="406" height="50" fill="${c.trim ?? c.main}" stroke="rgba(0,0,0,0.3)" stroke-width="2"/>` +
          rib(197, 603, 674, 720),
      };
    case 'polo':
      // a tee's short sleeves with a flat knit collar and a three-button placket; ribbed sleeve bands
      return {
        outline:
          'M 330 120 L 400 150 L 470 120 L 560 140 L 700 250 L 640 340 L 575 300 L 580 700 Q 400 715 220 700 L 225 300 L 160 340 L 100 250 L 240 140 Z',
        folds:
          fold('M 300 420 Q 320 520 300 640') +
          fold('M 500 380 Q 480 500 510 650', 8) +
          highlight('M 440 320 Q 450 480 435 660', 18),
        details:
          `<path d="M 330 120 L 400 150 L 360 205 L 300 140 Z M 470 120 L 400 150 L 440 205 L 500 140 Z" fill="${c.trim ?? c.main}" stroke="rgba(0,0,0,0.35)" stroke-width="2"/>` +
          '<rect x="385" y="150" width="30" height="130" fill="none" stroke="rgba(0,0,0,0.25)" stroke-width="2"/>' +
          buttons(400, [180, 220, 260], c.button ?? c.accent, 6) +
          `<path d="M 160 340 L 100 250 L 125 235 L 182 322 Z M 640 340 L 700 250 L 675 235 L 618 322 Z" fill="${c.accent}" opacity="0.9"/>` +
          seam('M 240 140 L 225 300') +
          seam('M 560 140 L 575 300'),
      };
    case 'cami':
      // thin straps, a straight neckline, no sleeves; sequins
      return {
        outline:
          'M 292 70 L 304 70 L 318 210 Q 400 228 482 210 L 496 70 L 508 70 L 520 220 Q 560 300 570 360 L 585 620 Q 400 640 215 620 L 230 360 Q 240 300 280 220 Z',
        folds: fold('M 320 300 Q 330 460 310 610', 10, 0.18) + fold('M 480 300 Q 470 460 490 610', 10, 0.18),
        details:
          `<path d="M 280 220 Q 400 240 520 220" fill="none" stroke="${c.accent}" stroke-width="6"/>` +
          Array.from({ length: 9 }, (_, row) =>
            Array.from({ length: 11 }, (_, col) => {
              const x = 240 + col * 34 + (row % 2) * 17;
              const y = 260 + row * 40;
              return `<circle cx="${x}" cy="${y}" r="9" fill="${c.accent}" opacity="${0.35 + ((row + col) % 3) * 0.2}"/>`;
            }).join(''),
          ).join(''),
      };
    case 'vest':
      // sleeveless with a deep V neck; crocheted squares
      return {
        outline:
          'M 320 110 L 400 320 L 480 110 L 565 130 Q 548 230 595 310 L 590 640 Q 400 655 210 640 L 205 310 Q 252 230 235 130 Z',
        folds: fold('M 300 380 Q 310 500 295 620', 8, 0.15) + fold('M 500 380 Q 490 500 505 620', 8, 0.15),
        details:
          Array.from({ length: 6 }, (_, row) =>
            Array.from({ length: 5 }, (_, col) => {
              const x = 215 + col * 76;
              const y = 130 + row * 86;
              return (
                `<rect x="${x + 4}" y="${y + 4}" width="68" height="78" fill="none" stroke="${c.accent}" stroke-width="4"/>` +
                `<circle cx="${x + 38}" cy="${y + 43}" r="18" fill="${c.accent}" opacity="0.8"/>` +
                `<circle cx="${x + 38}" cy="${y + 43}" r="8" fill="${c.trim ?? '#fff7e0'}"/>`
              );
            }).join(''),
          ).join('') +
          `<path d="M 320 110 L 400 320 L 480 110" fill="none" stroke="${c.accent}" stroke-width="10"/>` +
          `<path d="M 215 620 Q 400 636 585 620" fill="none" stroke="${c.accent}" stroke-width="12" stroke-dasharray="8 6"/>`,
      };
    case 'fleece':
      // a stand collar with a half zip, a zipped chest pocket, long sleeves
      return {
        outline: 'M 335 70 L 465 70 L 470 125 ' + KNIT.replace('Z', 'L 330 125 Z'),
        folds: KNIT_FOLDS,
        details:
          `<path d="M 400 70 L 400 320" stroke="${c.accent}" stroke-width="8"/>` +
          `<rect x="392" y="300" width="16" height="26" rx="4" fill="${c.accent}"/>` +
          `<path d="M 470 250 L 540 240" stroke="${c.accent}" stroke-width="6"/>` +
          `<rect x="335" y="70" width="130" height="55" fill="none" stroke="rgba(0,0,0,0.3)" stroke-width="3"/>` +
          knitCuffsAndHem({ ...c, trim: c.trim ?? c.accent }),
      };
    case 'cropped-cardigan':
      // a short knit opening down the front with buttons, a V neck, long sleeves
      return {
        outline:
          'M 330 110 L 400 280 L 470 110 L 570 135 L 655 245 L 710 560 L 640 578 L 590 320 L 590 500 Q 400 510 210 500 L 210 320 L 160 578 L 90 560 L 145 245 L 230 135 Z',
        folds: fold('M 300 300 Q 310 400 295 480', 8, 0.16) + fold('M 500 300 Q 490 400 505 480', 8, 0.16),
        details:
          `<path d="M 330 110 L 400 280 L 400 505 M 470 110 L 400 280" fill="none" stroke="${c.trim ?? 'rgba(0,0,0,0.25)'}" stroke-width="14"/>` +
          buttons(415, [320, 380, 440], c.button ?? c.accent, 8) +
          cuff(90, 560, 160, 578, -30, c.trim ?? c.main) +
          cuff(640, 578, 710, 560, -30, c.trim ?? c.main) +
          `<rect x="210" y="462" width="380" height="40" fill="${c.trim ?? c.main}" stroke="rgba(0,0,0,0.3)" stroke-width="2"/>` +
          rib(210, 590, 464, 500) +
          `<path d="M 230 180 L 570 180 M 225 260 L 575 260 M 218 340 L 582 340 M 212 420 L 588 420" stroke="rgba(0,0,0,0.12)" stroke-width="10" stroke-dasharray="14 10"/>`,
      };
    case 'trench':
      // long, double-breasted, a belt, wide lapels and epaulettes
      return {
        outline: coat(780, 40),
        under: `<path d="M 330 95 Q 400 70 470 95 Z" fill="${c.inside ?? 'rgba(0,0,0,0.5)'}"/>`,
        folds: COAT_FOLDS + fold('M 300 520 Q 280 650 250 770', 12, 0.2) + fold('M 500 520 Q 520 650 550 770', 12, 0.2),
        details:
          `<path d="M 330 95 L 400 130 L 330 330 L 270 140 Z M 470 95 L 400 130 L 470 330 L 530 140 Z" fill="${c.lapel ?? c.trim ?? SHADE}" stroke="rgba(0,0,0,0.4)" stroke-width="2"/>` +
          '<path d="M 225 120 L 300 135 M 575 120 L 500 135" stroke="rgba(0,0,0,0.4)" stroke-width="8"/>' +
          buttons(360, [360, 440], c.button ?? c.accent, 9) +
          buttons(440, [360, 440], c.button ?? c.accent, 9) +
          `<rect x="180" y="480" width="440" height="34" fill="${c.trim ?? c.main}" stroke="rgba(0,0,0,0.4)" stroke-width="2"/>` +
          `<rect x="372" y="474" width="56" height="46" fill="none" stroke="${c.accent}" stroke-width="6"/>` +
          stroke('M 420 514 Q 440 600 420 660', c.main, 20) +
          stroke('M 400 514 L 400 780', 'rgba(0,0,0,0.3)', 3) +
          seam('M 225 120 L 200 340') +
          seam('M 575 120 L 600 340'),
      };
    case 'blazer':
      // notched lapels, two buttons, flap pockets, a cut-away front; no zip
      return {
        outline:
          'M 330 95 L 400 130 L 470 95 L 575 120 L 655 235 L 710 575 L 645 590 L 600 340 L 605 700 L 430 712 L 400 640 L 370 712 L 195 700 L 200 340 L 155 590 L 90 575 L 145 235 L 225 120 Z',
        under: `<path d="M 330 95 Q 400 70 470 95 Z" fill="${c.inside ?? 'rgba(0,0,0,0.5)'}"/>`,
        folds: COAT_FOLDS,
        details:
          `<path d="M 330 95 L 400 130 L 392 420 L 300 200 L 318 160 L 290 150 Z M 470 95 L 400 130 L 408 420 L 500 200 L 482 160 L 510 150 Z" fill="${c.lapel ?? c.trim ?? SHADE}" stroke="rgba(0,0,0,0.4)" stroke-width="2"/>` +
          buttons(400, [470, 550], c.button ?? c.accent, 9) +
          '<path d="M 240 560 L 340 560 M 460 560 L 560 560 M 470 290 L 540 285" stroke="rgba(0,0,0,0.4)" stroke-width="6"/>' +
          stroke('M 400 440 L 400 640', 'rgba(0,0,0,0.3)', 3) +
          seam('M 225 120 L 200 340') +
          seam('M 575 120 L 600 340'),
      };
    case 'bomber':
      // contrast sleeves, ribbed collar, cuffs and hem band, a zip; snaps; a chest letter
      return {
        outline: coat(690),
        folds: COAT_FOLDS,
        details:
          `<path d="M 575 120 L 655 235 L 710 575 L 645 590 L 600 340 Z M 225 120 L 145 235 L 90 575 L 155 590 L 200 340 Z" fill="${c.accent}" stroke="rgba(0,0,0,0.3)" stroke-width="2"/>` +
          `<path d="M 330 95 Q 400 150 470 95" fill="none" stroke="${c.trim ?? c.main}" stroke-width="26"/>` +
          rib(330, 470, 96, 130, 12) +
          cuff(90, 575, 155, 590, -34, c.trim ?? c.main) +
          cuff(645, 590, 710, 575, -34, c.trim ?? c.main) +
          `<rect x="200" y="640" width="400" height="52" fill="${c.trim ?? c.main}" stroke="rgba(0,0,0,0.3)" stroke-width="2"/>` +
          `<path d="M 200 655 L 600 655 M 200 675 L 600 675" stroke="${c.accent}" stroke-width="6"/>` +
          `<path d="M 400 125 L 400 690" stroke="rgba(0,0,0,0.45)" stroke-width="4"/>` +
          `<text x="300" y="300" font-family="Georgia, serif" font-size="90" font-weight="bold" fill="${c.accent}" stroke="rgba(0,0,0,0.3)" text-anchor="middle">F</text>`,
      };
    case 'shell':
      // a hood, a full zip with a storm flap, zipped chest pocket, hem toggles
      return {
        outline:
          'M 300 120 Q 285 20 400 10 Q 515 20 500 120 L 575 130 L 655 245 L 710 580 L 645 595 L 600 345 L 605 730 L 195 730 L 200 345 L 155 595 L 90 580 L 145 245 L 225 130 Z',
        under: `<path d="M 330 125 Q 400 55 470 125 Z" fill="${c.inside ?? 'rgba(0,0,0,0.45)'}"/>`,
        folds: COAT_FOLDS + fold('M 320 60 Q 400 20 480 60', 10, 0.2),
        details:
          `<path d="M 330 125 Q 400 55 470 125" fill="none" stroke="rgba(0,0,0,0.35)" stroke-width="4"/>` +
          `<rect x="388" y="125" width="24" height="605" fill="rgba(0,0,0,0.12)"/>` +
          `<path d="M 400 125 L 400 730" stroke="${c.accent}" stroke-width="5"/>` +
          `<path d="M 440 250 L 440 360" stroke="${c.accent}" stroke-width="5"/>` +
          `<path d="M 240 500 L 330 480 M 470 480 L 560 500" stroke="${c.accent}" stroke-width="5"/>` +
          `<circle cx="215" cy="715" r="9" fill="${c.accent}"/><circle cx="585" cy="715" r="9" fill="${c.accent}"/>` +
          '<path d="M 95 555 L 152 568 M 705 555 L 648 568" stroke="rgba(0,0,0,0.45)" stroke-width="3"/>' +
          seam('M 225 130 L 200 345') +
          seam('M 575 130 L 600 345'),
      };
    case 'quilted-jacket':
      // diamond quilting, a corduroy collar, snaps, patch pockets
      return {
        outline: coat(720),
        folds: COAT_FOLDS,
        defs: `<pattern id="quilt" width="60" height="60" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><path d="M 0 0 L 60 0 M 0 0 L 0 60" stroke="rgba(0,0,0,0.3)" stroke-width="3" stroke-dasharray="6 4"/></pattern>`,
        details:
          '<rect width="800" height="800" fill="url(#quilt)"/>' +
          `<path d="M 330 95 L 400 130 L 470 95 L 480 60 Q 400 80 320 60 Z" fill="${c.trim ?? c.accent}" stroke="rgba(0,0,0,0.4)" stroke-width="2"/>` +
          `<path d="M 400 130 L 400 720" stroke="${c.accent}" stroke-width="6"/>` +
          buttons(420, [200, 300, 400, 500, 600], c.button ?? c.accent, 8) +
          `<rect x="240" y="480" width="120" height="110" fill="${c.main}" stroke="rgba(0,0,0,0.4)" stroke-width="3"/>` +
          `<rect x="440" y="480" width="120" height="110" fill="${c.main}" stroke="rgba(0,0,0,0.4)" stroke-width="3"/>` +
          `<rect x="240" y="480" width="120" height="28" fill="${c.trim ?? c.accent}"/><rect x="440" y="480" width="120" height="28" fill="${c.trim ?? c.accent}"/>`,
      };
    case 'fringe-jacket':
      // suede, cropped, fringe across the yoke, along the sleeves and under the hem
      return {
        outline: coat(600),
        folds: COAT_FOLDS,
        details:
          `<path d="M 330 95 L 400 130 L 350 280 L 300 140 Z M 470 95 L 400 130 L 450 280 L 500 140 Z" fill="${c.lapel ?? c.trim ?? SHADE}" stroke="rgba(0,0,0,0.4)" stroke-width="2"/>` +
          stroke('M 220 260 Q 400 300 580 260', c.accent, 6) +
          `<path d="${Array.from({ length: 18 }, (_, i) => `M ${212 + i * 22} ${268 + Math.sin(i / 5.6) * 26} l -4 70`).join(' ')}" stroke="${c.accent}" stroke-width="6" stroke-linecap="round"/>` +
          `<path d="M 400 130 L 400 600" stroke="rgba(0,0,0,0.35)" stroke-width="3"/>` +
          buttons(412, [330, 420, 510], c.button ?? c.accent, 7),
        after: `<path d="${Array.from({ length: 19 }, (_, i) => `M ${205 + i * 21.5} 600 l 0 110`).join(' ')} ${Array.from({ length: 7 }, (_, i) => `M ${97 + i * 8} ${520 + i * 2} l -24 60 M ${703 - i * 8} ${520 + i * 2} l 24 60`).join(' ')}" stroke="${c.main}" stroke-width="7" stroke-linecap="round"/>`,
      };
    case 'trousers':
      // straight legs, a pressed crease, a waistband with belt loops, slanted pockets; no rivets, no stitching
      return {
        outline: legs(750, -10, 0),
        folds: LEG_FOLDS,
        details:
          `<rect x="250" y="60" width="300" height="34" fill="${c.trim ?? SHADE}" stroke="rgba(0,0,0,0.35)" stroke-width="2"/>` +
          '<path d="M 290 60 L 290 94 M 350 60 L 350 94 M 450 60 L 450 94 M 510 60 L 510 94" stroke="rgba(0,0,0,0.35)" stroke-width="4"/>' +
          '<path d="M 300 140 L 300 740 M 500 140 L 500 740" stroke="rgba(255,255,255,0.35)" stroke-width="3"/>' +
          '<path d="M 262 100 L 300 190 M 538 100 L 500 190 M 400 94 L 400 240" stroke="rgba(0,0,0,0.3)" stroke-width="3"/>',
      };
    case 'wide-trousers':
      return {
        outline: legs(760, 55, 0),
        folds: LEG_FOLDS + fold('M 250 500 Q 220 640 185 750', 10, 0.2) + fold('M 550 500 Q 580 640 615 750', 10, 0.2),
        details:
          `<rect x="250" y="60" width="300" height="40" fill="${c.trim ?? SHADE}" stroke="rgba(0,0,0,0.35)" stroke-width="2"/>` +
          '<path d="M 300 110 L 300 740 M 500 110 L 500 740" stroke="rgba(0,0,0,0.25)" stroke-width="4"/>' +
          '<path d="M 400 100 L 400 240" stroke="rgba(0,0,0,0.3)" stroke-width="3"/>',
      };
    case 'joggers':
      // tapered legs gathered into ribbed ankle cuffs; an elastic waist with a drawstring
      return {
        outline: 'M 250 60 L 550 60 L 565 140 L 560 700 L 450 705 L 405 270 L 395 270 L 350 705 L 240 700 L 235 140 Z',
        folds: LEG_FOLDS + fold('M 260 620 Q 300 640 340 620', 6, 0.3) + fold('M 460 620 Q 500 640 540 620', 6, 0.3),
        details:
          `<rect x="248" y="60" width="304" height="46" fill="${c.trim ?? c.main}" stroke="rgba(0,0,0,0.3)" stroke-width="2"/>` +
          rib(248, 552, 62, 104, 10) +
          stroke('M 385 100 Q 375 160 360 190 M 415 100 Q 425 160 440 190', c.accent, 6) +
          `<rect x="240" y="660" width="112" height="46" fill="${c.trim ?? c.main}" stroke="rgba(0,0,0,0.3)"/>` +
          rib(240, 352, 662, 704, 10) +
          `<rect x="448" y="660" width="112" height="46" fill="${c.trim ?? c.main}" stroke="rgba(0,0,0,0.3)"/>` +
          rib(448, 560, 662, 704, 10),
      };
    case 'cargo-pants':
      return {
        outline: legs(750, 10, 0),
        folds: LEG_FOLDS,
        details:
          `<rect x="250" y="60" width="300" height="34" fill="${c.trim ?? SHADE}" stroke="rgba(0,0,0,0.35)" stroke-width="2"/>` +
          `<rect x="205" y="360" width="90" height="120" fill="${c.main}" stroke="rgba(0,0,0,0.45)" stroke-width="3"/><rect x="205" y="360" width="90" height="30" fill="rgba(0,0,0,0.15)"/>` +
          `<rect x="505" y="360" width="90" height="120" fill="${c.main}" stroke="rgba(0,0,0,0.45)" stroke-width="3"/><rect x="505" y="360" width="90" height="30" fill="rgba(0,0,0,0.15)"/>` +
          '<path d="M 400 94 L 400 240" stroke="rgba(0,0,0,0.3)" stroke-width="3"/>',
      };
    case 'shorts':
      return {
        outline:
          'M 245 200 L 555 200 L 575 270 L 620 520 L 425 535 L 405 380 L 395 380 L 375 535 L 180 520 L 225 270 Z',
        folds: fold('M 300 300 Q 290 420 290 510', 10, 0.2) + fold('M 500 300 Q 510 420 510 510', 10, 0.2),
        details:
          `<rect x="240" y="200" width="320" height="34" fill="${c.trim ?? SHADE}" stroke="${c.accent}" stroke-width="2" stroke-dasharray="5 3"/>` +
          seam('M 400 234 L 400 350', c.accent) +
          `<path d="M 185 510 L 372 525 M 428 525 L 615 510" stroke="${c.trim ?? 'rgba(255,255,255,0.6)'}" stroke-width="10" stroke-dasharray="4 3"/>`,
      };
    case 'tights':
      // slim to the ankle, no seams or pockets; a wide high waistband
      return {
        outline: 'M 280 50 L 520 50 L 530 140 L 520 750 L 440 752 L 406 250 L 394 250 L 360 752 L 280 750 L 270 140 Z',
        folds: highlight('M 310 200 Q 320 450 320 730', 14) + highlight('M 490 200 Q 480 450 480 730', 14),
        details:
          `<rect x="278" y="50" width="244" height="60" fill="${c.trim ?? SHADE}" stroke="rgba(0,0,0,0.3)" stroke-width="2"/>` +
          stroke('M 290 300 L 300 720 M 510 300 L 500 720', c.accent, 5),
      };
    case 'midi-skirt':
      // a plain A-line to mid-calf, a side zip; no pleats
      return {
        outline: 'M 300 60 L 500 60 L 505 100 Q 590 400 640 760 Q 400 790 160 760 Q 210 400 295 100 Z',
        folds:
          fold('M 350 140 Q 330 450 280 750', 10, 0.2) +
          fold('M 450 140 Q 470 450 520 750', 10, 0.2) +
          highlight('M 330 150 L 250 700', 16),
        details:
          `<rect x="295" y="60" width="210" height="40" fill="${c.trim ?? 'rgba(0,0,0,0.15)'}" stroke="rgba(0,0,0,0.35)"/>` +
          seam('M 165 745 Q 400 775 635 745'),
      };
    case 'slip-dress':
      // thin straps, a draped cowl neckline, a narrow bias-cut body flaring a little at the hem; no waist seam
      return {
        outline:
          'M 300 40 L 312 40 L 330 170 Q 400 215 470 170 L 488 40 L 500 40 L 520 190 Q 545 260 530 380 Q 540 560 585 770 Q 400 790 215 770 Q 260 560 270 380 Q 255 260 280 190 Z',
        folds:
          fold('M 330 180 Q 400 235 470 180', 10, 0.3) +
          fold('M 330 210 Q 400 265 470 210', 8, 0.22) +
          fold('M 340 420 Q 330 600 300 760', 9, 0.24) +
          fold('M 460 420 Q 470 600 500 760', 9, 0.24) +
          highlight('M 360 300 Q 380 520 360 740', 22),
        details:
          stroke('M 306 40 L 322 175 M 494 40 L 478 175', c.accent, 5) +
          `<path d="M 222 758 Q 400 782 578 758" fill="none" stroke="${c.accent}" stroke-width="4"/>`,
      };
    case 'wrap-dress':
      // a V neck where the fronts cross, flutter sleeves, a tie at the waist, a hem higher on one side
      return {
        outline:
          'M 330 60 L 400 250 L 470 60 L 560 85 L 650 200 L 570 270 L 540 230 L 525 360 Q 610 560 640 720 L 430 780 Q 300 770 165 740 Q 200 560 275 360 L 260 230 L 230 270 L 150 200 L 240 85 Z',
        under: `<path d="M 330 60 Q 400 40 470 60 L 400 250 Z" fill="${c.inside ?? 'rgba(0,0,0,0.4)'}"/>`,
        folds:
          fold('M 300 400 Q 280 560 230 730', 10, 0.24) +
          fold('M 520 390 Q 560 550 600 700', 10, 0.24) +
          fold('M 430 380 Q 440 560 430 770', 8, 0.2),
        details:
          stroke('M 470 60 L 340 360 Q 420 520 430 780', 'rgba(0,0,0,0.4)', 4) +
          `<path d="M 272 345 Q 400 365 530 345 L 528 380 Q 400 398 272 380 Z" fill="${c.trim ?? c.main}" stroke="rgba(0,0,0,0.35)" stroke-width="2"/>` +
          `<path d="M 520 360 Q 560 360 575 335 Q 560 390 520 378 Z" fill="${c.main}" stroke="rgba(0,0,0,0.4)" stroke-width="2"/>` +
          stroke('M 548 370 Q 565 460 545 540 M 548 370 Q 590 450 600 520', c.main, 14) +
          stroke('M 548 370 Q 565 460 545 540 M 548 370 Q 590 450 600 520', 'rgba(0,0,0,0.3)', 2) +
          seam('M 240 85 L 260 230') +
          seam('M 560 85 L 540 230'),
      };
    case 'floral-midi':
      // puff sleeves, a square neck, a shirred bodice, a full skirt to mid-calf; a print of small flowers
      return {
        outline:
          'M 320 70 L 480 70 L 560 95 Q 640 130 630 230 L 550 250 L 535 360 Q 620 560 660 770 Q 400 800 140 770 Q 180 560 265 360 L 250 250 L 170 230 Q 160 130 240 95 Z',
        folds:
          fold('M 330 400 Q 300 580 240 760', 10, 0.22) +
          fold('M 470 400 Q 500 580 560 760', 10, 0.22) +
          fold('M 400 420 L 400 780', 8, 0.18),
        details:
          `<path d="M 320 70 L 330 150 L 470 150 L 480 70" fill="none" stroke="${c.trim ?? c.accent}" stroke-width="8"/>` +
          `<path d="M 265 330 L 535 330 M 265 345 L 535 345 M 265 360 L 535 360" stroke="rgba(0,0,0,0.2)" stroke-width="3"/>` +
          seam('M 150 755 Q 400 790 650 755'),
      };
    case 'sneakers':
    case 'loafers':
    case 'ankle-boots':
    case 'heels':
    case 'espadrilles':
    case 'brogues':
      return shoes(kind, c);
    case 'earrings':
      // a pair of drops: a hook, a small bead, a long drop
      return {
        outline: [250, 550]
          .map(
            (x) =>
              `M ${x - 14} 300 a 14 14 0 1 0 28 0 a 14 14 0 1 0 -28 0 M ${x} 330 Q ${x + 60} 430 ${x} 520 Q ${x - 60} 430 ${x} 330 Z`,
          )
          .join(' '),
        folds: highlight('M 240 380 Q 230 430 240 480', 10) + highlight('M 540 380 Q 530 430 540 480', 10),
        details: [250, 550]
          .map((x) => stroke(`M ${x} 286 Q ${x} 220 ${x + 30} 230 Q ${x + 45} 250 ${x + 25} 270`, c.main, 5))
          .join(''),
      };
    case 'hoops':
      return {
        outline: [260, 540]
          .map(
            (x) =>
              `M ${x - 110} 400 a 110 110 0 1 0 220 0 a 110 110 0 1 0 -220 0 Z M ${x - 88} 400 a 88 88 0 1 1 176 0 a 88 88 0 1 1 -176 0 Z`,
          )
          .join(' '),
        folds: highlight('M 180 340 Q 170 400 190 460', 8) + highlight('M 460 340 Q 450 400 470 460', 8),
        details: '',
      };
    case 'tote':
      // a tall canvas bag with two long handles
      return {
        outline:
          'M 200 330 L 600 330 L 630 720 L 170 720 Z M 280 330 Q 280 110 400 110 Q 520 110 520 330 L 490 330 Q 490 145 400 145 Q 310 145 310 330 Z',
        folds: fold('M 300 400 Q 290 560 300 700', 10, 0.15) + fold('M 500 400 Q 510 560 500 700', 10, 0.15),
        details:
          `<rect x="200" y="330" width="400" height="40" fill="${c.trim ?? SHADE}"/>` +
          `<rect x="330" y="470" width="140" height="90" fill="none" stroke="${c.accent}" stroke-width="6"/>`,
      };
    case 'clutch':
      // an envelope clutch with a flap and a clasp
      return {
        outline: 'M 150 300 L 650 300 L 650 560 L 150 560 Z',
        folds: highlight('M 180 520 L 620 520', 10),
        details:
          `<path d="M 150 300 L 400 450 L 650 300" fill="${c.trim ?? SHADE}" stroke="rgba(0,0,0,0.4)" stroke-width="3"/>` +
          `<circle cx="400" cy="440" r="16" fill="${c.accent}" stroke="rgba(0,0,0,0.4)"/>`,
      };
    case 'fringe-bag':
      // a saddle bag with a woven flap and fringe under it, a long strap
      return {
        outline:
          'M 200 360 Q 200 320 240 320 L 560 320 Q 600 320 600 360 L 600 560 L 200 560 Z M 230 330 Q 400 60 570 330 L 550 330 Q 400 100 250 330 Z',
        folds: fold('M 240 520 L 560 520', 10, 0.15),
        details:
          `<path d="M 200 360 L 600 360 L 600 450 Q 400 500 200 450 Z" fill="${c.trim ?? SHADE}" stroke="rgba(0,0,0,0.35)" stroke-width="2"/>` +
          `<path d="${Array.from({ length: 9 }, (_, i) => `M ${215 + i * 44} 370 l 30 60 M ${245 + i * 44} 370 l -30 60`).join(' ')}" stroke="${c.accent}" stroke-width="4"/>`,
        after: `<path d="${Array.from({ length: 20 }, (_, i) => `M ${205 + i * 20.5} 560 l 0 120`).join(' ')}" stroke="${c.main}" stroke-width="8" stroke-linecap="round"/>`,
      };
    case 'straw-hat':
      // a wide brim, a round crown, a ribbon
      return {
        outline: 'M 100 450 Q 400 560 700 450 Q 720 400 600 390 Q 590 250 400 240 Q 210 250 200 390 Q 80 400 100 450 Z',
        folds: highlight('M 280 300 Q 300 280 340 270', 12),
        details:
          `<path d="M 205 370 Q 400 420 595 370 L 598 400 Q 400 450 202 400 Z" fill="${c.accent}"/>` +
          `<path d="${Array.from({ length: 14 }, (_, i) => `M ${130 + i * 40} 430 Q ${140 + i * 40} 470 ${150 + i * 40} 480`).join(' ')}" fill="none" stroke="rgba(0,0,0,0.18)" stroke-width="3"/>`,
      };
    case 'cap':
      // a six-panel cap seen from the side: crown, peak, button
      return {
        outline: 'M 200 480 Q 190 280 400 260 Q 580 270 600 440 Q 700 450 720 500 L 200 500 Z',
        folds: highlight('M 260 380 Q 300 300 380 290', 14),
        details:
          `<path d="M 600 440 Q 700 450 720 500 L 560 500 Z" fill="${c.accent}" stroke="rgba(0,0,0,0.4)" stroke-width="2"/>` +
          '<path d="M 400 262 Q 380 380 400 500 M 300 290 Q 280 380 290 495" fill="none" stroke="rgba(0,0,0,0.3)" stroke-width="3"/>' +
          `<circle cx="400" cy="262" r="12" fill="${c.accent}"/>`,
      };
    case 'beanie':
      // a ribbed knit hat with a turned-up cuff
      return {
        outline: 'M 230 560 L 230 400 Q 230 200 400 200 Q 570 200 570 400 L 570 560 Z',
        folds: highlight('M 300 300 Q 320 250 380 240', 14),
        details:
          rib(232, 568, 220, 470, 16) +
          `<rect x="220" y="470" width="360" height="100" rx="10" fill="${c.trim ?? c.main}" stroke="rgba(0,0,0,0.3)" stroke-width="2"/>` +
          rib(222, 578, 474, 566, 14) +
          `<rect x="365" y="495" width="70" height="40" fill="${c.accent}"/>`,
      };
    case 'belt':
    default:
      // a leather belt laid in a loose S with its buckle
      return {
        outline:
          'M 120 360 L 560 360 Q 680 360 680 440 Q 680 520 560 520 L 240 520 L 240 480 L 560 480 Q 640 480 640 440 Q 640 400 560 400 L 120 400 Z',
        folds: highlight('M 140 370 L 540 370', 6),
        details:
          `<rect x="200" y="340" width="60" height="80" rx="8" fill="none" stroke="${c.accent}" stroke-width="10"/>` +
          '<path d="M 300 380 L 520 380" stroke="rgba(255,255,255,0.35)" stroke-width="2" stroke-dasharray="6 5"/>' +
          [330, 380, 430].map((x) => `<circle cx="${x}" cy="500" r="6" fill="rgba(0,0,0,0.45)"/>`).join(''),
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
  // rings and handles are holes in their outline
  const rule = kind === 'hoops' || kind === 'tote' ? 'evenodd' : 'nonzero';
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
    <clipPath id="${id}-clip"><path d="${s.outline}" fill-rule="${rule}"/></clipPath>
    ${s.defs ?? ''}
  </defs>
  ${opts.background ? `<rect width="${S}" height="${S}" fill="${opts.background}"/>` : ''}
  ${s.under ?? ''}
  ${s.after ?? ''}
  <path d="${s.outline}" fill="${opts.fill ?? colours.main}" fill-rule="${rule}" stroke="rgba(0,0,0,0.35)" stroke-width="2"/>
  <g clip-path="url(#${id}-clip)">
    <use href="#${id}-folds" filter="url(#${id}-blur)"/>
    <rect width="${S}" height="${S}" fill="url(#${id}-light)"/>
    ${s.details}
  </g>
</svg>`;
}
