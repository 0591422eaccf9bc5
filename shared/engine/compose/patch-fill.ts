/**
 * An exemplar-based fill of a wide old garment's off-body part (issue 38, round 30, part M1): where a tutu or a wide
 * skirt was, the backdrop's folds run on under it in whatever direction they run (diagonally beside a ballerina's
 * hips), not along the row. `textureSources` copies the backdrop along the row from beside the region; where a
 * fold runs diagonally the copy took a sparkle band's texture where a smooth fold went on (a paler wedge in the old
 * garment's outline). Here the region is filled at reduced resolution by a nearest-neighbour patch search
 * (PatchMatch's propagation and random search, onion-peeled inward from the backdrop round the region, then
 * refined), and each full-resolution pixel then copies the full-resolution pixel at its cell's offset (the
 * sparkle stays sharp). Sources are surely the backdrop (`clean`) with their whole patch off the person.
 */
import type { RgbaImage } from '../core/types';

/** The reduced resolution: about this many cells across a shoulder span. */
const PATCH_SPAN_CELLS = 24;
/** The patch's half width in cells (7x7 cells: a fold's width at the reduced resolution). */
const PATCH_R = 2;
/** The margin of backdrop round the region's box searched for sources (x the span). */
const PATCH_MARGIN = 0.5;
/** A cell is compared (known) where the person mask at its centre is under this (the mask's glow round a tutu is
 * the backdrop as the photo shows it). */
const KNOWN_MASK = 128;
/** Random sources tried for each cell as it is reached, and refinement sweeps after the onion peel. */
const PATCH_RANDOM = 16;
const PATCH_SWEEPS = 2;
/** The grain's weight against a colour channel's (a sparkle band's grain ~15, a smooth fold's ~3). */
const GRAIN_WEIGHT = 8;
/** A source's cost per square span of offset (a patch's mean squared difference; the nearer backdrop first). */
const NEAR_COST = 0;
/** At least this many compared cells in a patch. */
const PATCH_MIN_KNOWN = 4;

/** A cell's state. */
const IGNORED = 0;
const KNOWN = 1;
const TARGET = 2;
const FILLED = 3;

/**
 * Overwrite `src` (full-resolution source pixel per region pixel, as `textureSources` makes it) for the pixels of
 * `region` in cells the patch search fills; `patched` marks them. `sure`: the person mask under it is surely the
 * backdrop (a source's pixels); `mask`: the person mask. Returns the number of pixels given a source.
 */
