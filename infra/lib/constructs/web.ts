/**
 * The SPA's delivery: a private S3 bucket (web/dist) behind CloudFront with Origin Access Control, and the
 * API on the same origin under /api/* (no CORS for API calls, cookies and Authorization pass through; not
 * cached), except the public answers the route table marks `edgeCacheSeconds`, each under a cached behaviour of
 * its own (apiCacheBehaviors).
 *
 * Shared looks: /l/* goes to the same HTTP API (the shares Lambda answers the page with its Open Graph tags,
 * then the SPA takes over), cached at most a minute (SHARE_CACHE_SECONDS).
 *
 * SPA fallback: a CloudFront Function on the default behaviour rewrites extension-less paths
 * (/profiles/new) to /index.html, and the pages prerendered at build time (/, /privacy) to their HTML objects. Distribution-wide errorResponses are deliberately NOT used: they would
 * also rewrite the API's 403/404 JSON errors into index.html.
 */
import { Annotations, Duration, RemovalPolicy, SecretValue, Stack } from 'aws-cdk-lib';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { ORIGIN_VERIFY_HEADER, VIEWER_IP_HEADER } from '../../../shared/domain/edge';
import { PRERENDERED_PAGES } from '../../../shared/domain/prerendered-pages';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { acknowledge, acknowledgeMatching } from '../nag';
import { WEB_DIST, exists } from '../paths';
import { PUBLIC_IMAGE_ROOTS, PUBLIC_MEDIA_CACHE_CONTROL, PUBLIC_MEDIA_PATH } from '../../../shared/domain/image-ref';
import type { StageConfig } from '../stage-config';
import { SHARE_CACHE_SECONDS } from '../../../shared/domain/shares';
import { edgeCachedRoutes } from '../edge-cache';

export interface WebProps {
  config: StageConfig;
  /**
   * The public media bucket (Data stack), served under /media/*. Given by name and imported here: its bucket
   * policy lives in the Data stack (Data.allowCloudFrontReads), so the stacks keep their one-way dependency.
   */
  publicMediaBucketName?: string;
  /** Host name of the HTTP API (<apiId>.execute-api.<region>.amazonaws.com). */
  apiDomainName: string;
  /** Directory of the built SPA; defaults to web/dist. */
  webDist?: string;
  /**
   * The generated edge token (App stack): CloudFront adds it to every request to the API as ORIGIN_VERIFY_HEADER
   * and every function refuses a request without it, so the execute-api URL answers nothing (403).
   */
  originSecret: secretsmanager.ISecret;
  /**
   * The VersionId of the token to send (after a rotation: -c originSecretVersion=<VersionId>, docs/operations.md
   * "Rotation"); by default the version current at deploy time.
   */
  originSecretVersion?: string;
  /** The WAF web ACL (Edge stack, us-east-1), handed over by a cross-region reference. Required in prod. */
  webAclArn?: string;
}

/**
 * Viewer-request function of the API behaviours: the client's address as CloudFront saw it, written over
 * whatever the client sent under that name. Functions trust it only on requests that carry the edge token.
 */
export const VIEWER_IP_FUNCTION = `function handler(event) {
  var request = event.request;
  delete request.headers['${ORIGIN_VERIFY_HEADER}'];
  request.headers['${VIEWER_IP_HEADER}'] = { value: event.viewer.ip };
  return request;
}`;

/**
 * Viewer-request function: the pages prerendered at build time at their clean URLs (/ -> /prerendered/landing.html,
 * shared/domain/prerendered-pages.ts), and every other SPA route (no file extension in the last segment) index.html.
 */
export const SPA_REWRITE_FUNCTION = `function handler(event) {
  var request = event.request;
  var pages = ${JSON.stringify(PRERENDERED_PAGES)};
  if (Object.prototype.hasOwnProperty.call(pages, request.uri)) {
    request.uri = pages[request.uri];
    return request;
  }
  var last = request.uri.split('/').pop();
  if (last.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`;

