import { buildSync } from 'esbuild';
import { BEFORE_OPTIONS } from '../test/bench/bundles';
const entry = process.argv[2] ?? 'functions/catalog/index.ts';
const ext = process.argv[3] === 'ext';
const r = buildSync({ ...BEFORE_OPTIONS, external: [...(BEFORE_OPTIONS.external as string[]), ...(ext ? ['@aws-sdk/*','@smithy/*'] : [])], stdin: { contents: `export { handler } from './${entry}';`, resolveDir: '/work/wt/contract', loader: 'ts' }, write: false, metafile: true, outfile: '/tmp/x.mjs' });
const out = Object.values(r.metafile.outputs)[0];
const byPkg = new Map<string, number>();
for (const [f, v] of Object.entries(out.inputs)) {
  const m = f.match(/node_modules\/((@[^/]+\/)?[^/]+)/);
  const k = m ? m[1] : f.split('/').slice(0,2).join('/');
  byPkg.set(k, (byPkg.get(k) ?? 0) + v.bytesInOutput);
}
console.log('total', (out.bytes/1024).toFixed(0));
for (const [k, v] of [...byPkg].sort((a,b)=>b[1]-a[1]).slice(0,25)) console.log((v/1024).toFixed(1).padStart(8), k);
