/**
 * The IAM contract: every AWS SDK command each Lambda function sends, and on which resource. The CDK app
 * builds the functions' policies from this map (infra/lib/constructs/grants.ts, grantSdkAccess), and
 * test/infra/iam-contract.test.ts checks it both ways:
 * - against the code: each function's entry is bundled (tree-shaken, as deployed) and every `new XCommand(...)`
 *   left in the bundle must be listed here, and every command listed here must be in the bundle;
 * - against the synthesized templates: each function's role allows exactly the IAM actions of its commands
 *   on exactly these resources (nothing missing, nothing more).
 *
 * When code starts sending a new command, add it here (the test says where); the policy follows.
 * Pure data: imported by the CDK app and the tests, never by a handler.
 */
import { groupEntryPath, type Group } from '../../shared/routes/route-def';

/** Resources a function may be granted access to. */
export type AwsResource =
  | 'table'
  | 'tableIndexes'
  | 'privateBucket'
  | 'publicBucket'
  | 'userPool'
  | 'stateMachine'
  | 'executions'
  | 'stripeSecret'
  | 'providerSecret'
  | 'provenanceSecret'
  /** generated keys read at run time (functions/lib/runtime-secrets.ts): cursor HMAC key, IP-hash pepper, edge token */
  | 'cursorKeySecret'
  | 'ipHashSecret'
  | 'originSecret'
  /** the render worker function (asynchronous invocations from the render queue's dispatch) */
  | 'renderWorker'
  /** the provider-call function: a synchronous provider's render (asynchronous invocations from the dispatch) */
  | 'providerCall'
  /** task tokens of the generation state machine (SendTaskSuccess / SendTaskFailure) */
  | 'taskTokens'
  /** Rekognition DetectModerationLabels: no resource-level permissions (Resource "*") */
  | 'moderation'
  /** the data-export job (asynchronous invocation from the privacy API) */
  | 'exportFunction';

/** Where the IAM action is evaluated: on the bucket itself (ListBucket) or on its objects (key ARNs). */
export type ResourceScope = 'resource' | 'objects';

export interface CommandAccess {
  /** IAM actions the command needs. */
  actions: string[];
  /** For buckets: the objects (arn/*) or the bucket (arn). Default: 'resource' (or 'objects' for S3 object commands). */
  scope?: ResourceScope;
  /**
   * For S3 object reads: actions on the bucket itself, with no prefix condition. S3 answers a read of a missing key
   * with 404 only to a caller allowed s3:ListBucket on the bucket (403 AccessDenied to anyone else), and our code
   * reads only a 404 as "missing" (functions/lib/s3.ts, isMissingObject): a 403 is a refusal and surfaces. The
   * role could already read every object (s3:GetObject on arn/*); listing adds the keys' names, nothing more.
   */
  bucketActions?: string[];
}

/**
 * SDK command (class name, as in `new GetObjectCommand(...)`; DocumentClient commands by their lib-dynamodb
 * name) -> IAM actions. `PresignedPost` stands for createPresignedPost (a browser upload signed with the
 * function's credentials). TransactWriteItems is authorized item by item with the item's own action, so a
 * transaction needs every action its items may use.
 */
