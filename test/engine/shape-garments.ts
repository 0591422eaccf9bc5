/**
 * Garments drawn for the shape tests (issue 38, "the garment keeps its own shape"): simple flat lays on white, each
 * with the outline that defines its category and real proportions (a garment's length against its own chest or
 * waist width, as a shop's size chart gives them): a camisole with straps and a scoop neckline, a knee-length
 * coat, an A-line midi skirt, a mini skirt, a maxi dress, wide-leg trousers, a hoodie with its hood. Tests and
 * scripts only; the realistic evaluation set is drawn elsewhere (test/engine, issue 38 part E).
 */
import sharp from 'sharp';
import type { EngineSlot, PersonAnalysis, RgbaImage } from '../../shared/engine';

/** Pixels per centimetre of the drawings (a 45 cm camisole chest is 234 px). */
const PX = 5.2;
const cm = (v: number) => Math.round(v * PX);

export type ShapeGarment =
  'camisole' | 'knee-coat' | 'a-line-midi' | 'mini-skirt' | 'maxi-dress' | 'wide-leg' | 'hoodie';

/** Each drawing's slot (as an outfit piece declares it) and its own measures in cm. */
export const SHAPE_GARMENTS: Record<ShapeGarment, { slot: EngineSlot; note: string }> = {
  camisole: { slot: 'top', note: 'chest 44, strap to hem 60, 1 cm straps, scoop neckline' },
  'knee-coat': { slot: 'outerwear', note: 'chest 52, shoulder to hem 100 (knee length), long sleeves' },
  'a-line-midi': { slot: 'bottom', note: 'waist 36, waist to hem 72, hem 88 wide' },
  'mini-skirt': { slot: 'bottom', note: 'waist 36, waist to hem 40' },
  'maxi-dress': { slot: 'one-piece', note: 'chest 44, strap to hem 145, flared to 80 at the hem' },
  'wide-leg': { slot: 'bottom', note: 'waist 36, rise 30, waist to hem 105, each leg 30 wide at the hem' },
  hoodie: { slot: 'top', note: 'chest 54, hood 34 tall above the shoulders, long sleeves, kangaroo pocket' },
};

const shade = (id: string, c: string, dark: string) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${dark}"/>` +
  `<stop offset="0.35" stop-color="${c}"/><stop offset="0.7" stop-color="${c}"/><stop offset="1" stop-color="${dark}"/></linearGradient>`;

