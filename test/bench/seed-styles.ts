/**
 * Bench data: N synthetic PUBLIC styles written with BatchWrite (25 items a call, a few calls in flight,
 * unprocessed items retried), shaped like the seed catalogue's styles, each with its explore index postings
 * (shared/repositories/explore-repository.ts) and the tag counts, as the style editor would have written them.
 */
import { BatchWriteCommand } from '../../shared/repositories/dynamo-client';
import { keys } from '../../shared/repositories/keys';
import { exploreIndexItems } from '../../shared/repositories/explore-repository';
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
  /** First style number (a second call continues a catalogue: styles from..n-1). Default 0. */
  from?: number;
  /** Write the explore index postings and tag counts too (default true). */
  index?: boolean;
}

export interface SeedStylesResult {
  ms: number;
  /** Items written: style items and index items. */
  items: number;
}

/** Write synthetic public styles number `from`..n-1 (and their explore postings); how long it took, how many items. */
export async function seedSyntheticStyles(db: Db, n: number, opts: SeedStylesOptions): Promise<SeedStylesResult> {
  const t0 = Date.now();
  const start = (opts.start ?? new Date(Date.UTC(2026, 10, 1))).getTime();
  const from = opts.from ?? 0;
  const withIndex = opts.index ?? true;
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
      sex: SEXES[i % SEXES.length]!,
      categoryIds: [CATS[i % CATS.length]!, ...(i % 3 === 0 ? [CATS[(i + 3) % CATS.length]!] : [])],
      tags: [TAGS[i % TAGS.length]!, TAGS[(i * 7 + 3) % TAGS.length]!, TAGS[(i * 13 + 5) % TAGS.length]!].filter(
        (t, k, a) => a.indexOf(t) === k,
      ),
      tasks: ['OUTFIT_TRYON'],
      styleImageType: TYPES[i % TYPES.length]!,
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
  // every item of styles from..n-1, made lazily per chunk of styles (100k styles hold millions of postings)
  const STYLES_PER_TASK = 40;
  const tasks: number[] = [];
  for (let i = from; i < n; i += STYLES_PER_TASK) tasks.push(i);
  let next = 0;
  let written = 0;
  const write = async (items: Record<string, unknown>[]) => {
    let pending: Record<string, unknown>[] | undefined = items.map((Item) => ({ PutRequest: { Item } }));
    for (let attempt = 0; pending?.length; attempt++) {
      if (attempt > 8) throw new Error('BatchWrite kept returning unprocessed items');
      if (attempt) await new Promise((r) => setTimeout(r, 25 * 2 ** attempt));
      const res = await db.doc.send(new BatchWriteCommand({ RequestItems: { [db.tableName]: pending as never } }));
      pending = res.UnprocessedItems?.[db.tableName] as Record<string, unknown>[] | undefined;
    }
    written += items.length;
  };
  const worker = async () => {
    for (let t = tasks[next++]; t !== undefined; t = tasks[next++]) {
      const items: Record<string, unknown>[] = [];
      for (let i = t; i < Math.min(n, t + STYLES_PER_TASK); i++) {
        const style = item(i);
        items.push(style);
        if (withIndex) items.push(...exploreIndexItems(style));
      }
      for (let k = 0; k < items.length; k += 25) await write(items.slice(k, k + 25));
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency ?? 8 }, worker));
  if (withIndex) {
    // the tag chips: each tag's count over styles 0..n-1 (absolute, so a continued catalogue stays right)
    const counts = new Map<string, number>();
    for (let i = 0; i < n; i++) for (const t of item(i).tags) counts.set(t, (counts.get(t) ?? 0) + 1);
    const tagItems = [...counts].map(([tag, count]) => ({ ...keys.exploreTag(tag), type: 'ExploreTag', tag, count }));
    for (let k = 0; k < tagItems.length; k += 25) await write(tagItems.slice(k, k + 25));
  }
  return { ms: Date.now() - t0, items: written };
}
