/**
 * The engine's evaluation set (issue 38, point 1): drawn garments (./garments.ts) under the photo conditions
 * shops use (./conditions.ts) on every full-body fixture person and their mirrored and tight-cropped variants
 * (./people.ts). Writes full-size contact sheets (one per garment: "person | result | garment input" at the
 * person's working size, 768 px tall) into .cache/engine-eval/, every case's outcome and metrics into
 * docs/engine/eval.json, and a few representative panels into docs/engine/eval-*.jpg.
 *
 *   npm run engine:eval                      the whole matrix (~450 cases, 10-20 min on this machine)
 *   npm run engine:eval -- --quick           flat lay on three people and one case of each condition
 *   npm run engine:eval -- --garments tee-logo,jeans-indigo --people cgi-model-27 --conditions flat-white
 *   npm run engine:eval -- --docs-only       remake docs/engine/eval-*.jpg from the panels in the cache
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp, { type Sharp } from 'sharp';
import { nodeModelRuntime, warmEngineModels } from '../../../functions/engine/node-runtime';
import {
  analyzePerson,
  detectGarment,
  EngineRefusal,
  GARMENT_MAX,
  REFUSAL_MESSAGES,
  tryOn,
  type EngineSlot,
  type PersonAnalysis,
  type RgbaImage,
  type TryOnResult,
} from '../../../shared/engine';
import { resizeRgba } from '../../../shared/engine/core/image-ops';
import { loadPerson } from '../fixtures';
import { THRESHOLDS } from '../metrics';
import { EVAL_THRESHOLDS, METRIC_THRESHOLDS } from '../metrics/thresholds';
import { conditionsFor, cutout, productPhoto, type PhotoCondition } from './conditions';
import { evalMetrics, slotGuessRight, type EvalMetrics } from './eval-metrics';
import { EVAL_GARMENTS, truthOf, type DrawnGarment } from './garments';
import {
  ARMS_IN_FRONT,
  FULL_BODY,
  NOT_FULL_BODY,
  personVariant,
  WIDE_STANCE,
  type PersonCase,
  type PersonVariant,
} from './people';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const CACHE = path.join(ROOT, '.cache/engine-eval');
const PANELS = path.join(CACHE, 'panels');
const DOCS = path.join(ROOT, 'docs/engine');
/** The person's working size on the sheets (the preview decodes the profile photo at most 768 px tall). */
const PANEL_H = 768;
const LABEL_H = 30;
const SHEET_MAX_W = 3200;
/** People the photo conditions are tried on, in turn (arms in front, a stride, the easy A-pose). */
const CONDITION_PEOPLE = ['cgi-model-27', 'cgi-model-2', 'ai-body', 'cgi-model-15', 'cgi-model-30'];
/** The person the "model wearing it" photos are made on (plain background, A-pose): the engine's easy case. */
const MODEL_PEOPLE = ['ai-body', 'cgi-model-27'];
/** The panels shown in docs/engine.md (remade with --docs-only). */
const DOC_SHEETS: Record<string, string[]> = {
  'flat-lay': [
    'tee-stripe@cgi-model-27#flat-white',
    'longsleeve-breton@ai-body#flat-white',
    'cami-silk@cgi-model-27#flat-white',
    'coat-camel@ai-body#flat-white',
    'maxi-floral@ai-body#flat-white',
    'midi-dots@cgi-model-27#flat-white',
  ],
  conditions: [
    'tee-stripe@cgi-model-15#grey-shadow',
    'shorts-chino@ai-body#hanger',
    'heels-red@cgi-model-15#rotated',
    'midi-dots@cgi-model-15#on-model~auto',
  ],
};

type Source = 'laydown' | 'on-model' | 'auto';
interface CaseSpec {
  id: string;
  person: string;
  variant: PersonVariant;
  garment: DrawnGarment;
  condition: PhotoCondition;
  source: Source;
  /** 'rendered', or the refusal code expected. */
  expected: string;
}

