/**
 * A photo of a model wearing the garment, uploaded as a garment without saying so (issue 38, point 3 of E3): the
 * engine finds no garment on a plain background in it, looks for a person, and refuses it as `on_model_garment`
 * (why, and what to use instead) rather than as "no garment"; the in-browser preview runs this before any credit is
 * spent. A picture with neither a garment nor a person (an empty corridor) is still "no garment". Real models.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { detectGarment, EngineRefusal, REFUSAL_MESSAGES, tryOn, type RgbaImage } from '../../shared/engine';
import { loadPerson } from '../../test/engine/fixtures';
import { emptyCorridor } from '../../test/engine/synthetic-scenes';
import { nodeModelRuntime, warmEngineModels } from './node-runtime';
import { cachedAnalysis } from '../../test/engine/run-cache';

beforeAll(async () => {
  await warmEngineModels();
}, 60_000);

/** The code tryOn refuses with when given `garment` as an upload of unknown kind, on ai-body. */
async function refusalOf(garment: RgbaImage, slot: 'top' | null): Promise<string> {
  const photo = await loadPerson('ai-body');
  const analysis = await cachedAnalysis(photo);
  try {
    await tryOn(nodeModelRuntime, photo, [{ image: garment, slot, source: 'auto' }], { analysis });
    return 'rendered';
  } catch (err) {
    if (err instanceof EngineRefusal) return err.code;
    throw err;
  }
}

describe('a garment photo of someone wearing it, not declared as such', () => {
  it('is refused as on_model_garment, saying what to use instead, not as no_garment', async () => {
    // people photographed in their clothes, on studio backgrounds (not the engine's own renders)
    for (const name of ['cgi-model-27', 'cgi-model-30']) {
      const worn = await loadPerson(name);
      // the cut-out finds no garment in it: the old answer was `no_garment`
      expect(() => detectGarment(worn), name).toThrow(EngineRefusal);
      expect(await refusalOf(worn, null), name).toBe('on_model_garment');
      expect(await refusalOf(worn, 'top'), name).toBe('on_model_garment');
    }
    expect(REFUSAL_MESSAGES.on_model_garment).toMatch(/use a product photo/);
  }, 90_000);

  it('leaves a picture with no garment and no person refused as no_garment', async () => {
    expect(await refusalOf(await emptyCorridor(480, 640), null)).toBe('no_garment');
  }, 60_000);
});
