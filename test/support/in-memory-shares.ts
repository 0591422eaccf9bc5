/**
 * In-memory collaborators of the shared-look use cases (share-service.ts, share-viewer-service.ts), for their
 * unit tests: shares, votes, reactions and reports in maps, with the repositories' rules the use cases rely on
 * (one vote and one reaction per viewer, overwritten; one open report per viewer and look; ending only an
 * active share), a rate limit that refuses the actions it is told to, and the private bucket as a map.
 * Never wired in production.
 */
import type { RateAction } from '../../shared/domain/rate-limits';
import type { GenerationRecord } from '../../shared/repositories/generation-repository';
import type { ProductRecord, StyleRecord } from '../../shared/repositories/catalog-repository';
import type { ShareRecord, ShareReportRecord } from '../../shared/repositories/share-repository';
import type { UserRecord } from '../../shared/repositories/user-repository';
import { RateLimited } from '../../functions/lib/rate-limit';
import type { ShareDeps } from '../../functions/shares/share-service';
import type { ShareViewerDeps } from '../../functions/shares/share-viewer-service';
import { aGeneration } from './in-memory-start-deps';

export interface InMemoryShares {
  shares: Map<string, ShareRecord>;
  generations: Map<string, GenerationRecord>;
  styles: Map<string, StyleRecord>;
  products: Map<string, ProductRecord[]>;
  users: Map<string, UserRecord>;
  /** shareId -> viewerId -> the look voted for */
  votes: Map<string, Map<string, string>>;
  /** shareId -> viewerId -> reaction */
  reactions: Map<string, Map<string, { text: string; updatedAt: string }>>;
  reports: ShareReportRecord[];
  /** The private bucket. */
  objects: Map<string, Buffer>;
  /** Every rate-limited action counted, in order. */
  counted: RateAction[];
  /** Actions the rate limit refuses (429). */
  limited: Set<RateAction>;
  /** When set, making the n-th shared copy (0-based) throws. */
  copyFailsAt: number | null;
  owner: ShareDeps;
  viewer: ShareViewerDeps;
}

const k = (a: string, b: string) => `${a}#${b}`;

export function inMemoryShares(): InMemoryShares {
  const m: Omit<InMemoryShares, 'owner' | 'viewer'> = {
    shares: new Map(),
    generations: new Map(),
    styles: new Map(),
    products: new Map(),
    users: new Map(),
    votes: new Map(),
    reactions: new Map(),
    reports: [],
    objects: new Map(),
    counted: [],
    limited: new Set(),
    copyFailsAt: null,
  };
  const assertRate = (action: RateAction) => {
    m.counted.push(action);
    if (m.limited.has(action)) return Promise.reject(new RateLimited(action, 60));
    return Promise.resolve();
  };
  const tally = (shareId: string) => {
    const t = new Map<string, number>();
    for (const g of m.votes.get(shareId)?.values() ?? []) t.set(g, (t.get(g) ?? 0) + 1);
    return Promise.resolve(t);
  };
  const access = {
    findShareByToken: (token: string) => Promise.resolve([...m.shares.values()].find((s) => s.token === token) ?? null),
    getVoteTally: tally,
    countVoteItems: tally,
  };
  const listShareReactions = (shareId: string) =>
    Promise.resolve(
      [...(m.reactions.get(shareId) ?? new Map<string, { text: string; updatedAt: string }>()).entries()]
        .map(([viewerId, r]) => ({ viewerId, ...r }))
        .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)),
    );
  let copies = 0;
  const owner: ShareDeps = {
    store: {
      ...access,
      getGeneration: (userId, id) => Promise.resolve(m.generations.get(k(userId, id)) ?? null),
      getShare: (userId, id) =>
        Promise.resolve([...m.shares.values()].find((s) => s.userId === userId && s.id === id) ?? null),
      listShares: (userId) =>
        Promise.resolve(
          [...m.shares.values()].filter((s) => s.userId === userId).sort((a, b) => b.id.localeCompare(a.id)),
        ),
      putShare: (s) => {
        m.shares.set(s.id, s);
        return Promise.resolve();
      },
      endShare: (userId, id, status, at = new Date()) => {
        const s = m.shares.get(id);
        if (!s || s.userId !== userId || s.status !== 'active') return Promise.resolve(false);
        m.shares.set(id, { ...s, status, endedAt: at.toISOString() });
        return Promise.resolve(true);
      },
      listShareReactions,
    },
    assertRate,
    media: {
      read: (key) => Promise.resolve(m.objects.get(key) ?? null),
      put: (key, bytes) => {
        m.objects.set(key, bytes);
        return Promise.resolve();
      },
      delete: (keys) => {
        for (const key of keys) m.objects.delete(key);
        return Promise.resolve(keys.length);
      },
    },
    shareCopy: (original) => {
      if (m.copyFailsAt === copies++) return Promise.reject(new Error('the image could not be read'));
      return Promise.resolve({ buffer: Buffer.concat([Buffer.from('copy:'), original]), width: 600, height: 800 });
    },
    newToken: () => `token-${m.shares.size + 1}`.padEnd(43, 'x'),
  };
  const viewer: ShareViewerDeps = {
    store: {
      ...access,
      getViewerFeedback: (shareId, viewerId) =>
        Promise.resolve({
          vote: m.votes.get(shareId)?.get(viewerId) ?? null,
          reaction: m.reactions.get(shareId)?.get(viewerId)?.text ?? null,
        }),
      getStyle: (id) => Promise.resolve(m.styles.get(id) ?? null),
      listStyleProducts: (id) => Promise.resolve(m.products.get(id) ?? []),
      getUser: (id) => Promise.resolve(m.users.get(id) ?? null),
      putVote: (shareId, viewerId, generationId) => {
        const votes = m.votes.get(shareId) ?? new Map<string, string>();
        const previous = votes.get(viewerId);
        votes.set(viewerId, generationId);
        m.votes.set(shareId, votes);
        return Promise.resolve(previous === undefined ? 'added' : previous === generationId ? 'same' : 'changed');
      },
      putReaction: (shareId, viewerId, text, _ttl, now = new Date()) => {
        const reactions = m.reactions.get(shareId) ?? new Map<string, { text: string; updatedAt: string }>();
        reactions.set(viewerId, { text, updatedAt: now.toISOString() });
        m.reactions.set(shareId, reactions);
        return Promise.resolve();
      },
      createShareReport: (r) => {
        const open = m.reports.some(
          (x) => x.shareId === r.shareId && x.reporterId === r.reporterId && x.status === 'open',
        );
        if (open) return Promise.resolve(false);
        m.reports.push(r);
        return Promise.resolve(true);
      },
    },
    assertRate,
    readImage: (key) => Promise.resolve(m.objects.get(key) ?? null),
  };
  return Object.assign(m, { owner, viewer });
}

/** A completed generation of `userId` with its result in the private bucket of `m`. */
export function aResult(
  m: InMemoryShares,
  id: string,
  overrides: Partial<GenerationRecord> = {},
  userId = 'owner',
): GenerationRecord {
  const g = aGeneration(id, { userId, styleName: 'Summer dress', ...overrides });
  m.generations.set(k(g.userId, g.id), g);
  if (g.resultKey) m.objects.set(g.resultKey, Buffer.from(`bytes of ${id}`));
  return g;
}
