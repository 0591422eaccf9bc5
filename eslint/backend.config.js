// @ts-check
/**
 * The storage boundary, as lint: only the repositories (shared/repositories) talk to DynamoDB and only the
 * media store (functions/lib/media-store.ts, functions/lib/s3.ts) talks to S3. The root eslint.config.js
 * spreads this array; shared/repositories/storage-boundary.test.ts runs it alone over functions/, shared/
 * and infra/ and expects zero problems.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';

const root = path.resolve(import.meta.dirname, '..');

/**
 * The domains of functions/ (issue 42): every folder with a `handlers/` folder (functions/<domain>/handlers/<group>.ts).
 * Each has one entry, functions/<domain>/index.ts, the only module another domain may import.
 */
export const DOMAINS = readdirSync(path.join(root, 'functions'), { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(path.join(root, 'functions', d.name, 'handlers')))
  .map((d) => d.name)
  .sort();

/** The code every domain shares; it imports no domain. */
export const SHARED_FUNCTION_FOLDERS = ['lib', 'engine', 'edge', 'provisioning'];

export const STORAGE_SDKS = [
  '@aws-sdk/lib-dynamodb',
  '@aws-sdk/client-dynamodb',
  '@aws-sdk/client-s3',
  '@aws-sdk/s3-request-presigner',
];

/**
 * The repositories' DynamoDB document client (shared/repositories/dynamo-client.ts) and the functions' S3 client
 * (functions/lib/s3.ts), both the SDK's, by any relative path.
 */
export const STORAGE_CLIENT_PATTERNS = [
  '**/repositories/dynamo-client',
  '**/repositories/dynamo-client.ts',
  '**/lib/s3',
  '**/lib/s3.ts',
  './s3',
];

/**
 * Files allowed to import the storage SDKs, each with its reason.
 * @type {Record<string, string>}
 */
export const STORAGE_SDK_EXCEPTIONS = {
  'shared/repositories/**': 'the repositories: the only modules that read and write the table',
  'functions/lib/media-store.ts': 'the media store: the only module that reads and writes objects',
  'functions/lib/s3.ts': "the media store's S3 client (the SDK's, created on first use; presigned GET)",
  'functions/lib/presigned-post.ts': "the media store's presigned POST signer (signs with the S3 client's credentials)",
  'infra/local/**': 'the local stack creates the table and buckets and proxies presigned URLs (never deployed)',
  'infra/ops/**':
    "operators' day-one scripts (admin:grant, catalog:seed) pass the catalogue seeder an S3 client (never deployed)",
  'test/**': 'tests arrange and inspect stored state directly',
  '**/*.test.ts': 'unit tests next to the code arrange state directly',
};

const message =
  'Storage SDKs belong to shared/repositories (DynamoDB) and functions/lib/media-store.ts (S3): call a repository or the media store instead.';

const DOMAIN_MESSAGE =
  'A domain reaches another domain only through its entry (functions/<domain>/index.ts): export what you need there.';
const SHARED_MESSAGE =
  'functions/lib (and engine, edge, provisioning) serve every domain and import none: take the collaborator as a parameter, or move the code into the domain.';
const LAYER_MESSAGE = 'shared/ is used by functions/, infra/ and web/, and imports none of them.';

/**
 * The import zones of the backend (import-x `no-restricted-paths`): a domain imports another only through its
 * entry; the shared folders of functions/ import no domain; shared/ imports nothing from functions/.
 * Unit tests next to shared code may reach into a domain to drive it (ledger-repository.test.ts, shares.test.ts,
 * runtime-secrets.test.ts): the zones bind what ships.
 */
export const IMPORT_ZONES = [
  ...DOMAINS.map((domain) => ({
    target: `./functions/${domain}`,
    from: DOMAINS.filter((other) => other !== domain).map((other) => `./functions/${other}`),
    except: ['./index.ts'],
    message: DOMAIN_MESSAGE,
  })),
  {
    target: SHARED_FUNCTION_FOLDERS.map((folder) => `./functions/${folder}`),
    from: DOMAINS.map((domain) => `./functions/${domain}`),
    message: SHARED_MESSAGE,
  },
  { target: './shared', from: ['./functions', './infra', './web'], message: LAYER_MESSAGE },
];

/** @type {import('typescript-eslint').ConfigArray} */
const config = tseslint.config(
  {
    files: ['functions/**/*.ts', 'shared/**/*.ts', 'infra/**/*.ts', 'test/**/*.ts'],
    languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: STORAGE_SDKS.map((name) => ({ name, message })),
          patterns: [{ group: STORAGE_CLIENT_PATTERNS, message }],
        },
      ],
    },
  },
  {
    files: Object.keys(STORAGE_SDK_EXCEPTIONS),
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['functions/**/*.ts', 'shared/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: IMPORT_ZONES }] },
  },
  {
    // tests next to shared code may drive a domain (see IMPORT_ZONES); a domain's own tests keep to the entries
    files: ['shared/**/*.test.ts', 'functions/lib/**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
);

export default config;
