/**
 * The generation starts on in-memory collaborators (in-memory-start-deps.ts): what a start costs and takes from
 * which bucket, what it refuses before spending (in the spec's order), exactly-once with an Idempotency-Key, and
 * what it records and dispatches. The emulator suites (test/integration/generations.test.ts) keep what only the
 * real table shows (the transaction's conditions under concurrency).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { ERROR_CODES, HttpError } from '../../shared/errors';
import { GENERATION_COST } from '../../shared/domain/plans';
import { IDEMPOTENCY_CODES } from '../../shared/domain/idempotency';
import { VARIANT_RUN_RETENTION_DAYS } from '../../shared/domain/outfit';
import { DAY_MS } from '../../shared/domain/privacy';
import { mediaKeys } from '../lib/media-store';
import type { IdempotencyClaim } from '../../shared/repositories/idempotency-repository';
import { runIdempotent } from '../lib/idempotency';
import { generationStarts } from './generation-start-service';
import { startIdempotency } from './start-idempotency';
import {
  aProfile,
  aPrompt,
  aStyle,
  aUser,
  giveCredits,
  inMemoryStart,
  type InMemoryStart,
} from '../../test/support/in-memory-start-deps';

let m: InMemoryStart;
let starts: ReturnType<typeof generationStarts>;
const user = aUser();

/** The error a start refused with (status and code), or a failure when it did not refuse. */
async function refusal(p: Promise<unknown>): Promise<{ status: number; code: string; message: string }> {
  try {
    await p;
  } catch (err) {
    if (err instanceof HttpError) return { status: err.status, code: err.code, message: err.message };
    throw err;
  }
  throw new Error('the start was not refused');
}

/** Nothing was spent, recorded or dispatched. */
function nothingChanged(credits: number) {
  expect(m.balances.get(user.id)?.credits).toBe(credits);
  expect(m.generations.size).toBe(0);
  expect(m.idempotency.size).toBe(0);
  expect(m.dispatched).toEqual([]);
}

const onlyGeneration = () => {
  expect(m.generations.size).toBe(1);
  return [...m.generations.values()][0]!;
};
const ttlOf = (g: object) => (g as { ttl?: number }).ttl;

beforeEach(() => {
  m = inMemoryStart();
  starts = generationStarts(m.deps);
  giveCredits(m, user.id, { trial: 3 });
  m.profiles.set(user.id, [aProfile()]);
  m.styles.set('s1', aStyle());
  m.prompts.push(aPrompt());
});

