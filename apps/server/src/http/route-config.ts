import type { PolicyAction } from '@zview/contracts';
import type { ZodType } from 'zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The action a route asks the policy for (apps/server/src/auth/policy.ts), or 'public'. Every route must declare one. */
    policy?: PolicyAction | 'public';
    /** The route answers a stream or a file (no JSON response schema): exempt from the contract test. */
    rawResponse?: boolean;
    /**
     * What the OpenAPI document (/api/openapi.json) says of the route beyond its response schema:
     * a summary and the zod schemas the handler parses its query, path parameters and body with.
     */
    openapi?: { summary?: string; query?: ZodType; params?: ZodType; body?: ZodType; bodyType?: 'json' | 'multipart' };
  }
}
export {};
