/**
 * The local stack's own secrets, random per data folder (issue 40, item 7): made on the first start, kept in
 * `<dataDir>/secrets.json` (mode 0600) so cursors, IP hashes (rate-limit counters, consent records) and the
 * local webhook signature stay valid across restarts, and never a constant published in this repository.
 * The per-instance ones (the edge token, the local S3 signing key) are made at each start in stack.ts.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as z from 'zod';

const localSecretsSchema = z.object({
  cursorKey: z.string().min(32),
  ipPepper: z.string().min(32),
  webhookSecret: z.string().startsWith('whsec_'),
});
export type LocalSecrets = z.infer<typeof localSecretsSchema>;

const fresh = (): LocalSecrets => ({
  cursorKey: randomBytes(32).toString('base64url'),
  ipPepper: randomBytes(32).toString('base64url'),
  webhookSecret: `whsec_${randomBytes(24).toString('base64url')}`,
});

/** The data folder's secrets (made and saved when missing or unreadable; missing fields are added). */
export function localSecrets(dataDir: string): LocalSecrets {
  const file = path.join(dataDir, 'secrets.json');
  let saved: unknown = {};
  if (existsSync(file)) {
    try {
      saved = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      saved = {};
    }
  }
  const parsed = localSecretsSchema.partial().safeParse(saved);
  const merged = { ...fresh(), ...(parsed.success ? parsed.data : {}) };
  const secrets = localSecretsSchema.parse(merged);
  if (JSON.stringify(secrets) !== JSON.stringify(saved))
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

/** The environment the local stack's functions read them from (functions/lib/runtime-secrets.ts, payments). */
export const localSecretsEnv = (s: LocalSecrets) => ({
  CURSOR_SIGNING_KEY: s.cursorKey,
  IP_HASH_SECRET: s.ipPepper,
  STRIPE_WEBHOOK_SECRET: s.webhookSecret,
});
