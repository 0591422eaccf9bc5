/**
 * CDK assertions on the synthesized app (dev stage, plus prod where the stage changes the template) and the
 * cdk-nag gate: every AwsSolutions finding is either fixed or acknowledged with a reason.
 */
import {
  RENDER_LEASE_SECONDS,
  RENDER_START_LEASE_SECONDS,
  RENDER_WORKER_MAX_EVENT_AGE_SECONDS,
  RENDER_WORKER_TIMEOUT_SECONDS,
  WORKFLOW_MEMORY_MB,
} from '../../shared/domain/render-queue';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import { ROUTES, groupsInUse, routeKey } from '../../shared/routes';
import { TABLE_SCHEMA } from '../../shared/repositories/table';
import { MEDIA_REWRITE_FUNCTION, SPA_REWRITE_FUNCTION } from '../../infra/lib/constructs/web';
import { PRERENDERED_PAGES } from '../../shared/domain/prerendered-pages';
import { tableIndexes } from '../../infra/lib/constructs/data';
import { flatten, resourcesOf, synthApp, type SynthesizedApp } from './synth';
import { EDGE_IDENTITY } from '../../infra/lib/constructs/api';
import { edgeCachedRoutes } from '../../infra/lib/edge-cache';
import { App } from 'aws-cdk-lib';
import { STAGE_CAPACITY, resolveStageConfig } from '../../infra/lib/stage-config';
import { apiThrottle, providerConcurrencyEnv, providerSlots } from '../../infra/lib/capacity';
import { ORIGIN_VERIFY_HEADER } from '../../shared/domain/edge';

let dev: SynthesizedApp;
let prod: SynthesizedApp;

beforeAll(() => {
  dev = synthApp('dev');
  prod = synthApp('prod');
});

afterAll(() => {
  for (const s of [dev, prod]) if (s) rmSync(s.outdir, { recursive: true, force: true });
});

const apiFunctions = (s: SynthesizedApp) =>
  Object.entries(resourcesOf(s.templates.app, 'AWS::Lambda::Function')).filter(([, r]) =>
    String(r.Properties?.Description ?? '').startsWith('API group '),
  );

/** Policy statements attached to the role of the function whose description is given. */
function statementsOf(s: SynthesizedApp, description: string): { Action: string | string[]; Resource: unknown }[] {
  const t = s.templates.app;
  const [, fn] = Object.entries(resourcesOf(t, 'AWS::Lambda::Function')).find(
    ([, r]) => r.Properties?.Description === description,
  )!;
  const roleId = fn.Properties.Role['Fn::GetAtt'][0];
  return Object.values(resourcesOf(t, 'AWS::IAM::Policy'))
    .filter((p) => p.Properties.Roles.some((r: { Ref: string }) => r.Ref === roleId))
    .flatMap((p) => p.Properties.PolicyDocument.Statement);
}
const actionsOf = (statements: { Action: string | string[] }[]) => statements.flatMap((st) => [st.Action].flat());

describe('cdk-nag (AwsSolutions)', () => {
  it('dev synthesizes with no unacknowledged finding', () => {
    expect(dev.nagViolations, JSON.stringify(dev.nagViolations)).toEqual([]);
  });
  it('prod synthesizes with no unacknowledged finding', () => {
    expect(prod.nagViolations).toEqual([]);
  });
  it('no IAM statement grants Resource "*" except for APIs without resource-level permissions', () => {
    const allowed =
      /^(xray:|logs:(CreateLogDelivery|GetLogDelivery|UpdateLogDelivery|DeleteLogDelivery|ListLogDeliveries|PutResourcePolicy|DescribeResourcePolicies|DescribeLogGroups)$|cloudfront:(CreateInvalidation|GetInvalidation)$|rekognition:DetectModerationLabels$)/;
    for (const s of [dev, prod]) {
      for (const t of Object.values(s.templates)) {
        for (const policy of Object.values(resourcesOf(t, 'AWS::IAM::Policy'))) {
          for (const st of policy.Properties.PolicyDocument.Statement) {
            if ([st.Resource].flat().includes('*')) for (const a of [st.Action].flat()) expect(a).toMatch(allowed);
            for (const a of [st.Action].flat()) expect(a).not.toMatch(/^(s3|dynamodb|states|secretsmanager):\*$/);
          }
        }
      }
    }
  });
});

