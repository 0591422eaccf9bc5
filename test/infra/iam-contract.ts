/**
 * Helpers of the IAM contract test: what a function's bundle sends (from the code, as deployed) and what its
 * role allows (from the synthesized template).
 */
import { buildSync } from 'esbuild';
import { createRequire } from 'node:module';
import { REPO_ROOT } from '../../infra/lib/paths';
import { COMMAND_ACTIONS, type AwsResource } from '../../functions/lib/aws-access';
import type { Principal } from '../../functions/lib/aws-access';
import { flatten } from './synth';

export interface BundleFacts {
  /** SDK commands the bundle constructs (`new XCommand(...)`), by class name. */
  commands: Set<string>;
  /** Whether the bundle queries a secondary index (an `IndexName:` survives tree-shaking). */
  queriesIndexes: boolean;
  /** Whether the bundle loads sharp. */
  loadsSharp: boolean;
  /** `new XCommand(...)` whose class could not be traced to an @aws-sdk module. */
  unknown: string[];
}

const require = createRequire(import.meta.url);
const exportsOf = new Map<string, Set<string>>();
function moduleExports(mod: string): Set<string> {
  let names = exportsOf.get(mod);
  if (!names) {
    names = new Set(Object.keys(require(mod) as object));
    exportsOf.set(mod, names);
  }
  return names;
}

/**
 * Bundle one exported handler the way the CDK does (esbuild, ESM, tree-shaken, @aws-sdk and sharp external)
 * and read what is left: each `new XCommand(` is traced to the @aws-sdk module it is imported from
 * (statically, or through a dynamic import of that module).
 */
