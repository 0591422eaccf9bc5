import { buildSync } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { BEFORE_OPTIONS } from '../test/bench/bundles';
const pieces: Record<string,string> = {
  s3: `export * from '@aws-sdk/client-s3';`,
  ddb: `export * from '@aws-sdk/lib-dynamodb'; export * from '@aws-sdk/client-dynamodb';`,
  cognito: `export * from '@aws-sdk/client-cognito-identity-provider';`,
  schemas: `export * from './shared/schemas/admin'; export * from './shared/schemas/discovery'; export * from './shared/schemas/generation';export * from './shared/schemas/user';`,
  logger: `export * from '@aws-lambda-powertools/logger';`,
  jwt: `export * from 'aws-jwt-verify';`,
  http: `export * from './functions/lib/http';`,
};
for (const [k, c] of Object.entries(pieces)) {
  const f = `/work/wt/contract/node_modules/.cache/piece-${k}.mjs`;
  buildSync({ ...BEFORE_OPTIONS, stdin: { contents: c, resolveDir: '/work/wt/contract', loader: 'ts' }, outfile: f, logLevel: 'silent' });
  const t: number[] = [];
  for (let i = 0; i < 5; i++) t.push(Number(spawnSync(process.execPath, ['--input-type=module', '-e', `const t = performance.now(); await import('${f}'); console.log(performance.now() - t);`], { encoding: 'utf8' }).stdout));
  t.sort((a,b)=>a-b); console.log(k, t[2].toFixed(1));
}