describe('data stack', () => {
  it('has the one table with the keys, indexes, PITR and TTL of TABLE_SCHEMA', () => {
    const t = dev.templates.data;
    t.resourceCountIs('AWS::DynamoDB::Table', 1);
    t.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: [
        { AttributeName: TABLE_SCHEMA.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE_SCHEMA.sortKey, KeyType: 'RANGE' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      TimeToLiveSpecification: { AttributeName: TABLE_SCHEMA.ttlAttribute, Enabled: true },
      GlobalSecondaryIndexes: tableIndexes().map((i) => ({
        IndexName: i.name,
        KeySchema: [
          { AttributeName: i.partitionKey, KeyType: 'HASH' },
          { AttributeName: i.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    });
    expect(tableIndexes().map((i) => i.name)).toContain('gsi1');
  });

  it('removes the table with a dev stack, retains and protects it in prod', () => {
    dev.templates.data.hasResource('AWS::DynamoDB::Table', { DeletionPolicy: 'Delete' });
    dev.templates.data.hasResourceProperties('AWS::DynamoDB::Table', { DeletionProtectionEnabled: false });
    prod.templates.data.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({ DeletionProtectionEnabled: true }),
    });
  });

  it('encrypts every bucket, blocks public access and denies non-TLS requests', () => {
    for (const s of [dev, prod]) {
      for (const t of [s.templates.data, s.templates.web]) {
        const buckets = resourcesOf(t, 'AWS::S3::Bucket');
        expect(Object.keys(buckets).length).toBeGreaterThan(0);
        for (const [id, b] of Object.entries(buckets)) {
          expect(
            b.Properties.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault
              .SSEAlgorithm,
          ).toBe('AES256');
          expect(b.Properties.PublicAccessBlockConfiguration).toEqual({
            BlockPublicAcls: true,
            BlockPublicPolicy: true,
            IgnorePublicAcls: true,
            RestrictPublicBuckets: true,
          });
          const policy = Object.values(resourcesOf(t, 'AWS::S3::BucketPolicy')).find(
            (p) => p.Properties.Bucket.Ref === id,
          );
          expect(policy, `bucket policy of ${id}`).toBeDefined();
          expect(policy!.Properties.PolicyDocument.Statement).toContainEqual(
            expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          );
        }
      }
    }
  });

  it('gives both media buckets access logs, CORS for presigned GET/PUT and the upload lifecycle rules', () => {
    const buckets = Object.values(resourcesOf(dev.templates.data, 'AWS::S3::Bucket')).filter(
      (b) => b.Properties.CorsConfiguration,
    );
    expect(buckets).toHaveLength(2);
    for (const b of buckets) {
      expect(b.Properties.LoggingConfiguration.DestinationBucketName).toBeDefined();
      const [cors] = b.Properties.CorsConfiguration.CorsRules;
      expect(cors.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'PUT']));
      expect(cors.AllowedOrigins).toEqual(['https://*.cloudfront.net']);
      const rules = b.Properties.LifecycleConfiguration.Rules;
      expect(rules).toContainEqual(
        expect.objectContaining({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 }, Status: 'Enabled' }),
      );
      expect(rules).toContainEqual(
        expect.objectContaining({ Prefix: 'uploads/tmp/', ExpirationInDays: 1, Status: 'Enabled' }),
      );
    }
    const prodMedia = Object.values(resourcesOf(prod.templates.data, 'AWS::S3::Bucket')).filter(
      (b) => b.Properties.CorsConfiguration,
    );
    for (const b of prodMedia) expect(b.Properties.VersioningConfiguration).toEqual({ Status: 'Enabled' });
  });
});

describe('auth stack', () => {
  it('has an email user pool with the password policy, the groups and a public app client', () => {
    const t = dev.templates.auth;
    t.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      Policies: {
        PasswordPolicy: Match.objectLike({
          MinimumLength: 8,
          RequireUppercase: true,
          RequireLowercase: true,
          RequireNumbers: true,
        }),
      },
      AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
    });
    t.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      // Only the flows the SPA uses; no OAuth (no implicit flow, no example.com callback).
      ExplicitAuthFlows: Match.arrayEquals(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']),
      AllowedOAuthFlows: Match.absent(),
      CallbackURLs: Match.absent(),
    });
    const [client] = Object.values(resourcesOf(t, 'AWS::Cognito::UserPoolClient'));
    expect(JSON.stringify(client!.Properties)).not.toMatch(/implicit|example\.com/);
    t.hasResourceProperties('AWS::Cognito::UserPool', {
      MfaConfiguration: 'OPTIONAL',
      EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
    });
    const groups = Object.values(resourcesOf(t, 'AWS::Cognito::UserPoolGroup')).map((g) => g.Properties.GroupName);
    expect(groups.sort()).toEqual(['admin', 'influencer']);
  });

  it('enforces threat protection in prod', () => {
    prod.templates.auth.hasResourceProperties('AWS::Cognito::UserPool', {
      UserPoolTier: 'PLUS',
      UserPoolAddOns: { AdvancedSecurityMode: 'ENFORCED' },
      DeletionProtection: 'ACTIVE',
    });
    prod.templates.auth.hasResource('AWS::Cognito::UserPool', { DeletionPolicy: 'Retain' });
  });
});

