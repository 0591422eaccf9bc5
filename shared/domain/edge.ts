/**
 * CloudFront is the only door to the API (docs/decisions.md, "The edge as the only door"). The distribution
 * adds ORIGIN_VERIFY_HEADER (a generated secret, Secrets Manager) to every request it sends to the API, and
 * its viewer-request function sets VIEWER_IP_HEADER to the address CloudFront saw, overwriting whatever the
 * client sent. Every function refuses a request without the token, and takes the client IP for rate limits and
 * consent records only from VIEWER_IP_HEADER of such a request. The local server plays the same edge.
 */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';
export const VIEWER_IP_HEADER = 'x-fitly-viewer-ip';
export const EDGE_ERROR_CODE = 'edge.direct_access';
export const EDGE_ERROR_MESSAGE = 'This API is only served through the app';

/**
 * Public answers the same for everyone (explore, categories, collections, the runtime config) are kept by
 * CloudFront this long (s-maxage); browsers revalidate them (max-age=0), so an edit shows at the next load
 * once the edge copy has aged out. Routes opt in with `edgeCacheSeconds` in the route table (shared/routes).
 */
export const PUBLIC_LIST_EDGE_SECONDS = 60;
/** The OpenAPI document changes only with a deploy (which does not invalidate /api/*): an hour at the edge. */
export const OPENAPI_EDGE_SECONDS = 3600;
/** The Cache-Control of an edge-cacheable answer whose handler did not choose one (functions/lib/http.ts). */
export const edgeCacheControl = (seconds: number): string => `public, max-age=0, s-maxage=${seconds}`;
/**
 * GET /api/public-image/{key}: a presigned URL, the same for every caller within its signing hour; the answer's
 * own max-age (at most ~1 h 55 min) says how long, the edge keeps it at most an hour.
 */
export const PUBLIC_IMAGE_URL_EDGE_SECONDS = 3600;
