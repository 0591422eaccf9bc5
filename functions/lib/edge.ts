/**
 * The edge check every API function runs first (functions/lib/http.ts): a request must carry the origin-verify
 * token CloudFront adds (current or, during a rotation, previous value of the generated secret), otherwise it
 * came around CloudFront (the execute-api URL) and is refused with 403. The client IP is then the one the
 * edge wrote (VIEWER_IP_HEADER); no header a client can set (CloudFront-Viewer-Address, X-Forwarded-For) is
 * ever believed.
 *
 * Locally without the edge token configured (handlers invoked directly by the integration tests), there is no
 * edge to check and the client IP is the connection's address.
 */
import { timingSafeEqual } from 'node:crypto';
import { HttpError } from '../../shared/errors';
import { EDGE_ERROR_CODE, EDGE_ERROR_MESSAGE, ORIGIN_VERIFY_HEADER, VIEWER_IP_HEADER } from '../../shared/domain/edge';
import { secretValues } from './runtime-secrets';

const same = (a: string, b: string | null): boolean => {
  if (!b) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

const IP = /^[0-9a-fA-F:.]{2,45}$/;

/**
 * Whether a request's origin-verify header is CloudFront's token (current or previous). Fails closed: a stage
 * whose token is unknown answers false (the API's authorizer, functions/edge/authorizer.ts).
 */
export async function isEdgeToken(given: string | undefined): Promise<boolean> {
  const token = await secretValues('originVerify');
  if (!token.current || !given) return false;
  return same(given, token.current) || same(given, token.previous);
}

/** Checks the edge token (403 without it) and returns the client IP the edge saw (null when unknown). */
export async function edgeClientIp(
  headers: Record<string, string>,
  sourceIp: string | undefined,
): Promise<string | null> {
  const token = await secretValues('originVerify');
  if (!token.current) return sourceIp ?? null;
  const given = headers[ORIGIN_VERIFY_HEADER] ?? '';
  if (!same(given, token.current) && !same(given, token.previous))
    throw new HttpError(403, EDGE_ERROR_CODE, EDGE_ERROR_MESSAGE);
  const ip = headers[VIEWER_IP_HEADER];
  return ip && IP.test(ip) ? ip : null;
}
