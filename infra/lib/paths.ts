/** Absolute paths into the repository, independent of the working directory synth runs from. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { groupEntryPath, type Group } from '../../shared/routes/route-def';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export const repoPath = (...segments: string[]): string => path.join(REPO_ROOT, ...segments);

/** The Lambda entry module of an endpoint group: functions/<domain>/handlers/<group>.ts (shared/routes/route-def.ts). */
export const groupEntry = (group: Group): string => repoPath(groupEntryPath(group));

export const WORKFLOW_ENTRY = repoPath('functions', 'generations', 'workflow', 'index.ts');
export const SWEEPER_ENTRY = repoPath('functions', 'generations', 'workflow', 'sweeper.ts');
/** The small provider-call function (its own entry: no sharp or TensorFlow.js in its bundle). */
export const PROVIDER_CALL_ENTRY = repoPath('functions', 'generations', 'workflow', 'provider-call.ts');
/** The HTTP API's Lambda authorizer: CloudFront's origin token (functions/edge/authorizer.ts). */
export const EDGE_AUTHORIZER_ENTRY = repoPath('functions', 'edge', 'authorizer.ts');
export const WEB_DIST = repoPath('web', 'dist');
/** package.json + lock of the sharp layer, installed for linux-arm64 by the CDK build (constructs/sharp-layer.ts). */
export const SHARP_LAYER_SOURCE = repoPath('infra', 'sharp-layer');

export const exists = (p: string): boolean => existsSync(p);
export const EXPIRE_PACKS_ENTRY = repoPath('functions', 'billing', 'expire-packs.ts');
export const RETENTION_JOB_ENTRY = repoPath('functions', 'privacy', 'retention-job.ts');
export const EXPORT_JOB_ENTRY = repoPath('functions', 'privacy', 'export-job.ts');