export const COMMAND_ACTIONS: Record<string, CommandAccess> = {
  // DynamoDB (DocumentClient)
  GetCommand: { actions: ['dynamodb:GetItem'] },
  PutCommand: { actions: ['dynamodb:PutItem'] },
  UpdateCommand: { actions: ['dynamodb:UpdateItem'] },
  DeleteCommand: { actions: ['dynamodb:DeleteItem'] },
  QueryCommand: { actions: ['dynamodb:Query'] },
  ScanCommand: { actions: ['dynamodb:Scan'] },
  BatchGetCommand: { actions: ['dynamodb:BatchGetItem'] },
  BatchWriteCommand: { actions: ['dynamodb:BatchWriteItem'] },
  TransactGetCommand: { actions: ['dynamodb:GetItem'] },
  TransactWriteCommand: {
    actions: ['dynamodb:ConditionCheckItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'],
  },
  // S3
  GetObjectCommand: { actions: ['s3:GetObject'], scope: 'objects', bucketActions: ['s3:ListBucket'] },
  HeadObjectCommand: { actions: ['s3:GetObject'], scope: 'objects', bucketActions: ['s3:ListBucket'] },
  PutObjectCommand: { actions: ['s3:PutObject'], scope: 'objects' },
  PresignedPost: { actions: ['s3:PutObject'], scope: 'objects' },
  DeleteObjectCommand: { actions: ['s3:DeleteObject'], scope: 'objects' },
  DeleteObjectsCommand: { actions: ['s3:DeleteObject'], scope: 'objects' },
  ListObjectsV2Command: { actions: ['s3:ListBucket'], scope: 'resource' },
  ListObjectVersionsCommand: { actions: ['s3:ListBucketVersions'], scope: 'resource' },
  // Cognito
  AdminGetUserCommand: { actions: ['cognito-idp:AdminGetUser'] },
  AdminUserGlobalSignOutCommand: { actions: ['cognito-idp:AdminUserGlobalSignOut'] },
  AdminDeleteUserCommand: { actions: ['cognito-idp:AdminDeleteUser'] },
  AdminDisableUserCommand: { actions: ['cognito-idp:AdminDisableUser'] },
  // Public (unauthenticated) user-pool APIs: the app client's own flow, no IAM action (the password check before
  // "Delete my account" signs in with USER_PASSWORD_AUTH and revokes the refresh token it got).
  InitiateAuthCommand: { actions: [] },
  RevokeTokenCommand: { actions: [] },
  // Step Functions
  StartExecutionCommand: { actions: ['states:StartExecution'] },
  DescribeExecutionCommand: { actions: ['states:DescribeExecution'] },
  StopExecutionCommand: { actions: ['states:StopExecution'] },
  // Secrets Manager
  GetSecretValueCommand: { actions: ['secretsmanager:GetSecretValue'] },
  PutSecretValueCommand: { actions: ['secretsmanager:PutSecretValue'] },
  // Lambda (the render queue starts its worker with InvocationType Event)
  InvokeCommand: { actions: ['lambda:InvokeFunction'] },
  // Step Functions callbacks
  SendTaskSuccessCommand: { actions: ['states:SendTaskSuccess'] },
  SendTaskFailureCommand: { actions: ['states:SendTaskFailure'] },
  // Rekognition (content safety)
  DetectModerationLabelsCommand: { actions: ['rekognition:DetectModerationLabels'] },
};

export type SdkCommand = keyof typeof COMMAND_ACTIONS;

export type AccessMap = Partial<Record<AwsResource, SdkCommand[]>>;

export interface FunctionAccess {
  /** The Lambda entry module (repository-relative) and its exported handler. */
  entry: string;
  handler: string;
  access: AccessMap;
  /**
   * Prefixes this function lists (s3:prefix condition on s3:ListBucket). Required when the access map lists
   * ListObjectsV2Command.
   */
  listPrefixes?: Partial<Record<'privateBucket' | 'publicBucket', string[]>>;
  /** Object actions a command needs because of a parameter (PutObject with Tagging needs s3:PutObjectTagging). */
  alsoActions?: Partial<Record<'privateBucket' | 'publicBucket', string[]>>;
}

// Shared shapes, so a repository change shows up in one place.
/** ensureUser on the first authenticated call: the user item, its handle claim, and AdminGetUser for the names. */
const USER_LOADER: SdkCommand[] = ['GetCommand', 'TransactWriteCommand'];

/**
 * Every API function checks CloudFront's origin token and signs/verifies cursors in the request pipeline
 * (functions/lib/http.ts): both generated secrets are read at run time.
 */
const PIPELINE_SECRETS: AccessMap = {
  cursorKeySecret: ['GetSecretValueCommand'],
  originSecret: ['GetSecretValueCommand'],
};
const api = (group: Group, access: AccessMap, extra: Partial<FunctionAccess> = {}): FunctionAccess => ({
  entry: groupEntryPath(group),
  handler: 'handler',
  access: { ...PIPELINE_SECRETS, ...access },
  ...extra,
});
const task = (handler: string, access: AccessMap, extra: Partial<FunctionAccess> = {}): FunctionAccess => ({
  entry: 'functions/generations/workflow/index.ts',
  handler,
  access,
  ...extra,
});

