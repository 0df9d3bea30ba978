import { APP_VERSION, ERROR_CODES, problemSchema } from '@zview/contracts';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z, ZodType } from 'zod';

/**
 * The OpenAPI 3.1 document of every /api and /v1 route, generated from the routes as registered
 * and the zod contracts they declare (response schemas, and `config.openapi` for the query, path
 * and body a handler parses): never written by hand. Served at /api/openapi.json, with a
 * reference page rendered from it at /api/docs (Swagger UI, served from this app: nothing fetched elsewhere).
 */
interface CollectedRoute {
  method: string;
  url: string;
  policy?: string;
  rawResponse: boolean;
  responses: Record<string, unknown>;
  openapi?: { summary?: string; query?: ZodType; params?: ZodType; body?: ZodType; bodyType?: 'json' | 'multipart' };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api and /v1 route as registered, for the OpenAPI document. */
    openApiRoutes: CollectedRoute[];
  }
}
const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/** Records every route registered after it (call before any route is registered). */
export function collectOpenApiRoutes(app: FastifyInstance) {
  const routes: CollectedRoute[] = [];
  app.decorate('openApiRoutes', routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (!METHODS.has(method)) continue;
      if (!(route.url.startsWith('/api/') || route.url.startsWith('/v1/'))) continue;
      routes.push({
        method,
        url: route.url,
        policy: route.config?.policy,
        rawResponse: Boolean(route.config?.rawResponse),
        responses: ((route.schema as { response?: Record<string, unknown> } | undefined)?.response ?? {}) as Record<
          string,
          unknown
        >,
        openapi: route.config?.openapi,
      });
    }
  });
}

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: unknown, io: 'input' | 'output'): JsonSchema {
  if (!(schema instanceof ZodType)) return {};
  try {
    const { $schema: _drop, ...rest } = z.toJSONSchema(schema, {
      io,
      unrepresentable: 'any',
      target: 'draft-2020-12',
    }) as JsonSchema;
    return rest;
  } catch {
    return {};
  }
}

/** `/caribou/portfolio/:id/product/:p` → `/caribou/portfolio/{id}/product/{p}`; `::` is a literal colon. */
export function openApiPath(url: string): { path: string; params: string[] } {
  const params: string[] = [];
  const path = url
    .replaceAll('::', '\u0000')
    .replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => {
      params.push(name);
      return `{${name}}`;
    })
    .replaceAll('\u0000', ':');
  return { path, params };
}

function queryParameters(schema: ZodType | undefined) {
  const json = jsonSchema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: (json.required ?? []).includes(name) && !('default' in property),
    schema: property,
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
  }));
}

const PROBLEM_CODES = [...Object.values(ERROR_CODES), 'rate_limited'];