describe('a start from a style', () => {
  it('reserves the cost, records a pending generation with the style and dispatches it once', async () => {
    const r = await starts.fromStyle(user, { styleId: 's1', mode: 'exact' });
    expect(r).toEqual({ id: 'gen-1' });
    const g = onlyGeneration();
    expect(g).toMatchObject({
      id: 'gen-1',
      status: 'pending',
      kind: 'style',
      mode: 'exact',
      cost: GENERATION_COST,
      reserved: { trial: GENERATION_COST },
      styleName: 'Linen shirt',
      inputs: { photoProfileId: 'p1', styleId: 's1', imageType: 'product_laydown', rawTemplateId: null, fit: null },
      createdAt: m.now.toISOString(),
    });
    expect(m.balances.get(user.id)!.trial).toBe(3 - GENERATION_COST);
    expect(m.dispatched).toEqual([{ generationId: 'gen-1', userId: user.id }]);
  });

  it('costs one look per variant and records the run', async () => {
    await starts.fromStyle(user, { styleId: 's1', variants: 3 });
    expect(onlyGeneration()).toMatchObject({ cost: 3 * GENERATION_COST, variantCount: 3 });
    expect(m.balances.get(user.id)!.credits).toBe(0);
  });

  it('spends monthly credits first, then pack credits from the soonest-expiring lot, then trial', async () => {
    giveCredits(m, user.id, { monthly: 1, pack: 2, trial: 5 });
    const lot = (lotKey: string, expiresAt: string, remaining: number) => ({
      lotKey,
      userId: user.id,
      amount: remaining,
      remaining,
      expiresAt,
      causeId: lotKey,
      createdAt: '2026-01-01T00:00:00.000Z',
      expiredTotal: 0,
      revokedTotal: 0,
    });
    m.lots.set(user.id, [lot('late', '2027-06-01T00:00:00.000Z', 1), lot('soon', '2027-01-01T00:00:00.000Z', 1)]);
    await starts.fromStyle(user, { styleId: 's1', variants: 3 });
    const g = onlyGeneration();
    expect(g.reserved).toEqual({ monthly: 1, pack: 2 });
    expect(g.reservedLots).toEqual([
      { lotKey: 'soon', take: 1, expiresAt: '2027-01-01T00:00:00.000Z' },
      { lotKey: 'late', take: 1, expiresAt: '2027-06-01T00:00:00.000Z' },
    ]);
    expect(m.balances.get(user.id)).toMatchObject({ monthly: 0, pack: 0, trial: 5 });
  });

  it('takes nothing from an unlimited account', async () => {
    await starts.fromStyle(aUser({ hasUnlimitedCredits: true }), { styleId: 's1' });
    expect(onlyGeneration()).toMatchObject({ cost: 0, reserved: {} });
    expect(m.balances.get(user.id)!.credits).toBe(3);
  });

  it('refuses a style the caller cannot see with 404, before anything else', async () => {
    m.styles.set('draft', aStyle({ id: 'draft', isPublic: false, createdBy: 'someone-else' }));
    giveCredits(m, user.id, {});
    expect((await refusal(starts.fromStyle(user, { styleId: 'draft' }))).status).toBe(404);
    nothingChanged(0);
  });

  it('checks credits first: no credits and no profile answer 402, and nothing changes', async () => {
    giveCredits(m, user.id, { trial: 0 });
    m.profiles.set(user.id, []);
    expect(await refusal(starts.fromStyle(user, { styleId: 's1' }))).toMatchObject({
      status: 402,
      code: ERROR_CODES.limitCredits,
    });
    nothingChanged(0);
  });

  it('needs a photo profile (400) and refuses an unknown one (404)', async () => {
    m.profiles.set(user.id, []);
    expect(await refusal(starts.fromStyle(user, { styleId: 's1' }))).toMatchObject({
      status: 400,
      code: ERROR_CODES.profileRequired,
    });
    expect((await refusal(starts.fromStyle(user, { styleId: 's1', photoProfileId: 'nope' }))).status).toBe(404);
    nothingChanged(3);
  });

  it('uses the default profile when none is named', async () => {
    m.profiles.set(user.id, [aProfile({ id: 'other', isDefault: false }), aProfile({ id: 'mine', isDefault: true })]);
    await starts.fromStyle(user, { styleId: 's1' });
    expect(onlyGeneration().inputs.photoProfileId).toBe('mine');
  });

  it('needs a full-body photo that passed its check for Exact mode (400, 422 refused, 409 still checking)', async () => {
    m.profiles.set(user.id, [aProfile({ fullBodyKey: null })]);
    expect(await refusal(starts.fromStyle(user, { styleId: 's1' }))).toMatchObject({
      status: 400,
      code: ERROR_CODES.fullBodyRequired,
    });
    const key = 'users/u1/photos/p1/full.jpg';
    m.profiles.set(user.id, [
      aProfile({
        bodyCheck: { key, status: 'refused', code: 'cropped', message: 'Show your feet', checkedAt: '2026-01-01' },
      }),
    ]);
    expect(await refusal(starts.fromStyle(user, { styleId: 's1' }))).toEqual({
      status: 422,
      code: ERROR_CODES.photoNotFullBody,
      message: 'Show your feet',
    });
    m.profiles.set(user.id, [aProfile({ bodyCheck: null })]);
    expect(await refusal(starts.fromStyle(user, { styleId: 's1' }))).toMatchObject({
      status: 409,
      code: ERROR_CODES.photoChecking,
    });
    nothingChanged(3);
  });

  it('creative mode resolves the style default prompt, else the first template, and records its name', async () => {
    m.prompts.push(aPrompt({ id: 't2', name: 'Beach' }));
    m.styles.set('s2', aStyle({ id: 's2', defaultPromptTemplateId: 't2' }));
    await starts.fromStyle(user, { styleId: 's2', mode: 'creative' });
    expect(onlyGeneration()).toMatchObject({
      mode: 'creative',
      templateName: 'Beach',
      inputs: { promptTemplateId: 't2' },
    });
  });

  it('a chosen prompt that does not exist is 404; no prompt at all is 400', async () => {
    expect(
      (await refusal(starts.fromStyle(user, { styleId: 's1', mode: 'creative', promptTemplateId: 'x' }))).status,
    ).toBe(404);
    m.prompts.length = 0;
    expect(await refusal(starts.fromStyle(user, { styleId: 's1', mode: 'creative' }))).toMatchObject({
      status: 400,
      code: ERROR_CODES.noTemplate,
    });
    nothingChanged(3);
  });

  it('a style photographed on a model is refused before spending when the engine renders the mode', async () => {
    m.styles.set('worn', aStyle({ id: 'worn', styleImageType: 'model_wearer' }));
    expect(await refusal(starts.fromStyle(user, { styleId: 'worn' }))).toMatchObject({
      status: 422,
      code: ERROR_CODES.garmentOnModel,
    });
    nothingChanged(3);
    // an AI provider renders it
    m.renderer.exact = 'fashn';
    await starts.fromStyle(user, { styleId: 'worn', mode: 'exact' });
    expect(onlyGeneration().inputs.imageType).toBe('model_wearer');
  });

  it('takes the mode asked for, creative when none is; a photo on a model is always exact', async () => {
    await starts.fromStyle(user, { styleId: 's1' });
    expect(onlyGeneration().mode).toBe('creative');
    m.generations.clear();
    m.renderer.exact = 'fashn';
    m.styles.set('worn', aStyle({ id: 'worn', styleImageType: 'model_wearer' }));
    await starts.fromStyle(user, { styleId: 'worn', mode: 'creative' });
    expect(onlyGeneration().mode).toBe('exact');
  });

  it('records the style creator’s garment slot', async () => {
    m.styles.set('s3', aStyle({ id: 's3', garmentSlot: 'bottom' }));
    await starts.fromStyle(user, { styleId: 's3' });
    expect(onlyGeneration().inputs.slot).toBe('bottom');
  });

  it('a size needs the style’s chart and one of its sizes', async () => {
    expect((await refusal(starts.fromStyle(user, { styleId: 's1', size: 'M' }))).status).toBe(400);
    nothingChanged(3);
  });

  it('refuses with 503 before reserving when the renderer or the provenance signer is not ready', async () => {
    m.rendererReady = false;
    expect(await refusal(starts.fromStyle(user, { styleId: 's1' }))).toMatchObject({
      status: 503,
      code: ERROR_CODES.providerUnavailable,
    });
    m.rendererReady = true;
    m.provenanceReady = false;
    expect(await refusal(starts.fromStyle(user, { styleId: 's1' }))).toMatchObject({
      status: 503,
      code: ERROR_CODES.provenanceUnavailable,
    });
    nothingChanged(3);
  });

  it('refunds at once when the workflow cannot start, and answers 503', async () => {
    m.workflowFails = new Error('throttled');
    expect(await refusal(starts.fromStyle(user, { styleId: 's1' }))).toMatchObject({
      status: 503,
      code: ERROR_CODES.workflowUnavailable,
    });
    expect(onlyGeneration()).toMatchObject({ status: 'failed' });
    expect(m.balances.get(user.id)!.credits).toBe(3);
  });

  it('a Quick Try on a style is a style start of its own kind, with Quick Try’s mode names', async () => {
    await starts.quickTryStyle(user, 's1', { mode: 'creative' });
    expect(onlyGeneration()).toMatchObject({ kind: 'quick-try-style', mode: 'creative' });
  });
});

