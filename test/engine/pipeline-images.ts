/**
 * The pictures of docs/engine.md: one render's stages (mask and keypoints, garment anchors and the warp grid,
 * the result) for cgi-model-27 in the striped tee. Run: npx tsx test/engine/pipeline-images.ts
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { nodeModelRuntime } from '../../functions/engine/node-runtime';
import { analyzePerson, detectGarment, tryOn } from '../../shared/engine';
import { loadGarment, loadPerson, toPng } from './fixtures';

const OUT = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../docs/engine');

async function main(): Promise<void> {
  const person = await loadPerson('cgi-model-27');
  const garment = await loadGarment('tee-white.jpg');
  const analysis = await analyzePerson(nodeModelRuntime, person);
  const result = await tryOn(nodeModelRuntime, person, [{ image: garment, slot: 'top', source: 'laydown' }], {
    analysis,
  });
  const { width: W, height: H } = person;
  // 1. mask (red) and keypoints
  const tinted = Buffer.from(person.data);
  for (let i = 0; i < W * H; i++)
    if (analysis.mask.data[i]! >= 128) tinted[i * 4] = Math.min(255, tinted[i * 4]! * 0.5 + 128);
  const dots = Object.values(analysis.keypoints)
    .map((k) => `<circle cx="${k.x}" cy="${k.y}" r="7" fill="${k.score >= 0.3 ? 'lime' : 'red'}" stroke="#000"/>`)
    .join('');
  const svg = (body: string) =>
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${body}</svg>`);
  const stage1 = await sharp(tinted, { raw: { width: W, height: H, channels: 4 } })
    .composite([{ input: svg(dots) }])
    .png()
    .toBuffer();
  // 2. anchors (garment -> body) and the warp grid, over the result
  const dbg = result.debug[0]!;
  const lines = dbg.grid
    .map(
      (row) =>
        `<polyline points="${row.map((p) => `${p.x},${p.y}`).join(' ')}" fill="none" stroke="yellow" stroke-width="2"/>`,
    )
    .join('');
  const anchors = dbg.anchors
    .map((a) => `<circle cx="${a.to.x}" cy="${a.to.y}" r="6" fill="cyan" stroke="#000"/>`)
    .join('');
  const stage2 = await sharp(await toPng(result.image))
    .composite([{ input: svg(lines + anchors) }])
    .png()
    .toBuffer();
  // 3. the garment's cut-out and its anchors
  const det = detectGarment(garment, 'top');
  // anchors are in the engine's working copy of the garment (at most 640 px)
  const gk = Math.max(garment.width, garment.height) / Math.min(640, Math.max(garment.width, garment.height));
  const gsvg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${garment.width}" height="${garment.height}">${dbg.anchors
      .map((a) => `<circle cx="${a.from.x * gk}" cy="${a.from.y * gk}" r="8" fill="cyan" stroke="#000"/>`)
      .join('')}</svg>`,
  );
  const cut = await sharp(Buffer.from(det.alpha.data), {
    raw: { width: garment.width, height: garment.height, channels: 1 },
  })
    .png()
    .toBuffer();
  const stage0 = await sharp(cut)
    .composite([{ input: gsvg }])
    .png()
    .toBuffer();
  const fill = await sharp(Buffer.from(result.layers.filled.data), { raw: { width: W, height: H, channels: 1 } })
    .png()
    .toBuffer();
  const h = 420;
  const tiles = await Promise.all(
    [stage0, stage1, fill, stage2, await toPng(result.image)].map((b) =>
      sharp(b)
        .resize({ height: h, width: 340, fit: 'contain', background: '#fff' })
        .flatten({ background: '#fff' })
        .png()
        .toBuffer(),
    ),
  );
  await sharp({ create: { width: 340 * tiles.length, height: h, channels: 3, background: '#fff' } })
    .composite(tiles.map((input, i) => ({ input, left: i * 340, top: 0 })))
    .jpeg({ quality: 80 })
    .toFile(path.join(OUT, 'pipeline.jpg'));
}

await main();
