/** The owner's shared-look use cases on in-memory collaborators: create, list, revoke. */
import { beforeEach, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../shared/errors';
import { SHARE_CODES, SHARE_MESSAGES } from '../../shared/domain/shares';
import { aUser } from '../../test/support/in-memory-start-deps';
import { aResult, inMemoryShares, type InMemoryShares } from '../../test/support/in-memory-shares';
import { shareUseCases } from './share-service';

const now = new Date('2026-11-01T12:00:00.000Z');
const owner = aUser({ id: 'owner' });
const caller = { who: 'user:owner', ipHash: 'ip-1' };
let m: InMemoryShares;
let shares: ReturnType<typeof shareUseCases>;

beforeEach(() => {
  m = inMemoryShares();
  aResult(m, 'g1');
  aResult(m, 'g2', { madeBy: 'engine', inputs: { ...aResult(m, 'x').inputs, styleId: null }, styleName: null });
  aResult(m, 'busy', { status: 'processing', resultKey: null });
  aResult(m, 'cover', { kind: 'style-cover' });
  aResult(m, 'theirs', {}, 'someone-else');
  shares = shareUseCases(m.owner);
});

const objectKeys = () => [...m.objects.keys()].filter((k) => k.startsWith('shares/'));

describe('creating a share', () => {
  it('copies each chosen result (never the original key) behind a new token, live for the chosen days', async () => {
    const view = await shares.createShare(owner, { generationIds: ['g1', 'g2'], expiresInDays: 1 }, caller, now);
    expect(view).toMatchObject({
      state: 'live',
      generationIds: ['g1', 'g2'],
      showOwner: false,
      expiresAt: '2026-11-02T12:00:00.000Z',
      totalVotes: 0,
      votes: [
        { generationId: 'g1', votes: 0 },
        { generationId: 'g2', votes: 0 },
      ],
    });
    expect(view.url).toBe(`/l/${view.token}`);
    expect(view.images.map((i) => i.url)).toEqual([`/api/l/${view.token}/images/0`, `/api/l/${view.token}/images/1`]);
    const stored = m.shares.get(view.id)!;
    expect(stored.voteCounters).toBe(true);
    expect(stored.images.map((i) => [i.key, i.styleId, i.styleName, i.madeBy])).toEqual([
      [`shares/${view.id}/0.jpg`, 's1', 'Summer dress', 'generative'],
      [`shares/${view.id}/1.jpg`, null, null, 'engine'],
    ]);
    expect(JSON.stringify(stored)).not.toContain('results/owner');
    expect(m.objects.get(`shares/${view.id}/0.jpg`)?.toString()).toBe('copy:bytes of g1');
    expect(m.counted).toEqual(['share.create']);
  });

  it('the default expiry is 7 days; showOwner only when asked for', async () => {
    const view = await shares.createShare(owner, { generationIds: ['g1'], showOwner: true }, caller, now);
    expect(view).toMatchObject({ expiresAt: '2026-11-08T12:00:00.000Z', showOwner: true });
  });

  it('another user’s, a missing and a style-cover generation answer the same 404; nothing is written', async () => {
    for (const id of ['theirs', 'nope', 'cover']) {
      await expect(shares.createShare(owner, { generationIds: ['g1', id] }, caller, now)).rejects.toMatchObject({
        status: 404,
        message: SHARE_MESSAGES.notYours,
      });
    }
    expect(m.shares.size).toBe(0);
    expect(objectKeys()).toEqual([]);
  });

  it('a result still rendering is 409 not_shareable; duplicates are 400 before the rate limit counts', async () => {
    await expect(shares.createShare(owner, { generationIds: ['busy'] }, caller, now)).rejects.toMatchObject({
      status: 409,
      code: SHARE_CODES.notShareable,
    });
    m.counted.length = 0;
    await expect(shares.createShare(owner, { generationIds: ['g1', 'g1'] }, caller, now)).rejects.toMatchObject({
      status: 400,
      code: ERROR_CODES.validation,
      message: SHARE_MESSAGES.duplicateIds,
    });
    expect(m.counted).toEqual([]);
    expect(m.shares.size).toBe(0);
  });

  it('over the rate limit: 429 and nothing is read or written', async () => {
    m.limited.add('share.create');
    await expect(shares.createShare(owner, { generationIds: ['g1'] }, caller, now)).rejects.toMatchObject({
      status: 429,
      code: ERROR_CODES.rateLimited,
    });
    expect(m.shares.size).toBe(0);
    expect(objectKeys()).toEqual([]);
  });

  it('a copy that fails deletes the copies already made, and no share is stored', async () => {
    m.copyFailsAt = 1;
    await expect(shares.createShare(owner, { generationIds: ['g1', 'g2'] }, caller, now)).rejects.toThrow(
      'the image could not be read',
    );
    expect(objectKeys()).toEqual([]);
    expect(m.shares.size).toBe(0);
  });

  it('a result whose image is gone is 409 not_shareable', async () => {
    m.objects.delete('results/owner/g2.jpg');
    await expect(shares.createShare(owner, { generationIds: ['g1', 'g2'] }, caller, now)).rejects.toMatchObject({
      status: 409,
      code: SHARE_CODES.notShareable,
    });
    expect(objectKeys()).toEqual([]);
  });
});

describe('the owner’s list and revoking', () => {
  it('lists the owner’s shares with votes and reactions; expired once the expiry passes', async () => {
    const view = await shares.createShare(owner, { generationIds: ['g1', 'g2'], expiresInDays: 1 }, caller, now);
    m.votes.set(
      view.id,
      new Map([
        ['v1', 'g2'],
        ['v2', 'g2'],
        ['v3', 'g1'],
        ['v4', 'not-in-share'],
      ]),
    );
    m.reactions.set(view.id, new Map([['v1', { text: 'Love it', updatedAt: '2026-11-01T13:00:00.000Z' }]]));
    const [listed] = await shares.listMyShares('owner', now);
    expect(listed).toMatchObject({
      id: view.id,
      state: 'live',
      totalVotes: 3,
      votes: [
        { generationId: 'g1', votes: 1 },
        { generationId: 'g2', votes: 2 },
      ],
      reactions: [{ text: 'Love it', updatedAt: '2026-11-01T13:00:00.000Z' }],
    });
    expect(JSON.stringify(listed)).not.toContain('v1');
    const later = new Date(now.getTime() + 86_400_000 + 1000);
    expect((await shares.listMyShares('owner', later))[0]?.state).toBe('expired');
    expect(await shares.listMyShares('someone-else', now)).toEqual([]);
  });

  it('revoking ends the share and deletes its copies; a repeat answers the same; another user’s share is 404', async () => {
    const view = await shares.createShare(owner, { generationIds: ['g1'] }, caller, now);
    const later = new Date('2026-11-01T13:00:00.000Z');
    await expect(shares.revokeShare('someone-else', view.id, later)).rejects.toMatchObject({ status: 404 });
    expect(objectKeys()).toHaveLength(1);
    const revoked = await shares.revokeShare('owner', view.id, later);
    expect(revoked).toMatchObject({ state: 'revoked', endedAt: later.toISOString() });
    expect(objectKeys()).toEqual([]);
    expect(await shares.revokeShare('owner', view.id, new Date('2026-11-01T14:00:00.000Z'))).toMatchObject({
      state: 'revoked',
      endedAt: later.toISOString(),
    });
  });
});
