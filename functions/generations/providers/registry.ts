/** The provider instances by name (the workflow's side of ./index.ts: only the workflow bundles them). */
import type { Mode } from '../../../shared/domain/generation';
import type { ProviderName } from '../../../shared/domain/render-queue';
import { engineProvider } from './engine-provider';
import { configuredProvider, providerKeysFromEnv, type ProviderKeys } from './index';
import { remoteProviderByName } from './remote-registry';
import type { ImageProvider } from './types';

/** The provider by name, or null when it cannot render here (an AI provider without its key). */
export function providerByName(name: ProviderName, keys: ProviderKeys = providerKeysFromEnv()): ImageProvider | null {
  if (name === 'engine') return engineProvider;
  return remoteProviderByName(name, keys);
}

/** The provider that renders `mode`, or null when the configured one cannot (refused with provider_unavailable). */
export function providerFor(mode: Mode, keys: ProviderKeys = providerKeysFromEnv()): ImageProvider | null {
  return providerByName(configuredProvider(mode, keys), keys);
}
