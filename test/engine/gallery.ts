/**
 * The engine's quality gallery: every full-body fixture person x garment, a contact sheet
 * (docs/engine/gallery.png) and per-render metrics (docs/engine/gallery.json); the fixtures that are not whole
 * bodies are checked to be refused. Run: npm run engine:gallery
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { nodeModelRuntime, warmEngineModels } from '../../functions/engine/node-runtime';
import { analyzePerson, checkFullBody, tryOn, type RgbaImage, type TryOnResult } from '../../shared/engine';
import { FULL_BODY, GARMENTS, NOT_FULL_BODY, loadGarment, loadPerson, toPng } from './fixtures';
import { FIXTURE_TRUTH } from './metrics/fixture-truth';
import {
  failuresOf,
  measure,
  measureAll,
  METRIC_THRESHOLDS,
  THRESHOLDS,
  type AllMetrics,
  type RenderMetrics,
} from './metrics';

const OUT = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../docs/engine');
const TILE = 300;
/** GALLERY_PANELS=<dir>: also write each render full size beside its photo (person | result), to look at. */
const PANELS = process.env.GALLERY_PANELS;

function failures(m: RenderMetrics, slot: string): string[] {
  const f: string[] = [];
  if (m.insideSilhouette < THRESHOLDS.insideSilhouette) f.push('insideSilhouette');
  if (
    m.coverage !== null &&
    (slot === 'bottom' ? m.coverage < THRESHOLDS.legCoverage : m.coverage < THRESHOLDS.topCoverage)
  )
    f.push('coverage');
  if (m.oldVisible !== null && m.oldVisible > THRESHOLDS.oldVisible) f.push('oldVisible');
  if (m.untouchedMad > THRESHOLDS.untouchedMad) f.push('untouchedMad');
  if (m.wristsVisible.some((v) => v < THRESHOLDS.wristVisible)) f.push('wristsVisible');
  return f;
}

