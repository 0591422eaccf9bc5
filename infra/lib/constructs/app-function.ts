/**
 * The one way this app builds a Lambda function: NodejsFunction bundled with the local esbuild (no Docker,
 * no network), Node.js 22 on ARM64, X-Ray active, its own log group with a retention, and its own role
 * that may only write to that log group (not AWSLambdaBasicExecutionRole, which may write to any log group).
 * Callers add the least-privilege data grants on top.
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { BuildOptions } from 'esbuild';
import { acknowledge } from '../nag';
import { REPO_ROOT, repoPath } from '../paths';
import { SIDE_MODULES_DEFINE, sideModuleCommands } from './side-modules-build';

export const LAMBDA_RUNTIME = lambda.Runtime.NODEJS_22_X;
export const LAMBDA_ARCHITECTURE = lambda.Architecture.ARM_64;

/**
 * Modules left out of every bundle. The AWS SDK is NOT among them: it is bundled, so the SDK version at run
 * time is the one package-lock.json pins and the tests run (the runtime's built-in SDK changes under us).
 * - sharp: a native addon (libvips) that esbuild cannot bundle. It ships in one Lambda layer installed for
 *   linux-arm64 by the CDK build (./sharp-layer.ts), attached only to the functions that load it.
 * - @tensorflow/*, nsfwjs: the local content classifier, loaded only when CONTENT_MODERATION is local; in AWS
 *   the Rekognition adapter runs and these ~10 MB never need to ship. Except in the render worker, which runs
 *   the Fitly engine: there TensorFlow.js is bundled in (see `engine` below).
 */
export const EXTERNAL_MODULES = ['sharp', '@tensorflow/*', 'nsfwjs'];

const REQUIRE_BANNER =
  "import { createRequire as __cdkCreateRequire } from 'node:module'; const require = __cdkCreateRequire(import.meta.url);";
const DIRNAME_BANNER =
  "import { fileURLToPath as __cdkFileURLToPath } from 'node:url'; const __filename = __cdkFileURLToPath(import.meta.url); const __dirname = __filename.slice(0, __filename.lastIndexOf('/'));";

/** The banner of every bundle (exported for the test that bundles the engine as the CDK does). */
export const bundleBanner = (engine: boolean) => (engine ? `${REQUIRE_BANNER} ${DIRNAME_BANNER}` : REQUIRE_BANNER);

const BUNDLE_TARGET = 'node22';
// Prefer the ESM build of dependencies that ship both.
const MAIN_FIELDS = ['module', 'main'];
const externalsOf = (engine: boolean) =>
  engine ? EXTERNAL_MODULES.filter((m) => m !== '@tensorflow/*') : EXTERNAL_MODULES;

/**
 * The esbuild options NodejsFunction bundles a function with (the `bundling` props below, spelled for esbuild's
 * API): for the side modules built beside it (./side-modules-build.ts) and the tests and bench that bundle a
 * function as deployed.
 */
export const lambdaBundleOptions = (engine: boolean): BuildOptions => ({
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: BUNDLE_TARGET,
  minify: true,
  sourcemap: true,
  sourcesContent: false,
  mainFields: MAIN_FIELDS,
  external: externalsOf(engine),
  banner: { js: bundleBanner(engine) },
  define: SIDE_MODULES_DEFINE,
});

/**
 * Whether a function's stack traces are mapped at run time (`--enable-source-maps`). Every package ships its
 * `index.mjs.map` (sourcemap on, sources left out), but Node reads it at start only with that flag, and reading it
 * cost ~88 ms of every cold start on this machine (docs/performance.md, session 16). So only the render worker
 * (the engine; not in a user's request path, and where a failure's stack is the hardest to read) maps at run time;
 * a minified stack of any other function is mapped offline with the .map of its deployed package.
 */
export const sourceMapsAtRuntime = (engine: boolean): boolean => engine;

/** Where the engine's files are inside the render worker's package (/var/task is the function's code). */
export const ENGINE_ASSET_DIRS = { models: 'engine-models', wasm: 'tfjs-wasm' } as const;
export const ENGINE_MODEL_FILES = ['movenet-thunder.json', 'movenet-thunder.bin', 'selfie.json', 'selfie.bin'];

/**
 * The shell commands the CDK build runs after bundling the render worker: the engine's model files (fetched at
 * `npm install` into .cache/engine-models) and TensorFlow.js's .wasm binaries (inside its npm package, the same
 * for every platform) copied next to the handler. No manual step, no network.
 */
