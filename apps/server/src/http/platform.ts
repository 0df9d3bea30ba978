import { APP_VERSION, RUNTIME_CONFIG_GLOBAL } from '@zview/contracts';
import type { FastifyInstance } from 'fastify';

/** Routes outside /api: the version probe and the runtime configuration global. Both are public. */
export async function registerPlatformRoutes(app: FastifyInstance) {
  app.get('/version', { config: { policy: 'public' } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8');
    return APP_VERSION;
  });

  app.get('/config.js', { config: { policy: 'public' } }, async (_request, reply) => {
    const runtime = { ...app.ctx.config.runtime, VERSION: APP_VERSION };
    reply.header('cache-control', 'no-store').type('application/javascript; charset=utf-8');
    return `window.${RUNTIME_CONFIG_GLOBAL} = ${JSON.stringify(runtime)};\n`;
  });
}