describe('API (generated from the route table)', () => {
  it('has one Lambda per group in use, Node.js 22 on arm64 with X-Ray', () => {
    const fns = apiFunctions(dev);
    expect(fns.map(([, f]) => f.Properties.Description).sort()).toEqual(
      groupsInUse()
        .map((g) => `API group ${g}`)
        .sort(),
    );
    for (const [, f] of fns) {
      expect(f.Properties).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        MemorySize: 512,
        Timeout: 29,
        Handler: 'index.handler',
        TracingConfig: { Mode: 'Active' },
      });
      expect(Object.keys(f.Properties.Environment.Variables)).toEqual(
        expect.arrayContaining([
          'APP_STAGE',
          'TABLE_NAME',
          'PRIVATE_BUCKET',
          'PUBLIC_BUCKET',
          'COGNITO_USER_POOL_ID',
          'COGNITO_CLIENT_ID',
        ]),
      );
      expect(f.Properties.LoggingConfig.LogGroup).toBeDefined();
    }
  });

  it('runs every function of the app on Node.js 22 / arm64', () => {
    for (const f of Object.values(resourcesOf(dev.templates.app, 'AWS::Lambda::Function'))) {
      expect(f.Properties.Runtime).toBe('nodejs22.x');
      expect(f.Properties.Architectures).toEqual(['arm64']);
    }
  });

  it('has exactly one route per route-table entry', () => {
    const routes = Object.values(resourcesOf(dev.templates.app, 'AWS::ApiGatewayV2::Route'));
    expect(routes).toHaveLength(ROUTES.length);
    expect(routes.map((r) => r.Properties.RouteKey).sort()).toEqual(ROUTES.map(routeKey).sort());
  });

  it('closes the side entrance: every route has the edge authorizer, so a request without the origin token runs no function', () => {
    for (const s of [dev, prod]) {
      const t = s.templates.app;
      const authorizers = Object.entries(resourcesOf(t, 'AWS::ApiGatewayV2::Authorizer'));
      // Lambda REQUEST authorizers only (no JWT authorizer: an HTTP API route takes one authorizer)
      expect(authorizers).toHaveLength(2);
      const byName = new Map(authorizers.map(([id, a]) => [a.Properties.Name, { id, p: a.Properties }]));
      const edgeOnly = byName.get('edge-only')!;
      const edgeAndBearer = byName.get('edge-and-bearer')!;
      for (const [a, identity] of [
        [edgeOnly, EDGE_IDENTITY.edge],
        [edgeAndBearer, EDGE_IDENTITY.user],
      ] as const) {
        expect(a.p.AuthorizerType).toBe('REQUEST');
        // missing identity source = API Gateway's own 401, the authorizer is not even invoked
        expect(a.p.IdentitySource).toEqual([...identity]);
        expect(a.p.IdentitySource[0]).toBe(`$request.header.${ORIGIN_VERIFY_HEADER}`);
        expect(a.p.EnableSimpleResponses).toBe(true);
        expect(a.p.AuthorizerPayloadFormatVersion).toBe('2.0');
        // the answer is cached per header value: CloudFront's token is checked about once an hour
        expect(a.p.AuthorizerResultTtlInSeconds).toBe(3600);
        expect(flatten(a.p.AuthorizerUri)).toContain('EdgeAuthorizer');
      }
      // the authorizer function reads only the origin secret
      const [fnId] = Object.entries(resourcesOf(t, 'AWS::Lambda::Function')).find(([, f]) =>
        String(f.Properties?.Description).startsWith('API authorizer'),
      )!;
      expect(flatten(edgeOnly.p.AuthorizerUri)).toContain(fnId);
      const byKey = new Map(
        Object.values(resourcesOf(t, 'AWS::ApiGatewayV2::Route')).map((r) => [r.Properties.RouteKey, r.Properties]),
      );
      for (const route of ROUTES) {
        const r = byKey.get(routeKey(route))!;
        expect(r.AuthorizationType, routeKey(route)).toBe('CUSTOM');
        expect(r.AuthorizerId, routeKey(route)).toEqual({
          Ref: route.auth === 'user' ? edgeAndBearer.id : edgeOnly.id,
        });
      }
    }
  });

  it('has a throttled $default stage with access logs', () => {
    dev.templates.app.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: Match.anyValue(), ThrottlingBurstLimit: Match.anyValue() },
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('\\$context.requestId') },
    });
  });
  // Each group's grants: test/infra/iam-contract.test.ts (the IAM contract, both ways).
});

