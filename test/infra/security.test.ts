/** Issue 17 in the CDK app: the cursor signing key reaches the API functions, refused fulfilments alarm. */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import { resourcesOf, synthApp, type SynthesizedApp } from './synth';

let dev: SynthesizedApp;
beforeAll(() => {
  dev = synthApp('dev');
});
afterAll(() => {
  if (dev) rmSync(dev.outdir, { recursive: true, force: true });
});

describe('security wiring', () => {
  it('gives every API function a CURSOR_SIGNING_KEY resolved from a generated secret', () => {
    const fns = Object.values(resourcesOf(dev.templates.app, 'AWS::Lambda::Function')).filter((r) =>
      String(r.Properties?.Description ?? '').startsWith('API group '),
    );
    expect(fns.length).toBeGreaterThan(5);
    for (const fn of fns)
      expect(JSON.stringify(fn.Properties.Environment.Variables.CURSOR_SIGNING_KEY)).toContain(
        'resolve:secretsmanager',
      );
    dev.templates.app.hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: Match.objectLike({ PasswordLength: 48 }),
    });
  });

  it('alarms on any refused Stripe fulfilment', () => {
    dev.templates.app.hasResourceProperties('AWS::Logs::MetricFilter', {
      FilterPattern: Match.stringLikeRegexp('stripe fulfilment refused'),
      MetricTransformations: [Match.objectLike({ MetricName: 'FulfilmentRefused', MetricNamespace: 'Tryon/Billing' })],
    });
    dev.templates.app.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'FulfilmentRefused',
      Threshold: 1,
    });
  });
});
