import { PR_OVERRIDE_ECHO_HEADER } from '@zview/contracts';
import type { FastifyInstance } from 'fastify';

const PARAMS = ['caribou_pr', 'ragamuffin_pr'] as const;
const DIGITS = /^\d{1,12}$/;

/**
 * Pull-request overrides (SPEC §7): the web app adds caribou_pr and ragamuffin_pr to every /api
 * request in override mode. This server has no pull-request builds to route to; it echoes the
 * overrides a request carried in the x-pr-override response header (e.g. "caribou_pr=812,
 * ragamuffin_pr=97") so a tester can see they arrived. Values that are not all digits are ignored.
 */
export function registerPrOverrideEcho(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/') || !request.url.includes('_pr=')) return;
    const query = request.query as Record<string, unknown> | undefined;
    const carried = PARAMS.flatMap((name) => {
      const value = query?.[name];
      return typeof value === 'string' && DIGITS.test(value) ? [`${name}=${value}`] : [];
    });
    if (carried.length > 0) reply.header(PR_OVERRIDE_ECHO_HEADER, carried.join(', '));
  });
}