describe('exactly-once starts (Idempotency-Key, run by the pipeline: runIdempotent with start-idempotency.ts)', () => {
  const claim = { key: 'k1', requestHash: 'h1' };
  /** What the pipeline does for an `idempotent` route: the start, at most once per key. */
  const keyed = (c: IdempotencyClaim, start: (c: IdempotencyClaim) => Promise<{ id: string }>) =>
    runIdempotent(
      startIdempotency(() => m.deps),
      user.id,
      c,
      () => start(c),
    );
  const fromStyle = (c: IdempotencyClaim) => starts.fromStyle(user, { styleId: 's1' }, 'style', c);

  it('a repeat answers the first generation, replayed, with no second spend or dispatch', async () => {
    const first = await keyed(claim, fromStyle);
    if (first.outcome !== 'created') throw new Error('the first start was not created');
    m.generations.set(`${user.id}#${first.result.id}`, { ...onlyGeneration(), status: 'processing' });
    const again = await keyed(claim, fromStyle);
    expect(again).toEqual({ outcome: 'replayed', id: first.result.id });
    expect(m.generations.size).toBe(1);
    expect(m.balances.get(user.id)!.credits).toBe(3 - GENERATION_COST);
    expect(m.dispatched).toHaveLength(1);
  });

  it('the start records its key with its generation, in the reservation', async () => {
    const { id } = await fromStyle(claim);
    expect(m.idempotency.get(`${user.id}#k1`)).toMatchObject({ requestHash: 'h1', generationId: id });
  });

  it('a repeat of a start that died before its dispatch starts the execution again', async () => {
    const first = await keyed(claim, fromStyle);
    if (first.outcome !== 'created') throw new Error('the first start was not created');
    m.dispatched.length = 0;
    await keyed(claim, fromStyle);
    expect(m.dispatched).toEqual([{ generationId: first.result.id, userId: user.id }]);
  });

  it('the same key with another request is 409', async () => {
    await keyed(claim, fromStyle);
    expect(await refusal(keyed({ key: 'k1', requestHash: 'h2' }, fromStyle))).toMatchObject({
      status: 409,
      code: IDEMPOTENCY_CODES.keyReused,
    });
  });

  it('a start that loses the race for its key answers the winner’s generation', async () => {
    m.beforeNextReservation = () =>
      m.idempotency.set(`${user.id}#k1`, { ...claim, generationId: 'winner', createdAt: m.now.toISOString() });
    const r = await keyed(claim, fromStyle);
    expect(r).toEqual({ outcome: 'lost-race', id: 'winner' });
    expect(m.balances.get(user.id)!.credits).toBe(3);
    expect(m.dispatched).toEqual([]);
  });

  it('a start refused because the winner spent the credits answers the winner’s generation', async () => {
    giveCredits(m, user.id, { trial: 1 });
    // the winner recorded the key and spent the last credit between this start's credit check and its
    // reservation's read of the balance: the start fails with NotEnoughCredits (not a taken key)
    const { getBalance } = m.deps.store;
    let reads = 0;
    m.deps.store.getBalance = (userId) => {
      if (++reads === 2) {
        m.idempotency.set(`${user.id}#k1`, { ...claim, generationId: 'winner', createdAt: m.now.toISOString() });
        giveCredits(m, user.id, { trial: 0 });
      }
      return getBalance(userId);
    };
    const r = await keyed(claim, fromStyle);
    expect(reads).toBeGreaterThanOrEqual(2);
    expect(r).toEqual({ outcome: 'lost-race', id: 'winner' });
    expect(m.generations.size).toBe(0);
  });

  it('too few credits with no other request holding the key is the start’s own 402', async () => {
    giveCredits(m, user.id, { trial: 0 });
    expect(await refusal(keyed(claim, fromStyle))).toMatchObject({ status: 402, code: ERROR_CODES.limitCredits });
    nothingChanged(0);
  });

  it('a start whose own generation could not be dispatched answers 503, not a replay of itself', async () => {
    m.workflowFails = new Error('throttled');
    expect(await refusal(keyed(claim, fromStyle))).toMatchObject({
      status: 503,
      code: ERROR_CODES.workflowUnavailable,
    });
    expect(m.balances.get(user.id)!.credits).toBe(3);
  });
});