describe('generation workflow', () => {
  const definition = () => {
    const machines = Object.values(resourcesOf(dev.templates.app, 'AWS::StepFunctions::StateMachine'));
    expect(machines).toHaveLength(1);
    const [machine] = machines;
    return { sm: machine!.Properties, asl: JSON.parse(flatten(machine!.Properties.DefinitionString)) };
  };

  it('is a STANDARD state machine: Render waits for a task token and ends it (one transition); errors to MarkFailed', () => {
    const { sm, asl } = definition();
    expect(sm.StateMachineType).toBe('STANDARD');
    expect(sm.LoggingConfiguration).toMatchObject({ Level: 'ALL', IncludeExecutionData: false });
    expect(sm.TracingConfiguration).toEqual({ Enabled: true });
    expect(asl.StartAt).toBe('Render');
    expect(asl.TimeoutSeconds).toBe(3600);
    expect(Object.keys(asl.States).sort()).toEqual(['GenerationFailed', 'MarkFailed', 'Render']);
    expect(asl.States.Render).toMatchObject({
      Type: 'Task',
      Resource: 'arn:<AWS::Partition>:states:::lambda:invoke.waitForTaskToken',
      Parameters: {
        Payload: { 'taskToken.$': '$$.Task.Token', 'generationId.$': '$.generationId', 'userId.$': '$.userId' },
      },
      End: true,
      Catch: [{ ErrorEquals: ['States.ALL'], ResultPath: '$.error', Next: 'MarkFailed' }],
    });
    expect(asl.States.Render.Next).toBeUndefined();
    expect(asl.States.MarkFailed.Next).toBe('GenerationFailed');
    expect(asl.States.Render.TimeoutSeconds).toBeLessThan(asl.TimeoutSeconds);
    // no Wait/Choice polling loop: the cost per generation does not grow with the queue
    expect(
      Object.values(asl.States as Record<string, { Type: string }>).some(
        (s) => s.Type === 'Wait' || s.Type === 'Choice',
      ),
    ).toBe(false);
  });

  it('retries Lambda throttling and service errors with exponential backoff and full jitter on every task', () => {
    const { asl } = definition();
    for (const name of ['Render', 'MarkFailed']) {
      expect(asl.States[name].Retry, name).toContainEqual(
        expect.objectContaining({
          ErrorEquals: expect.arrayContaining([
            'Lambda.TooManyRequestsException',
            'Lambda.ServiceException',
            'Lambda.SdkClientException',
          ]),
          BackoffRate: 2,
          JitterStrategy: 'FULL',
        }),
      );
    }
  });

  it('refunds at once on FAILED, TIMED_OUT and ABORTED executions through an EventBridge rule', () => {
    const rules = Object.values(resourcesOf(dev.templates.app, 'AWS::Events::Rule')).filter((r) =>
      r.Properties.EventPattern?.source?.includes('aws.states'),
    );
    expect(rules).toHaveLength(1);
    expect(rules[0]!.Properties.EventPattern).toMatchObject({
      'detail-type': ['Step Functions Execution Status Change'],
      detail: { status: ['FAILED', 'TIMED_OUT', 'ABORTED'] },
    });
    expect(rules[0]!.Properties.Targets[0].DeadLetterConfig).toBeDefined();
  });

  it('runs the render worker with no async retries (the lease retries it), a failure destination and a DLQ behind it', () => {
    const t = dev.templates.app;
    t.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      MaximumRetryAttempts: 0,
      // issue 41: a throttled event is dropped to the failure destination before the claim's start lease runs out,
      // so the sweeper never starts another attempt while this one's event may still be delivered
      MaximumEventAgeInSeconds: RENDER_WORKER_MAX_EVENT_AGE_SECONDS,
      DestinationConfig: { OnFailure: { Destination: Match.anyValue() } },
    });
    expect(RENDER_START_LEASE_SECONDS).toBeGreaterThan(RENDER_WORKER_MAX_EVENT_AGE_SECONDS);
    // a lease outlives any invocation: when it runs out the worker is gone, never still rendering
    const [workerFn] = Object.values(resourcesOf(t, 'AWS::Lambda::Function')).filter(
      (f) =>
        f.Properties.Description ===
        'Render worker: renders one claimed generation and reports to its waiting execution',
    );
    expect(workerFn!.Properties.Timeout).toBe(RENDER_WORKER_TIMEOUT_SECONDS);
    expect(RENDER_LEASE_SECONDS).toBeGreaterThan(RENDER_WORKER_TIMEOUT_SECONDS);
    const worker = statementsOf(
      dev,
      'Render worker: renders one claimed generation and reports to its waiting execution',
    );
    const actions = actionsOf(worker);
    expect(actions).toEqual(
      expect.arrayContaining([
        'states:SendTaskSuccess',
        'states:SendTaskFailure',
        'lambda:InvokeFunction',
        's3:GetObject',
        's3:PutObject',
        'secretsmanager:GetSecretValue',
      ]),
    );
    expect(actions.includes('states:StartExecution')).toBe(false);
  });

  it('waits for a synchronous provider in a small function (no sharp, no engine), memory sizes from one place', () => {
    const t = dev.templates.app;
    const fns = Object.entries(resourcesOf(t, 'AWS::Lambda::Function'));
    const byDescription = (d: string) => fns.find(([, f]) => f.Properties.Description === d)!;
    const [callId, call] = byDescription(
      "Provider call: waits for a synchronous provider's render, stages its images, hands the image work to the render worker",
    );
    const [, worker] = byDescription(
      'Render worker: renders one claimed generation and reports to its waiting execution',
    );
    const [, enqueue] = byDescription('Generation workflow: queue the render with its task token');
    expect(call.Properties.MemorySize).toBe(WORKFLOW_MEMORY_MB.providerCall);
    expect(call.Properties.MemorySize).toBeLessThanOrEqual(512);
    expect(worker.Properties.MemorySize).toBe(WORKFLOW_MEMORY_MB.renderWorker);
    expect(enqueue.Properties.MemorySize).toBe(WORKFLOW_MEMORY_MB.task);
    expect(call.Properties.Timeout).toBe(RENDER_WORKER_TIMEOUT_SECONDS);
    // neither the sharp layer nor the engine's files
    expect(call.Properties.Layers).toBeUndefined();
    expect(Object.keys(call.Properties.Environment.Variables)).not.toContain('ENGINE_MODELS_DIR');
    expect(call.Properties.Environment.Variables.PROVIDER_CALL_ARN).toBe('Tryon-dev-provider-call');
    expect(enqueue.Properties.Environment.Variables.PROVIDER_CALL_ARN).toBe('Tryon-dev-provider-call');
    // no async retries, the worker's failure destination (the one retry path)
    const [config] = Object.values(resourcesOf(t, 'AWS::Lambda::EventInvokeConfig')).filter(
      (c) => flatten(c.Properties.FunctionName) === `<${callId}>`,
    );
    expect(config!.Properties.MaximumRetryAttempts).toBe(0);
    expect(config!.Properties.MaximumEventAgeInSeconds).toBe(RENDER_WORKER_MAX_EVENT_AGE_SECONDS);
    expect(flatten(config!.Properties.DestinationConfig.OnFailure.Destination)).toMatch(/RenderWorkerFailed/);
    // it answers task tokens and invokes the worker; it never reads the C2PA key nor calls Rekognition
    const statements = statementsOf(
      dev,
      "Provider call: waits for a synchronous provider's render, stages its images, hands the image work to the render worker",
    );
    const actions = actionsOf(statements);
    expect(actions).toEqual(
      expect.arrayContaining(['states:SendTaskFailure', 'lambda:InvokeFunction', 's3:PutObject', 's3:GetObject']),
    );
    expect(actions.some((a) => a.startsWith('rekognition:'))).toBe(false);
    expect(JSON.stringify(statements)).not.toMatch(/Provenance/);
  });

  it('runs a sweeper every minute that may answer task tokens and stop executions', () => {
    dev.templates.app.hasResourceProperties('AWS::Events::Rule', { ScheduleExpression: 'rate(1 minute)' });
    const actions = actionsOf(statementsOf(dev, 'Overdue render leases, dispatch safety net, stuck generations'));
    expect(actions).toEqual(
      expect.arrayContaining([
        'states:StopExecution',
        'states:SendTaskFailure',
        'dynamodb:UpdateItem',
        'lambda:InvokeFunction',
      ]),
    );
    expect(actions.some((a) => a.startsWith('s3:') || a.startsWith('secretsmanager:'))).toBe(false);
  });

  it('expires credit packs daily with table access only', () => {
    dev.templates.app.hasResourceProperties('AWS::Events::Rule', { ScheduleExpression: 'cron(15 3 * * ? *)' });
    const actions = actionsOf(statementsOf(dev, 'Records expiry ledger entries for credit packs past 12 months'));
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:UpdateItem', 'dynamodb:PutItem', 'dynamodb:Query']));
    expect(actions.some((a) => a.startsWith('s3:') || a.startsWith('states:'))).toBe(false);
  });

  it('reads the provider keys only where a render is queued or run, the C2PA signing key only in the worker', () => {
    const readers = {
      'Generation workflow: queue the render with its task token': true,
      'Generation workflow: readable error, refund once, free the slot': false,
      'Render worker: renders one claimed generation and reports to its waiting execution': true,
    };
    for (const [description, reads] of Object.entries(readers)) {
      const actions = actionsOf(statementsOf(dev, description));
      expect(actions.includes('secretsmanager:GetSecretValue'), description).toBe(reads);
    }
    const secretResources = (description: string) =>
      JSON.stringify(
        statementsOf(dev, description)
          .filter((st: { Action: unknown }) => [st.Action].flat().includes('secretsmanager:GetSecretValue'))
          .map((st: { Resource: unknown }) => st.Resource),
      );
    expect(secretResources('Generation workflow: queue the render with its task token')).toMatch(/Providers/);
    expect(secretResources('Generation workflow: queue the render with its task token')).not.toMatch(/Provenance/);
    expect(
      secretResources('Render worker: renders one claimed generation and reports to its waiting execution'),
    ).toMatch(/Provenance/);
  });

  it('deletes generated images past their retention daily (delete and list only, no read or write)', () => {
    dev.templates.app.hasResourceProperties('AWS::Events::Rule', { ScheduleExpression: 'cron(45 3 * * ? *)' });
    const actions = actionsOf(
      statementsOf(dev, 'Deletes generated images past each user retention choice (items and objects)'),
    );
    expect(actions).toEqual(
      expect.arrayContaining(['dynamodb:Query', 'dynamodb:DeleteItem', 's3:DeleteObject', 's3:ListBucket']),
    );
    expect(actions.filter((a) => a.startsWith('s3:')).sort()).toEqual(['s3:DeleteObject', 's3:ListBucket']);
  });

  it('builds data exports in their own function, which only the privacy API function may invoke', () => {
    const exportStatements = statementsOf(dev, 'Builds a user data export ZIP (Download my data)');
    const exportActions = actionsOf(exportStatements);
    expect(exportActions.filter((a) => a.startsWith('s3:')).sort()).toEqual([
      's3:DeleteObject',
      's3:GetObject',
      's3:ListBucket',
      's3:PutObject',
      's3:PutObjectTagging',
    ]);
    // it lists the user's own uploads (outfit pieces, template inputs: issue 26); as a reader of the bucket's
    // objects it may list the whole bucket, so that S3 answers a missing key 404, not 403 (issue 41)
    const listing = exportStatements.filter((st: { Action: unknown }) => [st.Action].flat().includes('s3:ListBucket'));
    expect(listing.map((st: { Action: unknown; Condition?: unknown }) => st.Condition)).toEqual([undefined]);
    const privacy = statementsOf(dev, 'API group privacy');
    expect(actionsOf(privacy)).toEqual(
      expect.arrayContaining([
        'lambda:InvokeFunction',
        'cognito-idp:AdminDeleteUser',
        'cognito-idp:AdminUserGlobalSignOut',
      ]),
    );
    for (const group of groupsInUse().filter((g) => g !== 'privacy')) {
      const actions = actionsOf(statementsOf(dev, `API group ${group}`));
      expect(actions.includes('cognito-idp:AdminDeleteUser'), group).toBe(false);
    }
    // Export archives expire by tag in both media buckets' lifecycle.
    dev.templates.data.hasResourceProperties('AWS::S3::Bucket', {
      LifecycleConfiguration: {
        Rules: Match.arrayWith([
          Match.objectLike({
            Id: 'expire-data-exports',
            TagFilters: [{ Key: 'fitly-export', Value: 'true' }],
            ExpirationInDays: 2,
          }),
        ]),
      },
    });
  });
});

