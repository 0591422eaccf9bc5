/**
 * The remote AI providers by name, without the Fitly engine: what the small provider-call function bundles
 * (functions/generations/workflow/provider-call.ts; no TensorFlow.js). ./registry.ts adds the engine for the render worker.
 */
import type { ProviderName } from '../../../shared/domain/render-queue';
import { createFashnProvider } from './fashn-provider';
import { createGeminiProvider } from './gemini-provider';
import { providerKeysFromEnv, type ProviderKeys } from './index';
import type { ImageProvider } from './types';

/** A remote provider by name, or null for the engine or an AI provider without its key. */
export function remoteProviderByName(
  name: ProviderName,
  keys: ProviderKeys = providerKeysFromEnv(),
): ImageProvider | null {
  if (name === 'fashn')
    return keys.fashnApiKey ? createFashnProvider({ apiKey: keys.fashnApiKey, baseUrl: keys.fashnBaseUrl }) : null;
  if (name === 'gemini')
    return keys.geminiApiKey ? createGeminiProvider({ apiKey: keys.geminiApiKey, baseUrl: keys.geminiBaseUrl }) : null;
  return null;
}
