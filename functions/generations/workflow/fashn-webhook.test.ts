/** FASHN's webhook on injected collaborators: only a URL we signed hands a job over, and the body is not trusted. */
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../shared/errors';
import type { RenderWorkerEvent } from './render-invoker';
import { receiveFashnWebhook, webhookSignature, webhookUrl, type FashnWebhookDeps } from './fashn-webhook';

const KEY = 'fa-test-key';

function deps(fashnApiKey: string | null = KEY): FashnWebhookDeps & { handed: RenderWorkerEvent[] } {
  const handed: RenderWorkerEvent[] = [];
  return {
    handed,
    keys: () => Promise.resolve({ fashnApiKey: fashnApiKey ?? undefined }),
    invokeWorker: (event) => {
      handed.push(event);
      return Promise.resolve();
    },
  };
}

async function status(p: Promise<unknown>): Promise<number> {
  try {
    await p;
    return 200;
  } catch (err) {
    if (err instanceof HttpError) return err.status;
    throw err;
  }
}

describe('FASHN webhook', () => {
  it('hands a signed generation to a render worker with the prediction id the body names', async () => {
    const d = deps();
    const sig = webhookSignature('gen-1', KEY);
    expect(await receiveFashnWebhook({ generation: 'gen-1', sig }, { id: 'pred_123' }, d)).toEqual({ received: true });
    expect(d.handed).toEqual([
      { generationId: 'gen-1', provider: 'fashn', action: 'complete', predictionId: 'pred_123' },
    ]);
  });

  it('ignores a prediction id that is not an id', async () => {
    const d = deps();
    await receiveFashnWebhook({ generation: 'gen-1', sig: webhookSignature('gen-1', KEY) }, { id: '../x?y' }, d);
    expect(d.handed[0]!.predictionId).toBeUndefined();
  });

  it('answers 401 and hands nothing over for a wrong, missing or other generation’s signature, or without a key', async () => {
    const d = deps();
    expect(await status(receiveFashnWebhook({ generation: 'gen-1', sig: 'nope' }, {}, d))).toBe(401);
    expect(await status(receiveFashnWebhook({ generation: 'gen-1' }, {}, d))).toBe(401);
    const other = webhookSignature('gen-2', KEY);
    expect(await status(receiveFashnWebhook({ generation: 'gen-1', sig: other }, {}, d))).toBe(401);
    const noKey = deps(null);
    expect(
      await status(receiveFashnWebhook({ generation: 'gen-1', sig: webhookSignature('gen-1', KEY) }, {}, noKey)),
    ).toBe(401);
    expect([...d.handed, ...noKey.handed]).toEqual([]);
  });

  it('the URL given to FASHN carries the generation and its signature, on the public origin', () => {
    const before = process.env.PUBLIC_ORIGIN;
    process.env.PUBLIC_ORIGIN = 'https://fitly.example.com/';
    try {
      const url = new URL(webhookUrl('gen-1', KEY)!);
      expect(url.origin + url.pathname).toBe('https://fitly.example.com/api/providers/fashn/webhook');
      expect(url.searchParams.get('sig')).toBe(webhookSignature('gen-1', KEY));
      expect(webhookUrl('gen-1', undefined)).toBeUndefined();
    } finally {
      if (before === undefined) delete process.env.PUBLIC_ORIGIN;
      else process.env.PUBLIC_ORIGIN = before;
    }
  });
});
