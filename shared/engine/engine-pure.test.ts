import { describe, expect, it } from 'vitest';
import {
  checkFullBody,
  detectGarment,
  EngineRefusal,
  variantFor,
  applyLook,
  placeOnBackground,
  CREATIVE_BACKGROUNDS,
  COLOR_GRADES,
} from './index';
import { fitTps } from './core/tps';
import { KEYPOINT_NAMES, type Keypoint, type KeypointName, type PersonAnalysis, type RgbaImage } from './core/types';

function solid(w: number, h: number, rgb: [number, number, number]): RgbaImage {
  const data = new Uint8ClampedArray(w * h * 4);
  for (let i = 0; i < w * h; i++) data.set([...rgb, 255], i * 4);
  return { width: w, height: h, data };
}

/** A standing figure: keypoints of a front view and a mask drawn as a rough body shape. */
function figure(opts: { shoulderSpan?: number; profile?: boolean; feetY?: number } = {}): PersonAnalysis {
  const W = 400;
  const H = 800;
  const span = opts.shoulderSpan ?? 90;
  const cx = 200;
  const feetY = opts.feetY ?? 740;
  const kp = (x: number, y: number, score = 0.9): Keypoint => ({ x, y, score });
  const k: Record<KeypointName, Keypoint> = {
    nose: kp(cx, 90),
    leftEye: kp(cx + 10, 80, opts.profile ? 0.1 : 0.9),
    rightEye: kp(cx - 10, 80),
    leftEar: kp(cx + 20, 85),
    rightEar: kp(cx - 20, 85),
    leftShoulder: kp(cx + span / 2, 160),
    rightShoulder: kp(cx - span / 2, 160),
    leftElbow: kp(cx + span / 2 + 10, 280),
    rightElbow: kp(cx - span / 2 - 10, 280),
    leftWrist: kp(cx + span / 2 + 15, 390),
    rightWrist: kp(cx - span / 2 - 15, 390),
    leftHip: kp(cx + (opts.profile ? 4 : 30), 400),
    rightHip: kp(cx - (opts.profile ? 4 : 30), 400),
    leftKnee: kp(cx + 30, 570),
    rightKnee: kp(cx - 30, 570),
    leftAnkle: kp(cx + 30, feetY - 20),
    rightAnkle: kp(cx - 30, feetY - 20),
  };
  const mask = new Uint8Array(W * H);
  for (let y = 40; y < Math.min(H, feetY); y++) {
    const half = y < 130 ? 30 : y < 420 ? span / 2 + 20 : 55;
    for (let x = Math.round(cx - half); x < Math.round(cx + half); x++) mask[y * W + x] = 255;
  }
  return { width: W, height: H, keypoints: k, mask: { width: W, height: H, data: mask } };
}

describe('checkFullBody', () => {
  it('accepts a whole standing figure', () => {
    expect(checkFullBody(figure())).toEqual({ ok: true });
  });
  it('refuses a blank mask as no person', () => {
    const a = figure();
    a.mask.data.fill(0);
    expect(checkFullBody(a)).toMatchObject({ ok: false, code: 'no_person' });
  });
  it('refuses a profile (shoulders on one line, one eye hidden) as a side view', () => {
    expect(checkFullBody(figure({ shoulderSpan: 10, profile: true }))).toMatchObject({ ok: false, code: 'side_view' });
  });
  it('refuses feet at the frame edge as cropped', () => {
    const r = checkFullBody(figure({ feetY: 800 }));
    expect(r).toMatchObject({ ok: false, code: 'cropped' });
    expect(r.ok ? '' : r.message).toMatch(/head to feet/);
  });
  it('accepts a whole figure whose mask runs on to the bottom edge below the feet (a reflection on a shiny floor)', () => {
    const f = figure();
    // her reflection: the mask mirrored below the soles (row 740) down to the frame's bottom
    for (let y = 740; y < f.height; y++) {
      const src = 2 * 740 - 1 - y;
      f.mask.data.copyWithin(y * f.width, src * f.width, (src + 1) * f.width);
    }
    expect(checkFullBody(f)).toEqual({ ok: true });
  });
  it('refuses ankles too near the bottom edge for a foot below them, however the mask ends', () => {
    const f = figure({ feetY: 790 });
    expect(checkFullBody(f)).toMatchObject({ ok: false, code: 'cropped' });
  });
  it('refuses a seated figure (knees level with the hips) as not standing, not as cropped', () => {
    const f = figure();
    // seated: thighs come towards the camera, the knees seen weakly just below the hips
    f.keypoints.leftKnee = { x: 230, y: 420, score: 0.16 };
    f.keypoints.rightKnee = { x: 170, y: 415, score: 0.2 };
    expect(checkFullBody(f)).toMatchObject({
      ok: false,
      code: 'not_standing',
      message: expect.stringMatching(/stand/),
    });
  });
  it('refuses a figure kneeling on a chair (one shin level) as not standing', () => {
    const f = figure();
    f.keypoints.rightAnkle = { x: 60, y: 585, score: 0.7 };
    expect(checkFullBody(f)).toMatchObject({ ok: false, code: 'not_standing' });
  });
  it('accepts a wide stance and a walking step (shins slanted, thighs below the hips)', () => {
    const wide = figure();
    wide.keypoints.leftKnee = { x: 270, y: 565, score: 0.9 };
    wide.keypoints.rightKnee = { x: 130, y: 565, score: 0.9 };
    wide.keypoints.leftAnkle = { x: 320, y: 720, score: 0.9 };
    wide.keypoints.rightAnkle = { x: 80, y: 720, score: 0.9 };
    expect(checkFullBody(wide)).toEqual({ ok: true });
    const step = figure();
    step.keypoints.leftKnee = { x: 245, y: 550, score: 0.9 };
    step.keypoints.leftAnkle = { x: 200, y: 720, score: 0.9 };
    step.keypoints.rightAnkle = { x: 215, y: 715, score: 0.6 };
    expect(checkFullBody(step)).toEqual({ ok: true });
  });
  it('refuses two blobs as several people', () => {
    const a = figure();
    for (let y = 100; y < 700; y++) for (let x = 330; x < 390; x++) a.mask.data[y * 400 + x] = 255;
    expect(checkFullBody(a)).toMatchObject({ ok: false, code: 'several_people' });
  });
  it('lists every keypoint it reads', () => {
    expect(Object.keys(figure().keypoints).sort()).toEqual([...KEYPOINT_NAMES].sort());
  });
});

