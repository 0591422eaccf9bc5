/**
 * The full-body rule with the real models on scenes built from the fixtures (issue 38, wrong refusals): a
 * standing figure with a raised arm on a shiny floor (her reflection carries the mask to the frame's bottom edge)
 * is a whole body; an empty corridor has no person in it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { checkFullBody } from '../../shared/engine';
import { loadPerson } from '../../test/engine/fixtures';
import { emptyCorridor, onShinyFloor } from '../../test/engine/synthetic-scenes';
import { maskBlobs } from '../../shared/engine/checks/full-body';
import { warmEngineModels } from './node-runtime';
import { cachedAnalysis } from '../../test/engine/run-cache';

beforeAll(async () => {
  await warmEngineModels();
}, 60_000);

describe('the full-body rule on built scenes (real models)', () => {
  it('accepts a raised-arm figure on a shiny floor, her reflection reaching the bottom edge', async () => {
    const person = await loadPerson('cgi-model-23');
    const shiny = onShinyFloor(person, await cachedAnalysis(person));
    const analysis = await cachedAnalysis(shiny);
    // the scene is what it says: the person's mask runs on to the frame's bottom edge (the reflection)
    expect(maskBlobs(analysis).main!.y1).toBeGreaterThanOrEqual(shiny.height - 2);
    expect(checkFullBody(analysis)).toEqual({ ok: true });
  }, 30_000);

  it('answers "no person" for an empty corridor', async () => {
    const corridor = await emptyCorridor();
    expect(checkFullBody(await cachedAnalysis(corridor))).toMatchObject({
      ok: false,
      code: 'no_person',
    });
  }, 30_000);
});
