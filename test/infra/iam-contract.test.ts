/**
 * The IAM contract (functions/lib/aws-access.ts) against the code and against the synthesized policies.
 * s3rver, DynamoDB Local and cognito-local do not enforce IAM, so this is the test that catches a missing
 * permission (e.g. s3:ListBucket for "Delete all my photos") or an over-grant before a real account does.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AWS_ACCESS,
  COMMAND_ACTIONS,
  SHARP_PRINCIPALS,
  type FunctionAccess,
  type Principal,
} from '../../functions/lib/aws-access';
import { groupsInUse } from '../../shared/routes';
import {
  bundleFacts,
  descriptionOf,
  expectedGrants,
  grantedGrants,
  grantKey,
  type BundleFacts,
  type Statement,
} from './iam-contract';
import { resourcesOf, synthApp, type SynthesizedApp } from './synth';

const principals = Object.keys(AWS_ACCESS) as Principal[];
const entryOf = (p: Principal): FunctionAccess => AWS_ACCESS[p];
const mapCommands = (p: Principal) => new Set(Object.values(entryOf(p).access).flat());

const facts = new Map<Principal, BundleFacts>();
let dev: SynthesizedApp;
let prod: SynthesizedApp;

beforeAll(() => {
  for (const p of principals) facts.set(p, bundleFacts(entryOf(p).entry, entryOf(p).handler));
  dev = synthApp('dev');
  prod = synthApp('prod');
}, 300_000); // bundles every function and synthesizes two stages: minutes on a busy 2-core machine

afterAll(() => {
  for (const s of [dev, prod]) if (s) rmSync(s.outdir, { recursive: true, force: true });
});

function statementsOf(s: SynthesizedApp, description: string): Statement[] | null {
  const t = s.templates.app;
  const found = Object.entries(resourcesOf(t, 'AWS::Lambda::Function')).find(
    ([, r]) => r.Properties?.Description === description,
  );
  if (!found) return null;
  const roleId = found[1].Properties.Role['Fn::GetAtt'][0];
  return Object.values(resourcesOf(t, 'AWS::IAM::Policy'))
    .filter((p) => p.Properties.Roles.some((r: { Ref: string }) => r.Ref === roleId))
    .flatMap((p) => p.Properties.PolicyDocument.Statement);
}

describe('the map against the code (each function bundled and tree-shaken as deployed)', () => {
  it('covers every deployed function: each API group of the route table, each workflow task and job', () => {
    for (const g of groupsInUse()) expect(principals, `api:${g}`).toContain(`api:${g}`);
    const appFunctions = Object.values(resourcesOf(dev.templates.app, 'AWS::Lambda::Function')).map((r) =>
      String(r.Properties?.Description ?? ''),
    );
    const ours = appFunctions.filter(
      (d) => /^(API group |Generation workflow task )/.test(d) || principals.some((p) => descriptionOf(p) === d),
    );
    expect(ours.sort()).toEqual(
      principals
        .filter((p) => !p.startsWith('api:') || groupsInUse().includes(p.slice(4) as never))
        .map(descriptionOf)
        .sort(),
    );
  });

  it.each(principals)(
    '%s: every SDK command in the bundle is in the map, and the map lists nothing the bundle never sends',
    (p) => {
      const f = facts.get(p)!;
      expect(f.unknown, 'commands not traced to an @aws-sdk module').toEqual([]);
      const inCode = [...f.commands].sort();
      const inMap = [...mapCommands(p)].sort();
      const missing = inCode.filter((c) => !inMap.includes(c));
      const stale = inMap.filter((c) => !inCode.includes(c));
      expect({ missingFromMap: missing, neverSent: stale }).toEqual({ missingFromMap: [], neverSent: [] });
      for (const c of inCode) expect(COMMAND_ACTIONS[c], `COMMAND_ACTIONS has no IAM actions for ${c}`).toBeDefined();
    },
  );

  it.each(principals)('%s: queries secondary indexes exactly when the map grants tableIndexes', (p) => {
    expect(!!entryOf(p).access.tableIndexes).toBe(facts.get(p)!.queriesIndexes);
  });

  it('SHARP_PRINCIPALS are exactly the functions whose bundle loads sharp', () => {
    const loading = principals.filter((p) => facts.get(p)!.loadsSharp).sort();
    expect([...SHARP_PRINCIPALS].sort()).toEqual(loading);
  });

  it('detects a command the map does not list (the check is not vacuous)', () => {
    const f = bundleFacts('', '', {
      contents: `
        import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
        import { mediaKeys } from './functions/lib/media-store';
        export const handler = (id) => new S3Client({}).send(new ListObjectsV2Command({ Bucket: 'b', Prefix: mediaKeys.userPrefix(id) }));
      `,
    });
    expect([...f.commands]).toEqual(['ListObjectsV2Command']);
    expect(f.loadsSharp).toBe(false);
  });
});

describe('the map against the synthesized policies (dev and prod)', () => {
  for (const stage of ['dev', 'prod'] as const) {
    it.each(principals)(`${stage} %s: the role allows exactly the actions of its commands on their resources`, (p) => {
      const s = stage === 'dev' ? dev : prod;
      const statements = statementsOf(s, descriptionOf(p));
      if (!statements) {
        // Only an API group missing from the route table is not deployed.
        expect(p.startsWith('api:') && !groupsInUse().includes(p.slice(4) as never), `${p} is not deployed`).toBe(true);
        return;
      }
      const { grants, unclassified } = grantedGrants(statements);
      expect(unclassified, 'statements on resources the contract does not know').toEqual([]);
      const expected = expectedGrants(entryOf(p).access as Record<string, string[]> as never);
      for (const [bucket, actions] of Object.entries(entryOf(p).alsoActions ?? {}))
        for (const a of actions ?? []) expected.add(grantKey(a, bucket as never, 'objects'));
      const missing = [...expected].filter((g) => !grants.has(g)).sort();
      const overGrants = [...grants].filter((g) => !expected.has(g)).sort();
      expect({ missing, overGrants }).toEqual({ missing: [], overGrants: [] });
    });
  }

  it('ListBucket is limited to the prefixes the map names (s3:prefix condition), unless the function reads objects', () => {
    let readers = 0;
    for (const p of principals) {
      const statements = statementsOf(dev, descriptionOf(p));
      if (!statements) continue;
      const { conditions } = grantedGrants(statements);
      for (const bucket of ['privateBucket', 'publicBucket'] as const) {
        const key = grantKey('s3:ListBucket', bucket, 'resource');
        if (!expectedGrants(entryOf(p).access as never).has(key)) continue;
        // S3 answers a missing key 404 (not 403) only to a reader allowed to list the bucket: no prefix condition
        const reads = (entryOf(p).access[bucket] ?? []).some(
          (c) => c === 'GetObjectCommand' || c === 'HeadObjectCommand',
        );
        if (reads) readers++;
        expect(conditions.get(key), p).toEqual(
          reads ? undefined : { StringLike: { 's3:prefix': entryOf(p).listPrefixes![bucket] } },
        );
      }
    }
    expect(readers).toBeGreaterThan(0);
  });

  it('the photo purge can list the user prefix; auth-user and influencer hold no bucket rights; stripe-webhook no AdminGetUser', () => {
    const grantsOf = (p: Principal) => grantedGrants(statementsOf(dev, descriptionOf(p))!).grants;
    expect(grantsOf('api:profiles').has('s3:ListBucket privateBucket resource')).toBe(true);
    for (const p of ['api:auth-user', 'api:influencer'] as const)
      expect([...grantsOf(p)].filter((g) => g.startsWith('s3:'))).toEqual([]);
    expect([...grantsOf('api:stripe-webhook')].filter((g) => g.startsWith('cognito-idp:'))).toEqual([]);
  });
});
