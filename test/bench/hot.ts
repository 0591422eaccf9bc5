/**
 * `BENCH_ONLY=hot` (issue 28, docs/capacity.md): the hottest paths against DynamoDB Local (in memory, its own
 * process), no HTTP in between: votes and page views on one shared look, generations and favourites of one
 * style. Reports the items a share page view reads at 10 and at 10,000 votes (must be equal; and what the old
 * tally, a Query of every vote item, read at 10,000), view latency, and the writes per hot item per second
 * (each counter shard, the vote partition, the style item).
 */
import { startDynamo } from '../../infra/local/services';
import { ensureTable } from '../../infra/local/stack';
import { capacityMetrics, createDb, type Db } from '../../shared/repositories/table';
import { keys } from '../../shared/repositories/keys';
import { batchPutAll } from '../../shared/repositories/toolkit';
import { countVoteItems, putShare, putVote, type ShareRecord } from '../../shared/repositories/share-repository';
import { incrementStyleUsage, getFavoriteCount } from '../../shared/repositories/style-counter-repository';
import { addFavorite } from '../../shared/repositories/discovery-repository';
import { getStyle } from '../../shared/repositories/catalog-repository';
import { SHARE_VOTE_SHARDS } from '../../shared/domain/shares';
import { STYLE_COUNTER_SHARDS, STYLE_USAGE_FOLD_MS } from '../../shared/domain/catalog';
import { viewShare } from '../../functions/shares/share-viewer-service';
import { newShareToken } from '../../functions/shares/share-access';
import { countItemsRead } from '../support/items-read';
import {
  claimRenderJob,
  enqueueRenderJob,
  queueHeads,
  releaseRenderJob,
} from '../../shared/repositories/render-queue-repository';

type Row = (name: string, value: string, target?: string) => void;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? NaN;
};

/** Successful writes per partition key (Put/Update/Delete and each item of a transaction that landed). */
function countWrites(db: Db) {
  const perPk = new Map<string, number>();
  const pkOf = (x: unknown): string | null => {
    if (!x || typeof x !== 'object') return null;
    const key = 'Key' in x ? x.Key : 'Item' in x ? x.Item : null;
    return key && typeof key === 'object' && 'pk' in key && typeof key.pk === 'string' ? key.pk : null;
  };
  db.doc.use('hotWrites', async (command, next) => {
    const result = await next();
    const input: object = command.input;
    const pks: (string | null)[] = [];
    if (input && typeof input === 'object' && 'TransactItems' in input && Array.isArray(input.TransactItems)) {
      for (const t of input.TransactItems)
        if (t && typeof t === 'object')
          for (const op of ['Put', 'Update', 'Delete'] as const) if (op in t) pks.push(pkOf(t[op]));
    } else if (
      input &&
      typeof input === 'object' &&
      !('KeyConditionExpression' in input) &&
      'UpdateExpression' in input
    )
      pks.push(pkOf(input));
    else if (input && typeof input === 'object' && 'ConditionExpression' in input && 'Item' in input)
      pks.push(pkOf(input));
    for (const pk of pks) if (pk) perPk.set(pk, (perPk.get(pk) ?? 0) + 1);
    return result;
  });
  return perPk;
}

/** Run `n` tasks with at most `width` in flight. */
async function pool(n: number, width: number, task: (i: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < n) await task(next++);
    }),
  );
}

export interface HotBenchResult {
  votes: number;
  votesPerSecond: number;
  wcuPerVote: number;
  itemsReadPerView: { at10: number; atMany: number; legacyAtMany: number };
  viewMs: { at10: { p50: number; p99: number }; atMany: { p50: number; p99: number } };
  rcuPerView: { at10: number; atMany: number };
  voteShardWritesPerSecond: number[];
  votePartitionWritesPerSecond: number;
  generations: number;
  generationsPerSecond: number;
  styleItemWritesPerSecond: number;
  styleShardWritesPerSecondMax: number;
  usageExact: boolean;
  favorites: number;
  favoriteStyleItemWrites: number;
  favoriteShardWritesPerSecondMax: number;
  favoriteCountExact: boolean;
  /** The render pipeline's hot keys: one provider's queue partition and slot counter. */
  render: {
    looks: number;
    looksPerSecond: number;
    lostClaimsPerLook: number;
    slotWritesPerLook: number;
    queueWritesPerLook: number;
    wcuPerLook: number;
    slotWcuPerSecondAt10M: number;
    queueWcuPerSecondAt10M: number;
  };
}