describe('retention (Settings > Privacy) on a new generation', () => {
  it('kept: no TTL; 30 days: the TTL is 30 days after creation', async () => {
    await starts.fromStyle(user, { styleId: 's1' });
    expect(ttlOf(onlyGeneration())).toBeUndefined();
    m.generations.clear();
    await starts.fromStyle(aUser({ retentionDays: 30 }), { styleId: 's1' });
    expect(ttlOf(onlyGeneration())).toBe(Math.floor((m.now.getTime() + 30 * DAY_MS) / 1000));
  });

  it('a run of several variants expires after the run retention, or sooner with a shorter choice', async () => {
    await starts.fromStyle(aUser({ retentionDays: 90 }), { styleId: 's1', variants: 2 });
    expect(ttlOf(onlyGeneration())).toBe(Math.floor((m.now.getTime() + VARIANT_RUN_RETENTION_DAYS * DAY_MS) / 1000));
  });
});

describe('Quick Try with any image', () => {
  it('records the image and the slot the person chose', async () => {
    await starts.quickTryCustom(user, {
      imageUrl: 'https://shop.example.com/skirt.jpg',
      imageType: 'product_only',
      mode: 'exact',
      slot: 'bottom',
    });
    expect(onlyGeneration()).toMatchObject({
      kind: 'quick-try',
      mode: 'exact',
      templateName: 'Custom look',
      inputs: { imageUrl: 'https://shop.example.com/skirt.jpg', slot: 'bottom', styleId: null },
    });
  });

  it('refuses an address that is not http(s) with 400, before anything else', async () => {
    giveCredits(m, user.id, {});
    expect(
      (await refusal(starts.quickTryCustom(user, { imageUrl: 'file:///etc/passwd', imageType: 'product_only' })))
        .status,
    ).toBe(400);
    nothingChanged(0);
  });

  it('a product photo in creative mode needs a chosen prompt', async () => {
    expect(
      await refusal(
        starts.quickTryCustom(user, {
          imageUrl: 'https://shop.example.com/skirt.jpg',
          imageType: 'product_only',
          mode: 'creative',
        }),
      ),
    ).toMatchObject({ status: 400, code: ERROR_CODES.promptRequired });
    nothingChanged(3);
  });
});

