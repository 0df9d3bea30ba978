import type { PolicyAction } from '@zview/contracts';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import { z, type ZodType } from 'zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The action a route asks the policy for (apps/server/src/auth/policy.ts), or 'public'. Every route must declare one. */
    policy?: PolicyAction | 'public';
    /** The route answers a stream or a file (no JSON response schema): exempt from the contract test. */
    rawResponse?: boolean;
    /**
     * The earlier style, for a route not yet declaring its input in `schema`: the zod schemas its
     * handler parses, named for the OpenAPI document only (Fastify does not validate them).
     * New routes declare `schema: { summary, description, params, querystring, body, response }`.
     */
    openapi?: { summary?: string; query?: ZodType; params?: ZodType; body?: ZodType; bodyType?: 'json' | 'multipart' };
  }
}

/**
 * A Fastify instance whose routes are typed by their zod schemas (fastify-type-provider-zod):
 * `request.query`, `request.params` and `request.body` are the parsed values of the route's
 * declared `querystring`, `params` and `body`, and the handler's answer is checked against `response`.
 */
export type ZodFastify = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** The route group's instance with the zod type provider (one line at the top of each register function). */
export const withZod = (app: FastifyInstance): ZodFastify => app.withTypeProvider<ZodTypeProvider>();

/**
 * Sends JSON text serialised ahead (a cached assessment is serialised once, not per request): a
 * string skips the serializer, so the declared response schema documents it without re-checking.
 */
export function sendJsonText(reply: { type(contentType: string): unknown }, json: string) {
  return (reply.type('application/json; charset=utf-8') as FastifyReply).send(json);
}

/** A file's bytes: a stream or a buffer the handler sends, a binary string in the OpenAPI document. */
// Registered on the instance itself, not with .meta() (a clone whose unregistered parent the
// JSON Schema conversion visits too): openapi.ts lets a schema through unconverted only when its
// metadata names its JSON Schema type.
const binary = z.custom<Readable | Buffer | string>();
z.globalRegistry.add(binary, { type: 'string', format: 'binary' });

export const CSV_OR_XLSX = ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] as const;

/** A download's answer: its media types, for the document (the handler sends a stream or a buffer). */
export function fileResponse(description: string, mediaTypes: readonly string[]) {
  return {
    description,
    content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: binary }])),
  };
}

/** A 204's answer: no body. */
export const noContent = (description: string) => z.undefined().describe(description);
