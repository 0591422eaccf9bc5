/**
 * Demo content: categories, 24 styles across the three image types (with images drawn at seed time),
 * products with affiliate links, prompt templates (including an uncategorised OUTFIT_TRYON one with
 * {{BODY_DESCRIPTION}}), raw templates across task types and a published influencer collection.
 * Written once (a seed marker item), each item with attribute_not_exists so edits are never overwritten.
 */
import { PutCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { Db } from '../../shared/repositories/table';
import { isConditionFailure } from '../../shared/repositories/table';
import { keys } from '../../shared/repositories/keys';
import type { StyleImageType, StyleSex, TaskType, Vibe, Setting } from '../../shared/domain/catalog';
import { renderStyleImage, type Palette } from './seed-images';

export const CATALOG_SEED_VERSION = 'catalog-v1';

const CATEGORIES = [
  { id: 'cat-casual', name: 'Casual', description: 'Easy everyday looks', displayOrder: 1, isActive: true },
  { id: 'cat-street', name: 'Streetwear', description: 'Urban, relaxed and bold', displayOrder: 2, isActive: true },
  { id: 'cat-business', name: 'Business', description: 'Office and meetings', displayOrder: 3, isActive: true },
  { id: 'cat-evening', name: 'Evening', description: 'Dinners, parties and events', displayOrder: 4, isActive: true },
  { id: 'cat-sport', name: 'Sport', description: 'Active and athleisure', displayOrder: 5, isActive: true },
  { id: 'cat-boho', name: 'Boho', description: 'Free-spirited layers', displayOrder: 6, isActive: true },
  { id: 'cat-minimal', name: 'Minimal', description: 'Clean lines, few colours', displayOrder: 7, isActive: true },
  { id: 'cat-archive', name: 'Archive', description: 'Retired seasonal edits', displayOrder: 99, isActive: false },
];

interface SeedStyle {
  name: string;
  description: string;
  sex: StyleSex;
  categoryIds: string[];
  tags: string[];
  type: StyleImageType;
  palette: Palette;
  owner: 'influencer' | 'admin';
}

const P = (top: string, bottom: string, accent: string, bg: string): Palette => ({ top, bottom, accent, bg });

const STYLES: SeedStyle[] = [
  {
    name: 'Weekend Denim',
    description: 'Light-wash denim jacket over a white tee with straight jeans.',
    sex: 'unisex',
    categoryIds: ['cat-casual'],
    tags: ['denim', 'weekend', 'layered'],
    type: 'model_wearer',
    palette: P('#6d8fb3', '#3e5a7a', '#f4f1ea', '#dfe8f1'),
    owner: 'influencer',
  },
  {
    name: 'City Trench',
    description: 'Camel trench coat, slim trousers and loafers for rainy city days.',
    sex: 'woman',
    categoryIds: ['cat-business', 'cat-minimal'],
    tags: ['trench', 'autumn', 'classic'],
    type: 'model_wearer',
    palette: P('#c19a6b', '#3d3a36', '#5a4632', '#efe6da'),
    owner: 'influencer',
  },
  {
    name: 'Midnight Slip Dress',
    description: 'Satin slip dress in deep navy with delicate straps.',
    sex: 'woman',
    categoryIds: ['cat-evening'],
    tags: ['satin', 'evening', 'dress'],
    type: 'model_wearer',
    palette: P('#1f2a4d', '#1f2a4d', '#c9b37e', '#d9dcea'),
    owner: 'admin',
  },
  {
    name: 'Court Ready',
    description: 'Tennis whites: pleated skirt, polo and clean sneakers.',
    sex: 'woman',
    categoryIds: ['cat-sport'],
    tags: ['tennis', 'white', 'sporty'],
    type: 'model_wearer',
    palette: P('#fafafa', '#f0f0f0', '#2f7d5b', '#dff0e7'),
    owner: 'influencer',
  },
  {
    name: 'Oversized Hoodie Set',
    description: 'Heavyweight hoodie and matching joggers in washed charcoal.',
    sex: 'man',
    categoryIds: ['cat-street', 'cat-casual'],
    tags: ['hoodie', 'streetwear', 'comfort'],
    type: 'model_wearer',
    palette: P('#4b4f55', '#3b3f44', '#d6502b', '#e4e4e4'),
    owner: 'influencer',
  },
  {
    name: 'Linen Summer Suit',
    description: 'Unstructured linen suit in sand with an open-collar shirt.',
    sex: 'man',
    categoryIds: ['cat-business'],
    tags: ['linen', 'summer', 'tailoring'],
    type: 'model_wearer',
    palette: P('#d8c7a3', '#d1bf98', '#ffffff', '#f4efe2'),
    owner: 'admin',
  },
  {
    name: 'Prairie Layers',
    description: 'Floral midi dress, cropped knit and ankle boots.',
    sex: 'woman',
    categoryIds: ['cat-boho'],
    tags: ['floral', 'boho', 'layered'],
    type: 'model_wearer',
    palette: P('#b5654a', '#7b4a37', '#e8c28e', '#f3e2d3'),
    owner: 'influencer',
  },
  {
    name: 'Monochrome Black',
    description: 'All-black turtleneck, wide trousers and chunky loafers.',
    sex: 'unisex',
    categoryIds: ['cat-minimal'],
    tags: ['black', 'minimal', 'monochrome'],
    type: 'model_wearer',
    palette: P('#1c1c1c', '#222222', '#6b6b6b', '#e6e6e6'),
    owner: 'admin',
  },
  {
    name: 'Quilted Field Jacket',
    description: 'Olive quilted jacket, the piece on its own.',
    sex: 'unisex',
    categoryIds: ['cat-casual'],
    tags: ['outerwear', 'olive', 'autumn'],
    type: 'product_only',
    palette: P('#5d6b3c', '#5d6b3c', '#2c3320', '#ecefe3'),
    owner: 'influencer',
  },
  {
    name: 'Silk Wrap Dress',
    description: 'Emerald silk wrap dress with a tie waist.',
    sex: 'woman',
    categoryIds: ['cat-evening'],
    tags: ['silk', 'dress', 'emerald'],
    type: 'product_only',
    palette: P('#1f6f5a', '#1f6f5a', '#c8a24a', '#e2efe9'),
    owner: 'influencer',
  },
  {
    name: 'Varsity Bomber',
    description: 'Wool varsity bomber with contrast sleeves.',
    sex: 'man',
    categoryIds: ['cat-street'],
    tags: ['bomber', 'varsity', 'retro'],
    type: 'product_only',
    palette: P('#8c1d2c', '#8c1d2c', '#f2e9dc', '#f1e4e4'),
    owner: 'admin',
  },
  {
    name: 'Cashmere Crew',
    description: 'Oatmeal cashmere crewneck, soft and light.',
    sex: 'unisex',
    categoryIds: ['cat-minimal', 'cat-casual'],
    tags: ['knit', 'cashmere', 'neutral'],
    type: 'product_only',
    palette: P('#d6c8b3', '#d6c8b3', '#b7a68d', '#f6f1ea'),
    owner: 'influencer',
  },
  {
    name: 'Sequin Party Top',
    description: 'Champagne sequin top that catches every light.',
    sex: 'woman',
    categoryIds: ['cat-evening'],
    tags: ['sequin', 'party', 'glam'],
    type: 'product_only',
    palette: P('#d9c27a', '#d9c27a', '#fff6d6', '#efe9dc'),
    owner: 'influencer',
  },
  {
    name: 'Technical Shell',
    description: 'Waterproof shell jacket in signal orange.',
    sex: 'unisex',
    categoryIds: ['cat-sport', 'cat-street'],
    tags: ['outdoor', 'waterproof', 'orange'],
    type: 'product_only',
    palette: P('#e2621b', '#e2621b', '#2a2a2a', '#f1e6dd'),
    owner: 'admin',
  },
  {
    name: 'Crochet Vest',
    description: 'Hand-crochet vest in sunflower tones.',
    sex: 'woman',
    categoryIds: ['cat-boho'],
    tags: ['crochet', 'handmade', 'summer'],
    type: 'product_only',
    palette: P('#e3b23c', '#e3b23c', '#8a5a1f', '#f7efd9'),
    owner: 'influencer',
  },
  {
    name: 'Oxford Shirt',
    description: 'Crisp blue oxford shirt with a button-down collar.',
    sex: 'man',
    categoryIds: ['cat-business', 'cat-casual'],
    tags: ['shirt', 'oxford', 'classic'],
    type: 'product_only',
    palette: P('#a9c1dd', '#a9c1dd', '#ffffff', '#edf2f8'),
    owner: 'admin',
  },
  {
    name: 'Off-Duty Flat-Lay',
    description: 'Striped tee, chinos, white sneakers and a canvas tote.',
    sex: 'unisex',
    categoryIds: ['cat-casual'],
    tags: ['flatlay', 'stripes', 'weekend'],
    type: 'product_laydown',
    palette: P('#2e4a7a', '#c8b48a', '#f5f5f5', '#e8e1d5'),
    owner: 'influencer',
  },
  {
    name: 'Boardroom Edit',
    description: 'Navy blazer, grey trousers, leather belt and brogues.',
    sex: 'man',
    categoryIds: ['cat-business'],
    tags: ['flatlay', 'tailoring', 'navy'],
    type: 'product_laydown',
    palette: P('#22314f', '#7a7f87', '#5a3a22', '#dcdfe4'),
    owner: 'admin',
  },
  {
    name: 'Gallery Opening',
    description: 'Black midi skirt, ivory blouse, gold hoops and a clutch.',
    sex: 'woman',
    categoryIds: ['cat-evening', 'cat-minimal'],
    tags: ['flatlay', 'evening', 'gold'],
    type: 'product_laydown',
    palette: P('#f3efe6', '#1e1e1e', '#c9a44c', '#d8d3c8'),
    owner: 'influencer',
  },
  {
    name: 'Trail Morning',
    description: 'Fleece, running tights, trail shoes and a cap.',
    sex: 'unisex',
    categoryIds: ['cat-sport'],
    tags: ['flatlay', 'running', 'outdoor'],
    type: 'product_laydown',
    palette: P('#3f7f8c', '#2b2b2b', '#e6e14a', '#dbe7e8'),
    owner: 'influencer',
  },
  {
    name: 'Festival Kit',
    description: 'Fringe suede jacket, denim shorts, boots and a woven bag.',
    sex: 'woman',
    categoryIds: ['cat-boho'],
    tags: ['flatlay', 'festival', 'suede'],
    type: 'product_laydown',
    palette: P('#a4703f', '#5f7fa6', '#6b4423', '#efe2cf'),
    owner: 'influencer',
  },
  {
    name: 'Skate Park',
    description: 'Graphic tee, cargo pants, skate shoes and a beanie.',
    sex: 'man',
    categoryIds: ['cat-street'],
    tags: ['flatlay', 'skate', 'cargo'],
    type: 'product_laydown',
    palette: P('#d94f4f', '#6b6f4a', '#1e1e1e', '#e3e3dc'),
    owner: 'admin',
  },
  {
    name: 'Capsule Neutrals',
    description: 'Ten-piece capsule in cream, camel and black.',
    sex: 'unisex',
    categoryIds: ['cat-minimal'],
    tags: ['flatlay', 'capsule', 'neutral'],
    type: 'product_laydown',
    palette: P('#efe7da', '#b08a5c', '#1f1f1f', '#e7e1d6'),
    owner: 'influencer',
  },
  {
    name: 'Resort Linen',
    description: 'Linen shirt, drawstring trousers, espadrilles and a straw hat.',
    sex: 'unisex',
    categoryIds: ['cat-casual', 'cat-boho'],
    tags: ['flatlay', 'linen', 'resort'],
    type: 'product_laydown',
    palette: P('#f2ede3', '#c9b48f', '#8a6a3f', '#e0eef0'),
    owner: 'admin',
  },
];

const PROMPTS = [
  {
    id: 'prompt-editorial',
    name: 'Editorial Studio',
    description: 'Clean studio light, magazine framing.',
    task: 'OUTFIT_TRYON',
    styleCategory: null,
    template:
      'A full-length editorial photo of a person ({{BODY_DESCRIPTION}}) wearing the outfit from the reference image, seamless light-grey studio backdrop, soft key light, 85mm lens, natural pose.',
  },
  {
    id: 'prompt-street',
    name: 'Street Snap',
    description: 'Candid city photo at golden hour.',
    task: 'OUTFIT_TRYON',
    styleCategory: 'cat-street',
    template:
      'A candid street-style photo of a person ({{BODY_DESCRIPTION}}) wearing the outfit from the reference image, walking on a city sidewalk at golden hour, shallow depth of field.',
  },
  {
    id: 'prompt-runway',
    name: 'Runway Walk',
    description: 'Catwalk lighting and a confident stride.',
    task: 'OUTFIT_TRYON',
    styleCategory: 'cat-evening',
    template:
      'A runway photo of a model ({{BODY_DESCRIPTION}}) wearing the outfit from the reference image, dramatic spotlights, dark audience in the background.',
  },
  {
    id: 'prompt-lookbook',
    name: 'Lookbook Minimal',
    description: 'Neutral wall, even light, catalogue look.',
    task: 'OUTFIT_TRYON',
    styleCategory: 'cat-minimal',
    template:
      'A catalogue lookbook photo of a person ({{BODY_DESCRIPTION}}) wearing the outfit from the reference image against a warm neutral wall, even diffuse light.',
  },
  {
    id: 'prompt-haircut',
    name: 'New Haircut Preview',
    description: 'Portrait crop to preview a haircut.',
    task: 'FACE_HAIRCUT',
    styleCategory: null,
    template:
      'A head-and-shoulders portrait of the person with the haircut from the reference image, keep the face identical.',
  },
];

const RAW_TEMPLATES: {
  id: string;
  name: string;
  taskType: TaskType;
  vibe: Vibe;
  setting: Setting;
  requiresFullBody: boolean;
  priority: number;
}[] = [
  {
    id: 'raw-studio-tryon',
    name: 'Studio Try-On',
    taskType: 'OUTFIT_TRYON',
    vibe: 'CLASSIC',
    setting: 'STUDIO',
    requiresFullBody: true,
    priority: 1,
  },
  {
    id: 'raw-times-square',
    name: 'Times Square Night',
    taskType: 'OUTFIT_TRYON',
    vibe: 'STREETWEAR',
    setting: 'NY_TIMES_SQUARE',
    requiresFullBody: true,
    priority: 2,
  },
  {
    id: 'raw-rooftop-glam',
    name: 'Rooftop Glam',
    taskType: 'OUTFIT_TRYON',
    vibe: 'GLAM',
    setting: 'ROOFTOP',
    requiresFullBody: true,
    priority: 3,
  },
  {
    id: 'raw-glasses',
    name: 'Try Glasses',
    taskType: 'FACE_GLASSES',
    vibe: 'CHIC',
    setting: 'STUDIO',
    requiresFullBody: false,
    priority: 10,
  },
  {
    id: 'raw-haircut',
    name: 'Fresh Haircut',
    taskType: 'FACE_HAIRCUT',
    vibe: 'CASUAL',
    setting: 'STUDIO',
    requiresFullBody: false,
    priority: 10,
  },
  {
    id: 'raw-beard',
    name: 'Beard Styles',
    taskType: 'FACE_BEARD',
    vibe: 'CLASSIC',
    setting: 'STUDIO',
    requiresFullBody: false,
    priority: 10,
  },
  {
    id: 'raw-hair-colour',
    name: 'Hair Colour',
    taskType: 'FACE_HAIR_COLOR',
    vibe: 'GLAM',
    setting: 'STUDIO',
    requiresFullBody: false,
    priority: 10,
  },
  {
    id: 'raw-makeup',
    name: 'Evening Makeup',
    taskType: 'FACE_MAKEUP',
    vibe: 'GLAM',
    setting: 'URBAN_NIGHT',
    requiresFullBody: false,
    priority: 10,
  },
  {
    id: 'raw-beach',
    name: 'Beach Scene',
    taskType: 'BACKGROUND_SCENE',
    vibe: 'CASUAL',
    setting: 'BEACH',
    requiresFullBody: false,
    priority: 20,
  },
];

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

export async function seedCatalog(o: CatalogSeedOptions): Promise<{ written: boolean }> {
  const marker = await o.db.doc.send(
    new GetCommand({ TableName: o.db.tableName, Key: keys.seedMarker(CATALOG_SEED_VERSION) }),
  );
  if (marker.Item) return { written: false };
  const put = async (Item: Record<string, unknown>) => {
    try {
      await o.db.doc.send(
        new PutCommand({ TableName: o.db.tableName, Item, ConditionExpression: 'attribute_not_exists(pk)' }),
      );
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
  };
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
      renderStyleImage('cover', s.palette, i),
      renderStyleImage(s.type, s.palette, i),
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
      coverImageUrl: `/api/public-image/${coverKey}`,
      defaultPromptTemplateId: s.type === 'model_wearer' ? null : 'prompt-editorial',
      isPublic: true,
      isAiGenerated: false,
      createdBy: ownerId,
      usageCount: 0,
      favoriteCount: 0,
      createdAt,
      updatedAt: createdAt,
    });
    if (i % 4 === 0) {
      for (const [n, piece] of [
        [1, { name: `${s.name} — main piece`, category: 'Outerwear', brand: 'Northline' }],
        [2, { name: `${s.name} — finishing touch`, category: 'Accessories', brand: 'Atelier Nove' }],
      ] as const) {
        const productId = `${id}-p${n}`;
        const linkId = `${productId}-l1`;
        await put({
          ...keys.product(id, productId),
          ...keys.productIdIndex(productId),
          type: 'Product',
          id: productId,
          styleId: id,
          description: s.description,
          imageUrl: `/api/public-image/${promptKey}`,
          createdAt,
          ...piece,
        });
        await put({
          ...keys.productLink(id, productId, linkId),
          ...keys.productLinkIdIndex(linkId),
          type: 'ProductLink',
          id: linkId,
          productId,
          styleId: id,
          retailer: n === 1 ? 'Northline Store' : 'Atelier Nove',
          url: `https://shop.example.com/${productId}`,
          price: n === 1 ? 129 : 39,
          currency: 'EUR',
          affiliateCode: 'IRIS10',
          createdAt,
        });
      }
    }
    i++;
  }

  for (const p of PROMPTS) {
    await put({
      ...keys.promptTemplate(p.id),
      ...keys.promptTemplateIndex(p.name, p.id),
      type: 'PromptTemplate',
      ...p,
      previewImageUrl: `/api/public-image/styles/${seedStyleId(0)}/cover.webp`,
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
    coverImage: `/api/public-image/styles/${seedStyleId(1)}/cover.webp`,
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
  await put({ ...keys.seedMarker(CATALOG_SEED_VERSION), type: 'SeedMarker', at: new Date().toISOString() });
  o.log?.(
    `seeded ${CATEGORIES.length} categories, ${STYLES.length} styles, ${PROMPTS.length} prompt templates, ${RAW_TEMPLATES.length} raw templates, 1 collection`,
  );
  return { written: true };
}
