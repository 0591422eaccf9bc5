/**
 * The one rule for "a whole body is there" (used at profile save, before a render, and in the browser at pick
 * time): one person, facing the camera enough, head and feet inside the frame, tall enough in the frame.
 */
import { components, resizeGray } from '../core/image-ops';
import { REFUSAL_MESSAGES, type EngineRefusalCode } from './refusal';
import type { Keypoint, KeypointName, PersonAnalysis } from '../core/types';

export type FullBodyResult = { ok: true } | { ok: false; code: EngineRefusalCode; message: string };

const refuse = (code: EngineRefusalCode): FullBodyResult => ({ ok: false, code, message: REFUSAL_MESSAGES[code] });

/** Minimum keypoint confidence to count a joint as seen. */
const SEEN = 0.3;
/** Room there must be below the lower ankle, in shins (knee to ankle): the foot is in the frame. */
const FOOT_ROOM = 0.25;

/** Does the person's mask end, below the ankles and across the feet's columns, before the frame's bottom? */
function feetEndInFrame(analysis: PersonAnalysis, la: Keypoint, ra: Keypoint, shin: number): boolean {
  const { mask } = analysis;
  const W = mask.width;
  const x0 = Math.max(0, Math.floor(Math.min(la.x, ra.x) - shin * 0.4));
  const x1 = Math.min(W - 1, Math.ceil(Math.max(la.x, ra.x) + shin * 0.4));
  for (let y = Math.ceil(Math.max(la.y, ra.y)); y < mask.height; y++) {
    let any = false;
    for (let x = x0; x <= x1 && !any; x++) any = (mask.data[y * W + x] ?? 0) >= 128;
    if (!any) return true;
  }
  return false;
}

export interface MaskBlobs {
  /** Areas of the mask's blobs as fractions of the image, largest first. */
  areas: number[];
  /** Bounding box of the largest blob, in image pixels. */
  main: { x0: number; y0: number; x1: number; y1: number } | null;
}

/** The person mask's blobs, measured on a small copy (fast). */
export function maskBlobs(analysis: PersonAnalysis): MaskBlobs {
  const { mask } = analysis;
  const k = Math.min(1, 192 / Math.max(mask.width, mask.height));
  const w = Math.max(1, Math.round(mask.width * k));
  const h = Math.max(1, Math.round(mask.height * k));
  const small = resizeGray(mask, w, h);
  const bin = new Uint8Array(w * h);
  for (let i = 0; i < bin.length; i++) bin[i] = (small.data[i] ?? 0) >= 128 ? 1 : 0;
  const { labels, sizes } = components(bin, w, h);
  const order = sizes
    .map((s, i) => ({ s, i }))
    .filter((c) => c.i > 0)
    .sort((a, b) => b.s - a.s);
  const areas = order.map((c) => c.s / (w * h));
  const best = order[0];
  if (!best) return { areas, main: null };
  let x0 = w;
  let y0 = h;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (labels[y * w + x] !== best.i) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  const sx = mask.width / w;
  const sy = mask.height / h;
  return { areas, main: { x0: x0 * sx, y0: y0 * sy, x1: (x1 + 1) * sx, y1: (y1 + 1) * sy } };
}

const seen = (k: Keypoint | undefined, min = SEEN): k is Keypoint => !!k && k.score >= min;

/** Knee scores from which a knee's place is used to tell sitting (seated knees are seen less surely). */
const KNEE_WEAK = 0.12;

/** Sitting or kneeling, by the legs' keypoints (see checkFullBody). */
function notStanding(analysis: PersonAnalysis): boolean {
  const kp = analysis.keypoints;
  const shoulderY = (kp.leftShoulder.y + kp.rightShoulder.y) / 2;
  const sides = (['left', 'right'] as const).map((s) => ({
    hip: kp[`${s}Hip`],
    knee: kp[`${s}Knee`],
    ankle: kp[`${s}Ankle`],
  }));
  const hipY = sides.filter((s) => seen(s.hip, 0.25)).map((s) => s.hip.y);
  if (hipY.length === 0 || !seen(kp.leftShoulder, 0.25) || !seen(kp.rightShoulder, 0.25)) return false;
  const torsoH = hipY.reduce((a, b) => a + b, 0) / hipY.length - shoulderY;
  if (torsoH <= 0) return false;
  const thighs = sides.filter((s) => seen(s.hip, 0.25) && seen(s.knee, KNEE_WEAK)).map((s) => s.knee.y - s.hip.y);
  if (thighs.length > 0 && Math.max(...thighs) < 0.4 * torsoH) return true;
  return sides.some(
    (s) =>
      seen(s.knee) &&
      seen(s.ankle) &&
      Math.abs(s.ankle.x - s.knee.x) > 1.2 * (s.ankle.y - s.knee.y) &&
      Math.hypot(s.ankle.x - s.knee.x, s.ankle.y - s.knee.y) > 0.3 * torsoH,
  );
}

