import { APP_VERSION, ERROR_CODES, problemSchema } from '@zview/contracts';
import type { FastifyInstance } from 'fastify';
import { z, ZodType } from 'zod';

/**
 * The OpenAPI 3.1 document of every /api and /v1 route, generated from the routes as registered
 * and the zod contracts they declare (response schemas, and `config.openapi` for the query, path
 * and body a handler parses): never written by hand. Served at /api/openapi.json, with a
 * reference page rendered from it at /api/docs (static HTML, no script, nothing fetched elsewhere).
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

/** The reference page: every operation with its parameters, body and answers, from the document. */
export function renderDocsPage(document: ReturnType<typeof buildOpenApiDocument>): string {
  const byTag = new Map<string, string[]>();
  for (const [path, operations] of Object.entries(document.paths).sort(([a], [b]) =>
    a.startsWith('/v1') === b.startsWith('/v1') ? a.localeCompare(b) : a.startsWith('/v1') ? -1 : 1,
  )) {
    for (const [method, op] of Object.entries(operations) as [
      string,
      {
        summary: string;
        tags: string[];
        parameters: { name: string; in: string; required: boolean }[];
        requestBody?: unknown;
        responses: Record<string, unknown>;
        'x-policy': string | null;
      },
    ][]) {
      const tag = op.tags[0] ?? 'api';
      const params = op.parameters
        .map((p) => `<code>${escapeHtml(p.name)}</code> (${p.in}${p.required ? ', required' : ''})`)
        .join(', ');
      const section = `<details class="op"><summary><span class="m ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code> — ${escapeHtml(op.summary)}</summary>
        <p>Policy: <code>${escapeHtml(op['x-policy'] ?? 'none')}</code>${params ? ` · Parameters: ${params}` : ''}</p>
        ${op.requestBody ? `<h4>Request body</h4><pre>${escapeHtml(JSON.stringify(op.requestBody, null, 2))}</pre>` : ''}
        <h4>Responses</h4><pre>${escapeHtml(JSON.stringify(op.responses, null, 2))}</pre></details>`;
      byTag.set(tag, [...(byTag.get(tag) ?? []), section]);
    }
  }
  const problems = document['x-problem-codes']
    .map((code) => `<li id="problem-${code}"><code>${code}</code></li>`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(document.info.title)} reference</title>
<style>body{font:14px/1.5 system-ui,sans-serif;max-width:1100px;margin:24px auto;padding:0 16px;color:#1d2433}pre{background:#f5f7fa;padding:8px;overflow:auto;max-height:420px}
.op{border:1px solid #dde3ea;border-radius:6px;margin:6px 0;padding:6px 10px}.m{display:inline-block;min-width:60px;font-weight:700}.get{color:#1565c0}.post{color:#2e7d32}.put,.patch{color:#ef6c00}.delete{color:#c62828}</style></head>
<body><h1>${escapeHtml(document.info.title)} ${escapeHtml(document.info.version)}</h1><p>${escapeHtml(document.info.description)}</p>
<p>Machine-readable document: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${document.openapi}).</p>
<h2>Quick start</h2><pre>curl -H "Authorization: Bearer $ZVIEW_API_KEY" "${escapeHtml(document.servers[0]!.url)}/v1/properties/assessment?location=1427%20Wheatland%20Ave%2C%20Wichita%2C%20KS%2067203&amp;products=zhail"</pre>
${[...byTag].map(([tag, sections]) => `<h2>${escapeHtml(tag)}</h2>${sections.join('\n')}`).join('\n')}
<h2>Problem codes</h2><p>Errors of /v1 are <code>application/problem+json</code> (RFC 9457): <code>type</code>, <code>title</code>, <code>status</code>, <code>detail</code>, a stable <code>code</code> and the <code>requestId</code>.</p><ul>${problems}</ul>
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
}
