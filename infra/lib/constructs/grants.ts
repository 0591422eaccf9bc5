/**
 * Least-privilege grants with explicit actions and resources. The CDK grant helpers (grantReadWriteData,
 * grantReadWrite) add action wildcards (s3:GetObject*, s3:List*) and the `index/*` wildcard on tables; these
 * helpers name exactly what the handlers call, so the only wildcard left is on S3 object keys.
 */
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { acknowledgeMatching } from '../nag';
import { tableIndexes } from './data';

const TABLE_ITEM_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
  // TransactWriteItems is authorized per item through these actions plus ConditionCheckItem.
  'dynamodb:ConditionCheckItem',
];

/**
 * Item read/write on the table and Query on its indexes. Scan only when asked (admin maintenance jobs):
 * request paths are GetItem, Query or transactions.
 */
export function grantTableReadWrite(grantee: iam.IGrantable, table: dynamodb.ITable, opts: { scan?: boolean } = {}): void {
  const indexArns = tableIndexes().map((i) => `${table.tableArn}/index/${i.name}`);
  grantee.grantPrincipal.addToPrincipalPolicy(
    new iam.PolicyStatement({
      actions: [...TABLE_ITEM_ACTIONS, ...(opts.scan ? ['dynamodb:Scan'] : [])],
      resources: [table.tableArn],
    }),
  );
  grantee.grantPrincipal.addToPrincipalPolicy(
    new iam.PolicyStatement({
      actions: ['dynamodb:Query', ...(opts.scan ? ['dynamodb:Scan'] : [])],
      resources: indexArns,
    }),
  );
}

export type ObjectAccess = 'read' | 'write' | 'delete';
const OBJECT_ACTIONS: Record<ObjectAccess, string[]> = {
  read: ['s3:GetObject'],
  write: ['s3:PutObject'],
  delete: ['s3:DeleteObject'],
};

/**
 * Object-level access to every key of a bucket (presigned URLs are signed with these permissions too).
 * No s3:ListBucket: a HEAD on a missing key then answers 403 instead of 404, which the handlers treat as
 * "not found".
 */
export function grantObjects(grantee: iam.IGrantable, bucket: s3.IBucket, access: ObjectAccess[]): void {
  grantee.grantPrincipal.addToPrincipalPolicy(
    new iam.PolicyStatement({
      actions: access.flatMap((a) => OBJECT_ACTIONS[a]),
      resources: [bucket.arnForObjects('*')],
    }),
  );
  if (Construct.isConstruct(grantee.grantPrincipal)) {
    acknowledgeMatching(
      grantee.grantPrincipal,
      /^AwsSolutions-IAM5\[Resource::.*\/\*\]$/,
      'Object-level actions on the keys of the app\'s media buckets: keys are per user and per record (users/<userId>/...), created at run time; ownership is checked by the service before any presign or write.',
    );
  }
}

/** AdminGetUser on the pool: the first-sign-in fallback that reads given/family names (functions/lib/cognito.ts). */
export function grantUserPoolAdminGetUser(grantee: iam.IGrantable, userPoolArn: string): void {
  grantee.grantPrincipal.addToPrincipalPolicy(
    new iam.PolicyStatement({ actions: ['cognito-idp:AdminGetUser'], resources: [userPoolArn] }),
  );
}

/**
 * Content moderation (functions/lib/moderation.ts, Rekognition adapter): DetectModerationLabels has no
 * resource-level permissions, so the statement names that one action on Resource "*".
 */
export function grantContentModeration(grantee: iam.IGrantable): void {
  grantee.grantPrincipal.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['rekognition:DetectModerationLabels'], resources: ['*'] }));
}
