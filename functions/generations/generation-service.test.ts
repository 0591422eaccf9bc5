/** Started generations on in-memory collaborators: the gallery, reading, deleting with the images, feedback. */
import { beforeEach, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../shared/errors';
import type { FeedbackRecord, GenerationRecord } from '../../shared/repositories/generation-repository';
import { FEEDBACK_NO_STYLE, generationUseCases } from './generation-service';
import { aGeneration } from '../../test/support/in-memory-start-deps';

let generations: Map<string, GenerationRecord>;
let feedback: Map<string, FeedbackRecord>;
let deleted: string[];
let clock: Date;
let uc: ReturnType<typeof generationUseCases>;

const k = (userId: string, id: string) => `${userId}#${id}`;

function gen(id: string, overrides: Partial<GenerationRecord> = {}): GenerationRecord {
  return aGeneration(id, {
    styleName: 'Style 1',
    reserved: { monthly: 1 },
    createdAt: `2026-10-0${id.length}T00:00:00.000Z`,
    ...overrides,
  });
}

beforeEach(() => {
  generations = new Map();
  feedback = new Map();
  deleted = [];
  clock = new Date('2026-11-01T12:00:00.000Z');
  const put = (g: GenerationRecord) => generations.set(k(g.userId, g.id), g);
  put(gen('g1'));
  put(gen('cover', { kind: 'style-cover' }));
  put(gen('run', { variantCount: 3, variantKeys: ['results/u1/run-0.jpg', 'results/u1/run-1.jpg'] }));
  put(gen('busy', { status: 'processing', resultKey: null, completedAt: null }));
  put(gen('upload', { inputs: { ...gen('x').inputs, styleId: null, imageUrl: '/api/private-image/u/x.jpg' } }));
  put(
    gen('outfit', {
      kind: 'outfit',
      inputs: {
        ...gen('x').inputs,
        styleId: null,
        outfit: [
          {
            slot: 'top',
            source: 'upload',
            label: 'Mine',
            styleId: null,
            productId: null,
            imageUrl: '/api/private-image/u1/a.jpg',
            imageType: 'product_only',
          },
          {
            slot: 'bottom',
            source: 'style',
            label: 'Jeans',
            styleId: 's9',
            productId: null,
            imageUrl: '/api/public-image/styles/s9/a.jpg',
            imageType: 'product_laydown',
          },
        ],
      },
    }),
  );
  put(gen('theirs', { userId: 'u2' }));
  uc = generationUseCases({
    store: {
      listGenerations: (userId) => Promise.resolve([...generations.values()].filter((g) => g.userId === userId)),
      getGeneration: (userId, id) => Promise.resolve(generations.get(k(userId, id)) ?? null),
      // the repository deletes only a final generation (completed or failed)
      deleteGenerationRecord: (userId, id) => {
        const g = generations.get(k(userId, id));
        if (!g || (g.status !== 'completed' && g.status !== 'failed')) return Promise.resolve(null);
        generations.delete(k(userId, id));
        return Promise.resolve(g);
      },
      getFeedback: (userId, id) => Promise.resolve(feedback.get(k(userId, id)) ?? null),
      putFeedback: (userId, f) => {
        feedback.set(k(userId, f.generationId), f);
        return Promise.resolve();
      },
    },
    deleteImages: (keys) => {
      deleted.push(...keys);
      return Promise.resolve(keys.length);
    },
    now: () => clock,
  });
});

describe('the gallery', () => {
  it('lists the caller’s looks without style covers and without runs of several variants', async () => {
    const ids = (await uc.listUserGenerations('u1')).map((g) => g.id);
    expect(ids.sort()).toEqual(['busy', 'g1', 'outfit', 'upload']);
  });

  it('reads the caller’s own generation; another user’s id is 404 like a missing one', async () => {
    expect(await uc.getUserGeneration('u1', 'g1')).toMatchObject({
      id: 'g1',
      resultUrl: '/api/private-image/results/u1/g1.jpg',
    });
    await expect(uc.getUserGeneration('u1', 'theirs')).rejects.toMatchObject({ status: 404 });
    await expect(uc.getUserGeneration('u1', 'nope')).rejects.toMatchObject({ status: 404 });
  });
});

describe('deleting a generation', () => {
  it('deletes the record and every image it names (result and variants)', async () => {
    await uc.deleteUserGeneration('u1', 'run');
    expect(generations.has(k('u1', 'run'))).toBe(false);
    expect(deleted).toEqual(['results/u1/run.jpg', 'results/u1/run-0.jpg', 'results/u1/run-1.jpg']);
  });

  it('a generation still in progress is 409 and nothing is deleted', async () => {
    await expect(uc.deleteUserGeneration('u1', 'busy')).rejects.toMatchObject({ status: 409 });
    expect(generations.has(k('u1', 'busy'))).toBe(true);
    expect(deleted).toEqual([]);
  });

  it('another user’s generation is 404 and stays', async () => {
    await expect(uc.deleteUserGeneration('u1', 'theirs')).rejects.toMatchObject({ status: 404 });
    expect(generations.has(k('u2', 'theirs'))).toBe(true);
    expect(deleted).toEqual([]);
  });
});

describe('feedback', () => {
  it('rates a completed style look; a second rating keeps the first createdAt', async () => {
    const first = await uc.submitFeedback('u1', { generationId: 'g1', rating: 4 });
    expect(first).toEqual({
      generationId: 'g1',
      styleId: 's1',
      rating: 4,
      createdAt: clock.toISOString(),
      updatedAt: clock.toISOString(),
    });
    clock = new Date('2026-11-02T12:00:00.000Z');
    const second = await uc.submitFeedback('u1', { generationId: 'g1', styleId: 's1', rating: 2 });
    expect(second).toMatchObject({ rating: 2, createdAt: first.createdAt, updatedAt: clock.toISOString() });
    expect(await uc.readFeedback('u1', 'g1')).toEqual(second);
  });

  it('an outfit is rated for its first style piece', async () => {
    expect(await uc.submitFeedback('u1', { generationId: 'outfit', rating: 5 })).toMatchObject({ styleId: 's9' });
  });

  it('a look of no style is 400 feedback_no_style; a style that is not the look’s is 400', async () => {
    await expect(uc.submitFeedback('u1', { generationId: 'upload', rating: 3 })).rejects.toMatchObject({
      status: 400,
      code: ERROR_CODES.feedbackNoStyle,
      message: FEEDBACK_NO_STYLE,
    });
    await expect(uc.submitFeedback('u1', { generationId: 'g1', styleId: 's2', rating: 3 })).rejects.toMatchObject({
      status: 400,
    });
    expect(feedback.size).toBe(0);
  });

  it('a look still rendering is 409; another user’s look is 404 (rating and reading)', async () => {
    await expect(uc.submitFeedback('u1', { generationId: 'busy', rating: 3 })).rejects.toMatchObject({ status: 409 });
    await expect(uc.submitFeedback('u1', { generationId: 'theirs', rating: 3 })).rejects.toMatchObject({
      status: 404,
    });
    await expect(uc.readFeedback('u1', 'theirs')).rejects.toMatchObject({ status: 404 });
    expect(feedback.size).toBe(0);
  });
});
