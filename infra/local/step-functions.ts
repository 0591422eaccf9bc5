/**
 * Local Step Functions: the generation state machine definition that CDK synthesizes, executed by
 * aws-local-stepfunctions with each task mapped to the same handler module the deployed Lambdas run.
 * It answers the Step Functions API (AWS JSON 1.0: StartExecution, DescribeExecution, StopExecution) on a
 * loopback port, so the API handlers use the real SFN SDK client locally too.
 */
import http from 'node:http';
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

export const LOCAL_STATE_MACHINE_ARN = 'arn:aws:states:local:000000000000:stateMachine:generation';
const executionArn = (name: string) => `arn:aws:states:local:000000000000:execution:generation:${name}`;

export interface LocalExecution {
  name: string;
  input: string;
  status: 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'ABORTED';
  startDate: Date;
  stopDate?: Date;
  output?: string;
  error?: string;
  cause?: string;
  abort?: () => void;
  done: Promise<void>;
}

export interface LocalStepFunctionsOptions {
  /** Milliseconds for every Wait state (default: the definition's own seconds). */
  waitMs?: number;
  /** Milliseconds between retries (default: the definition's own intervals). */
  retryMs?: number;
}

export async function startLocalStepFunctions(opts: LocalStepFunctionsOptions = {}) {
  const { StateMachine } = await import('aws-local-stepfunctions');
  const { synthesizeGenerationAsl } = await import('../lib/workflow-asl');
  const { asl, taskStateToHandler } = synthesizeGenerationAsl();
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
  const tasksModule = (await import(pathToFileURL(path.join(root, 'functions/workflow/index.ts')).href)) as Record<string, (i: unknown) => Promise<unknown>>;
  const handlers: Record<string, (input: any) => Promise<any>> = {};
  /** Task invocations and their total duration per state (the bench reads them). */
  const metrics = { invocations: {} as Record<string, number>, durationMs: {} as Record<string, number> };
  for (const [state, handlerName] of Object.entries(taskStateToHandler)) {
    const fn = tasksModule[handlerName];
    if (typeof fn !== 'function') throw new Error(`functions/workflow/index.ts does not export ${handlerName}`);
    handlers[state] = async (input) => {
      const t0 = performance.now();
      try {
        return (await fn(input)) as any;
      } finally {
        metrics.invocations[state] = (metrics.invocations[state] ?? 0) + 1;
        metrics.durationMs[state] = (metrics.durationMs[state] ?? 0) + (performance.now() - t0);
      }
    };
  }
  const waitStates = Object.entries(asl.States as Record<string, { Type: string }>).filter(([, s]) => s.Type === 'Wait').map(([n]) => n);
  const retryStates = Object.entries(asl.States as Record<string, { Retry?: unknown }>).filter(([, s]) => s.Retry).map(([n]) => n);
  const machine = new StateMachine(asl as never, { validationOptions: { checkArn: false, checkPaths: false } });
  const executions = new Map<string, LocalExecution>();

  function start(name: string, input: string): LocalExecution {
    const run = machine.run(JSON.parse(input), {
      noThrowOnAbort: true,
      overrides: {
        taskResourceLocalHandlers: handlers,
        ...(opts.waitMs !== undefined ? { waitTimeOverrides: Object.fromEntries(waitStates.map((s) => [s, opts.waitMs!])) } : {}),
        ...(opts.retryMs !== undefined ? { retryIntervalOverrides: Object.fromEntries(retryStates.map((s) => [s, opts.retryMs!])) } : {}),
      },
      context: { Execution: { Id: executionArn(name), Name: name, Input: JSON.parse(input), StartTime: new Date().toISOString() } } as never,
    });
    const exec: LocalExecution = { name, input, status: 'RUNNING', startDate: new Date(), abort: run.abort, done: Promise.resolve() };
    exec.done = run.result.then(
      (out) => {
        if (exec.status !== 'RUNNING') return;
        exec.status = 'SUCCEEDED';
        exec.output = JSON.stringify(out);
        exec.stopDate = new Date();
      },
      (err: Error & { cause?: unknown }) => {
        if (exec.status !== 'RUNNING') return;
        exec.status = 'FAILED';
        exec.error = err.name;
        exec.cause = err.message;
        exec.stopDate = new Date();
      },
    );
    executions.set(name, exec);
    return exec;
  }

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const target = String(req.headers['x-amz-target'] ?? '');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0' });
      res.end(JSON.stringify(body));
    };
    let body: Record<string, any> = {};
    try {
      body = JSON.parse(Buffer.concat(chunks).toString() || '{}');
    } catch {
      return send(400, { __type: 'SerializationException', message: 'Invalid JSON' });
    }
    const op = target.split('.').pop();
    if (op === 'StartExecution') {
      if (body.stateMachineArn !== LOCAL_STATE_MACHINE_ARN) return send(400, { __type: 'StateMachineDoesNotExist', message: `State Machine Does Not Exist: '${body.stateMachineArn}'` });
      const name = String(body.name ?? '');
      if (!/^[A-Za-z0-9_-]{1,80}$/.test(name)) return send(400, { __type: 'InvalidName', message: 'Invalid Name' });
      const input = typeof body.input === 'string' ? body.input : '{}';
      const existing = executions.get(name);
      if (existing) {
        // Step Functions: the same name and input while running is idempotent; anything else is refused.
        if (existing.status === 'RUNNING' && existing.input === input)
          return send(200, { executionArn: executionArn(name), startDate: existing.startDate.getTime() / 1000 });
        return send(400, { __type: 'ExecutionAlreadyExists', message: `Execution Already Exists: '${executionArn(name)}'` });
      }
      const exec = start(name, input);
      return send(200, { executionArn: executionArn(name), startDate: exec.startDate.getTime() / 1000 });
    }
    if (op === 'DescribeExecution' || op === 'StopExecution') {
      const name = String(body.executionArn ?? '').split(':').pop() ?? '';
      const exec = executions.get(name);
      if (!exec) return send(400, { __type: 'ExecutionDoesNotExist', message: `Execution Does Not Exist: '${body.executionArn}'` });
      if (op === 'StopExecution') {
        if (exec.status === 'RUNNING') {
          exec.status = 'ABORTED';
          exec.stopDate = new Date();
          exec.abort?.();
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
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    stateMachineArn: LOCAL_STATE_MACHINE_ARN,
    executions,
    metrics,
    /** Wait until no execution is running (tests, the bench). */
    async drain() {
      for (;;) {
        const running = [...executions.values()].filter((e) => e.status === 'RUNNING');
        if (!running.length) return;
        await Promise.all(running.map((e) => e.done));
      }
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const e of executions.values()) if (e.status === 'RUNNING') e.abort?.();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
