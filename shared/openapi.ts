/**
 * The OpenAPI 3.1 document of the HTTP API, generated from the one route table (shared/routes/) and the zod
 * schemas it names (z.toJSONSchema, JSON Schema 2020-12, which OpenAPI 3.1 uses as is). Served at
 * GET /api/openapi.json; checked by shared/openapi.test.ts with an independent validator.
 */
import * as z from 'zod';
// the generator alone: the `z.core` namespace would pull all of zod's core (every locale) into each bundle
import { JSONSchemaGenerator, type $ZodType } from 'zod/v4/core';
import { ROUTES, routeKey, type RouteDef } from './routes';
import { ERROR_CODES } from './errors';
import { builtSchema } from './schemas/lazy-schema';

type Json = Record<string, unknown>;
/** The document GET /api/openapi.json answers (its route's `response` schema, and the rest of OpenAPI 3.1). */
export type OpenApiDocument = Json & {
  openapi: '3.1.0';
  info: { title: string; version: string; description?: string };
  paths: Record<string, unknown>;
};

/** The API's version: bump when a route or a schema changes incompatibly. */
export const API_VERSION = '1.0.0';

/**
 * z.toJSONSchema, with its map of the schemas seen keyed by the built schema: the route table's schemas are lazy
 * (shared/schemas/lazy-schema.ts), a parent holds the wrapper and zod's processors look up the schema they
 * built, so both must find one entry. The generator class gives this one call its own map.
 */
export const jsonSchema = (schema: z.ZodType, io: 'input' | 'output'): Json => {
  const gen = new JSONSchemaGenerator({ target: 'draft-2020-12', io, unrepresentable: 'any' });
  const seen = gen.seen;
  const { get, set, has } = seen;
  Object.assign(seen, {
    get: (k: $ZodType) => get.call(seen, builtSchema(k)),
    set: (k: $ZodType, v: Parameters<typeof set>[1]) => set.call(seen, builtSchema(k), v),
    has: (k: $ZodType) => has.call(seen, builtSchema(k)),
  });
  const root = builtSchema(schema);
  gen.process(root);
  const { $schema: _drop, ...rest } = gen.emit(root);
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
  const s = jsonSchema(route.query, 'input');
  const required = Array.isArray(s.required) ? s.required : [];
  return Object.entries(isJsonObject(s.properties) ? s.properties : {}).map(([name, schema]) => ({
    name,
    in: 'query',
    required: required.includes(name),
    schema,
  }));
}

/** A form route's body: its fields (the route's one `body` schema) and its file parts. */
function multipartSchema(route: RouteDef, files: readonly string[]): Json {
  const fields = route.body ? jsonSchema(route.body, 'input') : {};
  const properties = isJsonObject(fields.properties) ? fields.properties : {};
  const required = Array.isArray(fields.required) ? fields.required : [];
  const fileProps = Object.fromEntries(
    files.map((f) => [f, { type: 'string', contentMediaType: 'application/octet-stream' }]),
  );
  return { type: 'object', properties: { ...properties, ...fileProps }, required };
}

const isJsonObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

function requestBody(route: RouteDef): Json | undefined {
  // A form route takes its fields as JSON too (files then come as direct-upload ids where the schema names them).
  if (route.multipart)
    return {
      required: true,
      content: {
        'multipart/form-data': { schema: multipartSchema(route, route.multipart.files) },
        ...(route.body ? { 'application/json': { schema: jsonSchema(route.body, 'input') } } : {}),
      },
    };
  if (route.body)
    return { required: true, content: { 'application/json': { schema: jsonSchema(route.body, 'input') } } };
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

export function buildOpenApi(): OpenApiDocument {
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
