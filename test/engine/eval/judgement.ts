/**
 * The evaluation set judged by eye (issue 38's bar: "at least 90% of renders look like the person wearing that
 * garment"), kept beside the measured report so the two can be compared.
 *
 * judgement.json (next to this file): one entry per rendered case of docs/engine/eval.json, keyed by case id:
 *   { verdict: 'good' | 'flawed' | 'broken', reason, date, engineCommit }
 * `good`: looks like the person wearing that garment (a customer would accept it); `flawed`: recognisable but a
 * visible flaw; `broken`: wrong shape, holes, bare skin, garment off the body, old clothes clearly showing. The
 * reason is a list of flaw tags with an optional detail each, separated by "; " ("straps-lost; old-showing: the
 * old dress's shoulders above the neckline"): the tags are what the summary counts.
 *
 *   npx tsx test/engine/eval/judgement.ts                       summary (markdown) of judgement.json against eval.json
 *   npx tsx test/engine/eval/judgement.ts --view <id,id,...|pending>  crop each render's cell out of its panel to look at
 *                                                               it at full size (result 768 px tall, person and
 *                                                               garment input at half size beside it), into
 *                                                               /tmp/engine-judgement/ (or --out <dir>)
 *   npx tsx test/engine/eval/judgement.ts --pending             rendered cases of eval.json with no verdict yet
 *   npx tsx test/engine/eval/judgement.ts --import <file.tsv>   add/replace verdicts from lines "id<TAB>verdict<TAB>reason"
 *                                                               (dated today, stamped with HEAD's commit or --commit <sha>)
 *   npx tsx test/engine/eval/judgement.ts --compare <old.json>  what changed from an earlier judgement (same format)
 *   npx tsx test/engine/eval/judgement.ts --carry <old panels dir> --from <old judgement.json> [--skip <ids file>]
 *                                                               carry an earlier verdict over to every rendered case
 *                                                               whose result cell is the same picture in the old panel
 *                                                               and the new one (same-picture.ts), noted "carried",
 *                                                               dated today; list the rest as pending. --skip: ids
 *                                                               (one a line) never carried (old panels overwritten
 *                                                               by a later run)
 *   --judgement <file> and --eval <file> read other files than the defaults.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { GARMENT_W, isSamePicture, LABEL_H, PANEL_H, panelResultDiff } from './same-picture';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const PANELS = path.join(ROOT, '.cache/engine-eval/panels');
/** The widest result shown: wider (landscape) photos are cropped to the person. */
const MAX_RESULT_W = 720;

export type Verdict = 'good' | 'flawed' | 'broken';
export interface Judged {
  verdict: Verdict;
  reason: string;
  date: string;
  engineCommit: string;
}
export type Judgement = Record<string, Judged>;

interface EvalRow {
  id: string;
  person: string;
  variant: string;
  garment: string;
  category: string;
  slot: string;
  condition: string;
  source: string;
  expected: string;
  outcome: string;
  asExpected: boolean;
  metrics?: { failures: string[] } & Record<string, unknown>;
}

function opt(name: string): string | undefined {
  const a = process.argv.slice(2);
  const i = a.indexOf(`--${name}`);
  return i >= 0 ? a[i + 1] : undefined;
}

const fileName = (id: string) => id.replace(/[^a-zA-Z0-9._-]+/g, '_');
const judgementFile = () => opt('judgement') ?? path.join(ROOT, 'test/engine/eval/judgement.json');
const evalFile = () => opt('eval') ?? path.join(ROOT, 'docs/engine/eval.json');
const readJson = <T>(f: string): T => JSON.parse(readFileSync(f, 'utf8')) as T;
const readJudgement = (f: string): Judgement => (existsSync(f) ? readJson<Judgement>(f) : {});

/** One entry a line, sorted by id: diffs between judgements stay readable. */
function writeJudgement(f: string, j: Judgement): void {
  const ids = Object.keys(j).sort();
  writeFileSync(f, `{\n${ids.map((id) => `  ${JSON.stringify(id)}: ${JSON.stringify(j[id])}`).join(',\n')}\n}\n`);
}

/** The flaw tags of a reason ("tag: detail; tag2"). */
export function tagsOf(reason: string): string[] {
  // (the faults before "minor:" only; a part without a `tag:` is the description going on, or a note in brackets)
  return (reason.split(/(?:^|;)\s*minor:/)[0] ?? '')
    .split(';')
    .filter((p) => p.includes(':'))
    .map((p) => (p.split(':')[0] ?? '').trim())
    .filter((t) => /^[a-z][a-z-]*$/.test(t) && t !== 'carried');
}

