/**
 * A render's result on injected collaborators: every image checked, marked as AI-generated and stored before the
 * generation points at it; a run of several variants is complete or failed whole (nothing half-rendered kept);
 * the workflow is told only once the result is stored.
 */
import { describe, expect, it } from 'vitest';
import { ProviderRejected } from '../providers/types';
import type { ProcessImageOptions } from '../../lib/image-pipeline';
import { aGeneration, aRenderJob } from '../../../test/support/in-memory-workflow';
import { renderResultUseCases, type RenderResultDeps } from './render-result';

class ContentUnsafe extends Error {}

function world(opts: { unsafe?: string[]; failVariantWrite?: boolean } = {}) {
  const objects = new Map<string, { body: string; tag?: unknown }>();
  const calls: string[] = [];
  const recorded: { result?: [string, string]; variants?: string[] } = {};
  const reported: { generationId: string; resultKey: string }[] = [];
  const deps: RenderResultDeps = {
    store: {
      setResultKey: (_userId, _id, key, madeBy) => {
        calls.push('setResultKey');
        recorded.result = [key, madeBy ?? 'generative'];
        return Promise.resolve();
      },
      setVariantKeys: (_userId, _id, keys) => {
        calls.push('setVariantKeys');
        if (opts.failVariantWrite) return Promise.reject(new Error('write failed'));
        recorded.variants = keys;
        return Promise.resolve();
      },
    } as RenderResultDeps['store'],
    processImage: (bytes: Buffer, o: ProcessImageOptions) => {
      calls.push(`process:${o.safety?.kind}`);
      if (opts.unsafe?.includes(bytes.toString())) return Promise.reject(new ContentUnsafe('unsafe'));
      return Promise.resolve({
        buffer: Buffer.from(`clean(${bytes.toString()})`),
        contentType: 'image/jpeg',
        format: 'jpeg',
        ext: 'jpg',
        width: 10,
        height: 10,
      } as Awaited<ReturnType<RenderResultDeps['processImage']>>);
    },
    markAsAiGenerated: (bytes, _type, madeBy) => Promise.resolve(Buffer.from(`${madeBy}:${bytes.toString()}`)),
    putImage: (_kind, key, body, _type, o) => {
      objects.set(key, { body: body.toString(), ...(o?.tag ? { tag: o.tag } : {}) });
      return Promise.resolve();
    },
    deleteImages: (_kind, keys) => {
      for (const k of keys) if (k) objects.delete(k);
      return Promise.resolve(keys.length);
    },
    fetchImage: (url) => Promise.resolve({ bytes: Buffer.from(`fetched ${url}`) }),
    reportResult: (job, _gen, resultKey) => {
      calls.push('report');
      reported.push({ generationId: job.generationId, resultKey });
      return Promise.resolve();
    },
  };
  return { deps, objects, calls, recorded, reported, useCases: renderResultUseCases(deps) };
}

const image = (s: string) => ({ bytes: Buffer.from(s), contentType: 'image/png' });

describe('render result', () => {
  it('stores one result checked and marked (generative for a provider, engine for the engine), then points the generation at it', async () => {
    const w = world();
    const key = await w.useCases.storeResult(aGeneration(), { status: 'done', image: image('a') }, 'fashn');
    expect(key).toBe('users/u1/generations/gen-1.jpg');
    expect(w.objects.get(key)).toEqual({ body: 'generative:clean(a)' });
    expect(w.recorded.result).toEqual([key, 'generative']);
    expect(w.calls).toEqual(['process:generation_result', 'setResultKey']);

    const e = world();
    await e.useCases.storeResult(aGeneration(), { status: 'done', image: image('a') }, 'engine');
    expect(e.recorded.result![1]).toBe('engine');
  });

  it('fetches a result the provider gives as a URL', async () => {
    const w = world();
    const key = await w.useCases.storeResult(
      aGeneration(),
      { status: 'done', imageUrl: 'https://cdn.example/x.png' },
      'fashn',
    );
    expect(w.objects.get(key)!.body).toBe('generative:clean(fetched https://cdn.example/x.png)');
  });

  it('an unsafe result stores nothing, records nothing and reports nothing', async () => {
    const w = world({ unsafe: ['bad'] });
    await expect(
      w.useCases.completeJob(aRenderJob(), aGeneration(), { status: 'done', image: image('bad') }),
    ).rejects.toBeInstanceOf(ContentUnsafe);
    expect([...w.objects.keys()]).toEqual([]);
    expect(w.recorded).toEqual({});
    expect(w.reported).toEqual([]);
  });

  it('stores every variant of a run tagged to expire with it, and records them together', async () => {
    const w = world();
    const gen = aGeneration({ variantCount: 2 });
    const first = await w.useCases.storeResult(
      gen,
      { status: 'done', image: image('a'), more: [image('b'), image('c')] },
      'fashn',
    );
    const keys = ['users/u1/generations/gen-1/variant-0.jpg', 'users/u1/generations/gen-1/variant-1.jpg'];
    expect(first).toBe(keys[0]);
    expect(w.recorded.variants).toEqual(keys);
    expect([...w.objects.keys()]).toEqual(keys); // the extra sample is not kept
    for (const k of keys) expect(w.objects.get(k)!.tag).toBeTruthy();
    expect(w.recorded.result).toBeUndefined();
  });

  it('a run with fewer images than variants is refused as the provider’s failure, nothing stored', async () => {
    const w = world();
    await expect(
      w.useCases.storeResult(aGeneration({ variantCount: 3 }), { status: 'done', image: image('a') }, 'fashn'),
    ).rejects.toBeInstanceOf(ProviderRejected);
    expect([...w.objects.keys()]).toEqual([]);
    expect(w.calls).toEqual([]);
  });

  it('one unsafe variant fails the run whole: the variants stored before it are deleted, nothing recorded', async () => {
    const w = world({ unsafe: ['b'] });
    await expect(
      w.useCases.storeResult(
        aGeneration({ variantCount: 2 }),
        { status: 'done', image: image('a'), more: [image('b')] },
        'fashn',
      ),
    ).rejects.toBeInstanceOf(ContentUnsafe);
    expect([...w.objects.keys()]).toEqual([]);
    expect(w.recorded.variants).toBeUndefined();
  });

  it('a failed variant write deletes the stored variants too', async () => {
    const w = world({ failVariantWrite: true });
    await expect(
      w.useCases.storeResult(
        aGeneration({ variantCount: 2 }),
        { status: 'done', image: image('a'), more: [image('b')] },
        'fashn',
      ),
    ).rejects.toThrow('write failed');
    expect([...w.objects.keys()]).toEqual([]);
  });

  it('completing a job stores the result before the workflow is told, with the stored key', async () => {
    const w = world();
    await w.useCases.completeJob(aRenderJob(), aGeneration(), { status: 'done', image: image('a') });
    expect(w.calls).toEqual(['process:generation_result', 'setResultKey', 'report']);
    expect(w.reported).toEqual([{ generationId: 'gen-1', resultKey: 'users/u1/generations/gen-1.jpg' }]);
  });
});
