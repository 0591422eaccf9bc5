/** Minimal RS256 JWT signing for tests (node:crypto), to forge tokens the verifier must refuse. */
import { createSign } from 'node:crypto';

const b64url = (b: Buffer | string) => Buffer.from(b).toString('base64url');

export function sign(payload: Record<string, unknown>, pem: string, kid: string, alg = 'RS256'): string {
  const header = b64url(JSON.stringify({ alg, kid, typ: 'JWT' }));
  const body = b64url(JSON.stringify(payload));
  const signer = createSign('RSA-SHA256');
  signer.update(`${header}.${body}`);
  return `${header}.${body}.${signer.sign(pem).toString('base64url')}`;
}

/** Change the payload of a real token without re-signing it (the signature no longer matches). */
export function tamper(token: string, patch: Record<string, unknown>): string {
  const [h, p, s] = token.split('.');
  const payload = { ...JSON.parse(Buffer.from(p!, 'base64url').toString()), ...patch };
  return `${h}.${b64url(JSON.stringify(payload))}.${s}`;
}
