import type { FastifyInstance } from 'fastify';
import { ZodType } from 'zod';

/**
 * Routes declare their answers as zod schemas from packages/contracts:
 * `schema: { response: { 200: portfolioListSchema } }`. This serializer compiler writes the
 * answer as JSON; outside production it first checks the answer against the schema, so a drift
 * between a route and its contract fails the tests (a 500 naming the route) instead of reaching
 * the web client. The same schemas are what an OpenAPI document is generated from.
 */
export function registerZodResponseSerializer(app: FastifyInstance, options: { check: boolean }) {
  app.setSerializerCompiler(({ schema, url, method }) => {
    if (!(schema instanceof ZodType)) return (data) => JSON.stringify(data);
    return (data) => {
      if (options.check) {
        const result = schema.safeParse(data);
        if (!result.success)
          throw new Error(`The answer of ${method} ${url} does not match its contract: ${result.error.message}`);
      }
      return JSON.stringify(data);
    };
  });
}

/** Whether a route declares a response schema for its success status. */
export function declaresResponse(schema: { response?: Record<string, unknown> } | undefined): boolean {
  return Boolean(schema?.response && Object.keys(schema.response).some((status) => status.startsWith('2')));
}