/**
 * Viewer-request function of /media/*: /media/<key> -> /<key> in the public bucket, only for the folders of
 * public images (PUBLIC_IMAGE_ROOTS); anything else (the catalogue document, other keys) is a 404 here.
 */
export const MEDIA_REWRITE_FUNCTION = `function handler(event) {
  var request = event.request;
  var prefix = '${PUBLIC_MEDIA_PATH}';
  var key = request.uri.indexOf(prefix) === 0 ? request.uri.substring(prefix.length) : '';
  var root = key.split('/')[0];
  var roots = ${JSON.stringify([...PUBLIC_IMAGE_ROOTS])};
  if (!key || roots.indexOf(root) === -1 || key.indexOf('..') !== -1 || key.indexOf('//') !== -1 || key.split('/').length < 2) {
    return { statusCode: 404, statusDescription: 'Not Found' };
  }
  request.uri = '/' + key;
  return request;
}`;

/**
 * Browsers keep public images a year (Cache-Control from the objects and the response headers policy: keys
 * are immutable). The edge keeps them at most a day: a takedown or an unpublished style deletes the object,
 * and the edge copy must not outlive it by more than that (the runbook invalidates /media/... for at once).
 */
export const MEDIA_EDGE_TTL = Duration.days(1);

export function contentSecurityPolicy(region: string): string {
  return [
    "default-src 'self'",
    // Presigned S3 URLs (bucket.s3.<region>.amazonaws.com) for images.
    "img-src 'self' data: blob: https://*.amazonaws.com",
    // Cognito for sign-in; S3 for presigned PUT uploads and fetches of presigned GETs.
    `connect-src 'self' https://cognito-idp.${region}.amazonaws.com https://*.s3.${region}.amazonaws.com`,
    // 'wasm-unsafe-eval': the Fitly engine's WASM backend compiles WebAssembly (no JS eval)
    "script-src 'self' 'wasm-unsafe-eval'",
    // the engine runs in a Web Worker: a script of the site's own, never a blob: or another origin's
    "worker-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
  ].join('; ');
}

