/** An engine worker thread (./pool.ts): loads the models once, then runs one job per message. */
import { parentPort } from 'node:worker_threads';
import { thrownInfo } from '../../shared/errors';
import { primeEngineModels, warmEngineModels } from './node-runtime';
import { classifyLocally, loadLocalClassifier } from '../lib/moderation';
import { runEngineJob } from './render-job';
import type { PoolJob } from './pool';

parentPort!.on('message', (job: PoolJob) => void answer(job));

async function answer(job: PoolJob): Promise<void> {
  try {
    if (job.kind === 'moderate') {
      parentPort!.postMessage({ result: await classifyLocally(Buffer.from(job.image)) });
      return;
    }
    if (job.kind === 'warm') {
      // the engine's models and the local content classifier (the pool runs both)
      await Promise.all([job.prime ? primeEngineModels() : warmEngineModels(), loadLocalClassifier()]);
      parentPort!.postMessage({ result: { ok: true, check: 'ok' } });
      return;
    }
    parentPort!.postMessage({ result: await runEngineJob(job) });
  } catch (err) {
    const { name, message } = thrownInfo(err);
    parentPort!.postMessage({ error: { name, message } });
  }
}
