/**
 * Third-party credentials in Secrets Manager, one secret per trust boundary so that each function reads
 * only what it needs: Stripe (billing, stripe-webhook) and the image providers (the workflow's render task).
 *
 * CDK creates each secret with its JSON shape and empty values: no secret material is ever in the template.
 * The operator fills them after the first deploy (docs/operations.md, "Secrets"):
 *
 *   aws secretsmanager put-secret-value --secret-id <StripeSecretArn output> \
 *     --secret-string '{"secretKey":"sk_live_...","webhookSecret":"whsec_..."}'
 *   aws secretsmanager put-secret-value --secret-id <ProviderSecretArn output> \
 *     --secret-string '{"fashnApiKey":"...","geminiApiKey":"..."}'
 *
 * Do not edit secretStringValue below once deployed: CloudFormation would write the empty values back.
 * An empty provider key makes the workflow fall back to the local provider; an empty Stripe key makes
 * billing answer 503.
 */
import { SecretValue } from 'aws-cdk-lib';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { acknowledge } from '../nag';
import type { StageConfig } from '../stage-config';

export const STRIPE_SECRET_SHAPE = { secretKey: '', webhookSecret: '' };
export const PROVIDER_SECRET_SHAPE = { fashnApiKey: '', geminiApiKey: '' };
/** C2PA signing credentials for AI marking (functions/lib/provenance.ts): PKCS#8 P-256 key, PEM chain signer first. */
export const PROVENANCE_SECRET_SHAPE = { privateKeyPem: '', certificateChainPem: '' };

export interface SecretsProps {
  config: StageConfig;
}

export class Secrets extends Construct {
  readonly stripe: secretsmanager.Secret;
  readonly providers: secretsmanager.Secret;
  readonly provenance: secretsmanager.Secret;
  /** HMAC key of pagination cursors (shared/repositories/cursor.ts): generated, never leaves AWS. */
  readonly cursorKey: secretsmanager.Secret;
  /** Pepper of the IP hashes in consent records and rate limits (functions/privacy/consent-service.ts). */
  readonly ipHashPepper: secretsmanager.Secret;
  /**
   * The token CloudFront adds to every request to the API (origin custom header) and every function checks
   * (functions/lib/edge.ts): the API answers nothing that went around the distribution.
   */
  readonly originVerify: secretsmanager.Secret;

  constructor(scope: Construct, id: string, props: SecretsProps) {
    super(scope, id);
    const { config } = props;
    this.stripe = new secretsmanager.Secret(this, 'Stripe', {
      description: `tryon ${config.stage}: Stripe API secret key and webhook signing secret (JSON: secretKey, webhookSecret)`,
      secretStringValue: SecretValue.unsafePlainText(JSON.stringify(STRIPE_SECRET_SHAPE)),
      removalPolicy: config.removalPolicy,
    });
    this.providers = new secretsmanager.Secret(this, 'Providers', {
      description: `tryon ${config.stage}: image provider API keys (JSON: fashnApiKey, geminiApiKey)`,
      secretStringValue: SecretValue.unsafePlainText(JSON.stringify(PROVIDER_SECRET_SHAPE)),
      removalPolicy: config.removalPolicy,
    });
    this.provenance = new secretsmanager.Secret(this, 'Provenance', {
      description: `tryon ${config.stage}: C2PA signing key and certificate chain for AI marking (JSON: privateKeyPem, certificateChainPem)`,
      secretStringValue: SecretValue.unsafePlainText(JSON.stringify(PROVENANCE_SECRET_SHAPE)),
      removalPolicy: config.removalPolicy,
    });
    this.cursorKey = new secretsmanager.Secret(this, 'CursorKey', {
      description: `tryon ${config.stage}: HMAC key signing pagination cursors (generated)`,
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      removalPolicy: config.removalPolicy,
    });
    this.ipHashPepper = new secretsmanager.Secret(this, 'IpHashPepper', {
      description: `tryon ${config.stage}: pepper of the IP hashes in consent records and rate limits (generated)`,
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      removalPolicy: config.removalPolicy,
    });
    this.originVerify = new secretsmanager.Secret(this, 'OriginVerify', {
      description: `tryon ${config.stage}: token CloudFront adds to API requests (x-origin-verify); requests without it are refused (generated)`,
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      removalPolicy: config.removalPolicy,
    });
    acknowledge(
      this.cursorKey,
      'AwsSolutions-SMG4',
      'The cursor key only signs pagination cursors; it is rotated with put-secret-value (functions read it at run time, cached 5 minutes; cursors in flight become invalid), docs/operations.md "Rotation".',
    );
    acknowledge(
      this.ipHashPepper,
      'AwsSolutions-SMG4',
      'Rotating the IP pepper would only reset rate-limit counters and make new consent records unlinkable to old ones; rotated by hand with put-secret-value when needed (docs/operations.md "Rotation").',
    );
    acknowledge(
      this.originVerify,
      'AwsSolutions-SMG4',
      'The origin token is rotated in two steps (put-secret-value, then redeploy the Web stack; functions accept the current and previous value meanwhile), docs/operations.md "Rotation": a rotation Lambda cannot update the CloudFront distribution in step.',
    );
    for (const secret of [this.stripe, this.providers, this.provenance]) {
      acknowledge(
        secret,
        'AwsSolutions-SMG4',
        'Third-party API keys and the C2PA signing certificate cannot be rotated by a Secrets Manager rotation Lambda: they are rolled in the Stripe/FASHN/Google consoles or with the certificate authority and written with put-secret-value (docs/operations.md).',
      );
    }
  }
}
