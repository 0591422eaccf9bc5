/**
 * One DynamoDB Local (in memory), one s3rver and one cognito-local for the whole integration run.
 * Each test file creates its own table, buckets and user pool (test/support/integration.ts), so files
 * share no state.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startCognito, startDynamo, startS3, type ServiceHandle } from '../../infra/local/services';

declare module 'vitest' {
  export interface ProvidedContext {
    endpoints: { dynamodb: string; s3: string; cognito: string };
  }
}

export default async function setup(project: TestProject) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'tryon-it-'));
  const services: ServiceHandle[] = [];
  try {
    const [dynamo, s3, cognito] = await Promise.all([
      startDynamo({}),
      startS3({ dir: path.join(tmp, 's3') }),
      startCognito({ dir: path.join(tmp, 'cognito') }),
    ]);
    services.push(dynamo, s3, cognito);
    project.provide('endpoints', { dynamodb: dynamo.url, s3: s3.url, cognito: cognito.url });
  } catch (err) {
    for (const s of services) await s.stop();
    throw err;
  }
  return async () => {
    for (const s of services) await s.stop().catch(() => undefined);
    rmSync(tmp, { recursive: true, force: true });
  };
}
