/**
 * The landing page's pictures (issue 39): the hero's before/after and the live demo's results are real renders of
 * the Fitly engine, of computer-generated fixture figures (test/fixtures/people, SOURCE.md: no real person),
 * dressed in pieces of the seeded catalogue (infra/local/seed-catalog.json, drawn by garment-art.ts). Rebuilt by
 * this script, so they follow the engine: `npm run landing:images` writes web/public/landing/*.webp.
 * The page says what they are (web/src/features/landing/components/landing-content.ts, LANDING_RENDER_NOTE).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { nodeModelRuntime, warmEngineModels } from '../../functions/engine/node-runtime';
import { analyzePerson, tryOn, type EngineSlot, type RgbaImage } from '../../shared/engine';
import { SEED_STYLES, type SeedStyle } from '../../infra/local/seed-catalog';
import { lookPieces, pieceSvg, renderLookImage } from '../../infra/local/seed-images';
import {
  DEMO_LOOKS,
  DEMO_PEOPLE,
  HERO_IMAGES,
  demoPreviewSrc,
} from '../../web/src/features/landing/components/landing-content';
import { loadPerson, toPng } from './fixtures';

const OUT = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../web/public');
/** The pictures are shown at most 300 x 400 CSS px (hero, demo): twice that for sharp screens. */
const [W, H] = [600, 800];

const SLOT: Record<string, EngineSlot | undefined> = {
  Outerwear: 'outerwear',
  Tops: 'top',
  Bottoms: 'bottom',
  Dresses: 'one-piece',
  Shoes: 'shoes',
};

const style = (name: string): SeedStyle => {
  const s = SEED_STYLES.find((x) => x.name === name);
  if (!s) throw new Error(`no seeded style "${name}"`);
  return s;
};

/** A style's wearable pieces as the engine's garments: each its own product shot on transparency. */
async function garmentsOf(s: SeedStyle) {
  return Promise.all(
    lookPieces(s.products)
      .filter((p) => SLOT[p.category])
      .map(async (p) => {
        const { data, info } = await sharp(Buffer.from(pieceSvg(s.palette, p, null)))
          .ensureAlpha()
          .raw()
          .toBuffer({ resolveWithObject: true });
        const image: RgbaImage = { width: info.width, height: info.height, data: new Uint8Array(data) };
        return { image, slot: SLOT[p.category]!, source: 'laydown' as const };
      }),
  );
}

/** A picture fitted into 3:4 on the photo's own backdrop colour (its top-left corner), as WebP. */
async function framed(png: Buffer, w = W, h = H): Promise<Buffer> {
  // a frame wider than 3:4 (ai-body is square, the figure in its middle): its middle at 3:4 first
  const meta = await sharp(png).metadata();
  if (meta.width / meta.height > w / h) {
    const cw = Math.round((meta.height * w) / h);
    png = await sharp(png)
      .extract({ left: Math.round((meta.width - cw) / 2), top: 0, width: cw, height: meta.height })
      .png()
      .toBuffer();
  }
  const { data } = await sharp(png)
    .extract({ left: 0, top: 0, width: 1, height: 1 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return sharp(png)
    .resize({ width: w, height: h, fit: 'contain', background: { r: data[0]!, g: data[1]!, b: data[2]! } })
    .webp({ quality: 72 })
    .toBuffer();
}

const write = (src: string, bytes: Buffer) => {
  const file = path.join(OUT, src);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, bytes);
  console.log(`${src} ${Math.round(bytes.length / 1024)} KiB`);
};

async function main(): Promise<void> {
  await warmEngineModels();
  const people = new Map<string, { image: RgbaImage; analysis: Awaited<ReturnType<typeof analyzePerson>> }>();
  for (const p of [...DEMO_PEOPLE, { fixture: HERO_IMAGES.fixture }]) {
    if (people.has(p.fixture)) continue;
    const image = await loadPerson(p.fixture);
    people.set(p.fixture, { image, analysis: await analyzePerson(nodeModelRuntime, image) });
  }
  const render = async (fixture: string, styleName: string) => {
    const { image, analysis } = people.get(fixture)!;
    const out = await tryOn(nodeModelRuntime, image, await garmentsOf(style(styleName)), { analysis });
    return toPng(out.image);
  };

  const hero = people.get(HERO_IMAGES.fixture)!;
  write(HERO_IMAGES.before, await framed(await toPng(hero.image)));
  write(HERO_IMAGES.after, await framed(await render(HERO_IMAGES.fixture, HERO_IMAGES.style)));
  for (const p of DEMO_PEOPLE) write(p.src, await framed(await toPng(people.get(p.fixture)!.image)));
  for (const l of DEMO_LOOKS) {
    const s = style(l.style);
    write(
      l.src,
      await sharp(await renderLookImage(s.products, s.palette))
        .resize(400, 400, { fit: 'contain', background: s.palette.bg })
        .webp({ quality: 72 })
        .toBuffer(),
    );
    for (const p of DEMO_PEOPLE) write(demoPreviewSrc(p.id, l.id), await framed(await render(p.fixture, l.style)));
  }
}

await main();
