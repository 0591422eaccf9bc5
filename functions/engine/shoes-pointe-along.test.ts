/**
 * A shoe on a foot on pointe (cgi-model-2, shared/engine/place/shoes.ts `pointeMap`): drawn as its side view along
 * the pointed foot (its toe at the tip on the floor, its sole up the foot's back, its heel up at the ankle), not a
 * shoe seen from the front standing upright on its toe box (a trainer a blunt block with its sole across the floor
 * end, a pump a red cup over the toes with the old satin's place above it left to the fill).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { tryOn } from '../../shared/engine';
import { bodyFrom, type Body } from '../../shared/engine/perception/body';
import { loadPerson } from '../../test/engine/fixtures';
import { productPhoto } from '../../test/engine/eval/conditions';
import { EVAL_GARMENTS } from '../../test/engine/eval/garments';
import { nodeModelRuntime, warmEngineModels } from './node-runtime';
import { cachedAnalysis } from '../../test/engine/run-cache';

beforeAll(async () => {
  await warmEngineModels();
}, 60_000);

type Rgb = [number, number, number];
const red = ([r, g, b]: Rgb) => r > 110 && g < 70 && b < 80 && r - g > 60;
/** The trainer's sole: its whitest pixels (the upper is a shaded light grey). */
const white = ([r, g, b]: Rgb) => Math.min(r, g, b) > 232;

async function render(garment: string) {
  const person = await loadPerson('cgi-model-2');
  const analysis = await cachedAnalysis(person);
  const g = EVAL_GARMENTS.find((x) => x.id === garment);
  if (!g) throw new Error(garment);
  const product = (await productPhoto(g, 'flat-white')).image;
  const r = await tryOn(nodeModelRuntime, person, [{ image: product, slot: 'shoes', source: 'laydown' }], { analysis });
  return { body: bodyFrom(analysis), cov: r.layers.garment.data, img: r.image.data, W: person.width, H: person.height };
}

/**
 * Per foot, round its ankle (1.5 shin widths either side, from the ankle row to three widths below): the shoe's
 * pixels (coverage >= 128) with their colours, and the foot's upper part (the mask's solid pixels from 0.3 to 1.2
 * shin widths below the ankle row: below the ribbons, above the toes).
 */
function feet(r: Awaited<ReturnType<typeof render>>) {
  const { body, cov, img, W, H } = r;
  return [body.legL, body.legR].map((leg: Body['legL']) => {
    const w = leg.widthEnd;
    const shoe: { x: number; y: number; c: Rgb }[] = [];
    let upper = 0;
    let upperRed = 0;
    for (let y = Math.round(leg.end.y); y < Math.min(H, leg.end.y + w * 3); y++) {
      for (let x = Math.max(0, Math.round(leg.end.x - w * 1.5)); x <= Math.min(W - 1, leg.end.x + w * 1.5); x++) {
        const p = y * W + x;
        const c: Rgb = [img[p * 4] ?? 0, img[p * 4 + 1] ?? 0, img[p * 4 + 2] ?? 0];
        const on = (cov[p] ?? 0) >= 128;
        if (on) shoe.push({ x, y, c });
        if (y < leg.end.y + w * 0.3 || y >= leg.end.y + w * 1.2 || (body.mask[p] ?? 0) < 200) continue;
        upper++;
        if (on && red(c)) upperRed++;
      }
    }
    return { shoe, upperRed: upperRed / Math.max(1, upper) };
  });
}

describe('shoes on feet on pointe (real models)', () => {
  // before: the pump a red cup over the toes (its vamp 0.45 of the foot's height), the foot above it to the ankle the
  // fill's and the instep's pale skin where the satin was: 0.13 / 0.26 of the foot's upper part red; now the pump's
  // shell runs along the whole foot up to the ankle, its heel at the back: 0.52 / 0.52 (its throat open)
  it('draws a pump along the whole pointed foot, not a cup over its toes', async () => {
    const shares = feet(await render('heels-red')).map((f) => f.upperRed);
    console.log('pointe pump: red share of the upper foot', shares.map((v) => v.toFixed(2)).join(' / '));
    for (const upperRed of shares) expect({ upperRed, along: upperRed > 0.4 }).toMatchObject({ along: true });
  }, 120_000);

  // before: the trainer seen from the front, an upright block on its toe box, its sole (the product's white) across
  // the floor end under a shaded grey: no white pixels; now its side view along the foot, the sole a white band up the
  // foot's back: 0.27 / 0.26 of the shoe's pixels, their spread 1.9 / 2.7 times as long down the foot as across
  it("draws a trainer along the pointed foot, its sole up the foot's back", async () => {
    const soles = feet(await render('trainers-runner')).map(({ shoe }) => {
      const sole = shoe.filter((p) => white(p.c));
      const n = Math.max(1, sole.length);
      const mx = sole.reduce((s, p) => s + p.x, 0) / n;
      const my = sole.reduce((s, p) => s + p.y, 0) / n;
      const vx = sole.reduce((s, p) => s + (p.x - mx) ** 2, 0) / n;
      const vy = sole.reduce((s, p) => s + (p.y - my) ** 2, 0) / n;
      return { share: sole.length / Math.max(1, shoe.length), long: vy / Math.max(1, vx) };
    });
    console.log('pointe trainer: sole share, length over width', JSON.stringify(soles));
    for (const { share, long } of soles)
      expect({ share, long, along: share > 0.1 && long > 1.5 }).toMatchObject({ along: true });
  }, 120_000);
});