export function patchSources(
  image: RgbaImage,
  region: Uint8Array,
  mask: Uint8Array,
  sure: number,
  backdrop: (p: number) => boolean,
  span: number,
  midX: number,
  src: Int32Array,
  patched: Uint8Array,
): number {
  const { width: W, height: H, data } = image;
  // sources: off the person where the mask is under this (with KNOWN_MASK, the glow round a tutu too: tried, the
  // same dark wedge)
  const reach = sure;
  let bx0 = W;
  let by0 = H;
  let bx1 = -1;
  let by1 = -1;
  for (let y = 0; y < H; y++) {
    const o = y * W;
    const row = region.subarray(o, o + W);
    const a = row.indexOf(255);
    if (a < 0) continue;
    const b = row.lastIndexOf(255);
    if (a < bx0) bx0 = a;
    if (b > bx1) bx1 = b;
    if (y < by0) by0 = y;
    by1 = y;
  }
  if (bx1 < 0) return 0;
  const f = Math.max(1, Math.round(span / PATCH_SPAN_CELLS));
  const m = Math.round(span * PATCH_MARGIN);
  const x0 = Math.max(0, bx0 - m);
  const y0 = Math.max(0, by0 - m);
  const x1 = Math.min(W - 1, bx1 + m);
  const y1 = Math.min(H - 1, by1 + m);
  const lw = Math.floor((x1 - x0 + 1) / f);
  const lh = Math.floor((y1 - y0 + 1) / f);
  if (lw < 2 * PATCH_R + 2 || lh < 2 * PATCH_R + 2) return 0;
  const n = lw * lh;
  // per cell: the mean colour and the grain (the mean luma step to the right and down: the curtain's sparkle), so a
  // smooth patch at a sparkle band's mean level does not match it (compared on colour alone, smooth patches won)
  const L = new Float32Array(n * 4);
  // the box's luma (one row and one column past it, for the steps)
  const bw = lw * f + 1;
  const bh = lh * f + 1;
  const Y = new Float32Array(bw * bh);
  for (let j = 0; j < bh; j++) {
    const yy = Math.min(H - 1, y0 + j);
    for (let i = 0; i < bw; i++) {
      const p = yy * W + Math.min(W - 1, x0 + i);
      Y[j * bw + i] = (data[p * 4] ?? 0) * 0.299 + (data[p * 4 + 1] ?? 0) * 0.587 + (data[p * 4 + 2] ?? 0) * 0.114;
    }
  }
  const state = new Uint8Array(n);
  const allClean = new Uint8Array(n);
  for (let cy = 0; cy < lh; cy++) {
    for (let cx = 0; cx < lw; cx++) {
      const c = cy * lw + cx;
      let r = 0;
      let g = 0;
      let b = 0;
      let gr = 0;
      let inRegion = false;
      let cl = true;
      for (let j = 0; j < f; j++) {
        const yy = y0 + cy * f + j;
        const o = yy * W + x0 + cx * f;
        for (let i = 0; i < f; i++) {
          const p = o + i;
          r += data[p * 4] ?? 0;
          g += data[p * 4 + 1] ?? 0;
          b += data[p * 4 + 2] ?? 0;
          const u = (cy * f + j) * bw + cx * f + i;
          const v = Y[u] ?? 0;
          gr += Math.abs(v - (Y[u + 1] ?? 0)) + Math.abs(v - (Y[u + bw] ?? 0));
          if (region[p]) inRegion = true;
          else if (cl && (mask[p] ?? 0) >= reach) cl = false;
        }
      }
      const k = 1 / (f * f);
      L[c * 4] = r * k;
      L[c * 4 + 1] = g * k;
      L[c * 4 + 2] = b * k;
      L[c * 4 + 3] = gr * k * GRAIN_WEIGHT;
      const centre = (y0 + cy * f + (f >> 1)) * W + x0 + cx * f + (f >> 1);
      state[c] = inRegion ? TARGET : (mask[centre] ?? 0) < KNOWN_MASK && backdrop(centre) ? KNOWN : IGNORED;
      if (!inRegion && cl && state[c] === KNOWN) allClean[c] = 1;
    }
  }
  // the features box-blurred over 3x3 cells off the region (the sparkle's specks no longer single cells' noise)
  const B = new Float32Array(n * 4);
  for (let cy = 0; cy < lh; cy++) {
    for (let cx = 0; cx < lw; cx++) {
      const c = cy * lw + cx;
      if (state[c] === TARGET) continue;
      let cnt = 0;
      for (let j = -1; j <= 1; j++)
        for (let i = -1; i <= 1; i++) {
          const xx = cx + i;
          const yy = cy + j;
          if (xx < 0 || xx >= lw || yy < 0 || yy >= lh) continue;
          const q = yy * lw + xx;
          if (state[q] === TARGET || state[q] !== state[c]) continue;
          for (let e = 0; e < 4; e++) B[c * 4 + e] = (B[c * 4 + e] ?? 0) + (L[q * 4 + e] ?? 0);
          cnt++;
        }
      for (let e = 0; e < 4; e++) B[c * 4 + e] = (B[c * 4 + e] ?? 0) / cnt;
    }
  }
  L.set(B);
  // a source: a clean cell whose whole patch is clean and inside the box
  const ok = new Uint8Array(n);
  const list: number[] = [];
  for (let cy = PATCH_R; cy < lh - PATCH_R; cy++) {
    for (let cx = PATCH_R; cx < lw - PATCH_R; cx++) {
      let all = true;
      for (let j = -PATCH_R; j <= PATCH_R && all; j++)
        for (let i = -PATCH_R; i <= PATCH_R; i++)
          if (!allClean[(cy + j) * lw + cx + i]) {
            all = false;
            break;
          }
      if (all) {
        ok[cy * lw + cx] = 1;
        list.push(cy * lw + cx);
      }
    }
  }
  if (list.length < 16) return 0;
  // a fixed pseudo-random sequence (the same render every time)
  let seed = 0x2545f491;
  const rand = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) / 4294967296;
  };
  const dist = (t: number, s: number, all: boolean): number => {
    const tx = t % lw;
    const ty = (t / lw) | 0;
    const sx = s % lw;
    const sy = (s / lw) | 0;
    let sum = 0;
    let cnt = 0;
    for (let j = -PATCH_R; j <= PATCH_R; j++) {
      const yy = ty + j;
      if (yy < 0 || yy >= lh) continue;
      const to = yy * lw;
      const so = (sy + j) * lw + sx;
      for (let i = -PATCH_R; i <= PATCH_R; i++) {
        const xx = tx + i;
        if (xx < 0 || xx >= lw) continue;
        const q = to + xx;
        const st = state[q] ?? 0;
        if (st === IGNORED || (st === TARGET && !all)) continue;
        const u = (so + i) * 4;
        const v = q * 4;
        const dr = (L[v] ?? 0) - (L[u] ?? 0);
        const dg = (L[v + 1] ?? 0) - (L[u + 1] ?? 0);
        const db = (L[v + 2] ?? 0) - (L[u + 2] ?? 0);
        const dn = (L[v + 3] ?? 0) - (L[u + 3] ?? 0);
        sum += dr * dr + dg * dg + db * db + dn * dn;
        cnt++;
      }
    }
    return cnt < PATCH_MIN_KNOWN ? Infinity : sum / cnt;
  };
  const spanCells = span / f;
  const nnf = new Int32Array(n).fill(-1);
  const cost = new Float32Array(n).fill(Infinity);
  // try source s for target t (s a cell index; kept if better)
  // a source lies outward of its target from the body's middle, on its side: the backdrop beyond the wide garment
  // (the smooth shade between the legs, copied into the wedge beside a hip, was a pale smooth patch)
  const mid = (midX - x0) / f;
  const tryS = (t: number, s: number, all: boolean) => {
    if (s < 0 || s >= n || !ok[s] || s === nnf[t]) return;
    const tx = (t % lw) - mid;
    const sx = (s % lw) - mid;
    if (tx * sx <= 0 || Math.abs(sx) < Math.abs(tx)) return;
    const ox = ((s % lw) - (t % lw)) / spanCells;
    const oy = (((s / lw) | 0) - ((t / lw) | 0)) / spanCells;
    const d = dist(t, s, all) + NEAR_COST * (ox * ox + oy * oy);
    if (d < (cost[t] ?? Infinity)) {
      cost[t] = d;
      nnf[t] = s;
    }
  };
  // the search round the best source, halving the radius
  const search = (t: number, all: boolean) => {
    for (let rad = Math.max(lw, lh) >> 1; rad >= 1; rad >>= 1) {
      const b = nnf[t] ?? -1;
      if (b < 0) break;
      const bx = (b % lw) + Math.round((rand() * 2 - 1) * rad);
      const by = ((b / lw) | 0) + Math.round((rand() * 2 - 1) * rad);
      if (bx >= 0 && bx < lw && by >= 0 && by < lh) tryS(t, by * lw + bx, all);
    }
  };
  // onion peel: the target cells in order of their distance from the known cells
  const order: number[] = [];
  const seen = new Uint8Array(n);
  for (let c = 0; c < n; c++) {
    if (state[c] !== TARGET) continue;
    const cx = c % lw;
    const cy = (c / lw) | 0;
    let edge = false;
    for (let j = -1; j <= 1 && !edge; j++)
      for (let i = -1; i <= 1; i++) {
        const xx = cx + i;
        const yy = cy + j;
        if (xx >= 0 && xx < lw && yy >= 0 && yy < lh && state[yy * lw + xx] === KNOWN) {
          edge = true;
          break;
        }
      }
    if (edge) {
      seen[c] = 1;
      order.push(c);
    }
  }
  for (let h = 0; h < order.length; h++) {
    const c = order[h] ?? 0;
    const cx = c % lw;
    const cy = (c / lw) | 0;
    for (let j = -1; j <= 1; j++)
      for (let i = -1; i <= 1; i++) {
        const xx = cx + i;
        const yy = cy + j;
        if (xx < 0 || xx >= lw || yy < 0 || yy >= lh) continue;
        const q = yy * lw + xx;
        if (state[q] === TARGET && !seen[q]) {
          seen[q] = 1;
          order.push(q);
        }
      }
  }
  const setColour = (t: number) => {
    const s = nnf[t] ?? -1;
    if (s < 0) return;
    for (let e = 0; e < 4; e++) L[t * 4 + e] = L[s * 4 + e] ?? 0;
  };
  // (twice: a cell with too few compared cells on its turn, by a leg, is tried again with its neighbours filled)
  for (const t of [...order, ...order]) {
    if (state[t] !== TARGET) continue;
    const tx = t % lw;
    const ty = (t / lw) | 0;
    // the filled neighbours' offsets carried on
    for (let j = -1; j <= 1; j++)
      for (let i = -1; i <= 1; i++) {
        const xx = tx + i;
        const yy = ty + j;
        if ((!i && !j) || xx < 0 || xx >= lw || yy < 0 || yy >= lh) continue;
        const q = yy * lw + xx;
        const s = state[q] === FILLED ? (nnf[q] ?? -1) : -1;
        if (s >= 0) tryS(t, s - i - j * lw, false);
      }
    for (let k = 0; k < PATCH_RANDOM; k++) tryS(t, list[Math.floor(rand() * list.length)] ?? 0, false);
    search(t, false);
    if ((nnf[t] ?? -1) >= 0) {
      state[t] = FILLED;
      setColour(t);
    }
  }
  // refinement: each filled cell against its whole patch (the filled cells' colours too), forward and back
  for (let sweep = 0; sweep < PATCH_SWEEPS; sweep++) {
    const back = sweep % 2 === 1;
    const step = back ? -1 : 1;
    for (let h = 0; h < order.length; h++) {
      const t = order[back ? order.length - 1 - h : h] ?? 0;
      if (state[t] !== FILLED) continue;
      cost[t] = dist(t, nnf[t] ?? 0, true);
      const tx = t % lw;
      const ty = (t / lw) | 0;
      for (let e = 0; e < 2; e++) {
        const i = e ? 0 : -step;
        const j = e ? -step : 0;
        const xx = tx + i;
        const yy = ty + j;
        if (xx < 0 || xx >= lw || yy < 0 || yy >= lh) continue;
        const q = yy * lw + xx;
        const s = state[q] === FILLED ? (nnf[q] ?? -1) : -1;
        if (s >= 0) tryS(t, s - i - j * lw, true);
      }
      search(t, true);
      setColour(t);
    }
  }
  // each full-resolution pixel copies the pixel at the offset of one of the four cells round it (where that is
  // clean backdrop), drawn by their bilinear weights from a fixed hash of the pixel: one cell's offset per pixel drew
  // the cells' squares where neighbours' differ, and the four copies averaged smeared the sparkle into a pale haze
  let given = 0;
  const at = (x: number, y: number, c: number): number => {
    if (state[c] !== FILLED) return -1;
    const s = nnf[c] ?? -1;
    if (s < 0) return -1;
    const sx = x + ((s % lw) - (c % lw)) * f;
    const sy = y + (((s / lw) | 0) - ((c / lw) | 0)) * f;
    if (sx < 0 || sx >= W || sy < 0 || sy >= H) return -1;
    const q = sy * W + sx;
    return region[q] || (mask[q] ?? 0) >= reach ? -1 : q;
  };
  const qs = [0, 0, 0, 0];
  const ws = [0, 0, 0, 0];
  for (let y = y0; y < y0 + lh * f; y++) {
    const fy = Math.max(0, Math.min(lh - 1, (y - y0 + 0.5) / f - 0.5));
    const cy0 = Math.floor(fy);
    const cy1 = Math.min(lh - 1, cy0 + 1);
    const wy = fy - cy0;
    for (let x = x0; x < x0 + lw * f; x++) {
      const p = y * W + x;
      if (!region[p]) continue;
      const fx = Math.max(0, Math.min(lw - 1, (x - x0 + 0.5) / f - 0.5));
      const cx0 = Math.floor(fx);
      const cx1 = Math.min(lw - 1, cx0 + 1);
      const wx = fx - cx0;
      qs[0] = at(x, y, cy0 * lw + cx0);
      qs[1] = at(x, y, cy0 * lw + cx1);
      qs[2] = at(x, y, cy1 * lw + cx0);
      qs[3] = at(x, y, cy1 * lw + cx1);
      ws[0] = (1 - wx) * (1 - wy);
      ws[1] = wx * (1 - wy);
      ws[2] = (1 - wx) * wy;
      ws[3] = wx * wy;
      let sum = 0;
      for (let e = 0; e < 4; e++) if ((qs[e] ?? -1) >= 0) sum += ws[e] ?? 0;
      if (sum <= 0) continue;
      let u = ((Math.imul(p, 0x9e3779b1) >>> 8) / 16777216) * sum;
      let q = -1;
      for (let e = 0; e < 4 && q < 0; e++) {
        if ((qs[e] ?? -1) < 0) continue;
        u -= ws[e] ?? 0;
        if (u <= 0) q = qs[e] ?? -1;
      }
      if (q < 0) for (let e = 3; e >= 0 && q < 0; e--) q = qs[e] ?? -1;
      src[p] = q;
      patched[p] = 1;
      given++;
    }
  }
  return given;
}
