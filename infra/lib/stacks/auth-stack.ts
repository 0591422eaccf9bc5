import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { Auth } from '../constructs/auth';
import type { StageConfig } from '../stage-config';

export interface AuthStackProps extends StackProps {
  config: StageConfig;
}

/** The Cognito user pool and the SPA's app client. */
export class AuthStack extends Stack {
  readonly auth: Auth;

  constructor(scope: Construct, id: string, props: AuthStackProps) {
    super(scope, id, props);
    this.auth = new Auth(this, 'Auth', { config: props.config });
    new CfnOutput(this, 'UserPoolId', { value: this.auth.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.auth.userPoolClient.userPoolClientId });
  }
}
