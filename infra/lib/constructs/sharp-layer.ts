/**
 * The sharp layer: sharp + libvips for linux-arm64, installed from the npm registry by the CDK build itself
 * (local bundling, no Docker): `npm run synth` / `npm run deploy` on a fresh clone produce a layer that runs
 * on Lambda, with no manual step. npm installs another platform's optional packages when told the target
 * (`--os=linux --cpu=arm64 --libc=glibc`), whatever machine runs the synth.
 *
 * Sources: infra/sharp-layer/package.json + package-lock.json (sharp pinned to the root package.json's
 * version; test/infra/sharp-layer.test.ts checks it). The asset hash is the hash of those two files, so the
 * install runs once per version (cdk.out keeps the built asset); `npm ci --prefer-offline` reuses the npm
 * cache, so a machine that installed it once synthesizes offline.
 *
 * Only functions whose bundle loads sharp get the layer (SHARP_PRINCIPALS in functions/lib/aws-access.ts,
 * checked against the bundles); sharp is loaded lazily (functions/lib/sharp-loader.ts).
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { DockerImage } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import { SHARP_LAYER_SOURCE } from '../paths';
import { LAMBDA_ARCHITECTURE, LAMBDA_RUNTIME } from './app-function';

/** npm's names of the Lambda platform (ARM_64 -> arm64). */
export const SHARP_TARGET = { os: 'linux', cpu: 'arm64', libc: 'glibc' } as const;

/**
 * Install the layer's node_modules for the Lambda platform into `outputDir/nodejs` (the layer layout Node.js
 * resolves from /opt/nodejs/node_modules). Throws when npm fails, so a synth never produces a broken layer.
 */
export function installSharpLayer(outputDir: string): void {
  const target = path.join(outputDir, 'nodejs');
  mkdirSync(target, { recursive: true });
  for (const f of ['package.json', 'package-lock.json'])
    copyFileSync(path.join(SHARP_LAYER_SOURCE, f), path.join(target, f));
  execFileSync(
    process.platform === 'win32' ? 'npm.cmd' : 'npm',
    [
      'ci',
      `--os=${SHARP_TARGET.os}`,
      `--cpu=${SHARP_TARGET.cpu}`,
      `--libc=${SHARP_TARGET.libc}`,
      '--omit=dev',
      '--ignore-scripts',
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
    ],
    { cwd: target, stdio: ['ignore', 'ignore', 'inherit'] },
  );
}

export function sharpLayer(scope: Construct): lambda.LayerVersion {
  return new lambda.LayerVersion(scope, 'SharpLayer', {
    code: lambda.Code.fromAsset(SHARP_LAYER_SOURCE, {
      bundling: {
        // Never used: local bundling always succeeds or throws. CDK requires an image.
        image: DockerImage.fromRegistry('public.ecr.aws/docker/library/node:22'),
        local: {
          tryBundle(outputDir: string) {
            installSharpLayer(outputDir);
            return true;
          },
        },
      },
    }),
    compatibleArchitectures: [LAMBDA_ARCHITECTURE],
    compatibleRuntimes: [LAMBDA_RUNTIME],
    description: `sharp + libvips for ${SHARP_TARGET.os}-${SHARP_TARGET.cpu} (installed by the CDK build from infra/sharp-layer)`,
  });
}
