/**
 * Test images made from the fixtures (tests and scripts only): a person standing on a shiny floor (her lower body
 * mirrored below her soles, down to the frame's bottom edge) and an empty corridor with no person in it, drawn.
 */
import sharp from 'sharp';
import type { PersonAnalysis, RgbaImage } from '../../shared/engine';

/**
 * The lowest row of the person's mask around her ankles (her soles), from the analysis of the photo: the
 * floor line the reflection starts from.
 */
export function soleRow(analysis: PersonAnalysis): number {
  const { mask, keypoints: k } = analysis;
  const W = mask.width;
  const x0 = Math.max(0, Math.floor(Math.min(k.leftAnkle.x, k.rightAnkle.x) - 0.1 * W));
  const x1 = Math.min(W - 1, Math.ceil(Math.max(k.leftAnkle.x, k.rightAnkle.x) + 0.1 * W));
  const from = Math.round(Math.max(k.leftAnkle.y, k.rightAnkle.y));
  let sole = from;
  for (let y = from; y < mask.height; y++) {
    let any = false;
    for (let x = x0; x <= x1 && !any; x++) any = mask.data[y * W + x]! >= 128;
    if (any) sole = y;
    else if (y - sole > 4) break;
  }
  return sole;
}

/**
 * The person on a reflective floor: the photo down to her soles, then the rows above the soles mirrored below
 * them (a sharp reflection, `strength` of it over the floor's own colour) down to the frame's bottom, which ends
 * `below` x (soles - knees) under the soles: her reflection reaches the bottom edge, as on a polished floor.
 */
export function onShinyFloor(person: RgbaImage, analysis: PersonAnalysis, below = 0.6, strength = 0.75): RgbaImage {
  const W = person.width;
  const sole = soleRow(analysis) + 1;
  const knee = Math.min(analysis.keypoints.leftKnee.y, analysis.keypoints.rightKnee.y);
  const H = Math.round(sole + below * (sole - knee));
  const data = new Uint8Array(W * H * 4);
  // the floor's own colour: the photo's median of the rows just below the soles (or at its bottom)
  const floorRow = Math.min(person.height - 1, sole + 2);
  const reds: number[] = [];
  const greens: number[] = [];
  const blues: number[] = [];
  for (let x = 0; x < W; x += 2) {
    const o = (floorRow * W + x) * 4;
    reds.push(person.data[o]!);
    greens.push(person.data[o + 1]!);
    blues.push(person.data[o + 2]!);
  }
  const med = (v: number[]) => v.sort((a, b) => a - b)[v.length >> 1]!;
  const floor = [med(reds), med(greens), med(blues)];
  for (let y = 0; y < H; y++) {
    if (y < sole) {
      data.set(person.data.subarray(y * W * 4, (y + 1) * W * 4), y * W * 4);
      continue;
    }
    const src = Math.max(0, 2 * sole - 1 - y);
    for (let x = 0; x < W; x++) {
      const o = (y * W + x) * 4;
      const q = (src * W + x) * 4;
      for (let c = 0; c < 3; c++) data[o + c] = Math.round(strength * person.data[q + c]! + (1 - strength) * floor[c]!);
      data[o + 3] = 255;
    }
  }
  return { width: W, height: H, data };
}

