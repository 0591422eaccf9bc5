import { describe, expect, it } from 'vitest';
import { checkPortrait, faceWidth, REFUSAL_MESSAGES } from '../index';
import { KEYPOINT_NAMES, type Keypoint, type KeypointName, type PersonAnalysis } from '../core/types';

/** A head-and-shoulders portrait W x W: eyes `eyeSpan` apart, a mask blob over the head and shoulders. */
function portrait(
  opts: { eyeSpan?: number; scores?: Partial<Record<KeypointName, number>>; mask?: 'none' | 'two' } = {},
) {
  const W = 400;
  const cx = 200;
  const e = opts.eyeSpan ?? 40;
  const at = (x: number, y: number): Keypoint => ({ x, y, score: 0.1 });
  const k = Object.fromEntries(KEYPOINT_NAMES.map((n) => [n, at(cx, 380)])) as Record<KeypointName, Keypoint>;
  k.nose = { x: cx, y: 180, score: 0.9 };
  k.leftEye = { x: cx + e / 2, y: 160, score: 0.9 };
  k.rightEye = { x: cx - e / 2, y: 160, score: 0.9 };
  k.leftEar = { x: cx + e * 1.1, y: 170, score: 0.2 };
  k.rightEar = { x: cx - e * 1.1, y: 170, score: 0.2 };
  for (const [n, s] of Object.entries(opts.scores ?? {}) as [KeypointName, number][]) k[n] = { ...k[n], score: s };
  const mask = new Uint8Array(W * W);
  const blob = (x0: number, x1: number) => {
    for (let y = 80; y < W; y++) for (let x = x0; x < x1; x++) mask[y * W + x] = 255;
  };
  if (opts.mask === 'two') {
    blob(20, 180);
    blob(220, 380);
  } else if (opts.mask !== 'none') blob(100, 300);
  const a: PersonAnalysis = { width: W, height: W, keypoints: k, mask: { width: W, height: W, data: mask } };
  return a;
}

describe('checkPortrait', () => {
  it('accepts a face seen clearly and big enough', () => {
    expect(checkPortrait(portrait())).toEqual({ ok: true });
  });
  it('refuses an empty mask (nobody there), whatever the keypoints say', () => {
    expect(checkPortrait(portrait({ mask: 'none' }))).toEqual({
      ok: false,
      code: 'no_face',
      message: REFUSAL_MESSAGES.no_face,
    });
  });
  it('refuses a person whose face is not seen (no nose, or no eye)', () => {
    expect(checkPortrait(portrait({ scores: { nose: 0.3 } }))).toMatchObject({ ok: false, code: 'no_face' });
    expect(checkPortrait(portrait({ scores: { leftEye: 0.2, rightEye: 0.4 } }))).toMatchObject({
      ok: false,
      code: 'no_face',
    });
  });
  it('accepts a face with one eye seen (a quarter turn), sized from the eye-to-nose drop', () => {
    const a = portrait({ scores: { leftEye: 0.2 } });
    expect(faceWidth(a)).toBeCloseTo(Math.hypot(20, 20) * 4);
    expect(checkPortrait(a)).toEqual({ ok: true });
  });
  it('refuses a face under 15% of the shorter side', () => {
    // eyes 26 px apart: 57 px wide, 14% of 400
    expect(checkPortrait(portrait({ eyeSpan: 26 }))).toEqual({
      ok: false,
      code: 'face_too_small',
      message: REFUSAL_MESSAGES.face_too_small,
    });
    expect(checkPortrait(portrait({ eyeSpan: 28 }))).toEqual({ ok: true });
  });
  it('takes the ears span when both ears are seen', () => {
    const a = portrait({ eyeSpan: 20, scores: { leftEar: 0.8, rightEar: 0.8 } });
    expect(faceWidth(a)).toBeCloseTo(44);
    expect(checkPortrait(a)).toMatchObject({ ok: false, code: 'face_too_small' });
  });
  it('refuses two people side by side', () => {
    expect(checkPortrait(portrait({ mask: 'two' }))).toMatchObject({ ok: false, code: 'several_faces' });
  });
});
