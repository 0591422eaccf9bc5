/**
 * Which provider is configured for a mode (the rule of ./index.ts's header), apart from the keys' secret so the
 * runtime config (GET /api/config, functions/profiles/handlers/auth-user.ts) can tell the SPA who renders without bundling the
 * secret reading: an environment choice, else locally the AI provider when its key is in the environment.
 */
import type { Mode } from '../../../shared/domain/generation';
import type { ProviderName } from '../../../shared/domain/render-queue';
import type { Renderers } from '../../../shared/domain/render-copy';

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

/** The AI provider of each mode, and the configuration variable that can choose the engine instead. */
const AI_PROVIDER: Record<Mode, 'fashn' | 'gemini'> = { exact: 'fashn', creative: 'gemini' };
const CHOICE_VAR: Record<Mode, string> = { exact: 'EXACT_PROVIDER', creative: 'CREATIVE_PROVIDER' };

/** The provider configured for `mode` (see the header), whether or not it can render right now. */
export function configuredProvider(
  mode: Mode,
  keys: ProviderKeys = providerKeysFromEnv(),
  env: Record<string, string | undefined> = process.env,
): ProviderName {
  const ai = AI_PROVIDER[mode];
  const choice = env[CHOICE_VAR[mode]];
  if (choice === 'engine' || choice === ai) return choice;
  if (choice) throw new Error(`${CHOICE_VAR[mode]}=${choice}: use ${ai} or engine`);
  if ((env.APP_STAGE ?? 'local') !== 'local') return ai;
  return (mode === 'exact' ? keys.fashnApiKey : keys.geminiApiKey) ? ai : 'engine';
}

/** Who renders each mode here, as the SPA is told (its words per provider: shared/domain/render-copy.ts). */
export const configuredRenderers = (keys: ProviderKeys = providerKeysFromEnv()): Renderers => ({
  exact: configuredProvider('exact', keys) === 'engine' ? 'engine' : 'fashn',
  creative: configuredProvider('creative', keys) === 'engine' ? 'engine' : 'gemini',
});