export function buildOpenApiDocument(app: FastifyInstance) {
  const routes = app.openApiRoutes ?? [];
  const problem = jsonSchema(problemSchema, 'output');
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const { path, params } = openApiPath(route.url);
    const isV1 = route.url.startsWith('/v1/');
    const responses: Record<string, unknown> = {};
    for (const [status, schema] of Object.entries(route.responses)) {
      responses[status] = {
        description: `${status} answer`,
        content: { 'application/json': { schema: jsonSchema(schema, 'output') } },
      };
    }
    if (route.rawResponse) responses['200'] ??= { description: 'A file, a stream or no content (see the route).' };
    if (Object.keys(responses).length === 0) responses.default = { description: 'Answer (schema not yet declared).' };
    if (isV1) {
      responses['4XX'] = {
        description: 'A problem (RFC 9457) with a stable code',
        content: { 'application/problem+json': { schema: problem } },
      };
      responses['429'] = {
        description: 'Over the key’s rate limit; see Retry-After',
        headers: { 'retry-after': { schema: { type: 'integer' } } },
        content: { 'application/problem+json': { schema: problem } },
      };
    }
    const body = route.openapi?.body;
    const operation: Record<string, unknown> = {
      operationId: `${route.method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
      summary: route.openapi?.summary ?? `${route.method} ${path}`,
      tags: [isV1 ? 'Public API (v1)' : (path.split('/')[2] ?? 'api')],
      'x-policy': route.policy ?? null,
      parameters: [
        ...params.map((name) => ({
          name,
          in: 'path',
          required: true,
          schema: (jsonSchema(route.openapi?.params, 'input') as { properties?: Record<string, JsonSchema> })
            .properties?.[name] ?? { type: 'string' },
        })),
        ...queryParameters(route.openapi?.query),
      ],
      responses,
      security:
        route.policy === 'public' ? [] : isV1 ? [{ apiKeyBearer: [] }, { apiKeyHeader: [] }] : [{ oidcBearer: [] }],
    };
    if (body || route.openapi?.bodyType === 'multipart') {
      operation.requestBody =
        route.openapi?.bodyType === 'multipart'
          ? {
              required: true,
              content: {
                'multipart/form-data': {
                  schema: {
                    type: 'object',
                    properties: { file: { type: 'string', format: 'binary' } },
                    required: ['file'],
                  },
                },
              },
            }
          : { required: true, content: { 'application/json': { schema: jsonSchema(body, 'input') } } };
    }
    (paths[path] ??= {})[route.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Z-VIEW API',
      version: APP_VERSION,
      description:
        'Property risk scores and imagery. /v1 is the public API, called with an API key (Team management → API keys) in `Authorization: Bearer <key>` or `x-api-key`; errors are application/problem+json with a stable `code`; every answer carries `x-request-id`. /api is the web application’s API (OIDC bearer tokens).',
    },
    servers: [{ url: app.ctx.config.publicUrl }],
    components: {
      securitySchemes: {
        apiKeyBearer: { type: 'http', scheme: 'bearer', description: 'An API key as a bearer token.' },
        apiKeyHeader: { type: 'apiKey', in: 'header', name: 'x-api-key' },
        oidcBearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'An access token of the identity provider.',
        },
      },
      schemas: { Problem: problem },
    },
    'x-problem-codes': PROBLEM_CODES,
    paths,
  };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Swagger UI's files (swagger-ui-dist, a runtime dependency), served from /api/docs/assets/. */
const SWAGGER_UI_DIR = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const DOCS_ASSETS = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
} as const;
/** Starts Swagger UI on the served document (a file of its own: the CSP allows no inline script). */
const DOCS_INIT = `window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#reference',
  deepLinking: true,
  validatorUrl: null,
  tryItOutEnabled: false,
});
`;

/**
 * The reference page: Swagger UI (served from this app, nothing fetched elsewhere) rendering
 * /api/openapi.json, then the problem codes each /v1 error's `type` points to (#problem-CODE).
 */
export function renderDocsPage(document: ReturnType<typeof buildOpenApiDocument>): string {
  const problems = document['x-problem-codes']
    .map((code) => `<li id="problem-${code}"><code>${code}</code></li>`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(document.info.title)} reference</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head>
<body><div id="reference"></div>
<section class="swagger-ui"><div class="wrapper"><h2>Problem codes</h2><p>Errors of /v1 are <code>application/problem+json</code> (RFC 9457): <code>type</code>, <code>title</code>, <code>status</code>, <code>detail</code>, a stable <code>code</code> and the <code>requestId</code>. Machine-readable document: <a href="/api/openapi.json">/api/openapi.json</a>.</p><ul>${problems}</ul></div></section>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script><script src="/api/docs/assets/init.js"></script>
</body></html>`;
}

/** GET /api/openapi.json and GET /api/docs (public). */
export async function registerOpenApiRoutes(app: FastifyInstance) {
  let cached: { json: string; html: string } | undefined;
  const built = () => {
    if (!cached) {
      const document = buildOpenApiDocument(app);
      cached = { json: JSON.stringify(document), html: renderDocsPage(document) };
    }
    return cached;
  };
  app.get('/openapi.json', { config: { policy: 'public', rawResponse: true } }, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(built().json),
  );
  app.get('/docs', { config: { policy: 'public', rawResponse: true } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(built().html),
  );
  // '/api/docs/' is how the address is often typed: send it to the page rather than a 404.
  app.get('/docs/', { config: { policy: 'public', rawResponse: true } }, async (_request, reply) =>
    reply.redirect('/api/docs', 301),
  );
  for (const [file, type] of Object.entries(DOCS_ASSETS)) {
    let body: Buffer | undefined;
    app.get(`/docs/assets/${file}`, { config: { policy: 'public', rawResponse: true } }, async (_request, reply) => {
      body ??= await readFile(path.join(SWAGGER_UI_DIR, file));
      return reply.type(type).header('cache-control', 'public, max-age=86400').send(body);
    });
  }
  app.get('/docs/assets/init.js', { config: { policy: 'public', rawResponse: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(DOCS_INIT),
  );
}
