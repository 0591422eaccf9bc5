/**
 * `npm start`: the whole product at http://localhost:3000 (PORT to change it; DATA_DIR for the data folder,
 * default .data/). Ctrl-C stops every process it started.
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { MissingJavaError } from './services';
import { startLocalStack } from './stack';
import { containUncaughtErrors } from './contain-errors';

const port = Number(process.env.PORT ?? 3000);
const dataDir = path.resolve(process.env.DATA_DIR ?? '.data');
const webDir = path.resolve('web/dist');
const password = process.env.DEMO_PASSWORD ?? 'Demo-pass-1';
const log = (line: string) => console.log(`[local] ${line}`);

async function main() {
  // A request that throws outside its promise answers 500; the stack goes on (infra/local/contain-errors.ts).
  containUncaughtErrors((line) => console.error(`[local] ${line}`));
  if (!existsSync(path.join(webDir, 'index.html')))
    log('warning: web/dist is missing; run `npm run build:web` (npm start does it).');
  const t0 = Date.now();
  const stack = await startLocalStack({ port, dataDir, webDir, demoPassword: password, log });
  const width = Math.max(...stack.seed.accounts.map((a) => a.email.length));
  console.log(
    [
      '',
      `  Try-on service running at ${stack.url}   (ready in ${((Date.now() - t0) / 1000).toFixed(1)} s, data in ${path.relative(process.cwd(), dataDir) || dataDir})`,
      '',
      '  Demo sign-ins (local mode only):',
      ...stack.seed.accounts.map((a) => `    ${a.email.padEnd(width)}  ${password}   ${a.label}`),
      '',
      '  Press Ctrl-C to stop.',
      '',
    ].join('\n'),
  );
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping...`);
    // renders already running get a few seconds (LocalStack.stop); then everything else stops
    const t = setTimeout(() => process.exit(1), 20_000);
    await stack.stop();
    clearTimeout(t);
    log('stopped.');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
  if (err instanceof MissingJavaError) {
    console.error(`\n${err.message}\n`);
    process.exit(3);
  }
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
