import { writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { garmentSvg } from '../../infra/local/garment-art';
import { runEngineJob } from '../../functions/engine/render-job';
import { readFileSync } from 'node:fs';
const tag = process.argv[2] ?? 'x';
const R = '/work/wt-polish/test/fixtures';
const jacket = await sharp(Buffer.from(garmentSvg('jacket', { main: '#6d8fb3', accent: '#f4f1ea' }, { background: '#ffffff' }))).png().toBuffer();
writeFileSync('/tmp/polish/jacket-art.png', jacket);
const cases: [string, string, Uint8Array][] = [
  ['cgi-model-27', 'art', jacket],
  ['cgi-model-27', 'jacketw', readFileSync(`${R}/garments/jacket-white.jpg`)],
  ['cgi-model-27', 'tee', readFileSync(`${R}/garments/tee-white.jpg`)],
  ['ai-body', 'art', jacket],
  ['ai-body', 'jacketw', readFileSync(`${R}/garments/jacket-white.jpg`)],
  ['ai-body', 'tee', readFileSync(`${R}/garments/tee-white.jpg`)],
];
for (const [p, g, bytes] of cases) {
  const r = await runEngineJob({ kind: 'render', person: readFileSync(`${R}/people/${p}.jpg`), garments: [{ bytes, slot: null, source: 'laydown' }], samples: 1, look: null, background: null });
  if (!r.ok || !('images' in r)) { console.log(p, g, JSON.stringify(r)); continue; }
  writeFileSync(`/tmp/polish/${tag}-${p}-${g}.jpg`, r.images[0]!);
  console.log(p, g, 'ok');
}
