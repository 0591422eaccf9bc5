/** Compositing a drawn garment over the photo. */
import type { Layer } from '../core/raster';
import type { RgbaImage } from '../core/types';
import type { SceneLight } from './light';

/**
 * How much of the photo's shading is carried onto the garment, and its clamp (relative light). `cloth`: the share
 * of the old clothes' light that is read as light (the rest of its ups and downs is the old garment's own pattern:
 * a black bandeau beside lace, a white leotard beside the skin showed through a knit). At most `max`: brighter
 * washed a cream knit out to white.
 */
export const SHADING = { strength: 0.45, min: 0.55, max: 1.15, cloth: 0.4 } as const;

/**
 * Composite the layer over `out`: the garment's colours under the scene's white balance, shaded by the photo's
 * light (the light of skin and of the old cloth each relative to its own median under the garment, mixed by how
 * much of each is around: the old clothes' colour is not the body's shading), bilinear (no blocks); a 3x3
 * softened edge.
 */
export function composite(out: RgbaImage, layer: Layer, light: SceneLight, coverage: Uint8Array) {
  if (layer.x1 < layer.x0) return;
  const W = layer.width;
  const H = layer.height;
  const { shade, lut } = light;
  // the reference light of each kind (skin, old cloth): its median over the garment
  const skinS: number[] = [];
  const clothS: number[] = [];
  const l = new Float32Array(4);
  for (let y = layer.y0; y <= layer.y1; y += 4) {
    for (let x = layer.x0; x <= layer.x1; x += 4) {
      if (layer.data[(y * W + x) * 4 + 3]! <= 128) continue;
      shade.at(x, y, l);
      if (l[0]! >= 0) skinS.push(l[0]!);
      if (l[1]! >= 0) clothS.push(l[1]!);
    }
  }
  const median = (s: number[]) => (s.sort((a, b) => a - b), s.length ? Math.max(20, s[s.length >> 1]!) : -1);
  const refSkin = median(skinS);
  const refCloth = median(clothS);
  for (let y = layer.y0; y <= layer.y1; y++) {
    for (let x = layer.x0; x <= layer.x1; x++) {
      const p = y * W + x;
      let a = 0;
      let n = 0;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= H) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= W) continue;
          a += layer.data[(yy * W + xx) * 4 + 3]!;
          n++;
        }
      }
      const own = layer.data[p * 4 + 3]!;
      // soften only the outside edge: the garment's own opaque pixels stay opaque
      const alpha = own >= 250 ? own / 255 : Math.min(own, a / n) / 255;
      if (alpha <= 0) continue;
      // each kind's light relative to its own median, mixed by how much of each is around
      shade.at(x, y, l);
      const rs = l[0]! >= 0 && refSkin > 0 ? l[0]! / refSkin : -1;
      const rc = l[1]! >= 0 && refCloth > 0 ? 1 + SHADING.cloth * (l[1]! / refCloth - 1) : -1;
      const rel = rs < 0 ? rc : rc < 0 ? rs : rs * l[2]! + rc * (1 - l[2]!);
      const f = rel < 0 ? 1 : Math.max(SHADING.min, Math.min(SHADING.max, rel));
      // past the person's outline the light fades out (a garment's flare, its ease): no step where it is unknown
      const m = 1 + SHADING.strength * (f - 1) * l[3]!;
      const o = p * 4;
      for (let c = 0; c < 3; c++) {
        const g = Math.min(255, lut[c * 256 + layer.data[o + c]!]! * m);
        out.data[o + c] = out.data[o + c]! * (1 - alpha) + g * alpha;
      }
      coverage[p] = Math.max(coverage[p]!, Math.round(alpha * 255));
    }
  }
}
