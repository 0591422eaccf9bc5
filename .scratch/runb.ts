import { benchBundles } from '../test/bench/bundles';
const r = benchBundles(Number(process.env.RUNS ?? 5));
console.log(r.table);
