/**
 * Local Step Functions: the generation state machine definition that CDK synthesizes, executed by
 * aws-local-stepfunctions with each task mapped to the same handler module the deployed Lambdas run.
 * It answers the Step Functions API (AWS JSON 1.0: StartExecution, DescribeExecution, StopExecution,
 * SendTaskSuccess, SendTaskFailure, SendTaskHeartbeat) on a loopback port, so the handlers use the real SFN
 * SDK client locally too, and it emulates the EventBridge rule on ended executions by calling the same
 * executionEnded handler.
 *
 * Durable like the real service (issue 27): with a `stateDir`, every execution is journaled there (one JSON
 * file each, written on start and on end). When the stack starts again, each execution the journal still has
 * as RUNNING is started again from the beginning under the same name and input: every task is idempotent
 * (functions/generations/workflow/index.ts), so the replay reaches the state the execution was in — a queued render gets
 * its new task token, a render whose worker died is rendered again, a stored result is reported without a
 * second render, a generation already ended ends its execution the same way.
 */
import http from 'node:http';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import path from 'node:path';

// aws-local-stepfunctions needs Promise.withResolvers (Node 22); Node 20 lacks it.
if (!(Promise as unknown as { withResolvers?: unknown }).withResolvers) {
  (Promise as unknown as { withResolvers: () => unknown }).withResolvers = function withResolvers<T>() {
    let resolve!: (v: T) => void;
    let reject!: (e: unknown) => void;
    const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
    return { promise, resolve, reject };
  };
}

/** What the runner passes between states (aws-local-stepfunctions' JSONValue). */
type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export const LOCAL_STATE_MACHINE_ARN = 'arn:aws:states:local:000000000000:stateMachine:generation';
const executionArn = (name: string) => `arn:aws:states:local:000000000000:execution:generation:${name}`;

export interface LocalExecution {
  name: string;
  input: string;
  status: 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'ABORTED' | 'TIMED_OUT';
  startDate: Date;
  stopDate?: Date;
  output?: string;
  error?: string;
  cause?: string;
  abort?: () => void;
  done: Promise<void>;
}

export interface LocalStepFunctionsOptions {
  /** Milliseconds between retries (default: the definition's own intervals). */
  retryMs?: number;
  /** Where executions are journaled and resumed from (the data folder's step-functions/; none: in memory). */
  stateDir?: string;
}

/** What the journal keeps of an execution (one file per execution). */
interface JournalEntry {
  name: string;
  input: string;
  status: LocalExecution['status'];
  startDate: string;
  stopDate?: string;
  output?: string;
  error?: string;
  cause?: string;
}

/** Ended executions stay in the journal (DescribeExecution answers them) for this long. */
const JOURNAL_KEEP_MS = 7 * 24 * 3600_000;

function journal(dir: string | undefined) {
  if (dir) mkdirSync(dir, { recursive: true });
  const file = (name: string) => path.join(dir!, `${name}.json`);
  return {
    write(exec: LocalExecution) {
      if (!dir) return;
      const entry: JournalEntry = {
        name: exec.name,
        input: exec.input,
        status: exec.status,
        startDate: exec.startDate.toISOString(),
        ...(exec.stopDate ? { stopDate: exec.stopDate.toISOString() } : {}),
        ...(exec.output !== undefined ? { output: exec.output } : {}),
        ...(exec.error !== undefined ? { error: exec.error, cause: exec.cause } : {}),
      };
      // write then rename: a crash mid-write leaves the previous entry, never half a file
      const tmp = `${file(exec.name)}.tmp`;
      writeFileSync(tmp, JSON.stringify(entry));
      renameSync(tmp, file(exec.name));
    },
    /** Every journaled execution; ended ones older than a week are forgotten (their files removed). */
    read(now = Date.now()): JournalEntry[] {
      if (!dir) return [];
      const entries: JournalEntry[] = [];
      for (const f of readdirSync(dir)) {
        if (!f.endsWith('.json')) continue;
        try {
          const e = JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as JournalEntry;
          if (e.status !== 'RUNNING' && e.stopDate && now - Date.parse(e.stopDate) > JOURNAL_KEEP_MS)
            rmSync(path.join(dir, f), { force: true });
          else entries.push(e);
        } catch {
          rmSync(path.join(dir, f), { force: true }); // unreadable: not a journal entry
        }
      }
      return entries;
    },
  };
}

