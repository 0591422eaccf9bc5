/** The ASL the local runner executes is the deployed definition, with literal function ARNs. */
import { describe, expect, it } from 'vitest';
import { synthesizeGenerationAsl, LOCAL_LAMBDA_ARN_PREFIX } from '../../infra/lib/workflow-asl';
import { CALLBACK_STATE, GENERATION_TASK_HANDLERS, TASK_STATE_HANDLERS } from '../../infra/lib/workflow-definition';

describe('synthesizeGenerationAsl', () => {
  const { asl, taskStateToHandler } = synthesizeGenerationAsl();
  const states = asl.States as Record<
    string,
    {
      Type: string;
      Resource?: string;
      Parameters?: { FunctionName?: string };
      Retry?: { ErrorEquals: string[]; JitterStrategy?: string }[];
      Catch?: { ErrorEquals: string[]; ResultPath: string; Next: string }[];
      Next?: string;
      TimeoutSeconds?: number;
    }
  >;
  const tasks = Object.entries(states).filter(([, s]) => s.Type === 'Task');

  it('starts at Render and has the overall timeout', () => {
    expect(asl.StartAt).toBe(CALLBACK_STATE);
    expect(asl.TimeoutSeconds).toBe(3600);
  });

  it('names a literal local function in every task, and maps every task state to its handler', () => {
    expect(tasks.map(([name]) => name).sort()).toEqual(Object.keys(TASK_STATE_HANDLERS).sort());
    for (const [name, state] of tasks) {
      const fn = name === CALLBACK_STATE ? state.Parameters?.FunctionName : state.Resource;
      expect(fn, name).toBe(`${LOCAL_LAMBDA_ARN_PREFIX}${taskStateToHandler[name]}`);
    }
    expect(states[CALLBACK_STATE]?.Resource).toBe('arn:aws:states:::lambda:invoke.waitForTaskToken');
    expect(taskStateToHandler).toEqual(TASK_STATE_HANDLERS);
    expect(new Set(Object.values(taskStateToHandler))).toEqual(new Set(GENERATION_TASK_HANDLERS));
  });

  it('catches every error of every task but MarkFailed into MarkFailed at $.error', () => {
    for (const [name, state] of tasks) {
      if (name === 'MarkFailed') {
        expect(state.Next).toBe('GenerationFailed');
        continue;
      }
      expect(state.Catch, name).toEqual([{ ErrorEquals: ['States.ALL'], ResultPath: '$.error', Next: 'MarkFailed' }]);
    }
  });

  it('retries Lambda errors with full jitter on every task', () => {
    for (const [name, state] of tasks)
      expect(state.Retry?.[0], name).toMatchObject({
        ErrorEquals: expect.arrayContaining(['Lambda.TooManyRequestsException']),
        JitterStrategy: 'FULL',
      });
  });

  it('uses only state types and integrations the local runner executes (the callback is mapped locally)', () => {
    for (const s of Object.values(states)) expect(['Task', 'Fail', 'Succeed']).toContain(s.Type);
    const integrations = JSON.stringify(asl).match(/arn:aws:states:::[\w:.-]+/g) ?? [];
    expect(new Set(integrations)).toEqual(new Set(['arn:aws:states:::lambda:invoke.waitForTaskToken']));
    expect(JSON.stringify(asl)).not.toMatch(/JSONata|"Assign"|"QueryLanguage"/);
  });
});
