import { at } from './pixels';
/** Thin-plate spline: a smooth 2-D map through control point pairs, with a regularisation for smoothness. */
export interface Point {
  x: number;
  y: number;
}

export interface Tps {
  map(x: number, y: number, out: Float64Array): void;
}

const U = (r2: number) => (r2 <= 1e-12 ? 0 : r2 * Math.log(r2));

/** Solve A x = b (Gaussian elimination with partial pivoting); A is n x n row-major, overwritten. */
function solve(a: Float64Array, b: Float64Array[], n: number): void {
  for (let col = 0; col < n; col++) {
    let piv = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(a[r * n + col] ?? 0) > Math.abs(a[piv * n + col] ?? 0)) piv = r;
    if (piv !== col) {
      for (let k = 0; k < n; k++) {
        const t = a[col * n + k] ?? 0;
        a[col * n + k] = a[piv * n + k] ?? 0;
        a[piv * n + k] = t;
      }
      for (const v of b) {
        const t = v[col] ?? 0;
        v[col] = v[piv] ?? 0;
        v[piv] = t;
      }
    }
    const p = a[col * n + col] ?? 0;
    if (Math.abs(p) < 1e-12) continue;
    for (let r = col + 1; r < n; r++) {
      const f = (a[r * n + col] ?? 0) / p;
      if (f === 0) continue;
      for (let k = col; k < n; k++) a[r * n + k] = (a[r * n + k] ?? 0) - f * (a[col * n + k] ?? 0);
      for (const v of b) v[r] = (v[r] ?? 0) - f * (v[col] ?? 0);
    }
  }
  for (let r = n - 1; r >= 0; r--) {
    const p = a[r * n + r] ?? 0;
    for (const v of b) {
      let s = v[r] ?? 0;
      for (let k = r + 1; k < n; k++) s -= (a[r * n + k] ?? 0) * (v[k] ?? 0);
      v[r] = Math.abs(p) < 1e-12 ? 0 : s / p;
    }
  }
}

/**
 * A TPS mapping `from[i]` to `to[i]`. `smoothing` (in squared units of the normalised coordinates) relaxes
 * interpolation into approximation. Coordinates are normalised internally for conditioning.
 */
export function fitTps(from: Point[], to: Point[], smoothing = 0): Tps {
  const n = from.length;
  let cx = 0;
  let cy = 0;
  for (const p of from) {
    cx += p.x / n;
    cy += p.y / n;
  }
  let scale = 0;
  for (const p of from) scale = Math.max(scale, Math.abs(p.x - cx), Math.abs(p.y - cy));
  scale = scale || 1;
  const px = from.map((p) => (p.x - cx) / scale);
  const py = from.map((p) => (p.y - cy) / scale);
  const m = n + 3;
  const a = new Float64Array(m * m);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const dx = (px[i] ?? 0) - (px[j] ?? 0);
      const dy = (py[i] ?? 0) - (py[j] ?? 0);
      a[i * m + j] = U(dx * dx + dy * dy) + (i === j ? smoothing : 0);
    }
    a[i * m + n] = 1;
    a[i * m + n + 1] = px[i] ?? 0;
    a[i * m + n + 2] = py[i] ?? 0;
    a[n * m + i] = 1;
    a[(n + 1) * m + i] = px[i] ?? 0;
    a[(n + 2) * m + i] = py[i] ?? 0;
  }
  const bx = new Float64Array(m);
  const by = new Float64Array(m);
  to.forEach((p, i) => {
    bx[i] = p.x;
    by[i] = p.y;
  });
  solve(a, [bx, by], m);
  return {
    map(x: number, y: number, out: Float64Array) {
      const qx = (x - cx) / scale;
      const qy = (y - cy) / scale;
      let ox = (bx[n] ?? 0) + (bx[n + 1] ?? 0) * qx + (bx[n + 2] ?? 0) * qy;
      let oy = (by[n] ?? 0) + (by[n + 1] ?? 0) * qx + (by[n + 2] ?? 0) * qy;
      for (let i = 0; i < n; i++) {
        const dx = qx - (px[i] ?? 0);
        const dy = qy - (py[i] ?? 0);
        const u = U(dx * dx + dy * dy);
        ox += (bx[i] ?? 0) * u;
        oy += (by[i] ?? 0) * u;
      }
      out[0] = ox;
      out[1] = oy;
    },
  };
}

/**
 * The smallest Jacobian determinant of `tps` over a `n` x `n` grid of the box (finite differences over each
 * cell), relative to the median one: <= 0 where the map folds the plane over itself (a point pulled past its
 * neighbour: the garment drawn twice over, torn open beside it).
 */
export function foldMeasure(tps: Tps, box: { x: number; y: number; w: number; h: number }, n = 16): number {
  const pts = new Float64Array((n + 1) * (n + 1) * 2);
  const out = new Float64Array(2);
  for (let j = 0; j <= n; j++) {
    for (let i = 0; i <= n; i++) {
      tps.map(box.x + (box.w * i) / n, box.y + (box.h * j) / n, out);
      const k = (j * (n + 1) + i) * 2;
      pts[k] = out[0] ?? 0;
      pts[k + 1] = out[1] ?? 0;
    }
  }
  const dets: number[] = [];
  for (let j = 0; j < n; j++) {
    for (let i = 0; i < n; i++) {
      const a = (j * (n + 1) + i) * 2;
      const b = a + 2;
      const c = a + (n + 1) * 2;
      dets.push(
        ((pts[b] ?? 0) - (pts[a] ?? 0)) * ((pts[c + 1] ?? 0) - (pts[a + 1] ?? 0)) -
          ((pts[c] ?? 0) - (pts[a] ?? 0)) * ((pts[b + 1] ?? 0) - (pts[a + 1] ?? 0)),
      );
    }
  }
  const sorted = [...dets].sort((p, q) => p - q);
  const median = at(sorted, sorted.length >> 1);
  return median > 0 ? at(sorted, 0) / median : -1;
}

/** A fold's smallest cell must keep at least this share of the median's area. */
export const FOLD_MIN = 0.05;

/**
 * `fitTps`, relaxed until it does not fold over the box of its control points: where two anchors cross (a hem
 * point pulled past another, a zip's two sides crowding) the exact spline turns part of the garment inside out;
 * a smoother one (up to 1e3 times smoother, then the last tried) keeps it in one piece.
 */
export function fitTpsUnfolded(from: Point[], to: Point[], smoothing = 0): Tps {
  const { x0, y0, x1, y1 } = pointBounds(from);
  const box = { x: x0, y: y0, w: Math.max(1, x1 - x0), h: Math.max(1, y1 - y0) };
  let s = smoothing;
  let tps = fitTps(from, to, s);
  for (let k = 0; k < 4 && foldMeasure(tps, box) < FOLD_MIN; k++) {
    s = Math.max(s * 10, 1e-3);
    tps = fitTps(from, to, s);
  }
  return tps;
}

/** The extent of some points (Infinity and -Infinity for none). */
export function pointBounds(pts: readonly Point[]): { x0: number; y0: number; x1: number; y1: number } {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const p of pts) {
    x0 = Math.min(x0, p.x);
    y0 = Math.min(y0, p.y);
    x1 = Math.max(x1, p.x);
    y1 = Math.max(y1, p.y);
  }
  return { x0, y0, x1, y1 };
}
