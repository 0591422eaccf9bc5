/**
 * Tests' hand on the S3 wire under the functions' SDK client (functions/lib/s3.ts): a middleware between the SDK's
 * deserializer and the network that may answer a command itself with S3's own answer (status, headers, XML), so
 * the SDK reads it as it would read S3's (errors named and shaped by the SDK, retries by its rules), or pass it on.
 */
import { Readable } from 'node:stream';
import type { S3 } from '../../functions/lib/s3';

export interface WireAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/** What a wire double sees: the SDK command's name without `Command` (GetObject, ...) and its input. */
export type WireHandler = (
  operation: string,
  input: Record<string, any>,
  next: () => Promise<void>,
) => Promise<WireAnswer | undefined>;

/**
 * Answer commands at the wire: `handler` returns S3's answer, or undefined to let the request go to the network
 * (`next` first sends it, for a double that answers after the real S3 did). Returns a function that removes it.
 */
export function atS3Wire(s3: S3, name: string, handler: WireHandler): () => void {
  const stack = s3.sdk().middlewareStack;
  stack.add(
    (next, context) => async (args) => {
      let passed: Awaited<ReturnType<typeof next>> | undefined;
      const answer = await handler(
        String(context.commandName).replace(/Command$/, ''),
        args.input as Record<string, any>,
        async () => {
          passed = await next(args);
        },
      );
      if (!answer) return passed ?? next(args);
      const body = Buffer.from(answer.body ?? '');
      return {
        output: undefined as never,
        response: {
          statusCode: answer.status,
          reason: '',
          headers: { 'content-length': String(body.length), ...answer.headers },
          body: Readable.from(body.length ? [body] : []),
        },
      };
    },
    { step: 'deserialize', priority: 'low', name },
  );
  return () => void stack.remove(name);
}
