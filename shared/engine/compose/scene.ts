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

export function readScene(person: RgbaImage, analysis: PersonAnalysis): Scene {
  const body = bodyFrom(analysis);
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
    background: readBackground(person, body.mask),
    roomFor,
  };
}
