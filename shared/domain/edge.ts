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
