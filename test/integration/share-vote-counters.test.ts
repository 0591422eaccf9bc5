/**
 * Issue 28: a shared look's votes are counted on write-sharded counter items moved in the same transaction as the
 * vote item, and a page view sums the shards. Against DynamoDB Local: many votes at once, a double vote, a changed
 * vote, a withdrawn vote, a revoked share, a share from before the counters, and the items a page view reads
 * (the same with 10 votes as with 200; the bench drives 10,000).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { GetCommand, PutCommand } from '../../shared/repositories/dynamo-client';
import { setupIntegration, type IntegrationContext } from '../support/integration';
import { countItemsRead } from '../support/items-read';
import { keys } from '../../shared/repositories/keys';
import {
  countVoteItems,
  deleteVote,
  getVoteTally,
  putShare,
  putVote,
  type ShareRecord,
} from '../../shared/repositories/share-repository';
import { SHARE_VOTE_SHARDS, voteShardOf } from '../../shared/domain/shares';
import { viewShare, voteOnShare } from '../../functions/shares/share-viewer-service';
import { listMyShares, revokeShare } from '../../functions/shares/share-service';
import { newShareToken } from '../../functions/shares/share-access';

let ctx: IntegrationContext;
const TTL = Math.floor(Date.now() / 1000) + 40 * 86_400;
const noRate = { who: null, ipHash: null };
let seq = 0;

async function newShare(looks: number, opts: { counters?: boolean } = {}): Promise<ShareRecord> {
  const id = `01JHOT${String(++seq).padStart(20, '0')}`;
  const s: ShareRecord = {
    id,
    token: newShareToken(),
    userId: `owner-${id}`,
    images: Array.from({ length: looks }, (_, n) => ({
      generationId: `${id}-g${n}`,
      key: `shares/${id}/${n}.jpg`,
      width: 600,
      height: 800,
      styleId: null,
      styleName: null,
    })),
    showOwner: false,
    status: 'active',
    expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    createdAt: new Date().toISOString(),
    endedAt: null,
    ...(opts.counters === false ? {} : { voteCounters: true }),
  };
  await putShare(ctx.db, s, 30 * 86_400);
  return s;
}

const viewer = (n: number) => `anon:viewer-${String(n).padStart(16, '0')}`;
const looksOf = (s: ShareRecord) => s.images.map((i) => i.generationId);
/** The tally as a plain object without looks at 0 (a shard keeps a look's attribute once it was voted for). */
const plain = (t: Map<string, number>) => Object.fromEntries([...t].filter(([, v]) => v !== 0).sort());
const expected = (votes: Map<string, string>) => {
  const out = new Map<string, number>();
  for (const g of votes.values()) out.set(g, (out.get(g) ?? 0) + 1);
  return plain(out);
};

beforeAll(async () => {
  ctx = await setupIntegration();
}, 120_000);

describe('vote counters under concurrency', () => {
  it('many viewers at once, then new votes, repeats, changes and withdrawals all at once: counters = vote items', async () => {
    const s = await newShare(3);
    const g = looksOf(s);
    const truth = new Map<string, string>();
    const first = Array.from({ length: 80 }, (_, n) => [viewer(n), g[n % 3]!] as const);
    const outcomes = await Promise.all(first.map(([v, look]) => putVote(ctx.db, s.id, v, look, TTL)));
    expect(outcomes.every((o) => o === 'added')).toBe(true);
    for (const [v, look] of first) truth.set(v, look);
    expect(plain(await getVoteTally(ctx.db, s.id))).toEqual(expected(truth));

    // one burst: 30 change, 15 repeat, 15 withdraw, 20 new viewers
    const burst: Promise<unknown>[] = [];
    for (let n = 0; n < 30; n++) {
      const look = g[(n + 1) % 3]!;
      burst.push(putVote(ctx.db, s.id, viewer(n), look, TTL));
      truth.set(viewer(n), look);
    }
    for (let n = 30; n < 45; n++) burst.push(putVote(ctx.db, s.id, viewer(n), truth.get(viewer(n))!, TTL));
    for (let n = 45; n < 60; n++) {
      burst.push(deleteVote(ctx.db, s.id, viewer(n)));
      truth.delete(viewer(n));
    }
    for (let n = 200; n < 220; n++) {
      burst.push(putVote(ctx.db, s.id, viewer(n), g[2]!, TTL));
      truth.set(viewer(n), g[2]!);
    }
    await Promise.all(burst);

    const tally = await getVoteTally(ctx.db, s.id);
    expect(plain(tally)).toEqual(expected(truth));
    expect(plain(await countVoteItems(ctx.db, s.id))).toEqual(expected(truth));
    const view = await viewShare(ctx.db, s.token, viewer(0));
    expect(view.totalVotes).toBe(truth.size);
    expect(view.myVote).toBe(g[1]);

    // every shard is used, none below zero, and each carries the votes' TTL
    for (let n = 0; n < SHARE_VOTE_SHARDS; n++) {
      const shard = (
        await ctx.db.doc.send(new GetCommand({ TableName: ctx.tableName, Key: keys.shareVoteCounter(s.id, n) }))
      ).Item!;
      expect(shard.ttl).toBe(TTL);
      const counts = Object.entries(shard).filter(([k]) => k.startsWith('votes#'));
      expect(counts.length).toBeGreaterThan(0);
      for (const [, v] of counts) expect(v).toBeGreaterThanOrEqual(0);
    }
  });

  it('a double vote (the same viewer, the same look, 8 times at once) counts once', async () => {
    const s = await newShare(2);
    const [a] = looksOf(s);
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => putVote(ctx.db, s.id, viewer(1), a!, TTL)));
    expect(outcomes.filter((o) => o === 'added')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'same')).toHaveLength(7);
    expect(plain(await getVoteTally(ctx.db, s.id))).toEqual({ [a!]: 1 });
  });

  it('a changed vote (one viewer switching back and forth, 12 times at once) moves its one count to the last look', async () => {
    const s = await newShare(2);
    const [a, b] = looksOf(s);
    await putVote(ctx.db, s.id, viewer(2), a!, TTL);
    await putVote(ctx.db, s.id, viewer(3), b!, TTL); // a bystander
    await Promise.all(Array.from({ length: 12 }, (_, n) => putVote(ctx.db, s.id, viewer(2), n % 2 ? a! : b!, TTL)));
    const mine = (await viewShare(ctx.db, s.token, viewer(2))).myVote!;
    const tally = plain(await getVoteTally(ctx.db, s.id));
    expect(Object.values(tally).reduce((x, y) => x + y, 0)).toBe(2);
    expect(tally).toEqual(mine === a ? { [a!]: 1, [b!]: 1 } : { [b!]: 2 });
    expect(tally).toEqual(plain(await countVoteItems(ctx.db, s.id)));
  });

  it('a withdrawn vote (twice at once) drops its count once; withdrawing nothing changes nothing', async () => {
    const s = await newShare(2);
    const [a] = looksOf(s);
    await Promise.all([4, 5].map((n) => putVote(ctx.db, s.id, viewer(n), a!, TTL)));
    const out = await Promise.all([deleteVote(ctx.db, s.id, viewer(4)), deleteVote(ctx.db, s.id, viewer(4))]);
    expect(out.sort()).toEqual(['absent', 'removed']);
    expect(await deleteVote(ctx.db, s.id, viewer(99))).toBe('absent');
    expect(plain(await getVoteTally(ctx.db, s.id))).toEqual({ [a!]: 1 });
    const shard = (
      await ctx.db.doc.send(
        new GetCommand({ TableName: ctx.tableName, Key: keys.shareVoteCounter(s.id, voteShardOf(viewer(4))) }),
      )
    ).Item!;
    expect(shard[`votes#${a}`]).toBeGreaterThanOrEqual(0);
  });
});

