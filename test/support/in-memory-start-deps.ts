/**
 * In-memory collaborators of the generation starts (start-deps.ts), for the use cases' unit tests: the stored
 * state in maps, with the repositories' rules that a start relies on (a reservation debits the buckets and the
 * pack lots or fails with InsufficientCredits, a held key is IdempotencyKeyTaken, a refund restores exactly what
 * was reserved, a kept variant is VariantAlreadyKept), a workflow that records its starts (or fails), renderers
 * and a signer that are ready or not, private media as a map, a fixed clock and counted ids.
 * Never wired in production.
 */
import { emptyBuckets, type Bucket } from '../../shared/domain/ledger';
import type { Mode } from '../../shared/domain/generation';
import type { ProviderName } from '../../shared/domain/render-queue';
import type { Balance, PackLot } from '../../shared/repositories/ledger-repository';
import { InsufficientCredits } from '../../shared/repositories/ledger-repository';
import type {
  ProductRecord,
  PromptTemplateRecord,
  RawTemplateRecord,
  StyleRecord,
} from '../../shared/repositories/catalog-repository';
import type { PhotoProfileRecord } from '../../shared/repositories/photo-profile-repository';
import type { IdempotencyRecord } from '../../shared/repositories/idempotency-repository';
import {
  IdempotencyKeyTaken,
  VariantAlreadyKept,
  type GenerationRecord,
} from '../../shared/repositories/generation-repository';
import type { UserRecord } from '../../shared/repositories/user-repository';
import type { StartDeps } from '../../functions/generations/start-deps';

export interface InMemoryStart {
  deps: StartDeps;
  balances: Map<string, Balance>;
  lots: Map<string, PackLot[]>;
  profiles: Map<string, PhotoProfileRecord[]>;
  styles: Map<string, StyleRecord>;
  products: Map<string, ProductRecord[]>;
  prompts: PromptTemplateRecord[];
  rawTemplates: Map<string, RawTemplateRecord>;
  idempotency: Map<string, IdempotencyRecord>;
  generations: Map<string, GenerationRecord>;
  objects: Map<string, Buffer>;
  /** Every execution started, in order. */
  dispatched: { generationId: string; userId: string }[];
  /** The renderer each mode uses, and whether it is ready. */
  renderer: Record<Mode, ProviderName>;
  rendererReady: boolean;
  provenanceReady: boolean;
  /** When set, starting an execution throws this. */
  workflowFails: Error | null;
  /** Runs inside the next reservation, before it is applied (a concurrent request's write). */
  beforeNextReservation: (() => void) | null;
  now: Date;
}

const key = (userId: string, id: string) => `${userId}#${id}`;

/** A user, as the user repository reads it (limits: a paid plan without priority). */
export function aUser(overrides: Partial<UserRecord> = {}): UserRecord {
  return {
    id: 'u1',
    email: 'u1@example.com',
    firstName: null,
    lastName: null,
    handle: 'u1',
    profileImageUrl: null,
    hasUnlimitedCredits: false,
    role: 'shopper',
    currentRole: 'shopper',
    permanentRole: 'shopper',
    currentPlan: 'none',
    subscriptionStatus: 'none',
    hasUsedTrial: false,
    isInfluencer: false,
    influencerSince: null,
    nextScheduledPlan: null,
    nextScheduledPlanDate: null,
    isPublic: false,
    showCollections: false,
    onboarded: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  } as UserRecord;
}