export async function benchHot(quick: boolean, row: Row): Promise<HotBenchResult> {
  const dynamo = await startDynamo({});
  try {
    await ensureTable(dynamo.url, 'bench-hot');
    const db = createDb({ tableName: 'bench-hot', endpoint: dynamo.url });
    const writes = countWrites(db);
    const reads = countItemsRead(db);
    const VOTES = quick ? 2_000 : 10_000;
    const WIDTH = 32;

    // ------------------------------------------------------------------ one shared look: votes and views
    const ttl = Math.floor(Date.now() / 1000) + 40 * 86_400;
    const mkShare = async (id: string, counters: boolean): Promise<ShareRecord> => {
      const s: ShareRecord = {
        id,
        token: newShareToken(),
        userId: `owner-${id}`,
        images: Array.from({ length: 4 }, (_, n) => ({
          generationId: `${id}-look-${n}`,
          key: `shares/${id}/${n}.jpg`,
          width: 1200,
          height: 1500,
          styleId: null,
          styleName: null,
        })),
        showOwner: false,
        status: 'active',
        expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        createdAt: new Date().toISOString(),
        endedAt: null,
        ...(counters ? { voteCounters: true } : {}),
      };
      await putShare(db, s, 30 * 86_400);
      return s;
    };
    const share = await mkShare('01JBENCHHOTSHARE0000000001', true);
    const looks = share.images.map((i) => i.generationId);
    const viewer = (n: number) => `anon:bench-${String(n).padStart(17, '0')}`;
    // views by viewers who voted (their own vote is one of the items read), after a warm-up
    const views = async (n: number) => {
      for (let i = 0; i < 20; i++) await viewShare(db, share.token, viewer(i % 10));
      const times: number[] = [];
      reads.reset();
      const rcu0 = capacityMetrics.read;
      for (let i = 0; i < n; i++) {
        const t = performance.now();
        await viewShare(db, share.token, viewer(i % 10));
        times.push(performance.now() - t);
      }
      return {
        items: reads.items / n,
        rcu: +((capacityMetrics.read - rcu0) / n).toFixed(2),
        p50: +pct(times, 50).toFixed(1),
        p99: +pct(times, 99).toFixed(1),
      };
    };

    await pool(10, 10, (i) => putVote(db, share.id, viewer(i), looks[i % 4]!, ttl));
    const at10 = await views(200);
    console.log(`bench hot: ${VOTES} votes on one share (${WIDTH} in flight)...`);
    writes.clear();
    // VOTES viewers vote once each; every 10th also changes an earlier viewer's vote (two counts on one shard)
    const tasks: (() => Promise<unknown>)[] = [];
    for (let n = 10; n < VOTES; n++) {
      tasks.push(() => putVote(db, share.id, viewer(n), looks[n % 4]!, ttl));
      if (n % 10 === 0) tasks.push(() => putVote(db, share.id, viewer(n - 5), looks[(n + 1) % 4]!, ttl));
    }
    const wcu0 = capacityMetrics.write;
    const t0 = performance.now();
    await pool(tasks.length, WIDTH, (i) => tasks[i]!());
    const voteSeconds = (performance.now() - t0) / 1000;
    const wcuPerVote = +((capacityMetrics.write - wcu0) / tasks.length).toFixed(2);
    const shardWrites = Array.from(
      { length: SHARE_VOTE_SHARDS },
      (_, n) => (writes.get(keys.shareVoteCounter(share.id, n).pk) ?? 0) / voteSeconds,
    );
    const votePartition = (writes.get(keys.shareFeedback(share.id).pk) ?? 0) / voteSeconds;
    const atMany = await views(200);
    const total = (await viewShare(db, share.token, null)).totalVotes;
    const items = [...(await countVoteItems(db, share.id)).values()].reduce((a, b) => a + b, 0);
    if (total !== items) throw new Error(`counters ${total} != vote items ${items}`);

    // the old tally (a Query of every vote item) on a share of as many votes, bulk-loaded
    const legacy = await mkShare('01JBENCHHOTSHARE0000000002', false);
    await batchPutAll(
      db,
      Array.from({ length: total }, (_, n) => ({
        ...keys.shareVote(legacy.id, viewer(n)),
        type: 'ShareVote',
        shareId: legacy.id,
        viewerId: viewer(n),
        generationId: legacy.images[n % 4]!.generationId,
        updatedAt: new Date().toISOString(),
        ttl,
      })),
    );
    reads.reset();
    const legacyRcu0 = capacityMetrics.read;
    await viewShare(db, legacy.token, null);
    const legacyItems = reads.items;
    const legacyRcu = +(capacityMetrics.read - legacyRcu0).toFixed(1);

    row('share page: items read per view at 10 votes', `${at10.items}`, 'equal at any count');
    row(
      `share page: items read per view at ${total.toLocaleString('en-US')} votes`,
      `${atMany.items}`,
      `= ${at10.items}`,
    );
    row(
      `share page: items read, old tally at ${total.toLocaleString('en-US')} votes`,
      `${legacyItems} (${legacyRcu} RCU)`,
      'before',
    );
    row('share page view p50/p99 at 10 votes (local)', `${at10.p50} / ${at10.p99} ms`);
    row(
      `share page view p50/p99 at ${total.toLocaleString('en-US')} votes (local)`,
      `${atMany.p50} / ${atMany.p99} ms`,
    );
    row('share page: RCU per view at 10 / at many votes', `${at10.rcu} / ${atMany.rcu}`);
    row(
      'votes on one share (local, 32 in flight)',
      `${(tasks.length / voteSeconds).toFixed(0)} /s (${tasks.length} writes, ${wcuPerVote} WCU each)`,
    );
    row(
      'writes per vote counter shard',
      shardWrites.map((w) => `${w.toFixed(0)}/s`).join(', '),
      `each <= 1,000 WCU/s / 2 per tx = 500/s`,
    );
    row('writes on the vote partition SHAREFB#<id>', `${votePartition.toFixed(0)} /s`, '<= 500/s (tx Put = 2 WCU)');

    // ------------------------------------------------------------------ one style: generations and favourites
    const styleId = 'bench-hot-style';
    const now = new Date().toISOString();
    await batchPutAll(db, [
      {
        ...keys.style(styleId),
        type: 'Style',
        id: styleId,
        name: 'Viral',
        description: 'bench',
        sex: 'unisex',
        categoryIds: [],
        tags: [],
        tasks: ['OUTFIT_TRYON'],
        styleImageType: 'model_wearer',
        promptImageUrl: null,
        coverImageUrl: null,
        isPublic: false,
        createdBy: 'bench',
        usageCount: 0,
        favoriteCount: 0,
        createdAt: now,
        updatedAt: now,
      },
    ]);
    const GENS = quick ? 2_000 : 10_000;
    console.log(`bench hot: ${GENS} completed generations of one style...`);
    writes.clear();
    const t1 = performance.now();
    await pool(GENS, WIDTH, () => incrementStyleUsage(db, styleId));
    const genSeconds = (performance.now() - t1) / 1000;
    const styleWriteCount = writes.get(keys.style(styleId).pk) ?? 0;
    const styleWrites = styleWriteCount / genSeconds;
    const styleShards = Array.from(
      { length: STYLE_COUNTER_SHARDS },
      (_, n) => (writes.get(keys.styleCounter(styleId, n).pk) ?? 0) / genSeconds,
    );
    // a last use per shard once the fold window has passed folds what is left
    const later = new Date(Date.now() + STYLE_USAGE_FOLD_MS + 1);
    for (let n = 0; n < STYLE_COUNTER_SHARDS; n++) await incrementStyleUsage(db, styleId, later, n);
    const usage = (await getStyle(db, styleId))!.usageCount;
    const usageExact = usage === GENS + STYLE_COUNTER_SHARDS;

    const FAVS = quick ? 1_000 : 3_000;
    writes.clear();
    const t2 = performance.now();
    await pool(FAVS, WIDTH, (i) => addFavorite(db, `fan-${i}`, styleId));
    const favSeconds = (performance.now() - t2) / 1000;
    const favStyleWrites = writes.get(keys.style(styleId).pk) ?? 0;
    const favShards = Array.from(
      { length: STYLE_COUNTER_SHARDS },
      (_, n) => (writes.get(keys.styleCounter(styleId, n).pk) ?? 0) / favSeconds,
    );
    const favoriteCountExact = (await getFavoriteCount(db, styleId)) === FAVS;

    row('generations of one style (local, 32 in flight)', `${(GENS / genSeconds).toFixed(0)} /s`);
    row(
      'writes on the style item (usage folds)',
      `${styleWriteCount} in ${genSeconds.toFixed(0)} s (${styleWrites.toFixed(2)} /s)`,
      `<= ${STYLE_COUNTER_SHARDS} a minute whatever the rate`,
    );
    row('writes per style counter shard, max', `${Math.max(...styleShards).toFixed(0)} /s`, '<= 1,000 WCU/s');
    row('usageCount exact after the last fold', usageExact ? 'yes' : `NO (${usage})`, 'yes');
    row('favourites of one style: writes on the style item', `${favStyleWrites}`, '0');
    row(
      'writes per style counter shard (favourites), max',
      `${Math.max(...favShards).toFixed(0)} /s`,
      '<= 500/s (tx = 2 WCU)',
    );
    row('favourite count exact', favoriteCountExact ? 'yes' : 'NO', 'yes');

    // ------------------------------------------------------------------ the render pipeline: one provider's keys
    // Every look of one provider goes through RENDERQ#<p> (enqueue, claim) and PROVIDER#<p> / SLOTS (claim, release):
    // the queue and the slots as the dispatcher drives them, WIDTH dispatchers racing for the heads.
    const LOOKS = quick ? 400 : 2_000;
    const SLOTS = 16;
    const provider = 'gemini' as const;
    console.log(`bench hot: ${LOOKS} looks through one provider's queue and ${SLOTS} slots...`);
    writes.clear();
    const rWcu0 = capacityMetrics.write;
    const t3 = performance.now();
    await pool(LOOKS, WIDTH, (i) =>
      enqueueRenderJob(db, {
        generationId: `bench-look-${String(i).padStart(6, '0')}`,
        userId: 'bench',
        provider,
        priority: i % 4 === 0,
        taskToken: `token-${i}`,
      }),
    );
    let done = 0;
    let lost = 0;
    await Promise.all(
      Array.from({ length: WIDTH }, async () => {
        while (done < LOOKS) {
          const { priority, standard } = await queueHeads(db, provider);
          const head = priority ?? standard;
          if (!head) {
            // the last looks are being released by other dispatchers
            await new Promise((r) => setTimeout(r, 1));
            continue;
          }
          if (await claimRenderJob(db, provider, head, SLOTS, 300)) {
            await releaseRenderJob(db, provider, head.generationId);
            done++;
          } else lost++;
        }
      }),
    );
    const renderSeconds = (performance.now() - t3) / 1000;
    const slotWrites = (writes.get(keys.providerSlots(provider).pk) ?? 0) / LOOKS;
    const queueWrites = (writes.get(keys.renderQueuePartition(provider).pk) ?? 0) / LOOKS;
    const renderWcu = +((capacityMetrics.write - rWcu0) / LOOKS).toFixed(1);
    // 10M looks a day at 3x the average: 347 a second on one provider; every write here is transactional (2 WCU)
    const PEAK_10M = (10_000_000 / 86_400) * 3;
    const render = {
      looks: LOOKS,
      looksPerSecond: +(LOOKS / renderSeconds).toFixed(0),
      lostClaimsPerLook: +(lost / LOOKS).toFixed(2),
      slotWritesPerLook: +slotWrites.toFixed(2),
      queueWritesPerLook: +queueWrites.toFixed(2),
      wcuPerLook: renderWcu,
      slotWcuPerSecondAt10M: Math.round(PEAK_10M * slotWrites * 2),
      queueWcuPerSecondAt10M: Math.round(PEAK_10M * queueWrites * 2),
    };
    row(
      `render pipeline: looks through one provider (local, ${WIDTH} dispatchers, ${SLOTS} slots)`,
      `${render.looksPerSecond} /s (${render.lostClaimsPerLook} lost claims a look)`,
    );
    row('writes per look on PROVIDER#<p> / SLOTS', `${render.slotWritesPerLook} (tx: 2 WCU each)`, 'claim + release');
    row('writes per look on RENDERQ#<p>', `${render.queueWritesPerLook} (tx: 2 WCU each)`, 'enqueue + claim');
    row('WCU per look, queue and slots (whole table, index copies included)', `${render.wcuPerLook}`);
    row(
      'one provider at 10M looks a day (347/s at peak): SLOTS / RENDERQ partition',
      `${render.slotWcuPerSecondAt10M} / ${render.queueWcuPerSecondAt10M} WCU/s`,
      '<= 1,000 WCU/s: shard (docs/capacity.md)',
    );
    reads.stop();
    db.doc.destroy();
    return {
      votes: total,
      votesPerSecond: +(tasks.length / voteSeconds).toFixed(0),
      wcuPerVote,
      itemsReadPerView: { at10: at10.items, atMany: atMany.items, legacyAtMany: legacyItems },
      viewMs: { at10: { p50: at10.p50, p99: at10.p99 }, atMany: { p50: atMany.p50, p99: atMany.p99 } },
      rcuPerView: { at10: at10.rcu, atMany: atMany.rcu },
      voteShardWritesPerSecond: shardWrites.map((w) => +w.toFixed(1)),
      votePartitionWritesPerSecond: +votePartition.toFixed(1),
      generations: GENS,
      generationsPerSecond: +(GENS / genSeconds).toFixed(0),
      styleItemWritesPerSecond: +styleWrites.toFixed(2),
      styleShardWritesPerSecondMax: +Math.max(...styleShards).toFixed(1),
      usageExact,
      favorites: FAVS,
      favoriteStyleItemWrites: favStyleWrites,
      favoriteShardWritesPerSecondMax: +Math.max(...favShards).toFixed(1),
      favoriteCountExact,
      render,
    };
  } finally {
    await dynamo.stop();
  }
}
