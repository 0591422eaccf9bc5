/** Style covers from a generation on in-memory collaborators: ownership before any start, the generation's checks. */
import { beforeEach, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../shared/errors';
import type { GenerationRecord } from '../../shared/repositories/generation-repository';
import { aGeneration, aStyle, aUser } from '../../test/support/in-memory-start-deps';
import {
  hasObject,
  inMemoryCatalog,
  objectKeys,
  putObject,
  type InMemoryCatalog,
} from '../../test/support/in-memory-catalog';
import { COVER_MESSAGES, styleCoverUseCases } from './style-cover-service';

const now = new Date('2026-11-01T12:00:00.000Z');
const inf = aUser({ id: 'inf', role: 'influencer', currentRole: 'influencer', isInfluencer: true });
const other = aUser({ id: 'other', role: 'influencer', currentRole: 'influencer', isInfluencer: true });
let m: InMemoryCatalog;
let started: { userId: string; styleId: string; key: string | undefined }[];
let uc: ReturnType<typeof styleCoverUseCases>;

const gen = (id: string, overrides: Partial<GenerationRecord> = {}): GenerationRecord =>
  aGeneration(id, {
    userId: 'inf',
    kind: 'style-cover',
    styleName: 'Linen shirt',
    resultKey: `results/inf/${id}.png`,
    ...overrides,
  });

beforeEach(() => {
  m = inMemoryCatalog();
  m.users.set('inf', inf);
  m.styles.set('s1', aStyle({ id: 's1', createdBy: 'inf', isPublic: true, promptImageUrl: null, rev: 1 }));
  m.styles.set('s2', aStyle({ id: 's2', createdBy: 'inf', isPublic: true, promptImageUrl: null, rev: 1 }));
  m.generations.set('g1', gen('g1'));
  m.generations.set('busy', gen('busy', { status: 'processing', resultKey: null }));
  m.generations.set('theirs', gen('theirs', { userId: 'other' }));
  putObject(m, 'private', 'results/inf/g1.png');
  started = [];
  uc = styleCoverUseCases({
    store: m.store,
    media: m.media,
    copyPrivate: (from, to) => {
      const bytes = m.objects.get(`private:${from}`);
      if (!bytes) return Promise.resolve(false);
      m.objects.set(`private:${to}`, bytes);
      return Promise.resolve(true);
    },
    startCover: (user, styleId, idempotency) => {
      started.push({ userId: user.id, styleId, key: idempotency?.key });
      return Promise.resolve({ id: 'new-generation' });
    },
  });
});

describe('starting a cover', () => {
  it('starts a style-cover generation of the caller’s own style', async () => {
    expect(await uc.startStyleCover(inf, 's1')).toEqual({ id: 'new-generation' });
    expect(started).toEqual([{ userId: 'inf', styleId: 's1', key: undefined }]);
  });

  it('another creator’s style is 403 and a missing one 404, before any start', async () => {
    await expect(uc.startStyleCover(other, 's1')).rejects.toMatchObject({ status: 403 });
    await expect(uc.startStyleCover(inf, 'nope')).rejects.toMatchObject({ status: 404 });
    expect(started).toEqual([]);
  });
});

describe('a cover from a generation', () => {
  it('copies the result (private first) and, the style being public, names its own public copy', async () => {
    const after = await uc.setCoverFromGeneration(inf, 's1', ' g1 ', now);
    expect(after.coverImageUrl).toMatch(/^\/api\/public-image\/styles\/s1\/[0-9a-f]{32}\.png$/);
    expect(objectKeys(m, 'private', 'style-images/inf/')).toHaveLength(1);
    expect(hasObject(m, 'public', after.coverImageUrl!.replace('/api/public-image/', ''))).toBe(true);
  });

  it('refuses a missing id (400), another user’s or unknown generation (404), another style’s (400), one not completed (400)', async () => {
    await expect(uc.setCoverFromGeneration(inf, 's1', '  ', now)).rejects.toMatchObject({
      status: 400,
      code: ERROR_CODES.validation,
      message: COVER_MESSAGES.generationIdRequired,
    });
    await expect(uc.setCoverFromGeneration(inf, 's1', 42, now)).rejects.toMatchObject({ status: 400 });
    await expect(uc.setCoverFromGeneration(inf, 's1', 'theirs', now)).rejects.toMatchObject({
      status: 404,
      message: COVER_MESSAGES.generationNotFound,
    });
    await expect(uc.setCoverFromGeneration(inf, 's2', 'g1', now)).rejects.toMatchObject({
      status: 400,
      message: COVER_MESSAGES.otherStyle,
    });
    await expect(uc.setCoverFromGeneration(inf, 's1', 'busy', now)).rejects.toMatchObject({
      status: 400,
      message: COVER_MESSAGES.notCompleted,
    });
    await expect(uc.setCoverFromGeneration(other, 's1', 'g1', now)).rejects.toMatchObject({ status: 403 });
    expect(m.styles.get('s1')?.coverImageUrl).toBeNull();
    expect(objectKeys(m, 'private', 'style-images/')).toEqual([]);
  });

  it('a result whose image is gone is 404 and the style keeps its cover', async () => {
    m.objects.delete('private:results/inf/g1.png');
    await expect(uc.setCoverFromGeneration(inf, 's1', 'g1', now)).rejects.toMatchObject({ status: 404 });
    expect(m.styles.get('s1')?.coverImageUrl).toBeNull();
  });
});