/** An empty corridor in one-point perspective (walls, doors, a tiled floor, ceiling lights): no person in it. */
export async function emptyCorridor(width = 960, height = 1280): Promise<RgbaImage> {
  const vx = width / 2;
  const vy = height * 0.45;
  const far = { x0: vx - width * 0.12, x1: vx + width * 0.12, y0: vy - height * 0.1, y1: vy + height * 0.1 };
  const lines: string[] = [];
  // floor tiles: lines from the bottom edge to the vanishing point, and rows getting closer towards it
  for (let i = -8; i <= 8; i++) {
    const x = vx + i * width * 0.16;
    lines.push(`<line x1="${x}" y1="${height}" x2="${vx + (i * (far.x1 - far.x0)) / 16}" y2="${far.y1}"/>`);
  }
  for (let k = 1; k <= 12; k++) {
    const t = 1 - 1 / (1 + k * 0.45);
    const y = height + (far.y1 - height) * t;
    lines.push(`<line x1="0" y1="${y}" x2="${width}" y2="${y}"/>`);
  }
  const doors: string[] = [];
  for (const side of [-1, 1]) {
    for (const t of [0.15, 0.45, 0.68]) {
      // a door on the wall: a quadrilateral between depth t and t + 0.1
      const at = (u: number) => {
        const xEdge = side < 0 ? 0 : width;
        const xFar = side < 0 ? far.x0 : far.x1;
        const x = xEdge + (xFar - xEdge) * u;
        const top = 0 + (far.y0 - 0) * u + height * 0.18 * (1 - u);
        const bottom = height + (far.y1 - height) * u;
        return { x, top, bottom };
      };
      const a = at(t);
      const b = at(t + 0.1);
      doors.push(
        `<polygon points="${a.x},${a.top} ${b.x},${b.top} ${b.x},${b.bottom} ${a.x},${a.bottom}" fill="#7b5a3c" stroke="#4a3522" stroke-width="3"/>`,
        `<circle cx="${a.x + (b.x - a.x) * 0.8}" cy="${(a.top + a.bottom) / 2 + 10}" r="${Math.max(2, 8 * (1 - t))}" fill="#d8c27a"/>`,
      );
    }
  }
  const lights: string[] = [];
  for (const t of [0.1, 0.35, 0.55, 0.7, 0.8]) {
    const y = far.y0 * t;
    const half = (width / 2) * (1 - t) * 0.35 + 6;
    lights.push(
      `<rect x="${vx - half}" y="${y}" width="${half * 2}" height="${Math.max(4, 30 * (1 - t))}" fill="#fffbe8"/>`,
    );
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs>
    <linearGradient id="floor" x1="0" y1="1" x2="0" y2="0"><stop offset="0" stop-color="#9c9488"/><stop offset="1" stop-color="#cfc8bb"/></linearGradient>
    <linearGradient id="wallL" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#b9c2c6"/><stop offset="1" stop-color="#dfe4e4"/></linearGradient>
    <linearGradient id="wallR" x1="1" y1="0" x2="0" y2="0"><stop offset="0" stop-color="#aeb7bb"/><stop offset="1" stop-color="#dde2e2"/></linearGradient>
    <radialGradient id="end"><stop offset="0" stop-color="#f7f3e6"/><stop offset="1" stop-color="#d9d4c6"/></radialGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="#e8e6df"/>
  <polygon points="0,0 ${width},0 ${far.x1},${far.y0} ${far.x0},${far.y0}" fill="#f1efe9"/>
  <polygon points="0,${height} ${width},${height} ${far.x1},${far.y1} ${far.x0},${far.y1}" fill="url(#floor)"/>
  <polygon points="0,0 ${far.x0},${far.y0} ${far.x0},${far.y1} 0,${height}" fill="url(#wallL)"/>
  <polygon points="${width},0 ${far.x1},${far.y0} ${far.x1},${far.y1} ${width},${height}" fill="url(#wallR)"/>
  <rect x="${far.x0}" y="${far.y0}" width="${far.x1 - far.x0}" height="${far.y1 - far.y0}" fill="url(#end)"/>
  <g stroke="#8a8377" stroke-width="2" opacity="0.6">${lines.join('')}</g>
  ${doors.join('')}
  ${lights.join('')}
</svg>`;
  const { data, info } = await sharp(Buffer.from(svg))
    .blur(1.2)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  // a little sensor noise, deterministic
  let seed = 12345;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff - 0.5) * 10;
  for (let i = 0; i < data.length; i += 4) {
    const n = rnd();
    for (let c = 0; c < 3; c++) data[i + c] = Math.max(0, Math.min(255, data[i + c]! + n));
  }
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}
