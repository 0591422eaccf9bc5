/**
 * The product's data: the one DynamoDB table (keys from shared/repositories/table.ts, the same schema the
 * local stack creates) and the two media buckets, plus the bucket that receives their server access logs.
 */
import { Duration, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { TABLE_SCHEMA } from '../../../shared/repositories/table';
import { QUARANTINE_PREFIX, SHARE_IMAGE_PREFIX } from '../../../functions/lib/media-store';
import { SHARE_EXPIRY_DAYS } from '../../../shared/domain/shares';
import { PUBLIC_IMAGE_ROOTS } from '../../../shared/domain/image-ref';
import { acknowledge } from '../nag';
import type { StageConfig } from '../stage-config';

/** Objects under this prefix are transient (browser uploads waiting for their finalize call): 1 day. */
export const TMP_UPLOAD_PREFIX = QUARANTINE_PREFIX;

/** The tag of data export ZIPs (functions/privacy/export-service.ts writes it). */
import { VARIANT_RUN_RETENTION_DAYS, VARIANT_TAG } from '../../../shared/domain/outfit';

export const EXPORT_TAG = { key: 'fitly-export', value: 'true' } as const;

/** Versioned buckets: how long an overwritten or deleted object's bytes are kept (a bug's undo window). */
export const NONCURRENT_VERSION_EXPIRY = Duration.days(30);
/** ...and those of transient objects (uploads awaiting finalize, exports, share copies, unkept variants). */
export const NONCURRENT_TRANSIENT_EXPIRY = Duration.days(1);

/** Every GSI declared in TABLE_SCHEMA (gsi1, gsi2, ...): the table and the grants follow the schema. */
export function tableIndexes(): { name: string; partitionKey: string; sortKey: string }[] {
  return Object.entries(TABLE_SCHEMA)
    .filter(([key]) => /^gsi\d+$/.test(key))
    .map(([, v]) => v as { name: string; partitionKey: string; sortKey: string });
}

export interface DataProps {
  config: StageConfig;
}

export class Data extends Construct {
  readonly table: dynamodb.Table;
  /** Photo profiles and generation results, keys under users/<userId>/...; read through presigned GET only. */
  readonly privateBucket: s3.Bucket;
  /** Images of public styles, avatars: BLOCK_ALL, read by CloudFront (OAC) under /media/* and by presigned GET. */
  readonly publicBucket: s3.Bucket;
  readonly accessLogsBucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: DataProps) {
    super(scope, id);
    const { config } = props;
    const { partitionKey, sortKey, ttlAttribute } = TABLE_SCHEMA;

    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: { name: partitionKey, type: dynamodb.AttributeType.STRING },
      sortKey: { name: sortKey, type: dynamodb.AttributeType.STRING },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: ttlAttribute,
      deletionProtection: config.prod,
      removalPolicy: config.removalPolicy,
    });
    for (const index of tableIndexes()) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: dynamodb.AttributeType.STRING },
        sortKey: { name: index.sortKey, type: dynamodb.AttributeType.STRING },
        projectionType: dynamodb.ProjectionType.ALL,
      });
    }

    this.accessLogsBucket = new s3.Bucket(this, 'AccessLogs', {
      // Server access log delivery only supports SSE-S3 on the target bucket.
      encryption: s3.BucketEncryption.S3_MANAGED,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      lifecycleRules: [{ id: 'expire-access-logs', expiration: Duration.days(config.prod ? 365 : 30) }],
      removalPolicy: config.removalPolicy,
      autoDeleteObjects: !config.prod,
    });
    acknowledge(
      this.accessLogsBucket,
      'AwsSolutions-S1',
      'This bucket is the server access log destination of the media buckets; logging it into itself would loop.',
    );

    this.privateBucket = this.mediaBucket('PrivateMedia', config);
    this.publicBucket = this.mediaBucket('PublicMedia', config);
    this.allowCloudFrontReads();
  }

  /**
   * Origin Access Control of the distribution's /media/* behaviour (Web stack): CloudFront of this account may
   * GetObject the public image folders, nothing else. The distribution is named by a wildcard: naming it would
   * make this stack depend on the Web stack, which depends on this one.
   */
  private allowCloudFrontReads(): void {
    const stack = Stack.of(this);
    this.publicBucket.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'CloudFrontReadsPublicImages',
        principals: [new iam.ServicePrincipal('cloudfront.amazonaws.com')],
        actions: ['s3:GetObject'],
        resources: PUBLIC_IMAGE_ROOTS.map((root) => this.publicBucket.arnForObjects(`${root}/*`)),
        conditions: {
          StringEquals: { 'AWS:SourceAccount': stack.account },
          ArnLike: { 'AWS:SourceArn': `arn:${stack.partition}:cloudfront::${stack.account}:distribution/*` },
        },
      }),
    );
  }

  private mediaBucket(id: string, config: StageConfig): s3.Bucket {
    // Where the bucket keeps versions (prod), a transient object's expiry only makes its bytes a noncurrent
    // version: those go a day later, not after the bucket-wide 30 days.
    const transientVersions = config.mediaVersioned ? { noncurrentVersionExpiration: NONCURRENT_TRANSIENT_EXPIRY } : {};
    return new s3.Bucket(this, id, {
      encryption: s3.BucketEncryption.S3_MANAGED,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      // Versioning protects prod media against an overwrite or delete by a bug; dev does without.
      versioned: config.mediaVersioned,
      serverAccessLogsBucket: this.accessLogsBucket,
      serverAccessLogsPrefix: `${id}/`,
      // The SPA reads and uploads with presigned URLs straight against S3 (another origin than the SPA).
      cors: [
        {
          // POST: direct uploads with a presigned POST (functions/lib/presigned-post.ts).
          allowedMethods: [s3.HttpMethods.GET, s3.HttpMethods.PUT, s3.HttpMethods.HEAD, s3.HttpMethods.POST],
          allowedOrigins: config.webOrigins,
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag'],
          maxAge: 3000,
        },
      ],
      lifecycleRules: [
        { id: 'abort-incomplete-multipart-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
        {
          id: 'expire-tmp-uploads',
          prefix: TMP_UPLOAD_PREFIX,
          expiration: Duration.days(1),
          ...transientVersions,
        },
        // Shared-look copies: deleted on revoke/takedown; never needed after the longest share expiry (+1 day).
        {
          id: 'expire-shared-looks',
          prefix: SHARE_IMAGE_PREFIX,
          expiration: Duration.days(Math.max(...SHARE_EXPIRY_DAYS) + 1),
          ...transientVersions,
        },
        // "Download my data" archives (tagged when written): the link lasts 24 h, the object at most 2 days.
        {
          id: 'expire-data-exports',
          tagFilters: { [EXPORT_TAG.key]: EXPORT_TAG.value },
          expiration: Duration.days(2),
          ...transientVersions,
        },
        // The variants of a run (tagged when written) expire with the run; kept variants are untagged copies.
        {
          id: 'expire-unkept-variants',
          tagFilters: { [VARIANT_TAG.key]: VARIANT_TAG.value },
          expiration: Duration.days(VARIANT_RUN_RETENTION_DAYS),
          ...transientVersions,
        },
        ...(config.mediaVersioned
          ? [
              { id: 'expire-noncurrent-versions', noncurrentVersionExpiration: NONCURRENT_VERSION_EXPIRY },
              // the delete markers left once a key's last noncurrent version has expired
              { id: 'remove-expired-delete-markers', expiredObjectDeleteMarker: true },
            ]
          : []),
      ],
      removalPolicy: config.removalPolicy,
      // Only in dev (DESTROY): empties the bucket so the stack can be deleted.
      autoDeleteObjects: !config.prod,
    });
  }
}
