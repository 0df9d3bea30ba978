import type { PolicyAction } from '@zview/contracts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The action a route asks the policy for (apps/server/src/auth/policy.ts), or 'public'. Every route must declare one. */
    policy?: PolicyAction | 'public';
    /** The route answers a stream or a file (no JSON response schema): exempt from the contract test. */
    rawResponse?: boolean;
  }
}
export {};