/** The column around which the result differs from the person's photo (the garment, so the person). */
async function changedColumns(file: string, pw: number): Promise<number> {
  const raw = (left: number) =>
    sharp(file).extract({ left, top: LABEL_H, width: pw, height: PANEL_H }).removeAlpha().raw().toBuffer();
  const [a, b] = await Promise.all([raw(0), raw(pw + 8)]);
  let sum = 0;
  let n = 0;
  for (let i = 0; i < a.length; i += 3) {
    const d = Math.abs(a[i]! - b[i]!) + Math.abs(a[i + 1]! - b[i + 1]!) + Math.abs(a[i + 2]! - b[i + 2]!);
    if (d > 60) {
      sum += (i / 3) % pw;
      n++;
    }
  }
  return n ? sum / n : pw / 2;
}

async function view(ids: string[], out: string): Promise<void> {
  mkdirSync(out, { recursive: true });
  for (const id of ids) {
    const f = path.join(PANELS, `${fileName(id)}.jpg`);
    if (!existsSync(f)) {
      console.warn(`no panel for ${id}`);
      continue;
    }
    const W = (await sharp(f).metadata()).width!;
    const pw = Math.round((W - GARMENT_W - 16) / 2);
    const cell = (left: number, width: number) =>
      sharp(f).extract({ left, top: LABEL_H, width, height: PANEL_H }).png().toBuffer();
    // a landscape photo: keep the result's full height and crop its width to the person (where the render
    // changed the photo), so the person stays at least 700 px tall in an image viewer
    const changed = await changedColumns(f, pw);
    const rw = Math.min(pw, MAX_RESULT_W);
    const rl = Math.max(0, Math.min(pw - rw, Math.round(changed - rw / 2)));
    const result = await sharp(await cell(pw + 8, pw))
      .extract({ left: rl, top: 0, width: rw, height: PANEL_H })
      .png()
      .toBuffer();
    const person = await sharp(await cell(0, pw))
      .extract({ left: rl, top: 0, width: rw, height: PANEL_H })
      .resize({ height: PANEL_H / 2 })
      .png()
      .toBuffer();
    const garment = await sharp(await cell(2 * pw + 16, GARMENT_W))
      .resize({ height: PANEL_H / 2 })
      .png()
      .toBuffer();
    const side = Math.max((await sharp(person).metadata()).width!, GARMENT_W / 2);
    const file = path.join(out, `${fileName(id)}.png`);
    await sharp({ create: { width: rw + 6 + side, height: PANEL_H, channels: 3, background: '#888888' } })
      .composite([
        { input: result, left: 0, top: 0 },
        { input: person, left: rw + 6, top: 0 },
        { input: garment, left: rw + 6, top: PANEL_H / 2 },
      ])
      .png()
      .toFile(file);
    console.log(file);
  }
}

function importTsv(file: string): void {
  const jf = judgementFile();
  const j = readJudgement(jf);
  const date = new Date().toISOString().slice(0, 10);
  // the engine's commit the run was made at (--commit), else HEAD's
  const engineCommit =
    opt('commit') ?? execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  let n = 0;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    const [id, verdict, ...reason] = line.split('\t');
    if (!id || !['good', 'flawed', 'broken'].includes(verdict!)) throw new Error(`bad line: ${line}`);
    j[id.trim()] = { verdict: verdict as Verdict, reason: reason.join(' ').trim(), date, engineCommit };
    n++;
  }
  writeJudgement(jf, j);
  console.log(`${n} verdicts into ${jf} (${Object.keys(j).length} in all)`);
}

const pct = (a: number, b: number) => (b ? `${Math.round((100 * a) / b)}%` : '-');

function table(title: string, rows: EvalRow[], j: Judgement, key: (r: EvalRow) => string): string[] {
  const groups = new Map<string, { good: number; flawed: number; broken: number }>();
  for (const r of rows) {
    const v = j[r.id];
    if (!v) continue;
    const g = groups.get(key(r)) ?? { good: 0, flawed: 0, broken: 0 };
    g[v.verdict]++;
    groups.set(key(r), g);
  }
  const out = [`| ${title} | good | flawed | broken | good % |`, '| --- | --- | --- | --- | --- |'];
  for (const [k, g] of [...groups].sort((a, b) => a[0].localeCompare(b[0])))
    out.push(`| ${k} | ${g.good} | ${g.flawed} | ${g.broken} | ${pct(g.good, g.good + g.flawed + g.broken)} |`);
  return out;
}