async function tile(img: Buffer, label: string): Promise<Buffer> {
  const body = await sharp(img)
    .resize({ width: TILE, height: TILE, fit: 'contain', background: '#e8e8e8' })
    .png()
    .toBuffer();
  const text = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${TILE}" height="18"><rect width="${TILE}" height="18" fill="#222"/><text x="4" y="13" font-size="12" font-family="sans-serif" fill="#fff">${label}</text></svg>`,
  );
  return sharp({ create: { width: TILE, height: TILE + 18, channels: 3, background: '#e8e8e8' } })
    .composite([
      { input: body, left: 0, top: 0 },
      { input: text, left: 0, top: TILE },
    ])
    .png()
    .toBuffer();
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const t0 = Date.now();
  await warmEngineModels();
  const loadMs = Date.now() - t0;
  const rows: Record<string, unknown>[] = [];
  const tiles: Buffer[] = [];
  const refusals: Record<string, string> = {};
  for (const name of Object.keys(NOT_FULL_BODY)) {
    const check = checkFullBody(await analyzePerson(nodeModelRuntime, await loadPerson(name)));
    refusals[name] = check.ok ? 'ACCEPTED (wrong)' : check.code;
  }
  const garments = await Promise.all(GARMENTS.map(async (g) => ({ ...g, image: await loadGarment(g.file) })));
  for (const name of FULL_BODY) {
    const person = await loadPerson(name);
    const analysis = await analyzePerson(nodeModelRuntime, person);
    tiles.push(await tile(await toPng(person), `${name} (photo)`));
    for (const g of garments) {
      const t = Date.now();
      let result: TryOnResult;
      try {
        // the gate reports rather than refuses here: the metrics look at what it would have refused too
        result = await tryOn(nodeModelRuntime, person, [{ image: g.image, slot: g.slot, source: 'laydown' }], {
          analysis,
          gate: 'report',
        });
      } catch (err) {
        rows.push({ person: name, garment: g.file, error: String(err) });
        continue;
      }
      const ms = Date.now() - t;
      const m = measure(name, g.slot, person, analysis, result);
      const fails = failures(m, g.slot);
      const truth = FIXTURE_TRUTH[g.file];
      const all = measureAll({
        person,
        analysis,
        tryOn: result,
        product: g.image,
        slotGiven: g.slot,
        truth,
        fixture: name,
      });
      const seen = failuresOf(all, truth);
      rows.push({
        person: name,
        garment: g.file,
        slot: g.slot,
        ms,
        timingsMs: result.timingsMs,
        ...round(m),
        fails,
        metrics: roundAll(all),
        metricFails: seen,
      });
      const label = [
        result.safety.ok ? '' : `GATE ${result.safety.code}`,
        fails.length ? 'x ' + fails.join(',') : '',
        seen.length ? 'x ' + seen.join(',') : '',
      ]
        .filter(Boolean)
        .join(' ');
      tiles.push(await tile(await toPng(result.image), `${g.file.replace(/\.(jpg|png)$/, '')} ${label || 'ok'}`));
      if (PANELS)
        await panel(
          person,
          result.image,
          `${name} x ${g.file}: ${label || 'ok'}`,
          path.join(PANELS, `${name}--${g.file.replace(/\.(jpg|png)$/, '')}.png`),
        );
    }
  }
  const cols = GARMENTS.length + 1;
  const sheet = await sharp({
    create: {
      width: cols * TILE,
      height: Math.ceil(tiles.length / cols) * (TILE + 18),
      channels: 3,
      background: '#fff',
    },
  })
    .composite(tiles.map((input, i) => ({ input, left: (i % cols) * TILE, top: Math.floor(i / cols) * (TILE + 18) })))
    .png({ compressionLevel: 9, palette: true, quality: 85 })
    .toBuffer();
  writeFileSync(path.join(OUT, 'gallery.png'), sheet);
  writeFileSync(
    path.join(OUT, 'gallery.json'),
    JSON.stringify(
      { thresholds: THRESHOLDS, metricThresholds: METRIC_THRESHOLDS, modelLoadMs: loadMs, refusals, renders: rows },
      null,
      1,
    ) + '\n',
  );
  for (const r of rows) {
    console.log(
      [
        r.person,
        r.garment,
        `${String(r.ms)}ms`,
        r.insideSilhouette,
        r.coverage,
        r.oldVisible,
        r.untouchedMad,
        JSON.stringify(r.wristsVisible),
        JSON.stringify(r.fails ?? r.error),
        JSON.stringify(r.metricFails ?? null),
      ].join(' '),
    );
  }
  console.log('refusals', refusals);
}

function round(m: RenderMetrics) {
  const r = (v: number | null) => (v === null ? null : Math.round(v * 1000) / 1000);
  return {
    insideSilhouette: r(m.insideSilhouette),
    coverage: r(m.coverage),
    oldVisible: r(m.oldVisible),
    untouchedMad: r(m.untouchedMad),
    wristsVisible: m.wristsVisible.map((v) => r(v)),
  };
}

/** A metric's value rounded for the JSON (3 decimals; the legacy block is the issue-23 metrics, already listed). */
function roundAll(m: AllMetrics) {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(m)) {
    if (k === 'legacy') continue;
    if (typeof v === 'number') out[k] = Math.round(v * 1000) / 1000;
    else if (v && typeof v === 'object')
      out[k] = Object.fromEntries(
        Object.entries(v).map(([a, b]) => [a, typeof b === 'number' ? Math.round(b * 1000) / 1000 : b]),
      );
    else out[k] = v;
  }
  return out;
}

/** The photo and the render side by side at full size, a caption above (to look at, not tiles). */
async function panel(person: RgbaImage, result: RgbaImage, caption: string, file: string): Promise<void> {
  mkdirSync(path.dirname(file), { recursive: true });
  const w = person.width;
  const h = person.height;
  const bar = 28;
  const esc = caption.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const text = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w * 2}" height="${bar}"><rect width="${w * 2}" height="${bar}" fill="#222"/><text x="6" y="20" font-size="16" font-family="sans-serif" fill="#fff">${esc}</text></svg>`,
  );
  await sharp({ create: { width: w * 2, height: h + bar, channels: 3, background: '#fff' } })
    .composite([
      { input: text, left: 0, top: 0 },
      { input: await toPng(person), left: 0, top: bar },
      { input: await toPng(result), left: w, top: bar },
    ])
    .png()
    .toFile(file);
}

await main();
