declare module 'fastify' {
  interface FastifyContextConfig {
    /** The permission a route asks the policy for, or 'public'. Every route must declare one. */
    policy?: string;
  }
}
export {};
