/**
 * The full-body check on injected collaborators: a verdict is recorded only for the photo the profile still has,
 * a photo checked already is not checked again, and a refusal carries the engine's code and message (or the
 * fallback message).
 */
import { describe, expect, it } from 'vitest';
import { BODY_CHECK_MESSAGES, type BodyCheckRecord } from '../../../shared/domain/body-check';
import type { PhotoProfileRecord } from '../../../shared/repositories/photo-profile-repository';
import { aProfile } from '../../../test/support/in-memory-start-deps';
import type { EngineJobResult } from '../../engine/render-job';
import type { RenderWorkerEvent } from './render-invoker';
import { bodyCheckUseCases } from './body-check';

const NOW = new Date('2026-11-01T12:00:00.000Z');
const KEY = 'users/u1/profiles/p1/full-body.jpg';
const event = (key = KEY): RenderWorkerEvent => ({
  generationId: 'p1',
  provider: 'engine',
  action: 'check-body',
  bodyCheck: { userId: 'u1', profileId: 'p1', key },
});

/** A profile whose full-body photo has no verdict yet. */
const unchecked = (fullBodyKey: string): PhotoProfileRecord => ({
  ...aProfile({ id: 'p1', userId: 'u1', fullBodyKey }),
  bodyCheck: null,
});

function world(profile: PhotoProfileRecord | null, verdict: EngineJobResult = { ok: true, check: 'ok' }, image = true) {
  const checks: string[] = [];
  const recorded: BodyCheckRecord[] = [];
  let current = profile;
  const useCases = bodyCheckUseCases({
    store: {
      getPhotoProfile: () => Promise.resolve(current),
      // the repository's condition: the verdict is for the photo the profile has
      recordBodyCheck: (_u, _p, check) => {
        if (!current || current.fullBodyKey !== check.key) return Promise.resolve(false);
        current = { ...current, bodyCheck: check };
        recorded.push(check);
        return Promise.resolve(true);
      },
    },
    readImage: (key) => Promise.resolve(image ? Buffer.from(key) : null),
    submitEngineJob: (job) => {
      checks.push(job.kind);
      return Promise.resolve(verdict);
    },
  });
  return {
    checks,
    recorded,
    replacePhoto: (key: string) => (current = current && { ...current, fullBodyKey: key }),
    ...useCases,
  };
}

describe('full-body check', () => {
  it('records the ok verdict for the photo checked', async () => {
    const w = world(unchecked(KEY));
    expect(await w.runBodyCheck(event(), NOW)).toEqual({ outcome: 'ok' });
    expect(w.recorded).toEqual([{ key: KEY, status: 'ok', code: null, message: null, checkedAt: NOW.toISOString() }]);
  });

  it('records a refusal with the engine’s code, and the fallback message when it gives none', async () => {
    const refused = { ok: false, refused: { code: 'no_person', message: '' } } as unknown as EngineJobResult;
    const w = world(unchecked(KEY), refused);
    expect(await w.runBodyCheck(event(), NOW)).toEqual({ outcome: 'refused' });
    expect(w.recorded[0]).toMatchObject({
      status: 'refused',
      code: 'no_person',
      message: BODY_CHECK_MESSAGES.refusedFallback,
    });
  });

  it('a photo replaced since the request, or gone, is not checked', async () => {
    const replaced = world(unchecked('users/u1/profiles/p1/newer.jpg'));
    expect(await replaced.runBodyCheck(event(), NOW)).toEqual({ outcome: 'stale' });
    const noProfile = world(null);
    expect(await noProfile.runBodyCheck(event(), NOW)).toEqual({ outcome: 'stale' });
    const noImage = world(unchecked(KEY), undefined, false);
    expect(await noImage.runBodyCheck(event(), NOW)).toEqual({ outcome: 'stale' });
    expect([...replaced.checks, ...noProfile.checks, ...noImage.checks]).toEqual([]);
  });

  it('a photo checked already is not checked again', async () => {
    const w = world(unchecked(KEY));
    await w.runBodyCheck(event(), NOW);
    expect(await w.runBodyCheck(event(), NOW)).toEqual({ outcome: 'already-checked' });
    expect(w.checks).toEqual(['check-person']);
  });

  it('a verdict for a photo replaced while it was checked is not recorded', async () => {
    const w = world(unchecked(KEY));
    const run = w.runBodyCheck(event(), NOW);
    w.replacePhoto('users/u1/profiles/p1/newer.jpg');
    expect(await run).toEqual({ outcome: 'stale' });
    expect(w.recorded).toEqual([]);
  });

  it('an event without a body check is ignored', async () => {
    const w = world(null);
    expect(await w.runBodyCheck({ generationId: 'p1', provider: 'engine', action: 'check-body' }, NOW)).toEqual({
      outcome: 'ignored',
    });
  });
});