/** The person column of a row: the fixture and its variant. */
const who = (r: EvalRow) => `${r.person}${r.variant === 'photo' ? '' : `~${r.variant}`}`;

function summary(): void {
  const j = readJudgement(judgementFile());
  const report = readJson<{ rows: EvalRow[] }>(evalFile());
  const rendered = report.rows.filter((r) => r.metrics);
  const judged = rendered.filter((r) => j[r.id]);
  const count = (v: Verdict) => judged.filter((r) => j[r.id]!.verdict === v).length;
  const commits = [...new Set(judged.map((r) => j[r.id]!.engineCommit))];
  const dates = [...new Set(judged.map((r) => j[r.id]!.date))];
  const lines: string[] = [];
  lines.push(
    `Judged ${judged.length} of ${rendered.length} renders (dates ${dates.join(', ')}, engine commit ${commits.join(', ')}): ` +
      `**${count('good')} good (${pct(count('good'), judged.length)})**, ${count('flawed')} flawed, ${count('broken')} broken. ` +
      `Cases not rendered: ${report.rows.length - rendered.length} (refusals; ${report.rows.filter((r) => !r.metrics && !r.asExpected).length} of them not the expected outcome).`,
  );
  const unexpected = report.rows.filter((r) => !r.metrics && !r.asExpected);
  if (unexpected.length)
    lines.push(
      '',
      'Refused, not as expected:',
      ...unexpected.map((r) => `- ${r.id}: ${r.outcome} (expected ${r.expected})`),
    );
  const renderedOnModel = rendered.filter((r) => r.expected !== 'rendered');
  if (renderedOnModel.length)
    lines.push(
      '',
      `Rendered where a refusal was expected (${renderedOnModel.length}): ${renderedOnModel.map((r) => r.id).join(', ')}`,
    );
  lines.push('', ...table('category', judged, j, (r) => r.category));
  lines.push(
    '',
    ...table('condition', judged, j, (r) => (r.source === 'laydown' ? r.condition : `${r.condition}~${r.source}`)),
  );
  lines.push('', ...table('person', judged, j, who));
  // failure reasons: tags of flawed and broken renders
  const tags = new Map<string, string[]>();
  for (const r of judged) {
    if (j[r.id]!.verdict === 'good') continue;
    for (const t of new Set(tagsOf(j[r.id]!.reason))) tags.set(t, [...(tags.get(t) ?? []), r.id]);
  }
  const top = [...tags].sort((a, b) => b[1].length - a[1].length).slice(0, 10);
  lines.push('', 'Top failure reasons (flawed and broken renders; a render may have several):', '');
  for (const [t, ids] of top)
    lines.push(`- **${t}** (${ids.length}): ${ids.slice(0, 6).join(', ')}${ids.length > 6 ? ', ...' : ''}`);
  // where the metrics and the eye disagree
  const metricPass = (r: EvalRow) => r.metrics!.failures.length === 0;
  const passBroken = judged.filter((r) => metricPass(r) && j[r.id]!.verdict === 'broken');
  const passFlawed = judged.filter((r) => metricPass(r) && j[r.id]!.verdict === 'flawed');
  const failGood = judged.filter((r) => !metricPass(r) && j[r.id]!.verdict === 'good');
  const failBad = judged.filter((r) => !metricPass(r) && j[r.id]!.verdict !== 'good');
  lines.push(
    '',
    `Metrics against the eye: of ${judged.length} renders, metrics pass ${judged.filter(metricPass).length} ` +
      `(eye: ${judged.filter((r) => metricPass(r) && j[r.id]!.verdict === 'good').length} good, ${passFlawed.length} flawed, ${passBroken.length} broken); ` +
      `metrics fail ${judged.length - judged.filter(metricPass).length} (eye: ${failGood.length} good, ${failBad.length} flawed or broken).`,
    '',
    `Metrics pass a BROKEN render (${passBroken.length}):`,
    '',
    ...passBroken.map((r) => `- ${r.id}: ${j[r.id]!.reason}`),
    '',
    `Metrics fail a GOOD render (${failGood.length}):`,
    '',
    ...failGood.map((r) => `- ${r.id}: ${r.metrics!.failures.join(', ')}`),
  );
  const missing = rendered.filter((r) => !j[r.id]);
  if (missing.length) lines.push('', `Not judged yet: ${missing.length} renders (--pending lists them).`);
  console.log(lines.join('\n'));
}