export class Web extends Construct {
  readonly bucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  /** True when web/dist was missing at synth time and a placeholder page is deployed instead. */
  readonly placeholder: boolean;
  private readonly stage: string;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);
    const { config } = props;
    this.stage = config.stage;
    const region = Stack.of(this).region;

    // CloudFront standard logging writes with ACLs, so this bucket keeps ACLs enabled (object writer);
    // the SPA bucket's server access logs go here too (under spa-bucket/).
    const logsBucket = new s3.Bucket(this, 'Logs', {
      encryption: s3.BucketEncryption.S3_MANAGED,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.OBJECT_WRITER,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      lifecycleRules: [{ id: 'expire-logs', expiration: Duration.days(config.prod ? 365 : 30) }],
      removalPolicy: config.removalPolicy,
      autoDeleteObjects: !config.prod,
    });
    acknowledge(
      logsBucket,
      'AwsSolutions-S1',
      'This bucket is the log destination (CloudFront and the SPA bucket); logging it into itself would loop.',
    );

    this.bucket = new s3.Bucket(this, 'Spa', {
      encryption: s3.BucketEncryption.S3_MANAGED,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      serverAccessLogsBucket: logsBucket,
      serverAccessLogsPrefix: 'spa-bucket/',
      // The SPA is a build artefact, redeployable at any time: removed with the stack in every stage.
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });

    const securityHeadersBehavior: cloudfront.ResponseSecurityHeadersBehavior = {
      strictTransportSecurity: {
        accessControlMaxAge: Duration.days(730),
        includeSubdomains: true,
        preload: false,
        override: true,
      },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
      referrerPolicy: {
        referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
        override: true,
      },
      contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(region), override: true },
    };
    const securityHeaders = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: `tryon ${config.stage} security headers`,
      securityHeadersBehavior,
    });

    const spaRewrite = new cloudfront.Function(this, 'SpaRewrite', {
      comment: 'Prerendered pages at their clean URLs; other extension-less paths -> /index.html',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(SPA_REWRITE_FUNCTION),
    });

    const certificate = config.certificateArn
      ? acm.Certificate.fromCertificateArn(this, 'Certificate', config.certificateArn)
      : undefined;

    // The edge token as a CloudFormation dynamic reference: resolved by CloudFormation at deploy, never in the template.
    const originToken = SecretValue.secretsManager(props.originSecret.secretArn, {
      ...(props.originSecretVersion ? { versionId: props.originSecretVersion } : {}),
    }).unsafeUnwrap();
    const apiOrigin = new origins.HttpOrigin(props.apiDomainName, {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
      customHeaders: { [ORIGIN_VERIFY_HEADER]: originToken },
    });
    const viewerIp = new cloudfront.Function(this, 'ViewerIp', {
      comment: 'API: the viewer address as CloudFront saw it (overwrites any client value)',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(VIEWER_IP_FUNCTION),
    });
    const viewerIpAssociation = [{ function: viewerIp, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }];
    // Shared looks' Open Graph page (/l/{token}, rendered by the shares Lambda): cached at most
    // SHARE_CACHE_SECONDS, so a revoked or expired share is gone from the edge within a minute.
    const sharePageCache = new cloudfront.CachePolicy(this, 'SharePageCache', {
      comment: `tryon ${config.stage} shared-look pages: at most ${SHARE_CACHE_SECONDS} s`,
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(SHARE_CACHE_SECONDS),
      maxTtl: Duration.seconds(SHARE_CACHE_SECONDS),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      headerBehavior: cloudfront.CacheHeaderBehavior.none(),
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `tryon ${config.stage}`,
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      // Only with a custom certificate: the default *.cloudfront.net certificate has a fixed policy.
      ...(certificate
        ? {
            domainNames: [config.domainName!],
            certificate,
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      // The WAF web ACL of the Edge stack (us-east-1), handed over by a cross-region reference.
      ...(props.webAclArn ? { webAclId: props.webAclArn } : {}),
      enableLogging: true,
      logBucket: logsBucket,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        compress: true,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD_OPTIONS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        functionAssociations: [{ function: spaRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        ...this.mediaBehavior(props, securityHeadersBehavior),
        '/l/*': {
          origin: apiOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          compress: true,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: sharePageCache,
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: securityHeaders,
          functionAssociations: viewerIpAssociation,
        },
        ...this.apiCacheBehaviors(apiOrigin, securityHeaders),
        '/api/*': {
          origin: apiOrigin,
          // No redirect for the API: a redirected POST would lose its body.
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          compress: true,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          // Every viewer header (Authorization, cookies, query strings) except Host, which must be the API's.
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: securityHeaders,
          functionAssociations: viewerIpAssociation,
        },
      },
    });

    acknowledge(this.distribution, 'AwsSolutions-CFR1', 'The product is offered worldwide; no geo restriction.');
    if (!props.webAclArn) {
      const message =
        'No WAF web ACL on the distribution: the Edge stack (us-east-1) hands its ARN over by a cross-region reference (docs/operations.md).';
      // prod never synthesizes without it
      if (config.prod) Annotations.of(this.distribution).addError(message);
      acknowledge(
        this.distribution,
        'AwsSolutions-CFR2',
        'Only outside prod, and only when the app is built without its Edge stack: API Gateway throttling and per-user limits still bound abuse.',
      );
    }
    if (!certificate) {
      acknowledge(
        this.distribution,
        'AwsSolutions-CFR4',
        'Without a custom domain the distribution uses the default *.cloudfront.net certificate, for which CloudFront does not allow choosing the TLS policy. Pass -c domainName=... -c certificateArn=... to get TLSv1.2_2021.',
      );
    }

    // The SPA: hashed assets first (immutable, never pruned so that open tabs keep loading old chunks),
    // then everything else (index.html, favicon...) revalidated on every load, then invalidation.
    const webDist = props.webDist ?? WEB_DIST;
    this.placeholder = !exists(`${webDist}/index.html`);
    let assets: s3deploy.BucketDeployment | undefined;
    if (!this.placeholder && exists(`${webDist}/assets`)) {
      assets = new s3deploy.BucketDeployment(this, 'DeployAssets', {
        sources: [s3deploy.Source.asset(webDist)],
        destinationBucket: this.bucket,
        exclude: ['*'],
        include: ['assets/*'],
        prune: false,
        cacheControl: [s3deploy.CacheControl.fromString('public, max-age=31536000, immutable')],
        memoryLimit: 512,
      });
    }
    const site = new s3deploy.BucketDeployment(this, 'DeploySite', {
      // When web/dist has not been built, synth still succeeds with a placeholder page (inline, no asset
      // directory needed); `npm run build:web` before `npm run deploy` ships the real SPA.
      sources: this.placeholder
        ? [s3deploy.Source.data('index.html', PLACEHOLDER_PAGE)]
        : [s3deploy.Source.asset(webDist)],
      destinationBucket: this.bucket,
      exclude: ['assets/*'],
      prune: true,
      cacheControl: [s3deploy.CacheControl.fromString('no-cache')],
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });
    if (assets) site.node.addDependency(assets);
    this.acknowledgeDeploymentHandler();
  }

  /**
   * /media/*: the public media bucket through Origin Access Control (SigV4-signed GETs by CloudFront; the
   * bucket stays BLOCK_ALL), cached a year by browsers and a day at the edge, compressed, no cookies or query
   * strings in the key. Images only (GET/HEAD).
   */
  private mediaBehavior(
    props: WebProps,
    securityHeadersBehavior: cloudfront.ResponseSecurityHeadersBehavior,
  ): Record<string, cloudfront.BehaviorOptions> {
    if (!props.publicMediaBucketName) return {};
    const bucket = s3.Bucket.fromBucketName(this, 'PublicMedia', props.publicMediaBucketName);
    const origin = origins.S3BucketOrigin.withOriginAccessControl(bucket, {
      originAccessLevels: [cloudfront.AccessLevel.READ],
    });
    // The bucket policy that lets this account's distributions read it is in the Data stack (no cycle).
    Annotations.of(this).acknowledgeWarning(
      '@aws-cdk/aws-cloudfront-origins:updateImportedBucketPolicyOac',
      'The public media bucket policy is set in the Data stack (Data.allowCloudFrontReads).',
    );
    const cachePolicy = new cloudfront.CachePolicy(this, 'MediaCache', {
      comment: `tryon ${props.config.stage} public media: immutable keys; browsers a year, the edge a day`,
      defaultTtl: MEDIA_EDGE_TTL,
      maxTtl: MEDIA_EDGE_TTL,
      minTtl: Duration.seconds(0),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      headerBehavior: cloudfront.CacheHeaderBehavior.none(),
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    const headers = new cloudfront.ResponseHeadersPolicy(this, 'MediaHeaders', {
      comment: `tryon ${props.config.stage} public media headers`,
      securityHeadersBehavior,
      // objects written by the API carry the same header; seed or older objects get it here
      customHeadersBehavior: {
        customHeaders: [{ header: 'Cache-Control', value: PUBLIC_MEDIA_CACHE_CONTROL, override: true }],
      },
    });
    const rewrite = new cloudfront.Function(this, 'MediaRewrite', {
      comment: 'public media: /media/<key> -> /<key>, image folders only',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(MEDIA_REWRITE_FUNCTION),
    });
    return {
      [`${PUBLIC_MEDIA_PATH}*`]: {
        origin,
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        compress: true,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
        cachedMethods: cloudfront.CachedMethods.CACHE_GET_HEAD,
        cachePolicy,
        responseHeadersPolicy: headers,
        functionAssociations: [{ function: rewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
    };
  }

  /**
   * The public API answers CloudFront keeps (infra/lib/edge-cache.ts: routes with `edgeCacheSeconds`), each its own
   * behaviour ahead of `/api/*`. The cache policy honours the origin's Cache-Control (default TTL 0: an answer
   * without one, or `no-store`/`private`, is not kept) up to the routes' longest time, and its key is the path and
   * the route's own query parameters: no header (no Authorization), no cookie. There is no origin request policy,
   * so nothing but the key and the edge token reaches the function: an answer cannot depend on who asked.
   */
  private apiCacheBehaviors(
    origin: cloudfront.IOrigin,
    responseHeadersPolicy: cloudfront.IResponseHeadersPolicy,
  ): Record<string, cloudfront.BehaviorOptions> {
    const routes = edgeCachedRoutes();
    const policies = new Map<string, cloudfront.CachePolicy>();
    const policyFor = (queryKeys: string[]): cloudfront.CachePolicy => {
      const key = queryKeys.join(',');
      const existing = policies.get(key);
      if (existing) return existing;
      const maxSeconds = Math.max(...routes.filter((r) => r.queryKeys.join(',') === key).map((r) => r.seconds));
      const policy = new cloudfront.CachePolicy(this, `ApiPublicCache${policies.size || ''}`, {
        comment: `tryon ${this.stage} public API answers (origin Cache-Control, at most ${maxSeconds} s)${key ? ` keyed on ${key}` : ''}`,
        minTtl: Duration.seconds(0),
        defaultTtl: Duration.seconds(0),
        maxTtl: Duration.seconds(maxSeconds),
        cookieBehavior: cloudfront.CacheCookieBehavior.none(),
        headerBehavior: cloudfront.CacheHeaderBehavior.none(),
        queryStringBehavior: queryKeys.length
          ? cloudfront.CacheQueryStringBehavior.allowList(...queryKeys)
          : cloudfront.CacheQueryStringBehavior.none(),
        enableAcceptEncodingGzip: true,
        enableAcceptEncodingBrotli: true,
      });
      policies.set(key, policy);
      return policy;
    };
    return Object.fromEntries(
      routes.map((r) => [
        r.pathPattern,
        {
          origin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          compress: true,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
          cachedMethods: cloudfront.CachedMethods.CACHE_GET_HEAD,
          cachePolicy: policyFor(r.queryKeys),
          responseHeadersPolicy,
        } satisfies cloudfront.BehaviorOptions,
      ]),
    );
  }

  /** BucketDeployment's singleton handler (a CDK-managed Lambda, one per stack) is not ours to shape. */
  private acknowledgeDeploymentHandler(): void {
    const handlers = Stack.of(this).node.children.filter((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'));
    const why =
      'CDK BucketDeployment handler (CDK-managed custom resource that copies web/dist into the SPA bucket at deploy time)';
    for (const handler of handlers) {
      acknowledge(handler, 'AwsSolutions-L1', `${why}: its runtime is chosen by aws-cdk-lib.`);
      acknowledge(
        handler,
        'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        `${why}: CDK attaches the basic execution role for its logs.`,
      );
      acknowledge(
        handler,
        ['s3:GetBucket*', 's3:GetObject*', 's3:List*', 's3:Abort*', 's3:DeleteObject*'].map(
          (a) => `AwsSolutions-IAM5[Action::${a}]`,
        ),
        `${why}: CDK's grantRead on the asset bucket and grantReadWrite on the SPA bucket; the role is assumable by that Lambda only.`,
      );
      acknowledge(
        handler,
        'AwsSolutions-IAM5[Resource::*]',
        `${why}: cloudfront:CreateInvalidation/GetInvalidation as granted by CDK for the post-deploy invalidation.`,
      );
      acknowledgeMatching(
        handler,
        /^AwsSolutions-IAM5\[Resource::.*\/\*\]$/,
        `${why}: object keys of the CDK asset bucket (read) and of the SPA bucket (sync with prune).`,
      );
    }
  }
}

const PLACEHOLDER_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>tryon</title></head>
<body><p>The web app was not built when this stack was synthesized. Run <code>npm run build:web</code>, then <code>npm run deploy</code>.</p></body></html>`;
