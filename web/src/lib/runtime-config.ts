import type { RuntimeConfig } from '@shared/schemas/user';
import { throwIfNotOk } from './api-error';

/**
 * GET /api/config, fetched once at start (main.tsx) and shared by everything that needs it (auth).
 * Checked by hand rather than with the zod schema so the landing bundle does not carry zod.
 */
let pending: Promise<RuntimeConfig> | null = null;

export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  pending ??= fetchRuntimeConfig().catch((err: unknown) => {
    pending = null; // let a later call retry
    throw err;
  });
  return pending;
}

async function fetchRuntimeConfig(): Promise<RuntimeConfig> {
  const res = await throwIfNotOk(
    await fetch('/api/config', { credentials: 'include', headers: { Accept: 'application/json' } }),
  );
  return parseRuntimeConfig(await res.json());
}

const str = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  const c = raw as Partial<RuntimeConfig> | null;
  const a = c?.auth;
  if (
    !c ||
    typeof c.stage !== 'string' ||
    typeof c.local !== 'boolean' ||
    !a ||
    !str(a.userPoolId) ||
    !str(a.userPoolClientId) ||
    typeof a.region !== 'string'
  ) {
    throw new Error('Invalid runtime configuration from /api/config');
  }
  const r = c.renderers;
  return {
    stage: c.stage,
    local: c.local,
    // without it (an older API) the words promise neither photorealism nor a preview (render-copy.ts)
    ...((r?.exact === 'fashn' || r?.exact === 'engine') && (r.creative === 'gemini' || r.creative === 'engine')
      ? { renderers: { exact: r.exact, creative: r.creative } }
      : {}),
    auth: {
      userPoolId: a.userPoolId,
      userPoolClientId: a.userPoolClientId,
      region: a.region,
      ...(str(a.userPoolEndpoint) ? { userPoolEndpoint: a.userPoolEndpoint } : {}),
      ...(str(a.localConfirmationCode) ? { localConfirmationCode: a.localConfirmationCode } : {}),
    },
  };
}

/** Tests only. */
export function resetRuntimeConfig(): void {
  pending = null;
}
