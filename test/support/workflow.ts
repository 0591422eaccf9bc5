/** The generation workflow for integration tests: the CDK definition run locally with fast retries. */
import { startLocalStepFunctions } from '../../infra/local/step-functions';
import { warmEnginePool } from '../../functions/engine/pool';

export async function startTestWorkflow() {
  // Lambda's async-retry delay and the provider backoff, shortened (the same code paths).
  process.env.LOCAL_ASYNC_RETRY_MS = '20';
  process.env.PROVIDER_RETRY_BASE_MS = '20';
  const sfn = await startLocalStepFunctions({ retryMs: 20 });
  // the engine's threads load their models before the tests, so a test's first render is not the cold one
  await warmEnginePool();
  process.env.SFN_ENDPOINT = sfn.url;
  process.env.STATE_MACHINE_ARN = sfn.stateMachineArn;
  return sfn;
}
