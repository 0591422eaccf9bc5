/**
 * A foot on pointe (cgi-model-2, shared/engine/place/shoe-pointe.ts): the person mask, unsure of a pink floor of
 * the skin's hue, takes in the floor between and beside the feet at middling values; the old shoes' region
 * (compose/fill.ts `oldShoes`, the mask grown) took it all and the fill painted a blocky pale patch over the floor
 * and the feet's shadows. Now only the old shoes are (`leavePointeFloor`).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { bodyFrom } from '../../shared/engine/perception/body';
import { readScene } from '../../shared/engine/compose/scene';
import { oldShoes } from '../../shared/engine/compose/fill';
import { looksLikeBackground } from '../../shared/engine/compose/background';
import { loadPerson } from '../../test/engine/fixtures';
import { warmEngineModels } from './node-runtime';
import { cachedAnalysis } from '../../test/engine/run-cache';

beforeAll(async () => {
  await warmEngineModels();
}, 60_000);

describe('old shoes on pointe (real models)', () => {
  // before: 0.53 of the old shoes' region below the ankles was the floor (the backdrop's colour, off the mask's
  // solid foot); now 0.00, and the satin shoes themselves (the mask's solid pixels there) still all in it
  it('takes the pointe shoes, not the floor round them, as the old shoes', async () => {
    const person = await loadPerson('cgi-model-2');
    const analysis = await cachedAnalysis(person);
    const body = bodyFrom(analysis);
    const scene = readScene(person, analysis);
    const bg = scene.background;
    expect(bg).toBeTruthy();
    if (!bg) return;
    const { region } = oldShoes(person, body, scene.maps, scene.legwear);
    const W = person.width;
    const v = [0, 0, 0];
    let floor = 0;
    let all = 0;
    let solid = 0;
    let solidIn = 0;
    const ankle = Math.min(body.legL.end.y, body.legR.end.y);
    const x0 = Math.min(body.legL.end.x, body.legR.end.x) - body.legL.widthEnd * 2;
    const x1 = Math.max(body.legL.end.x, body.legR.end.x) + body.legR.widthEnd * 2;
    for (let y = Math.round(ankle); y < person.height; y++) {
      for (let x = Math.max(0, Math.round(x0)); x < Math.min(W, x1); x++) {
        const p = y * W + x;
        const m = body.mask[p] ?? 0;
        if (m >= 250 && !scene.maps.skin[p]) {
          solid++;
          if (region[p]) solidIn++;
        }
        if (!region[p]) continue;
        all++;
        if (m < 250 && looksLikeBackground(person, bg, p, v)) floor++;
      }
    }
    const share = floor / Math.max(1, all);
    console.log('pointe old shoes: floor share', share.toFixed(3), 'solid kept', (solidIn / solid).toFixed(3));
    expect(share).toBeLessThan(0.1);
    expect(solidIn / Math.max(1, solid)).toBeGreaterThan(0.97);
  }, 120_000);
});
