/** Picks the provider for a mode: fashn for Exact and gemini for Creative when their keys exist, else local. */
import type { Mode } from '../../shared/domain/generation';
import { createFashnProvider } from './fashn-provider';
import { createGeminiProvider } from './gemini-provider';
import { localProvider } from './local-provider';
import type { ImageProvider } from './types';

export interface ProviderKeys {
  fashnApiKey?: string;
  fashnBaseUrl?: string;
  geminiApiKey?: string;
  geminiBaseUrl?: string;
}

/** Keys from the environment (locally, and the test fakes' base URLs). */
export function providerKeysFromEnv(): ProviderKeys {
  return {
    fashnApiKey: process.env.FASHN_API_KEY || undefined,
    fashnBaseUrl: process.env.FASHN_BASE_URL || undefined,
    geminiApiKey: process.env.GEMINI_API_KEY || undefined,
    geminiBaseUrl: process.env.GEMINI_BASE_URL || undefined,
  };
}

export function providerFor(mode: Mode, keys: ProviderKeys = providerKeysFromEnv()): ImageProvider {
  if (mode === 'exact' && keys.fashnApiKey)
    return createFashnProvider({ apiKey: keys.fashnApiKey, baseUrl: keys.fashnBaseUrl });
  if (mode === 'creative' && keys.geminiApiKey)
    return createGeminiProvider({ apiKey: keys.geminiApiKey, baseUrl: keys.geminiBaseUrl });
  return localProvider;
}

export function providerByName(name: ImageProvider['name'], keys: ProviderKeys = providerKeysFromEnv()): ImageProvider {
  if (name === 'fashn' && keys.fashnApiKey)
    return createFashnProvider({ apiKey: keys.fashnApiKey, baseUrl: keys.fashnBaseUrl });
  if (name === 'gemini' && keys.geminiApiKey)
    return createGeminiProvider({ apiKey: keys.geminiApiKey, baseUrl: keys.geminiBaseUrl });
  return localProvider;
}

/**
 * Whether the local compositor may stand in for a missing provider key: everywhere but production, where a
 * generation without a real provider is refused before any spend (never charged for a local composite).
 */
export function localProviderAllowed(stage = process.env.APP_STAGE ?? 'local'): boolean {
  return stage !== 'prod';
}

/** Whether a generation in `mode` can be rendered for real here (checked before credits are reserved). */
export async function providerReady(mode: Mode): Promise<boolean> {
  if (localProviderAllowed()) return true;
  return providerFor(mode, await loadProviderKeys()).name !== 'local';
}

let secretKeys: Promise<ProviderKeys> | undefined;

/**
 * The provider keys: from Secrets Manager when PROVIDER_SECRET_ARN is set (AWS; JSON {fashnApiKey, geminiApiKey},
 * read once per cold start), else from the environment. Without a key the local provider serves.
 */
export function loadProviderKeys(): Promise<ProviderKeys> {
  const arn = process.env.PROVIDER_SECRET_ARN;
  if (!arn) return Promise.resolve(providerKeysFromEnv());
  secretKeys ??= (async () => {
    const { SecretsManagerClient, GetSecretValueCommand } = await import('@aws-sdk/client-secrets-manager');
    const client = new SecretsManagerClient({});
    const res = await client.send(new GetSecretValueCommand({ SecretId: arn }));
    const parsed = JSON.parse(res.SecretString ?? '{}') as { fashnApiKey?: string; geminiApiKey?: string };
    return {
      ...providerKeysFromEnv(),
      fashnApiKey: parsed.fashnApiKey || undefined,
      geminiApiKey: parsed.geminiApiKey || undefined,
    };
  })().catch((err) => {
    secretKeys = undefined; // try again on the next invocation
    throw err;
  });
  return secretKeys;
}
