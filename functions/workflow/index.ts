/**
 * Generation workflow task handlers (Step Functions, see infra/lib/workflow-definition.ts for the state
 * machine and the input/output contract of each task).
 *
 * Placeholder created with the CDK app so that the workflow can be synthesized: the generation issue
 * implements these handlers and replaces this module.
 */
type TaskInput = Record<string, unknown>;

export async function markProcessing(_input: TaskInput): Promise<unknown> {
  throw new Error('workflow task not implemented yet');
}

export async function render(_input: TaskInput): Promise<unknown> {
  throw new Error('workflow task not implemented yet');
}

export async function storeResult(_input: TaskInput): Promise<unknown> {
  throw new Error('workflow task not implemented yet');
}

export async function markCompleted(_input: TaskInput): Promise<unknown> {
  throw new Error('workflow task not implemented yet');
}

export async function markFailed(_input: TaskInput): Promise<unknown> {
  throw new Error('workflow task not implemented yet');
}
