/** The ASL the local runner executes is the deployed definition, with literal task resources. */
import { describe, expect, it } from 'vitest';
import { synthesizeGenerationAsl, LOCAL_LAMBDA_ARN_PREFIX } from '../../infra/lib/workflow-asl';
import { GENERATION_TASK_HANDLERS, TASK_STATE_HANDLERS } from '../../infra/lib/workflow-definition';

describe('synthesizeGenerationAsl', () => {
  const started = Date.now();
  const { asl, taskStateToHandler } = synthesizeGenerationAsl();
  const elapsed = Date.now() - started;
  const states = asl.States as Record<string, { Type: string; Resource?: unknown; Retry?: { ErrorEquals: string[]; IntervalSeconds?: number; BackoffRate?: number; MaxAttempts?: number }[]; Catch?: { ErrorEquals: string[]; ResultPath: string; Next: string }[]; Next?: string }>;
  const tasks = Object.entries(states).filter(([, s]) => s.Type === 'Task');

  it('starts at MarkProcessing and has the overall timeout', () => {
    expect(asl.StartAt).toBe('MarkProcessing');
    expect(asl.TimeoutSeconds).toBe(900);
  });

  it('gives every task a literal local function ARN, and maps every task state to its handler', () => {
    expect(tasks.map(([name]) => name).sort()).toEqual(Object.keys(TASK_STATE_HANDLERS).sort());
    for (const [name, state] of tasks) {
      expect(typeof state.Resource, name).toBe('string');
      expect(state.Resource).toBe(`${LOCAL_LAMBDA_ARN_PREFIX}${taskStateToHandler[name]}`);
    }
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

  it('retries provider throttling and timeouts on Render and PollRender', () => {
    for (const name of ['Render', 'PollRender']) {
      expect(states[name].Retry).toContainEqual({
        ErrorEquals: ['ProviderThrottled', 'ProviderTimeout', 'States.Timeout'],
        IntervalSeconds: 2,
        BackoffRate: 2,
        MaxAttempts: 4,
      });
    }
  });

  it('uses only the state types the local runner executes', () => {
    for (const s of Object.values(states)) expect(['Task', 'Choice', 'Wait', 'Pass', 'Fail', 'Succeed']).toContain(s.Type);
    expect(JSON.stringify(asl)).not.toMatch(/JSONata|"Assign"|"QueryLanguage"|arn:aws:states:::/);
  });

  it('is fast enough to run at every local start', () => {
    expect(elapsed).toBeLessThan(15_000);
  });
});
