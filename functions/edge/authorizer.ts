/**
 * The API's door (docs/decisions.md, "Nothing reaches the API except through the edge"): the Lambda REQUEST
 * authorizer of every route of the HTTP API (infra/lib/constructs/api.ts). Its identity source is CloudFront's
 * origin-verify header (on `user` routes the Authorization header too), so:
 * - a request without the header never reaches this function nor any route's: API Gateway answers 401 itself;
 * - a request with it is allowed only when the value is CloudFront's token (current, or previous during a
 *   rotation), and API Gateway caches this answer per header value (an hour), so the token is checked here
 *   about once an hour, not per request.
 * The functions still check the token themselves (functions/lib/edge.ts: defence in depth) and verify the
 * caller's JWT (functions/lib/http.ts): this function reads no token but CloudFront's.
 */
import type { APIGatewayRequestAuthorizerEventV2, APIGatewaySimpleAuthorizerResult } from 'aws-lambda';
import { ORIGIN_VERIFY_HEADER } from '../../shared/domain/edge';
import { isEdgeToken } from '../lib/edge';

export const handler = async (
  event: Pick<APIGatewayRequestAuthorizerEventV2, 'headers'>,
): Promise<APIGatewaySimpleAuthorizerResult> => {
  const given = Object.entries(event.headers ?? {}).find(([k]) => k.toLowerCase() === ORIGIN_VERIFY_HEADER)?.[1];
  return { isAuthorized: await isEdgeToken(given) };
};
