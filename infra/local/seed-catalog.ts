/**
 * Demo content: categories, 24 styles across the three image types (with images drawn at seed time),
 * products with affiliate links, prompt templates (including an uncategorised OUTFIT_TRYON one with
 * {{BODY_DESCRIPTION}}), raw templates across task types and a published influencer collection.
 * Written once (a seed marker item), each item with attribute_not_exists so edits are never overwritten.
 */
import { COLOR_GRADES, CREATIVE_BACKGROUNDS } from '../../shared/domain/creative-look';
import { GetCommand } from '../../shared/repositories/dynamo-client';
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { Db } from '../../shared/repositories/table';
import { ITEM_ABSENT, putIf, updateIf } from '../../shared/repositories/toolkit';
import { keys } from '../../shared/repositories/keys';
import { listPublicStyles, productEntity } from '../../shared/repositories/catalog-repository';
import { putExploreIndex } from '../../shared/repositories/explore-repository';
import { readFileSync } from 'node:fs';
import * as z from 'zod';
import { SETTINGS, STYLE_IMAGE_TYPES, STYLE_SEXES, TASK_TYPES, VIBES } from '../../shared/domain/catalog';
import { lookPieces, PIECE_PRINTS, renderLookImage, renderProductImage, renderPromptImage } from './seed-images';
import { sizeChartSchema, sizeChartToCm } from '../../shared/domain/size-advice';
import { GARMENT_KINDS } from './garment-art';
import type { GarmentSlot } from '../../shared/domain/outfit';

/** The seeded products' categories (the style editor's own are free text). */
export const PRODUCT_CATEGORIES = ['Outerwear', 'Tops', 'Bottoms', 'Dresses', 'Shoes', 'Accessories'] as const;

/** The engine slot a seeded product's category is worn in (null: an accessory, not worn by the try-on). */
export function slotOfCategory(category: (typeof PRODUCT_CATEGORIES)[number]): GarmentSlot | null {
  const slots = {
    Outerwear: 'outerwear',
    Tops: 'top',
    Bottoms: 'bottom',
    Dresses: 'one-piece',
    Shoes: 'shoes',
    Accessories: null,
  } as const satisfies Record<(typeof PRODUCT_CATEGORIES)[number], GarmentSlot | null>;
  return slots[category];
}

export const CATALOG_SEED_VERSION = 'catalog-v1';
/**
 * The styles' products have their own marker: a data directory seeded before the products were added gets them
 * at its next start (each item written only when absent, so edits are kept). v3: each product has its own
 * picture (it showed the style's garment); a product still showing the style's picture gets its own.
 */
export const PRODUCTS_SEED_VERSION = 'catalog-products-v3';

/**
 * The seed content itself (categories, styles, prompt and raw templates) is data: seed-catalog.json, checked
 * against this schema when the local stack loads it.
 */
const seedFileSchema = z.object({
  categories: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      description: z.string(),
      displayOrder: z.number().int(),
      isActive: z.boolean(),
    }),
  ),
  styles: z.array(
    z.object({
      name: z.string(),
      description: z.string(),
      sex: z.enum(STYLE_SEXES),
      categoryIds: z.array(z.string()),
      tags: z.array(z.string()),
      type: z.enum(STYLE_IMAGE_TYPES),
      palette: z.object({ top: z.string(), bottom: z.string(), accent: z.string(), bg: z.string() }),
      owner: z.enum(['influencer', 'admin']),
      /**
       * "Shop This Look": every piece the style names (its title and description), each with one retailer link
       * (an affiliate link) and its own drawing; the style's pictures show them all (./seed-images.ts).
       */
      products: z
        .array(
          z.object({
            name: z.string(),
            brand: z.string(),
            category: z.enum(PRODUCT_CATEGORIES),
            retailer: z.string(),
            url: z.url({ protocol: /^https$/ }),
            price: z.number().positive(),
            currency: z.literal('EUR'),
            /** Its product shot (infra/local/garment-art.ts). */
            drawing: z.enum(GARMENT_KINDS),
            colour: z
              .union([
                z.enum(['top', 'bottom', 'accent']),
                z.custom<`#${string}`>((v) => typeof v === 'string' && /^#[0-9a-f]{6}$/i.test(v)),
              ])
              .optional(),
            print: z.enum(PIECE_PRINTS).optional(),
          }),
        )
        .min(1),
      /** The brand's size chart (issue 25), checked by the style editor's own rule. */
      sizeChart: sizeChartSchema.optional(),
    }),
  ),
  promptTemplates: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      description: z.string(),
      task: z.enum(TASK_TYPES),
      styleCategory: z.string().nullable(),
      template: z.string(),
      creativeBackground: z.enum(CREATIVE_BACKGROUNDS),
      colorGrade: z.enum(COLOR_GRADES),
    }),
  ),
  rawTemplates: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      taskType: z.enum(TASK_TYPES),
      vibe: z.enum(VIBES),
      setting: z.enum(SETTINGS),
      requiresFullBody: z.boolean(),
      priority: z.number().int(),
    }),
  ),
});

