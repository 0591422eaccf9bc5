/**
 * Drift check of the API contract: does a response match the schema its route names (shared/routes/)?
 * Used by the integration test harness (a mismatch fails the test) and by the local API server in dev mode
 * (a mismatch is logged). Never in the Lambdas: production answers are not re-validated.
 */
import type { RouteDef } from '../routes';

/** A description of the mismatch, or null when the body matches (or the route/status has no JSON schema). */
export function responseDrift(route: RouteDef, status: number, body: unknown): string | null {
  if (!route.response || status < 200 || status >= 300 || status === 204) return null;
  if (body === undefined || Buffer.isBuffer(body)) return null;
  const res = route.response.safeParse(body);
  if (res.success) return null;
  const issues = res.error.issues.slice(0, 5).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
  return `${route.method} ${route.path} answered ${status} with a body that does not match its response schema: ${issues.join('; ')}`;
}