export async function startLocalStepFunctions(opts: LocalStepFunctionsOptions = {}) {
  const { StateMachine } = await import('aws-local-stepfunctions');
  const { generationAsl } = await import('./generation-asl-cache');
  const { asl, taskStateToHandler, callbackState: CALLBACK_STATE } = await generationAsl();
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
  const tasksModule = (await import(
    pathToFileURL(path.join(root, 'functions/generations/workflow/index.ts')).href
  )) as Record<string, (i: unknown) => Promise<JsonValue>>;
  const handlers: Record<string, (input: JsonValue) => Promise<JsonValue>> = {};
  /** Task invocations and their total duration per state (the bench reads them). */
  const metrics = { invocations: {} as Record<string, number>, durationMs: {} as Record<string, number> };
  /**
   * Task tokens of waiting callback states (aws-local-stepfunctions has no waitForTaskToken): the Render state
   * is mapped to a handler that makes a token, passes it to enqueueRender as Step Functions would, and waits
   * until SendTaskSuccess / SendTaskFailure names it (or the state's TimeoutSeconds ends it).
   */
  const waiters = new Map<string, { execution: string; resolve: (v: JsonValue) => void; reject: (e: Error) => void }>();
  let tokenSeq = 0;
  for (const [state, handlerName] of Object.entries(taskStateToHandler)) {
    const fn = tasksModule[handlerName];
    if (typeof fn !== 'function')
      throw new Error(`functions/generations/workflow/index.ts does not export ${handlerName}`);
    const count = (t0: number) => {
      metrics.invocations[state] = (metrics.invocations[state] ?? 0) + 1;
      metrics.durationMs[state] = (metrics.durationMs[state] ?? 0) + (performance.now() - t0);
    };
    if (state === CALLBACK_STATE) {
      handlers[state] = async (input) => {
        const t0 = performance.now();
        // the Render state's payload: { taskToken (replaced here), generationId, userId }
        const payload = typeof input === 'object' && input && !Array.isArray(input) ? input.Payload : undefined;
        if (
          typeof payload !== 'object' ||
          !payload ||
          Array.isArray(payload) ||
          typeof payload.generationId !== 'string'
        )
          throw new Error('Render: the state machine passed no generationId');
        const generationId = payload.generationId;
        const taskToken = `local-token-${generationId}-${++tokenSeq}-${Math.random().toString(36).slice(2)}`;
        const result = new Promise<JsonValue>((resolve, reject) =>
          waiters.set(taskToken, { execution: generationId, resolve, reject }),
        );
        try {
          await fn({ ...payload, taskToken });
        } catch (err) {
          waiters.delete(taskToken);
          throw err;
        } finally {
          count(t0);
          awaitingEnqueue.get(generationId)?.();
        }
        return result.finally(() => waiters.delete(taskToken));
      };
      continue;
    }
    handlers[state] = async (input) => {
      const t0 = performance.now();
      try {
        return await fn(input);
      } finally {
        count(t0);
      }
    };
  }
  const retryStates = Object.entries(asl.States as Record<string, { Retry?: unknown }>)
    .filter(([, s]) => s.Retry)
    .map(([n]) => n);
  const machine = new StateMachine(asl as never, { validationOptions: { checkArn: false, checkPaths: false } });
  const executions = new Map<string, LocalExecution>();
  const log = journal(opts.stateDir);
  /** Resumed executions whose Render state has not yet handed its new task token to the render job. */
  const awaitingEnqueue = new Map<string, () => void>();
  /** Set by stop(): aborted runs keep RUNNING in the journal, to be resumed by the next start. */
  let closing = false;

  /** The EventBridge rule on FAILED / TIMED_OUT / ABORTED executions (infra: Workflow construct), in process. */
  const executionEnded = tasksModule.executionEnded as (e: unknown) => Promise<unknown>;
  const notifyEnded = (exec: LocalExecution, status: 'FAILED' | 'TIMED_OUT' | 'ABORTED') => {
    const ended = executionEnded({
      source: 'aws.states',
      'detail-type': 'Step Functions Execution Status Change',
      detail: {
        status,
        name: exec.name,
        input: exec.input,
        executionArn: executionArn(exec.name),
        stateMachineArn: LOCAL_STATE_MACHINE_ARN,
      },
    }).then(
      () => undefined,
      (err) => console.error('executionEnded failed', err),
    );
    pendingNotifications.add(ended);
    void ended.finally(() => pendingNotifications.delete(ended));
  };
  const pendingNotifications = new Set<Promise<void>>();
  const closeWaiters = (name: string) => {
    for (const [token, w] of waiters) if (w.execution === name) waiters.delete(token);
  };

  function start(name: string, input: string, startDate = new Date()): LocalExecution {
    const run = machine.run(JSON.parse(input), {
      noThrowOnAbort: true,
      overrides: {
        taskResourceLocalHandlers: handlers,
        ...(opts.retryMs !== undefined
          ? { retryIntervalOverrides: Object.fromEntries(retryStates.map((s) => [s, opts.retryMs!])) }
          : {}),
      },
      context: {
        Execution: {
          Id: executionArn(name),
          Name: name,
          Input: JSON.parse(input),
          StartTime: startDate.toISOString(),
        },
        Task: { Token: 'replaced-per-invocation' },
      } as never,
    });
    const exec: LocalExecution = {
      name,
      input,
      status: 'RUNNING',
      startDate,
      abort: run.abort,
      done: Promise.resolve(),
    };
    exec.done = run.result.then(
      (out) => {
        if (closing || exec.status !== 'RUNNING') return;
        exec.status = 'SUCCEEDED';
        exec.output = JSON.stringify(out);
        exec.stopDate = new Date();
        log.write(exec);
      },
      (err: Error & { cause?: unknown }) => {
        closeWaiters(name);
        if (closing || exec.status !== 'RUNNING') return;
        const timedOut = err.name === 'ExecutionTimeoutError' || err.name === 'States.Timeout';
        exec.status = timedOut ? 'TIMED_OUT' : 'FAILED';
        exec.error = err.name;
        exec.cause = err.message;
        exec.stopDate = new Date();
        log.write(exec);
        notifyEnded(exec, exec.status);
      },
    );
    executions.set(name, exec);
    log.write(exec);
    return exec;
  }

  const server = http.createServer((req, res) => void answer(req, res));
  async function answer(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const target = String(req.headers['x-amz-target'] ?? '');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0' });
      res.end(JSON.stringify(body));
    };
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(Buffer.concat(chunks).toString() || '{}') as Record<string, unknown>;
    } catch {
      return send(400, { __type: 'SerializationException', message: 'Invalid JSON' });
    }
    const op = target.split('.').pop();
    if (op === 'SendTaskSuccess' || op === 'SendTaskFailure' || op === 'SendTaskHeartbeat') {
      const w = waiters.get(String(body.taskToken ?? ''));
      // Step Functions answers TaskTimedOut for a token whose task is no longer waiting.
      if (!w) return send(400, { __type: 'TaskTimedOut', message: 'Task Timed Out' });
      if (op === 'SendTaskSuccess') {
        let output: JsonValue;
        try {
          output = JSON.parse(String(body.output ?? 'null')) as JsonValue;
        } catch {
          return send(400, { __type: 'InvalidOutput', message: 'Invalid Output' });
        }
        waiters.delete(String(body.taskToken));
        w.resolve(output);
      } else if (op === 'SendTaskFailure') {
        waiters.delete(String(body.taskToken));
        const e = new Error(String(body.cause ?? ''));
        e.name = String(body.error ?? 'States.TaskFailed');
        w.reject(e);
      }
      return send(200, {});
    }
    if (op === 'StartExecution') {
      if (body.stateMachineArn !== LOCAL_STATE_MACHINE_ARN)
        return send(400, {
          __type: 'StateMachineDoesNotExist',
          message: `State Machine Does Not Exist: '${body.stateMachineArn}'`,
        });
      const name = String(body.name ?? '');
      if (!/^[A-Za-z0-9_-]{1,80}$/.test(name)) return send(400, { __type: 'InvalidName', message: 'Invalid Name' });
      const input = typeof body.input === 'string' ? body.input : '{}';
      const existing = executions.get(name);
      if (existing) {
        // Step Functions: the same name and input while running is idempotent; anything else is refused.
        if (existing.status === 'RUNNING' && existing.input === input)
          return send(200, { executionArn: executionArn(name), startDate: existing.startDate.getTime() / 1000 });
        return send(400, {
          __type: 'ExecutionAlreadyExists',
          message: `Execution Already Exists: '${executionArn(name)}'`,
        });
      }
      const exec = start(name, input);
      return send(200, { executionArn: executionArn(name), startDate: exec.startDate.getTime() / 1000 });
    }
    if (op === 'DescribeExecution' || op === 'StopExecution') {
      const name =
        String(body.executionArn ?? '')
          .split(':')
          .pop() ?? '';
      const exec = executions.get(name);
      if (!exec)
        return send(400, {
          __type: 'ExecutionDoesNotExist',
          message: `Execution Does Not Exist: '${body.executionArn}'`,
        });
      if (op === 'StopExecution') {
        if (exec.status === 'RUNNING') {
          exec.status = 'ABORTED';
          exec.stopDate = new Date();
          log.write(exec);
          exec.abort?.();
          closeWaiters(name);
          notifyEnded(exec, 'ABORTED');
        }
        return send(200, { stopDate: (exec.stopDate ?? new Date()).getTime() / 1000 });
      }
      return send(200, {
        executionArn: executionArn(name),
        stateMachineArn: LOCAL_STATE_MACHINE_ARN,
        name,
        status: exec.status,
        startDate: exec.startDate.getTime() / 1000,
        ...(exec.stopDate ? { stopDate: exec.stopDate.getTime() / 1000 } : {}),
        input: exec.input,
        ...(exec.output ? { output: exec.output } : {}),
        ...(exec.error ? { error: exec.error, cause: exec.cause } : {}),
      });
    }
    return send(400, { __type: 'UnknownOperationException', message: `Unsupported operation ${target}` });
  }
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const invoker = (await import(
    pathToFileURL(path.join(root, 'functions/generations/workflow/render-invoker.ts')).href
  )) as typeof import('../../functions/generations/workflow/render-invoker');
  const queue = (await import(
    pathToFileURL(path.join(root, 'functions/generations/workflow/render-queue.ts')).href
  )) as typeof import('../../functions/generations/workflow/render-queue');
  invoker.setLocalRenderRunner({
    renderWorker: queue.renderWorker,
    renderWorkerFailed: queue.renderWorkerFailed,
    providerCall: queue.providerCall,
  });
  const { drainLocalInvocations } = invoker;

  // Resume what the last run left: ended executions answer DescribeExecution again, running ones start over.
  let resumed = 0;
  const enqueued: Promise<void>[] = [];
  for (const e of log.read()) {
    if (e.status === 'RUNNING') {
      const exec = start(e.name, e.input, new Date(e.startDate));
      // settled when its Render state has re-enqueued (or the execution ended another way)
      enqueued.push(
        Promise.race([new Promise<void>((r) => awaitingEnqueue.set(e.name, r)), exec.done]).finally(() =>
          awaitingEnqueue.delete(e.name),
        ),
      );
      resumed++;
      continue;
    }
    executions.set(e.name, {
      name: e.name,
      input: e.input,
      status: e.status,
      startDate: new Date(e.startDate),
      ...(e.stopDate ? { stopDate: new Date(e.stopDate) } : {}),
      ...(e.output !== undefined ? { output: e.output } : {}),
      ...(e.error !== undefined ? { error: e.error, cause: e.cause } : {}),
      done: Promise.resolve(),
    });
  }
  return {
    /** Executions the journal had as RUNNING when this instance started (started again). */
    resumed,
    /**
     * Resolves when every resumed execution's Render state has handed its new task token to its render job
     * (or ended): only then may a render of the last run be started again, so that it reports to a live token.
     */
    resumedEnqueued: (timeoutMs = 30_000) =>
      Promise.race([
        Promise.all(enqueued).then(() => undefined),
        new Promise<void>((r) => setTimeout(r, timeoutMs).unref()),
      ]),
    url,
    stateMachineArn: LOCAL_STATE_MACHINE_ARN,
    executions,
    metrics,
    /** Task tokens still waiting for a callback. */
    waitingTokens: () => waiters.size,
    /** Wait until no execution, render worker or end notification is running (tests, the bench). */
    async drain() {
      for (;;) {
        const running = [...executions.values()].filter((e) => e.status === 'RUNNING');
        await drainLocalInvocations();
        await Promise.all([...pendingNotifications]);
        if (!running.length && !pendingNotifications.size) return;
        await Promise.race([Promise.all(running.map((e) => e.done)), new Promise((r) => setTimeout(r, 50))]);
      }
    },
    stop: () =>
      new Promise<void>((resolve) => {
        closing = true;
        for (const e of executions.values()) if (e.status === 'RUNNING') e.abort?.();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