const SEED = seedFileSchema.parse(JSON.parse(readFileSync(new URL('./seed-catalog.json', import.meta.url), 'utf8')));
const { categories: CATEGORIES, styles: STYLES, promptTemplates: PROMPTS, rawTemplates: RAW_TEMPLATES } = SEED;

/** The seeded styles as seed-catalog.json has them (checked against its schema), for tests. */
export const SEED_STYLES: readonly SeedStyle[] = STYLES;
export type SeedStyle = z.infer<typeof seedFileSchema>['styles'][number];

function rawJson(t: (typeof RAW_TEMPLATES)[number]): string {
  const body = t.taskType === 'OUTFIT_TRYON' ? '{{FULL_BODY_URL}}' : '{{PORTRAIT_URL}}';
  return JSON.stringify(
    {
      task: t.taskType,
      prompt: `${t.name}: keep the person's identity; ${t.vibe.toLowerCase()} vibe; ${t.setting.toLowerCase().replace(/_/g, ' ')} setting.`,
      images: { person: body, style_reference: '{{STYLE_REF_URL}}', background: '{{BACKGROUND_URL}}' },
      output: { aspect_ratio: '4:5', format: 'jpeg', num_images: 1 },
    },
    null,
    2,
  );
}

export const seedStyleId = (i: number) => `seed-style-${String(i + 1).padStart(2, '0')}`;

export interface CatalogSeedOptions {
  db: Db;
  s3: S3Client;
  publicBucket: string;
  owners: { influencer: string; admin: string };
  log?: (line: string) => void;
}

const seeded = async (db: Db, version: string): Promise<boolean> =>
  !!(await db.doc.send(new GetCommand({ TableName: db.tableName, Key: keys.seedMarker(version) }))).Item;

/** Write an item only when it is absent (a second start, or an item edited since, is left as it is). */
const putAbsent = (db: Db) => async (item: Record<string, unknown>) => {
  await putIf(db, item, ITEM_ABSENT);
};

