/**
 * Run-time configuration from the environment, read on each call (cheap) so tests and the local stack
 * can point one process at their own table, buckets and user pool.
 */
export interface AppConfig {
  stage: string;
  local: boolean;
  region: string;
  tableName: string;
  dynamoEndpoint?: string;
  privateBucket: string;
  publicBucket: string;
  s3Endpoint?: string;
  userPoolId: string;
  userPoolClientId: string;
  issuer: string;
  jwksUri: string;
  /** Local only: the Cognito endpoint the SPA talks to (same origin, proxied to cognito-local). */
  cognitoPublicEndpoint?: string;
  localConfirmationCode?: string;
}

const req = (name: string): string => {
  const v = process.env[name];
  if (!v) throw new Error(`Missing required environment variable ${name}`);
  return v;
};

export function getConfig(): AppConfig {
  const stage = process.env.APP_STAGE ?? 'local';
  const local = stage === 'local';
  const userPoolId = req('COGNITO_USER_POOL_ID');
  const region = process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION ?? 'eu-west-1';
  const issuer = process.env.COGNITO_ISSUER ?? `https://cognito-idp.${region}.amazonaws.com/${userPoolId}`;
  return {
    stage,
    local,
    region,
    tableName: req('TABLE_NAME'),
    dynamoEndpoint: process.env.DYNAMODB_ENDPOINT || undefined,
    privateBucket: process.env.PRIVATE_BUCKET ?? '',
    publicBucket: process.env.PUBLIC_BUCKET ?? '',
    s3Endpoint: process.env.S3_ENDPOINT || undefined,
    userPoolId,
    userPoolClientId: req('COGNITO_CLIENT_ID'),
    issuer,
    jwksUri: process.env.COGNITO_JWKS_URI ?? `${issuer}/.well-known/jwks.json`,
    cognitoPublicEndpoint: process.env.COGNITO_PUBLIC_ENDPOINT || undefined,
    localConfirmationCode: local ? process.env.LOCAL_CONFIRMATION_CODE || undefined : undefined,
  };
}