function svg(w: number, h: number, defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs>${defs}</defs><rect width="${w}" height="${h}" fill="#ffffff"/>${body}</svg>`;
}

const fold = (d: string) => `<path d="${d}" fill="none" stroke="#000" stroke-opacity="0.12" stroke-width="5"/>`;

function drawing(kind: ShapeGarment): string {
  switch (kind) {
    case 'camisole': {
      // straps 1 cm wide, 13 cm apart at the top; the body from 14 cm below the strap tops, a scoop to 24 cm
      const W = cm(70);
      const H = cm(72);
      const cx = W / 2;
      const t = cm(6);
      const half = cm(22);
      const sIn = cm(6.5);
      const sOut = cm(7.5);
      const base = t + cm(14);
      const arm = t + cm(22);
      const hem = t + cm(60);
      const d = `M ${cx - sOut} ${t} L ${cx - sIn} ${t} L ${cx - sIn} ${base} Q ${cx} ${t + cm(26)} ${cx + sIn} ${base}
        L ${cx + sIn} ${t} L ${cx + sOut} ${t} L ${cx + sOut} ${base - cm(1)} Q ${cx + cm(11)} ${arm - cm(1)} ${cx + half} ${arm}
        L ${cx + half + cm(1.5)} ${hem} L ${cx - half - cm(1.5)} ${hem} L ${cx - half} ${arm}
        Q ${cx - cm(11)} ${arm - cm(1)} ${cx - sOut} ${base - cm(1)} Z`;
      return svg(
        W,
        H,
        shade('g', '#c2416b', '#8f2a4c'),
        `<path d="${d}" fill="url(#g)" stroke="#6d1f3a" stroke-width="2"/>` +
          fold(`M ${cx - cm(8)} ${arm + cm(8)} Q ${cx - cm(6)} ${hem - cm(20)} ${cx - cm(10)} ${hem - cm(2)}`) +
          fold(`M ${cx + cm(9)} ${arm + cm(12)} Q ${cx + cm(7)} ${hem - cm(18)} ${cx + cm(12)} ${hem - cm(2)}`),
      );
    }
    case 'knee-coat': {
      const W = cm(150);
      const H = cm(112);
      const cx = W / 2;
      const t = cm(6);
      const sh = cm(22);
      const half = cm(26);
      const arm = t + cm(26);
      const hem = t + cm(100);
      // sleeves angled down-out, 62 cm long, 17 cm wide at the seam, 13 at the cuff
      const d = `M ${cx - cm(8)} ${t} L ${cx - sh} ${t + cm(4)} L ${cx - cm(62)} ${t + cm(56)} L ${cx - cm(50)} ${t + cm(62)}
        L ${cx - half} ${arm} L ${cx - half - cm(4)} ${hem} L ${cx + half + cm(4)} ${hem} L ${cx + half} ${arm}
        L ${cx + cm(50)} ${t + cm(62)} L ${cx + cm(62)} ${t + cm(56)} L ${cx + sh} ${t + cm(4)} L ${cx + cm(8)} ${t} Z`;
      return svg(
        W,
        H,
        shade('g', '#8a6d4b', '#5e4a33'),
        `<path d="${d}" fill="url(#g)" stroke="#3d2f20" stroke-width="2"/>` +
          `<path d="M ${cx - cm(8)} ${t} L ${cx} ${t + cm(30)} L ${cx + cm(8)} ${t}" fill="#6e573c" stroke="#3d2f20" stroke-width="2"/>` +
          `<line x1="${cx}" y1="${t + cm(30)}" x2="${cx}" y2="${hem}" stroke="#3d2f20" stroke-width="3"/>` +
          [40, 55, 70]
            .map((y) => `<circle cx="${cx + cm(3)}" cy="${t + cm(y)}" r="${cm(1.2)}" fill="#2b2016"/>`)
            .join('') +
          `<line x1="${cx - half}" y1="${t + cm(45)}" x2="${cx + half}" y2="${t + cm(45)}" stroke="#3d2f20" stroke-width="3"/>` +
          fold(`M ${cx - cm(14)} ${t + cm(50)} Q ${cx - cm(12)} ${t + cm(75)} ${cx - cm(18)} ${hem - cm(2)}`) +
          fold(`M ${cx + cm(14)} ${t + cm(50)} Q ${cx + cm(12)} ${t + cm(75)} ${cx + cm(18)} ${hem - cm(2)}`),
      );
    }
    case 'a-line-midi':
    case 'mini-skirt': {
      const midi = kind === 'a-line-midi';
      const len = midi ? 72 : 40;
      const hemHalf = midi ? 44 : 27;
      const W = cm(2 * hemHalf + 16);
      const H = cm(len + 12);
      const cx = W / 2;
      const t = cm(6);
      const wh = cm(18);
      const hem = t + cm(len);
      const d = `M ${cx - wh} ${t} L ${cx + wh} ${t} L ${cx + cm(hemHalf)} ${hem - cm(2)} Q ${cx} ${hem + cm(3)} ${cx - cm(hemHalf)} ${hem - cm(2)} Z`;
      return svg(
        W,
        H,
        shade('g', midi ? '#2e5e8c' : '#d08a2e', midi ? '#1f4266' : '#9c6420'),
        `<path d="${d}" fill="url(#g)" stroke="#1b2a3a" stroke-width="2"/>` +
          `<rect x="${cx - wh}" y="${t}" width="${2 * wh}" height="${cm(4)}" fill="#000" fill-opacity="0.15"/>` +
          fold(`M ${cx - cm(8)} ${t + cm(6)} L ${cx - cm(hemHalf * 0.45)} ${hem - cm(1)}`) +
          fold(`M ${cx + cm(8)} ${t + cm(6)} L ${cx + cm(hemHalf * 0.45)} ${hem - cm(1)}`),
      );
    }
    case 'maxi-dress': {
      const W = cm(100);
      const H = cm(160);
      const cx = W / 2;
      const t = cm(6);
      const half = cm(22);
      const arm = t + cm(20);
      const waist = t + cm(38);
      const hem = t + cm(145);
      const d = `M ${cx - cm(9)} ${t} L ${cx - cm(6)} ${t} L ${cx - cm(6)} ${t + cm(12)} Q ${cx} ${t + cm(20)} ${cx + cm(6)} ${t + cm(12)}
        L ${cx + cm(6)} ${t} L ${cx + cm(9)} ${t} L ${cx + cm(10)} ${t + cm(10)} Q ${cx + cm(14)} ${arm - cm(1)} ${cx + half} ${arm}
        L ${cx + cm(18)} ${waist} L ${cx + cm(40)} ${hem - cm(2)} Q ${cx} ${hem + cm(3)} ${cx - cm(40)} ${hem - cm(2)}
        L ${cx - cm(18)} ${waist} L ${cx - half} ${arm} Q ${cx - cm(14)} ${arm - cm(1)} ${cx - cm(10)} ${t + cm(10)} Z`;
      return svg(
        W,
        H,
        shade('g', '#3f8f6e', '#2a6650'),
        `<path d="${d}" fill="url(#g)" stroke="#1c4536" stroke-width="2"/>` +
          `<line x1="${cx - cm(18)}" y1="${waist}" x2="${cx + cm(18)}" y2="${waist}" stroke="#1c4536" stroke-width="3"/>` +
          fold(`M ${cx - cm(8)} ${waist + cm(4)} L ${cx - cm(22)} ${hem - cm(2)}`) +
          fold(`M ${cx + cm(6)} ${waist + cm(4)} L ${cx + cm(18)} ${hem - cm(2)}`),
      );
    }
    case 'wide-leg': {
      const W = cm(84);
      const H = cm(118);
      const cx = W / 2;
      const t = cm(6);
      const wh = cm(18);
      const crotch = t + cm(30);
      const hem = t + cm(105);
      // each leg 30 cm wide at the hem, the outer edges flaring from the hips, a 4 cm gap between the hems
      const d = `M ${cx - wh} ${t} L ${cx + wh} ${t} L ${cx + cm(25)} ${crotch} L ${cx + cm(32)} ${hem}
        L ${cx + cm(2)} ${hem} L ${cx} ${crotch + cm(2)} L ${cx - cm(2)} ${hem} L ${cx - cm(32)} ${hem} L ${cx - cm(25)} ${crotch} Z`;
      return svg(
        W,
        H,
        shade('g', '#d9cfbd', '#b3a68e'),
        `<path d="${d}" fill="url(#g)" stroke="#6b604d" stroke-width="2"/>` +
          `<rect x="${cx - wh}" y="${t}" width="${2 * wh}" height="${cm(5)}" fill="#000" fill-opacity="0.12"/>` +
          fold(`M ${cx - cm(16)} ${crotch} L ${cx - cm(17)} ${hem - cm(1)}`) +
          fold(`M ${cx + cm(16)} ${crotch} L ${cx + cm(17)} ${hem - cm(1)}`),
      );
    }
    case 'hoodie': {
      const W = cm(160);
      const H = cm(112);
      const cx = W / 2;
      const sh = cm(40);
      const half = cm(27);
      const arm = sh + cm(24);
      const hem = sh + cm(68);
      // the hood: 30 cm wide, 34 cm above the shoulder line, its opening drawn darker
      const hood = `M ${cx - cm(11)} ${sh + cm(2)} Q ${cx - cm(17)} ${sh - cm(20)} ${cx - cm(8)} ${sh - cm(32)}
        Q ${cx} ${sh - cm(36)} ${cx + cm(8)} ${sh - cm(32)} Q ${cx + cm(17)} ${sh - cm(20)} ${cx + cm(11)} ${sh + cm(2)} Z`;
      const d = `M ${cx - cm(10)} ${sh} L ${cx - cm(23)} ${sh + cm(3)} L ${cx - cm(66)} ${sh + cm(50)} L ${cx - cm(55)} ${sh + cm(58)}
        L ${cx - half} ${arm} L ${cx - half} ${hem} L ${cx + half} ${hem} L ${cx + half} ${arm}
        L ${cx + cm(55)} ${sh + cm(58)} L ${cx + cm(66)} ${sh + cm(50)} L ${cx + cm(23)} ${sh + cm(3)} L ${cx + cm(10)} ${sh} Z`;
      return svg(
        W,
        H,
        shade('g', '#5a5f8a', '#3c4066'),
        `<path d="${d}" fill="url(#g)" stroke="#23264a" stroke-width="2"/>` +
          `<path d="${hood}" fill="url(#g)" stroke="#23264a" stroke-width="2"/>` +
          `<path d="M ${cx - cm(7)} ${sh} Q ${cx - cm(10)} ${sh - cm(18)} ${cx} ${sh - cm(27)} Q ${cx + cm(10)} ${sh - cm(18)} ${cx + cm(7)} ${sh} Z" fill="#2c2f52"/>` +
          `<path d="M ${cx - cm(16)} ${hem - cm(26)} L ${cx + cm(16)} ${hem - cm(26)} L ${cx + cm(20)} ${hem - cm(8)} L ${cx - cm(20)} ${hem - cm(8)} Z" fill="none" stroke="#23264a" stroke-width="3"/>` +
          `<text x="${cx}" y="${sh + cm(22)}" font-size="${cm(6)}" font-family="sans-serif" text-anchor="middle" fill="#e8e4d8">FITLY</text>`,
      );
    }
  }
}

/** The drawing as an RGBA image (flattened on white, as a flat-lay product shot). */
export async function shapeGarment(kind: ShapeGarment): Promise<RgbaImage> {
  const { data, info } = await sharp(Buffer.from(drawing(kind)))
    .flatten({ background: '#ffffff' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

/**
 * A wide stance made from a standing photo: below the crotch (the first row under the hips where the mask is
 * open between the legs) each leg is moved outwards, more with the distance down (`spread` of the frame's width
 * at the ankles), and the opened gap is the background between the legs stretched. The person's own pixels, only
 * moved: the models see a wide stance.
 */
export function spreadLegs(person: RgbaImage, analysis: PersonAnalysis, spread = 0.06): RgbaImage {
  const { width: W, height: H } = person;
  const k = analysis.keypoints;
  const mask = analysis.mask.data;
  const hipY = Math.max(k.leftHip.y, k.rightHip.y);
  const ankleY = Math.max(k.leftAnkle.y, k.rightAnkle.y);
  const kneeMid = (k.leftKnee.x + k.rightKnee.x) / 2;
  const ankleMid = (k.leftAnkle.x + k.rightAnkle.x) / 2;
  let crotch = Math.round(hipY);
  while (crotch < ankleY && mask[crotch * W + Math.round(kneeMid)]! >= 128) crotch++;
  const out = new Uint8Array(person.data);
  const max = spread * W;
  for (let y = crotch; y < H; y++) {
    const t = Math.min(1, (y - crotch) / Math.max(1, ankleY - crotch));
    const d = Math.round(max * t);
    if (!d) continue;
    const f = Math.min(1, Math.max(0, (y - crotch) / Math.max(1, ankleY - crotch)));
    const split = Math.round(kneeMid + (ankleMid - kneeMid) * f);
    const row = y * W * 4;
    for (let x = 0; x < W; x++) {
      let sx: number;
      if (x < split - d) sx = x + d;
      else if (x >= split + d) sx = x - d;
      else sx = split;
      sx = Math.max(0, Math.min(W - 1, sx));
      out.set(person.data.subarray(row + sx * 4, row + sx * 4 + 4), row + x * 4);
    }
  }
  return { width: W, height: H, data: out };
}
