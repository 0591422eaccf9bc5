/**
 * Token verification with aws-jwt-verify: signature (JWKS), issuer, audience (app client), token use (id),
 * expiry and algorithm. A deployed (non-local) configuration refuses any issuer that is not Cognito's
 * own https issuer, so the public signing key of cognito-local can never be trusted in production.
 */
import { JwtRsaVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import type { Fetcher } from 'aws-jwt-verify/https';
import { unauthorized } from '../../shared/errors';
import { getConfig, type AppConfig } from './config';

export interface AuthContext {
  sub: string;
  email: string;
  givenName: string | null;
  familyName: string | null;
  claims: Record<string, unknown>;
}

const COGNITO_ISSUER = /^https:\/\/cognito-idp\.[a-z0-9-]+\.amazonaws\.com\/[a-z0-9-]+_[A-Za-z0-9]+$/;

/** Throws when a deployed stage is configured with anything but a real Cognito issuer. */
export function assertTrustedIssuer(cfg: Pick<AppConfig, 'local' | 'issuer' | 'jwksUri'>): void {
  if (cfg.local) return;
  if (!COGNITO_ISSUER.test(cfg.issuer))
    throw new Error(`Refusing untrusted token issuer ${cfg.issuer} outside local mode`);
  if (cfg.jwksUri !== `${cfg.issuer}/.well-known/jwks.json`)
    throw new Error("The JWKS URI must be the issuer's own outside local mode");
}

/** cognito-local serves its JWKS over plain http on loopback; the default fetcher is https-only. */
const httpFetcher: Fetcher = {
  async fetch(uri: string) {
    const res = await fetch(uri, { signal: AbortSignal.timeout(3000) });
    if (!res.ok) throw new Error(`JWKS fetch failed: ${res.status}`);
    return res.arrayBuffer();
  },
};

type Verifier = { verify: (token: string) => Promise<Record<string, unknown>> };
const verifiers = new Map<string, Verifier>();

function getVerifier(cfg: AppConfig): Verifier {
  assertTrustedIssuer(cfg);
  const cacheKey = `${cfg.issuer}|${cfg.userPoolClientId}|${cfg.jwksUri}`;
  let v = verifiers.get(cacheKey);
  if (!v) {
    const props = {
      issuer: cfg.issuer,
      jwksUri: cfg.jwksUri,
      audience: cfg.userPoolClientId,
      graceSeconds: 0,
      customJwtCheck: ({ payload }: { payload: Record<string, unknown> }) => {
        if (payload.token_use !== 'id') throw new Error('Not an ID token');
        if (typeof payload.sub !== 'string' || !payload.sub) throw new Error('Token without subject');
      },
    };
    const verifier = cfg.local
      ? JwtRsaVerifier.create(props, { jwksCache: new SimpleJwksCache({ fetcher: httpFetcher }) })
      : JwtRsaVerifier.create(props);
    v = cachedVerify((token) => verifier.verify(token));
    verifiers.set(cacheKey, v);
  }
  return v;
}

/** How many verified tokens an instance remembers (the oldest forgotten first). */
export const VERIFIED_TOKEN_CACHE_SIZE = 1000;

/**
 * A token already verified in full (signature, issuer, audience, token use) is the same bytes the next time: its
 * claims are remembered for the life of the instance, so a signed-in user's next requests pay a map lookup, not
 * an RSA verification. Expiry is checked on every use (a remembered token stops working at its `exp`, as a fresh
 * verification would), and only successes are remembered. Revocation is not the token's business here: every
 * authenticated request checks the account's state in the table (functions/lib/http.ts).
 */
export function cachedVerify(verify: Verifier['verify']): Verifier {
  const verified = new Map<string, { payload: Record<string, unknown>; expMs: number }>();
  return {
    async verify(token) {
      const hit = verified.get(token);
      if (hit) {
        if (Date.now() < hit.expMs) return hit.payload;
        verified.delete(token);
      }
      const payload = await verify(token);
      const exp = payload.exp;
      if (typeof exp === 'number') {
        if (verified.size >= VERIFIED_TOKEN_CACHE_SIZE) verified.delete(verified.keys().next().value!);
        verified.set(token, { payload, expMs: exp * 1000 });
      }
      return payload;
    },
  };
}

export function bearerToken(headers: Record<string, string | undefined>): string | null {
  const h = headers.authorization ?? headers.Authorization;
  if (!h) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(h.trim());
  return m?.[1] ?? null;
}

export async function verifyToken(token: string, cfg: AppConfig = getConfig()): Promise<AuthContext> {
  let payload: Record<string, unknown>;
  try {
    payload = await getVerifier(cfg).verify(token);
  } catch {
    throw unauthorized();
  }
  const str = (k: string) => {
    const v = payload[k];
    return typeof v === 'string' && v ? v : null;
  };
  const sub = payload.sub;
  // customJwtCheck refused every token without a string subject
  if (typeof sub !== 'string') throw unauthorized();
  return {
    sub,
    email: str('email') ?? str('cognito:username') ?? '',
    givenName: str('given_name'),
    familyName: str('family_name'),
    claims: payload,
  };
}
