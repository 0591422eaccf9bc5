/** What the engine reads of the person photo before any garment (kept per photo by the browser's preview). */
import { bodyFrom } from '../perception/body';
import { hairMap, lightField, skinMap, skinModel, type SkinModel } from '../perception/appearance';
import type { EngineSlot } from '../garment/garment';
import type { PersonAnalysis, RgbaImage } from '../core/types';
import { garmentRoom, handZone, headZone, type Maps } from './occlusion';
import { waistTop } from './fill';
import { legwearMap } from './legwear';
import { readSceneLight, type SceneLight } from './light';
import { readBackground, type BackgroundModel } from './background';

/**
 * What the engine reads of the person photo before any garment: the body, skin, hair and hands, the waist, the
 * head's zone, the light, the garments' room. It depends on the photo only, so a caller that dresses one photo
 * many times (the browser's preview) keeps it per photo (options.scenes); nothing later writes into it.
 */
export interface Scene {
  body: ReturnType<typeof bodyFrom>;
  maps: Maps;
  /** The person's skin colour (sampled on the face). */
  skin: SkinModel;
  waist: ReturnType<typeof waistTop>;
  /** Stockings, tights, boots on the legs: kept where a new garment does not cover them (legwear.ts). */
  legwear: Uint8Array;
  head: ReturnType<typeof headZone>;
  light: ReturnType<typeof lightField>;
  /** The scene's white balance and the person's shading for the garments (light.ts). */
  garmentLight: SceneLight;
  /** The background's colour behind the person, diffused from what is surely off the person (background.ts). */
  background: BackgroundModel;
  roomFor: (slot: EngineSlot) => Uint8Array;
}

/**
 * How far a photo pixel is from the backdrop (part P2): its RGB distance to the background's estimated colour there
 * (background.ts), or Infinity where its hue/saturation (opponent chroma r - g, (r + g) / 2 - b) is more than
 * `BACKDROP_CHROMA` from the backdrop's, or where the backdrop is not vivid (its chroma under `BACKDROP_VIVID`: a grey
 * wall, sand, the sea, whose colours a person's cloth or shaded skin can share).
 */
const BACKDROP_CHROMA = 24;
const BACKDROP_VIVID = 120;

export function backdropAt(person: RgbaImage, background: BackgroundModel): (x: number, y: number) => number {
  const { width: W, height: H, data } = person;
  const c = [0, 0, 0];
  return (x, y) => {
    const xi = Math.round(x);
    const yi = Math.round(y);
    if (xi < 0 || yi < 0 || xi >= W || yi >= H) return Infinity;
    background.at(xi, yi, c);
    const bu = (c[0] ?? 0) - (c[1] ?? 0);
    const bv = ((c[0] ?? 0) + (c[1] ?? 0)) / 2 - (c[2] ?? 0);
    if (bu * bu + bv * bv < BACKDROP_VIVID * BACKDROP_VIVID) return Infinity;
    const i = (yi * W + xi) * 4;
    const dr = (data[i] ?? 0) - (c[0] ?? 0);
    const dg = (data[i + 1] ?? 0) - (c[1] ?? 0);
    const db = (data[i + 2] ?? 0) - (c[2] ?? 0);
    const u = dr - dg;
    const v = (dr + dg) / 2 - db;
    if (u * u + v * v > BACKDROP_CHROMA * BACKDROP_CHROMA) return Infinity;
    return Math.sqrt(dr * dr + dg * dg + db * db);
  };
}

export function readScene(person: RgbaImage, analysis: PersonAnalysis): Scene {
  const body = bodyFrom(analysis);
  const background = readBackground(person, body.mask);
  body.backdrop = backdropAt(person, background);
  const skin = skinModel(person, body);
  const skinPx = skinMap(person, body, skin);
  const maps: Maps = {
    skin: skinPx,
    hair: hairMap(person, body, skin).data,
    ...handZone(body, person, skinPx, skin),
  };
  // the garments' room, computed once per allowance that a garment here needs
  const rooms = new Map<number, Uint8Array>();
  const roomFor = (slot: EngineSlot) => {
    const grow = Math.round(body.span * (slot === 'outerwear' ? 0.085 : 0.04));
    let r = rooms.get(grow);
    if (!r) rooms.set(grow, (r = garmentRoom(body, grow)));
    return r;
  };
  return {
    body,
    maps,
    skin,
    waist: waistTop(body, skinPx, maps.handArea),
    legwear: legwearMap(person, body, skinPx),
    head: headZone(body, maps.hair),
    light: lightField(person, body, body.mask),
    garmentLight: readSceneLight(person, body, skinPx),
    background,
    roomFor,
  };
}
