/**
 * In-memory collaborators of the render workflow's use cases (functions/generations/workflow/*), for their unit
 * tests: a generation and a render job as stored, and a generation store that keeps the repository's
 * once-only rules (a generation is failed and refunded only while pending or processing). Never wired in production.
 */
import type { GenerationRecord } from '../../shared/repositories/generation-repository';
import type { RenderJob } from '../../shared/repositories/render-queue-repository';

export function aGeneration(overrides: Partial<GenerationRecord> = {}): GenerationRecord {
  return {
    id: 'gen-1',
    userId: 'u1',
    status: 'processing',
    kind: 'style',
    mode: 'creative',
    inputs: {
      photoProfileId: 'p1',
      styleId: 's1',
      promptTemplateId: null,
      rawTemplateId: null,
      imageUrl: null,
      imageType: null,
      styleRefKey: null,
      backgroundKey: null,
    },
    styleName: 'Style 1',
    templateName: null,
    cost: 1,
    reserved: { monthly: 1 },
    priority: false,
    resultKey: null,
    error: null,
    createdAt: '2026-11-01T12:00:00.000Z',
    startedAt: '2026-11-01T12:00:01.000Z',
    completedAt: null,
    updatedAt: '2026-11-01T12:00:01.000Z',
    ...overrides,
  };
}

export function aRenderJob(overrides: Partial<RenderJob> = {}): RenderJob {
  return {
    generationId: 'gen-1',
    userId: 'u1',
    provider: 'fashn',
    priority: false,
    taskToken: 'token-1',
    state: 'running',
    enqueuedAt: '2026-11-01T12:00:00.000Z',
    queueSk: '2026-11-01T12:00:00.000Z#gen-1',
    attempts: 1,
    ...overrides,
  };
}

/** Generations by id, with the refunds the store made (one per generation, the repository's condition). */
export interface GenerationsState {
  generations: Map<string, GenerationRecord>;
  refunds: string[];
}

export function generationsState(...gens: GenerationRecord[]): GenerationsState {
  return { generations: new Map(gens.map((g) => [g.id, g])), refunds: [] };
}

/** failWithRefund's rule: only a pending or processing generation is failed (and refunded), once. */
export function failWithRefundIn(s: GenerationsState) {
  return (userId: string, id: string, error: string, now = new Date()): Promise<boolean> => {
    const g = s.generations.get(id);
    if (!g || g.userId !== userId || (g.status !== 'pending' && g.status !== 'processing'))
      return Promise.resolve(false);
    s.generations.set(id, { ...g, status: 'failed', error, updatedAt: now.toISOString() });
    s.refunds.push(id);
    return Promise.resolve(true);
  };
}
