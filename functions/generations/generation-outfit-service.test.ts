/**
 * Outfit starts and keeping variants on in-memory collaborators (in-memory-start-deps.ts): conflicting slots
 * refused before anything is read, each piece resolved from its source, the look's cost, the engine's refusals,
 * and a kept variant becoming a generation of its own exactly once.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { ERROR_CODES, HttpError } from '../../shared/errors';
import { lookCost } from '../../shared/domain/outfit';
import { DAY_MS } from '../../shared/domain/privacy';
import type { GenerationRecord } from '../../shared/repositories/generation-repository';
import type { OutfitInput } from '../../shared/schemas/generation';
import { outfitUseCases } from './generation-outfit-service';
import {
  aProfile,
  aStyle,
  aUser,
  giveCredits,
  inMemoryStart,
  type InMemoryStart,
} from '../../test/support/in-memory-start-deps';

let m: InMemoryStart;
let outfits: ReturnType<typeof outfitUseCases>;
const user = aUser();

async function refusal(p: Promise<unknown>): Promise<{ status: number; code: string }> {
  try {
    await p;
  } catch (err) {
    if (err instanceof HttpError) return { status: err.status, code: err.code };
    throw err;
  }
  throw new Error('not refused');
}

const piece = (p: Partial<OutfitInput['pieces'][number]>): OutfitInput['pieces'][number] =>
  ({ source: 'style', styleId: 's1', slot: 'top', ...p }) as OutfitInput['pieces'][number];

beforeEach(() => {
  m = inMemoryStart();
  outfits = outfitUseCases(m.deps);
  giveCredits(m, user.id, { trial: 10 });
  m.profiles.set(user.id, [aProfile()]);
  m.styles.set('s1', aStyle());
  m.styles.set('s2', aStyle({ id: 's2', name: 'Chinos', garmentSlot: 'bottom' }));
  m.products.set('s2', [
    {
      id: 'prod1',
      styleId: 's2',
      name: 'Loafers',
      description: null,
      brand: null,
      category: null,
      imageUrl: 'https://shop.example.com/loafers.jpg',
      createdAt: '2026-01-01T00:00:00.000Z',
      links: [],
    },
  ]);
});

describe('an outfit start', () => {
  it('resolves each piece from its source, in layering order, and costs the look', async () => {
    const pieces = [
      piece({ styleId: 's1', slot: 'top' }),
      piece({ source: 'product', styleId: 's2', productId: 'prod1', slot: 'shoes' }),
      piece({ source: 'upload', imageUrl: 'https://shop.example.com/skirt.jpg', slot: 'bottom', styleId: undefined }),
    ];
    const r = await outfits.startOutfit(user, { pieces });
    const g = m.generations.get(`${user.id}#${r.id}`)!;
    expect(g.cost).toBe(lookCost({ pieces: 3 }));
    expect(g.mode).toBe('exact');
    expect(g.inputs.outfit).toEqual([
      expect.objectContaining({ source: 'style', styleId: 's1', label: 'Linen shirt', slot: 'top' }),
      expect.objectContaining({ source: 'product', productId: 'prod1', imageType: 'product_only', label: 'Loafers' }),
      expect.objectContaining({ source: 'upload', imageUrl: 'https://shop.example.com/skirt.jpg', styleId: null }),
    ]);
    expect(g.templateName).toBe('Outfit: Linen shirt + Loafers + Bottom (your image)');
    expect(m.balances.get(user.id)!.credits).toBe(10 - lookCost({ pieces: 3 }));
    expect(m.dispatched).toHaveLength(1);
  });

  it('refuses conflicting slots with 400 before reading anything, and nothing changes', async () => {
    m.styles.clear();
    const r = await refusal(
      outfits.startOutfit(user, { pieces: [piece({ slot: 'top' }), piece({ slot: 'one-piece', styleId: 's2' })] }),
    );
    expect(r).toEqual({ status: 400, code: ERROR_CODES.outfitSlotConflict });
    expect(m.generations.size).toBe(0);
  });

  it('refuses an unknown product (404) and a style without a picture (400)', async () => {
    expect(
      (
        await refusal(
          outfits.startOutfit(user, { pieces: [piece({ source: 'product', styleId: 's2', productId: 'x' })] }),
        )
      ).status,
    ).toBe(404);
    m.styles.set('bare', aStyle({ id: 'bare', promptImageUrl: null }));
    expect((await refusal(outfits.startOutfit(user, { pieces: [piece({ styleId: 'bare' })] }))).status).toBe(400);
    expect(m.generations.size).toBe(0);
  });

  it('an accessory is refused when the engine renders, before spending', async () => {
    const pieces = [piece({ slot: 'top' }), piece({ styleId: 's2', slot: 'accessory' })];
    expect(await refusal(outfits.startOutfit(user, { pieces }))).toEqual({
      status: 422,
      code: ERROR_CODES.engineAccessory,
    });
    expect(m.balances.get(user.id)!.credits).toBe(10);
  });

  it('costs the look once per variant', async () => {
    const r = await outfits.startOutfit(user, {
      pieces: [piece({}), piece({ styleId: 's2', slot: 'bottom' })],
      variants: 2,
    });
    expect(m.generations.get(`${user.id}#${r.id}`)).toMatchObject({
      cost: lookCost({ pieces: 2, variants: 2 }),
      variantCount: 2,
    });
  });
});

describe('keeping variants', () => {
  const run = (overrides: Partial<GenerationRecord> = {}): GenerationRecord => ({
    id: 'run',
    userId: user.id,
    status: 'completed',
    kind: 'style',
    mode: 'exact',
    inputs: {
      photoProfileId: 'p1',
      styleId: 's1',
      promptTemplateId: null,
      rawTemplateId: null,
      imageUrl: null,
      imageType: 'product_laydown',
      styleRefKey: 'users/u1/generations/run/style-ref.jpg',
      backgroundKey: null,
    },
    styleName: 'Linen shirt',
    templateName: null,
    cost: 2,
    reserved: { trial: 2 },
    reservedLots: [],
    priority: false,
    resultKey: null,
    error: null,
    createdAt: '2026-10-31T12:00:00.000Z',
    startedAt: '2026-10-31T12:00:01.000Z',
    completedAt: '2026-10-31T12:01:00.000Z',
    updatedAt: '2026-10-31T12:01:00.000Z',
    variantCount: 2,
    variantKeys: ['users/u1/generations/run/v0.jpg', 'users/u1/generations/run/v1.jpg'],
    madeBy: 'engine',
    ...overrides,
  });
  const store = (g: GenerationRecord) => m.generations.set(`${g.userId}#${g.id}`, g);

  beforeEach(() => {
    for (const k of run().variantKeys!) m.objects.set(k, Buffer.from(k));
  });

  it('each chosen variant becomes a completed generation with its own copy, free, with the owner’s retention', async () => {
    store(run());
    const owner = aUser({ retentionDays: 30 });
    const { kept } = await outfits.keepVariants(owner, 'run', [1]);
    expect(kept).toEqual([{ index: 1, generationId: 'gen-1' }]);
    const g = m.generations.get(`${user.id}#gen-1`)!;
    expect(g).toMatchObject({ status: 'completed', cost: 0, variantOf: 'run', variantIndex: 1, madeBy: 'engine' });
    expect(g.inputs.styleRefKey).toBeNull();
    expect(m.objects.get(g.resultKey!)?.toString()).toBe('users/u1/generations/run/v1.jpg');
    expect((g as { ttl?: number }).ttl).toBe(Math.floor((m.now.getTime() + 30 * DAY_MS) / 1000));
    expect(m.generations.get(`${user.id}#run`)!.keptVariants).toEqual({ '1': 'gen-1' });
  });

  it('keeping the same variant again answers the same generation, with no second copy', async () => {
    store(run());
    await outfits.keepVariants(user, 'run', [0]);
    const objects = m.objects.size;
    const { kept } = await outfits.keepVariants(user, 'run', [0, 0]);
    expect(kept).toEqual([{ index: 0, generationId: 'gen-1' }]);
    expect(m.objects.size).toBe(objects);
  });

  it('refuses a generation that is not a run (400), a run not completed (409), a variant it does not have (404)', async () => {
    store(run({ id: 'single', variantCount: undefined }));
    expect(await refusal(outfits.keepVariants(user, 'single', [0]))).toEqual({
      status: 400,
      code: ERROR_CODES.variantsNotReady,
    });
    store(run({ status: 'processing', variantKeys: undefined }));
    expect(await refusal(outfits.keepVariants(user, 'run', [0]))).toEqual({
      status: 409,
      code: ERROR_CODES.variantsNotReady,
    });
    store(run());
    expect((await refusal(outfits.keepVariants(user, 'run', [2]))).status).toBe(404);
    expect((await refusal(outfits.keepVariants(user, 'missing', [0]))).status).toBe(404);
  });

  it('a variant whose image expired cannot be kept (404), and nothing is recorded', async () => {
    store(run());
    m.objects.clear();
    expect((await refusal(outfits.keepVariants(user, 'run', [0]))).status).toBe(404);
    expect(m.generations.size).toBe(1);
  });
});
