import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { Data } from '../constructs/data';
import type { StageConfig } from '../stage-config';

export interface DataStackProps extends StackProps {
  config: StageConfig;
}

/** Stateful data: the table and the media buckets (RETAIN in prod). */
export class DataStack extends Stack {
  readonly data: Data;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    this.data = new Data(this, 'Data', { config: props.config });
    new CfnOutput(this, 'TableName', { value: this.data.table.tableName });
    new CfnOutput(this, 'PrivateBucketName', { value: this.data.privateBucket.bucketName });
    new CfnOutput(this, 'PublicBucketName', { value: this.data.publicBucket.bucketName });
  }
}
