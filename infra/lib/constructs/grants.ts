/**
 * Least-privilege grants with explicit actions and resources, built from the IAM contract
 * (functions/lib/aws-access.ts). The CDK grant helpers (grantReadWriteData, grantReadWrite, grantRead on
 * secrets) add action wildcards (s3:GetObject*, s3:List*, secretsmanager:DescribeSecret) and the `index/*`
 * wildcard on tables; these name exactly what the handlers call, so the only wildcard left is on S3 object
 * keys (and execution ARNs, known only at run time).
 */
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { acknowledgeMatching } from '../nag';
import { tableIndexes } from './data';
import {
  AWS_ACCESS,
  actionsFor,
  type AwsResource,
  type FunctionAccess,
  type Principal,
} from '../../../functions/lib/aws-access';

/** The resources a function's access map (functions/lib/aws-access.ts) may name. */
export interface SdkAccessResources {
  table?: dynamodb.ITable;
  privateBucket?: s3.IBucket;
  publicBucket?: s3.IBucket;
  userPoolArn?: string;
  stateMachine?: sfn.IStateMachine;
  stripeSecret?: secretsmanager.ISecret;
  providerSecret?: secretsmanager.ISecret;
  provenanceSecret?: secretsmanager.ISecret;
  cursorKeySecret?: secretsmanager.ISecret;
  ipHashSecret?: secretsmanager.ISecret;
  originSecret?: secretsmanager.ISecret;
  /** The render worker's ARN (its name is fixed, so it is known without a reference). */
  renderWorkerArn?: string;
  /** The provider-call function's ARN (a fixed name too). */
  providerCallArn?: string;
  /** The data-export job ("Download my data"), started by the privacy API. */
  exportFunctionArn?: string;
}

/**
 * The policy of one function, built from its entry in the IAM contract (AWS_ACCESS): exactly the actions of
 * the SDK commands it sends, on the resources named there. test/infra/iam-contract.test.ts checks the map
 * against the code and the synthesized policies.
 */
export function grantSdkAccess(
  grantee: iam.IGrantable,
  principal: Principal,
  given: SdkAccessResources,
  opts: { only?: AwsResource[]; skip?: AwsResource[] } = {},
): void {
  const entry: FunctionAccess = AWS_ACCESS[principal];
  const need = <K extends keyof SdkAccessResources>(k: K): NonNullable<SdkAccessResources[K]> => {
    const v = given[k];
    if (!v) throw new Error(`${principal} uses ${k} (functions/lib/aws-access.ts) but the construct does not pass it`);
    return v as NonNullable<SdkAccessResources[K]>;
  };
  const add = (actions: string[], resources: string[], conditions?: Record<string, unknown>) => {
    if (actions.length)
      grantee.grantPrincipal.addToPrincipalPolicy(new iam.PolicyStatement({ actions, resources, conditions }));
  };
  for (const resource of Object.keys(entry.access) as AwsResource[]) {
    if ((opts.only && !opts.only.includes(resource)) || opts.skip?.includes(resource)) continue;
    const { resource: onResource, objects, bucket: onWholeBucket } = actionsFor(principal, resource);
    switch (resource) {
      case 'table':
        add(onResource, [need('table').tableArn]);
        break;
      case 'tableIndexes':
        add(
          onResource,
          tableIndexes().map((i) => `${need('table').tableArn}/index/${i.name}`),
        );
        break;
      case 'privateBucket':
      case 'publicBucket': {
        const bucket = need(resource);
        if (objects.length) {
          add(objects, [bucket.arnForObjects('*')]);
          if (Construct.isConstruct(grantee.grantPrincipal))
            acknowledgeMatching(
              grantee.grantPrincipal,
              /^AwsSolutions-IAM5\[Resource::.*\/\*\]$/,
              "Object-level actions on the keys of the app's media buckets: keys are per user and per record (users/<userId>/...), created at run time; ownership is checked by the service before any presign or write.",
            );
        }
        // a reader may list the bucket, so that S3 answers a missing key 404, not 403 (aws-access.ts, bucketActions)
        add(onWholeBucket, [bucket.bucketArn]);
        if (onResource.length) {
          const prefixes = entry.listPrefixes?.[resource];
          if (!prefixes?.length) throw new Error(`${principal}: lists ${resource} without listPrefixes in AWS_ACCESS`);
          add(onResource, [bucket.bucketArn], { StringLike: { 's3:prefix': prefixes } });
        }
        break;
      }
      case 'userPool':
        add(onResource, [need('userPoolArn')]);
        break;
      case 'stateMachine':
        add(onResource, [need('stateMachine').stateMachineArn]);
        break;
      case 'executions':
        // arn:...:execution:<state machine name>:* (execution ARNs are only known at run time).
        if (onResource.length) need('stateMachine').grantExecution(grantee, ...onResource);
        break;
      case 'stripeSecret':
      case 'providerSecret':
      case 'provenanceSecret':
      case 'cursorKeySecret':
      case 'ipHashSecret':
      case 'originSecret':
        add(onResource, [need(resource).secretArn]);
        break;
      case 'renderWorker':
        add(onResource, [need('renderWorkerArn')]);
        break;
      case 'providerCall':
        add(onResource, [need('providerCallArn')]);
        break;
      case 'exportFunction':
        add(onResource, [need('exportFunctionArn')]);
        break;
      case 'taskTokens':
        // SendTaskSuccess/Failure name the state machine that issued the token
        add(onResource, [need('stateMachine').stateMachineArn]);
        break;
      case 'moderation':
        // DetectModerationLabels has no resource-level permissions
        add(onResource, ['*']);
        break;
    }
  }
}
