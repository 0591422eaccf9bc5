/** Issues 17 and 24 in the CDK app: generated keys read at run time, CloudFront as the only door, refused fulfilments alarm. */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import { flatten, resourcesOf, synthApp, type SynthesizedApp } from './synth';
import { ORIGIN_VERIFY_HEADER, VIEWER_IP_HEADER } from '../../shared/domain/edge';

let dev: SynthesizedApp;
beforeAll(() => {
  dev = synthApp('dev');
});
afterAll(() => {
  if (dev) rmSync(dev.outdir, { recursive: true, force: true });
});

describe('security wiring', () => {
  it('generated keys reach the API functions as ARNs only (read at run time), never as values', () => {
    const fns = Object.values(resourcesOf(dev.templates.app, 'AWS::Lambda::Function'));
    const api = fns.filter((r) => String(r.Properties?.Description ?? '').startsWith('API group '));
    expect(api.length).toBeGreaterThan(5);
    for (const fn of api) {
      const vars = fn.Properties.Environment.Variables;
      expect(flatten(vars.ORIGIN_SECRET_ARN)).toMatch(/^<SecretsOriginVerify\w+>$/);
      expect(flatten(vars.CURSOR_KEY_SECRET_ARN)).toMatch(/^<SecretsCursorKey\w+>$/);
      expect(vars.CURSOR_SIGNING_KEY).toBeUndefined();
    }
    const byGroup = (g: string) => api.find((f) => f.Properties.Description === `API group ${g}`)!;
    for (const g of ['shares', 'profiles', 'uploads-images'])
      expect(flatten(byGroup(g).Properties.Environment.Variables.IP_HASH_SECRET_ARN)).toMatch(
        /^<SecretsIpHashPepper\w+>$/,
      );
    expect(byGroup('billing').Properties.Environment.Variables.IP_HASH_SECRET_ARN).toBeUndefined();
    // no secret value is resolved into any function's environment
    for (const fn of fns)
      expect(JSON.stringify(fn.Properties?.Environment ?? {})).not.toContain('resolve:secretsmanager');
    for (const id of ['CursorKey', 'IpHashPepper', 'OriginVerify'])
      expect(
        Object.keys(resourcesOf(dev.templates.app, 'AWS::SecretsManager::Secret')).some((k) =>
          k.startsWith(`Secrets${id}`),
        ),
      ).toBe(true);
    dev.templates.app.hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: Match.objectLike({ PasswordLength: 48 }),
    });
  });

  it('CloudFront is the only door: the API origin carries the edge token, the viewer IP is written by the edge, the WAF is attached', () => {
    const [dist] = Object.values(resourcesOf(dev.templates.web, 'AWS::CloudFront::Distribution'));
    const cfg = dist!.Properties.DistributionConfig;
    const apiOrigin = cfg.Origins.find((o: { OriginCustomHeaders?: unknown }) => o.OriginCustomHeaders);
    expect(apiOrigin.OriginCustomHeaders).toEqual([
      { HeaderName: ORIGIN_VERIFY_HEADER, HeaderValue: expect.anything() },
    ]);
    // a dynamic reference to the generated secret: the token is never in the template
    expect(flatten(apiOrigin.OriginCustomHeaders[0].HeaderValue)).toMatch(
      /^\{\{resolve:secretsmanager:<import:.*SecretsOriginVerify\w+>:SecretString:::\}\}$/,
    );
    for (const path of ['/api/*', '/l/*']) {
      const b = cfg.CacheBehaviors.find((x: { PathPattern: string }) => x.PathPattern === path);
      expect(b.TargetOriginId).toBe(apiOrigin.Id);
      expect(b.FunctionAssociations).toEqual([{ EventType: 'viewer-request', FunctionARN: expect.anything() }]);
    }
    const [fn] = Object.values(resourcesOf(dev.templates.web, 'AWS::CloudFront::Function')).filter((f) =>
      String(f.Properties.FunctionCode).includes(VIEWER_IP_HEADER),
    );
    expect(fn!.Properties.FunctionCode).toContain('event.viewer.ip');
    // the Edge stack's web ACL, read across regions (no manual -c webAclArn pass)
    expect(flatten(cfg.WebACLId)).toMatch(/^<ExportsReader\w+\.\/cdk\/exports\/Tryon-dev-Web\/.*WebAclArn/);
  });

  it('alarms on any refused Stripe fulfilment', () => {
    dev.templates.app.hasResourceProperties('AWS::Logs::MetricFilter', {
      FilterPattern: Match.stringLikeRegexp('stripe fulfilment refused'),
      MetricTransformations: [Match.objectLike({ MetricName: 'FulfilmentRefused', MetricNamespace: 'Tryon/Billing' })],
    });
    dev.templates.alarms.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'FulfilmentRefused',
      Threshold: 1,
    });
  });
});