interface CaseRow {
  id: string;
  person: string;
  variant: PersonVariant;
  garment: string;
  category: string;
  slot: EngineSlot;
  condition: PhotoCondition;
  source: Source;
  expected: string;
  outcome: string;
  asExpected: boolean;
  guessedSlot: EngineSlot | null;
  productSize: [number, number];
  ms: number;
  timingsMs?: Record<string, number>;
  metrics?: Record<string, unknown>;
  note?: string;
}

function args(): { quick: boolean; docsOnly: boolean; people?: string[]; garments?: string[]; conditions?: string[] } {
  const a = process.argv.slice(2);
  const list = (name: string) => {
    const i = a.indexOf(`--${name}`);
    return i >= 0 ? a[i + 1]?.split(',') : undefined;
  };
  return {
    quick: a.includes('--quick'),
    docsOnly: a.includes('--docs-only'),
    people: list('people'),
    garments: list('garments'),
    conditions: list('conditions'),
  };
}

/** The matrix: flat lay on every person; every other condition on one person per garment, in turn; variants. */
function matrix(opt: ReturnType<typeof args>): CaseSpec[] {
  const garments = EVAL_GARMENTS.filter((g) => !opt.garments || opt.garments.includes(g.id));
  const keepPerson = (p: string) => !opt.people || opt.people.includes(p);
  const keepCondition = (c: string) => !opt.conditions || opt.conditions.includes(c);
  const cases: CaseSpec[] = [];
  const add = (c: Omit<CaseSpec, 'id'>) => {
    if (!keepPerson(c.person) || !keepCondition(c.condition)) return;
    const v = c.variant === 'photo' ? '' : `~${c.variant}`;
    const s = c.source === 'laydown' ? '' : `~${c.source}`;
    cases.push({ ...c, id: `${c.garment.id}@${c.person}${v}#${c.condition}${s}` });
  };
  const flatPeople = opt.quick ? ['cgi-model-27', 'ai-body', 'cgi-model-15'] : FULL_BODY;
  for (const person of flatPeople)
    for (const garment of garments)
      add({ person, variant: 'photo', garment, condition: 'flat-white', source: 'laydown', expected: 'rendered' });
  const others: PhotoCondition[] = [
    'grey-shadow',
    'rotated',
    'hanger',
    'ghost-mannequin',
    'alpha',
    'small-200',
    'large-2000',
  ];
  others.forEach((condition, ci) => {
    garments.forEach((garment) => {
      // the garment's index in the whole set: a filtered run makes the whole run's cases (same person)
      const gi = EVAL_GARMENTS.indexOf(garment);
      if (!conditionsFor(garment).includes(condition)) return;
      if (opt.quick && gi % 8 !== ci % 8) return;
      const person = CONDITION_PEOPLE[(gi + ci) % CONDITION_PEOPLE.length]!;
      add({ person, variant: 'photo', garment, condition, source: 'laydown', expected: 'rendered' });
    });
  });
  garments.forEach((garment) => {
    // as above: the index in the whole set, so a filtered run renders a variant on the whole run's person
    const gi = EVAL_GARMENTS.indexOf(garment);
    if (opt.quick && gi % 6) return;
    const person = CONDITION_PEOPLE[gi % CONDITION_PEOPLE.length]!;
    // a photo of a model wearing it: declared as such (the catalogue's image type), and undeclared (an upload)
    add({ person, variant: 'photo', garment, condition: 'on-model', source: 'on-model', expected: 'on_model_garment' });
    add({ person, variant: 'photo', garment, condition: 'on-model', source: 'auto', expected: 'on_model_garment' });
    const hard = [...new Set([...ARMS_IN_FRONT, ...WIDE_STANCE])];
    if (opt.quick && gi % 12) return;
    add({
      person: hard[gi % hard.length]!,
      variant: 'mirrored',
      garment,
      condition: 'flat-white',
      source: 'laydown',
      expected: 'rendered',
    });
    add({
      person: hard[(gi + 1) % hard.length]!,
      variant: 'tight',
      garment,
      condition: 'flat-white',
      source: 'laydown',
      expected: 'rendered',
    });
  });
  // people who are not whole bodies: refused with their own reason, whatever the garment
  const tee = EVAL_GARMENTS.find((g) => g.id === 'tee-logo')!;
  if (!opt.garments || opt.garments.includes(tee.id))
    for (const [person, code] of Object.entries(NOT_FULL_BODY))
      add({ person, variant: 'photo', garment: tee, condition: 'flat-white', source: 'laydown', expected: code });
  return cases;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function rgbaSharp(img: RgbaImage): Sharp {
  return sharp(Buffer.from(img.data.buffer, img.data.byteOffset, img.data.byteLength), {
    raw: { width: img.width, height: img.height, channels: 4 },
  });
}

async function label(width: number, text: string, bad: boolean): Promise<Buffer> {
  return sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${LABEL_H}"><rect width="${width}" height="${LABEL_H}" fill="${bad ? '#7a1010' : '#1d1d1d'}"/><text x="8" y="20" font-size="16" font-family="DejaVu Sans Mono, monospace" fill="#fff">${esc(text)}</text></svg>`,
    ),
  )
    .png()
    .toBuffer();
}

