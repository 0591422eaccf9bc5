import { describe, expect, it } from 'vitest';
import { analyzePerson } from '../../shared/engine';
import { nodeModelRuntime, warmEngineModels } from '../../functions/engine/node-runtime';
import { loadPerson } from './fixtures';
import { drawProductPhoto, productPhoto } from './eval/conditions';
import { EVAL_GARMENTS } from './eval/garments';
import { readdirSync } from 'node:fs';
import { cachedAnalysis, forgetInMemory, runFolder } from './run-cache';

/** The run's cache (test/engine/run-cache.ts) hands back what its maker made, from memory and from the run's folder. */
describe("the test run's cache of drawn photos and analyses", () => {
  it('gives the drawn photo pixel for pixel, from memory and from the folder, and a copy to each caller', async () => {
    const g = EVAL_GARMENTS.find((x) => x.id === 'cami-silk');
    if (!g) throw new Error('no cami-silk');
    const drawn = await drawProductPhoto(g, 'rotated');
    const first = await productPhoto(g, 'rotated');
    expect(first.angle).toBe(drawn.angle);
    expect(first.format).toBe('jpeg');
    expect(Buffer.from(first.image.data).equals(Buffer.from(drawn.image.data))).toBe(true);
    first.image.data.fill(0);
    const folder = await runFolder();
    expect(folder, "the run's folder (test/support/run-cache-global-setup.ts)").toEqual(expect.any(String));
    expect(readdirSync(folder ?? '').filter((f) => f.startsWith('photo-cami-silk-rotated-'))).toHaveLength(1);
    forgetInMemory();
    const fromFolder = await productPhoto(g, 'rotated');
    expect([fromFolder.image.width, fromFolder.image.height]).toEqual([drawn.image.width, drawn.image.height]);
    expect(Buffer.from(fromFolder.image.data).equals(Buffer.from(drawn.image.data))).toBe(true);
    const transparent = await productPhoto(g, 'alpha');
    expect(transparent.format).toBe('png');
    expect(
      Buffer.from(transparent.image.data).equals(Buffer.from((await drawProductPhoto(g, 'alpha')).image.data)),
    ).toBe(true);
  });

  it("gives a person's analysis as the models make it, from memory and from the folder", async () => {
    await warmEngineModels();
    const person = await loadPerson('cgi-model-4');
    const fresh = await analyzePerson(nodeModelRuntime, person);
    const first = await cachedAnalysis(person);
    expect(first).toEqual(fresh);
    first.mask.data.fill(0);
    first.keypoints.nose.x = -1;
    expect(readdirSync((await runFolder()) ?? '').filter((f) => f.startsWith('analysis-'))).not.toEqual([]);
    forgetInMemory();
    const fromFolder = await cachedAnalysis(person);
    expect(fromFolder).toEqual(fresh);
    expect(Buffer.from(fromFolder.mask.data).equals(Buffer.from(fresh.mask.data))).toBe(true);
    // another picture is another analysis
    const other = await cachedAnalysis(await loadPerson('cgi-model-2'));
    expect(other.keypoints.nose).not.toEqual(fresh.keypoints.nose);
  }, 60_000);
});