export function checkFullBody(analysis: PersonAnalysis): FullBodyResult {
  const kp = analysis.keypoints;
  const H = analysis.height;
  const blobs = maskBlobs(analysis);
  const main = blobs.main;
  const mainArea = blobs.areas[0] ?? 0;
  const g = (n: KeypointName) => kp[n];
  const torsoSeen = [g('leftShoulder'), g('rightShoulder'), g('leftHip'), g('rightHip')].filter((k) =>
    seen(k, 0.25),
  ).length;
  if (!main || mainArea < 0.01 || torsoSeen < 2) return refuse('no_person');

  // several people: a second large blob (people side by side), not a detached bit of the same person
  const second = blobs.areas[1] ?? 0;
  if (second >= 0.012 && second >= 0.3 * mainArea) return refuse('several_people');

  // sitting or kneeling (before "cropped": a seated figure's knees are often seen only weakly): both thighs level
  // (the knees hardly below the hips) or a shin lying level (a knee on a chair); standing, walking and a wide stance
  // keep the thighs well below the hips and the shins nearer upright than level
  if (notStanding(analysis)) return refuse('not_standing');

  // head and feet inside the frame, by the keypoints: the mask may run on to the bottom edge below the feet (a
  // reflection on a shiny floor, a shadow) and still the whole body is there
  const headSeen = seen(g('nose')) || seen(g('leftEye')) || seen(g('rightEye'));
  const la = g('leftAnkle');
  const ra = g('rightAnkle');
  const hipsSeen = seen(g('leftHip'), 0.25) || seen(g('rightHip'), 0.25);
  const kneesSeen = seen(g('leftKnee'), 0.25) || seen(g('rightKnee'), 0.25);
  if (!headSeen || !hipsSeen || !kneesSeen || !seen(la, 0.2) || !seen(ra, 0.2)) return refuse('cropped');
  const ankleY = Math.max(la.y, ra.y);
  const knees = [g('leftKnee'), g('rightKnee')].filter((k) => seen(k, 0.25));
  const kneeY = knees.reduce((s, k) => s + k.y, 0) / knees.length;
  const shin = Math.max(ankleY - kneeY, 0.02 * H);
  // ankles seen with confidence, or less surely seen where the feet's mask ends inside the frame below them
  if (Math.max(la.score, ra.score) < SEEN && !feetEndInFrame(analysis, la, ra, shin)) return refuse('cropped');
  // room below the lower ankle for a foot (a foot reaches 0.35-0.5 of a shin below its ankle): not cut off
  if (ankleY + FOOT_ROOM * shin > H) return refuse('cropped');
  // the head may touch the top edge (hair), but the eyes must sit well below it
  const edge = 0.004 * H;
  const eyeY = Math.min(...[g('leftEye'), g('rightEye'), g('nose')].filter((k) => seen(k)).map((k) => k.y));
  const shoulderY = (g('leftShoulder').y + g('rightShoulder').y) / 2;
  if (main.y0 <= edge && eyeY < 0.45 * (shoulderY - eyeY)) return refuse('cropped');

  // tall enough: head top to ankles
  const bodyH = ankleY - main.y0;
  if (bodyH < 0.35 * H || bodyH < 240) return refuse('too_small');

  // side view: shoulders and hips almost on one vertical line, and the face in profile
  const ls = g('leftShoulder');
  const rs = g('rightShoulder');
  const lh = g('leftHip');
  const rh = g('rightHip');
  const torsoH = Math.abs((lh.y + rh.y) / 2 - (ls.y + rs.y) / 2) || 1;
  const span = Math.max(Math.abs(ls.x - rs.x), Math.abs(lh.x - rh.x)) / torsoH;
  const le = g('leftEye');
  const re = g('rightEye');
  const nose = g('nose');
  const eyesSeen = seen(le, 0.45) && seen(re, 0.45);
  const noseBetween =
    eyesSeen &&
    nose.x >= Math.min(le.x, re.x) - 0.1 * Math.abs(le.x - re.x) &&
    nose.x <= Math.max(le.x, re.x) + 0.1 * Math.abs(le.x - re.x);
  const profileFace = !eyesSeen || !noseBetween;
  // shoulders nearly on one vertical line: turned sideways or away, whatever the face does (a top cannot be
  // fitted to shoulders it cannot see; front views measure 0.45-0.65 of the torso height)
  const shoulderSpan = Math.abs(ls.x - rs.x) / torsoH;
  if (shoulderSpan < 0.25 || span < 0.06 || (span < 0.25 && profileFace)) return refuse('side_view');
  return { ok: true };
}