describe('capacity per stage (infra/lib/capacity.ts, docs/capacity.md)', () => {
  it("sets every function's provider slots and the stage throttle from the stage config, sized for its target", () => {
    for (const s of [dev, prod]) {
      const { config } = s.stacks;
      const slots = providerSlots(STAGE_CAPACITY[config.stage]);
      expect(config.providerConcurrency).toEqual(slots);
      expect(config.apiThrottle).toEqual(apiThrottle(STAGE_CAPACITY[config.stage]));
      const env = providerConcurrencyEnv(slots);
      const fns = Object.values(resourcesOf(s.templates.app, 'AWS::Lambda::Function')).filter((f) =>
        /^(API group |Render worker|Overdue render|Generation workflow)/.test(String(f.Properties?.Description)),
      );
      expect(fns.length).toBeGreaterThan(5);
      for (const f of fns) expect(f.Properties.Environment.Variables).toMatchObject(env);
      s.templates.app.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
        DefaultRouteSettings: {
          ThrottlingRateLimit: config.apiThrottle.rateLimit,
          ThrottlingBurstLimit: config.apiThrottle.burstLimit,
        },
      });
    }
    // prod carries 1M looks a day (35 a second at peak) and a viral share: no longer 200 rps and 6 FASHN slots
    expect(prod.stacks.config.apiThrottle.rateLimit).toBeGreaterThanOrEqual(1_800);
    expect(prod.stacks.config.providerConcurrency.fashn).toBeGreaterThanOrEqual(35 * 10);
    expect(dev.stacks.config.providerConcurrency).toEqual({ engine: 4, fashn: 6, gemini: 10 });
  });

  it('-c providerConcurrency caps a provider to what its account allows; nonsense is refused', () => {
    const app = new App({ context: { stage: 'prod', providerConcurrency: 'fashn:6, gemini:40' } });
    expect(resolveStageConfig(app).providerConcurrency).toMatchObject({ fashn: 6, gemini: 40, engine: 70 });
    for (const bad of ['fashn:0', 'openai:3', 'fashn'])
      expect(() => resolveStageConfig(new App({ context: { providerConcurrency: bad } }))).toThrow(
        /providerConcurrency/,
      );
  });

  it('logs the state machine at ALL in dev and ERROR in prod (paid per GB)', () => {
    const level = (s: SynthesizedApp) =>
      Object.values(resourcesOf(s.templates.app, 'AWS::StepFunctions::StateMachine'))[0]!.Properties
        .LoggingConfiguration.Level;
    expect([level(dev), level(prod)]).toEqual(['ALL', 'ERROR']);
  });

  it('expires the noncurrent versions of transient objects (uploads, exports, share copies, variants) after a day in prod', () => {
    const [bucket] = Object.values(resourcesOf(prod.templates.data, 'AWS::S3::Bucket')).filter(
      (b) => b.Properties.VersioningConfiguration?.Status === 'Enabled',
    );
    const rules: { Id: string; NoncurrentVersionExpiration?: { NoncurrentDays: number } }[] =
      bucket!.Properties.LifecycleConfiguration.Rules;
    const days = (id: string) => rules.find((r) => r.Id === id)?.NoncurrentVersionExpiration?.NoncurrentDays;
    for (const id of ['expire-tmp-uploads', 'expire-data-exports', 'expire-shared-looks', 'expire-unkept-variants'])
      expect(days(id), id).toBe(1);
    expect(days('expire-noncurrent-versions')).toBe(30);
    expect(rules.find((r) => r.Id === 'remove-expired-delete-markers')).toMatchObject({
      ExpiredObjectDeleteMarker: true,
    });
  });
});

