import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  acceptLocalInvocations,
  drainLocalInvocations,
  invokeRenderWorker,
  quiesceLocalInvocations,
  setLocalRenderRunner,
} from './render-invoker';

/** A render the test ends by hand: `fail()` makes the worker throw, as when the stack's services went away. */
function heldRender() {
  let fail!: (err: Error) => void;
  const held = new Promise<never>((_, reject) => (fail = reject));
  return { fail, renderWorker: vi.fn(() => held) };
}

afterEach(() => acceptLocalInvocations());

describe('local render invocations when the local stack stops (issue 27)', () => {
  it('a worker that fails while the stack runs goes to the failure handler (the one retry path)', async () => {
    const render = heldRender();
    const renderWorkerFailed = vi.fn(async () => undefined);
    setLocalRenderRunner({ renderWorker: render.renderWorker, renderWorkerFailed });
    await invokeRenderWorker({ generationId: 'g-running', provider: 'engine' });
    await vi.waitFor(() => expect(render.renderWorker).toHaveBeenCalledTimes(1));
    render.fail(new Error('provider answered 500'));
    await drainLocalInvocations();
    expect(renderWorkerFailed).toHaveBeenCalledTimes(1);
    expect(renderWorkerFailed).toHaveBeenCalledWith(
      expect.objectContaining({ responsePayload: { errorType: 'Error', errorMessage: 'provider answered 500' } }),
    );
  });

  it('Ctrl-C: no new worker starts; one cut off after the grace spends no attempt (the next start renders it)', async () => {
    const render = heldRender();
    const renderWorkerFailed = vi.fn(async () => undefined);
    setLocalRenderRunner({ renderWorker: render.renderWorker, renderWorkerFailed });
    await invokeRenderWorker({ generationId: 'g-cut-off', provider: 'engine' });
    await vi.waitFor(() => expect(render.renderWorker).toHaveBeenCalledTimes(1));
    expect(await quiesceLocalInvocations(20)).toBe(1); // still rendering when the grace ended
    await invokeRenderWorker({ generationId: 'g-claimed-meanwhile', provider: 'engine' });
    render.fail(new Error('connect ECONNREFUSED 127.0.0.1:8000')); // DynamoDB Local stopped under it
    await drainLocalInvocations();
    expect(render.renderWorker).toHaveBeenCalledTimes(1);
    expect(renderWorkerFailed).not.toHaveBeenCalled();
  });
});
