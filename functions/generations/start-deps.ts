/**
 * What a generation start works with, handed in (issue 42): the stored state it reads and writes, the workflow it
 * dispatches to, the renderers' readiness, the provenance signer's readiness, the private media it copies and
 * reads, the clock and the id source. The use cases (generation-start-service.ts, generation-outfit-service.ts)
 * take these the way the Stripe effects take their EffectContext; `startDeps(db)` below is the production
 * wiring, and the unit tests pass in-memory ones (generation-start-service.test.ts).
 */
import { ulid } from 'ulid';
import type { Mode } from '../../shared/domain/generation';
import type { ProviderName } from '../../shared/domain/render-queue';
import type { Db } from '../../shared/repositories/table';
import { getBalance, listLots, type Balance, type PackLot } from '../../shared/repositories/ledger-repository';
import {
  getPromptTemplate,
  getRawTemplate,
  getVisibleStyle,
  listPromptTemplates,
  listStyleProducts,
  type ProductRecord,
  type PromptTemplateRecord,
  type RawTemplateRecord,
  type StyleRecord,
} from '../../shared/repositories/catalog-repository';
import {
  getPhotoProfile,
  listPhotoProfiles,
  type PhotoProfileRecord,
} from '../../shared/repositories/photo-profile-repository';
import {
  getIdempotencyRecord,
  type IdempotencyClaim,
  type IdempotencyRecord,
} from '../../shared/repositories/idempotency-repository';
import {
  createGenerationWithReservation,
  failWithRefund,
  getGeneration,
  keepVariant,
  type GenerationRecord,
} from '../../shared/repositories/generation-repository';
import { copyImage, deleteImages, readImage } from '../lib/media-store';
import { startGeneration } from '../lib/workflow-client';
import { provenanceReady } from '../lib/provenance-ready';
import { providerNameFor, providerReady } from './providers';

/**
 * The stored state of a start: the repositories' functions (same names and errors), bound to the table.
 * `createGenerationWithReservation` throws InsufficientCredits when the balance or lots changed since they were
 * read, IdempotencyKeyTaken when the key is held, WriteConflict on any other lost race; `keepVariant` throws
 * VariantAlreadyKept or WriteConflict.
 */
export interface StartStore {
  getBalance(userId: string): Promise<Balance>;
  listLots(userId: string): Promise<PackLot[]>;
  listPhotoProfiles(userId: string): Promise<PhotoProfileRecord[]>;
  getPhotoProfile(userId: string, profileId: string): Promise<PhotoProfileRecord | null>;
  getVisibleStyle(styleId: string, viewerId: string): Promise<StyleRecord | null>;
  listStyleProducts(styleId: string): Promise<ProductRecord[]>;
  getPromptTemplate(id: string): Promise<PromptTemplateRecord | null>;
  listPromptTemplates(): Promise<PromptTemplateRecord[]>;
  getRawTemplate(id: string): Promise<RawTemplateRecord | null>;
  getIdempotencyRecord(userId: string, key: string): Promise<IdempotencyRecord | null>;
  getGeneration(userId: string, id: string): Promise<GenerationRecord | null>;
  createGenerationWithReservation(gen: GenerationRecord, idempotency?: IdempotencyClaim): Promise<void>;
  failWithRefund(userId: string, id: string, error: string): Promise<boolean>;
  keepVariant(run: GenerationRecord, index: number, kept: GenerationRecord): Promise<void>;
}

/** The private bucket, as a start uses it (generation inputs and results). */
export interface StartMedia {
  /** False when the source object is missing. */
  copy(fromKey: string, toKey: string): Promise<boolean>;
  delete(keys: string[]): Promise<number>;
  /** Null when the object is missing. */
  read(key: string): Promise<Buffer | null>;
}

export interface StartDeps {
  store: StartStore;
  /** Starts the execution named by the generation id (a second start of the same id is a no-op). */
  workflow: { start(input: { generationId: string; userId: string }): Promise<void> };
  providers: {
    /** Which renderer a mode uses here. */
    nameFor(mode: Mode): Promise<ProviderName>;
    /** Whether that renderer can render here (its key is configured). */
    ready(mode: Mode): Promise<boolean>;
  };
  /** Whether results can be signed here (issue 24). */
  provenance: { ready(): Promise<boolean> };
  media: StartMedia;
  clock: () => Date;
  ids: () => string;
}

/** The production collaborators, on the given table. */
export function startDeps(db: Db): StartDeps {
  return {
    store: {
      getBalance: (userId) => getBalance(db, userId),
      listLots: (userId) => listLots(db, userId),
      listPhotoProfiles: (userId) => listPhotoProfiles(db, userId),
      getPhotoProfile: (userId, profileId) => getPhotoProfile(db, userId, profileId),
      getVisibleStyle: (styleId, viewerId) => getVisibleStyle(db, styleId, viewerId),
      listStyleProducts: (styleId) => listStyleProducts(db, styleId),
      getPromptTemplate: (id) => getPromptTemplate(db, id),
      listPromptTemplates: () => listPromptTemplates(db),
      getRawTemplate: (id) => getRawTemplate(db, id),
      getIdempotencyRecord: (userId, key) => getIdempotencyRecord(db, userId, key),
      getGeneration: (userId, id) => getGeneration(db, userId, id),
      createGenerationWithReservation: (gen, idempotency) => createGenerationWithReservation(db, gen, idempotency),
      failWithRefund: (userId, id, error) => failWithRefund(db, userId, id, error),
      keepVariant: (run, index, kept) => keepVariant(db, run, index, kept),
    },
    workflow: { start: startGeneration },
    providers: { nameFor: providerNameFor, ready: providerReady },
    provenance: { ready: () => provenanceReady() },
    media: {
      copy: (fromKey, toKey) => copyImage('private', fromKey, 'private', toKey),
      delete: (keys) => deleteImages('private', keys),
      read: (key) => readImage('private', key),
    },
    clock: () => new Date(),
    ids: ulid,
  };
}