function compare(oldFile: string): void {
  const now = readJudgement(judgementFile());
  const old = readJudgement(oldFile);
  const rank: Record<Verdict, number> = { broken: 0, flawed: 1, good: 2 };
  const better: string[] = [];
  const worse: string[] = [];
  const same: Record<Verdict, number> = { good: 0, flawed: 0, broken: 0 };
  for (const id of Object.keys(now).sort()) {
    const a = old[id];
    const b = now[id]!;
    if (!a) continue;
    if (a.verdict === b.verdict) same[b.verdict]++;
    else
      (rank[b.verdict] > rank[a.verdict] ? better : worse).push(
        `- ${id}: ${a.verdict} -> ${b.verdict} (was: ${a.reason || '-'}; now: ${b.reason || '-'})`,
      );
  }
  const tally = (j: Judgement) =>
    (['good', 'flawed', 'broken'] as Verdict[])
      .map((v) => `${Object.values(j).filter((x) => x.verdict === v).length} ${v}`)
      .join(', ');
  console.log(
    [
      `before (${oldFile}): ${tally(old)}; now: ${tally(now)}`,
      `unchanged: ${same.good} good, ${same.flawed} flawed, ${same.broken} broken`,
      `only before: ${Object.keys(old).filter((id) => !now[id]).length}; only now: ${Object.keys(now).filter((id) => !old[id]).length}`,
      '',
      `better (${better.length}):`,
      ...better,
      '',
      `worse (${worse.length}):`,
      ...worse,
    ].join('\n'),
  );
}

/**
 * Carry the old verdicts of the renders that did not change: the result cell of the old panel is the same picture
 * as the new one's. The reason is kept; the date is today's, the commit the new run's, and the reason ends
 * "carried" so the summary can tell them apart.
 */
async function carry(oldPanels: string, fromFile: string): Promise<void> {
  const jf = judgementFile();
  const j = readJudgement(jf);
  const from = readJudgement(fromFile);
  const skipFile = opt('skip');
  const skip = new Set(
    skipFile
      ? readFileSync(skipFile, 'utf8')
          .split('\n')
          .map((l) => l.trim())
          .filter(Boolean)
      : [],
  );
  const date = new Date().toISOString().slice(0, 10);
  const engineCommit =
    opt('commit') ?? execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  const carried: string[] = [];
  const changed: string[] = [];
  for (const id of pendingIds()) {
    const old = from[id];
    const oldPanel = path.join(oldPanels, `${fileName(id)}.jpg`);
    const newPanel = path.join(PANELS, `${fileName(id)}.jpg`);
    if (!old || skip.has(id) || !existsSync(oldPanel) || !existsSync(newPanel)) {
      changed.push(`${id}\t${!old ? 'no old verdict' : skip.has(id) ? 'skipped' : 'no panel'}`);
      continue;
    }
    const d = await panelResultDiff(oldPanel, newPanel);
    if (isSamePicture(d)) {
      const reason = old.reason.replace(/(; )?carried$/, '');
      j[id] = { verdict: old.verdict, reason: reason ? `${reason}; carried` : 'carried', date, engineCommit };
      carried.push(id);
    } else changed.push(`${id}\t${d ? `mean ${d.mean.toFixed(2)}, block ${d.maxBlock.toFixed(1)}` : 'size differs'}`);
  }
  writeJudgement(jf, j);
  console.log(
    [
      `carried ${carried.length} verdicts from ${fromFile} into ${jf}:`,
      ...carried.map((id) => `  ${id}: ${j[id]!.verdict}`),
      `pending ${changed.length} (changed, skipped or not judged before):`,
      ...changed.map((l) => `  ${l}`),
    ].join('\n'),
  );
}

/** Rendered cases of the report with no verdict yet. */
function pendingIds(): string[] {
  const j = readJudgement(judgementFile());
  return readJson<{ rows: EvalRow[] }>(evalFile())
    .rows.filter((r) => r.metrics && !j[r.id])
    .map((r) => r.id);
}

async function main(): Promise<void> {
  const viewIds = opt('view');
  const imp = opt('import');
  const cmp = opt('compare');
  const carryFrom = opt('carry');
  if (viewIds)
    await view(viewIds === 'pending' ? pendingIds() : viewIds.split(','), opt('out') ?? '/tmp/engine-judgement');
  else if (imp) importTsv(imp);
  else if (cmp) compare(cmp);
  else if (carryFrom) {
    const from = opt('from');
    if (!from) throw new Error('--carry <old panels dir> needs --from <old judgement.json>');
    await carry(carryFrom, from);
  } else if (process.argv.includes('--pending')) console.log(pendingIds().join('\n'));
  else summary();
}

await main();