describe('web distribution', () => {
  it('serves the SPA from S3 with OAC and proxies /api/* uncached to the HTTP API (but the edge-cached public routes)', () => {
    const t = dev.templates.web;
    // one for the SPA bucket, one for the public media bucket (/media/*)
    t.resourceCountIs('AWS::CloudFront::OriginAccessControl', 2);
    const [dist] = Object.values(resourcesOf(t, 'AWS::CloudFront::Distribution'));
    const config = dist!.Properties.DistributionConfig;
    expect(config.DefaultCacheBehavior).toMatchObject({ ViewerProtocolPolicy: 'redirect-to-https', Compress: true });
    expect(config.DefaultCacheBehavior.FunctionAssociations).toEqual([
      expect.objectContaining({ EventType: 'viewer-request' }),
    ]);
    expect(config.CacheBehaviors.map((b: { PathPattern: string }) => b.PathPattern).sort()).toEqual(
      ['/api/*', '/l/*', '/media/*', ...edgeCachedRoutes().map((r) => r.pathPattern)].sort(),
    );
    const api = config.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === '/api/*');
    expect(api).toMatchObject({
      PathPattern: '/api/*',
      CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // CachingDisabled
      OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // AllViewerExceptHostHeader
      AllowedMethods: expect.arrayContaining(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE']),
    });
    const apiOrigin = config.Origins.find((o: { Id: string }) => o.Id === api.TargetOriginId);
    expect(flatten(apiOrigin.DomainName)).toMatch(/\.execute-api\.eu-west-1\.(amazonaws\.com|<AWS::URLSuffix>)$/);
    expect(apiOrigin.CustomOriginConfig).toMatchObject({
      OriginProtocolPolicy: 'https-only',
      OriginSSLProtocols: ['TLSv1.2'],
    });
    expect(config.Logging).toBeDefined();
  });

  it('caches the public routes marked in the route table at the edge: honouring the origin, keyed on their query only, before /api/*', () => {
    const cached = edgeCachedRoutes();
    // what the issue names: the share images, explore; never a route whose answer depends on the caller
    expect(cached.map((c) => routeKey(c.route))).toEqual(
      expect.arrayContaining(['GET /api/l/{token}/images/{index}', 'GET /api/explore/styles']),
    );
    for (const c of cached) expect([c.route.method, c.route.auth]).toEqual(['GET', 'public']);
    for (const key of ['GET /api/l/{token}', 'GET /api/styles/{id}', 'GET /api/private-image/{key+}'])
      expect(cached.map((c) => routeKey(c.route))).not.toContain(key);
    for (const s of [dev, prod]) {
      const t = s.templates.web;
      const [dist] = Object.values(resourcesOf(t, 'AWS::CloudFront::Distribution'));
      const config = dist!.Properties.DistributionConfig;
      const behaviors: { PathPattern: string; CachePolicyId: unknown; [k: string]: unknown }[] = config.CacheBehaviors;
      const order = behaviors.map((b) => b.PathPattern);
      const api = behaviors.find((b) => b.PathPattern === '/api/*')!;
      const policies = resourcesOf(t, 'AWS::CloudFront::CachePolicy');
      for (const c of cached) {
        const b = behaviors.find((x) => x.PathPattern === c.pathPattern)!;
        // CloudFront takes the first matching behaviour: each must come before /api/*
        expect(order.indexOf(c.pathPattern), c.pathPattern).toBeLessThan(order.indexOf('/api/*'));
        expect(b.TargetOriginId).toBe(api.TargetOriginId);
        expect(b.AllowedMethods).toEqual(['GET', 'HEAD']);
        // nothing of the viewer's reaches the function but the cache key: no Authorization, no cookie
        expect(b.OriginRequestPolicyId, c.pathPattern).toBeUndefined();
        expect(b.FunctionAssociations).toBeUndefined();
        const policy = policies[(b.CachePolicyId as { Ref: string }).Ref]!.Properties.CachePolicyConfig;
        expect(policy.MinTTL).toBe(0);
        // an answer without Cache-Control (or no-store, private) is not kept: the origin decides, up to MaxTTL
        expect(policy.DefaultTTL).toBe(0);
        expect(policy.MaxTTL).toBeGreaterThanOrEqual(c.seconds);
        const key = policy.ParametersInCacheKeyAndForwardedToOrigin;
        expect(key.HeadersConfig.HeaderBehavior).toBe('none');
        expect(key.CookiesConfig.CookieBehavior).toBe('none');
        if (c.queryKeys.length)
          expect(key.QueryStringsConfig).toEqual({
            QueryStringBehavior: 'whitelist',
            QueryStrings: expect.arrayContaining(c.queryKeys),
          });
        else expect(key.QueryStringsConfig.QueryStringBehavior).toBe('none');
      }
      // explore is keyed on exactly its query parameters
      const explore = cached.find((c) => c.route.path === '/api/explore/styles')!;
      expect(explore.queryKeys).toEqual(expect.arrayContaining(['q', 'category', 'sort', 'cursor', 'limit']));
    }
  });

  it('refuses to cache a route that is not a public GET, or a path pattern that would catch another route', () => {
    const base = { group: 'catalog', edgeCacheSeconds: 60 } as const;
    expect(() => edgeCachedRoutes([{ ...base, method: 'GET', path: '/api/a/{id}', auth: 'optional' }])).toThrow(
      /only public GET/,
    );
    expect(() => edgeCachedRoutes([{ ...base, method: 'POST', path: '/api/a', auth: 'public' }])).toThrow(
      /only public GET/,
    );
    expect(() =>
      edgeCachedRoutes([
        { ...base, method: 'GET', path: '/api/a/{id}', auth: 'public' },
        { group: 'catalog', method: 'GET', path: '/api/a/{id}/private', auth: 'user' },
      ]),
    ).toThrow(/would also cache GET \/api\/a\/\{id\}\/private/);
  });

  it("sends /l/* (shared looks' Open Graph page) to the same API, cached at most a minute, read-only", () => {
    const t = dev.templates.web;
    const [dist] = Object.values(resourcesOf(t, 'AWS::CloudFront::Distribution'));
    const config = dist!.Properties.DistributionConfig;
    const page = config.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === '/l/*');
    const api = config.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === '/api/*');
    expect(page.TargetOriginId).toBe(api.TargetOriginId);
    expect(page).toMatchObject({
      ViewerProtocolPolicy: 'redirect-to-https',
      AllowedMethods: ['GET', 'HEAD'],
      OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac',
    });
    // not rewritten to index.html (the Lambda answers it): its only function writes the viewer IP (issue 24)
    expect(page.FunctionAssociations).toHaveLength(1);
    const fnId = flatten(page.FunctionAssociations[0].FunctionARN);
    expect(fnId).toMatch(/^<WebViewerIp\w+\.FunctionARN>$/);
    // the share page's own policy (the distribution has another one for /media/*)
    const [policyId, policy] = Object.entries(resourcesOf(t, 'AWS::CloudFront::CachePolicy')).find(([id]) =>
      flatten(page.CachePolicyId).includes(id),
    )!;
    expect(flatten(page.CachePolicyId)).toContain(policyId);
    expect(policy.Properties.CachePolicyConfig).toMatchObject({ MaxTTL: 60, DefaultTTL: 60, MinTTL: 0 });
  });

  it("the default behaviour's viewer-request function is the rewrite that serves the prerendered pages (issue 28)", () => {
    const t = dev.templates.web;
    const [dist] = Object.values(resourcesOf(t, 'AWS::CloudFront::Distribution'));
    const [assoc] = dist!.Properties.DistributionConfig.DefaultCacheBehavior.FunctionAssociations;
    const fnId = flatten(assoc.FunctionARN);
    const [, fn] = Object.entries(resourcesOf(t, 'AWS::CloudFront::Function')).find(([id]) => fnId.includes(id))!;
    expect(fn.Properties.FunctionCode).toBe(SPA_REWRITE_FUNCTION);
    expect(fn.Properties.FunctionConfig.Runtime).toBe('cloudfront-js-2.0');
    for (const file of Object.values(PRERENDERED_PAGES)) expect(fn.Properties.FunctionCode).toContain(file);
  });

  it('has no custom error responses (they would rewrite API errors)', () => {
    const [dist] = Object.values(resourcesOf(dev.templates.web, 'AWS::CloudFront::Distribution'));
    expect(dist!.Properties.DistributionConfig.CustomErrorResponses).toBeUndefined();
  });

  it('sends the security headers', () => {
    const policy = Object.values(resourcesOf(dev.templates.web, 'AWS::CloudFront::ResponseHeadersPolicy')).find((p) =>
      /security headers/.test(p.Properties.ResponseHeadersPolicyConfig.Comment),
    )!;
    const h = policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    expect(h.StrictTransportSecurity).toMatchObject({ IncludeSubdomains: true, Override: true });
    expect(h.ContentTypeOptions).toEqual({ Override: true });
    expect(h.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
    expect(h.ReferrerPolicy.ReferrerPolicy).toBe('strict-origin-when-cross-origin');
    const csp = h.ContentSecurityPolicy.ContentSecurityPolicy as string;
    for (const directive of [
      "default-src 'self'",
      "frame-ancestors 'none'",
      "object-src 'none'",
      "connect-src 'self' https://cognito-idp.eu-west-1.amazonaws.com",
    ])
      expect(csp).toContain(directive);
    const directives = Object.fromEntries(
      csp.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values.join(' ')];
      }),
    );
    // exactly what the Fitly engine in the browser needs: WebAssembly compilation, no JS eval, workers from the site only
    expect(directives['script-src']).toBe("'self' 'wasm-unsafe-eval'");
    expect(directives['worker-src']).toBe("'self'");
  });

  it('serves public images under /media/* from the public bucket (OAC), cached a year by browsers and a day at the edge', () => {
    const t = dev.templates.web;
    const [dist] = Object.values(resourcesOf(t, 'AWS::CloudFront::Distribution'));
    const config = dist!.Properties.DistributionConfig;
    const media = config.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === '/media/*');
    expect(media).toMatchObject({
      ViewerProtocolPolicy: 'redirect-to-https',
      Compress: true,
      AllowedMethods: ['GET', 'HEAD'],
    });
    expect(media.FunctionAssociations).toEqual([expect.objectContaining({ EventType: 'viewer-request' })]);
    // the origin is the Data stack's public bucket, signed by an OAC (no OAI, no public bucket)
    const origin = config.Origins.find((o: { Id: string }) => o.Id === media.TargetOriginId);
    expect(JSON.stringify(origin.DomainName)).toContain('PublicMedia');
    expect(origin.OriginAccessControlId).toBeDefined();
    expect(origin.S3OriginConfig).toEqual({ OriginAccessIdentity: '' });
    // the cache policy: no cookies, headers or query strings in the key; a day at the edge at most
    const policies = resourcesOf(t, 'AWS::CloudFront::CachePolicy');
    const policyId = media.CachePolicyId.Ref as string;
    const cache = policies[policyId]!.Properties.CachePolicyConfig;
    expect(cache).toMatchObject({ DefaultTTL: 86400, MaxTTL: 86400, MinTTL: 0 });
    expect(cache.ParametersInCacheKeyAndForwardedToOrigin).toMatchObject({
      CookiesConfig: { CookieBehavior: 'none' },
      HeadersConfig: { HeaderBehavior: 'none' },
      QueryStringsConfig: { QueryStringBehavior: 'none' },
      EnableAcceptEncodingGzip: true,
    });
    // browsers keep an image a year (immutable keys), with the security headers too
    const headers = resourcesOf(t, 'AWS::CloudFront::ResponseHeadersPolicy')[
      media.ResponseHeadersPolicyId.Ref as string
    ]!.Properties.ResponseHeadersPolicyConfig;
    expect(headers.CustomHeadersConfig.Items).toEqual([
      { Header: 'Cache-Control', Value: 'public, max-age=31536000, immutable', Override: true },
    ]);
    expect(headers.SecurityHeadersConfig.ContentTypeOptions).toEqual({ Override: true });
  });

  it('the public bucket lets CloudFront of this account read the image folders only', () => {
    const policies = Object.values(resourcesOf(dev.templates.data, 'AWS::S3::BucketPolicy'));
    const statements = policies.flatMap(
      (p) =>
        p.Properties.PolicyDocument.Statement as {
          Sid?: string;
          Principal?: unknown;
          Action: unknown;
          Resource: unknown;
          Condition?: unknown;
        }[],
    );
    const st = statements.find((x) => x.Sid === 'CloudFrontReadsPublicImages')!;
    expect(st.Principal).toEqual({ Service: 'cloudfront.amazonaws.com' });
    expect(st.Action).toBe('s3:GetObject');
    const resources = [st.Resource].flat().map((r) => JSON.stringify(r));
    expect(resources).toHaveLength(3);
    for (const root of ['uploads', 'styles', 'avatars'])
      expect(resources.some((r) => r.includes(`/${root}/*`))).toBe(true);
    expect(JSON.stringify(st.Condition)).toContain('AWS:SourceAccount');
    expect(JSON.stringify(st.Condition)).toMatch(/cloudfront::.*distribution\/\*/);
    // nothing else of the private bucket or other keys is readable by CloudFront
    expect(statements.filter((x) => JSON.stringify(x.Principal ?? '').includes('cloudfront'))).toHaveLength(1);
  });

  it('the /media rewrite serves image folders only', () => {
    const handler = new Function(`${MEDIA_REWRITE_FUNCTION}; return handler;`)() as (e: unknown) => {
      uri?: string;
      statusCode?: number;
    };
    const rewrite = (uri: string) => handler({ request: { uri } });
    expect(rewrite('/media/styles/abc/cover.webp')).toEqual({ uri: '/styles/abc/cover.webp' });
    expect(rewrite('/media/uploads/style_cover/u1/01J.webp').uri).toBe('/uploads/style_cover/u1/01J.webp');
    for (const bad of [
      '/media/catalog/styles.json',
      '/media/users/u1/x.jpg',
      '/media/',
      '/media/styles',
      '/media/styles/../catalog/x',
      '/media/uploads//x',
    ]) {
      expect(rewrite(bad).statusCode, bad).toBe(404);
    }
  });

  it('serves the prerendered pages at their clean URLs, other extension-less paths /index.html, files as they are', () => {
    const handler = new Function(`${SPA_REWRITE_FUNCTION}; return handler;`)() as (e: unknown) => { uri: string };
    const rewrite = (uri: string) => handler({ request: { uri } }).uri;
    // issue 28: the landing page and the privacy summary are HTML built ahead (web/build/prerender.ts)
    expect(rewrite('/')).toBe('/prerendered/landing.html');
    expect(rewrite('/privacy')).toBe('/prerendered/privacy.html');
    expect(Object.keys(PRERENDERED_PAGES).map(rewrite)).toEqual(Object.values(PRERENDERED_PAGES));
    // only those exact paths: their neighbours stay the SPA's
    expect(rewrite('/privacy/')).toBe('/index.html');
    expect(rewrite('/pricing')).toBe('/index.html');
    expect(rewrite('/prerendered')).toBe('/index.html');
    expect(rewrite('/profiles/new')).toBe('/index.html');
    expect(rewrite('/styles/abc-123')).toBe('/index.html');
    expect(rewrite('/assets/index-3f2a.js')).toBe('/assets/index-3f2a.js');
    expect(rewrite('/favicon.svg')).toBe('/favicon.svg');
  });
});