export function inMemoryStart(now = new Date('2026-11-01T12:00:00.000Z')): InMemoryStart {
  let nextId = 0;
  const m: InMemoryStart = {
    deps: undefined as unknown as StartDeps,
    balances: new Map(),
    lots: new Map(),
    profiles: new Map(),
    styles: new Map(),
    products: new Map(),
    prompts: [],
    rawTemplates: new Map(),
    idempotency: new Map(),
    generations: new Map(),
    objects: new Map(),
    dispatched: [],
    renderer: { exact: 'engine', creative: 'engine' },
    rendererReady: true,
    provenanceReady: true,
    workflowFails: null,
    beforeNextReservation: null,
    now,
  };
  const balanceOf = (userId: string): Balance => m.balances.get(userId) ?? { ...emptyBuckets(), credits: 0 };
  const move = (userId: string, parts: Partial<Record<Bucket, number>>, sign: 1 | -1) => {
    const b = { ...balanceOf(userId) };
    for (const [bucket, n] of Object.entries(parts) as [Bucket, number][]) {
      b[bucket] += sign * n;
      b.credits += sign * n;
    }
    m.balances.set(userId, b);
  };
  m.deps = {
    store: {
      getBalance: (userId) => Promise.resolve(balanceOf(userId)),
      listLots: (userId) => Promise.resolve((m.lots.get(userId) ?? []).filter((l) => l.remaining > 0)),
      listPhotoProfiles: (userId) => Promise.resolve(m.profiles.get(userId) ?? []),
      getPhotoProfile: (userId, id) => Promise.resolve((m.profiles.get(userId) ?? []).find((p) => p.id === id) ?? null),
      getVisibleStyle: (styleId, viewerId) => {
        const s = m.styles.get(styleId);
        return Promise.resolve(s && (s.isPublic || s.createdBy === viewerId) ? s : null);
      },
      listStyleProducts: (styleId) => Promise.resolve(m.products.get(styleId) ?? []),
      getPromptTemplate: (id) => Promise.resolve(m.prompts.find((p) => p.id === id) ?? null),
      listPromptTemplates: () => Promise.resolve(m.prompts),
      getRawTemplate: (id) => Promise.resolve(m.rawTemplates.get(id) ?? null),
      getIdempotencyRecord: (userId, k) => Promise.resolve(m.idempotency.get(key(userId, k)) ?? null),
      getGeneration: (userId, id) => Promise.resolve(m.generations.get(key(userId, id)) ?? null),
      createGenerationWithReservation: (gen, claim) => {
        const concurrent = m.beforeNextReservation;
        m.beforeNextReservation = null;
        concurrent?.();
        if (claim && m.idempotency.has(key(gen.userId, claim.key))) return Promise.reject(new IdempotencyKeyTaken());
        const balance = balanceOf(gen.userId);
        const short = (Object.entries(gen.reserved) as [Bucket, number][]).some(([b, n]) => balance[b] < n);
        const lots = m.lots.get(gen.userId) ?? [];
        const lotShort = (gen.reservedLots ?? []).some(
          (r) => (lots.find((l) => l.lotKey === r.lotKey)?.remaining ?? 0) < r.take,
        );
        if (short || lotShort) return Promise.reject(new InsufficientCredits());
        move(gen.userId, gen.reserved, -1);
        for (const r of gen.reservedLots ?? []) lots.find((l) => l.lotKey === r.lotKey)!.remaining -= r.take;
        m.generations.set(key(gen.userId, gen.id), gen);
        if (claim)
          m.idempotency.set(key(gen.userId, claim.key), {
            ...claim,
            generationId: gen.id,
            createdAt: gen.createdAt,
          });
        return Promise.resolve();
      },
      failWithRefund: (userId, id, error) => {
        const gen = m.generations.get(key(userId, id));
        if (!gen || (gen.status !== 'pending' && gen.status !== 'processing')) return Promise.resolve(false);
        m.generations.set(key(userId, id), { ...gen, status: 'failed', error });
        move(userId, gen.reserved, 1);
        const lots = m.lots.get(userId) ?? [];
        for (const r of gen.reservedLots ?? []) lots.find((l) => l.lotKey === r.lotKey)!.remaining += r.take;
        return Promise.resolve(true);
      },
      keepVariant: (run, index, kept) => {
        const stored = m.generations.get(key(run.userId, run.id));
        const previous = stored?.keptVariants?.[String(index)];
        if (previous && m.generations.has(key(run.userId, previous)))
          return Promise.reject(new VariantAlreadyKept(previous));
        m.generations.set(key(kept.userId, kept.id), kept);
        if (stored)
          m.generations.set(key(run.userId, run.id), {
            ...stored,
            keptVariants: { ...(stored.keptVariants ?? {}), [String(index)]: kept.id },
          });
        return Promise.resolve();
      },
    },
    workflow: {
      start: (input) => {
        if (m.workflowFails) return Promise.reject(m.workflowFails);
        m.dispatched.push(input);
        return Promise.resolve();
      },
    },
    providers: {
      nameFor: (mode) => Promise.resolve(m.renderer[mode]),
      ready: () => Promise.resolve(m.rendererReady),
    },
    provenance: { ready: () => Promise.resolve(m.provenanceReady) },
    media: {
      copy: (from, to) => {
        const bytes = m.objects.get(from);
        if (!bytes) return Promise.resolve(false);
        m.objects.set(to, bytes);
        return Promise.resolve(true);
      },
      delete: (keys) => Promise.resolve(keys.filter((k) => m.objects.delete(k)).length),
      read: (k) => Promise.resolve(m.objects.get(k) ?? null),
    },
    clock: () => m.now,
    ids: () => `gen-${++nextId}`,
  };
  return m;
}