describe('a raw template start', () => {
  const upload = mediaKeys.templateInputPrefix(user.id) + 'ref-1.jpg';
  const input = {
    rawTemplateId: 'r1',
    styleRefUrl: `/api/private-image/${upload}`,
  };

  beforeEach(() => {
    m.renderer.creative = 'gemini';
    m.rawTemplates.set('r1', {
      id: 'r1',
      name: 'Paris',
      taskType: 'OUTFIT_TRYON',
      vibeCategory: 'CASUAL',
      settingCategory: 'STUDIO',
      requiresFullBody: false,
      priority: 1,
      enabled: true,
      jsonText: '{}',
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    m.objects.set(upload, Buffer.from('jpeg'));
  });

  it('copies the upload into the generation’s own keys, records them, then removes the upload', async () => {
    await starts.fromRawTemplate(user, input);
    const g = onlyGeneration();
    expect(g).toMatchObject({ kind: 'raw-template', mode: 'creative', templateName: 'Paris' });
    expect(g.inputs.styleRefKey).toBe(mediaKeys.generationInput(user.id, g.id, 'style-ref', 'jpg'));
    expect([...m.objects.keys()]).toEqual([g.inputs.styleRefKey]);
  });

  it('keeps the upload and no copy when the start is refused after copying', async () => {
    m.rendererReady = false;
    expect((await refusal(starts.fromRawTemplate(user, input))).status).toBe(503);
    expect([...m.objects.keys()]).toEqual([upload]);
    nothingChanged(3);
  });

  it('refuses another user’s upload as not found, a disabled template as not found', async () => {
    const theirs = `/api/private-image/${mediaKeys.templateInputPrefix('u2')}ref.jpg`;
    expect((await refusal(starts.fromRawTemplate(user, { rawTemplateId: 'r1', styleRefUrl: theirs }))).status).toBe(
      404,
    );
    m.rawTemplates.set('r1', { ...m.rawTemplates.get('r1')!, enabled: false });
    expect((await refusal(starts.fromRawTemplate(user, { rawTemplateId: 'r1' }))).status).toBe(404);
    nothingChanged(3);
  });

  it('needs a body description long enough to describe the person', async () => {
    m.profiles.set(user.id, [aProfile({ bodyDescription: 'short' })]);
    expect(await refusal(starts.fromRawTemplate(user, { rawTemplateId: 'r1' }))).toMatchObject({
      status: 400,
      code: ERROR_CODES.bodyDescriptionRequired,
    });
  });
});