/** Keys are the principals: `api:<group>` (one function per route-table group), `task:<handler>`, `job:<name>`. */
export const AWS_ACCESS = {
  'api:auth-user': api('auth-user', {
    table: [...USER_LOADER, 'UpdateCommand'],
    userPool: ['AdminGetUserCommand'],
  }),
  'api:profiles': api(
    'profiles',
    {
      table: [...USER_LOADER, 'QueryCommand', 'UpdateCommand', 'PutCommand', 'DeleteCommand', 'BatchWriteCommand'],
      // GetObject: direct-upload photos read from the quarantine (uploads/tmp/<user>/photo_profile.<id>).
      // ListObjectVersions (+ s3:DeleteObjectVersion): photo deletion removes every version where buckets keep them
      privateBucket: [
        'GetObjectCommand',
        'PutObjectCommand',
        'DeleteObjectsCommand',
        'ListObjectsV2Command',
        'ListObjectVersionsCommand',
      ],
      userPool: ['AdminGetUserCommand'],
      moderation: ['DetectModerationLabelsCommand'],
      // the photo consent record keeps a peppered hash of the IP
      ipHashSecret: ['GetSecretValueCommand'],
      // the full-body check of a new full-body photo runs in the render worker (functions/generations/workflow/body-check.ts)
      renderWorker: ['InvokeCommand'],
    },
    // "Delete all my photos" and profile deletion list users/<id>/ and users/<id>/photo-profiles/<id>/.
    { listPrefixes: { privateBucket: ['users/*'] }, alsoActions: { privateBucket: ['s3:DeleteObjectVersion'] } },
  ),
  'api:generations': api('generations', {
    table: [...USER_LOADER, 'PutCommand', 'DeleteCommand', 'QueryCommand'],
    tableIndexes: ['QueryCommand'],
    // GetObject: a raw template's uploaded style reference and background are copied into the generation's keys;
    // keeping a variant copies its image into the kept generation's own key
    privateBucket: ['GetObjectCommand', 'PutObjectCommand', 'DeleteObjectsCommand'],
    userPool: ['AdminGetUserCommand'],
    stateMachine: ['StartExecutionCommand'],
    providerSecret: ['GetSecretValueCommand'],
    // the readiness check: no credits are taken when results cannot be signed
    provenanceSecret: ['GetSecretValueCommand'],
    renderWorker: ['InvokeCommand'],
  }),
  'api:catalog': api('catalog', {
    // a favourite is removed in a transaction with its style's counter shard (issue 28): no single Delete
    table: [...USER_LOADER, 'QueryCommand', 'BatchGetCommand'],
    tableIndexes: ['QueryCommand'],
    // no bucket since issue 41: GET /api/styles reads pages of the explore index, not a catalogue document
    userPool: ['AdminGetUserCommand'],
  }),
  'api:influencer': api('influencer', {
    table: [...USER_LOADER, 'QueryCommand', 'BatchGetCommand', 'DeleteCommand', 'UpdateCommand'],
    tableIndexes: ['QueryCommand'],
    userPool: ['AdminGetUserCommand'],
  }),
  'api:billing': api('billing', {
    table: [...USER_LOADER, 'PutCommand', 'QueryCommand'],
    tableIndexes: ['QueryCommand'],
    userPool: ['AdminGetUserCommand'],
    stripeSecret: ['GetSecretValueCommand'],
  }),
  // Verified by signature, not by a user token: no user loader, no AdminGetUser.
  'api:stripe-webhook': api('stripe-webhook', {
    table: ['GetCommand', 'PutCommand', 'QueryCommand', 'TransactWriteCommand'],
    stripeSecret: ['GetSecretValueCommand'],
  }),
  'api:uploads-images': api('uploads-images', {
    table: [...USER_LOADER, 'UpdateCommand', 'PutCommand'],
    // Direct uploads: presigned POST to the quarantine prefix, finalize reads and deletes it.
    privateBucket: [
      'GetObjectCommand',
      'HeadObjectCommand',
      'PutObjectCommand',
      'PresignedPost',
      'DeleteObjectsCommand',
    ],
    publicBucket: ['GetObjectCommand', 'HeadObjectCommand', 'PutObjectCommand', 'DeleteObjectsCommand'],
    userPool: ['AdminGetUserCommand'],
    moderation: ['DetectModerationLabelsCommand'],
    // rate limits per peppered IP hash (free image work: shared/domain/rate-limits.ts)
    ipHashSecret: ['GetSecretValueCommand'],
  }),
  'api:admin': api('admin', {
    table: [
      ...USER_LOADER,
      'PutCommand',
      'DeleteCommand',
      'QueryCommand',
      'BatchGetCommand',
      'ScanCommand',
      'UpdateCommand',
      // the explore index postings of a style written, unpublished, taken down or deleted (issue 28)
      'BatchWriteCommand',
    ],
    tableIndexes: ['QueryCommand'],
    // GetObject/PutObject: images of private styles (style-images/<owner>/), copied back from the public bucket
    // when a style is unpublished, and covers made from a generation; DeleteObjects: the copies of a shared look
    // taken down
    privateBucket: ['GetObjectCommand', 'PutObjectCommand', 'DeleteObjectsCommand'],
    publicBucket: ['GetObjectCommand', 'PutObjectCommand', 'DeleteObjectsCommand'],
    userPool: ['AdminGetUserCommand'],
    stateMachine: ['StartExecutionCommand'],
    providerSecret: ['GetSecretValueCommand'],
  }),
  // Shared looks: the owner's shares (copies made with the image pipeline and C2PA-marked), the public view,
  // votes, reactions, reports and rate-limit counters, the Open Graph page.
  'api:shares': api('shares', {
    // BatchGet: a share's vote counter shards (issue 28)
    table: [...USER_LOADER, 'PutCommand', 'QueryCommand', 'UpdateCommand', 'BatchGetCommand'],
    tableIndexes: ['QueryCommand'],
    privateBucket: ['GetObjectCommand', 'PutObjectCommand', 'DeleteObjectsCommand'],
    userPool: ['AdminGetUserCommand'],
    provenanceSecret: ['GetSecretValueCommand'],
    moderation: ['DetectModerationLabelsCommand'],
    // rate limits per peppered IP hash
    ipHashSecret: ['GetSecretValueCommand'],
  }),
  // Generation workflow (functions/generations/workflow/index.ts): the state machine's tasks, the render worker and its
  // failure handler, the EventBridge target for ended executions, and the sweeper.
  // Everything that dispatches (claims a job and starts its render) or retries a render invokes the render worker
  // and the provider-call function (a synchronous provider's render runs there: functions/generations/workflow/provider-call.ts).
  'task:enqueueRender': task('enqueueRender', {
    table: ['GetCommand', 'QueryCommand', 'UpdateCommand', 'TransactWriteCommand'],
    providerSecret: ['GetSecretValueCommand'],
    renderWorker: ['InvokeCommand'],
    providerCall: ['InvokeCommand'],
  }),
  'task:markFailed': task('markFailed', {
    // UpdateItem: a job reopened after a stop holds no slot, so its end is an update, not the slot's release
    table: ['GetCommand', 'QueryCommand', 'UpdateCommand', 'TransactWriteCommand'],
    renderWorker: ['InvokeCommand'],
    providerCall: ['InvokeCommand'],
  }),
  // The render worker completes the look itself (the state machine ends at Render): TransactWrite, a style's counter
  // shard folds onto its usageCount, and a fold that moves the style to another popularity tier is a versioned
  // write of the style with its explore postings (issue 40). The provider-call function likewise, for a result an
  // earlier attempt stored.
  'worker:renderWorker': task(
    'renderWorker',
    {
      table: ['GetCommand', 'PutCommand', 'QueryCommand', 'UpdateCommand', 'TransactWriteCommand'],
      // DeleteObjects: the stored variants of a run that failed while storing them
      privateBucket: ['GetObjectCommand', 'PutObjectCommand', 'DeleteObjectsCommand'],
      publicBucket: ['GetObjectCommand'],
      providerSecret: ['GetSecretValueCommand'],
      provenanceSecret: ['GetSecretValueCommand'],
      renderWorker: ['InvokeCommand'],
      providerCall: ['InvokeCommand'],
      taskTokens: ['SendTaskSuccessCommand', 'SendTaskFailureCommand'],
      moderation: ['DetectModerationLabelsCommand'],
    },
    // the variants of a run are put with a Tagging parameter (the lifecycle rule expires them): PutObjectTagging too
    { alsoActions: { privateBucket: ['s3:PutObjectTagging'] } },
  ),
  // The small provider-call function (issue 28): calls a synchronous provider, stages its images in the private
  // bucket (tagged: PutObjectTagging), records them on the job and hands the image work to the render worker.
  'worker:providerCall': {
    entry: 'functions/generations/workflow/provider-call.ts',
    handler: 'providerCall',
    access: {
      // PutItem: in the bundle with the media store's putImage (a public image's hash record, as in the worker)
      table: ['GetCommand', 'PutCommand', 'QueryCommand', 'UpdateCommand', 'TransactWriteCommand'],
      // GetObject: the person's photo and the style's images (the request); PutObject: the staged output
      privateBucket: ['GetObjectCommand', 'PutObjectCommand'],
      publicBucket: ['GetObjectCommand'],
      providerSecret: ['GetSecretValueCommand'],
      renderWorker: ['InvokeCommand'],
      providerCall: ['InvokeCommand'],
      taskTokens: ['SendTaskSuccessCommand', 'SendTaskFailureCommand'],
    },
    alsoActions: { privateBucket: ['s3:PutObjectTagging'] },
  },
  'worker:renderWorkerFailed': task('renderWorkerFailed', {
    // UpdateItem: another attempt of the crashed render (retryRenderJob: attempts + 1, a new lease)
    table: ['GetCommand', 'QueryCommand', 'UpdateCommand', 'TransactWriteCommand'],
    renderWorker: ['InvokeCommand'],
    providerCall: ['InvokeCommand'],
    taskTokens: ['SendTaskFailureCommand'],
  }),
  'job:executionEnded': task('executionEnded', {
    // UpdateItem: a job reopened after a stop holds no slot, so its end is an update, not the slot's release
    table: ['GetCommand', 'QueryCommand', 'UpdateCommand', 'TransactWriteCommand'],
    renderWorker: ['InvokeCommand'],
    providerCall: ['InvokeCommand'],
  }),
  'job:sweeper': {
    entry: 'functions/generations/workflow/sweeper.ts',
    handler: 'handler',
    access: {
      // UpdateItem: another attempt of a render whose lease ran out (retryRenderJob)
      table: ['GetCommand', 'QueryCommand', 'UpdateCommand', 'TransactWriteCommand'],
      tableIndexes: ['QueryCommand'],
      executions: ['StopExecutionCommand'],
      renderWorker: ['InvokeCommand'],
      providerCall: ['InvokeCommand'],
      taskTokens: ['SendTaskFailureCommand'],
    },
  },
  // Privacy: "Download my data" and "Delete my account" (functions/privacy), the daily retention job, the export job.
  'api:privacy': api(
    'privacy',
    {
      table: [
        ...USER_LOADER,
        'PutCommand',
        'UpdateCommand',
        'DeleteCommand',
        'QueryCommand',
        'BatchGetCommand',
        'BatchWriteCommand',
      ],
      tableIndexes: ['QueryCommand'],
      privateBucket: [
        'GetObjectCommand',
        'HeadObjectCommand',
        'PutObjectCommand',
        'DeleteObjectsCommand',
        'ListObjectsV2Command',
        'ListObjectVersionsCommand',
      ],
      publicBucket: ['DeleteObjectsCommand', 'ListObjectsV2Command', 'ListObjectVersionsCommand'],
      userPool: [
        'AdminGetUserCommand',
        'AdminUserGlobalSignOutCommand',
        'AdminDeleteUserCommand',
        'InitiateAuthCommand',
        'RevokeTokenCommand',
      ],
      stripeSecret: ['GetSecretValueCommand'],
      exportFunction: ['InvokeCommand'],
    },
    // account deletion lists everything under the user's prefixes in both buckets (and their private styles' images),
    // and where buckets keep versions deletes every version (s3:DeleteObjectVersion)
    {
      listPrefixes: { privateBucket: ['users/*', 'style-images/*'], publicBucket: ['uploads/*', 'avatars/*'] },
      alsoActions: { privateBucket: ['s3:DeleteObjectVersion'], publicBucket: ['s3:DeleteObjectVersion'] },
    },
  ),
  'job:retention': {
    entry: 'functions/privacy/retention-job.ts',
    handler: 'handler',
    access: {
      table: ['QueryCommand', 'TransactWriteCommand'],
      tableIndexes: ['QueryCommand'],
      privateBucket: ['DeleteObjectsCommand', 'ListObjectsV2Command'],
    },
    listPrefixes: { privateBucket: ['users/*'] },
  },
  'job:export-data': {
    entry: 'functions/privacy/export-job.ts',
    handler: 'handler',
    access: {
      // BatchGet: the vote counter shards of the person's shares (issue 28)
      table: ['GetCommand', 'QueryCommand', 'UpdateCommand', 'BatchGetCommand'],
      tableIndexes: ['QueryCommand'],
      privateBucket: ['GetObjectCommand', 'PutObjectCommand', 'DeleteObjectsCommand', 'ListObjectsV2Command'],
    },
    // the ZIP is put with a Tagging parameter (the lifecycle rule expires tagged archives): PutObjectTagging too
    alsoActions: { privateBucket: ['s3:PutObjectTagging'] },
    // the user's outfit uploads and template inputs are listed under users/<id>/
    listPrefixes: { privateBucket: ['users/*'] },
  },
  // The HTTP API's authorizer (every route): CloudFront's origin token, nothing else (functions/edge/authorizer.ts).
  'edge:authorizer': {
    entry: 'functions/edge/authorizer.ts',
    handler: 'handler',
    access: { originSecret: ['GetSecretValueCommand'] },
  },
  // Deploy time: fills an empty provenance secret with a generated, self-issued signing chain (custom resource).
  'job:provenance-key': {
    entry: 'functions/provisioning/provenance-key.ts',
    handler: 'handler',
    access: { provenanceSecret: ['GetSecretValueCommand', 'PutSecretValueCommand'] },
  },
  'job:expire-packs': {
    entry: 'functions/billing/expire-packs.ts',
    handler: 'handler',
    access: { table: ['GetCommand', 'UpdateCommand', 'TransactWriteCommand'], tableIndexes: ['QueryCommand'] },
  },
} satisfies Record<string, FunctionAccess>;

