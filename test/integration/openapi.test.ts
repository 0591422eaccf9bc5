import { beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { openApiPath } from '../../shared/openapi';
import { ROUTES } from '../../shared/routes';
import { setupIntegration, type IntegrationContext } from '../support/integration';

let ctx: IntegrationContext;
beforeAll(async () => {
  ctx = await setupIntegration();
});

describe('GET /api/openapi.json', () => {
  it('serves the generated OpenAPI 3.1 document to anyone, cacheable, the same on every call', async () => {
    const res = await ctx.invoke('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const doc = res.body as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect((await new Validator().validate(doc)).valid).toBe(true);
    for (const r of ROUTES)
      expect(doc.paths[openApiPath(r.path)]?.[r.method.toLowerCase()], `${r.method} ${r.path}`).toBeDefined();
    // a token is not needed, and one sent is ignored
    const again = await ctx.invoke('GET', '/api/openapi.json', { token: 'not-a-token' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(doc);
  });
});
