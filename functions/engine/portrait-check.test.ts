/**
 * The portrait rule (shared/engine/checks/portrait.ts) on analyses by the real models: the fixture portrait and head
 * crops of the full-body fixtures pass; full-body photos (a face too small for a portrait), drawn garments and a
 * drawn landscape (nobody there) are refused with their reason. The browser runs the same rule on the same
 * pipeline (shared/engine/perception/pose-pipeline.ts) at pick time.
 */
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkPortrait, REFUSAL_MESSAGES, type RgbaImage } from '../../shared/engine';
import { GARMENTS_DIR, loadImage, loadPerson, PEOPLE_DIR, sideBySide } from '../../test/engine/fixtures';
import { nodeModelRuntime, warmEngineModels } from './node-runtime';

beforeAll(async () => {
  await warmEngineModels();
}, 60_000);

async function square(person: string, left: number, top: number, size: number): Promise<RgbaImage> {
  const { data, info } = await sharp(path.join(PEOPLE_DIR, `${person}.jpg`))
    .extract({ left, top, width: size, height: size })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

const verdict = async (image: RgbaImage) => checkPortrait(await nodeModelRuntime.analyzePerson(image));

describe('checkPortrait (real models)', () => {
  it('accepts the fixture portrait and head-and-shoulders crops of the fixture people', async () => {
    expect(await verdict(await loadPerson('ai-upper'))).toEqual({ ok: true });
    expect(await verdict(await square('cgi-model-27', 200, 0, 500))).toEqual({ ok: true });
    expect(await verdict(await square('ai-body', 350, 0, 500))).toEqual({ ok: true });
  }, 30_000);

  it('refuses a full-body photo as a portrait: the face is too small', async () => {
    for (const person of ['cgi-model-27', 'ai-body', 'cgi-model-23']) {
      expect({ person, ...(await verdict(await loadPerson(person))) }).toEqual({
        person,
        ok: false,
        code: 'face_too_small',
        message: REFUSAL_MESSAGES.face_too_small,
      });
    }
  }, 30_000);

  it('refuses pictures with nobody in them: drawn garments and a landscape', async () => {
    for (const file of ['tee-white.jpg', 'dress-white.jpg', 'none-landscape.jpg', 'none-blank.jpg']) {
      expect({ file, ...(await verdict(await loadImage(path.join(GARMENTS_DIR, file)))) }).toEqual({
        file,
        ok: false,
        code: 'no_face',
        message: REFUSAL_MESSAGES.no_face,
      });
    }
  }, 30_000);

  it('refuses two people side by side', async () => {
    const a = await square('cgi-model-27', 200, 0, 500);
    const b = await square('ai-body', 350, 0, 500);
    expect(await verdict(sideBySide(a, b))).toMatchObject({ ok: false, code: 'several_faces' });
  }, 30_000);
});
