/**
 * The garment check before a start, on in-memory start collaborators and real (small) images: a photo of a model
 * wearing the garment and an upload with no garment in it are refused (422) when the Fitly engine renders the mode;
 * a provider renders them; remote and catalogue pictures are left to the worker.
 */
import sharp from 'sharp';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../shared/errors';
import { REFUSAL_MESSAGES } from '../../shared/engine/checks/refusal';
import { inMemoryStart, type InMemoryStart } from '../../test/support/in-memory-start-deps';
import { assertGarmentsFound } from './garment-check';

const BLANK = 'users/u1/uploads/blank.png';
const SHIRT = 'users/u1/uploads/shirt.png';
const ref = (key: string) => `/api/private-image/${key}`;
let blank: Buffer;
let shirt: Buffer;
let m: InMemoryStart;

beforeAll(async () => {
  blank = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();
  const cloth = await sharp({ create: { width: 160, height: 200, channels: 3, background: '#2a5ac8' } })
    .png()
    .toBuffer();
  shirt = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#ffffff' } })
    .composite([{ input: cloth, left: 70, top: 50 }])
    .png()
    .toBuffer();
});

beforeEach(() => {
  m = inMemoryStart();
  m.objects.set(BLANK, blank);
  m.objects.set(SHIRT, shirt);
});

const check = (
  pieces: { imageUrl: string | null; imageType: 'model_wearer' | 'product_only' | null }[],
  userId = 'u1',
) => assertGarmentsFound(m.deps, 'exact', userId, pieces);

describe('the garment check', () => {
  it('an upload with a garment passes', async () => {
    await expect(check([{ imageUrl: ref(SHIRT), imageType: 'product_only' }])).resolves.toBeUndefined();
  });

  it('an upload with no garment is 422 garment.not_found', async () => {
    await expect(
      check([
        { imageUrl: ref(SHIRT), imageType: null },
        { imageUrl: ref(BLANK), imageType: null },
      ]),
    ).rejects.toMatchObject({ status: 422, code: ERROR_CODES.garmentNotFound });
  });

  it('a photo of a model wearing the garment is 422 garment.on_model before any image is read', async () => {
    m.objects.clear();
    await expect(
      check([{ imageUrl: 'https://shop.example/model.jpg', imageType: 'model_wearer' }]),
    ).rejects.toMatchObject({
      status: 422,
      code: ERROR_CODES.garmentOnModel,
      message: REFUSAL_MESSAGES.on_model_garment,
    });
  });

  it('when a provider renders the mode nothing is refused', async () => {
    m.renderer.exact = 'fashn';
    await expect(
      check([
        { imageUrl: ref(BLANK), imageType: null },
        { imageUrl: null, imageType: 'model_wearer' },
      ]),
    ).resolves.toBeUndefined();
  });

  it('remote URLs, public pictures, another user’s keys and missing uploads are left to the later checks', async () => {
    await expect(
      check(
        [
          { imageUrl: 'https://shop.example/blank.png', imageType: null },
          { imageUrl: '/api/public-image/styles/s1/a.png', imageType: null },
          { imageUrl: ref(BLANK), imageType: null },
          { imageUrl: ref('users/u1/uploads/missing.png'), imageType: null },
        ],
        'u2',
      ),
    ).resolves.toBeUndefined();
  });
});
