import type { FastifyInstance } from 'fastify';
import { registerImageryRoutes } from './imagery.js';
import { registerAddressRoutes } from './address.js';

/**
 * Every /api route group, one file each. A route declares `config.policy`: the name of the
 * permission it asks for, or 'public'. A test enumerates the routes and checks each declares one.
 */
export async function registerApiRoutes(app: FastifyInstance) {
  app.get('/health', { config: { policy: 'public' } }, async () => ({ status: 'ok' }));
  await registerImageryRoutes(app);
  await registerAddressRoutes(app);
}