export function bundleFacts(entry: string, handler: string, opts: { contents?: string } = {}): BundleFacts {
  const res = buildSync({
    stdin: {
      contents: opts.contents ?? `export { ${handler} } from './${entry}';`,
      resolveDir: REPO_ROOT,
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    treeShaking: true,
    minify: false,
    mainFields: ['module', 'main'],
    external: ['@aws-sdk/*', 'sharp'],
    logLevel: 'silent',
  });
  const [output] = res.outputFiles;
  if (!output) throw new Error(`esbuild produced no output for ${entry}`);
  const text = output.text;
  const local = new Map<string, string>();
  for (const [, imported = ''] of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*"(@aws-sdk\/[^"]+)"/g))
    for (const part of imported.split(',')) {
      const [name, alias] = part.trim().split(/\s+as\s+/);
      if (name) local.set(alias ?? name, name);
    }
  const dynamicModules = [...text.matchAll(/import\(\s*"(@aws-sdk\/[^"]+)"\s*\)/g)].map((m) => m[1]);
  const commands = new Set<string>();
  const unknown: string[] = [];
  for (const [, command = ''] of text.matchAll(/new\s+(?:[\w$]+\.)?([\w$]+Command\d*)\s*\(/g)) {
    const name =
      local.get(command) ??
      dynamicModules.map((mod) => (mod && moduleExports(mod).has(command) ? command : null)).find(Boolean);
    if (name) commands.add(name);
    else unknown.push(command);
  }
  // createPresignedPost (functions/lib/presigned-post.ts) signs a browser upload with the function's role.
  if (/\bfunction createPresignedPost\d*\s*\(/.test(text)) commands.add('PresignedPost');
  return {
    commands,
    queriesIndexes: /\bIndexName:/.test(text),
    loadsSharp: /import\(\s*"sharp"\s*\)|from\s*"sharp"/.test(text),
    unknown,
  };
}

/** A (action, resource, scope) triple, e.g. "s3:ListBucket privateBucket resource". */
export const grantKey = (action: string, resource: AwsResource, scope: 'resource' | 'objects') =>
  `${action} ${resource} ${scope}`;

/** Which contract resource a policy Resource refers to (by the logical names the app's constructs get). */
export function classifyResource(
  value: unknown,
): { resource: AwsResource; scope: 'resource' | 'objects' } | 'infra' | null {
  const text = flatten(value);
  const objects = text.endsWith('/*');
  // Log groups, X-Ray, and the scheduled jobs' failure destination (Lambda's async invoke, not an SDK call).
  if (/Logs\w*\.Arn>/.test(text) || text === '*' || /^<JobsDlq\w*\.Arn>$/.test(text)) return 'infra';
  // The render worker's asynchronous-invoke destinations (its failure handler, then the render DLQ): Lambda's, not SDK calls.
  if (/^<WorkflowRenderWorkerFailed\w*\.Arn>(:\*)?$/.test(text) || /^<WorkflowRenderDeadLetters\w*\.Arn>$/.test(text))
    return 'infra';
  if (/:lambda:.*:function:Tryon-\w+-render-worker$/.test(text)) return { resource: 'renderWorker', scope: 'resource' };
  if (/:lambda:.*:function:Tryon-\w+-provider-call$/.test(text)) return { resource: 'providerCall', scope: 'resource' };
  if (/^<JobsExportData\w*\.Arn>$/.test(text)) return { resource: 'exportFunction', scope: 'resource' };
  if (/^<SecretsProvenance\w+>$/.test(text)) return { resource: 'provenanceSecret', scope: 'resource' };
  if (/DataTable\w*Arn\w*>\/index\//.test(text)) return { resource: 'tableIndexes', scope: 'resource' };
  if (/DataTable\w*Arn\w*>$/.test(text)) return { resource: 'table', scope: 'resource' };
  if (/PrivateMedia\w*Arn\w*>(\/\*)?$/.test(text))
    return { resource: 'privateBucket', scope: objects ? 'objects' : 'resource' };
  if (/PublicMedia\w*Arn\w*>(\/\*)?$/.test(text))
    return { resource: 'publicBucket', scope: objects ? 'objects' : 'resource' };
  if (/UserPool\w*Arn\w*>$/.test(text)) return { resource: 'userPool', scope: 'resource' };
  if (/^<WorkflowGenerationStateMachine\w+>$/.test(text)) return { resource: 'stateMachine', scope: 'resource' };
  if (/:states:.*:execution:.+:\*$/.test(text)) return { resource: 'executions', scope: 'resource' };
  if (/^<SecretsStripe\w+>$/.test(text)) return { resource: 'stripeSecret', scope: 'resource' };
  if (/^<SecretsCursorKey\w+>$/.test(text)) return { resource: 'cursorKeySecret', scope: 'resource' };
  if (/^<SecretsIpHashPepper\w+>$/.test(text)) return { resource: 'ipHashSecret', scope: 'resource' };
  if (/^<SecretsOriginVerify\w+>$/.test(text)) return { resource: 'originSecret', scope: 'resource' };
  if (/^<SecretsProviders?\w+>$/.test(text)) return { resource: 'providerSecret', scope: 'resource' };
  return null;
}

/** The grants a map entry implies, as grantKeys. */
export function expectedGrants(access: Partial<Record<AwsResource, string[]>>): Set<string> {
  const out = new Set<string>();
  for (const [resource, cmds] of Object.entries(access) as [AwsResource, string[]][]) {
    // Rekognition has no resource-level permissions (Resource "*", checked by app.test's wildcard rule);
    // task tokens are answered on the state machine's ARN.
    if (resource === 'moderation') continue;
    const on: AwsResource = resource === 'taskTokens' ? 'stateMachine' : resource;
    for (const cmd of cmds) {
      const ca = COMMAND_ACTIONS[cmd];
      if (!ca) throw new Error(`Unknown command ${cmd}`);
      for (const a of ca.actions) out.add(grantKey(a, on, ca.scope ?? 'resource'));
      for (const a of ca.bucketActions ?? []) out.add(grantKey(a, on, 'resource'));
    }
  }
  return out;
}

export interface Statement {
  Effect?: string;
  Action: string | string[];
  Resource: unknown;
  Condition?: Record<string, Record<string, unknown>>;
}

/** The grants a role's statements give (logs and X-Ray, which every function has, left out). */
export function grantedGrants(statements: Statement[]): {
  grants: Set<string>;
  unclassified: string[];
  conditions: Map<string, Statement['Condition']>;
} {
  const grants = new Set<string>();
  const unclassified: string[] = [];
  const conditions = new Map<string, Statement['Condition']>();
  for (const st of statements) {
    if (st.Effect && st.Effect !== 'Allow') continue;
    const actions = [st.Action].flat();
    if (actions.every((a) => /^(logs|xray):/.test(a))) continue;
    for (const r of [st.Resource].flat()) {
      const c = classifyResource(r);
      if (c === 'infra') continue;
      if (!c) {
        unclassified.push(`${actions.join(',')} on ${flatten(r)}`);
        continue;
      }
      for (const a of actions) {
        const key = grantKey(a, c.resource, c.scope);
        grants.add(key);
        if (st.Condition) conditions.set(key, st.Condition);
      }
    }
  }
  return { grants, unclassified, conditions };
}

/** How each principal's function is described in the template (the constructs set these descriptions). */
export function descriptionOf(p: Principal): string {
  const [kind, name] = p.split(':');
  if (kind === 'api') return `API group ${name}`;
  return (
    {
      'task:enqueueRender': 'Generation workflow: queue the render with its task token',
      'task:markFailed': 'Generation workflow: readable error, refund once, free the slot',
      'worker:renderWorker': 'Render worker: renders one claimed generation and reports to its waiting execution',
      'worker:providerCall':
        "Provider call: waits for a synchronous provider's render, stages its images, hands the image work to the render worker",
      'worker:renderWorkerFailed':
        'On-failure destination of the render worker: reports the failure so the workflow refunds',
      'job:executionEnded': 'Refund and free capacity when a generation execution fails, times out or is aborted',
      'job:sweeper': 'Overdue render leases, dispatch safety net, stuck generations',
      'job:retention': 'Deletes generated images past each user retention choice (items and objects)',
      'job:export-data': 'Builds a user data export ZIP (Download my data)',
      'job:expire-packs': 'Records expiry ledger entries for credit packs past 12 months',
      'edge:authorizer': "API authorizer: lets through only requests carrying CloudFront's origin token",
      'job:provenance-key': 'Deploy time: fills an empty provenance secret with a self-issued C2PA signing chain',
    } as Record<string, string>
  )[p]!;
}
