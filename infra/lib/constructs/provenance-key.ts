/**
 * Provenance on day one (issue 24): a Lambda-backed custom resource fills the (empty) provenance secret with a
 * generated, self-issued C2PA signing chain at deploy time (functions/provisioning/provenance-key.ts), so the
 * first generation of a fresh stage is signed without a manual step. An operator's certificate from a
 * C2PA-trusted issuer, written with put-secret-value, is never overwritten (docs/operations.md "Provenance").
 */
import { CustomResource, Duration } from 'aws-cdk-lib';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { repoPath } from '../paths';
import type { StageConfig } from '../stage-config';
import { AppFunction } from './app-function';
import { grantSdkAccess } from './grants';

export interface ProvenanceKeyProps {
  config: StageConfig;
  secret: secretsmanager.ISecret;
}

export class ProvenanceKey extends Construct {
  constructor(scope: Construct, id: string, props: ProvenanceKeyProps) {
    super(scope, id);
    const fn = new AppFunction(this, 'Generator', {
      entry: repoPath('functions', 'provisioning', 'provenance-key.ts'),
      description: 'Deploy time: fills an empty provenance secret with a self-issued C2PA signing chain',
      logRetention: props.config.logRetention,
      removalPolicy: props.config.removalPolicy,
      memorySize: 256,
      timeout: Duration.minutes(1),
    });
    grantSdkAccess(fn.fn, 'job:provenance-key', { provenanceSecret: props.secret });
    new CustomResource(this, 'Resource', {
      serviceToken: fn.fn.functionArn,
      resourceType: 'Custom::ProvenanceKey',
      // a new Version re-runs the check (it still never overwrites a filled secret)
      properties: { SecretArn: props.secret.secretArn, Stage: props.config.stage, Version: '1' },
    });
  }
}
