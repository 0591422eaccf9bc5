import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { Validator } from '@seriousme/openapi-schema-validator';
import { buildOpenApi, jsonSchema, openApiPath } from './openapi';
import { ROUTES, routeKey } from './routes';

type Op = {
  parameters: { name: string; in: string; required: boolean }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
  security: unknown[];
};

const doc = buildOpenApi() as { openapi: string; paths: Record<string, Record<string, Op>> };
// The route's schemas as JSON Schema, by the document's own conversion (it equals z.toJSONSchema's: see
// lazy-schema.test.ts; z.toJSONSchema itself cannot take the route table's lazy schemas).
const strip = (s: z.ZodType, io: 'input' | 'output') => jsonSchema(s, io);

describe('the OpenAPI document (generated from the route table)', () => {
  it('is a valid OpenAPI 3.1 document for an independent validator', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const validator = new Validator();
    const res = await validator.validate(doc as unknown as Parameters<Validator['validate']>[0]);
    expect(res.errors ?? []).toEqual([]);
    expect(res.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    // ...and the validator does refuse a broken one (a parameter in a place OpenAPI 3 has not: Swagger 2's "body").
    const broken = structuredClone(doc) as { paths: Record<string, Record<string, Op>> };
    broken.paths['/api/generations/{id}']!.get!.parameters[0]!.in = 'body';
    expect((await new Validator().validate(broken as unknown as Parameters<Validator['validate']>[0])).valid).toBe(
      false,
    );
  });

  it('has every route of the table, with its parameters, body, response and auth', () => {
    const ops = Object.values(doc.paths).reduce((n, p) => n + Object.keys(p).length, 0);
    expect(ops).toBe(ROUTES.length);
    for (const route of ROUTES) {
      const op = doc.paths[openApiPath(route.path)]?.[route.method.toLowerCase()];
      expect(op, routeKey(route)).toBeDefined();
      const pathNames = [...route.path.matchAll(/\{(\w+)\+?\}/g)].map((m) => m[1]);
      expect(
        op!.parameters.filter((p) => p.in === 'path').map((p) => p.name),
        routeKey(route),
      ).toEqual(pathNames);
      if (route.body)
        expect(op!.requestBody?.content['application/json']?.schema, routeKey(route)).toEqual(
          strip(route.body, 'input'),
        );
      if (route.multipart) {
        const form = op!.requestBody?.content['multipart/form-data']?.schema as { properties: object } | undefined;
        expect(form, routeKey(route)).toBeDefined();
        // a form route's one body schema: the same fields as JSON and as multipart, plus the file parts
        const fields = route.body ? Object.keys((strip(route.body, 'input') as { properties: object }).properties) : [];
        expect(Object.keys(form!.properties), routeKey(route)).toEqual([...fields, ...route.multipart.files]);
      }
      if (route.query) {
        const names = Object.keys((strip(route.query, 'input') as { properties: object }).properties);
        expect(
          op!.parameters.filter((p) => p.in === 'query').map((p) => p.name),
          routeKey(route),
        ).toEqual(names);
      }
      const status = String(route.status ?? 200);
      expect(op!.responses[status], routeKey(route)).toBeDefined();
      if (route.response)
        expect(op!.responses[status]!.content?.['application/json']?.schema, routeKey(route)).toEqual(
          strip(route.response, 'output'),
        );
      expect(op!.security.length === 0, routeKey(route)).toBe(route.auth === 'public');
    }
  });

  it('names a response schema for every JSON route (the others are 204, redirects or CSV)', () => {
    const without = ROUTES.filter((r) => !r.response && r.status !== 204 && r.status !== 302 && !r.produces).map(
      routeKey,
    );
    expect(without).toEqual([]);
  });
});