describe('through the service', () => {
  it('a revoked share refuses votes (404) and its counts stay as they were for the owner', async () => {
    const s = await newShare(2);
    const [a, b] = looksOf(s);
    await voteOnShare(ctx.db, s.token, viewer(10), a!, noRate);
    await voteOnShare(ctx.db, s.token, viewer(11), b!, noRate);
    const changed = await voteOnShare(ctx.db, s.token, viewer(11), a!, noRate);
    expect(changed.images.map((i) => i.votes)).toEqual([2, 0]);
    await revokeShare(ctx.db, s.userId, s.id);
    await expect(voteOnShare(ctx.db, s.token, viewer(12), b!, noRate)).rejects.toMatchObject({ status: 404 });
    await expect(voteOnShare(ctx.db, s.token, viewer(10), b!, noRate)).rejects.toMatchObject({ status: 404 });
    expect(plain(await getVoteTally(ctx.db, s.id))).toEqual({ [a!]: 2 });
    const [mine] = await listMyShares(ctx.db, s.userId);
    expect(mine).toMatchObject({ state: 'revoked', totalVotes: 2 });
    expect(mine!.votes).toEqual([
      { generationId: a, votes: 2 },
      { generationId: b, votes: 0 },
    ]);
  });

  it('a share from before the counters is counted from its vote items', async () => {
    const s = await newShare(2, { counters: false });
    const [a, b] = looksOf(s);
    // votes as the code before the counters wrote them: the items only
    for (const [n, look] of [a, b, b].entries())
      await ctx.db.doc.send(
        new PutCommand({
          TableName: ctx.tableName,
          Item: {
            ...keys.shareVote(s.id, viewer(n)),
            type: 'ShareVote',
            shareId: s.id,
            viewerId: viewer(n),
            generationId: look,
            updatedAt: new Date().toISOString(),
            ttl: TTL,
          },
        }),
      );
    const view = await viewShare(ctx.db, s.token, viewer(1));
    expect(view.images.map((i) => i.votes)).toEqual([1, 2]);
    expect(view.myVote).toBe(b);
  });

  it('a page view reads the same number of items with 10 votes as with 200', async () => {
    const s = await newShare(4);
    const g = looksOf(s);
    const counter = countItemsRead(ctx.db);
    try {
      const read = async () => {
        counter.reset();
        await viewShare(ctx.db, s.token, viewer(1));
        return { items: counter.items, calls: counter.calls };
      };
      await Promise.all(Array.from({ length: 10 }, (_, n) => putVote(ctx.db, s.id, viewer(n), g[n % 4]!, TTL)));
      const at10 = await read();
      for (let k = 10; k < 200; k += 95)
        await Promise.all(
          Array.from({ length: 95 }, (_, n) => putVote(ctx.db, s.id, viewer(k + n), g[(k + n) % 4]!, TTL)),
        );
      const at200 = await read();
      expect((await viewShare(ctx.db, s.token, null)).totalVotes).toBe(200);
      expect(at200).toEqual(at10);
      // the share by token, its counter shards, the viewer's own vote and reaction
      expect(at10.items).toBeLessThanOrEqual(1 + SHARE_VOTE_SHARDS + 2);
    } finally {
      counter.stop();
    }
  });
});