export type Principal = keyof typeof AWS_ACCESS;

/**
 * The functions whose bundle loads sharp (functions/lib/sharp-loader.ts): only they get the sharp layer.
 * test/infra/iam-contract.test.ts checks this list against the bundles both ways.
 */
export const SHARP_PRINCIPALS: readonly Principal[] = [
  // a template test starts a generation: its garment check reads the uploaded pieces (functions/generations/garment-check.ts)
  'api:admin',
  'api:profiles',
  'api:generations',
  'api:uploads-images',
  'api:shares',
  'worker:renderWorker',
];

export const usesSharp = (p: Principal): boolean => SHARP_PRINCIPALS.includes(p);

/**
 * IAM actions of a principal on one resource, by scope: on the resource (a bucket's are limited to the listed
 * prefixes), on a bucket's objects, and on the bucket with no condition (`bucket`: a reader's s3:ListBucket).
 */
export function actionsFor(
  principal: Principal,
  resource: AwsResource,
): { resource: string[]; objects: string[]; bucket: string[] } {
  const out = { resource: new Set<string>(), objects: new Set<string>(), bucket: new Set<string>() };
  const fa: FunctionAccess = AWS_ACCESS[principal];
  for (const cmd of fa.access[resource] ?? []) {
    const ca = COMMAND_ACTIONS[cmd];
    if (!ca) throw new Error(`${principal}: unknown SDK command ${cmd} (add it to COMMAND_ACTIONS)`);
    for (const a of ca.actions) out[ca.scope ?? 'resource'].add(a);
    for (const a of ca.bucketActions ?? []) out.bucket.add(a);
  }
  if (resource === 'privateBucket' || resource === 'publicBucket')
    for (const a of fa.alsoActions?.[resource] ?? []) out.objects.add(a);
  // an action granted on the whole bucket needs no prefix-limited grant besides
  for (const a of out.bucket) out.resource.delete(a);
  const sorted = (x: Set<string>) => [...x].sort();
  return { resource: sorted(out.resource), objects: sorted(out.objects), bucket: sorted(out.bucket) };
}
