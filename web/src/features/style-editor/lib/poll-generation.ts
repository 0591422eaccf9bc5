/**
 * Polling a generation until it ends (spec 02 section 4, "generate a cover"): every `intervalMs` up to
 * `maxTries` reads; completed gives the generation, failed raises its error, otherwise 'Generation timed out'.
 * Pure: the read and the sleep are injected, so tests need no timers.
 */
export interface PolledGeneration {
  status: string;
  error?: string | null;
}

export interface PollOptions {
  intervalMs?: number;
  maxTries?: number;
  sleep?: (ms: number) => Promise<void>;
}

export const GENERATION_TIMED_OUT = 'Generation timed out';
export const GENERATION_FAILED = 'Generation failed';

export class GenerationPollError extends Error {}

const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export async function pollGeneration<G extends PolledGeneration>(
  fetchOnce: () => Promise<G>,
  opts: PollOptions = {},
): Promise<G> {
  const intervalMs = opts.intervalMs ?? 1000;
  const maxTries = opts.maxTries ?? 60;
  const sleep = opts.sleep ?? defaultSleep;
  for (let i = 0; i < maxTries; i++) {
    await sleep(intervalMs);
    const g = await fetchOnce();
    if (g.status === 'completed') return g;
    if (g.status === 'failed') throw new GenerationPollError(g.error || GENERATION_FAILED);
  }
  throw new GenerationPollError(GENERATION_TIMED_OUT);
}
