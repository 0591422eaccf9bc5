/**
 * The rule for "a face is there" in a photo profile's portrait (Creative mode dresses the person in it): one
 * person, the nose and at least one eye seen with confidence, the face big enough in the frame. Checked in the
 * browser when the portrait is picked (web/src/lib/engine), on the same analysis as the full-body rule.
 */
import { maskBlobs } from './full-body';
import { REFUSAL_MESSAGES, type EngineRefusalCode } from './refusal';
import type { Keypoint, PersonAnalysis } from '../core/types';

export type PortraitResult = { ok: true } | { ok: false; code: EngineRefusalCode; message: string };

const refuse = (code: EngineRefusalCode): PortraitResult => ({ ok: false, code, message: REFUSAL_MESSAGES[code] });

/** Keypoint confidence for a facial point to count as seen (faces measure 0.6-0.95, no person under 0.2). */
export const FACE_SEEN = 0.5;
/** The face's width, as a fraction of the photo's shorter side, below which it is too small (portraits 0.18-0.23, full-body photos 0.07-0.13). */
export const FACE_MIN_WIDTH = 0.15;
/** The person's mask, as a fraction of the photo, below which nobody is there (portraits measure 0.45-0.5). */
const PERSON_MIN_AREA = 0.03;

const seen = (k: Keypoint, min = FACE_SEEN) => k.score >= min;
const dist = (a: Keypoint, b: Keypoint) => Math.hypot(a.x - b.x, a.y - b.y);

/**
 * The face's width in pixels, from what is seen: the ears' span, else the eyes' span (about 0.45 of a face's
 * width), else the drop from an eye to the nose (about a quarter of it). 0 when nothing tells.
 */
export function faceWidth(analysis: PersonAnalysis): number {
  const k = analysis.keypoints;
  const widths: number[] = [];
  if (seen(k.leftEar, 0.3) && seen(k.rightEar, 0.3)) widths.push(dist(k.leftEar, k.rightEar));
  if (seen(k.leftEye) && seen(k.rightEye)) widths.push(dist(k.leftEye, k.rightEye) * 2.2);
  else if (seen(k.nose)) {
    const eye = seen(k.leftEye) ? k.leftEye : seen(k.rightEye) ? k.rightEye : null;
    if (eye) widths.push(dist(eye, k.nose) * 4);
  }
  return widths.length ? Math.max(...widths) : 0;
}

export function checkPortrait(analysis: PersonAnalysis): PortraitResult {
  const k = analysis.keypoints;
  const blobs = maskBlobs(analysis);
  const mainArea = blobs.areas[0] ?? 0;
  if (mainArea < PERSON_MIN_AREA) return refuse('no_face');
  const second = blobs.areas[1] ?? 0;
  if (second >= 0.012 && second >= 0.3 * mainArea) return refuse('several_faces');
  if (!seen(k.nose) || !(seen(k.leftEye) || seen(k.rightEye))) return refuse('no_face');
  if (faceWidth(analysis) < FACE_MIN_WIDTH * Math.min(analysis.width, analysis.height)) return refuse('face_too_small');
  return { ok: true };
}
