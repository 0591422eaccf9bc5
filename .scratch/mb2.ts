import { measureBundles, BEFORE_OPTIONS } from '../test/bench/bundles';
const variants: Record<string, any> = {
  bundled: BEFORE_OPTIONS,
  external: { ...BEFORE_OPTIONS, external: [...(BEFORE_OPTIONS.external as string[]), '@aws-sdk/*'] },
};
for (const [k, o] of Object.entries(variants)) for (const m of measureBundles(k, o, 5)) console.log(k, m.name, (m.bytes/1024).toFixed(0), 'KiB', m.loadMs.toFixed(1), 'ms');
