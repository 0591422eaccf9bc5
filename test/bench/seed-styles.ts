/**
 * Bench data: N synthetic PUBLIC styles written with BatchWrite (25 items a call, a few calls in flight,
 * unprocessed items retried), shaped like the seed catalogue's styles so the explore document is realistic.
 */
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../../shared/repositories/keys';
import type { Db } from '../../shared/repositories/table';
import type { StyleImageType, StyleSex } from '../../shared/domain/catalog';

const ADJ = [
  'Weekend',
  'City',
  'Midnight',
  'Linen',
  'Quilted',
  'Oversized',
  'Soft',
  'Tailored',
  'Retro',
  'Coastal',
  'Urban',
  'Minimal',
  'Festival',
  'Winter',
  'Sunset',
  'Classic',
];
const NOUN = [
  'Denim',
  'Trench',
  'Slip Dress',
  'Hoodie Set',
  'Suit',
  'Layers',
  'Bomber',
  'Crew',
  'Shell',
  'Vest',
  'Oxford',
  'Flat-Lay',
  'Capsule',
  'Kit',
  'Edit',
  'Look',
];
const TAGS = [
  'denim',
  'weekend',
  'layered',
  'trench',
  'autumn',
  'classic',
  'satin',
  'evening',
  'dress',
  'tennis',
  'white',
  'sporty',
  'hoodie',
  'streetwear',
  'linen',
  'summer',
  'tailoring',
  'floral',
  'boho',
  'black',
  'minimal',
  'outerwear',
  'knit',
  'neutral',
  'party',
  'glam',
  'outdoor',
  'flatlay',
  'capsule',
  'resort',
];
const CATS = ['cat-casual', 'cat-street', 'cat-business', 'cat-evening', 'cat-sport', 'cat-boho', 'cat-minimal'];
const SEXES: StyleSex[] = ['man', 'woman', 'unisex'];
const TYPES: StyleImageType[] = ['model_wearer', 'product_only', 'product_laydown'];

export const benchStyleId = (i: number) => `bench-style-${String(i).padStart(6, '0')}`;

export interface SeedStylesOptions {
  /** Creators, assigned round-robin (their user items should exist for real creator names). */
  ownerIds: string[];
  concurrency?: number;
  /** Newest style's createdAt; each earlier one a minute before. */
  start?: Date;
}

/** Write `n` synthetic public styles; returns how long it took in ms. */
export async function seedSyntheticStyles(db: Db, n: number, opts: SeedStylesOptions): Promise<number> {
  const t0 = Date.now();
  const start = (opts.start ?? new Date()).getTime();
  const item = (i: number) => {
    const id = benchStyleId(i);
    const createdAt = new Date(start - i * 60_000).toISOString();
    const owner = opts.ownerIds[i % opts.ownerIds.length]!;
    const seedCover = `/api/public-image/styles/seed-style-${String((i % 24) + 1).padStart(2, '0')}/cover.webp`;
    return {
      ...keys.style(id),
      ...keys.stylePublicIndex(createdAt, id),
      ...keys.styleOwnerIndex(owner, createdAt, id),
      type: 'Style',
      id,
      name: `${ADJ[i % ADJ.length]} ${NOUN[Math.floor(i / ADJ.length) % NOUN.length]} ${i}`,
      description: `Synthetic bench style ${i}: ${ADJ[(i * 7) % ADJ.length]!.toLowerCase()} pieces with a ${NOUN[(i * 3) % NOUN.length]!.toLowerCase()} focus.`,
      sex: SEXES[i % SEXES.length],
      categoryIds: [CATS[i % CATS.length], ...(i % 3 === 0 ? [CATS[(i + 3) % CATS.length]] : [])],
      tags: [TAGS[i % TAGS.length], TAGS[(i * 7 + 3) % TAGS.length], TAGS[(i * 13 + 5) % TAGS.length]].filter(
        (t, k, a) => a.indexOf(t) === k,
      ),
      tasks: ['OUTFIT_TRYON'],
      styleImageType: TYPES[i % TYPES.length],
      promptImageUrl: seedCover,
      promptImageOriginalUrl: null,
      coverImageUrl: seedCover,
      defaultPromptTemplateId: null,
      isPublic: true,
      isAiGenerated: false,
      createdBy: owner,
      usageCount: i % 50,
      favoriteCount: 0,
      createdAt,
      updatedAt: createdAt,
    };
  };
  const batches: number[][] = [];
  for (let i = 0; i < n; i += 25) batches.push(Array.from({ length: Math.min(25, n - i) }, (_, k) => i + k));
  let next = 0;
  const worker = async () => {
    for (let batch = batches[next++]; batch; batch = batches[next++]) {
      let pending: Record<string, unknown>[] | undefined = batch.map((i) => ({ PutRequest: { Item: item(i) } }));
      for (let attempt = 0; pending?.length; attempt++) {
        if (attempt > 8) throw new Error('BatchWrite kept returning unprocessed items');
        if (attempt) await new Promise((r) => setTimeout(r, 25 * 2 ** attempt));
        const res = await db.doc.send(new BatchWriteCommand({ RequestItems: { [db.tableName]: pending as never } }));
        pending = res.UnprocessedItems?.[db.tableName] as Record<string, unknown>[] | undefined;
      }
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency ?? 8 }, worker));
  return Date.now() - t0;
}
