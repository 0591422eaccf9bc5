/**
 * A provider call's failure mapping: throttling and provider time-outs are retried in place up to PROVIDER_RETRIES
 * times, then the last failure is thrown; anything else is thrown at once; the final failures the workflow reports
 * (and refunds once) are told apart from crashes; the time limit ends a call as RenderTimeout. And the request of
 * each step of a chained outfit (one garment per step, the variants on the last step only).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROVIDER_RETRIES } from '../../../shared/domain/render-queue';
import { renderSteps } from '../../../shared/domain/outfit';
import {
  ProviderRejected,
  ProviderThrottled,
  ProviderTimeout,
  type ImageProvider,
  type RenderOutcome,
  type RenderRequest,
} from '../providers/types';
import { RENDER_ERRORS, RenderTimeout } from './render-dispatch';
import { isReported, stepRequest, submitWithRetries, withDeadline } from './render-provider-step';

const img = (s: string) => ({ bytes: Buffer.from(s), contentType: 'image/png' });

function provider(answers: (() => Promise<RenderOutcome>)[]): ImageProvider & { calls: number } {
  const p = {
    name: 'fashn' as const,
    multiGarment: false,
    calls: 0,
    submit: () => {
      p.calls++;
      return answers[Math.min(p.calls - 1, answers.length - 1)]!();
    },
    poll: () => Promise.reject(new Error('not polled')),
  };
  return p;
}

const REQ = { generationId: 'gen-1' } as RenderRequest;
const DONE: RenderOutcome = { status: 'done', image: img('r') };

describe('provider call failure mapping', () => {
  let before: string | undefined;
  beforeEach(() => {
    before = process.env.PROVIDER_RETRY_BASE_MS;
    process.env.PROVIDER_RETRY_BASE_MS = '0';
  });
  afterEach(() => {
    if (before === undefined) delete process.env.PROVIDER_RETRY_BASE_MS;
    else process.env.PROVIDER_RETRY_BASE_MS = before;
  });

  it('retries throttling and provider time-outs in place, and answers the first success', async () => {
    const p = provider([
      () => Promise.reject(new ProviderThrottled('429')),
      () => Promise.reject(new ProviderTimeout('504')),
      () => Promise.resolve(DONE),
    ]);
    expect(await submitWithRetries(p, REQ)).toEqual(DONE);
    expect(p.calls).toBe(3);
  });

  it('after PROVIDER_RETRIES retries the last throttling is thrown, as a failure the workflow reports', async () => {
    const p = provider([() => Promise.reject(new ProviderThrottled('429'))]);
    const err = await submitWithRetries(p, REQ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderThrottled);
    expect(p.calls).toBe(PROVIDER_RETRIES + 1);
    expect(isReported(err)).toBe(true);
  });

  it('a refusal is not retried (never paid twice); an unexpected error is not retried and is a crash', async () => {
    const refused = provider([() => Promise.reject(new ProviderRejected('bad photo'))]);
    await expect(submitWithRetries(refused, REQ)).rejects.toBeInstanceOf(ProviderRejected);
    expect(refused.calls).toBe(1);
    const bug = provider([() => Promise.reject(new TypeError('bug'))]);
    const err = await submitWithRetries(bug, REQ).catch((e: unknown) => e);
    expect(bug.calls).toBe(1);
    expect(isReported(err)).toBe(false);
  });

  it('reports the provider’s final failures, a time-out and an unsafe result; nothing else', () => {
    for (const name of [
      'ProviderRejected',
      'ProviderThrottled',
      'ProviderTimeout',
      RENDER_ERRORS.timeout,
      'ContentUnsafe',
    ]) {
      const e = new Error('x');
      e.name = name;
      expect(isReported(e)).toBe(true);
    }
    expect(isReported(new Error('x'))).toBe(false);
    expect(isReported('ProviderRejected')).toBe(false);
  });

  it('the time limit ends a call as RenderTimeout; a call within it answers', async () => {
    await expect(withDeadline(new Promise(() => undefined), 5)).rejects.toBeInstanceOf(RenderTimeout);
    expect(await withDeadline(Promise.resolve('ok'), 1000)).toBe('ok');
  });
});

describe('step requests', () => {
  const full = {
    generationId: 'gen-1',
    person: img('me'),
    samples: 3,
    garments: [
      { image: img('top'), slot: 'top', photoType: 'auto' },
      { image: img('coat'), slot: 'outer', photoType: 'flat-lay' },
    ],
  } as unknown as RenderRequest;

  it('a chained outfit dresses one garment per step, one sample until the last step’s variants', () => {
    const steps = renderSteps(2, false);
    const first = stepRequest(full, steps, 0, img('me'));
    expect([first.garment!.bytes.toString(), first.samples, first.step]).toEqual(['top', 1, { index: 0, count: 2 }]);
    const last = stepRequest(full, steps, 1, img('wearing top'));
    expect([last.person.bytes.toString(), last.garment!.bytes.toString(), last.samples, last.garmentPhotoType]).toEqual(
      ['wearing top', 'coat', 3, 'flat-lay'],
    );
    expect('garments' in last).toBe(false);
  });

  it('a multi-garment provider gets the whole outfit in one call with the variants', () => {
    const one = stepRequest(full, renderSteps(2, true), 0, img('me'));
    expect(one.garments).toHaveLength(2);
    expect(one.samples).toBe(3);
  });
});
