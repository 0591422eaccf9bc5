/** Compositing a drawn garment over the photo. */
import type { lightField } from '../perception/appearance';
import type { Layer } from '../core/raster';
import type { RgbaImage } from '../core/types';
import { boxBlur } from '../core/image-ops';

/** Composite the layer over `out`: the photo's light modulates the garment; a 3x3 softened edge. */
export function composite(out: RgbaImage, layer: Layer, light: ReturnType<typeof lightField>, coverage: Uint8Array) {
  if (layer.x1 < layer.x0) return;
  const W = layer.width;
  const H = layer.height;
  // the reference light: the median over the garment
  const samples: number[] = [];
  for (let y = layer.y0; y <= layer.y1; y += 4) {
    for (let x = layer.x0; x <= layer.x1; x += 4) {
      if (layer.data[(y * W + x) * 4 + 3]! > 128) {
        const l = light.sample(x, y);
        if (l >= 0) samples.push(l);
      }
    }
  }
  samples.sort((a, b) => a - b);
  const ref = samples.length ? Math.max(20, samples[samples.length >> 1]!) : 128;
  const strength = 0.6;
  // the light's factor per pixel, bilinear between the field's cells (nearest cells drew the mask's blocky
  // outline as stair steps of light across the garment; off the body, where the field is unknown, the reference
  // light), then blurred over about one cell so the edge of what is known does not step either
  const bw = layer.x1 - layer.x0 + 1;
  const bh = layer.y1 - layer.y0 + 1;
  const fac = new Float32Array(bw * bh);
  for (let y = 0; y < bh; y++) {
    for (let x = 0; x < bw; x++) {
      const l = light.smooth(x + layer.x0, y + layer.y0, ref);
      fac[y * bw + x] = l < 0 ? 1 : Math.max(0.55, Math.min(1.35, l / ref));
    }
  }
  const cell = Math.max(1, Math.ceil(Math.max(W, H) / 256));
  boxBlur(fac, bw, bh, cell);
  boxBlur(fac, bw, bh, cell);
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
      const f = fac[(y - layer.y0) * bw + x - layer.x0]!;
      const m = 1 + strength * (f - 1);
      const o = p * 4;
      for (let c = 0; c < 3; c++) {
        const g = Math.min(255, layer.data[o + c]! * m);
        out.data[o + c] = out.data[o + c]! * (1 - alpha) + g * alpha;
      }
      coverage[p] = Math.max(coverage[p]!, Math.round(alpha * 255));
    }
  }
}