/** Credits in one bucket (and the balance's total). */
export function giveCredits(m: InMemoryStart, userId: string, credits: Partial<Record<Bucket, number>>): void {
  const b = { ...emptyBuckets(), ...credits };
  m.balances.set(userId, { ...b, credits: b.trial + b.monthly + b.pack });
}

/** A photo profile with a portrait and (unless said otherwise) a full-body photo that passed its check. */
export function aProfile(overrides: Partial<PhotoProfileRecord> = {}): PhotoProfileRecord {
  const fullBodyKey = 'fullBodyKey' in overrides ? (overrides.fullBodyKey ?? null) : 'users/u1/photos/p1/full.jpg';
  return {
    id: 'p1',
    userId: 'u1',
    name: 'Me',
    gender: 'female',
    bodyDescription: 'A person of average height, slim build',
    portraitKey: 'users/u1/photos/p1/portrait.jpg',
    fullBodyKey,
    bodyCheck: fullBodyKey
      ? { key: fullBodyKey, status: 'ok', code: null, message: null, checkedAt: '2026-01-01T00:00:00.000Z' }
      : null,
    measurements: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    isDefault: true,
    ...overrides,
  };
}

/** A public style with a product photo. */
export function aStyle(overrides: Partial<StyleRecord> = {}): StyleRecord {
  return {
    id: 's1',
    name: 'Linen shirt',
    description: '',
    sex: 'unisex',
    categoryIds: [],
    tags: [],
    tasks: ['OUTFIT_TRYON'],
    styleImageType: 'product_laydown',
    promptImageUrl: 'https://shop.example.com/shirt.jpg',
    promptImageOriginalUrl: null,
    coverImageUrl: null,
    defaultPromptTemplateId: null,
    isPublic: true,
    isAiGenerated: false,
    sizeChart: null,
    createdBy: 'creator',
    usageCount: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  } as StyleRecord;
}

/** A prompt template. */
export function aPrompt(overrides: Partial<PromptTemplateRecord> = {}): PromptTemplateRecord {
  return {
    id: 't1',
    name: 'Studio',
    description: '',
    previewImageUrl: null,
    task: 'OUTFIT_TRYON',
    template: 'studio light',
    styleCategory: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  } as PromptTemplateRecord;
}

/** A completed style generation of `userId` (the record's defaults; a test names what matters to it). */
export function aGeneration(id: string, overrides: Partial<GenerationRecord> = {}): GenerationRecord {
  const userId = overrides.userId ?? 'u1';
  return {
    id,
    userId,
    status: 'completed',
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
    styleName: null,
    templateName: null,
    cost: 1,
    reserved: {},
    priority: false,
    resultKey: `results/${userId}/${id}.jpg`,
    error: null,
    createdAt: '2026-10-01T00:00:00.000Z',
    startedAt: null,
    completedAt: '2026-10-01T00:01:00.000Z',
    updatedAt: '2026-10-01T00:01:00.000Z',
    ...overrides,
  };
}
