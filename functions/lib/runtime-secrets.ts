/**
 * Keys the deploy generates (the cursor HMAC key, the IP-hash pepper, the origin-verify token CloudFront adds
 * to every API request) are read at run time from Secrets Manager, never resolved into environment variables
 * (anyone who can read a function's configuration could read them there). Each is read lazily, on the first
 * request that needs it (module load stays cheap: the SDK client is imported then), and cached for
 * SECRET_CACHE_MS, so a rotated value is picked up within minutes without a redeploy.
 *
 *   env                      in AWS (the ARN)            locally (the value; a default when unset)
 *   CURSOR_KEY_SECRET_ARN    generated, 48 characters    CURSOR_SIGNING_KEY (the local stack's: random per data
 *                                                        folder, infra/local/local-secrets.ts) or random per process
 *   IP_HASH_SECRET_ARN       generated, 48 characters    IP_HASH_SECRET (likewise) or random per process
 *   ORIGIN_SECRET_ARN        generated, 48 characters    ORIGIN_VERIFY_SECRET (the local server sets it)
 *
 * A deployed stage (APP_STAGE other than local) never falls back to a development value: a missing ARN is an
 * error (500), not a weaker key.
 *
 * The secrets the operator fills (Stripe's keys, the AI providers' keys) are read through `filledSecret`: cached
 * for FILLED_SECRET_CACHE_MS (a key put or rotated with `put-secret-value` is in use within a minute) and never
 * cached while empty (issue 41: a function that first ran before the operator filled the secret answered 503 until
 * its container was recycled), nor when the read failed.
 */
import { randomBytes } from 'node:crypto';
import { thrownInfo } from '../../shared/errors';
import { getSecretString } from './secret-value';

export const SECRET_CACHE_MS = 5 * 60_000;
/** How long a filled operator secret (Stripe, provider keys) is kept before it is read again. */
export const FILLED_SECRET_CACHE_MS = 60_000;

export type RuntimeSecret = 'cursorKey' | 'ipPepper' | 'originVerify' | 'provenance';

const ARN_ENV: Record<RuntimeSecret, string> = {
  cursorKey: 'CURSOR_KEY_SECRET_ARN',
  ipPepper: 'IP_HASH_SECRET_ARN',
  originVerify: 'ORIGIN_SECRET_ARN',
  /** read here only by the readiness check (functions/lib/provenance-ready.ts) */
  provenance: 'PROVENANCE_SECRET_ARN',
};
const LOCAL_ENV: Record<RuntimeSecret, string> = {
  cursorKey: 'CURSOR_SIGNING_KEY',
  ipPepper: 'IP_HASH_SECRET',
  originVerify: 'ORIGIN_VERIFY_SECRET',
  provenance: 'PROVENANCE_SECRET_JSON',
};
/** Never a published constant: without the local stack's value, a key random per process. */
const perProcess = randomBytes(32).toString('base64url');
const LOCAL_DEFAULT: Record<RuntimeSecret, string | null> = {
  cursorKey: perProcess,
  ipPepper: `${perProcess}.ip`,
  // no default: without it, the local stack does not play the edge (handlers invoked directly in tests)
  originVerify: null,
  provenance: null,
};

/** The values in force: the current one, and during a rotation the previous one (accepted, never used to sign). */
export interface SecretValues {
  current: string | null;
  previous: string | null;
}

type Fetch = (arn: string, stage: 'AWSCURRENT' | 'AWSPREVIOUS') => Promise<string | null>;

let fetcher: Fetch | undefined;
const defaultFetch: Fetch = async (arn, stage) => {
  try {
    return await getSecretString(arn, stage);
  } catch (err) {
    // a secret never rotated has no AWSPREVIOUS version
    if (stage === 'AWSPREVIOUS' && thrownInfo(err).name === 'ResourceNotFoundException') return null;
    throw err;
  }
};

const cache = new Map<RuntimeSecret, { at: number; values: Promise<SecretValues> }>();

const isLocal = () => (process.env.APP_STAGE ?? 'local') === 'local';

/** The values of one generated secret (cached SECRET_CACHE_MS; concurrent first calls share one read). */
export function secretValues(name: RuntimeSecret, now = Date.now()): Promise<SecretValues> {
  const arn = process.env[ARN_ENV[name]];
  if (!arn) {
    if (!isLocal()) return Promise.reject(new Error(`${ARN_ENV[name]} is not configured`));
    return Promise.resolve({ current: process.env[LOCAL_ENV[name]] || LOCAL_DEFAULT[name], previous: null });
  }
  const hit = cache.get(name);
  if (hit && now - hit.at < SECRET_CACHE_MS) return hit.values;
  const read = fetcher ?? defaultFetch;
  // the previous version is only needed to accept (origin token); keys that sign use the current one
  const values = Promise.all([read(arn, 'AWSCURRENT'), name === 'originVerify' ? read(arn, 'AWSPREVIOUS') : null]).then(
    ([current, previous]) => ({ current, previous }),
  );
  cache.set(name, { at: now, values });
  values.catch(() => cache.delete(name)); // try again on the next call
  return values;
}

/** The current value of a secret that signs (cursor key, IP pepper); throws when there is none. */
export async function currentSecret(name: RuntimeSecret): Promise<string> {
  const { current } = await secretValues(name);
  if (!current) throw new Error(`The ${name} secret is empty`);
  return current;
}

const filledCache = new Map<string, { at: number; value: Promise<unknown> }>();

/**
 * A secret the operator fills (Stripe's keys, the providers' keys), read by its ARN and parsed: cached
 * FILLED_SECRET_CACHE_MS once `filled(value)`; an empty value (not filled yet) or a failed read is read again on the
 * next call. Concurrent calls share one read.
 */
export function filledSecret<T>(
  arn: string,
  parse: (raw: string | null) => T,
  filled: (value: T) => boolean,
): Promise<T> {
  const now = Date.now();
  const hit = filledCache.get(arn);
  if (hit && now - hit.at < FILLED_SECRET_CACHE_MS) return hit.value as Promise<T>;
  const read = fetcher ?? defaultFetch;
  const value = read(arn, 'AWSCURRENT').then(parse);
  const entry = { at: now, value };
  filledCache.set(arn, entry);
  const forget = () => {
    if (filledCache.get(arn) === entry) filledCache.delete(arn);
  };
  value.then((v) => {
    if (!filled(v)) forget();
  }, forget);
  return value;
}

/** Tests: read secrets with this function instead of Secrets Manager (null: back to the real one), cache cleared. */
export function setSecretFetcherForTests(f: Fetch | null): void {
  fetcher = f ?? undefined;
  cache.clear();
  filledCache.clear();
}
