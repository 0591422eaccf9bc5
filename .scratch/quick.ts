import { measureBundles, AFTER_OPTIONS, LAMBDA_ENTRIES } from '../test/bench/bundles';
LAMBDA_ENTRIES.splice(0, LAMBDA_ENTRIES.length, ...LAMBDA_ENTRIES.filter((e) => ['auth-user', 'catalog', 'billing'].includes(e.name)));
for (const m of measureBundles([{ name: process.argv[2] ?? 'now', tree: process.cwd(), options: AFTER_OPTIONS }], 7)) console.log(m.name, (m.bytes / 1024).toFixed(0), m.loadMs.toFixed(0), m.loadRuns.map((x) => x.toFixed(0)).join(' '));
