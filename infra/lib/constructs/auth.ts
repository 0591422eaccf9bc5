/**
 * The Cognito user pool (email sign-in, self sign-up) and the SPA's app client. The local stack mirrors
 * this configuration in infra/local/cognito-setup.ts (keep the password policy and auth flows in sync).
 */
import { Annotations, Duration, Stack } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { acknowledge } from '../nag';
import type { StageConfig } from '../stage-config';

/** Cognito groups; the effective role still lives on the user item (shared/domain/roles.ts). */
export const USER_POOL_GROUPS = ['admin', 'influencer'] as const;

export interface AuthProps {
  config: StageConfig;
}

export class Auth extends Construct {
  readonly userPool: cognito.UserPool;
  readonly userPoolClient: cognito.UserPoolClient;

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id);
    const { config } = props;

    this.userPool = new cognito.UserPool(this, 'UserPool', {
      signInAliases: { email: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: true,
      autoVerify: { email: true },
      keepOriginal: { email: true },
      standardAttributes: {
        email: { required: true, mutable: true },
        givenName: { required: false, mutable: true },
        familyName: { required: false, mutable: true },
      },
      // Same policy as the SPA's sign-up form and the local pool (no symbol requirement by product decision).
      passwordPolicy: {
        minLength: 8,
        requireUppercase: true,
        requireLowercase: true,
        requireDigits: true,
        requireSymbols: false,
        tempPasswordValidity: Duration.days(3),
      },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      // Users may add a TOTP authenticator; SMS is off (cost, SIM-swap risk).
      mfa: cognito.Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      // Sign-up codes and password resets: SES when a verified sender is configured (the built-in sender's
      // daily quota is far below a launch; prod refuses to synthesize without it).
      ...(config.ses
        ? {
            email: cognito.UserPoolEmail.withSES({
              fromEmail: config.ses.fromEmail,
              fromName: config.ses.fromName,
              sesRegion: config.ses.region ?? Stack.of(this).region,
              // a verified domain identity (DKIM) sends for any address of the domain: Cognito then names the
              // domain identity, not the address (which is not itself an identity then)
              ...(config.ses.verifiedDomain ? { sesVerifiedDomain: config.ses.verifiedDomain } : {}),
            }),
          }
        : {}),
      // Threat protection (compromised credentials, adaptive authentication) needs the Plus plan, billed per
      // monthly active user: enforced in prod, off in dev.
      featurePlan: config.cognitoThreatProtection ? cognito.FeaturePlan.PLUS : cognito.FeaturePlan.ESSENTIALS,
      ...(config.cognitoThreatProtection
        ? { standardThreatProtectionMode: cognito.StandardThreatProtectionMode.FULL_FUNCTION }
        : {}),
      deletionProtection: config.prod,
      removalPolicy: config.removalPolicy,
    });

    this.userPoolClient = this.userPool.addClient('WebClient', {
      // A browser app cannot keep a secret.
      generateSecret: false,
      // Only what the SPA uses: USER_PASSWORD_AUTH (as cognito-local) and refresh (always on). No hosted UI,
      // so no OAuth flows and no callback URLs (CDK would otherwise add the implicit flow and example.com).
      authFlows: { userPassword: true },
      disableOAuth: true,
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      idTokenValidity: Duration.hours(1),
      accessTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
    });

    for (const groupName of USER_POOL_GROUPS) {
      new cognito.UserPoolGroup(this, `Group-${groupName}`, { userPool: this.userPool, groupName });
    }

    acknowledge(
      this.userPool,
      'AwsSolutions-COG1',
      'Password policy is the product decision (min 8, upper, lower, digits, no symbol requirement), shared with the SPA form and the local pool; prod adds Cognito threat protection (compromised-credential checks).',
    );
    acknowledge(
      this.userPool,
      'AwsSolutions-COG2',
      'MFA is optional (TOTP) by product decision: consumer e-mail sign-in; prod adds threat protection (adaptive authentication).',
    );
    if (!config.ses) {
      const message =
        'No SES sender (-c sesFromEmail=...): Cognito uses its built-in e-mail sender, limited to a few dozen e-mails a day. docs/operations.md, "SES".';
      if (config.prod) Annotations.of(this.userPool).addError(message);
      else Annotations.of(this.userPool).addWarningV2('tryon:cognitoBuiltInEmail', message);
    }
    if (!config.cognitoThreatProtection) {
      acknowledge(
        this.userPool,
        'AwsSolutions-COG3',
        'dev stage only: threat protection needs the Plus feature plan (billed per MAU); prod enforces it (FULL_FUNCTION).',
      );
      acknowledge(
        this.userPool,
        'AwsSolutions-COG8',
        'dev stage only: the Plus feature plan is billed per MAU; prod uses it (with threat protection enforced).',
      );
    }
  }

  /** The issuer the API's JWT authorizer and the handlers trust. */
  get issuer(): string {
    return `https://cognito-idp.${this.userPool.stack.region}.amazonaws.com/${this.userPool.userPoolId}`;
  }
}