/** The seeded styles' products with their retailer links (seed-catalog.json), once per data directory. */
async function seedStyleProducts(o: CatalogSeedOptions): Promise<number> {
  if (await seeded(o.db, PRODUCTS_SEED_VERSION)) return 0;
  const put = putAbsent(o.db);
  const base = Date.parse('2026-10-01T09:00:00.000Z');
  let count = 0;
  for (const [i, s] of STYLES.entries()) {
    const id = seedStyleId(i);
    const createdAt = new Date(base + i * 3_600_000).toISOString();
    for (const [n, p] of s.products.entries()) {
      const productId = `${id}-p${n + 1}`;
      const linkId = `${productId}-l1`;
      const key = `styles/${id}/product-${n + 1}.webp`;
      await o.s3.send(
        new PutObjectCommand({
          Bucket: o.publicBucket,
          Key: key,
          Body: await renderProductImage(s.palette, p),
          ContentType: 'image/webp',
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
      const imageUrl = `/api/public-image/${key}`;
      // a product seeded before v3 still shows the style's picture: it gets its own (an edited one is kept)
      await updateIf(
        o.db,
        keys.product(id, productId),
        productEntity
          .update()
          .set({ imageUrl })
          .where((w) => w.eq('imageUrl', `/api/public-image/styles/${id}/prompt.webp`)),
      );
      await put({
        ...keys.product(id, productId),
        ...keys.productIdIndex(productId),
        type: 'Product',
        id: productId,
        styleId: id,
        name: p.name,
        description: s.description,
        brand: p.brand,
        category: p.category,
        imageUrl,
        createdAt,
      });
      await put({
        ...keys.productLink(id, productId, linkId),
        ...keys.productLinkIdIndex(linkId),
        type: 'ProductLink',
        id: linkId,
        productId,
        styleId: id,
        retailer: p.retailer,
        url: p.url,
        price: p.price,
        currency: p.currency,
        affiliateCode: 'FITLY10',
        createdAt,
      });
      count++;
    }
  }
  await put({ ...keys.seedMarker(PRODUCTS_SEED_VERSION), type: 'SeedMarker', at: new Date().toISOString() });
  return count;
}

/** The explore index (issue 28) of the public styles, once per data directory (a table older than the index). */
export const EXPLORE_INDEX_VERSION = 'explore-index-v1';

export async function ensureExploreIndex(db: Db, log?: (line: string) => void): Promise<number> {
  if (await seeded(db, EXPLORE_INDEX_VERSION)) return 0;
  let n = 0;
  for (const s of await listPublicStyles(db)) {
    await putExploreIndex(db, s);
    n++;
  }
  await putAbsent(db)({ ...keys.seedMarker(EXPLORE_INDEX_VERSION), type: 'SeedMarker', at: new Date().toISOString() });
  if (n) log?.(`indexed ${n} public styles for explore`);
  return n;
}

export async function seedCatalog(o: CatalogSeedOptions): Promise<{ written: boolean }> {
  if (await seeded(o.db, CATALOG_SEED_VERSION)) {
    const products = await seedStyleProducts(o);
    if (products) o.log?.(`seeded ${products} style products`);
    await ensureExploreIndex(o.db, o.log);
    return { written: false };
  }
  const put = putAbsent(o.db);
  const upload = (key: string, body: Buffer) =>
    o.s3.send(
      new PutObjectCommand({
        Bucket: o.publicBucket,
        Key: key,
        Body: body,
        ContentType: 'image/webp',
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );

  for (const c of CATEGORIES)
    await put({ ...keys.category(c.id), ...keys.categoryIndex(c.displayOrder, c.id), type: 'Category', ...c });

  const base = Date.parse('2026-10-01T09:00:00.000Z');
  let i = 0;
  for (const s of STYLES) {
    const id = seedStyleId(i);
    const createdAt = new Date(base + i * 3_600_000).toISOString();
    const ownerId = o.owners[s.owner];
    const [cover, prompt] = await Promise.all([
      renderLookImage(s.products, s.palette),
      renderPromptImage(s.products, s.palette),
    ]);
    const coverKey = `styles/${id}/cover.webp`;
    const promptKey = `styles/${id}/prompt.webp`;
    await Promise.all([upload(coverKey, cover), upload(promptKey, prompt)]);
    await put({
      ...keys.style(id),
      ...keys.stylePublicIndex(createdAt, id),
      ...keys.styleOwnerIndex(ownerId, createdAt, id),
      type: 'Style',
      id,
      name: s.name,
      description: s.description,
      sex: s.sex,
      categoryIds: s.categoryIds,
      tags: s.tags,
      tasks: ['OUTFIT_TRYON'],
      styleImageType: s.type,
      promptImageUrl: `/api/public-image/${promptKey}`,
      promptImageOriginalUrl: null,
      // the prompt picture is the look's main piece: its slot is known, not guessed from its outline
      garmentSlot: slotOfCategory(lookPieces(s.products)[0]!.category),
      coverImageUrl: `/api/public-image/${coverKey}`,
      defaultPromptTemplateId: s.type === 'model_wearer' ? null : 'prompt-editorial',
      isPublic: true,
      isAiGenerated: false,
      sizeChart: s.sizeChart ? sizeChartToCm(s.sizeChart) : null,
      createdBy: ownerId,
      usageCount: 0,
      favoriteCount: 0,
      createdAt,
      updatedAt: createdAt,
    });
    i++;
  }

  // the templates' preview and the collection's cover are objects of their own (not a style's images, which a
  // takedown of that style deletes): the same drawings, copied under the seed owner's uploads
  const firstCover = await renderLookImage(STYLES[0]!.products, STYLES[0]!.palette);
  const secondCover = await renderLookImage(STYLES[1]!.products, STYLES[1]!.palette);
  const previewKey = `uploads/seed/${o.owners.admin}/template-preview.webp`;
  const collectionCoverKey = `uploads/seed/${o.owners.influencer}/collection-autumn.webp`;
  await Promise.all([upload(previewKey, firstCover), upload(collectionCoverKey, secondCover)]);
  for (const p of PROMPTS) {
    await put({
      ...keys.promptTemplate(p.id),
      ...keys.promptTemplateIndex(p.name, p.id),
      type: 'PromptTemplate',
      ...p,
      previewImageUrl: `/api/public-image/${previewKey}`,
      createdAt: new Date(base).toISOString(),
    });
  }
  for (const t of RAW_TEMPLATES) {
    await put({
      ...keys.rawTemplate(t.id),
      ...keys.rawTemplateIndex(t.priority, t.id),
      type: 'RawTemplate',
      id: t.id,
      name: t.name,
      taskType: t.taskType,
      vibeCategory: t.vibe,
      settingCategory: t.setting,
      requiresFullBody: t.requiresFullBody,
      priority: t.priority,
      enabled: true,
      jsonText: rawJson(t),
      createdAt: new Date(base).toISOString(),
    });
  }

  const collectionId = 'seed-collection-autumn';
  const createdAt = new Date(base + 30 * 3_600_000).toISOString();
  const members = [0, 1, 6, 8, 11, 16].map(seedStyleId);
  await put({
    ...keys.collection(collectionId),
    ...keys.collectionPublishedIndex(createdAt, collectionId),
    ...keys.collectionOwnerIndex(o.owners.influencer, createdAt, collectionId),
    type: 'Collection',
    id: collectionId,
    userId: o.owners.influencer,
    name: 'Autumn Capsule',
    description: 'Six easy pieces for cooler days, picked by Iris.',
    coverImage: `/api/public-image/${collectionCoverKey}`,
    isPublic: true,
    styleCount: members.length,
    affiliateLinks: [
      {
        id: 'aff-1',
        url: 'https://shop.example.com/trench',
        productName: 'Camel Trench Coat',
        retailer: 'Northline Store',
      },
      {
        id: 'aff-2',
        url: 'https://shop.example.com/denim',
        productName: 'Light-Wash Denim Jacket',
        retailer: 'Denim Co.',
      },
      {
        id: 'aff-3',
        url: 'https://shop.example.com/cashmere',
        productName: 'Oatmeal Cashmere Crew',
        retailer: 'Atelier Nove',
      },
    ],
    createdAt,
    updatedAt: createdAt,
  });
  for (const styleId of members) {
    await put({
      ...keys.collectionStyle(collectionId, styleId),
      ...keys.styleCollectionsIndex(styleId, collectionId),
      type: 'CollectionStyle',
      collectionId,
      styleId,
      addedAt: createdAt,
    });
  }
  const products = await seedStyleProducts(o);
  await put({ ...keys.seedMarker(CATALOG_SEED_VERSION), type: 'SeedMarker', at: new Date().toISOString() });
  await ensureExploreIndex(o.db);
  o.log?.(
    `seeded ${CATEGORIES.length} categories, ${STYLES.length} styles, ${products} style products, ${PROMPTS.length} prompt templates, ${RAW_TEMPLATES.length} raw templates, 1 collection`,
  );
  return { written: true };
}
