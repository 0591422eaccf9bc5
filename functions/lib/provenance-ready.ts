/**
 * The provenance readiness check (issue 24), next to providerReady: can results be signed here? Checked before
 * credits are reserved, so a stage whose C2PA credentials are missing, broken or expired refuses generations
 * (503) instead of taking credits and refunding every one. Deliberately light: the secret through the cached
 * runtime reader and the certificate through node:crypto, not the C2PA and X.509 libraries (those stay in the
 * functions that mark images, functions/lib/provenance.ts).
 */
import { X509Certificate } from 'node:crypto';
import { provenanceSecretSchema } from '../../shared/schemas/secrets';
import { secretValues } from './runtime-secrets';

export async function provenanceReady(now = new Date()): Promise<boolean> {
  // locally without a secret, an in-memory development chain signs (functions/lib/provenance.ts)
  if (!process.env.PROVENANCE_SECRET_ARN) return (process.env.APP_STAGE ?? 'local') === 'local';
  try {
    const { current } = await secretValues('provenance');
    const parsed = provenanceSecretSchema.parse(JSON.parse(current ?? '{}'));
    const pem = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/.exec(parsed.certificateChainPem ?? '');
    if (!parsed.privateKeyPem || !pem) return false;
    const cert = new X509Certificate(pem[0]);
    return new Date(cert.validFrom) <= now && now < new Date(cert.validTo);
  } catch {
    return false;
  }
}
