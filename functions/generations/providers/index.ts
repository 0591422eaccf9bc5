/**
 * Which provider renders a mode, by explicit configuration:
 * - EXACT_PROVIDER = fashn | engine, CREATIVE_PROVIDER = gemini | engine (a deployed stage sets both from its
 *   stage config, infra/lib/stage-config.ts `renderProviders`);
 * - unset: locally (APP_STAGE=local) the AI provider when its key is set, else the Fitly engine; a deployed stage
 *   uses the AI provider. The engine is never a silent stand-in for a missing key in a deployed stage: there a
 *   missing key makes the mode unavailable (refused before any credit is reserved).
 * Configuration only: the provider instances are in ./registry.ts, which only the workflow imports (the API
 * functions never bundle the engine).
 */
import type { Mode } from '../../../shared/domain/generation';
import { configuredProvider, providerKeysFromEnv, type ProviderKeys } from './choice';
import { providerSecretSchema } from '../../../shared/schemas/secrets';
import type { ProviderName } from '../../../shared/domain/render-queue';
import { filledSecret } from '../../lib/runtime-secrets';

export { configuredProvider, providerKeysFromEnv, type ProviderKeys } from './choice';

/** Whether `name` can render here: the engine always; an AI provider with its key. */
export function providerAvailable(name: ProviderName, keys: ProviderKeys): boolean {
  if (name === 'engine') return true;
  return !!(name === 'fashn' ? keys.fashnApiKey : keys.geminiApiKey);
}

/** Whether a generation in `mode` can be rendered here (checked before credits are reserved). */
export async function providerReady(mode: Mode): Promise<boolean> {
  const keys = await loadProviderKeys();
  return providerAvailable(configuredProvider(mode, keys), keys);
}

/** The provider name a generation in `mode` would use (the start path's checks that depend on it). */
export async function providerNameFor(mode: Mode): Promise<ProviderName> {
  return configuredProvider(mode, await loadProviderKeys());
}

/**
 * The provider keys: from Secrets Manager when PROVIDER_SECRET_ARN is set (AWS; JSON {fashnApiKey, geminiApiKey},
 * cached a minute once a key is there, read again while none is: functions/lib/runtime-secrets.ts filledSecret),
 * else from the environment.
 */
export function loadProviderKeys(): Promise<ProviderKeys> {
  const arn = process.env.PROVIDER_SECRET_ARN;
  if (!arn) return Promise.resolve(providerKeysFromEnv());
  return filledSecret(
    arn,
    (raw): ProviderKeys => {
      const parsed = providerSecretSchema.parse(JSON.parse(raw ?? '{}'));
      return {
        ...providerKeysFromEnv(),
        fashnApiKey: parsed.fashnApiKey || undefined,
        geminiApiKey: parsed.geminiApiKey || undefined,
      };
    },
    (keys) => !!(keys.fashnApiKey || keys.geminiApiKey),
  );
}
