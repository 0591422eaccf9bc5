/** The storage boundary (eslint/backend.config.js) holds over the backend code: zero problems. */
import { ESLint } from 'eslint';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import backend from '../../eslint/backend.config.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// Only this rule is under test here: disable comments meant for the root config's other rules are not problems.
const lint = (config: typeof backend) =>
  new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [...config, { linterOptions: { reportUnusedDisableDirectives: 'off' } }],
  });

describe('storage boundary lint rule', () => {
  it('reports no storage SDK import outside the repositories and the media store', async () => {
    const results = await lint(backend).lintFiles(['functions/**/*.ts', 'shared/**/*.ts', 'infra/**/*.ts']);
    const problems = results.flatMap((r) =>
      r.messages.map((m) => `${path.relative(root, r.filePath)}:${m.line} ${m.ruleId ?? ''} ${m.message}`),
    );
    expect(results.length).toBeGreaterThan(100);
    expect(problems).toEqual([]);
  }, 60_000);

  it('flags a service that imports the DynamoDB or S3 SDK (the rule bites)', async () => {
    const eslint = lint(backend);
    const code =
      "import { GetCommand } from '@aws-sdk/lib-dynamodb';\nimport { S3Client } from '@aws-sdk/client-s3';\nexport const x = [GetCommand, S3Client];\n";
    const [service] = await eslint.lintText(code, { filePath: path.join(root, 'functions/billing/leaky-service.ts') });
    expect(service!.messages.map((m) => m.ruleId)).toEqual(['no-restricted-imports', 'no-restricted-imports']);
    const client =
      "import { GetCommand } from '../../shared/repositories/dynamo-client';\nexport const y = GetCommand;\n";
    const [leaky] = await eslint.lintText(client, { filePath: path.join(root, 'functions/billing/leaky-service.ts') });
    expect(leaky!.messages.map((m) => m.ruleId)).toEqual(['no-restricted-imports']);
    // the functions' own S3 client is the media store's, not a service's
    const s3 = "import { GetObjectCommand, getS3 } from '../lib/s3';\nexport const z = [GetObjectCommand, getS3];\n";
    const [direct] = await eslint.lintText(s3, { filePath: path.join(root, 'functions/billing/leaky-service.ts') });
    expect(direct!.messages.map((m) => m.ruleId)).toEqual(['no-restricted-imports']);
    const [repo] = await eslint.lintText(code, { filePath: path.join(root, 'shared/repositories/some-repository.ts') });
    expect(repo!.messages).toEqual([]);
  });
});