describe('detectGarment', () => {
  it('refuses a blank image, a uniform colour and noise', () => {
    expect(() => detectGarment(solid(300, 300, [255, 255, 255]))).toThrow(EngineRefusal);
    expect(() => detectGarment(solid(300, 300, [40, 90, 200]))).toThrow(/garment/);
    const noise = solid(300, 300, [0, 0, 0]);
    let s = 7;
    for (let i = 0; i < noise.data.length; i++)
      if (i % 4 !== 3) noise.data[i] = (s = (s * 1103515245 + 12345) & 0x7fffffff) & 255;
    try {
      detectGarment(noise);
      expect.unreachable();
    } catch (e) {
      expect((e as EngineRefusal).code).toBe('no_garment');
    }
  });
  it('keeps a near-white garment enclosed by its outline on a white background', () => {
    const img = solid(200, 200, [255, 255, 255]);
    for (let y = 40; y < 160; y++) {
      for (let x = 50; x < 150; x++) {
        const edge = y === 40 || y === 159 || x === 50 || x === 149;
        img.data.set(edge ? [150, 150, 150] : [247, 248, 250], (y * 200 + x) * 4);
      }
    }
    const g = detectGarment(img, 'top');
    expect(g.alpha.data[100 * 200 + 100]).toBe(255);
    expect(g.alpha.data[10 * 200 + 10]).toBe(0);
    expect(g.bbox).toMatchObject({ x: 50, y: 40, w: 100, h: 120 });
  });
  it('refuses accessories as unsupported', () => {
    expect(() => detectGarment(solid(50, 50, [255, 255, 255]), 'accessory')).toThrow(
      expect.objectContaining({ code: 'unsupported_garment' }),
    );
  });
});

describe('variantFor', () => {
  it('gives the default at 0 and visibly different fits at 1..3', () => {
    const v = [0, 1, 2, 3].map(variantFor);
    expect(v[0]).toMatchObject({ ease: 1, length: 1, tuck: false });
    for (const x of v.slice(1)) {
      const d = Math.abs(x.ease - 1) + Math.abs(x.length - 1) + (x.tuck ? 1 : 0);
      expect(d).toBeGreaterThanOrEqual(0.1);
    }
    expect(new Set(v.map((x) => JSON.stringify(x))).size).toBe(4);
  });
});

describe('fitTps', () => {
  it('interpolates its control points', () => {
    const from = [
      { x: 0, y: 0 },
      { x: 10, y: 0 },
      { x: 0, y: 10 },
      { x: 10, y: 10 },
      { x: 5, y: 5 },
    ];
    const to = from.map((p) => ({ x: p.x * 2 + (p.x === 5 ? 3 : 0), y: p.y + 1 }));
    const t = fitTps(from, to);
    const out = new Float64Array(2);
    from.forEach((p, i) => {
      t.map(p.x, p.y, out);
      expect(out[0]).toBeCloseTo(to[i]!.x, 6);
      expect(out[1]).toBeCloseTo(to[i]!.y, 6);
    });
  });
});

describe('applyLook and placeOnBackground', () => {
  const person = solid(80, 120, [200, 50, 50]);
  const mask = { width: 80, height: 120, data: new Uint8Array(80 * 120) };
  for (let y = 20; y < 110; y++) for (let x = 30; x < 50; x++) mask.data[y * 80 + x] = 255;
  it('keeps the size, the person, and changes the background', () => {
    for (const background of CREATIVE_BACKGROUNDS) {
      for (const grade of COLOR_GRADES) {
        const out = applyLook(person, mask, { background, grade });
        expect([out.width, out.height]).toEqual([80, 120]);
        if (grade === 'none')
          expect([...out.data.slice((60 * 80 + 40) * 4, (60 * 80 + 40) * 4 + 3)]).toEqual([200, 50, 50]);
        if (background !== 'original' && grade === 'none') expect(out.data[(5 * 80 + 5) * 4 + 1]).not.toBe(50);
      }
    }
  });
  it('places the person at about 80% of the background height, feet near the bottom', () => {
    const bg = solid(300, 200, [0, 0, 255]);
    const out = placeOnBackground(person, mask, bg);
    expect([out.width, out.height]).toEqual([300, 200]);
    let top = -1;
    let bottom = -1;
    for (let y = 0; y < 200; y++) {
      if (out.data[(y * 300 + 150) * 4]! > 150) {
        if (top < 0) top = y;
        bottom = y;
      }
    }
    expect((bottom - top + 1) / 200).toBeGreaterThan(0.7);
    expect(bottom).toBeGreaterThan(180);
  });
});
