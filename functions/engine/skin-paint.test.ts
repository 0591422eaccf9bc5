/**
 * `paintSkin` (shared/engine/compose/fill.ts), the skin fill the placing stages call where a new garment leaves
 * the body bare, with the real models: painted over cgi-model-27's lilac tee across her torso, it is her skin
 * (by her own skin model), lit like the body around it (not one flat tone) and blended into the skin it meets.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type RgbaImage } from '../../shared/engine';
import { fillRegion, paintSkin } from '../../shared/engine/compose/fill';
import { readScene } from '../../shared/engine/compose/scene';
import { isSkin } from '../../shared/engine/perception/appearance';
import { loadPerson } from '../../test/engine/fixtures';
import { deltaE2000, eachArmPixel, median, rgbToLab } from '../../test/engine/metrics/pixels';
import { warmEngineModels } from './node-runtime';
import { cachedAnalysis } from '../../test/engine/run-cache';

beforeAll(async () => {
  await warmEngineModels();
}, 60_000);

const lum = (img: RgbaImage, i: number) =>
  0.299 * img.data[i * 4]! + 0.587 * img.data[i * 4 + 1]! + 0.114 * img.data[i * 4 + 2]!;

describe('paintSkin (real models)', () => {
  it("paints the person's own skin, shaded, over an old top (cgi-model-27's lilac tee)", async () => {
    const person = await loadPerson('cgi-model-27');
    const analysis = await cachedAnalysis(person);
    const scene = readScene(person, analysis);
    const { body } = scene;
    const W = person.width;
    // a band across the torso, from the chest's middle to the tee's hem, inside the torso's edges: the old tee
    const region = new Uint8Array(W * person.height);
    const y0 = Math.round(body.neck.y + body.torsoH * 0.35);
    const y1 = Math.round(body.neck.y + body.torsoH * 0.6);
    let n = 0;
    for (let y = y0; y <= y1; y++) {
      const [l, r] = body.torsoEdges(y);
      for (let x = Math.ceil(l + body.span * 0.05); x <= r - body.span * 0.05; x++) {
        region[y * W + x] = 255;
        n++;
      }
    }
    expect(n).toBeGreaterThan(5000);
    // her skin by the face's own model
    const model = scene.skin;
    const skinBefore = [...region.keys()].filter(
      (i) => region[i] && isSkin(model, person.data[i * 4]!, person.data[i * 4 + 1]!, person.data[i * 4 + 2]!),
    ).length;
    // the tee is not skin
    expect(skinBefore / n).toBeLessThan(0.2);
    const out: RgbaImage = { width: W, height: person.height, data: new Uint8Array(person.data) };
    paintSkin(out, region, scene);
    let skin = 0;
    let sum = 0;
    let sum2 = 0;
    for (let i = 0; i < region.length; i++) {
      if (!region[i]) continue;
      if (isSkin(model, out.data[i * 4]!, out.data[i * 4 + 1]!, out.data[i * 4 + 2]!)) skin++;
      const l = lum(out, i);
      sum += l;
      sum2 += l * l;
    }
    expect(skin / n).toBeGreaterThan(0.9);
    // shaded like the body (the photo's light over the torso), not one flat tone
    const sd = Math.sqrt(sum2 / n - (sum / n) ** 2);
    expect(sd).toBeGreaterThan(3);
    // nothing outside the region is touched
    for (let i = 0; i < region.length; i += 7) if (!region[i]) expect(out.data[i * 4]).toBe(person.data[i * 4]);

    // issue 38, round 8, part M5: an old top's region round a shoulder, filled as skin on the body and backdrop
    // off it (`fillRegion`), fades from one to the other over a few px (the step was one pixel: a repainted
    // shoulder's hard edge against the backdrop, a skin box)
    for (const sh of [body.shoulderL, body.shoulderR]) {
      const box = new Uint8Array(W * person.height);
      const r = Math.round(body.span * 0.3);
      const bx0 = Math.round(sh.x - r);
      const by0 = Math.round(sh.y - r);
      for (let y = by0; y <= by0 + 2 * r; y++) for (let x = bx0; x <= bx0 + 2 * r; x++) box[y * W + x] = 255;
      const filled: RgbaImage = { width: W, height: person.height, data: new Uint8Array(person.data) };
      fillRegion(filled, box, body, scene.maps, scene.light, 'top', null, 'auto', null);
      // the largest one-pixel step inside the box (away from its border, where the fill meets the photo)
      let step = 0;
      for (let y = by0 + 3; y <= by0 + 2 * r - 3; y++)
        for (let x = bx0 + 3; x <= bx0 + 2 * r - 3; x++) {
          const i = y * W + x;
          step = Math.max(
            step,
            Math.abs(lum(filled, i + 1) - lum(filled, i)),
            Math.abs(lum(filled, i + W) - lum(filled, i)),
          );
        }
      // measured: 24.0 and 38.5 before (the lowered shoulder's edge, the square box beside the raised arm), 8.4
      // and 10.5 after
      expect(step).toBeLessThan(16);
    }

    // issue 38, round 9, part N5: the chest under an old top's neckline, filled (`fillRegion`), is the colour of
    // her own lit bare skin (her forearms), not of the shaded neck under her chin it was diffused from
    const chest = new Uint8Array(W * person.height);
    const cy0 = Math.round(body.neck.y);
    const cy1 = Math.round(body.neck.y + body.torsoH * 0.3);
    for (let y = cy0; y <= cy1; y++) {
      const [l, r] = body.torsoEdges(y);
      for (let x = Math.ceil(l + body.span * 0.05); x <= r - body.span * 0.05; x++) chest[y * W + x] = 255;
    }
    const painted: RgbaImage = { width: W, height: person.height, data: new Uint8Array(person.data) };
    fillRegion(painted, chest, body, scene.maps, scene.light, 'top', null, 'auto', null);
    const labOf = (img: RgbaImage, idx: number[]) =>
      [0, 1, 2].map((c) => median(idx.map((i) => img.data[i * 4 + c]!))) as [number, number, number];
    // her forearms' bare skin (the skin map's, no hair)
    const arm: number[] = [];
    for (const a of [body.armL, body.armR])
      eachArmPixel({ body, width: W, height: person.height }, a.mid, a.end, a.widthEnd * 0.5, (i) => {
        if (scene.maps.skin[i] && scene.maps.hair[i]! < 128) arm.push(i);
      });
    expect(arm.length).toBeGreaterThan(500);
    // the chest's middle (away from the seams at the region's sides)
    const mid: number[] = [];
    for (let y = cy0 + 3; y <= cy1 - 3; y++) {
      const [l, r] = body.torsoEdges(y);
      for (let x = Math.round(l + (r - l) * 0.3); x <= r - (r - l) * 0.3; x++) mid.push(y * W + x);
    }
    const de = deltaE2000(rgbToLab(...labOf(painted, mid)), rgbToLab(...labOf(person, arm)));
    // measured: 10.1 before (a darker, greyer chest), 6.6 after
    expect(de).toBeLessThan(8);
  }, 40_000);
});
