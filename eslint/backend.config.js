// @ts-check
/**
 * The storage boundary, as lint: only the repositories (shared/repositories) talk to DynamoDB and only the
 * media store (functions/lib/media-store.ts, functions/lib/s3.ts) talks to S3. The root eslint.config.js
 * spreads this array; shared/repositories/storage-boundary.test.ts runs it alone over functions/, shared/
 * and infra/ and expects zero problems.
 */
import tseslint from 'typescript-eslint';

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
);

export default config;
