/**
 * Restart to the last generation ended (issue 27): the whole local stack in a child process (as `npm start`
 * runs it), ten looks started, the stack stopped while they render (once with Ctrl-C, once killed outright),
 * started again on the same data; measured from the new start to "ready" and to the moment every look has
 * ended, and whether the money adds up. The bound: every look ended within a minute of the restart.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { freePort } from '../../infra/local/services';
import { connectApp } from '../../infra/ops/app-client';
import { startStackProcess, type StackProcess } from '../support/stack-process';
import { balanceAndLedger, generations, newShopper, startLook, waitUntil } from '../support/app-shopper';

export interface RestartFigure {
  stop: 'SIGINT' | 'SIGKILL';
  looks: number;
  /** How the looks stood when the stack was stopped. */
  atStop: Record<string, number>;
  readyMs: number;
  lastEndedMs: number;
  completed: number;
  failed: number;
  ledgerMatches: boolean;
}

const LOOKS = 10;

async function once(stop: 'SIGINT' | 'SIGKILL', looks: number): Promise<RestartFigure> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tryon-restart-'));
  const port = await freePort();
  let stack: StackProcess | undefined;
  try {
    stack = await startStackProcess({ port, dataDir, readyTimeoutMs: 180_000 });
    let app = await connectApp(stack.url);
    const shopper = await newShopper(app, looks + 2);
    const ids: string[] = [];
    for (let i = 0; i < looks; i++) {
      const r = await startLook(app, shopper, randomUUID());
      if (r.status !== 201) throw new Error(`start answered ${r.status}: ${r.json?.message}`);
      ids.push(r.json!.id!);
    }
    // stop while they render: once the first has completed, so some are done, some rendering, some queued
    let atStop: Record<string, number> = {};
    await waitUntil(
      'a first look to complete',
      async () => {
        const mine = (await generations(app, shopper)).filter((g) => ids.includes(g.id));
        atStop = mine.reduce<Record<string, number>>((m, g) => ({ ...m, [g.status]: (m[g.status] ?? 0) + 1 }), {});
        return mine.some((g) => g.status === 'completed' || g.status === 'failed');
      },
      120_000,
      100,
    );
    await stack.stop(stop, 30_000);
    const t0 = performance.now();
    stack = await startStackProcess({ port, dataDir, readyTimeoutMs: 180_000 });
    const readyMs = performance.now() - t0;
    app = await connectApp(stack.url);
    let ended = { completed: 0, failed: 0 };
    await waitUntil(
      'every look to end',
      async () => {
        const mine = (await generations(app, shopper)).filter((g) => ids.includes(g.id));
        ended = {
          completed: mine.filter((g) => g.status === 'completed').length,
          failed: mine.filter((g) => g.status === 'failed').length,
        };
        return ended.completed + ended.failed === ids.length;
      },
      300_000,
      250,
    );
    const lastEndedMs = performance.now() - t0;
    const money = await balanceAndLedger(app, shopper);
    return { stop, looks, atStop, readyMs, lastEndedMs, ...ended, ledgerMatches: money.credits === money.ledgerSum };
  } finally {
    await stack?.stop('SIGINT', 30_000); // a graceful stop ends its DynamoDB Local and cognito-local too
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchRestart(
  quick: boolean,
  row: (name: string, value: string, target?: string) => void,
): Promise<RestartFigure[]> {
  const looks = quick ? 4 : LOOKS;
  const out: RestartFigure[] = [];
  for (const stop of ['SIGINT', 'SIGKILL'] as const) {
    console.log(`bench: ${looks} looks, the stack stopped with ${stop} while they render, started again...`);
    const f = await once(stop, looks);
    out.push(f);
    const how = stop === 'SIGINT' ? 'Ctrl-C' : 'kill -9';
    row(
      `restart after ${how} (${looks} looks): ready / last look ended`,
      `${(f.readyMs / 1000).toFixed(1)} s / ${(f.lastEndedMs / 1000).toFixed(1)} s`,
      '<= 60 s to last ended',
    );
    row(
      `  looks at the stop -> after the restart (${how})`,
      `${JSON.stringify(f.atStop)} -> ${f.completed} completed, ${f.failed} failed; ledger ${f.ledgerMatches ? '=' : '!='} balance`,
      'all ended; ledger = balance',
    );
  }
  return out;
}
