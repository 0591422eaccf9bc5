/** Style items written straight into the table, for tests that need styles without the editor's side effects. */
import { PutCommand } from '../../shared/repositories/dynamo-client';
import { createS3Client } from '../../infra/local/s3-sdk';
import { seedCatalog } from '../../infra/local/seed-catalog';
import { keys } from '../../shared/repositories/keys';
import { putExploreIndex } from '../../shared/repositories/explore-repository';
import type { IntegrationContext } from './integration';
import { garmentJpeg } from './api-client';
import { file, multipart } from './media';

export interface TestStyleOptions {
  /** Default true (then the style is in the public index too). */
  isPublic?: boolean;
  /** Default now. */
  createdAt?: string;
  /** Default null. */
  promptImageUrl?: string | null;
}

/** A minimal style (one try-on task, no products) owned by `createdBy`. */
export const putTestStyle = async (
  ctx: IntegrationContext,
  id: string,
  createdBy: string,
  opts: TestStyleOptions = {},
) => {
  const isPublic = opts.isPublic ?? true;
  const createdAt = opts.createdAt ?? new Date().toISOString();
  const style = {
    id,
    name: `Style ${id}`,
    description: 'test',
    sex: 'unisex' as const,
    categoryIds: [],
    tags: ['t'],
    styleImageType: 'model_wearer' as const,
    promptImageUrl: opts.promptImageUrl ?? null,
    coverImageUrl: null,
    isPublic,
    createdBy,
    usageCount: 0,
    createdAt,
  };
  await ctx.db.doc.send(
    new PutCommand({
      TableName: ctx.tableName,
      Item: {
        ...keys.style(id),
        ...(isPublic ? keys.stylePublicIndex(createdAt, id) : {}),
        ...keys.styleOwnerIndex(createdBy, createdAt, id),
        type: 'Style',
        id,
        name: `Style ${id}`,
        description: 'test',
        sex: 'unisex',
        categoryIds: [],
        tags: ['t'],
        tasks: ['OUTFIT_TRYON'],
        styleImageType: 'model_wearer',
        promptImageUrl: opts.promptImageUrl ?? null,
        coverImageUrl: null,
        isPublic,
        createdBy,
        usageCount: 0,
        favoriteCount: 0,
        createdAt,
        updatedAt: createdAt,
      },
    }),
  );
  // as the style editor does: a public style is listed on explore
  await putExploreIndex(ctx.db, style);
};

/** The demo catalogue (seed styles, categories, templates, images) with every seed style owned by `ownerId`. */
export const seedTestCatalog = (ctx: IntegrationContext, ownerId: string) =>
  seedCatalog({
    db: ctx.db,
    s3: createS3Client({ endpoint: ctx.endpoints.s3 }),
    publicBucket: process.env.PUBLIC_BUCKET!,
    owners: { influencer: ownerId, admin: ownerId },
  });

/** Every card GET /api/styles lists for a query (`q=...&sex=...`), page by page along its cursors, in order. */
export async function listedStyles(
  ctx: IntegrationContext,
  query = '',
  limit = 60,
): Promise<
  { id: string; name: string; userName: string; promptImageUrl: string | null; coverImageUrl: string | null }[]
> {
  const out: Awaited<ReturnType<typeof listedStyles>> = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 200; pages++) {
    const params = new URLSearchParams(query);
    params.set('limit', String(limit));
    if (cursor) params.set('cursor', cursor);
    const res = await ctx.invoke('GET', `/api/styles?${params.toString()}`);
    if (res.status !== 200) throw new Error(`GET /api/styles ${res.status}: ${JSON.stringify(res.body)}`);
    const page = res.body as { items: Awaited<ReturnType<typeof listedStyles>>; nextCursor: string | null };
    if (page.items.length > limit) throw new Error(`GET /api/styles answered ${page.items.length} > ${limit} cards`);
    out.push(...page.items);
    cursor = page.nextCursor;
    if (!cursor) return out;
  }
  throw new Error('GET /api/styles: more than 200 pages');
}

/** The ids of every public style GET /api/styles lists (all its pages). */
export const listedStyleIds = async (ctx: IntegrationContext, query = '') =>
  (await listedStyles(ctx, query)).map((s) => s.id);

/**
 * An image `user` uploaded for their styles (POST /api/upload, the editor's own path): a style may name only its
 * owner's images (issue 40), so a test's style takes its pictures from here, never another creator's.
 */
export async function uploadOwnStyleImage(
  ctx: IntegrationContext,
  user: { idToken: string },
  type: 'style_prompt' | 'style_cover' = 'style_prompt',
): Promise<string> {
  const { body, headers } = multipart({ type, file: file(await garmentJpeg('tee', 500)) });
  const up = await ctx.invoke('POST', '/api/upload', { token: user.idToken, body, headers });
  if (up.status !== 201) throw new Error(`POST /api/upload answered ${up.status}: ${JSON.stringify(up.body)}`);
  return up.body.url as string;
}
