/**
 * A paid look under a flood of free work (issue 40, item 8): two other accounts flood the routes that make the
 * server do free image and model work (full-body photo replacements: image pipeline, content check and body check
 * on the engine threads; outfit uploads: image pipeline and content check), many requests in flight at once,
 * while a shopper's look renders. Reported: the look's created-to-completed time alone and under the flood (the
 * ratio; target <= 1.5), and what the flood got (processed, refused with 429).
 */
import { apiCall, garmentJpeg, photoProfileForm } from '../support/api-client';
import { getGeneration } from '../../shared/repositories/generation-repository';
import type { Db } from '../../shared/repositories/table';

export interface FloodContext {
  base: string;
  token: string;
  db: Db;
  userId: string;
  profileId: string;
  drain: () => Promise<void>;
  /** The flooding accounts: a token and a photo profile of each. */
  flooders: { token: string; profileId: string }[];
}

let seq = 0;

/** Start one look (Exact, the engine) and wait for it; its created-to-completed time in ms. */
async function oneLook(ctx: FloodContext): Promise<number> {
  const res = await apiCall<{ id: string }>(
    ctx.base,
    ctx.token,
    'POST',
    '/api/generate/style',
    { styleId: 'seed-style-01', photoProfileId: ctx.profileId, mode: 'exact' },
    { 'idempotency-key': `bench-flood-${Date.now()}-${++seq}` },
  );
  if (res.status !== 201) throw new Error(`start failed: ${res.status} ${JSON.stringify(res.json)}`);
  for (;;) {
    const g = await getGeneration(ctx.db, ctx.userId, res.json.id);
    if (g?.status === 'completed') return Date.parse(g.completedAt!) - Date.parse(g.createdAt);
    if (g?.status === 'failed') throw new Error(`look failed: ${JSON.stringify(g)}`);
    await new Promise((r) => setTimeout(r, 25)); // polling the look's state, as the SPA does
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

export async function benchFlood(
  ctx: FloodContext,
  rounds: number,
  row: (name: string, value: string, target?: string) => void,
) {
  const alone: number[] = [];
  for (let i = 0; i < rounds; i++) {
    alone.push(await oneLook(ctx));
    await ctx.drain();
  }
  const outfit = await garmentJpeg('tee', 1200);
  const statuses: Record<string, number> = {};
  let stop = false;
  const floodLoop = async (f: { token: string; profileId: string }, kind: 'photo' | 'upload') => {
    while (!stop) {
      let status: number;
      if (kind === 'photo') {
        const fd = await photoProfileForm('Flood');
        fd.delete('portrait');
        status = (await apiCall(ctx.base, f.token, 'PATCH', `/api/photo-profiles/${f.profileId}`, fd)).status;
      } else {
        const fd = new FormData();
        fd.append('file', new Blob([new Uint8Array(outfit)], { type: 'image/jpeg' }), 'outfit.jpg');
        status = (await apiCall(ctx.base, f.token, 'POST', '/api/uploads/outfit', fd)).status;
      }
      const key = `${kind} ${status}`;
      statuses[key] = (statuses[key] ?? 0) + 1;
    }
  };
  const flooded: number[] = [];
  for (let i = 0; i < rounds; i++) {
    stop = false;
    // 8 requests in flight per flooding account and kind
    const loops = ctx.flooders.flatMap((f) =>
      Array.from({ length: 8 }, (_, k) => floodLoop(f, k % 2 === 0 ? 'photo' : 'upload')),
    );
    await new Promise((r) => setTimeout(r, 300)); // the flood is under way when the look starts
    flooded.push(await oneLook(ctx));
    stop = true;
    await Promise.all(loops);
    await ctx.drain();
  }
  const a = median(alone);
  const f = median(flooded);
  row('paid look alone: created -> completed (median)', `${Math.round(a)} ms (${alone.map(Math.round).join(', ')})`);
  row(
    'paid look under a flood of free work (median)',
    `${Math.round(f)} ms (${flooded.map(Math.round).join(', ')}); ratio ${(f / a).toFixed(2)}`,
    '<= 1.5x alone',
  );
  row(
    'the flood: answers by kind and status',
    Object.entries(statuses)
      .sort()
      .map(([k, n]) => `${k}: ${n}`)
      .join(', '),
    '429 once over the limits',
  );
  return { aloneMs: alone, floodedMs: flooded, ratio: +(f / a).toFixed(2), floodAnswers: statuses };
}
