/**
 * A synthetic standing figure for the metrics' unit tests: a photo (head, neck and limbs in skin, a blue top over
 * the torso, legs in skin or dark stockings, black shoes), its analysis (keypoints, mask) and painting helpers.
 */
import type { KeypointName, PersonAnalysis, RgbaImage } from '../../../shared/engine';
import { segDist2, type Pt } from './pixels';

export const W = 200;
export const H = 400;
export const SKIN: [number, number, number] = [222, 170, 140];
export const BG: [number, number, number] = [200, 210, 220];
export const BLUE: [number, number, number] = [40, 60, 160];
export const RED: [number, number, number] = [190, 30, 40];
export const BLACK: [number, number, number] = [25, 25, 28];

export interface FigureOptions {
  /** The image-left forearm crosses the torso (elbow out, wrist at the far side of the chest). */
  armCrossed?: boolean;
  /** Dark stockings on the legs. */
  stockings?: boolean;
  /** The top runs up to a high collar around the neck. */
  highCollar?: boolean;
  /** The torso is bare skin (a swimsuit's). */
  bareTorso?: boolean;
}

export interface Figure {
  person: RgbaImage;
  analysis: PersonAnalysis;
  kp: Record<KeypointName, Pt>;
  /** The torso's polygon (the old top). */
  torso: [number, number][];
  inTorso: (x: number, y: number) => boolean;
  onArm: (x: number, y: number) => boolean;
  onLeg: (x: number, y: number) => boolean;
  onFoot: (x: number, y: number) => boolean;
}

export function figure(o: FigureOptions = {}): Figure {
  const kp: Record<KeypointName, Pt> = {
    nose: { x: 100, y: 45 },
    leftEye: { x: 107, y: 36 },
    rightEye: { x: 93, y: 36 },
    leftEar: { x: 115, y: 40 },
    rightEar: { x: 85, y: 40 },
    leftShoulder: { x: 130, y: 80 },
    rightShoulder: { x: 70, y: 80 },
    leftElbow: { x: 140, y: 130 },
    rightElbow: o.armCrossed ? { x: 62, y: 128 } : { x: 62, y: 130 },
    leftWrist: { x: 142, y: 175 },
    rightWrist: o.armCrossed ? { x: 118, y: 140 } : { x: 60, y: 175 },
    leftHip: { x: 120, y: 180 },
    rightHip: { x: 80, y: 180 },
    leftKnee: { x: 115, y: 270 },
    rightKnee: { x: 85, y: 270 },
    leftAnkle: { x: 115, y: 360 },
    rightAnkle: { x: 85, y: 360 },
  };
  const torso: [number, number][] = [
    [68, o.highCollar ? 60 : 78],
    [132, o.highCollar ? 60 : 78],
    [124, 186],
    [76, 186],
  ];
  const inTorso = (x: number, y: number) => {
    if (y < torso[0]![1] || y > 186) return false;
    const t = (y - torso[0]![1]) / (186 - torso[0]![1]);
    return x >= 68 + 8 * t && x <= 132 - 8 * t;
  };
  const armSegs: [Pt, Pt, number][] = [
    [kp.leftShoulder, kp.leftElbow, 9],
    [kp.leftElbow, kp.leftWrist, 8],
    [kp.rightShoulder, kp.rightElbow, 9],
    [kp.rightElbow, kp.rightWrist, 8],
  ];
  const hand = (e: Pt, w: Pt) => ({ x: w.x + (w.x - e.x) * 0.3, y: w.y + (w.y - e.y) * 0.3 });
  armSegs.push([kp.leftWrist, hand(kp.leftElbow, kp.leftWrist), 8]);
  armSegs.push([kp.rightWrist, hand(kp.rightElbow, kp.rightWrist), 8]);
  const onArm = (x: number, y: number) => armSegs.some(([a, b, r]) => segDist2(x, y, a, b) <= r * r);
  const legSegs: [Pt, Pt, number][] = [
    [kp.leftHip, kp.leftKnee, 12],
    [kp.leftKnee, kp.leftAnkle, 10],
    [kp.rightHip, kp.rightKnee, 12],
    [kp.rightKnee, kp.rightAnkle, 10],
  ];
  const onLeg = (x: number, y: number) => legSegs.some(([a, b, r]) => segDist2(x, y, a, b) <= r * r);
  const onFoot = (x: number, y: number) =>
    [kp.leftAnkle, kp.rightAnkle].some((a) => y >= a.y && y <= a.y + 14 && x >= a.x - 9 && x <= a.x + 9);
  const inHead = (x: number, y: number) => (x - 100) ** 2 + ((y - 42) / 1.25) ** 2 <= 17 ** 2;
  const inNeck = (x: number, y: number) => y >= 55 && y <= 82 && Math.abs(x - 100) <= 9;
  const person = blank(BG);
  const mask = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      let c: [number, number, number] | null = null;
      if (onFoot(x, y)) c = BLACK;
      else if (onLeg(x, y)) c = o.stockings ? BLACK : SKIN;
      if (inTorso(x, y)) c = o.bareTorso ? SKIN : BLUE;
      else if (inHead(x, y) || inNeck(x, y)) c = SKIN;
      if (o.armCrossed ? onArm(x, y) : onArm(x, y) && !inTorso(x, y)) c = SKIN;
      if (!c) continue;
      mask[i] = 255;
      set(person, i, c);
    }
  }
  const keypoints = {} as PersonAnalysis['keypoints'];
  for (const [n, p] of Object.entries(kp)) keypoints[n as KeypointName] = { ...p, score: 0.9 };
  return {
    person,
    analysis: { width: W, height: H, keypoints, mask: { width: W, height: H, data: mask } },
    kp,
    torso,
    inTorso,
    onArm,
    onLeg,
    onFoot,
  };
}

export function blank(c: [number, number, number], w = W, h = H): RgbaImage {
  const data = new Uint8Array(w * h * 4);
  for (let i = 0; i < w * h; i++) data.set([c[0], c[1], c[2], 255], i * 4);
  return { width: w, height: h, data };
}

export function set(img: RgbaImage, i: number, c: readonly number[]): void {
  img.data[i * 4] = c[0]!;
  img.data[i * 4 + 1] = c[1]!;
  img.data[i * 4 + 2] = c[2]!;
  img.data[i * 4 + 3] = 255;
}

export const copy = (img: RgbaImage): RgbaImage => ({ ...img, data: new Uint8Array(img.data) });

/** Paint `where` in `img` with a colour (or a colour per pixel) and mark it in `cover` (a garment) when given. */
export function paint(
  img: RgbaImage,
  where: (x: number, y: number) => boolean,
  c: readonly number[] | ((x: number, y: number) => readonly number[]),
  cover?: Uint8Array,
): void {
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      if (!where(x, y)) continue;
      const i = y * img.width + x;
      set(img, i, typeof c === 'function' ? c(x, y) : c);
      if (cover) cover[i] = 255;
    }
  }
}
