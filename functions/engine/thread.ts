/** An engine worker thread (./pool.ts): loads the models once, then runs one job per message. */
import { parentPort } from 'node:worker_threads';
import { thrownInfo } from '../../shared/errors';
import { warmEngineModels } from './node-runtime';
import { runEngineJob, type EngineJob } from './render-job';

parentPort!.on('message', (job: EngineJob | { kind: 'warm' }) => void answer(job));

async function answer(job: EngineJob | { kind: 'warm' }): Promise<void> {
  try {
    if (job.kind === 'warm') {
      await warmEngineModels();
      parentPort!.postMessage({ result: { ok: true, check: 'ok' } });
      return;
    }
    parentPort!.postMessage({ result: await runEngineJob(job) });
  } catch (err) {
    const { name, message } = thrownInfo(err);
    parentPort!.postMessage({ error: { name, message } });
  }
}
