/**
 * The OpenAPI 3.1 document of the HTTP API, generated from the one route table (shared/routes/) and the zod
 * schemas it names (z.toJSONSchema, JSON Schema 2020-12, which OpenAPI 3.1 uses as is). Served at
 * GET /api/openapi.json; checked by shared/openapi.test.ts with an independent validator.
 */
import * as z from 'zod';
import { ROUTES, routeKey, type RouteDef } from './routes';
import { ERROR_CODES } from './errors';

type Json = Record<string, unknown>;

/** The API's version: bump when a route or a schema changes incompatibly. */
export const API_VERSION = '1.0.0';

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output'): Json => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as Json;
  return rest;
};

/** `/api/x/{key+}` (API Gateway's greedy parameter) -> `/api/x/{key}` (OpenAPI has no greedy syntax). */
export const openApiPath = (path: string): string => path.replace(/\{(\w+)\+\}/g, '{$1}');

const pathParams = (path: string) =>
  [...path.matchAll(/\{(\w+)(\+?)\}/g)].map(([, name, greedy]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
    ...(greedy ? { description: 'The rest of the path (several segments).' } : {}),
  }));

function queryParams(route: RouteDef) {
  if (!route.query) return [];
  const s = jsonSchema(route.query, 'input') as { properties?: Record<string, Json>; required?: string[] };
  return Object.entries(s.properties ?? {}).map(([name, schema]) => ({
    name,
    in: 'query',
    required: (s.required ?? []).includes(name),
    schema,
  }));
}

function requestBody(route: RouteDef): Json | undefined {
  if (route.body)
    return { required: true, content: { 'application/json': { schema: jsonSchema(route.body, 'input') } } };
  if (route.multipart) {
    const fields = jsonSchema(route.multipart.fields, 'input') as { properties?: Json; required?: string[] };
    const files = Object.fromEntries(
      route.multipart.files.map((f) => [f, { type: 'string', contentMediaType: 'application/octet-stream' }]),
    );
    return {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: { ...(fields.properties ?? {}), ...files },
            required: fields.required ?? [],
          },
        },
      },
    };
  }
  if (route.rawBody)
    return {
      required: true,
      content: {
        'application/json': {
          schema: { type: 'object', description: 'The raw event, verified by its signature header.' },
        },
      },
    };
  return undefined;
}

function success(route: RouteDef): [string, Json] {
  const status = String(route.status ?? 200);
  if (route.status === 204) return [status, { description: 'No content' }];
  if (route.status === 302)
    return [status, { description: 'Redirect', headers: { location: { schema: { type: 'string' } } } }];
  if (route.produces)
    return [status, { description: 'OK', content: { [route.produces]: { schema: { type: 'string' } } } }];
  if (route.response)
    return [
      status,
      { description: 'OK', content: { 'application/json': { schema: jsonSchema(route.response, 'output') } } },
    ];
  return [status, { description: 'OK' }];
}

const operationId = (route: RouteDef) =>
  route.method.toLowerCase() +
  route.path
    .replace(/^\/api/, '')
    .replace(/[{}+]/g, '')
    .split(/[/.-]/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');

const SECURITY: Record<RouteDef['auth'], Json[]> = {
  public: [],
  optional: [{}, { cognito: [] }],
  user: [{ cognito: [] }],
};

export function buildOpenApi(): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const route of ROUTES) {
    const [status, ok] = success(route);
    const body = requestBody(route);
    const op: Json = {
      operationId: operationId(route),
      summary: route.summary ?? routeKey(route),
      tags: [route.group],
      security: SECURITY[route.auth],
      ...(route.roles ? { 'x-roles': [...route.roles] } : {}),
      parameters: [...pathParams(route.path), ...queryParams(route)],
      ...(body ? { requestBody: body } : {}),
      responses: { [status]: ok, default: { $ref: '#/components/responses/Error' } },
    };
    (paths[openApiPath(route.path)] ??= {})[route.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Fitly API',
      version: API_VERSION,
      description: 'Generated from shared/routes/. Every error is `{ message, code }` (codes: shared/errors.ts).',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      securitySchemes: {
        cognito: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'A Cognito ID token' },
      },
      schemas: {
        Error: {
          type: 'object',
          required: ['message', 'code'],
          properties: { message: { type: 'string' }, code: { type: 'string', examples: Object.values(ERROR_CODES) } },
        },
      },
      responses: {
        Error: {
          description: 'An error',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
    },
  };
}
