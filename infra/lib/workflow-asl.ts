/**
 * The generation state machine as plain ASL for the local runner (aws-local-stepfunctions): the exact
 * definition the CDK app deploys (buildGenerationDefinition), synthesized in a throwaway app with
 * placeholder functions, with every function reference resolved to a literal local ARN
 * `arn:aws:lambda:local:000000000000:function:<handler>`.
 *
 *   const { asl, taskStateToHandler } = synthesizeGenerationAsl();
 *   // taskStateToHandler.Render === 'enqueueRender' -> taskResourceLocalHandlers: { Render: ..., MarkFailed: ... }
 *
 * No bundling (inline placeholder code), no network, no cdk-nag: about a second, most of it loading
 * aws-cdk-lib.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import {
  GENERATION_TASK_HANDLERS,
  GENERATION_TIMEOUT,
  buildGenerationDefinition,
  type GenerationTaskFunctions,
  type GenerationTaskHandler,
} from './workflow-definition';

export const LOCAL_LAMBDA_ARN_PREFIX = 'arn:aws:lambda:local:000000000000:function:';

export const localFunctionArn = (handler: string): string => `${LOCAL_LAMBDA_ARN_PREFIX}${handler}`;

export interface GenerationAsl {
  /** The Amazon States Language definition (StartAt, States, TimeoutSeconds). */
  asl: { StartAt: string; States: Record<string, Record<string, unknown>>; TimeoutSeconds?: number };
  /** Task state name (Render, MarkFailed) -> exported handler of functions/generations/workflow/index.ts. */
  taskStateToHandler: Record<string, GenerationTaskHandler>;
}

export function synthesizeGenerationAsl(): GenerationAsl {
  const outdir = mkdtempSync(path.join(tmpdir(), 'tryon-asl-'));
  try {
    const app = new App({ outdir });
    const stack = new Stack(app, 'GenerationAsl');
    const fns = {} as GenerationTaskFunctions;
    const logicalIdToHandler = new Map<string, GenerationTaskHandler>();
    for (const handler of GENERATION_TASK_HANDLERS) {
      const fn = new lambda.Function(stack, handler, {
        runtime: lambda.Runtime.NODEJS_22_X,
        handler: `index.${handler}`,
        code: lambda.Code.fromInline('exports.placeholder = 1;'),
      });
      fns[handler] = fn;
      logicalIdToHandler.set(stack.getLogicalId(fn.node.defaultChild as lambda.CfnFunction), handler);
    }
    const stateMachine = new sfn.StateMachine(stack, 'Generation', {
      definitionBody: sfn.DefinitionBody.fromChainable(buildGenerationDefinition(stack, fns)),
      timeout: GENERATION_TIMEOUT,
    });

    const template = app.synth().getStackByName(stack.stackName).template as {
      Resources: Record<string, { Type: string; Properties?: Record<string, unknown> }>;
    };
    const smLogicalId = stack.getLogicalId(stateMachine.node.defaultChild as sfn.CfnStateMachine);
    const definition = template.Resources[smLogicalId]?.Properties?.DefinitionString;
    const asl = JSON.parse(resolveIntrinsic(definition, logicalIdToHandler)) as GenerationAsl['asl'];

    const taskStateToHandler: Record<string, GenerationTaskHandler> = {};
    for (const [name, state] of Object.entries(
      asl.States as Record<string, { Type: string; Resource?: string; Parameters?: { FunctionName?: string } }>,
    )) {
      if (state.Type !== 'Task') continue;
      // A plain function ARN (payloadResponseOnly), or the lambda:invoke.waitForTaskToken integration naming it.
      const fn =
        state.Resource === 'arn:aws:states:::lambda:invoke.waitForTaskToken'
          ? state.Parameters?.FunctionName
          : state.Resource;
      const handler = fn?.startsWith(LOCAL_LAMBDA_ARN_PREFIX)
        ? (fn.slice(LOCAL_LAMBDA_ARN_PREFIX.length) as GenerationTaskHandler)
        : undefined;
      if (!handler || !GENERATION_TASK_HANDLERS.includes(handler))
        throw new Error(`Task state ${name} does not invoke a workflow handler (Resource ${state.Resource})`);
      taskStateToHandler[name] = handler;
    }
    return { asl, taskStateToHandler };
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

/** Resolve the CloudFormation intrinsics CDK leaves in a DefinitionString to a literal string. */
function resolveIntrinsic(value: unknown, functions: Map<string, string>): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const [key, arg] = Object.entries(value)[0] ?? [];
    if (key === 'Fn::Join') {
      const [sep, parts] = arg as [string, unknown[]];
      return parts.map((p) => resolveIntrinsic(p, functions)).join(sep);
    }
    if (key === 'Fn::GetAtt') {
      const [logicalId, attr] = arg as [string, string];
      const handler = functions.get(logicalId);
      if (handler && attr === 'Arn') return localFunctionArn(handler);
    }
    if (key === 'Ref') {
      const pseudo: Record<string, string> = {
        'AWS::Partition': 'aws',
        'AWS::Region': 'local',
        'AWS::AccountId': '000000000000',
        'AWS::URLSuffix': 'amazonaws.com',
      };
      const resolved = pseudo[arg as string];
      if (resolved) return resolved;
    }
  }
  throw new Error(`Cannot resolve ${JSON.stringify(value)} in the state machine definition`);
}