export function engineAssetCommands(inputDir: string, outputDir: string): string[] {
  const models = `${outputDir}/${ENGINE_ASSET_DIRS.models}`;
  const wasm = `${outputDir}/${ENGINE_ASSET_DIRS.wasm}`;
  return [
    `mkdir -p "${models}" "${wasm}"`,
    ...ENGINE_MODEL_FILES.map((f) => `cp "${inputDir}/.cache/engine-models/${f}" "${models}/${f}"`),
    `cp "${inputDir}"/node_modules/@tensorflow/tfjs-backend-wasm/dist/*.wasm "${wasm}/"`,
  ];
}

export interface AppFunctionProps {
  /** Absolute path of the TypeScript entry module. */
  entry: string;
  /** Exported handler name in the entry module. */
  handler?: string;
  description?: string;
  environment?: Record<string, string>;
  memorySize?: number;
  timeout?: Duration;
  logRetention: logs.RetentionDays;
  removalPolicy: RemovalPolicy;
  layers?: lambda.ILayerVersion[];
  /** A fixed physical name, only where another function must name it without a reference (the render worker). */
  functionName?: string;
  /**
   * Runs the Fitly engine (the render worker): TensorFlow.js bundled in, the models and .wasm files copied into
   * the package (engineAssetCommands), ENGINE_MODELS_DIR and TFJS_WASM_DIR pointing at them.
   */
  engine?: boolean;
}

export class AppFunction extends Construct {
  readonly fn: NodejsFunction;
  readonly role: iam.Role;
  readonly logGroup: logs.LogGroup;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id);
    this.logGroup = new logs.LogGroup(this, 'Logs', {
      retention: props.logRetention,
      // Kept after a prod stack deletion for investigation; they still expire with the retention.
      removalPolicy: props.removalPolicy,
    });
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Execution role of ${id}`,
    });
    this.logGroup.grantWrite(this.role);

    this.fn = new NodejsFunction(this, 'Fn', {
      entry: props.entry,
      handler: props.handler ?? 'handler',
      description: props.description,
      functionName: props.functionName,
      runtime: LAMBDA_RUNTIME,
      architecture: LAMBDA_ARCHITECTURE,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(29),
      tracing: lambda.Tracing.ACTIVE,
      role: this.role,
      logGroup: this.logGroup,
      loggingFormat: lambda.LoggingFormat.JSON,
      layers: props.layers,
      projectRoot: REPO_ROOT,
      depsLockFilePath: repoPath('package-lock.json'),
      environment: {
        ...(sourceMapsAtRuntime(!!props.engine) ? { NODE_OPTIONS: '--enable-source-maps' } : {}),
        ...(props.engine
          ? {
              ENGINE_MODELS_DIR: `/var/task/${ENGINE_ASSET_DIRS.models}`,
              TFJS_WASM_DIR: `/var/task/${ENGINE_ASSET_DIRS.wasm}`,
            }
          : {}),
        ...props.environment,
      },
      bundling: {
        forceDockerBundling: false,
        format: OutputFormat.ESM,
        target: BUNDLE_TARGET,
        minify: true,
        sourceMap: true,
        // Keep the maps small: a stack trace still maps to file:line through the map's mappings (sourceMapsAtRuntime).
        sourcesContent: false,
        mainFields: MAIN_FIELDS,
        externalModules: externalsOf(!!props.engine),
        // the loaders of the side modules import their files (functions/lib/side-modules.ts)
        define: SIDE_MODULES_DEFINE,
        commandHooks: {
          beforeBundling: () => [],
          beforeInstall: () => [],
          afterBundling: (inputDir: string, outputDir: string) => [
            ...sideModuleCommands(inputDir, outputDir),
            ...(props.engine ? engineAssetCommands(inputDir, outputDir) : []),
          ],
        },
        // CommonJS dependencies bundled into an ES module still call require() for Node built-ins; the engine's
        // TensorFlow.js WASM loader also reads __dirname (undefined in an ES module: it would fall back to the
        // pure-JS backend, 30x slower).
        banner: bundleBanner(!!props.engine),
      },
    });

    acknowledge(
      this.fn,
      'AwsSolutions-L1',
      'Node.js 22 is pinned on purpose: it is the newest runtime the project builds, bundles (esbuild target node22) and tests with; moving to nodejs24.x is a deliberate upgrade.',
    );
    // Tracing.ACTIVE adds xray:PutTraceSegments/PutTelemetryRecords, which have no resource-level permissions.
    // test/infra asserts that no other statement in the app uses Resource "*".
    acknowledge(
      this.role,
      'AwsSolutions-IAM5[Resource::*]',
      'X-Ray tracing: xray:PutTraceSegments and xray:PutTelemetryRecords support only Resource "*".',
    );
  }
}
