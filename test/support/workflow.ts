/** The generation workflow for integration tests: the CDK definition run locally with fast waits and retries. */
import { startLocalStepFunctions } from '../../infra/local/step-functions';

export async function startTestWorkflow() {
  const sfn = await startLocalStepFunctions({ waitMs: 20, retryMs: 20 });
  process.env.SFN_ENDPOINT = sfn.url;
  process.env.STATE_MACHINE_ARN = sfn.stateMachineArn;
  return sfn;
}