async function textPanel(width: number, height: number, lines: string[]): Promise<Buffer> {
  const words: string[] = [];
  for (const l of lines) {
    // wrap at ~ width / 10 characters
    const max = Math.max(20, Math.floor(width / 10));
    let cur = '';
    for (const w of l.split(' ')) {
      if ((cur + ' ' + w).length > max) {
        words.push(cur);
        cur = w;
      } else cur = cur ? `${cur} ${w}` : w;
    }
    words.push(cur);
  }
  const text = words
    .map(
      (l, i) =>
        `<text x="16" y="${60 + i * 24}" font-size="18" font-family="DejaVu Sans, sans-serif" fill="#222">${esc(l)}</text>`,
    )
    .join('');
  return sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="#f3e1e1"/>${text}</svg>`,
    ),
  )
    .png()
    .toBuffer();
}

/** One panel: "person | result | garment input" at PANEL_H, a label above. */
async function panel(
  person: RgbaImage,
  result: RgbaImage | null,
  product: RgbaImage,
  caption: string,
  bad: boolean,
  refusal: string[],
): Promise<Buffer> {
  const pw = Math.round((person.width * PANEL_H) / person.height);
  const gw = Math.round(PANEL_H * 0.75);
  const width = pw * 2 + gw + 16;
  const p = await rgbaSharp(person).resize(pw, PANEL_H).png().toBuffer();
  const r = result
    ? await rgbaSharp(result).resize(pw, PANEL_H).png().toBuffer()
    : await textPanel(pw, PANEL_H, refusal);
  const g = await rgbaSharp(product)
    .flatten({ background: '#b8c4cf' })
    .resize(gw, PANEL_H, { fit: 'contain', background: '#b8c4cf', withoutEnlargement: true })
    .png()
    .toBuffer();
  const gm = await sharp(g).metadata();
  return sharp({ create: { width, height: PANEL_H + LABEL_H, channels: 3, background: '#b8c4cf' } })
    .composite([
      { input: await label(width, caption, bad), left: 0, top: 0 },
      { input: p, left: 0, top: LABEL_H },
      { input: r, left: pw + 8, top: LABEL_H },
      {
        input: g,
        left: pw * 2 + 16 + Math.round((gw - (gm.width ?? gw)) / 2),
        top: LABEL_H + Math.round((PANEL_H - (gm.height ?? PANEL_H)) / 2),
      },
    ])
    .jpeg({ quality: 86 })
    .toBuffer();
}

/** Panels packed in rows of at most SHEET_MAX_W px. */
async function sheet(panels: Buffer[], file: string, maxW = SHEET_MAX_W): Promise<void> {
  const metas = await Promise.all(panels.map((b) => sharp(b).metadata()));
  const place: { input: Buffer; left: number; top: number }[] = [];
  let x = 0;
  let y = 0;
  let rowH = 0;
  let W = 0;
  panels.forEach((input, i) => {
    const w = metas[i]!.width!;
    const h = metas[i]!.height!;
    if (x > 0 && x + w > maxW) {
      x = 0;
      y += rowH + 12;
      rowH = 0;
    }
    place.push({ input, left: x, top: y });
    x += w + 12;
    W = Math.max(W, x);
    rowH = Math.max(rowH, h);
  });
  await sharp({ create: { width: Math.max(1, W), height: y + rowH, channels: 3, background: '#ffffff' } })
    .composite(place)
    .jpeg({ quality: 82 })
    .toFile(file);
}

const round = (v: number | null) => (v === null ? null : Math.round(v * 1000) / 1000);
function roundMetrics(m: EvalMetrics): Record<string, unknown> {
  return {
    insideSilhouette: round(m.insideSilhouette),
    coverage: round(m.coverage),
    oldVisible: round(m.oldVisible),
    untouchedMad: round(m.untouchedMad),
    wristsVisible: m.wristsVisible.map((v) => round(v)),
    bareTorso: round(m.bareTorso),
    bareBust: round(m.bareBust),
    offBody: round(m.offBody),
    detached: round(m.detached),
    safetyOk: m.safetyOk,
    slotGuessRight: m.slotGuessRight,
    // the metrics of issue 38 and the outline's (test/engine/metrics/measure-all.ts), numbers rounded
    seen: Object.fromEntries(Object.entries(m.seen).map(([k, v]) => [k, typeof v === 'number' ? round(v) : v])),
    failures: m.failures,
  };
}

/** The slot the engine guesses from the outline alone (as for an upload with no slot), at its working size. */
function guessSlot(image: RgbaImage): EngineSlot | null {
  const k = Math.min(1, GARMENT_MAX / Math.max(image.width, image.height));
  const small = k < 1 ? resizeRgba(image, Math.round(image.width * k), Math.round(image.height * k)) : image;
  try {
    return detectGarment(small, null).slot;
  } catch {
    return null;
  }
}

async function docsSheets(): Promise<void> {
  for (const [name, ids] of Object.entries(DOC_SHEETS)) {
    const panels: Buffer[] = [];
    for (const id of ids) {
      const f = path.join(PANELS, `${fileName(id)}.jpg`);
      if (!existsSync(f)) {
        console.warn(`no panel for ${id}: run the evaluation first`);
        continue;
      }
      // half size: the docs' pictures stay small; the full-size sheets are in .cache/engine-eval/
      const m = await sharp(f).metadata();
      panels.push(
        await sharp(f)
          .resize(Math.round(m.width! / 2))
          .jpeg({ quality: 80 })
          .toBuffer(),
      );
    }
    if (panels.length) await sheet(panels, path.join(DOCS, `eval-${name}.jpg`), 2400);
  }
}

/** The report as JSON, one case (or summary entry) per line: small, and diffs stay readable. */
function compactJson(report: Record<string, unknown>): string {
  const lines = Object.entries(report).map(([k, v]) => {
    if (Array.isArray(v)) return `${JSON.stringify(k)}: [\n  ${v.map((x) => JSON.stringify(x)).join(',\n  ')}\n ]`;
    if (v && typeof v === 'object')
      return `${JSON.stringify(k)}: {\n  ${Object.entries(v)
        .map(([a, b]) => `${JSON.stringify(a)}: ${JSON.stringify(b)}`)
        .join(',\n  ')}\n }`;
    return `${JSON.stringify(k)}: ${JSON.stringify(v)}`;
  });
  return `{\n ${lines.join(',\n ')}\n}\n`;
}

const fileName = (id: string) => id.replace(/[^a-zA-Z0-9._-]+/g, '_');

async function main(): Promise<void> {
  const opt = args();
  mkdirSync(PANELS, { recursive: true });
  if (opt.docsOnly) {
    await docsSheets();
    return;
  }
  const t0 = Date.now();
  await warmEngineModels();
  const modelLoadMs = Date.now() - t0;
  const cases = matrix(opt);
  console.log(`${cases.length} cases`);
  // people: photos, variants and their analyses, read once
  const photos = new Map<string, { photo: RgbaImage; analysis: PersonAnalysis }>();
  const people = new Map<string, PersonCase & { analysis: PersonAnalysis }>();
  const personOf = async (name: string, variant: PersonVariant) => {
    const key = `${name}~${variant}`;
    const hit = people.get(key);
    if (hit) return hit;
    let base = photos.get(name);
    if (!base) {
      const photo = await loadPerson(name);
      base = { photo, analysis: await analyzePerson(nodeModelRuntime, photo) };
      photos.set(name, base);
    }
    const pc = personVariant(name, variant, base.photo, base.analysis);
    const analysis = variant === 'photo' ? base.analysis : await analyzePerson(nodeModelRuntime, pc.image);
    const full = { ...pc, analysis };
    people.set(key, full);
    return full;
  };
  // garments: cut-outs and product photos, made once
  const cutouts = new Map<string, RgbaImage>();
  const products = new Map<string, RgbaImage>();
  const onModelFrom = new Map<string, string>();
  const productOf = async (g: DrawnGarment, condition: PhotoCondition): Promise<RgbaImage> => {
    const key = `${g.id}#${condition}`;
    const hit = products.get(key);
    if (hit) return hit;
    let image: RgbaImage;
    if (condition === 'on-model') {
      // a model wearing it: the cut-out rendered on a person by the engine (a render that passes the safety
      // gate, so the garment in the picture is the true one)
      let made: RgbaImage | null = null;
      for (const name of MODEL_PEOPLE) {
        const who = await personOf(name, 'photo');
        try {
          const r = await tryOn(
            nodeModelRuntime,
            who.image,
            [{ image: await cutoutOf(g), slot: g.slot, source: 'laydown' }],
            {
              analysis: who.analysis,
            },
          );
          made = r.image;
          onModelFrom.set(g.id, name);
          break;
        } catch (err) {
          if (!(err instanceof EngineRefusal)) throw err;
        }
      }
      if (!made) {
        const who = await personOf(MODEL_PEOPLE[0]!, 'photo');
        made = (
          await tryOn(nodeModelRuntime, who.image, [{ image: await cutoutOf(g), slot: g.slot, source: 'laydown' }], {
            analysis: who.analysis,
            gate: 'report',
          })
        ).image;
        onModelFrom.set(g.id, `${MODEL_PEOPLE[0]!} (gated render)`);
      }
      image = made;
    } else image = (await productPhoto(g, condition)).image;
    products.set(key, image);
    return image;
  };
  const cutoutOf = async (g: DrawnGarment) => {
    let c = cutouts.get(g.id);
    if (!c) {
      c = await cutout(g);
      cutouts.set(g.id, c);
    }
    return c;
  };

  const rows: CaseRow[] = [];
  const byGarment = new Map<string, Buffer[]>();
  let n = 0;
  for (const c of cases) {
    n++;
    const who = await personOf(c.person, c.variant);
    const product = await productOf(c.garment, c.condition);
    const guessedSlot = guessSlot(product);
    const truth = truthOf(c.garment);
    const t = Date.now();
    let result: TryOnResult | null = null;
    let outcome = 'rendered';
    let message = '';
    try {
      result = await tryOn(nodeModelRuntime, who.image, [{ image: product, slot: c.garment.slot, source: c.source }], {
        analysis: who.analysis,
        gate: 'report',
      });
      if (!result.safety.ok) outcome = result.safety.code;
    } catch (err) {
      if (!(err instanceof EngineRefusal)) throw err;
      outcome = err.code;
      message = err.message;
    }
    const ms = Date.now() - t;
    const row: CaseRow = {
      id: c.id,
      person: c.person,
      variant: c.variant,
      garment: c.garment.id,
      category: c.garment.category,
      slot: c.garment.slot,
      condition: c.condition,
      source: c.source,
      expected: c.expected,
      outcome,
      asExpected: outcome === c.expected,
      guessedSlot,
      productSize: [product.width, product.height],
      ms,
    };
    if (c.condition === 'on-model') row.note = `worn by ${onModelFrom.get(c.garment.id) ?? '?'}`;
    let caption: string;
    if (result) {
      const m = evalMetrics({
        caseId: c.id,
        personName: c.person,
        variant: c.variant,
        person: who.image,
        analysis: who.analysis,
        labels: who.labels,
        result,
        truth,
        cutout: await cutoutOf(c.garment),
        product,
        condition: c.condition,
        slot: c.garment.slot,
        guessedSlot,
      });
      row.timingsMs = result.timingsMs;
      row.metrics = roundMetrics(m);
      caption = `${c.id}  ${outcome === 'rendered' ? 'ok' : `GATED ${outcome}`}  cov ${m.coverage?.toFixed(2) ?? '-'} in ${m.insideSilhouette.toFixed(3)} old ${m.oldVisible?.toFixed(2) ?? '-'} bare ${m.bareTorso.toFixed(2)} bust ${m.bareBust.toFixed(2)}${m.failures.length ? '  x ' + m.failures.join(',') : ''}`;
    } else {
      caption = `${c.id}  REFUSED ${outcome}${row.asExpected ? ' (expected)' : ` (expected ${c.expected})`}`;
    }
    rows.push(row);
    const bad = !row.asExpected || (row.metrics?.failures as string[] | undefined)?.length !== 0;
    const refusalText = result
      ? []
      : [`Refused: ${outcome}`, message || REFUSAL_MESSAGES[outcome as keyof typeof REFUSAL_MESSAGES] || ''];
    const buf = await panel(
      who.image,
      result?.image ?? null,
      product,
      caption,
      bad && !(row.asExpected && !result),
      refusalText,
    );
    writeFileSync(path.join(PANELS, `${fileName(c.id)}.jpg`), buf);
    const list = byGarment.get(c.garment.id) ?? [];
    list.push(buf);
    byGarment.set(c.garment.id, list);
    console.log(
      `[${n}/${cases.length}] ${c.id} ${outcome} ${ms}ms ${row.metrics ? JSON.stringify((row.metrics as { failures: string[] }).failures) : ''}`,
    );
  }
  // a partial run (filters, --quick) keeps the whole run's sheets and report: its own go to .cache/engine-eval/partial/
  const partial = Boolean(opt.quick || opt.people || opt.garments || opt.conditions);
  const sheetDir = partial ? path.join(CACHE, 'partial') : CACHE;
  mkdirSync(sheetDir, { recursive: true });
  for (const [id, panels] of byGarment) await sheet(panels, path.join(sheetDir, `${id}.jpg`));
  // the summary: per category and per condition, rendered / refused as expected / failing a metric
  const summary = (key: (r: CaseRow) => string) => {
    const out: Record<string, { cases: number; asExpected: number; metricsPass: number; gated: number }> = {};
    for (const r of rows) {
      const k = key(r);
      const s = (out[k] ??= { cases: 0, asExpected: 0, metricsPass: 0, gated: 0 });
      s.cases++;
      if (r.asExpected) s.asExpected++;
      if (r.metrics && !(r.metrics.failures as string[]).length) s.metricsPass++;
      if (r.metrics && !r.metrics.safetyOk) s.gated++;
    }
    return out;
  };
  const slotGuess = rows.filter((r) => r.condition !== 'on-model' && r.variant === 'photo');
  const guessed = new Map<string, boolean>();
  for (const r of slotGuess) guessed.set(`${r.garment}#${r.condition}`, slotGuessRight(r.slot, r.guessedSlot));
  const report = {
    generated: new Date().toISOString().slice(0, 10),
    thresholds: { ...THRESHOLDS, seen: METRIC_THRESHOLDS, eval: EVAL_THRESHOLDS },
    modelLoadMs,
    cases: rows.length,
    renders: rows.filter((r) => r.metrics).length,
    asExpected: rows.filter((r) => r.asExpected).length,
    slotGuessRight: `${[...guessed.values()].filter(Boolean).length}/${guessed.size}`,
    byCategory: summary((r) => r.category),
    byCondition: summary((r) => r.condition),
    byPerson: summary((r) => `${r.person}${r.variant === 'photo' ? '' : `~${r.variant}`}`),
    garments: EVAL_GARMENTS.map(truthOf),
    rows,
  };
  const jsonFile = partial ? path.join(sheetDir, 'eval.json') : path.join(DOCS, 'eval.json');
  writeFileSync(jsonFile, compactJson(report));
  if (!partial) await docsSheets();
  console.log(
    `${rows.length} cases, ${report.asExpected} as expected, ${report.renders} renders; slot guessed right ${report.slotGuessRight}; ${jsonFile}; sheets in ${sheetDir}`,
  );
}

await main();
